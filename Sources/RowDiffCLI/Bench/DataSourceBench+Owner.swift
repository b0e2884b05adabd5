import Foundation
import RowDiffDataSources

// `rowdiff bench --datasources`, the owner part (GitHub issue 28, item 2): what a `ListController`
// costs the main thread. 100,000 typed rows (10 sections × 10,000, render-100k-1pct's workload:
// 1 % of the rows changed per render, alternating between the two states) rendered through an owner
// on a viewport stand-in (800 points of 44-point rows, scrolled to the middle of the list; every
// batch checked by row counts and the visible rows), for a table and a collection view:
//
//   main-thread ms      the main thread's CPU time per render: applying the batches (the stand-in
//                       places, dequeues and configures the visible cells), installing each stage's
//                       data, handing the replaced state to the release queue. The diff runs in the
//                       background.
//   request → completion  `renderAndWait` called to returned (wall time: the diff, then the batches).
//   cells configured    per render, at most the visible rows plus the changed visible rows.
//   height calls        row-height questions the view asked: none when no row declares a height.

extension DataSourceReport {
    /// One owner (table or collection view) under the 1 % workload.
    struct OwnerRender: Codable, Sendable {
        /// "table" or "collection".
        var view: String
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

    /// The owner measurements, when run from the main thread (the command); nil elsewhere, as
    /// `measureRendererFromMainThread`.
    func measureOwnersFromMainThread() -> [DataSourceReport.OwnerRender]? {
        guard Thread.isMainThread else { return nil }
        let bench = UncheckedOwnerBench(self)
        return Self.runOnMainRunLoop { await bench.value.measureOwners() }
    }

    /// Both owners, on the main actor.
    @MainActor
    func measureOwners() async -> [DataSourceReport.OwnerRender] {
        let (oldSpec, newSpec, edit) = renderWorkload()
        let old = Self.countedModel(oldSpec), new = Self.countedModel(newSpec)
        var owners: [DataSourceReport.OwnerRender] = []
        for (i, collection) in [false, true].enumerated() {
            progress?("[data sources owner \(i + 1)/2] ListController on a viewport \(collection ? "collection" : "table") view")
            owners.append(
                await Self.measureOwner(
                    collection: collection, old: old, new: new, changedRows: edit.total,
                    warmups: warmupRuns, runs: timedRuns))
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
        let view: StandInListView =
            collection
            ? StandInCollectionView(viewportHeight: ownerViewportHeight) : StandInTableView(viewportHeight: ownerViewportHeight)
        view.modelCheck = .countsAndVisibleRows
        view.maximumRecordedBatches = 16
        let owner = ListController<KeyedSection>(host: view, options: RenderOptions(onDuplicateKeys: nil))
        await owner.renderer.renderAndWait(old)
        view.scroll(toOffset: view.contentHeight / 2)
        // Each state's rows by key, to tell which visible rows a render changed.
        func byKey(_ model: [KeyedSection]) -> [String: KeyedRow] {
            Dictionary(model.lazy.flatMap(\.rows).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let oldRows = byKey(old), newRows = byKey(new)
        var mainThread: [Double] = [], wall: [Double] = []
        var mostConfigured = 0, mostBound = 0, withinBound = true, heightCalls = 0
        for run in 0..<(warmups + runs) {
            let toNew = run % 2 == 0
            let (state, before, after) = toNew ? (new, oldRows, newRows) : (old, newRows, oldRows)
            let configurations = CountedMessageCell.configurations, heights = view.heightQueryCount
            let cpuStart = threadCPUMs(), start = ContinuousClock.now
            await owner.renderer.renderAndWait(state)
            let elapsed = ms(ContinuousClock.now - start), cpu = threadCPUMs() - cpuStart
            let configured = CountedMessageCell.configurations - configurations
            let visible = view.indexPathsForVisibleRows
            let changedVisible = visible.count { path in
                let key = owner.dataSource.itemKey(at: path)
                guard let earlier = before[key], let now = after[key] else { return true }
                return !earlier.isContentEqual(to: now)
            }
            guard run >= warmups else { continue }
            mainThread.append(cpu)
            wall.append(elapsed)
            mostConfigured = max(mostConfigured, configured)
            mostBound = max(mostBound, visible.count + changedVisible)
            withinBound = withinBound && configured <= visible.count + changedVisible
            heightCalls += view.heightQueryCount - heights
        }
        let decision: String
        switch owner.renderer.lastOutcome {
        case .animated(let batches)?: decision = "animated, \(batches) batch\(batches == 1 ? "" : "es")"
        case .reloaded(let reason)?: decision = "reloaded (\(reason))"
        case .patched(let steps)?: decision = "patched, \(steps) steps"
        case nil: decision = "none"
        }
        let changeCount = SectionedDiff(from: old, to: new).changeset.changeCount
        return DataSourceReport.OwnerRender(
            view: collection ? "collection" : "table", rows: new.reduce(0) { $0 + $1.rows.count }, sections: new.count,
            viewportHeight: ownerViewportHeight, visibleRows: view.indexPathsForVisibleRows.count, changedRows: changedRows,
            changeCount: changeCount, decision: decision, warmupRuns: warmups, timedRuns: runs, mainThreadMs: .init(mainThread),
            requestToCompletionMs: .init(wall), maximumCellsConfigured: mostConfigured, maximumConfigureBound: mostBound,
            withinBound: withinBound, heightCalls: heightCalls, explicitRowHeights: owner.hasExplicitRowHeights,
            viewsMade: view.madeViewCount, problems: view.problems.count)
    }
}

/// The bench carried to the main actor while the main thread waits for it.
private struct UncheckedOwnerBench: @unchecked Sendable {
    let value: DataSourceBench
    init(_ value: DataSourceBench) { self.value = value }
}

extension DataSourceReport {
    /// The owner's table: main-thread time, latency, cells configured and height calls per render.
    var ownerTable: String {
        guard let owners, let first = owners.first else { return "" }
        func ms(_ v: Double) -> String {
            v < 1 ? String(format: "%.3f", v) : v < 100 ? String(format: "%.2f", v) : String(format: "%.0f", v)
        }
        var out =
            "\nowner (GitHub issue 28): ListController rendering \(WorkloadCatalog.n(first.rows)) typed rows in \(first.sections) "
            + "sections, \(WorkloadCatalog.n(first.changedRows)) changed per render (\(WorkloadCatalog.n(first.changeCount)) changes; "
            + "\(first.decision)), on a viewport stand-in (\(Int(first.viewportHeight)) points, \(first.visibleRows) rows visible, "
            + "mid-list; checks: row counts and visible rows); \(first.timedRuns) timed renders after \(first.warmupRuns) warm-up\(first.warmupRuns == 1 ? "" : "s")\n"
        var rows = [
            [
                "view", "main thread ms (median, min–max)", "request → completion ms", "cells configured (max)",
                "bound (visible + changed visible)",
                "height calls", "views made", "problems",
            ]
        ]
        for owner in owners {
            rows.append([
                owner.view, "\(ms(owner.mainThreadMs.median)) (\(ms(owner.mainThreadMs.min))–\(ms(owner.mainThreadMs.max)))",
                "\(ms(owner.requestToCompletionMs.median)) (\(ms(owner.requestToCompletionMs.min))–\(ms(owner.requestToCompletionMs.max)))",
                "\(owner.maximumCellsConfigured)", "\(owner.maximumConfigureBound)\(owner.withinBound ? " ✓" : " ✗ EXCEEDED")",
                "\(owner.heightCalls)\(owner.explicitRowHeights ? " (explicit heights)" : "")", "\(owner.viewsMade)", "\(owner.problems)",
            ])
        }
        out += BenchReport.align(rows, rightAligned: [2, 3, 5, 6, 7])
        return out
    }
}
