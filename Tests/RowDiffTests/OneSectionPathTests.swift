import Testing
@testable import RowDiff

/// A one-section side has paths of its own: one section a side with equal identities (every flat
/// list) is diffed by the core's flat call, and the matched-row pass reads the rows of a
/// one-section old side in place. An empty section appended to both sides sends the same rows
/// through the sectioned call and the general, multi-section path; the two must agree exactly: the
/// same changeset (moves, updates, k-th duplicate pairing), the same duplicates, the same
/// collision-guard decision, the same row maps, the same patch and the same batches.
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
        let oldPaths = Self.paths(old), newPaths = Self.paths(new)
        let mapsAgree =
            oldPaths.allSatisfy { direct.newPath(ofOldItem: $0) == general.newPath(ofOldItem: $0) }
            && newPaths.allSatisfy { direct.oldPath(ofNewItem: $0) == general.oldPath(ofNewItem: $0) }
        #expect(mapsAgree, "\(context)")
        // The padding section is matched, unmoved and empty: it adds no step.
        let patchesAgree = direct.patch.map { "\($0.steps)" } == general.patch.map { "\($0.steps)" }
        #expect(patchesAgree, "\(context)")
        return direct.changeset == general.changeset && direct.duplicates == general.duplicates && mapsAgree
            && patchesAgree
    }

    /// Every row position of `model`.
    static func paths(_ model: [TestSection]) -> [ItemPath] {
        model.indices.flatMap { section in model[section].rows.indices.map { ItemPath(section: section, item: $0) } }
    }

    @Test("seeded: one old section gives what the general path gives, duplicates, updates and collisions included")
    func oneOldSection_equalsTheGeneralPath() {
        for seed in TestSeeds.cases(1_500, salt: 61) {
            var rng = SplitMix64(seed: seed)
            let shape = ModelShape(
                sections: 1...1, rows: 0...[8, 40, 150][rng.int(0...2)],
                editRate: [2, 10, 25, 50, 90][rng.int(0...4)],
                duplicateRate: rng.chance(40) ? [2, 10, 40][rng.int(0...2)] : 0)
            var ids = IdentitySource()
            let old = RandomModels.model(shape, ids: &ids, using: &rng)
            let new = RandomModels.edit(old, shape, ids: &ids, using: &rng)
            var options = DiffOptions()
            // A quarter of the cases with 2-bit fingerprints: the identity check fails and the
            // collision guard redoes the diff on exact identities.
            if rng.chance(25) { options.fingerprintMask = 0x3 }
            options.computesPatch = rng.chance(50)
            let context =
                "\(TestSeeds.rerun(seed, filter: "OneSectionPath")) \(shape) mask \(options.fingerprintMask) "
                + "patch \(options.computesPatch) "
                + "old \(describe(old, limit: 800)) new \(describe(new, limit: 800))"
            if !Self.check(old, new, options: options, context: context) { return }
        }
    }

    @Test("seeded: versioned rows (updates found by the core) give what the sectioned call gives")
    func versionedRows_equalTheSectionedCall() {
        for seed in TestSeeds.cases(500, salt: 62) {
            var rng = SplitMix64(seed: seed)
            let count = rng.int(0...[8, 40, 150][rng.int(0...2)])
            // Identities from a small range repeat: duplicates on both sides.
            let range = rng.chance(40) ? max(1, count / 2) : 1_000_000
            let old = (0..<count).map { _ in VersionedRow(id: rng.int(0...range), version: UInt64(rng.int(0...2))) }
            var new = old.filter { _ in !rng.chance(20) }
            for index in new.indices where rng.chance(20) { new[index].version += 1 }
            for _ in 0..<rng.int(0...count / 4 + 1) {
                new.insert(VersionedRow(id: rng.int(0...range), version: 0), at: rng.int(0...new.count))
            }
            if new.count > 1 {
                for _ in 0..<rng.int(0...3) { new.swapAt(rng.int(0...new.count - 1), rng.int(0...new.count - 1)) }
            }
            var options = DiffOptions()
            options.computesPatch = rng.chance(50)
            let direct = SectionedDiff(from: [ListSection(0, rows: old)], to: [ListSection(0, rows: new)], options: options)
            let padding = ListSection<Int, VersionedRow>(1, rows: [])
            let general = SectionedDiff(
                from: [ListSection(0, rows: old), padding], to: [ListSection(0, rows: new), padding],
                options: options)
            let context = "\(TestSeeds.rerun(seed, filter: "OneSectionPath")) old \(old) new \(new)"
            #expect(direct.changeset == general.changeset, "\(context)")
            #expect(direct.duplicates == general.duplicates, "\(context)")
            #expect(direct.patch.map { "\($0.steps)" } == general.patch.map { "\($0.steps)" }, "\(context)")
            let mapsAgree =
                old.indices.allSatisfy {
                    direct.newPath(ofOldItem: ItemPath(section: 0, item: $0)) == general.newPath(ofOldItem: ItemPath(section: 0, item: $0))
                }
                && new.indices.allSatisfy {
                    direct.oldPath(ofNewItem: ItemPath(section: 0, item: $0)) == general.oldPath(ofNewItem: ItemPath(section: 0, item: $0))
                }
            #expect(mapsAgree, "\(context)")
            if direct.changeset != general.changeset || !mapsAgree { return }
        }
    }
}

/// A row whose updates the core finds from its version.
private struct VersionedRow: Identifiable, Equatable, Diffable, ContentVersioned, CustomStringConvertible {
    var id: Int
    var version: UInt64
    var contentVersion: UInt64 { version }
    var description: String { "\(id)v\(version)" }
}
