import Testing
@testable import RowDiff

/// The structural stages drop the rows of deleted and inserted sections run by run
/// (`Stager.rows(_:outside:)`), and renumber the row deletes of the rows batch by ordering their
/// runs (`Stager.renumbered`). Both must give what filtering and a full sort give.
@Suite("Structure lists")
struct StructureListsTests {
    /// Sorted (or, with `shuffled`, unsorted) paths over `sections` sections, some repeated rows apart.
    static func paths(_ rng: inout SplitMix64, sections: Int, shuffled: Bool, allowed: (Int) -> Bool = { _ in true }) -> [ItemPath] {
        var paths: [ItemPath] = []
        for section in 0..<sections where allowed(section) {
            for item in 0..<rng.int(0...30) where rng.chance(60) { paths.append(ItemPath(section: section, item: item)) }
        }
        if shuffled { paths.shuffle(using: &rng) }
        return paths
    }

    @Test("seeded: dropping sections' rows equals filtering them")
    func rowsOutside_equalFiltering() {
        for seed in TestSeeds.cases(300, salt: 99) {
            var rng = SplitMix64(seed: seed)
            let count = rng.int(1...12)
            let paths = Self.paths(&rng, sections: count, shuffled: rng.chance(20))
            let dropped = (0..<count).filter { _ in rng.chance(30) }
            // The reserve hint may be anything: a wrong one only costs a regrowth.
            let kept = Stager<TestSection>.rows(paths, outside: dropped, sectionCount: count, rowCounts: { _ in rng.int(0...40) })
            #expect(kept == paths.filter { !dropped.contains($0.section) }, "\(TestSeeds.rerun(seed, filter: "StructureLists"))")
        }
    }

    @Test("seeded: renumbered deletes equal renumbering then sorting every path")
    func renumbered_equalsFullSort() {
        for seed in TestSeeds.cases(300, salt: 100) {
            var rng = SplitMix64(seed: seed)
            let old = (0..<rng.int(1...10)).map { TestSection(id: $0, rows: (0..<rng.int(0...5)).map { TestRow(id: 100 * $0) }) }
            var new = old.filter { _ in rng.chance(80) }
            new.shuffle(using: &rng)
            if rng.chance(50) { new.insert(TestSection(id: 99, rows: []), at: rng.int(0...new.count)) }
            let diff = SectionedDiff(from: old, to: new)
            let survivors = Set(new.map(\.id))
            let deletes = Self.paths(&rng, sections: old.count, shuffled: rng.chance(25), allowed: { survivors.contains(old[$0].id) })
            let expected = deletes.map { ItemPath(section: diff.newIndex(ofOldSection: $0.section)!, item: $0.item) }.sorted()
            #expect(Stager<TestSection>.renumbered(deletes, diff) == expected, "\(TestSeeds.rerun(seed, filter: "StructureLists"))")
        }
    }
}
