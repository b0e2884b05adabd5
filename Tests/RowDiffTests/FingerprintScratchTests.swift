import Testing
@testable import RowDiff

/// A pooled context keeps the typed diff's fingerprints in scratch memory it reuses; a context the
/// caller gives is fingerprinted into temporary memory. Sizes that grow and shrink from diff to
/// diff reuse and regrow the pooled scratch; every diff must give exactly what the caller's
/// context gives, and a reset context must work as a fresh one.
@Suite("Fingerprint scratch")
struct FingerprintScratchTests {
    @Test("seeded: pooled scratch of changing sizes gives what a caller's context gives")
    func pooledScratch_equalsTemporaryMemory() {
        let given = DiffContext()
        for seed in TestSeeds.cases(300, salt: 63) {
            var rng = SplitMix64(seed: seed)
            let shape = ModelShape(sections: 0...[1, 3, 12][rng.int(0...2)], rows: 0...[4, 30, 300][rng.int(0...2)],
                                   editRate: [5, 25, 60][rng.int(0...2)], duplicateRate: rng.chance(30) ? 10 : 0)
            var ids = IdentitySource()
            let old = RandomModels.model(shape, ids: &ids, using: &rng)
            let new = RandomModels.edit(old, shape, ids: &ids, using: &rng)
            let pooled = SectionedDiff(from: old, to: new)
            let caller = SectionedDiff(from: old, to: new, options: DiffOptions(context: given))
            let context = "\(TestSeeds.rerun(seed, filter: "FingerprintScratch")) \(shape)"
            #expect(pooled.changeset == caller.changeset, "\(context)")
            #expect(pooled.duplicates == caller.duplicates, "\(context)")
            if pooled.changeset != caller.changeset { return }
            if rng.chance(10) {
                given.reset()
                #expect(given.memoryInUse == 0, "\(context)")
            }
        }
    }
}
