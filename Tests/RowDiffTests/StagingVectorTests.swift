import Testing
@testable import RowDiff

/// Hand-written staging vectors: which stages come out, in which order, and that they validate.
@Suite("Staging vectors")
struct StagingVectorTests {
    typealias Staged = StagedChangeset<TestSection>

    /// Stages old → new and checks every invariant (both views, strict profile, chain ends at new).
    func staged(
        _ old: [TestSection], _ new: [TestSection], style: Staged.UpdateStyle = .reconfigure,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Staged {
        let diff = SectionedDiff(from: old, to: new)
        let staged = Staged(diff, updateStyle: style)
        let problems = StagingInvariants.problems(staged, old: old, new: new, changeset: diff.changeset)
        #expect(
            problems.isEmpty,
            "\(describe(old)) → \(describe(new))\n\(StagingInvariants.describe(staged))\n\(problems.joined(separator: "\n"))",
            sourceLocation: sourceLocation)
        return staged
    }

    static func row(_ id: Int, content: Int = 0, kind: Int = 0) -> TestRow { TestRow(id: id, content: content, kind: kind) }

    @Test func whenNothingChanges_hasNoStages() {
        let model = [TestSection(1, [1, 2]), TestSection(2, [])]
        let result = staged(model, model)
        #expect(result.isEmpty && result.count == 0)
    }

    @Test func whenOnlyContentChanges_emitsOneReconfigureStageAtOldPositions() {
        let old = [TestSection(1, [1, 2, 3]), TestSection(2, [4])]
        var new = old
        new[0].rows[1].content = 7
        new[1].rows[0].content = 9
        let result = staged(old, new)
        #expect(result.updates == [BatchUpdate(itemReconfigures: [ItemPath(section: 0, item: 1), ItemPath(section: 1, item: 0)])])
        #expect(result[0].data == new)
    }

    @Test func whenReloadStyle_updatesAreReloadsNotReconfigures() {
        let old = [TestSection(1, [1, 2, 3])]
        var new = old
        new[0].rows[2].content = 7
        let result = staged(old, new, style: .reload)
        #expect(result.updates == [BatchUpdate(itemReloads: [ItemPath(section: 0, item: 2)])])
    }

    @Test func whenKindChanges_emitsReloadStage() {
        let old = [TestSection(id: 1, rows: [Self.row(1), Self.row(2)])]
        let new = [TestSection(id: 1, rows: [Self.row(1), Self.row(2, kind: 1)])]
        #expect(staged(old, new).updates == [BatchUpdate(itemReloads: [ItemPath(section: 0, item: 1)])])
    }

    @Test func whenKindAndContentChange_reconfigureComesBeforeReload() {
        let old = [TestSection(id: 1, rows: [Self.row(1), Self.row(2), Self.row(3)])]
        let new = [TestSection(id: 1, rows: [Self.row(1, content: 1), Self.row(2, kind: 1), Self.row(3)])]
        #expect(
            staged(old, new).updates == [
                BatchUpdate(itemReconfigures: [ItemPath(section: 0, item: 0)]),
                BatchUpdate(itemReloads: [ItemPath(section: 0, item: 1)]),
            ])
    }

    @Test func whenHeaderChanges_emitsSectionReloadStage() {
        let old = [TestSection(1, [1]), TestSection(2, [2])]
        let new = [TestSection(1, [1]), TestSection(2, header: 5, [2])]
        #expect(staged(old, new).updates == [BatchUpdate(sectionReloads: [1])])
    }

    @Test func whenRowChangesInsideReloadedSection_sectionReloadCoversIt() {
        let old = [TestSection(id: 1, rows: [Self.row(1), Self.row(2)])]
        let new = [TestSection(id: 1, header: 1, rows: [Self.row(1, content: 3), Self.row(2, kind: 1)])]
        #expect(staged(old, new).updates == [BatchUpdate(sectionReloads: [0])])
    }

    @Test func whenDeleteInsertAndMoveWithoutSectionMoves_emitsOneStructuralStage() {
        let old = [TestSection(1, [1, 2, 3, 4]), TestSection(2, [5, 6]), TestSection(3, [7])]
        let new = [TestSection(1, [4, 1, 3, 8]), TestSection(2, [6, 2]), TestSection(4, [9])]
        let result = staged(old, new)
        #expect(result.count == 1)
        let update = result[0].update
        #expect(update.sectionDeletes == [2] && update.sectionInserts == [2] && update.sectionMoves.isEmpty)
        #expect(update.itemDeletes == [ItemPath(section: 1, item: 0)]) // 5; 7 goes with its section
        #expect(update.itemInserts == [ItemPath(section: 0, item: 3)]) // 8; 9 comes with its section
        #expect(update.itemMoves.count == 2) // 4 to the front, 2 across sections
    }

    @Test func whenSectionsMoveButNoRowOperationTouchesThem_emitsOneStage() {
        let old = [TestSection(1, [1]), TestSection(2, [2]), TestSection(3, [3, 4])]
        let new = [TestSection(3, [3, 4]), TestSection(1, [1, 5]), TestSection(2, [2])]
        let result = staged(old, new)
        #expect(result.count == 1)
        #expect(result[0].update.sectionMoves == [Move(from: 2, to: 0)])
    }

    @Test func whenRowsChangeInsideAMovingSection_sectionsAndRowsGetSeparateStages() {
        let old = [TestSection(1, [1, 2, 3]), TestSection(2, [4, 5]), TestSection(3, [6])]
        let new = [TestSection(2, [5, 4, 7]), TestSection(1, [1, 3]), TestSection(4, [8])]
        let result = staged(old, new)
        #expect(result.count == 2)
        let sections = result[0].update, rows = result[1].update
        #expect(sections.itemDeletes.isEmpty && sections.itemInserts.isEmpty && sections.itemMoves.isEmpty)
        #expect(sections.sectionMoves.count == 1 && sections.sectionDeletes == [2] && sections.sectionInserts == [2])
        #expect(rows.sectionMoves.isEmpty && rows.sectionDeletes.isEmpty && rows.sectionInserts.isEmpty)
        // After the section stage, old section 0 (S1) is at 1: its deleted row 2 is (1, 1).
        #expect(rows.itemDeletes == [ItemPath(section: 1, item: 1)])
        #expect(rows.itemInserts == [ItemPath(section: 0, item: 2)])
        #expect(rows.itemMoves.count == 1)
    }

    @Test func whenEverythingChanges_stagesAreReconfigureReloadSectionsRows() throws {
        let old = [
            TestSection(id: 1, rows: [Self.row(1), Self.row(2)]),
            TestSection(id: 2, rows: [Self.row(3), Self.row(4)]),
            TestSection(id: 3, rows: [Self.row(5)]),
        ]
        let new = [
            TestSection(id: 3, header: 1, rows: [Self.row(7), Self.row(5, content: 2)]),
            TestSection(id: 1, rows: [Self.row(2, content: 1), Self.row(1, kind: 1), Self.row(6)]),
            TestSection(id: 2, rows: [Self.row(4)]),
        ]
        let result = staged(old, new)
        try #require(result.count == 4)
        #expect(result[0].update.itemReconfigures == [ItemPath(section: 0, item: 1)])
        #expect(result[1].update.itemReloads == [ItemPath(section: 0, item: 0)])
        #expect(result[1].update.sectionReloads == [2])
        #expect(!result[2].update.sectionMoves.isEmpty && result[2].update.itemMoves.isEmpty)
        #expect(result[3].update.sectionMoves.isEmpty)
    }

    @Test func whenSectionInsertedBeforeSwappedPair_keepsTheRequiredInPlaceMove() {
        // OLD [A, B] → NEW [N, B, A]: UIKit's fill rule needs a section move even where from == to.
        let old = [TestSection(1, [1]), TestSection(2, [2])]
        let new = [TestSection(3, [3]), TestSection(2, [2]), TestSection(1, [1])]
        let result = staged(old, new)
        #expect(result.count == 1)
        #expect(result[0].update.sectionInserts == [0] && result[0].update.sectionMoves.count == 1)
    }

    @Test func whenSectionInsertedBeforeSwappedPairWithRowChanges_staysValid() {
        let old = [TestSection(1, [1, 2]), TestSection(2, [3])]
        let new = [TestSection(3, [4]), TestSection(2, [3, 2]), TestSection(1, [5, 1])]
        #expect(staged(old, new).count == 2)
    }

    @Test func whenAllSectionsReplaced_emitsOneStageWithoutRowOperations() {
        let old = [TestSection(1, [1, 2]), TestSection(2, [3])]
        let new = [TestSection(3, [1, 2, 3])]
        let result = staged(old, new)
        #expect(result.updates == [BatchUpdate(sectionDeletes: [0, 1], sectionInserts: [0])])
    }

    @Test func flatList_stagesFromListDiff() {
        let old = ["a", "b", "c", "d"], new = ["d", "a", "c", "e"]
        let result = StagedChangeset(ListDiff(from: old, to: new))
        #expect(result.count == 1)
        #expect(result[0].rows() == new)
        #expect(StagedChangeset(from: old, to: new) == result)
        #expect(result.updates[0].itemMoves == [Move(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 0))])
    }

    @Test func lastStageData_isTheNewModelItself() {
        // Canonically equivalent identities: the last stage must install new's values, not old's.
        let old = ["caf\u{E9}", "x"], new = ["y", "cafe\u{301}"]
        let result = StagedChangeset(from: old, to: new)
        #expect(result.last?.rows().map { Array($0.unicodeScalars) } == new.map { Array($0.unicodeScalars) })
    }

    @Test func stagedChangeset_isSendable() {
        let result = StagedChangeset(from: [1, 2, 3], to: [3, 1])
        func requireSendable<T: Sendable>(_: T) {}
        requireSendable(result)
        requireSendable(result[0])
    }
}
