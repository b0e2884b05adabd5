import Foundation
import RowDiffDataSources

// `rowdiff bench --datasources`, the owner part's SwiftUI row (GitHub issue 28, item 2): the owner
// figures of RowDiffSwiftUI's update path — a `ListUpdater` on the viewport stand-in, handed new
// values of the owner workload's 100,000 items (an item whose state or cell kind changed is a
// changed value; deletes, inserts and moves as in the workload). Timed from `update` (which
// versions every item against the last value on the main thread) until the render is on screen
// (`onRendered`), as a new value of a SwiftUI `List` reaches the screen. Three item types: the
// workload's `BenchItem` (an Int id, a title, a revision), a realistic model value (an Int id and
// two `String`s, `swiftui-strings`) and a plain value with no reference (`swiftui-plain`).

/// An item type of the SwiftUI owner rows, made from a workload row.
protocol OwnerBenchItem: Identifiable, Equatable, Sendable where ID == Int {
    init(_ spec: DataSourceBench.RowSpec)
}

extension BenchItem: OwnerBenchItem {
    init(_ spec: DataSourceBench.RowSpec) {
        self.init(id: spec.id, title: "\(spec.alternateKind ? "Banner" : "Message") \(spec.id)", revision: spec.revision)
    }
}

/// An app's model value: an Int id and two strings (longer than 15 bytes, so each is a reference
/// to storage of its own, as most real titles are).
struct StringsBenchItem: OwnerBenchItem {
    var id: Int
    var title: String
    var subtitle: String

    init(_ spec: DataSourceBench.RowSpec) {
        id = spec.id
        title = "\(spec.alternateKind ? "Banner" : "Message") number \(spec.id)"
        subtitle = "Revision \(spec.revision) of the message"
    }
}

/// A value of plain bytes (no reference): an Int id, a revision and a kind.
struct PlainBenchItem: OwnerBenchItem {
    var id: Int
    var revision: Int
    var isBanner: Bool

    init(_ spec: DataSourceBench.RowSpec) {
        id = spec.id
        revision = spec.revision
        isBanner = spec.alternateKind
    }
}

extension DataSourceBench {
    /// The workload's items as values of a declarative list: an item's title carries its cell kind.
    static func declarativeSections(_ spec: [[RowSpec]]) -> [ListViewSection<Int, BenchItem>] {
        declarativeSections(spec, as: BenchItem.self)
    }

    /// The workload's items as values of `Item`.
    static func declarativeSections<Item: OwnerBenchItem>(_ spec: [[RowSpec]], as _: Item.Type) -> [ListViewSection<Int, Item>] {
        spec.enumerated().map { section, rows in ListViewSection(id: section, items: rows.map(Item.init)) }
    }

    /// `ListUpdater` on a viewport table stand-in, under the owner workload.
    @MainActor
    static func measureDeclarativeOwner<Item: OwnerBenchItem>(
        _: Item.Type = BenchItem.self, source: String = "ListUpdater",
        old oldSpec: [[RowSpec]], new newSpec: [[RowSpec]], changedRows: Int, warmups: Int, runs: Int
    ) async -> DataSourceReport.OwnerRender {
        let view = ownerView(collection: false)
        let updater = ListUpdater<Int, Int, Item>(host: view) { row, actions in
            RowPresentation(cell: CountedMessageCell.self, state: row.version, actions: actions) { _, _ in
                CountedMessageCell.configurations += 1
            }
        }
        // The new value keeps the old value's unchanged items (their strings share storage), as an
        // app's state does when it changes a few items: separately made equal strings would not be
        // the same bytes, and every item would be compared with `==`.
        let old = declarativeSections(oldSpec, as: Item.self)
        let oldByID = Dictionary(old.lazy.flatMap(\.items).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let new = declarativeSections(newSpec, as: Item.self).map { section in
            ListViewSection(id: section.id, items: section.items.map { item in oldByID[item.id].flatMap { $0 == item ? $0 : nil } ?? item })
        }
        /// Hands `value` to the updater and returns once its render is on screen.
        func show(_ value: [ListViewSection<Int, Item>]) async {
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
        func byID(_ sections: [ListViewSection<Int, Item>]) -> [Int: Item] {
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
            source: source, view: view, rows: newSpec.reduce(0) { $0 + $1.count }, sections: newSpec.count,
            changedRows: changedRows, changeCount: 0, decision: describe(updater.owner.renderer.lastOutcome),
            explicitRowHeights: updater.owner.hasExplicitRowHeights)
    }
}
