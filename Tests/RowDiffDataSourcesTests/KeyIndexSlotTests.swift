import Testing
import RowDiff
@testable import RowDiffDataSources

/// The key table keeps a slot per key across renders: a remapped table shares the key → slot
/// dictionary of the table it came from, deleted keys keep their slots without a path, keys that
/// come back get their slots again, and once dead slots or added keys pass their limits the
/// renderer gets nil and builds a new table. These checks drive `KeyIndex` directly through long
/// runs of churn (past those limits) and hold every lookup against a table built from scratch.
@Suite("Key table slots")
struct KeyIndexSlotTests {
    /// Rows drawn from a pool of keys, so keys leave and come back; fresh keys now and then, so
    /// keys are added past the limit; sometimes a section more or less.
    @Test("Remapped tables equal new ones through churn, returning keys and rebuilds")
    func remappedTables_equalNewTables_throughChurn() {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        var nextFresh = 0
        var pool = (0..<400).map { "p\($0)" }
        func model() -> [KeyedSection] {
            let sectionCount = 1 + Int(rng.next() % 4)
            var keys = pool.shuffled(using: &rng).prefix(150 + Int(rng.next() % 150)).map { $0 }
            // Fresh keys, never seen before: they are added to the table (or force a new one).
            for _ in 0..<Int(rng.next() % 120) {
                nextFresh += 1
                keys.insert("f\(nextFresh)", at: Int(rng.next() % UInt64(keys.count + 1)))
            }
            // Some fresh keys join the pool (once each, sorted: the seed replays the same run).
            if rng.next() % 4 == 0 { pool = Set(pool + keys.filter { $0.hasPrefix("f") }).sorted() }
            return (0..<sectionCount).map { s in
                section("s\(s)", keys.enumerated().filter { $0.offset % sectionCount == s }.map { row($0.element, Int(rng.next() % 2)) })
            }
        }
        var shown = model()
        var table = KeyIndex(shown)
        var remapped = 0, rebuilt = 0
        for step in 0..<120 {
            let next = model()
            let diff = SectionedDiff(from: shown, to: next)
            if let made = KeyIndex(remapping: table, through: diff) {
                table = made
                remapped += 1
            } else {
                table = KeyIndex(next)
                rebuilt += 1
            }
            let fresh = KeyIndex(next)
            let wrong = (pool + (0...nextFresh).map { "f\($0)" } + ["absent"]).filter { table.path(ofRow: $0) != fresh.path(ofRow: $0) }
            #expect(wrong.isEmpty, "seed \(seed), step \(step): keys \(wrong.prefix(10))")
            for key in ["s0", "s1", "s2", "s3", "absent"] {
                #expect(table.sections[key] == fresh.sections[key], "seed \(seed), step \(step), section \(key)")
            }
            #expect(table.duplicates == nil)
            shown = next
        }
        // Most renders remap; the fresh keys (about 60 a render) pass the limit on added keys
        // every twenty renders or so.
        #expect(remapped > 60 && rebuilt >= 2, "seed \(seed): \(remapped) remapped, \(rebuilt) rebuilt")
    }

    @Test("A table whose model is not the diff's old side is not remapped")
    func tableOfAnotherModel_isNotRemapped() {
        let a = [section("s", [row("a", 0), row("b", 0)])], b = [section("s", [row("a", 0), row("b", 0), row("c", 0)])]
        let diff = SectionedDiff(from: b, to: a)
        #expect(KeyIndex(remapping: KeyIndex(a), through: diff) == nil)
        #expect(KeyIndex(remapping: KeyIndex(b), through: diff)?.path(ofRow: "c") == nil)
        #expect(KeyIndex(remapping: KeyIndex(b), through: diff)?.path(ofRow: "b") == ItemPath(section: 0, item: 1))
    }

    @Test("A list that shrank to a fraction of its slots gets a new table")
    func shrunkList_getsNewTable() {
        let large = [section("s", (0..<3_000).map { row("k\($0)", 0) })], small = [section("s", [row("k7", 1)])]
        #expect(KeyIndex(remapping: KeyIndex(large), through: SectionedDiff(from: large, to: small)) == nil)
        let half = [section("s", (0..<1_500).map { row("k\($0 * 2)", 0) })]
        let remapped = KeyIndex(remapping: KeyIndex(large), through: SectionedDiff(from: large, to: half))
        #expect(remapped?.path(ofRow: "k2998") == ItemPath(section: 0, item: 1_499))
        #expect(remapped?.path(ofRow: "k1") == nil)
    }
}
