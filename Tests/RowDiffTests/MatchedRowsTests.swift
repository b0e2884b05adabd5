import Testing
@testable import RowDiff

/// The matched-row checks of a diff of several sections walk each run of new rows whose partners
/// lie in one old section. One pair of distinct identities whose fingerprints collide, unique on
/// each side (so no duplicate sends the diff to exact identities first), must be caught by that
/// walk wherever it lies: the diff is then redone exactly and equals the unmasked one.
@Suite("Matched rows")
struct MatchedRowsTests {
    @Test("seeded: a lone colliding pair in any section of a multi-section diff is never paired")
    func loneCollision_inAnySection_isRedoneExactly() {
        for seed in TestSeeds.cases(300, salt: 101) {
            var rng = SplitMix64(seed: seed)
            var nextID = 0
            // Row ids below 0x800, section ids 0x800 and up: distinct under a 12-bit mask.
            let old = (0..<rng.int(2...6)).map { section in
                TestSection(
                    id: 0x800 + section,
                    rows: (0..<rng.int(1...40)).map { _ in
                        nextID += 1
                        return TestRow(id: nextID)
                    })
            }
            var new = old
            for _ in 0..<rng.int(0...10) {
                let from = rng.int(0...new.count - 1), to = rng.int(0...new.count - 1)
                guard !new[from].rows.isEmpty else { continue }
                var row = new[from].rows.remove(at: rng.int(0...new[from].rows.count - 1))
                if rng.chance(30) { row.content += 1 }
                new[to].rows.insert(row, at: rng.int(0...new[to].rows.count))
            }
            if rng.chance(30) { new.swapAt(0, new.count - 1) }
            // The colliding row: same 12 low bits as the row it replaces, which leaves the new side.
            let section = rng.int(0...new.count - 1)
            guard !new[section].rows.isEmpty else { continue }
            let item = rng.int(0...new[section].rows.count - 1)
            new[section].rows[item].id += 0x1000
            let context = TestSeeds.rerun(seed, filter: "MatchedRows")
            for threshold in [Int.max, 0] {
                var options = DiffOptions()
                options.parallelRowThreshold = threshold
                let plain = SectionedDiff(from: old, to: new, options: options)
                options.fingerprintMask = 0xFFF
                let masked = SectionedDiff(from: old, to: new, options: options)
                #expect(masked.usedExactIdentities, "threshold \(threshold) \(context)")
                #expect(masked.changeset == plain.changeset, "threshold \(threshold) \(context)")
            }
        }
    }
}
