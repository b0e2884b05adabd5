import Testing
@testable import RowDiff

/// Diffs whose row maps are large enough to be faulted in on another core while the core matches
/// (`Prefault.minimumBytes`): the maps, changes and applied result must be what they are for any
/// other diff. Under ThreadSanitizer this also checks that the worker's request races with nothing.
@Suite("Large row maps")
struct LargeMapsTests {
    struct Row: Diffable, Identifiable, Equatable {
        let id: Int
        var content: Int
    }

    @Test func aDiffWithPrefaultedMaps_isConsistentAndApplies() {
        let count = Prefault.minimumBytes / MemoryLayout<UInt32>.stride / 2 + 1_000
        var rng = SplitMix64(seed: 0x1A5E)
        let old = (0..<count).map { Row(id: $0, content: 0) }
        var new = old
        // Delete a block, insert fresh rows elsewhere, swap a few and edit some contents.
        new.removeSubrange(1_000..<3_000)
        new.insert(contentsOf: (0..<2_500).map { Row(id: count + $0, content: 1) }, at: 50_000)
        for _ in 0..<200 {
            let a = rng.int(0...new.count - 1), b = rng.int(0...new.count - 1)
            new.swapAt(a, b)
        }
        for _ in 0..<500 { new[rng.int(0...new.count - 1)].content += 1 }
        #expect((old.count + new.count) * MemoryLayout<UInt32>.stride >= Prefault.minimumBytes)

        let diff = SectionedDiff(from: [FlatSection(rows: old)], to: [FlatSection(rows: new)])
        let applied = diff.changeset.applied(to: [FlatSection(rows: old)], inserting: [FlatSection(rows: new)])
        #expect(applied.first?.rows == new)
        var mapsAgree = true
        for item in new.indices {
            let path = ItemPath(section: 0, item: item)
            if let from = diff.oldPath(ofNewItem: path) {
                mapsAgree = mapsAgree && old[from.item].id == new[item].id && diff.newPath(ofOldItem: from) == path
            } else {
                mapsAgree = mapsAgree && new[item].id >= count
            }
        }
        #expect(mapsAgree)
        #expect(diff.changeset.itemDeletes.count == 2_000 && diff.changeset.itemInserts.count == 2_500)
    }
}
