import Testing
@testable import RowDiff

/// A pooled context keeps state between diffs: the typed diff's fingerprint scratch (a context the
/// caller gives is fingerprinted into temporary memory) and the last row type's `ContentVersioned`
/// conformance. Sizes that grow and shrink from diff to diff reuse and regrow the pooled scratch,
/// and row types that alternate replace the remembered conformance; every diff must give exactly
/// what the caller's context gives, and a reset context must work as a fresh one.
@Suite("Pooled context state")
struct PooledContextTests {
    @Test("seeded: pooled scratch of changing sizes gives what a caller's context gives, shared or owned")
    func pooledScratch_equalsTemporaryMemory() {
        // `owned` is used as a renderer uses its own context (`DiffOptions.ownsContext`): its kept
        // scratch and remembered row facts, with sizes and row types changing between diffs.
        let given = DiffContext(), owned = DiffContext()
        for seed in TestSeeds.cases(300, salt: 63) {
            var rng = SplitMix64(seed: seed)
            let shape = ModelShape(
                sections: 0...[1, 3, 12][rng.int(0...2)], rows: 0...[4, 30, 300][rng.int(0...2)],
                editRate: [5, 25, 60][rng.int(0...2)], duplicateRate: rng.chance(30) ? 10 : 0)
            var ids = IdentitySource()
            let old = RandomModels.model(shape, ids: &ids, using: &rng)
            let new = RandomModels.edit(old, shape, ids: &ids, using: &rng)
            let pooled = SectionedDiff(from: old, to: new)
            let caller = SectionedDiff(from: old, to: new, options: DiffOptions(context: given))
            let owner = SectionedDiff(from: old, to: new, options: DiffOptions(context: owned, ownsContext: true))
            let context = "\(TestSeeds.rerun(seed, filter: "PooledContext")) \(shape)"
            #expect(pooled.changeset == caller.changeset, "\(context)")
            #expect(pooled.duplicates == caller.duplicates, "\(context)")
            #expect(owner.changeset == caller.changeset && owner.duplicates == caller.duplicates, "\(context)")
            if pooled.changeset != caller.changeset || owner.changeset != caller.changeset { return }
            if rng.chance(10) {
                given.reset()
                #expect(given.memoryInUse == 0, "\(context)")
            }
        }
    }

    @Test("row types that alternate on one thread each get their own conformance")
    func alternatingRowTypes_keepTheirOwnUpdates() {
        // Same ids and payloads; only the versioned type's versions say which rows changed.
        let old = (0..<20).map { Stamped(id: $0, payload: $0, stamp: 1) }
        var new = Array(old.reversed())
        new[3].payload += 1 // content changes, version does not: no update for the versioned type
        new[5].stamp += 1 // version changes, content does not: an update for the versioned type only
        let plainOld = old.map(\.plain), plainNew = new.map(\.plain)
        for round in 0..<6 {
            let versioned = ListDiff(from: old, to: new)
            let plain = ListDiff(from: plainOld, to: plainNew)
            #expect(versioned.updates == [Move(from: 14, to: 5)], "round \(round)")
            #expect(plain.updates == [Move(from: 16, to: 3)], "round \(round)")
        }
    }
}

/// A row with a version that does not follow its payload (versions are trusted by contract).
private struct Stamped: Identifiable, Equatable, Diffable, ContentVersioned {
    var id: Int
    var payload: Int
    var stamp: UInt64
    var contentVersion: UInt64 { stamp }
    var plain: Plain { Plain(id: id, payload: payload) }
}

/// The same row without a version: `==` decides updates.
private struct Plain: Identifiable, Equatable, Diffable {
    var id: Int
    var payload: Int
}
