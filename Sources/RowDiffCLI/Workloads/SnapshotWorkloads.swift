import Foundation
@_spi(Bench) import RowDiffDataSources

// GitHub issue 35's snapshot group: the diffable snapshot API as an app calls it, from a module of
// its own (`rowdiff bench --snapshot`, and the Snapshot_ benchmarks of Benchmarks/, which compile
// this file too). UUID items, Int sections. Each operation carries the target and the
// figure ListKit measured for it on this machine kind (2026-11-28, release, called from a
// separate module, median of 101 interleaved runs), for the comparison printed beside ours.

/// One snapshot operation: inputs made once, a fresh state per timed run (made untimed), and the
/// timed call.
struct SnapshotOperation: Sendable {
    /// A name without spaces (package-benchmark looks thresholds up by it).
    let name: String
    /// The operation as the table words it.
    let summary: String
    /// The target, ms.
    let targetMs: Double
    /// ListKit's median in the table, ms.
    let listKitMs: Double
    /// Makes the untimed state of one run and returns the timed call on it (which returns a
    /// count, to keep the optimiser from dropping the work).
    let prepare: @Sendable () -> @Sendable () -> Int
}

typealias BenchSnapshot = DiffableDataSourceSnapshot<Int, UUID>

/// The operations of issue 35's table, in its order. Every input is a pure function of the seed
/// and the scale (`scale` multiplies the item counts; tests use a tiny one).
enum SnapshotWorkloads {
    static func operations(scale: Double = 1) -> [SnapshotOperation] {
        func s(_ count: Int) -> Int { max(1, Int((Double(count) * scale).rounded())) }
        var generator = SeededGenerator(seed: WorkloadCatalog.seed ^ WorkloadCatalog.stableHash("snapshot"))
        func uuids(_ count: Int) -> [UUID] { (0..<count).map { _ in generator.uuid() } }

        let items10k = uuids(s(10_000)), items50k = uuids(s(50_000)), items5k = uuids(s(5_000))
        let grid100 = (0..<100).map { _ in uuids(s(100)) }
        let grid50 = (0..<50).map { _ in uuids(s(200)) }
        // Every other item: spread over the whole section, as deletes and reloads usually are.
        let half10k = stride(from: 0, to: items10k.count, by: 2).map { items10k[$0] }
        let doomedSections = Array(stride(from: 0, to: 50, by: 2))
        // 50 % overlap: every other item kept, in order, and as many new ones at random positions.
        var overlap = half10k
        for item in uuids(items10k.count - half10k.count) { overlap.insert(item, at: generator.index(below: overlap.count + 1)) }
        var shuffled = items10k
        shuffled.shuffle(using: &generator)
        // 100 × 1,000 with 1 % of the items moved to another section, at a random position there.
        let grid1000 = (0..<100).map { _ in uuids(s(1_000)) }
        var moved = grid1000
        for _ in 0..<max(1, grid1000.count * grid1000[0].count / 100) {
            var from = generator.index(below: moved.count)
            while moved[from].isEmpty { from = generator.index(below: moved.count) }
            var to = generator.index(below: moved.count - 1)
            if to >= from { to += 1 }
            let item = moved[from].remove(at: generator.index(below: moved[from].count))
            moved[to].insert(item, at: generator.index(below: moved[to].count + 1))
        }

        return [
            SnapshotOperation(name: "build-10k", summary: "build 10k items in one section", targetMs: 0.002, listKitMs: 0.0018) {
                { snapshot([items10k]).numberOfSections }
            },
            SnapshotOperation(name: "build-50k", summary: "build 50k items", targetMs: 0.011, listKitMs: 0.011) {
                { snapshot([items50k]).numberOfSections }
            },
            SnapshotOperation(name: "build-100x100", summary: "build 100 sections × 100", targetMs: 0.04, listKitMs: 0.043) {
                { snapshot(grid100).numberOfSections }
            },
            SnapshotOperation(
                name: "delete-5k-of-10k", summary: "delete 5k of 10k items (build included)", targetMs: 0.3, listKitMs: 1.16
            ) {
                {
                    var built = snapshot([items10k])
                    built.deleteItems(half10k)
                    return built.numberOfSections
                }
            },
            SnapshotOperation(
                name: "delete-25-of-50-sections", summary: "delete 25 of 50 sections (build included)", targetMs: 0.2, listKitMs: 0.53
            ) {
                {
                    var built = snapshot(grid50)
                    built.deleteSections(doomedSections)
                    return built.numberOfSections
                }
            },
            SnapshotOperation(
                name: "reload-5k-of-10k", summary: "reload 5k of 10k items (build included)", targetMs: 0.15, listKitMs: 0.28
            ) {
                {
                    var built = snapshot([items10k])
                    built.reloadItems(half10k)
                    return built.numberOfSections
                }
            },
            SnapshotOperation(
                name: "itemIdentifiers-100x-5k", summary: "`itemIdentifiers` read 100× on 5k items", targetMs: 0.05, listKitMs: 0.079
            ) {
                let built = snapshot([items5k])
                return {
                    var total = 0
                    for _ in 0..<100 { total &+= built.itemIdentifiers.count }
                    return total
                }
            },
            SnapshotOperation(
                name: "section-queries-100x100",
                summary: "`numberOfItems(inSection:)` + `itemIdentifiers(inSection:)` for all sections of a fresh 100 × 100",
                targetMs: 0.005, listKitMs: 0.0016
            ) {
                let built = snapshot(grid100)
                return {
                    var total = 0
                    for section in 0..<100 {
                        total &+= built.numberOfItems(inSection: section) &+ built.itemIdentifiers(inSection: section).count
                    }
                    return total
                }
            },
            SnapshotOperation(
                name: "indexOfItem-10k", summary: "`indexOfItem` for each of 10k items, first lookup included", targetMs: 0.5,
                listKitMs: 819
            ) {
                let built = snapshot([items10k])
                return {
                    var total = 0
                    for item in items10k { total &+= built.indexOfItem(item) ?? 0 }
                    return total
                }
            },
        ] + applyDiffOperations(items10k: items10k, overlap: overlap, shuffled: shuffled, grid1000: grid1000, moved: moved)
    }

    /// Apply's diff, through `DiffableApplyBench` (SPI: the rows, the diff and the stages are
    /// package-only, and the Benchmarks package is another package).
    static func applyDiffOperations(
        items10k: [UUID], overlap: [UUID], shuffled: [UUID], grid1000: [[UUID]], moved: [[UUID]]
    ) -> [SnapshotOperation] {
        [
            applyDiff(
                "apply-diff-10k-overlap", "apply's diff, 10k items, 50 % overlap (snapshot → batches)", target: 0.3, listKit: 4.41,
                old: [items10k], new: [overlap]),
            applyDiff(
                "apply-diff-10k-nochange", "apply's diff, 10k, no change", target: 0.05, listKit: 0.053, old: [items10k],
                new: [items10k]),
            applyDiff(
                "apply-diff-10k-shuffled", "apply's diff, 10k shuffled", target: 0.4, listKit: 4.32, old: [items10k], new: [shuffled]),
            applyDiff(
                "apply-diff-100x1000-1pct-moved", "apply's diff, 100 sections × 1,000, 1 % of items moved to other sections",
                target: 3, listKit: 37.0, old: grid1000, new: moved),
        ]
    }

    /// A snapshot of `sections` (identifiers 0, 1, …), built as an app builds one.
    static func snapshot(_ sections: [[UUID]]) -> BenchSnapshot {
        var snapshot = BenchSnapshot()
        snapshot.appendSections(Array(sections.indices))
        for (section, items) in sections.enumerated() { snapshot.appendItems(items, toSection: section) }
        return snapshot
    }

    /// What applying `new` over `old` computes before it touches the view, as the data source's
    /// background task does (`DiffableApplyBench`): `new`'s rows (given the rows on screen, as the
    /// renderer gives them), the diff from the rows on screen (`old`'s, rendered by the previous
    /// apply: untimed) and the batches, specialised in this module as an app's apply specialises
    /// them in the app's, and the renderer's decision. Every change is animated (staged), as UIKit's
    /// data source does. Each run builds `new` afresh (untimed), as an app builds the snapshot it
    /// applies, and applies it over the same rows on screen, with the same renderer's context.
    static func applyDiff(
        _ name: String, _ summary: String, target: Double, listKit: Double, old: [[UUID]], new: [[UUID]]
    ) -> SnapshotOperation {
        // One view for all runs: a data source's renderer keeps its diff context between applies.
        let view = DiffableApplyBench(showing: snapshot(old))
        return SnapshotOperation(name: name, summary: summary, targetMs: target, listKitMs: listKit) {
            let applied = snapshot(new)
            return { view.stages(applying: applied) }
        }
    }
}
