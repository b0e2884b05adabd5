import Testing
@testable import RowDiff

/// The matched-row pass reads the rows of a one-section old side in place, a path of its own (every
/// flat list takes it). An empty section appended to both sides sends the same rows through the
/// general, multi-section path; the two must agree exactly: the same changeset (moves, updates,
/// k-th duplicate pairing), the same duplicates, the same collision-guard decision and the same
/// batches.
@Suite("One-section path")
struct OneSectionPathTests {
    /// An empty, unchanged last section: it matches itself and changes no index of the others.
    static let padding = TestSection(id: 1_000_000, rows: [])

    static func check(_ old: [TestSection], _ new: [TestSection], options: DiffOptions, context: String) -> Bool {
        let direct = SectionedDiff(from: old, to: new, options: options)
        let general = SectionedDiff(from: old + [padding], to: new + [padding], options: options)
        #expect(direct.changeset == general.changeset, "\(context)")
        #expect(direct.duplicates == general.duplicates, "\(context)")
        #expect(direct.usedExactIdentities == general.usedExactIdentities, "\(context)")
        #expect(StagedChangeset(direct).updates == StagedChangeset(general).updates, "\(context)")
        return direct.changeset == general.changeset && direct.duplicates == general.duplicates
    }

    @Test("seeded: one old section gives what the general path gives, duplicates, updates and collisions included")
    func oneOldSection_equalsTheGeneralPath() {
        for seed in TestSeeds.cases(1_500, salt: 61) {
            var rng = SplitMix64(seed: seed)
            let shape = ModelShape(sections: 1...1, rows: 0...[8, 40, 150][rng.int(0...2)],
                                   editRate: [2, 10, 25, 50, 90][rng.int(0...4)],
                                   duplicateRate: rng.chance(40) ? [2, 10, 40][rng.int(0...2)] : 0)
            var ids = IdentitySource()
            let old = RandomModels.model(shape, ids: &ids, using: &rng)
            let new = RandomModels.edit(old, shape, ids: &ids, using: &rng)
            var options = DiffOptions()
            // A quarter of the cases with 2-bit fingerprints: the identity check fails and the
            // collision guard redoes the diff on exact identities.
            if rng.chance(25) { options.fingerprintMask = 0x3 }
            let context = "\(TestSeeds.rerun(seed, filter: "OneSectionPath")) \(shape) mask \(options.fingerprintMask) "
                + "old \(describe(old, limit: 800)) new \(describe(new, limit: 800))"
            if !Self.check(old, new, options: options, context: context) { return }
        }
    }
}
