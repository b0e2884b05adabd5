import Testing
@testable import RowDiff
import RowDiffValidation

/// Shorthands for the validation tests (namespaced: other suites share the module).
enum VF {
    static func p(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
    static func mv(_ from: ItemPath, _ to: ItemPath) -> Move<ItemPath> { Move(from: from, to: to) }
    static func smv(_ from: Int, _ to: Int) -> Move<Int> { Move(from: from, to: to) }

    static func rules(
        _ batch: BatchUpdate, _ before: ValidationSnapshot, _ after: ValidationSnapshot,
        view: ListViewKind, profile: ValidationProfile = .uikit
    ) -> [BatchUpdateViolation.Rule] {
        BatchUpdateValidator(view: view, profile: profile).violations(batch, from: before, to: after).map(\.rule)
    }

    static func first(
        _ batch: BatchUpdate, _ before: ValidationSnapshot, _ after: ValidationSnapshot,
        view: ListViewKind, profile: ValidationProfile = .uikit
    ) -> BatchUpdateViolation? {
        BatchUpdateValidator(view: view, profile: profile).violations(batch, from: before, to: after).first
    }

    /// `letters("ABC")` → ["A", "B", "C"]
    static func letters(_ text: String) -> [String] { text.map(String.init) }
}

/// The test vectors of Sources/RowDiffValidation/Documentation.docc/BatchRules.md, one test each, for both view kinds.
@Suite("Sources/RowDiffValidation/Documentation.docc/BatchRules.md test vectors")
struct ValidationVectorTests {
    typealias Rule = BatchUpdateViolation.Rule
    let p = VF.p
    let mv = VF.mv

    @Test(arguments: ListViewKind.allCases)
    func emptyBatch_dataUnchanged_isValid(view: ListViewKind) {
        let snapshot = ValidationSnapshot([VF.letters("ABC"), VF.letters("DE")])
        for profile in ValidationProfile.allCases {
            #expect(VF.rules(BatchUpdate(), snapshot, snapshot, view: view, profile: profile).isEmpty)
        }
        #expect(VF.rules(BatchUpdate(), ValidationSnapshot(counts: [3, 2]), ValidationSnapshot(counts: [3, 2]), view: view).isEmpty)
    }

    @Test(arguments: ListViewKind.allCases)
    func emptyBatch_countChanged_breaksRule15(view: ListViewKind) {
        let rules = VF.rules(BatchUpdate(), ValidationSnapshot(counts: [3, 2]), ValidationSnapshot(counts: [3, 3]), view: view)
        #expect(rules == [.rowCountMismatch])
    }

    @Test(arguments: ListViewKind.allCases)
    func deletingRowThreeOfThreeRowSection_breaksRule5(view: ListViewKind) {
        let batch = BatchUpdate(itemDeletes: [p(0, 3)])
        #expect(VF.rules(batch, ValidationSnapshot(counts: [3]), ValidationSnapshot(counts: [2]), view: view) == [.rowDeleteOutOfBounds])
    }

    @Test(arguments: ListViewKind.allCases)
    func insertingRowFourIntoFourRowSection_breaksRule9(view: ListViewKind) {
        let batch = BatchUpdate(itemInserts: [p(0, 4)])
        #expect(VF.rules(batch, ValidationSnapshot(counts: [3]), ValidationSnapshot(counts: [4]), view: view) == [.rowInsertOutOfBounds])
    }

    @Test(arguments: ListViewKind.allCases)
    func deletingSectionWithItsRows_dropsTheRowDeletes(view: ListViewKind) {
        let before = ValidationSnapshot([(section: "S", items: VF.letters("AB")), (section: "T", items: VF.letters("CDE"))])
        let after = ValidationSnapshot([(section: "T", items: VF.letters("CDE"))])
        let batch = BatchUpdate(sectionDeletes: [0], itemDeletes: [p(0, 0), p(0, 1)])
        #expect(VF.rules(batch, before, after, view: view, profile: .strict).isEmpty)
    }

    @Test(arguments: ListViewKind.allCases)
    func movingRowOutOfDeletedSection_failsOnBothViews(view: ListViewKind) {
        let batch = BatchUpdate(sectionDeletes: [0], itemMoves: [mv(p(0, 0), p(0, 1))])
        let rules = VF.rules(batch, ValidationSnapshot(counts: [2, 1]), ValidationSnapshot(counts: [2]), view: view)
        #expect(rules == [view == .tableView ? .reloadDataFallback : .moveOutOfDeletedSection])
    }

    @Test(arguments: ListViewKind.allCases)
    func movingRowIntoInsertedSection_failsOnBothViews(view: ListViewKind) {
        let batch = BatchUpdate(sectionInserts: [1], itemMoves: [mv(p(0, 0), p(1, 0))])
        let rules = VF.rules(batch, ValidationSnapshot(counts: [2]), ValidationSnapshot(counts: [1, 1]), view: view)
        #expect(rules == [view == .tableView ? .reloadDataFallback : .moveIntoInsertedSection])
    }

    @Test(arguments: ListViewKind.allCases)
    func deletingAMoveSource_breaksRule2(view: ListViewKind) {
        let batch = BatchUpdate(itemDeletes: [p(0, 2)], itemMoves: [mv(p(0, 2), p(0, 0))])
        #expect(VF.rules(batch, ValidationSnapshot(counts: [3]), ValidationSnapshot(counts: [2]), view: view) == [.deleteOfMoveSource])
    }

    @Test(arguments: ListViewKind.allCases)
    func insertingAtAMoveDestination_breaksRule6(view: ListViewKind) {
        let batch = BatchUpdate(itemInserts: [p(0, 0)], itemMoves: [mv(p(0, 2), p(0, 0))])
        #expect(VF.rules(batch, ValidationSnapshot(counts: [3]), ValidationSnapshot(counts: [4]), view: view) == [.insertAtMoveDestination])
    }

    @Test(arguments: ListViewKind.allCases)
    func reloadingADeletedRow_breaksRule1(view: ListViewKind) {
        let batch = BatchUpdate(itemDeletes: [p(0, 2)], itemReloads: [p(0, 2)])
        // The reload's insert half, at (0,2), is also past the end of the 2 remaining rows (rule 9);
        // rule 1 is the one UIKit names first.
        let rules = VF.rules(batch, ValidationSnapshot(counts: [3]), ValidationSnapshot(counts: [2]), view: view)
        #expect(rules == [.reloadAndDeleteSameIndexPath, .rowInsertOutOfBounds])
        #expect(
            VF.rules(batch, ValidationSnapshot(counts: [3]), ValidationSnapshot(counts: [3]), view: view) == [.reloadAndDeleteSameIndexPath]
        )
    }

    @Test(arguments: ListViewKind.allCases)
    func reloadingAMoveSource_breaksRule2(view: ListViewKind) {
        let batch = BatchUpdate(itemMoves: [mv(p(0, 1), p(0, 0))], itemReloads: [p(0, 1)])
        #expect(VF.rules(batch, ValidationSnapshot(counts: [3]), ValidationSnapshot(counts: [3]), view: view) == [.deleteOfMoveSource])
    }

    @Test(arguments: ListViewKind.allCases)
    func reloadingAtAMoveDestination_breaksRule6(view: ListViewKind) {
        let batch = BatchUpdate(itemMoves: [mv(p(0, 0), p(0, 1))], itemReloads: [p(0, 1)])
        #expect(VF.rules(batch, ValidationSnapshot(counts: [3]), ValidationSnapshot(counts: [3]), view: view) == [.insertAtMoveDestination])
    }

    @Test(arguments: ListViewKind.allCases)
    func reloadBesideAMoveThatShiftsIt_passesUIKitButCorruptsIdentity(view: ListViewKind) {
        // adj(p) ignores moves: the reload re-inserts at (0,3), but moving A to the end shifts D to (0,2).
        let before = ValidationSnapshot([VF.letters("ABCDEF")])
        let after = ValidationSnapshot([VF.letters("BCDEFA")])
        let batch = BatchUpdate(itemMoves: [mv(p(0, 0), p(0, 5))], itemReloads: [p(0, 3)])
        let found = BatchUpdateValidator(view: view, profile: .uikit).violations(batch, from: before, to: after)
        // Slot (0,2), where D belongs, keeps E's old cell (and E's slot gets the new cell).
        #expect(found.map(\.rule) == [.identityCorruption])
        #expect(found.map(\.indexPaths) == [[p(0, 2), p(0, 4)]])
        // Counts alone cannot see it: UIKit's checks pass.
        #expect(VF.rules(batch, ValidationSnapshot(counts: [6]), ValidationSnapshot(counts: [6]), view: view).isEmpty)
        // The strict profile rejects the shape itself.
        let strict = VF.rules(batch, ValidationSnapshot(counts: [6]), ValidationSnapshot(counts: [6]), view: view, profile: .strict)
        #expect(strict == [.strictS2, .strictS5])
    }

    @Test(arguments: ListViewKind.allCases)
    func reloadingARowOfAMovingSection_breaksRule15(view: ListViewKind) {
        // The reload deletes (1,0) from old section 1 (now new 0) but re-inserts it at adj = (1,0).
        let batch = BatchUpdate(sectionMoves: [VF.smv(1, 0)], itemReloads: [p(1, 0)])
        let rules = VF.rules(batch, ValidationSnapshot(counts: [2, 3]), ValidationSnapshot(counts: [3, 2]), view: view)
        #expect(rules == [.rowCountMismatch, .rowCountMismatch])
    }

    @Test(arguments: ListViewKind.allCases)
    func reloadingAMovingSection_breaksRule2(view: ListViewKind) {
        let batch = BatchUpdate(sectionMoves: [VF.smv(1, 0)], sectionReloads: [1])
        #expect(
            VF.rules(batch, ValidationSnapshot(counts: [2, 3]), ValidationSnapshot(counts: [3, 2]), view: view) == [.deleteOfMoveSource])
    }

    @Test(arguments: ListViewKind.allCases)
    func movingOneSourceToTwoDestinations_breaksRule12(view: ListViewKind) {
        let batch = BatchUpdate(itemMoves: [mv(p(0, 2), p(0, 0)), mv(p(0, 2), p(0, 1))])
        #expect(VF.rules(batch, ValidationSnapshot(counts: [3]), ValidationSnapshot(counts: [3]), view: view) == [.sourceMovedTwice])
    }

    @Test(arguments: ListViewKind.allCases)
    func movingTwoSourcesToOneDestination_breaksRule13(view: ListViewKind) {
        let batch = BatchUpdate(itemMoves: [mv(p(0, 2), p(0, 0)), mv(p(0, 1), p(0, 0))])
        #expect(VF.rules(batch, ValidationSnapshot(counts: [3]), ValidationSnapshot(counts: [3]), view: view) == [.destinationMovedToTwice])
    }

    @Test(arguments: ListViewKind.allCases)
    func oneMoreSectionWithoutInsert_breaksRule14(view: ListViewKind) {
        let rules = VF.rules(BatchUpdate(), ValidationSnapshot(counts: [3]), ValidationSnapshot(counts: [3, 0]), view: view)
        #expect(rules == [.sectionCountMismatch])
    }

    @Test(arguments: ListViewKind.allCases)
    func crossSectionMoveWithBalancedCounts_isValid(view: ListViewKind) {
        let before = ValidationSnapshot([VF.letters("AB"), VF.letters("C")])
        let after = ValidationSnapshot([VF.letters("B"), VF.letters("AC")])
        let batch = BatchUpdate(itemMoves: [mv(p(0, 0), p(1, 0))])
        #expect(VF.rules(batch, before, after, view: view, profile: .strict).isEmpty)
    }

    @Test(arguments: ListViewKind.allCases)
    func rowOperationsInAMovingSection_passUIKitButBreakS1(view: ListViewKind) {
        let before = ValidationSnapshot([(section: "A", items: ["a0", "a1"]), (section: "B", items: ["b0", "b1"])])
        let after = ValidationSnapshot([(section: "B", items: ["x", "b1"]), (section: "A", items: ["a1"])])
        let batch = BatchUpdate(sectionMoves: [VF.smv(1, 0)], itemDeletes: [p(0, 0), p(1, 0)], itemInserts: [p(0, 0)])
        #expect(VF.rules(batch, before, after, view: view).isEmpty)
        let strict = BatchUpdateValidator(view: view).violations(batch, from: before, to: after)
        #expect(strict.map(\.rule) == [.strictS1, .strictS1])
        #expect(strict.map(\.indexPaths) == [[p(1, 0)], [p(0, 0)]])
    }

    @Test(arguments: ListViewKind.allCases)
    func sectionMoveToItsOwnIndex_isRequiredAfterAnInsertAbove(view: ListViewKind) {
        let before = ValidationSnapshot([(section: "A", items: ["a"]), (section: "B", items: ["b"])])
        let after = ValidationSnapshot([(section: "N", items: ["n"]), (section: "B", items: ["b"]), (section: "A", items: ["a"])])
        let withMove = BatchUpdate(sectionInserts: [0], sectionMoves: [VF.smv(1, 1)])
        #expect(VF.rules(withMove, before, after, view: view, profile: .strict).isEmpty)
        // Without it, A fills slot 1 and B slot 2: both sections show the wrong identity.
        let withoutMove = BatchUpdate(sectionInserts: [0])
        let rules = VF.rules(withoutMove, before, after, view: view)
        #expect(rules.count == 4)
        #expect(rules.allSatisfy { $0 == .identityCorruption })
    }

    @Test(arguments: ListViewKind.allCases)
    func rowContentChangedWithoutReload_isStaleContent(view: ListViewKind) {
        let before = ValidationSnapshot(sections: [.init("S", items: [.init("a", content: 1), .init("b", content: 1)])])
        let after = ValidationSnapshot(sections: [.init("S", items: [.init("a", content: 1), .init("b", content: 2)])])
        let stale = VF.first(BatchUpdate(), before, after, view: view)
        #expect(stale?.rule == .staleContent)
        #expect(stale?.indexPaths == [p(0, 1), p(0, 1)])
        #expect(VF.rules(BatchUpdate(itemReloads: [p(0, 1)]), before, after, view: view, profile: .strict).isEmpty)
        #expect(VF.rules(BatchUpdate(itemReconfigures: [p(0, 1)]), before, after, view: view, profile: .strict).isEmpty)
    }

    @Test(arguments: ListViewKind.allCases)
    func headerChangedWithoutSectionReload_isStaleContent(view: ListViewKind) {
        let before = ValidationSnapshot(sections: [.init("S", content: "Title", identities: ["a"])])
        let after = ValidationSnapshot(sections: [.init("S", content: "New title", identities: ["a"])])
        let stale = VF.first(BatchUpdate(), before, after, view: view)
        #expect(stale?.rule == .staleContent)
        #expect(stale?.sections == [0])
        #expect(VF.rules(BatchUpdate(sectionReloads: [0]), before, after, view: view, profile: .strict).isEmpty)
    }

    @Test(arguments: ListViewKind.allCases)
    func reloadingARowOfADeletedSection_breaksRule15(view: ListViewKind) {
        // The delete half is dropped with the section; the insert half lands in old section 1, now 0.
        let batch = BatchUpdate(sectionDeletes: [0], itemReloads: [p(0, 0)])
        let rules = VF.rules(batch, ValidationSnapshot(counts: [2, 2]), ValidationSnapshot(counts: [2]), view: view)
        #expect(rules == [.rowCountMismatch])
    }
}

/// Behaviour the vectors do not pin: duplicates, dropped operations, cell kinds.
@Suite("Validation details")
struct ValidationDetailTests {
    let p = VF.p
    let mv = VF.mv

    @Test
    func duplicateDeletes_areRemovedByTableView_countedTwiceByCollectionView() {
        let batch = BatchUpdate(itemDeletes: [p(0, 1), p(0, 1)])
        let before = ValidationSnapshot(counts: [3])
        let after = ValidationSnapshot(counts: [2])
        #expect(VF.rules(batch, before, after, view: .tableView).isEmpty)
        #expect(VF.rules(batch, before, after, view: .collectionView) == [.rowCountMismatch])
        // Both break S4 in the strict profile.
        #expect(VF.rules(batch, before, after, view: .tableView, profile: .strict) == [.strictS4])
    }

    @Test
    func duplicateSectionInserts_areRemovedByTableView_countedTwiceByCollectionView() {
        let batch = BatchUpdate(sectionInserts: [1, 1])
        let before = ValidationSnapshot(counts: [3])
        let after = ValidationSnapshot(counts: [3, 0])
        #expect(VF.rules(batch, before, after, view: .tableView).isEmpty)
        #expect(VF.rules(batch, before, after, view: .collectionView) == [.sectionCountMismatch])
    }

    @Test(arguments: ListViewKind.allCases)
    func rowInsertsInsideAnInsertedSection_areDroppedButBoundsChecked(view: ListViewKind) {
        let before = ValidationSnapshot(counts: [1])
        let after = ValidationSnapshot(counts: [1, 2])
        #expect(VF.rules(BatchUpdate(sectionInserts: [1], itemInserts: [p(1, 0), p(1, 1)]), before, after, view: view).isEmpty)
        #expect(VF.rules(BatchUpdate(sectionInserts: [1], itemInserts: [p(1, 5)]), before, after, view: view) == [.rowInsertOutOfBounds])
    }

    @Test(arguments: ListViewKind.allCases)
    func rowDeletesInsideADeletedSection_areDroppedButBoundsChecked(view: ListViewKind) {
        let before = ValidationSnapshot(counts: [1, 2])
        let after = ValidationSnapshot(counts: [1])
        #expect(VF.rules(BatchUpdate(sectionDeletes: [1], itemDeletes: [p(1, 1)]), before, after, view: view).isEmpty)
        #expect(VF.rules(BatchUpdate(sectionDeletes: [1], itemDeletes: [p(1, 2)]), before, after, view: view) == [.rowDeleteOutOfBounds])
    }

    @Test(arguments: ListViewKind.allCases)
    func reconfiguringARowWhoseCellKindChanged_isStaleCellKind(view: ListViewKind) {
        let before = ValidationSnapshot(sections: [.init(nil, items: [.init("a", content: 1, kind: "Text")])])
        let after = ValidationSnapshot(sections: [.init(nil, items: [.init("a", content: 2, kind: "Image")])])
        #expect(VF.rules(BatchUpdate(itemReconfigures: [p(0, 0)]), before, after, view: view) == [.staleCellKind])
        #expect(VF.rules(BatchUpdate(), before, after, view: view) == [.staleCellKind])
        #expect(VF.rules(BatchUpdate(itemReloads: [p(0, 0)]), before, after, view: view, profile: .strict).isEmpty)
    }

    @Test(arguments: ListViewKind.allCases)
    func movedRowWhoseContentChanged_isStaleUnlessReconfigured(view: ListViewKind) {
        let before = ValidationSnapshot(sections: [.init(nil, items: [.init("a", content: 1), .init("b", content: 1)])])
        let after = ValidationSnapshot(sections: [.init(nil, items: [.init("b", content: 1), .init("a", content: 2)])])
        let move = [mv(p(0, 0), p(0, 1))]
        #expect(VF.rules(BatchUpdate(itemMoves: move), before, after, view: view) == [.staleContent])
        #expect(VF.rules(BatchUpdate(itemMoves: move, itemReconfigures: [p(0, 0)]), before, after, view: view).isEmpty)
    }

    @Test(arguments: ListViewKind.allCases)
    func countOnlySnapshots_checkOnlyTheStructure(view: ListViewKind) {
        // A wrong move that a described snapshot would catch as identity corruption.
        let batch = BatchUpdate(itemMoves: [mv(p(0, 0), p(0, 2))])
        #expect(VF.rules(batch, ValidationSnapshot(counts: [3]), ValidationSnapshot(counts: [3]), view: view, profile: .strict).isEmpty)
        let described = VF.rules(batch, ValidationSnapshot([VF.letters("ABC")]), ValidationSnapshot([VF.letters("ABC")]), view: view)
        #expect(described == [.identityCorruption, .identityCorruption, .identityCorruption])
        // One described side is not enough to compare rows.
        #expect(VF.rules(batch, ValidationSnapshot([VF.letters("ABC")]), ValidationSnapshot(counts: [3]), view: view).isEmpty)
    }

    @Test(arguments: ListViewKind.allCases)
    func unknownValues_areNeverCompared(view: ListViewKind) {
        let before = ValidationSnapshot(sections: [.init(nil, items: [.init("a", content: 1), .init(nil, content: 1)])])
        let after = ValidationSnapshot(sections: [.init("S", content: "h", items: [.init("a"), .init("z")])])
        #expect(VF.rules(BatchUpdate(), before, after, view: view).isEmpty)
    }

    @Test(arguments: ListViewKind.allCases)
    func outOfBoundsSectionAndMoveOperations_areReported(view: ListViewKind) {
        let before = ValidationSnapshot(counts: [1, 1])
        let after = ValidationSnapshot(counts: [1, 1])
        #expect(VF.rules(BatchUpdate(sectionDeletes: [2]), before, after, view: view) == [.sectionDeleteOutOfBounds])
        #expect(VF.rules(BatchUpdate(sectionReloads: [5]), before, after, view: view) == [.sectionDeleteOutOfBounds])
        #expect(VF.rules(BatchUpdate(sectionInserts: [2]), before, after, view: view) == [.sectionInsertOutOfBounds])
        #expect(VF.rules(BatchUpdate(sectionMoves: [VF.smv(0, 2)]), before, after, view: view) == [.sectionMoveOutOfBounds])
        #expect(VF.rules(BatchUpdate(itemMoves: [mv(p(0, 1), p(1, 0))]), before, after, view: view) == [.rowMoveOutOfBounds])
        #expect(VF.rules(BatchUpdate(itemReconfigures: [p(1, 1)]), before, after, view: view) == [.rowDeleteOutOfBounds])
        #expect(
            VF.rules(BatchUpdate(sectionDeletes: [0], sectionReloads: [0]), before, ValidationSnapshot(counts: [1]), view: view)
                == [.reloadAndDeleteSameIndexPath])
    }

    @Test(arguments: ListViewKind.allCases)
    func sectionRulesMirrorRowRules(view: ListViewKind) {
        let three = ValidationSnapshot(counts: [1, 1, 1])
        #expect(
            VF.rules(BatchUpdate(sectionDeletes: [2], sectionMoves: [VF.smv(2, 0)]), three, ValidationSnapshot(counts: [1, 1]), view: view)
                == [.deleteOfMoveSource])
        #expect(
            VF.rules(
                BatchUpdate(sectionInserts: [0], sectionMoves: [VF.smv(2, 0)]), three, ValidationSnapshot(counts: [1, 1, 1, 1]), view: view)
                == [.insertAtMoveDestination])
        #expect(VF.rules(BatchUpdate(sectionMoves: [VF.smv(2, 0), VF.smv(2, 1)]), three, three, view: view) == [.sourceMovedTwice])
        #expect(VF.rules(BatchUpdate(sectionMoves: [VF.smv(2, 0), VF.smv(1, 0)]), three, three, view: view) == [.destinationMovedToTwice])
    }

    @Test(arguments: ListViewKind.allCases)
    func reloadedSection_getsFreshContentAndCells(view: ListViewKind) {
        let before = ValidationSnapshot(sections: [
            .init("A", content: 1, items: [.init("a", content: 1)]), .init("B", content: 1, items: [.init("b", content: 1)]),
        ])
        let after = ValidationSnapshot(sections: [
            .init("A", content: 1, items: [.init("a", content: 1)]), .init("B", content: 2, items: [.init("b", content: 2), .init("c")]),
        ])
        #expect(VF.rules(BatchUpdate(sectionReloads: [1]), before, after, view: view, profile: .strict).isEmpty)
        #expect(VF.rules(BatchUpdate(itemInserts: [p(1, 1)]), before, after, view: view) == [.staleContent, .staleContent])
    }
}
