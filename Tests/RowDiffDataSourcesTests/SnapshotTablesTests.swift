import Foundation
import Testing

@testable import RowDiffDataSources

// The snapshot's own hash tables (PlaceTable, the repeat check, the hashes they share) against
// the standard library's collections: seeded, printing the seed on failure (ROWDIFF_SEED reruns).

/// An identifier whose hash is chosen: runs of equal hashes (the table's probing, removal's
/// shifting back, the wrap-around at the end of the slots) are made on purpose.
private struct Colliding: Hashable {
    var value: Int
    var bucket: Int
    func hash(into hasher: inout Hasher) { hasher.combine(bucket) }
}

@Suite("Snapshot tables")
struct SnapshotTablesTests {
    @Test func placeTable_agreesWithADictionary_throughInsertsUpdatesAndRemovals() {
        for seed in diffableSeeds(40, salt: 31) {
            var random = SeededGenerator(seed: seed)
            var table = PlaceTable<Colliding>()
            var model: [Colliding: ItemPlace] = [:]
            // Few buckets: long collision runs; many values: the table grows several times.
            let buckets = 1 + random.below(40)
            for step in 0..<3_000 {
                let item = Colliding(value: random.below(600), bucket: random.below(buckets))
                let place = ItemPlace(section: random.below(5), item: step)
                switch random.below(10) {
                case 0..<5:
                    if table.updateValue(place, forKey: item) != model.updateValue(place, forKey: item) {
                        Issue.record("seed \(seed) (rerun with ROWDIFF_SEED=\(seed)): update of \(item) at step \(step)")
                        return
                    }
                case 5..<8:
                    if table.removeValue(forKey: item) != model.removeValue(forKey: item) {
                        Issue.record("seed \(seed) (rerun with ROWDIFF_SEED=\(seed)): removal of \(item) at step \(step)")
                        return
                    }
                default:
                    if table[item] != model[item] {
                        Issue.record("seed \(seed) (rerun with ROWDIFF_SEED=\(seed)): lookup of \(item) at step \(step)")
                        return
                    }
                }
            }
            #expect(table.count == model.count, "seed \(seed)")
            for (item, place) in model where table[item] != place {
                Issue.record("seed \(seed) (rerun with ROWDIFF_SEED=\(seed)): \(item) lost")
                return
            }
        }
    }

    @Test func oneItemsHash_isItsHashInAnArray() {
        var random = SeededGenerator(seed: 7)
        let uuids = (0..<200).map { _ in UUID(uuid: withUnsafeBytes(of: (random.next(), random.next())) { $0.load(as: uuid_t.self) }) }
        #expect(itemHashes(uuids) == uuids.map(ItemHasher<UUID>().one))
        let strings = uuids.map(\.uuidString)
        #expect(itemHashes(strings) == strings.map(ItemHasher<String>().one))
        let ints = Array(-100..<100)
        #expect(itemHashes(ints) == ints.map(ItemHasher<Int>().one))
        let others = (0..<50).map { Colliding(value: $0, bucket: $0 % 3) }
        #expect(itemHashes(others) == others.map(ItemHasher<Colliding>().one))
    }

    @Test func hashesRepeat_findsEveryRepeat_andNoneWhereThereIsNone() {
        #expect(!hashesRepeat([]))
        #expect(!hashesRepeat([[1], [], [2, 3]]))
        #expect(hashesRepeat([[1, 2], [3, 2]]))
        #expect(hashesRepeat([[5, 5]]))
        // 0 is stored as 1: a 0 and a 1 count as a repeat (the caller then looks closer), never
        // two zeros as none.
        #expect(hashesRepeat([[0], [0]]))
        #expect(hashesRepeat([[0, 1]]))
        var random = SeededGenerator(seed: 11)
        let distinct = Array(Set((0..<5_000).map { _ in random.next() }))
        #expect(!hashesRepeat([distinct]))
        #expect(hashesRepeat([distinct, [distinct[random.below(distinct.count)]]]))
    }
}
