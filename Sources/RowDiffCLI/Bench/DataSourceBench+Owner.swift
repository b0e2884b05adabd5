import Foundation
import RowDiffDataSources
import RowDiffTesting

// `rowdiff bench --datasources`, the owner part (GitHub issue 28, item 2): what a `ListController`
// costs the main thread. 100,000 typed rows (10 sections × 10,000, render-100k-1pct's workload:
// 1 % of the rows changed per render, alternating between the two states) rendered through an owner
// on a viewport stand-in (800 points of 44-point rows, scrolled to the middle of the list; every
// batch checked by row counts and the visible rows), for a table and a collection view; then the
// same workload through the diffable data source and the SwiftUI update path
// (DataSourceBench+DiffableOwner.swift, DataSourceBench+DeclarativeOwner.swift):
//
//   main-thread ms      the main thread's CPU time per render: applying the batches (the stand-in
//                       places, dequeues and configures the visible cells), installing each stage's
//                       data, handing the replaced state to the release queue. The diff runs in the
//                       background.
//   stand-in checks     of that, the time the stand-in spent on checks UIKit does not make
//                       (`StandInListView.checkingTime`: the validator, the data-source comparison
//                       before each batch, the content of every view on screen). The "without"
//                       figures subtract it, render by render: what the owner costs on a device
//                       (where UIKit's own work takes the place of the stand-in's).
//   stand-in layout     of the main thread's time, the stand-in's model of the table's layout after
//                       each batch (`StandInListView.layoutTime`: row heights kept or asked, and
//                       their sums), which UIKit does in its own way on a device; it includes the
//                       owner's answers to the height questions. Reported, not subtracted.
//   request → completion  `renderAndWait` called to returned (wall time: the diff, then the batches).
//   cells configured    per render, at most the visible rows plus the changed visible rows.
//   height calls        row-height questions the view asked: none when no row declares a height.

extension DataSourceReport {
    /// One owner (table or collection view) under the 1 % workload.
    struct OwnerRender: Codable, Sendable {
        /// "table" or "collection".
        var view: String
        /// What drives the view: "ListController", "DiffableListSource" or "ListUpdater".
        var source = "ListController"
        var rows: Int
        var sections: Int
        var viewportHeight: Double
        /// Rows on screen after the last render.
        var visibleRows: Int
        /// Rows changed per render (render-100k-1pct's edit), and the diff's change count.
        var changedRows: Int
        var changeCount: Int
        /// What the renderer did with the last render, e.g. "animated, 3 batches".
        var decision: String
        var warmupRuns: Int
        var timedRuns: Int
        /// The main thread's CPU time per render.
        var mainThreadMs: Stat
        /// `renderAndWait` called to returned.
        var requestToCompletionMs: Stat
        /// The stand-in's checks per render (`StandInListView.checkingTime`), and the two figures
        /// above without them (subtracted render by render).
        var standInCheckMs: Stat
        /// The stand-in's layout per render (`StandInListView.layoutTime`), reported apart.
        var standInLayoutMs: Stat
        var mainThreadWithoutChecksMs: Stat
        var requestToCompletionWithoutChecksMs: Stat
        /// The most cells configured in one render, and the largest visible + changed-and-visible
        /// count of a render (the bound).
        var maximumCellsConfigured: Int
        var maximumConfigureBound: Int
        /// Every render configured at most its visible rows plus its changed visible rows.
        var withinBound: Bool
        /// Row-height questions in the timed renders, and whether the owner reported explicit heights.
        var heightCalls: Int
        var explicitRowHeights: Bool
        /// Views the stand-in made in all (cells and section views): reuse keeps it near a screenful.
        var viewsMade: Int
        /// Problems the stand-in found (UIKit rule violations, stale visible cells): 0 expected.
        var problems: Int
        /// The main thread's release of replaced rows, in slices after the render's turn (nil:
        /// none, e.g. released in the background). Their time is in `mainThreadMs`.
        var releaseSlices: ReleaseSlices? = nil
    }

    /// The slices in which the main thread freed what the timed renders replaced.
    struct ReleaseSlices: Codable, Sendable {
        /// Slices (main-queue turns) per render, on average.
        var perRender: Double
        /// The mean and the longest slice (wall-clock time).
        var meanMs: Double
        var longestMs: Double
        /// Slices longer than twice the budget (`MainThreadReleaseStatistics.slicesOverTwiceTheBudget`).
        var overTwiceTheBudget: Int
        /// Replaced states freed in one go because too many were pending.
        var statesFreedAtOnce: Int
    }
}

/// The cells of the owner measurement: each configuration is counted.
@MainActor final class CountedMessageCell: StandInView, ReusableView {
    static var configurations = 0
}

/// The other cell kind of the workload (its kind-changed rows reload into it).
@MainActor final class CountedBannerCell: StandInView, ReusableView {}

extension DataSourceBench {
    static let ownerViewportHeight = 800.0

    /// The rows of the owner table, in its order: `ListController` on a table and on a collection
    /// view, the diffable data source (also on issue 35 item 3's 100 × 1,000 items with 1 % moved
    /// across sections), the SwiftUI path with the workload's items, with a realistic model value
    /// (an Int id and two strings) and with a plain value, and `ListController` on a table view
    /// with app-like rows (DataSourceBench+AppOwner.swift) (`rowdiff bench --owner` takes these names).
    static let ownerRowNames = [
        "table", "collection", "diffable", "diffable-100x1000", "swiftui", "swiftui-strings", "swiftui-plain", "app",
        "app-main-thread-release",
    ]

    /// The owner measurements, when run from the main thread (the command); nil elsewhere, as
    /// `measureRendererFromMainThread`.
    func measureOwnersFromMainThread(_ names: [String] = DataSourceBench.ownerRowNames) -> [DataSourceReport.OwnerRender]? {
        guard Thread.isMainThread else { return nil }
        let bench = UncheckedOwnerBench(self)
        return Self.runOnMainRunLoop { await bench.value.measureOwnerRows(names) }
    }

    /// The diffable data source and the SwiftUI update path under the same workload, on the main actor.
    @MainActor
    func measureOtherOwners() async -> [DataSourceReport.OwnerRender] {
        await measureOwnerRows(["diffable", "swiftui", "swiftui-strings", "swiftui-plain"])
    }

    /// Both `ListController` rows, on the main actor.
    @MainActor
    func measureOwners() async -> [DataSourceReport.OwnerRender] { await measureOwnerRows(["table", "collection"]) }

    /// The owner table's rows named in `names` (`ownerRowNames`), in the table's order, on the main actor.
    @MainActor
    func measureOwnerRows(_ names: [String]) async -> [DataSourceReport.OwnerRender] {
        let (oldSpec, newSpec, edit) = renderWorkload()
        let rows = Self.ownerRowNames.enumerated().filter { names.contains($0.element) }
        // Both ListController rows render the same typed model: made once, when first needed.
        var counted: (old: [KeyedSection], new: [KeyedSection])?
        var owners: [DataSourceReport.OwnerRender] = []
        for (i, name) in rows {
            let step = "[data sources owner \(i + 1)/\(Self.ownerRowNames.count)]"
            switch name {
            case "table", "collection":
                progress?("\(step) ListController on a viewport \(name == "collection" ? "collection" : "table") view")
                let model = counted ?? (Self.countedModel(oldSpec), Self.countedModel(newSpec))
                counted = model
                owners.append(
                    await Self.measureOwner(
                        collection: name == "collection", old: model.old, new: model.new,
                        changedRows: edit.total, warmups: warmupRuns, runs: timedRuns))
            case "diffable":
                progress?("\(step) DiffableListSource on a viewport table view")
                owners.append(
                    await Self.measureDiffableOwner(
                        old: oldSpec, new: newSpec, changedRows: edit.total, warmups: warmupRuns, runs: timedRuns))
            case "diffable-100x1000":
                progress?("\(step) DiffableListSource on a viewport table view, 100 × 1,000 items, 1 % moved across sections")
                let moved = movedAcrossSectionsWorkload()
                owners.append(
                    await Self.measureDiffableOwner(
                        old: moved.old, new: moved.new, changedRows: moved.moved, warmups: warmupRuns, runs: timedRuns))
            case "app", "app-main-thread-release":
                progress?("\(step) ListController on a viewport table view, app-like rows built every render")
                owners.append(
                    await Self.measureAppOwner(
                        old: oldSpec, new: newSpec, changedRows: edit.total, warmups: warmupRuns, runs: timedRuns,
                        mainThreadRelease: name != "app"))
            case "swiftui-strings":
                progress?("\(step) ListUpdater (SwiftUI's path), items of an Int id and two strings, on a viewport table view")
                owners.append(
                    await Self.measureDeclarativeOwner(
                        StringsBenchItem.self, source: "ListUpdater, Int id + 2 Strings", old: oldSpec, new: newSpec,
                        changedRows: edit.total, warmups: warmupRuns, runs: timedRuns))
            case "swiftui-plain":
                progress?("\(step) ListUpdater (SwiftUI's path), plain value items, on a viewport table view")
                owners.append(
                    await Self.measureDeclarativeOwner(
                        PlainBenchItem.self, source: "ListUpdater, plain value", old: oldSpec, new: newSpec,
                        changedRows: edit.total, warmups: warmupRuns, runs: timedRuns))
            default:
                progress?("\(step) ListUpdater (SwiftUI's path) on a viewport table view")
                owners.append(
                    await Self.measureDeclarativeOwner(
                        old: oldSpec, new: newSpec, changedRows: edit.total, warmups: warmupRuns, runs: timedRuns))
            }
        }
        return owners
    }

    /// The workload's rows as typed rows whose cells count their configurations.
    static func countedModel(_ spec: [[RowSpec]]) -> [KeyedSection] {
        spec.enumerated().map { s, rows in
            KeyedSection(
                key: "section-\(s)",
                rows: rows.map { spec in
                    let state = MessageState(title: "Message \(spec.id)", revision: spec.revision, unread: spec.id % 3 == 0)
                    return spec.alternateKind
                        ? KeyedRow(key: "item-\(spec.id)", cell: CountedBannerCell.self, state: state) { _, _ in
                            CountedMessageCell.configurations += 1
                        }
                        : KeyedRow(key: "item-\(spec.id)", cell: CountedMessageCell.self, state: state) { _, _ in
                            CountedMessageCell.configurations += 1
                        }
                }, headerTitle: "Section \(s)")
        }
    }

    @MainActor
    static func measureOwner(
        collection: Bool, old: [KeyedSection], new: [KeyedSection], changedRows: Int, warmups: Int, runs: Int
    ) async -> DataSourceReport.OwnerRender {
        let view = ownerView(collection: collection)
        let owner = ListController<KeyedSection>(host: view, options: RenderOptions(onDuplicateKeys: nil))
        await owner.renderer.renderAndWait(old)
        view.scroll(toOffset: view.contentHeight / 2)
        // Each state's rows by key, to tell which visible rows a render changed.
        func byKey(_ model: [KeyedSection]) -> [String: KeyedRow] {
            Dictionary(model.lazy.flatMap(\.rows).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let oldRows = byKey(old), newRows = byKey(new)
        let timed = await timeRenders(
            on: view, warmups: warmups, runs: runs,
            render: { run in await owner.renderer.renderAndWait(run % 2 == 0 ? new : old) },
            changedVisible: { run, visible in
                let (before, after) = run % 2 == 0 ? (oldRows, newRows) : (newRows, oldRows)
                return visible.count { path in
                    let key = owner.dataSource.itemKey(at: path)
                    guard let earlier = before[key], let now = after[key] else { return true }
                    return !earlier.isContentEqual(to: now)
                }
            })
        let changeCount = SectionedDiff(from: old, to: new).changeset.changeCount
        return timed.report(
            source: "ListController", view: view, rows: new.reduce(0) { $0 + $1.rows.count }, sections: new.count,
            changedRows: changedRows, changeCount: changeCount, decision: describe(owner.renderer.lastOutcome),
            explicitRowHeights: owner.hasExplicitRowHeights)
    }

    /// A viewport stand-in as every owner measurement uses it: 800 points, checked by row counts
    /// and the visible rows.
    @MainActor
    static func ownerView(collection: Bool) -> StandInListView {
        let view: StandInListView =
            collection
            ? StandInCollectionView(viewportHeight: ownerViewportHeight) : StandInTableView(viewportHeight: ownerViewportHeight)
        view.modelCheck = .countsAndVisibleRows
        view.maximumRecordedBatches = 16
        return view
    }

    /// What a render did, e.g. "animated, 3 batches".
    static func describe(_ outcome: RenderOutcome?) -> String {
        switch outcome {
        case .animated(let batches)?: "animated, \(batches) batch\(batches == 1 ? "" : "es")"
        case .reloaded(let reason)?: "reloaded (\(reason))"
        case .patched(let steps)?: "patched, \(steps) steps"
        case nil: "none"
        }
    }

    /// The figures of timed renders on one view: per render, the main thread's CPU time, the wall
    /// time, the stand-in's checks, the cells configured against their bound, height questions.
    @MainActor
    struct TimedRenders {
        var warmups = 0, runs = 0
        var mainThread: [Double] = [], wall: [Double] = [], checks: [Double] = [], layouts: [Double] = []
        var mostConfigured = 0, mostBound = 0, withinBound = true, heightCalls = 0
        /// The main thread's release slices in the timed renders, the longest, and replaced
        /// states it freed in one go (too many pending).
        var releaseSlices = 0, releaseTime = Duration.zero, longestReleaseSlice = Duration.zero, statesFreedAtOnce = 0
        var slicesOverTwiceTheBudget = 0

        func report(
            source: String, view: StandInListView, rows: Int, sections: Int, changedRows: Int, changeCount: Int,
            decision: String, explicitRowHeights: Bool
        ) -> DataSourceReport.OwnerRender {
            DataSourceReport.OwnerRender(
                view: view.listKind == .collectionView ? "collection" : "table", source: source, rows: rows, sections: sections,
                viewportHeight: ownerViewportHeight, visibleRows: view.indexPathsForVisibleRows.count, changedRows: changedRows,
                changeCount: changeCount, decision: decision, warmupRuns: warmups, timedRuns: runs, mainThreadMs: .init(mainThread),
                requestToCompletionMs: .init(wall), standInCheckMs: .init(checks), standInLayoutMs: .init(layouts),
                mainThreadWithoutChecksMs: .init(zip(mainThread, checks).map { max(0, $0 - $1) }),
                requestToCompletionWithoutChecksMs: .init(zip(wall, checks).map { max(0, $0 - $1) }),
                maximumCellsConfigured: mostConfigured, maximumConfigureBound: mostBound, withinBound: withinBound,
                heightCalls: heightCalls, explicitRowHeights: explicitRowHeights, viewsMade: view.madeViewCount,
                problems: view.problems.count,
                releaseSlices: releaseSlices == 0
                    ? nil
                    : DataSourceReport.ReleaseSlices(
                        perRender: Double(releaseSlices) / Double(max(1, runs)), meanMs: ms(releaseTime) / Double(releaseSlices),
                        longestMs: ms(longestReleaseSlice), overTwiceTheBudget: slicesOverTwiceTheBudget,
                        statesFreedAtOnce: statesFreedAtOnce))
        }
    }

    /// Times `warmups + runs` renders (`render(run)` returns once the render is on screen), each
    /// after an untimed `prepare(run)` (the app's work before its request); after each,
    /// `changedVisible(run, visible)` counts the visible rows that render changed.
    @MainActor
    static func timeRenders(
        on view: StandInListView, warmups: Int, runs: Int, prepare: (_ run: Int) -> Void = { _ in },
        render: (_ run: Int) async -> Void, changedVisible: (_ run: Int, _ visible: [ItemPath]) -> Int
    ) async -> TimedRenders {
        var timed = TimedRenders(warmups: warmups, runs: runs)
        for run in 0..<(warmups + runs) {
            prepare(run)
            let configurations = CountedMessageCell.configurations, heights = view.heightQueryCount
            let checks = view.checkingTime, layouts = view.layoutTime
            let slices = mainThreadReleaseStatistics
            let cpuStart = threadCPUMs(), start = ContinuousClock.now
            await render(run)
            let elapsed = ms(ContinuousClock.now - start)
            // The main thread's time includes freeing what the render replaced, which an owner
            // does on the main thread in slices after the render's turn (none for renders that
            // release in the background or free nothing).
            await waitForMainThreadReleases()
            let cpu = threadCPUMs() - cpuStart
            // Renders that release in the background: the next one starts once this one's
            // replaced rows are freed (untimed: off the main thread, after the completion), as
            // the data-source rows wait for them; otherwise the release of each render overlaps
            // the next one's diff and the app's building of its rows, on this machine's 2 cores.
            waitForBackgroundReleases()
            let sliced = mainThreadReleaseStatistics
            let checked = ms(view.checkingTime - checks), laidOut = ms(view.layoutTime - layouts)
            let configured = CountedMessageCell.configurations - configurations
            let visible = view.indexPathsForVisibleRows
            let changed = changedVisible(run, visible)
            guard run >= warmups else { continue }
            timed.mainThread.append(cpu)
            timed.wall.append(elapsed)
            timed.checks.append(checked)
            timed.layouts.append(laidOut)
            timed.mostConfigured = max(timed.mostConfigured, configured)
            timed.mostBound = max(timed.mostBound, visible.count + changed)
            timed.withinBound = timed.withinBound && configured <= visible.count + changed
            timed.heightCalls += view.heightQueryCount - heights
            timed.releaseSlices += sliced.slices - slices.slices
            timed.releaseTime += sliced.totalTime - slices.totalTime
            timed.slicesOverTwiceTheBudget += sliced.slicesOverTwiceTheBudget - slices.slicesOverTwiceTheBudget
            timed.longestReleaseSlice = max(timed.longestReleaseSlice, sliced.longestSlice)
            timed.statesFreedAtOnce += sliced.statesFreedAtOnce - slices.statesFreedAtOnce
        }
        return timed
    }
}

/// The bench carried to the main actor while the main thread waits for it.
private struct UncheckedOwnerBench: @unchecked Sendable {
    let value: DataSourceBench
    init(_ value: DataSourceBench) { self.value = value }
}

extension DataSourceReport {
    /// The owner's table: main-thread time, latency, cells configured and height calls per render,
    /// for `ListController` on both views, then the diffable data source and the SwiftUI path.
    var ownerTable: String { Self.ownerTable(owners ?? []) }

    /// The owner table of `owners` (empty for none).
    static func ownerTable(_ owners: [OwnerRender]) -> String {
        guard let first = owners.first else { return "" }
        func ms(_ v: Double) -> String {
            v < 1 ? String(format: "%.3f", v) : v < 100 ? String(format: "%.2f", v) : String(format: "%.0f", v)
        }
        func range(_ stat: Stat) -> String { "\(ms(stat.median)) (\(ms(stat.min))–\(ms(stat.max)))" }
        var out =
            "\nowner (GitHub issue 28): ListController rendering \(WorkloadCatalog.n(first.rows)) typed rows in \(first.sections) "
            + "sections, \(WorkloadCatalog.n(first.changedRows)) changed per render (\(WorkloadCatalog.n(first.changeCount)) changes; "
            + "\(first.decision)), on a viewport stand-in (\(Int(first.viewportHeight)) points, \(first.visibleRows) rows visible, "
            + "mid-list; checks: row counts and visible rows); \(first.timedRuns) timed renders after \(first.warmupRuns) warm-up\(first.warmupRuns == 1 ? "" : "s"); "
            + "then the same change as a diffable snapshot (reconfigured and reloaded items marked) and as new values of a SwiftUI list; "
            + "app: ListController with app-like rows (actions and swipe closures, every tenth row a height, three cell kinds, rows built afresh for every render)\n"
        var rows = [
            [
                "source", "view", "render", "main thread ms (median, min–max)", "stand-in checks", "without checks", "stand-in layout",
                "request → completion ms", "without checks", "cells configured (max)", "bound (visible + changed visible)",
                "height calls", "views made", "problems", "main-thread release slices (per render; mean, longest ms; over 2 ms)",
            ]
        ]
        for owner in owners {
            rows.append([
                owner.source, owner.view, owner.decision, range(owner.mainThreadMs), ms(owner.standInCheckMs.median),
                ms(owner.mainThreadWithoutChecksMs.median), ms(owner.standInLayoutMs.median), range(owner.requestToCompletionMs),
                ms(owner.requestToCompletionWithoutChecksMs.median), "\(owner.maximumCellsConfigured)",
                "\(owner.maximumConfigureBound)\(owner.withinBound ? " ✓" : " ✗ EXCEEDED")",
                "\(owner.heightCalls)\(owner.explicitRowHeights ? " (explicit heights)" : "")", "\(owner.viewsMade)", "\(owner.problems)",
                owner.releaseSlices.map {
                    "\(String(format: "%.1f", $0.perRender)); \(ms($0.meanMs)), \(ms($0.longestMs)); \($0.overTwiceTheBudget)"
                        + ($0.statesFreedAtOnce > 0 ? ", \($0.statesFreedAtOnce) at once" : "")
                } ?? "–",
            ])
        }
        out += BenchReport.align(rows, rightAligned: [4, 5, 6, 8, 9, 10, 11, 12, 13, 14])
        out +=
            "  stand-in checks: the stand-in's own checking (validator, data-source comparison, views' content), which UIKit does not do; "
            + "\"without checks\" subtracts it render by render (medians); stand-in layout: of the main thread, the stand-in's model of "
            + "the table's row layout after each batch (UIKit's own work on a device; includes the owner's height answers), not subtracted\n"
        return out
    }
}
