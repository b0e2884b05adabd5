import Foundation
import RowDiffDataSources

// `rowdiff bench --datasources`, the owner part's diffable row (GitHub issue 28, item 2): the
// owner figures of the diffable data source as `TableViewDiffableDataSource` uses it — a
// `DiffableListSource` (a `DiffableDataSourceCore` and a cell provider) on the viewport stand-in,
// applying snapshots of the owner workload's 100,000 items: the items whose state changed are
// marked reconfigured, those whose cell kind changed reloaded, and the deletes, inserts and moves
// are the snapshots' differences. Timed from `apply` to its return, once the view shows the
// snapshot (the identifiers are wrapped as rows and diffed off the main thread).

extension DataSourceBench {
    /// The two snapshots of the owner workload, each marked with the items that differ between
    /// them (so applying either one after the other reconfigures or reloads exactly those).
    static func diffableSnapshots(
        old: [[RowSpec]], new: [[RowSpec]]
    ) -> (old: DiffableDataSourceSnapshot<Int, Int>, new: DiffableDataSourceSnapshot<Int, Int>) {
        var before: [Int: RowSpec] = [:]
        for spec in old.joined() { before[spec.id] = spec }
        var reconfigured: [Int] = [], reloaded: [Int] = []
        for spec in new.joined() {
            guard let earlier = before[spec.id] else { continue }
            if earlier.alternateKind != spec.alternateKind {
                reloaded.append(spec.id)
            } else if earlier.revision != spec.revision {
                reconfigured.append(spec.id)
            }
        }
        func snapshot(_ spec: [[RowSpec]]) -> DiffableDataSourceSnapshot<Int, Int> {
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections(Array(spec.indices))
            for (section, rows) in spec.enumerated() { snapshot.appendItems(rows.map(\.id), toSection: section) }
            snapshot.reconfigureItems(reconfigured)
            snapshot.reloadItems(reloaded)
            return snapshot
        }
        return (snapshot(old), snapshot(new))
    }

    /// GitHub issue 35 item 3's shape: 100 sections × 1,000 items, then 1 % of the items moved,
    /// each to a random position of another section (no item changes otherwise).
    func movedAcrossSectionsWorkload() -> (old: [[RowSpec]], new: [[RowSpec]], moved: Int) {
        let sectionCount = 100, perSection = max(1, Int((Double(1_000) * scale).rounded()))
        var generator = SeededGenerator(seed: WorkloadCatalog.seed ^ WorkloadCatalog.stableHash("moved-100x1000"))
        let old = (0..<sectionCount).map { s in (0..<perSection).map { RowSpec(id: s * perSection + $0) } }
        var new = old
        let moved = max(1, sectionCount * perSection / 100)
        for _ in 0..<moved {
            var from = generator.index(below: sectionCount)
            while new[from].isEmpty { from = generator.index(below: sectionCount) }
            var to = generator.index(below: sectionCount - 1)
            if to >= from { to += 1 }
            let row = new[from].remove(at: generator.index(below: new[from].count))
            new[to].insert(row, at: generator.index(below: new[to].count + 1))
        }
        return (old, new, moved)
    }

    /// The diffable data source on a viewport table stand-in, under the owner workload.
    @MainActor
    static func measureDiffableOwner(
        old oldSpec: [[RowSpec]], new newSpec: [[RowSpec]], changedRows: Int, warmups: Int, runs: Int
    ) async -> DataSourceReport.OwnerRender {
        let view = ownerView(collection: false)
        view.register(ViewRegistration(CountedMessageCell.self, for: .cell))
        let source = DiffableListSource<Int, Int>(host: view) { host, path, _ in
            let cell = host.dequeueView(.cell, reuseIdentifier: CountedMessageCell.reuseIdentifier, at: path)
            CountedMessageCell.configurations += 1
            return cell
        }
        let (old, new) = diffableSnapshots(old: oldSpec, new: newSpec)
        await source.core.apply(old)
        view.scroll(toOffset: view.contentHeight / 2)
        // The rows whose cells a render must configure again: the marked ones, and inserted ones.
        var changed = Set(old.reconfiguredItemIdentifiers)
        changed.formUnion(old.reloadedItemIdentifiers)
        let oldIDs = Set(oldSpec.joined().map(\.id)), newIDs = Set(newSpec.joined().map(\.id))
        let timed = await timeRenders(
            on: view, warmups: warmups, runs: runs,
            render: { run in await source.core.apply(run % 2 == 0 ? new : old) },
            changedVisible: { run, visible in
                let before = run % 2 == 0 ? oldIDs : newIDs
                return visible.count { path in
                    guard let id = source.core.itemIdentifier(for: path) else { return true }
                    return changed.contains(id) || !before.contains(id)
                }
            })
        return timed.report(
            source: "DiffableListSource", view: view, rows: newSpec.reduce(0) { $0 + $1.count }, sections: newSpec.count,
            changedRows: changedRows, changeCount: 0, decision: describe(source.core.renderer.lastOutcome), explicitRowHeights: false)
    }
}
