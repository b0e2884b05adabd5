import Testing
@testable import RowDiff

/// `Changeset.applied(to:inserting:)`: UIKit's one-batch reconstruction reproduces the new model,
/// and the inverse brings it back.
@Suite("Apply a changeset to arrays")
struct ApplyTests {
    @Test func flatList_appliedGivesNew() {
        let old = Array("abcdefgh").map(String.init), new = Array("hbxaefdg").map(String.init)
        let diff = ListDiff(from: old, to: new)
        #expect(diff.applied(to: old) == new)
    }

    @Test func whenSectionInsertedBeforeSwappedPair_fillRulePlacesTheUnmovedSection() {
        let old = [TestSection(1, [1]), TestSection(2, [2])]
        let new = [TestSection(3, [3]), TestSection(2, [2]), TestSection(1, [1])]
        let diff = SectionedDiff(from: old, to: new)
        #expect(diff.applied(to: old) == new)
        #expect(diff.changeset.inverse.applied(to: new, inserting: old) == old)
    }

    @Test func updatedValues_comeFromNew_unchangedFromOld() {
        let old = [TestSection(id: 1, rows: [TestRow(id: 1), TestRow(id: 2)])]
        let new = [TestSection(id: 1, header: 4, rows: [TestRow(id: 2, content: 5), TestRow(id: 1)])]
        let diff = SectionedDiff(from: old, to: new)
        #expect(diff.applied(to: old) == new)
        #expect(diff.changeset.inverse.applied(to: new, inserting: old) == old)
    }

    @Test func handWrittenChangeset_followsUIKitSemantics() {
        // Delete row 0, move row 3 → 0, insert at 2: remaining rows 1, 2 fill the free slots in order.
        let changes = Changeset(
            itemDeletes: [ItemPath(section: 0, item: 0)], itemInserts: [ItemPath(section: 0, item: 2)],
            itemMoves: [Move(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 0))])
        let old = [TestSection(1, [10, 11, 12, 13])]
        let new = [TestSection(1, [13, 11, 99, 12])]
        #expect(changes.applied(to: old, inserting: new) == new)
    }

    @Test func crossSectionMovesAndSectionDeletes_roundTrip() {
        let old = [TestSection(1, [1, 2, 3]), TestSection(2, [4, 5]), TestSection(3, [6])]
        let new = [TestSection(2, [5, 1]), TestSection(4, [7, 6]), TestSection(1, [3, 4, 2])]
        let diff = SectionedDiff(from: old, to: new)
        #expect(diff.applied(to: old) == new)
        #expect(diff.changeset.inverse.applied(to: new, inserting: old) == old)
    }

    @Test("seeded random models: applied gives new, inverse gives old")
    func randomModels_applyAndInverseRoundTrip() {
        for seed in TestSeeds.cases(2_000, salt: 2) {
            var rng = SplitMix64(seed: seed)
            let shape = ModelShape(
                sections: 0...6, rows: 0...10, editRate: [5, 30, 80][rng.int(0...2)],
                duplicateRate: rng.chance(30) ? 20 : 0)
            var ids = IdentitySource()
            let old = RandomModels.model(shape, ids: &ids, using: &rng)
            let new = RandomModels.edit(old, shape, ids: &ids, using: &rng)
            let diff = SectionedDiff(from: old, to: new)
            let forward = diff.applied(to: old), backward = diff.changeset.inverse.applied(to: new, inserting: old)
            #expect(
                forward == new && backward == old,
                "\(TestSeeds.rerun(seed, filter: "Apply")) old \(describe(old)) new \(describe(new)) forward \(describe(forward)) backward \(describe(backward))"
            )
            if forward != new || backward != old { return }
        }
    }
}
