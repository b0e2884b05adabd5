import Foundation
import RowDiffDataSources

// `rowdiff bench --datasources`, the owner part's SwiftUI row (GitHub issue 28, item 2): the owner
// figures of RowDiffSwiftUI's update path — a `ListUpdater` on the viewport stand-in, handed new
// values of the owner workload's 100,000 items (an item whose state or cell kind changed is a
// changed value; deletes, inserts and moves as in the workload). Timed from `update` (which
// versions every item against the last value on the main thread) until the render is on screen
// (`onRendered`), as a new value of a SwiftUI `List` reaches the screen.

extension DataSourceBench {
    /// The workload's items as values of a declarative list: an item's title carries its cell kind.
    static func declarativeSections(_ spec: [[RowSpec]]) -> [ListViewSection<Int, BenchItem>] {
        spec.enumerated().map { section, rows in
            ListViewSection(
                id: section,
                items: rows.map {
                    BenchItem(id: $0.id, title: "\($0.alternateKind ? "Banner" : "Message") \($0.id)", revision: $0.revision)
                })
        }
    }

    /// `ListUpdater` on a viewport table stand-in, under the owner workload.
    @MainActor
    static func measureDeclarativeOwner(
        old oldSpec: [[RowSpec]], new newSpec: [[RowSpec]], changedRows: Int, warmups: Int, runs: Int
    ) async -> DataSourceReport.OwnerRender {
        let view = ownerView(collection: false)
        let updater = ListUpdater<Int, Int, BenchItem>(host: view) { row, actions in
            RowPresentation(cell: CountedMessageCell.self, state: row.version, actions: actions) { _, _ in
                CountedMessageCell.configurations += 1
            }
        }
        let old = declarativeSections(oldSpec), new = declarativeSections(newSpec)
        /// Hands `value` to the updater and returns once its render is on screen.
        func show(_ value: [ListViewSection<Int, BenchItem>]) async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                var resumed = false
                updater.onRendered = {
                    guard !resumed else { return }
                    resumed = true
                    continuation.resume()
                }
                if !updater.update(value) {
                    resumed = true
                    continuation.resume()
                }
            }
            updater.onRendered = nil
        }
        await show(old)
        view.scroll(toOffset: view.contentHeight / 2)
        func byID(_ sections: [ListViewSection<Int, BenchItem>]) -> [Int: BenchItem] {
            Dictionary(sections.lazy.flatMap(\.items).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let oldItems = byID(old), newItems = byID(new)
        let timed = await timeRenders(
            on: view, warmups: warmups, runs: runs,
            render: { run in await show(run % 2 == 0 ? new : old) },
            changedVisible: { run, visible in
                let (before, after) = run % 2 == 0 ? (oldItems, newItems) : (newItems, oldItems)
                return visible.count { path in
                    let id = updater.owner.dataSource.itemKey(at: path)
                    guard let earlier = before[id], let now = after[id] else { return true }
                    return earlier != now
                }
            })
        return timed.report(
            source: "ListUpdater", view: view, rows: newSpec.reduce(0) { $0 + $1.count }, sections: newSpec.count,
            changedRows: changedRows, changeCount: 0, decision: describe(updater.owner.renderer.lastOutcome),
            explicitRowHeights: updater.owner.hasExplicitRowHeights)
    }
}
