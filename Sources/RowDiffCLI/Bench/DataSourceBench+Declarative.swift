import Foundation
import RowDiffDataSources

// `rowdiff bench --datasources`, the declarative part (RowDiffSwiftUI's update path, `ListUpdater`):
//
//   update-100k-1pct  100,000 Identifiable items (10 sections × 10,000); each new value changes 1 %
//                     of them (a new revision). Main-thread time from the new value to the render
//                     request (`ListUpdater.update`: identities, `==`, rows; target ≤ 5 ms), and from
//                     the new value until the render is on screen (the diff runs off the main thread).
//   prepend-100k      the same list; each new value inserts one item at the top of the first
//                     section, as a feed or a chat does: main-thread time (new value → render request).
//   stream-60hz       10,000 items; a new value every 1/60 s for 10 s (a renamed item and a moved one
//                     each): render requests, applied renders, the most renders applied within one
//                     frame, reloads after the first render (target 0), and whether the last value
//                     is what the view shows.
//
// The view is a host that shows 20 rows: it configures cells for those only, as a list view on
// screen does, so the row content (here a string) is built for 20 rows per reload, not 100,000.

extension DataSourceReport {
    /// The declarative update path's figures.
    struct Declarative: Codable, Sendable {
        var rows: Int
        var changedRows: Int
        /// Main-thread ms from a new value to its render request.
        var updateMs: Stat
        /// Ms from a new value until its render is on screen.
        var onScreenMs: Stat
        var targetMs: Double
        var meetsTarget: Bool
        /// Row content built during the timed updates (cells configured): reconfigured rows on
        /// screen only.
        var rowContentBuilt: Int
        /// Main-thread ms from a new value with one item inserted at the top to its render request.
        var prependMs: Stat
        var stream: Stream
    }

    struct Stream: Codable, Sendable {
        var rows: Int
        var seconds: Double
        var updates: Int
        var renderRequests: Int
        var appliedRenders: Int
        /// The most renders applied between two consecutive new values.
        var maximumRendersPerFrame: Int
        var reloads: Int
        var lastStateShown: Bool
        /// Main-thread ms of each update (new value → render request).
        var updateMs: Stat
    }
}

/// An item of the declarative bench, as an app's model value.
struct BenchItem: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
    var revision: Int
}

/// A cell of the bench host: what a hosted row would show.
@MainActor
final class BenchCell: ReusableView {
    var text = ""
}

/// A list view for the bench that shows its first `visibleRows` rows: it dequeues cells for those
/// only (at a reload, and when a batch reconfigures one of them) and installs each batch's data.
@MainActor
final class BenchListHost: ListViewHost {
    let listKind = ListViewKind.collectionView
    weak var source: (any ListViewSource)?
    var animations = TableAnimations.automatic
    var isVisible: Bool { true }
    var updateMode: UpdateMode { .batches(reconfigures: true) }
    let visibleRows: Int
    private(set) var reloads = 0
    private var pool: [BenchCell] = []

    init(visibleRows: Int) { self.visibleRows = visibleRows }

    func register(_ registration: ViewRegistration) {}

    func dequeueView(_ element: ListElement, reuseIdentifier: String, at path: ItemPath) -> AnyObject? {
        pool.popLast() ?? BenchCell()
    }

    func performBatchUpdates(
        _ update: BatchUpdate, installingData install: @escaping @MainActor @Sendable () -> Void,
        completion: @escaping @MainActor @Sendable (Bool) -> Void
    ) {
        install()
        for path in update.itemReconfigures + update.itemReloads + update.itemInserts where path.section == 0 && path.item < visibleRows {
            if let cell = source?.cell(at: path) as? BenchCell { pool.append(cell) }
        }
        completion(true)
    }

    func reloadData() {
        reloads += 1
        guard let source, source.numberOfSections > 0 else { return }
        for item in 0..<min(visibleRows, source.numberOfItems(in: 0)) {
            if let cell = source.cell(at: ItemPath(section: 0, item: item)) as? BenchCell { pool.append(cell) }
        }
    }

    func deselectItem(at path: ItemPath, animated: Bool) {}
    func visibleSupplementaryView(_ element: ListElement, in section: Int) -> AnyObject? { nil }
    func showSupplementaryTitle(_ title: String?, for element: ListElement, in section: Int) {}
    func invalidateSupplementaryLayout() {}
    func sourceCapabilitiesChanged() {}
    func restoreAfterRefusedMove(from source: ItemPath, to destination: ItemPath) { reloadData() }
}

extension DataSourceBench {
    static let declarativeTargetMs = 5.0

    /// The declarative figures, when run from the main thread (the command); nil elsewhere, as
    /// `measureRendererFromMainThread()`.
    func measureDeclarativeFromMainThread() -> DataSourceReport.Declarative? {
        guard Thread.isMainThread else { return nil }
        let scaled = { (count: Int) in max(1, Int((Double(count) * scale).rounded())) }
        let (rows, streamRows, runs, warmups) = (scaled(100_000), scaled(10_000), timedRuns, warmupRuns)
        progress?("[data sources declarative] update path at \(rows) rows, 1 % changed; 60 updates/s for 10 s")
        return Self.runOnMainRunLoop { @MainActor in
            await Self.measureDeclarative(rows: rows, streamRows: streamRows, seconds: 10, runs: runs, warmups: warmups)
        }
    }

    /// Both declarative measurements on the main actor. Tests call it with small sizes.
    @MainActor
    static func measureDeclarative(
        rows: Int, streamRows: Int, seconds: Double, runs: Int, warmups: Int
    ) async -> DataSourceReport.Declarative {
        var built = 0
        let host = BenchListHost(visibleRows: 20)
        let updater = ListUpdater<Int, Int, BenchItem>(host: host) { row, actions in
            RowPresentation(cell: BenchCell.self, state: row.version, actions: actions) { cell, _ in
                built += 1
                cell.text = "\(row.item.title) r\(row.item.revision)"
            }
        }
        let sectionCount = 10
        var sections = (0..<sectionCount).map { section in
            ListViewSection(
                id: section,
                items: (0..<max(1, rows / sectionCount)).map { item in
                    let id = section * rows + item
                    return BenchItem(id: id, title: "item \(id)", revision: 0)
                })
        }
        updater.update(sections)
        await updater.owner.renderer.waitUntilIdle()
        let total = sections.reduce(0) { $0 + $1.items.count }
        let changed = max(1, total / 100)
        var updates: [Double] = [], onScreen: [Double] = []
        built = 0
        for run in 0..<(warmups + runs) {
            // 1 % of the items get a new revision, spread over the sections.
            for change in 0..<changed {
                let index = (change &* 7_919 &+ run &* 104_729) % total
                sections[index % sectionCount].items[index / sectionCount % sections[index % sectionCount].items.count].revision += 1
            }
            let start = ContinuousClock.now
            updater.update(sections)
            let requested = ContinuousClock.now
            await updater.owner.renderer.waitUntilIdle()
            if run >= warmups {
                updates.append(ms(requested - start))
                onScreen.append(ms(ContinuousClock.now - start))
            }
        }
        let updateStat = DataSourceReport.Stat(updates)
        let builtInUpdates = built
        var prepends: [Double] = []
        for run in 0..<(warmups + runs) {
            sections[0].items.insert(BenchItem(id: -1 - run, title: "new \(run)", revision: 0), at: 0)
            let start = ContinuousClock.now
            updater.update(sections)
            let requested = ContinuousClock.now
            await updater.owner.renderer.waitUntilIdle()
            if run >= warmups { prepends.append(ms(requested - start)) }
        }
        let stream = await measureStream(rows: streamRows, seconds: seconds)
        return DataSourceReport.Declarative(
            rows: total, changedRows: changed, updateMs: updateStat, onScreenMs: DataSourceReport.Stat(onScreen),
            targetMs: declarativeTargetMs,
            meetsTarget: updateStat.median <= declarativeTargetMs, rowContentBuilt: builtInUpdates,
            prependMs: DataSourceReport.Stat(prepends), stream: stream)
    }

    /// A new value every 1/60 s for `seconds`, on `rows` items in one section.
    @MainActor
    static func measureStream(rows: Int, seconds: Double) async -> DataSourceReport.Stream {
        let host = BenchListHost(visibleRows: 20)
        let updater = ListUpdater<Int, Int, BenchItem>(host: host) { row, actions in
            RowPresentation(cell: BenchCell.self, state: row.version, actions: actions) { cell, _ in cell.text = row.item.title }
        }
        var items = (0..<max(2, rows)).map { BenchItem(id: $0, title: "item \($0)", revision: 0) }
        updater.update([ListViewSection(id: 0, items: items)])
        await updater.owner.renderer.waitUntilIdle()
        let reloadsBefore = host.reloads, rendersBefore = updater.owner.renderer.appliedRenderCount
        let requestsBefore = updater.renderRequestCount
        let frames = max(1, Int(seconds * 60))
        var perFrame = 0, times: [Double] = []
        let clock = ContinuousClock()
        let start = clock.now
        for frame in 0..<frames {
            let rendersAtFrame = updater.owner.renderer.appliedRenderCount
            items[(frame &* 7_919) % items.count].title = "frame \(frame)"
            let moved = items.remove(at: (frame &* 31) % items.count)
            items.insert(moved, at: (frame &* 17) % (items.count + 1))
            let before = clock.now
            updater.update([ListViewSection(id: 0, items: items)])
            times.append(ms(clock.now - before))
            // The next frame's deadline, as a display link would call.
            try? await clock.sleep(until: start + .microseconds(Int64(frame + 1) * 16_667))
            perFrame = max(perFrame, updater.owner.renderer.appliedRenderCount - rendersAtFrame)
        }
        await updater.owner.renderer.waitUntilIdle()
        let shown =
            updater.owner.dataSource.sections.map { $0.rows.map(\.id) } == [items.map(\.id)]
            && zip(updater.owner.dataSource.sections[0].rows, updater.sections[0].rows).allSatisfy { $0.version == $1.version }
        return DataSourceReport.Stream(
            rows: items.count, seconds: seconds, updates: frames, renderRequests: updater.renderRequestCount - requestsBefore,
            appliedRenders: updater.owner.renderer.appliedRenderCount - rendersBefore, maximumRendersPerFrame: perFrame,
            reloads: host.reloads - reloadsBefore, lastStateShown: shown, updateMs: DataSourceReport.Stat(times))
    }
}

extension DataSourceReport {
    /// The declarative table; empty when it was not measured.
    var declarativeTable: String { declarative?.table ?? "" }
}

extension DataSourceReport.Declarative {
    /// The human-readable table.
    var table: String {
        let declarative = self
        func ms(_ v: Double) -> String {
            v < 1 ? String(format: "%.3f", v) : v < 100 ? String(format: "%.2f", v) : String(format: "%.0f", v)
        }
        let d = declarative, st = declarative.stream
        var out =
            "\ndeclarative updates (RowDiffSwiftUI's path, ListUpdater): \(WorkloadCatalog.n(d.rows)) Identifiable items, "
            + "\(WorkloadCatalog.n(d.changedRows)) changed per value; a view showing 20 rows\n"
        var rows = [["step (ms)", "median", "min", "max", "target"]]
        rows.append([
            "new value → render request (main thread)", ms(d.updateMs.median), ms(d.updateMs.min), ms(d.updateMs.max),
            d.meetsTarget ? "≤ \(ms(d.targetMs)) ✓" : "≤ \(ms(d.targetMs)) ✗ MISSED",
        ])
        rows.append(["new value → on screen", ms(d.onScreenMs.median), ms(d.onScreenMs.min), ms(d.onScreenMs.max), ""])
        rows.append([
            "one item inserted at the top → render request", ms(d.prependMs.median), ms(d.prependMs.min), ms(d.prependMs.max), "",
        ])
        out += BenchReport.align(rows, rightAligned: [1, 2, 3])
        out += "  row content built in those updates: \(d.rowContentBuilt) (the changed rows on screen only)\n"
        out +=
            "\n60 updates a second for \(ms(st.seconds)) s on \(WorkloadCatalog.n(st.rows)) items (a rename and a move each): "
            + "\(st.updates) values, \(st.renderRequests) render requests, \(st.appliedRenders) renders applied, "
            + "at most \(st.maximumRendersPerFrame) per frame, \(st.reloads) reloads (target 0), last state shown: "
            + "\(st.lastStateShown ? "yes" : "NO"); update ms median \(ms(st.updateMs.median)), max \(ms(st.updateMs.max))\n"
        return out
    }
}
