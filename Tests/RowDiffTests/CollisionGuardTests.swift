import Testing
@testable import RowDiff

/// The collision guard: fingerprints narrowed to 2 bits (`fingerprintMask = 0x3`) collide all the
/// time, and the results must still be exactly those of the unmasked diff.
@Suite("Collision guard")
struct CollisionGuardTests {
    static var colliding: DiffOptions {
        var options = DiffOptions()
        options.fingerprintMask = 0x3
        return options
    }

    @Test("seeded random models: masked fingerprints give the unmasked result")
    func whenFingerprintsCollideMassively_resultsEqualTheUnmaskedDiff() {
        for seed in TestSeeds.cases(1_500, salt: 3) {
            let (_, old, new) = RandomModels.pair(seed: seed)
            let plain = SectionedDiff(from: old, to: new)
            let masked = SectionedDiff(from: old, to: new, options: Self.colliding)
            let context =
                "\(TestSeeds.rerun(seed, filter: "CollisionGuard")) old \(describe(old, limit: 800)) new \(describe(new, limit: 800))"
            #expect(masked.changeset == plain.changeset, "\(context)")
            #expect(masked.duplicates == plain.duplicates, "\(context)")
            let big = [old, new].contains { $0.count > 4 || $0.reduce(0) { $0 + $1.rows.count } > 4 }
            if big { #expect(masked.usedExactIdentities, "\(context)") }
            #expect(StagedChangeset(masked) == StagedChangeset(plain), "\(context)")
            if masked.changeset != plain.changeset || masked.duplicates != plain.duplicates { return }
        }
    }

    @Test func distinctIdentitiesWithCollidingFingerprints_areNeverPaired() {
        let old = [TestSection(1, Array(1...8))], new = [TestSection(1, Array(101...108))]
        let diff = SectionedDiff(from: old, to: new, options: Self.colliding)
        #expect(diff.usedExactIdentities)
        #expect(diff.changeset.itemDeletes.count == 8 && diff.changeset.itemInserts.count == 8)
        #expect(diff.changeset.itemMoves.isEmpty && diff.changeset.itemUpdates.isEmpty)
        #expect(diff.duplicates.isEmpty)
    }

    @Test func singleCollidingPair_withoutDuplicates_isSplitIntoDeleteAndInsert() {
        // Every fingerprint is 0: the core pairs 1 with 2, the == check must refuse it.
        var options = DiffOptions()
        options.fingerprintMask = 0
        let diff = ListDiff(from: [TestRow(id: 1)], to: [TestRow(id: 2)], options: options)
        #expect(diff.deletes == [0] && diff.inserts == [0] && diff.moves.isEmpty && diff.updates.isEmpty)
        #expect(diff.sectioned.usedExactIdentities)
    }

    @Test func collidingSectionIdentities_areNeverPaired() {
        var options = DiffOptions()
        options.fingerprintMask = 0
        let old = [TestSection(1, [1])], new = [TestSection(2, [1])]
        let diff = SectionedDiff(from: old, to: new, options: options)
        #expect(diff.changeset.sectionDeletes == [0] && diff.changeset.sectionInserts == [0])
        #expect(diff.changeset.itemDeletes.count == 1 && diff.changeset.itemInserts.count == 1)
    }
}
