import Foundation
import RowDiffDataSources
import RowDiffTesting

// `rowdiff bench --soak`: a long run of one ListController on a viewport stand-in (GitHub issue
// 28, item 3), a table view or (`--soak-view collection`) a collection view. An app's model of
// 100,000 rows in 10 sections (`--soak-rows`; scaled by --scale) is rendered again and again with
// 1 % of its rows changed each time (states, a few inserts, deletes and moves; the app keeps the
// rows it made for unchanged items, as one rendering from a store does), while the user scrolls,
// taps, swipes rows away and drags them (1–3 actions between renders, each through the stand-in
// under UIKit's rules, the app mirroring deletes and moves in its model). Every section has a
// title header and a title footer that counts its rows, so most renders and every delete or
// cross-section drag change some footer, which the owner updates in place (issue 34, item 8).
// The owner keeps the first visible row in place and prefetches. After every render the
// stand-in's checks must pass (UIKit's rules on every batch, by row counts; visible cells,
// headers and footers showing their current content) and the visible cells must show the app's
// rows. A problem the user's actions cause (a drag, a swipe) counts against the render after them.
//
// Memory: after a warm-up (a fifth of the renders), the resident set (/proc/self/statm) is read
// about a hundred times, each time with the renderer idle and freed memory returned to the system
// (malloc_trim). Its net growth is the least-squares trend over those samples times the span they
// cover; the target is less than 2 MB. A trend, not the last sample minus the first: at 100,000
// rows the resident set moves in steps of about 8 MB from one sample to the next, up and down,
// while malloc's bytes in use stay within a few hundred KB (memory the allocator and the threads
// keep, not memory anything holds), and a single difference reports a step as growth or
// shrinkage. The live heap (malloc's bytes in use, from malloc_info) is sampled alongside and
// reported the same way: it shows whether anything is kept.

/// The list view a soak drives (`--soak-view`).
enum SoakView: String, CaseIterable, Codable, Sendable {
    case table, collection
}

/// What a soak run found; `--json` prints it.
struct SoakReport: Codable, Sendable {
    struct ResidentSample: Codable, Sendable {
        var render: Int
        var mb: Double
    }

    /// The stand-in: "table" or "collection".
    var view: String
    /// The seed of the edits and user actions (`--soak-seed`): the same seed, the same run.
    var seed: UInt64
    var rows: Int
    var sections: Int
    var renders: Int
    var warmupRenders: Int
    /// User actions performed between renders.
    var scrolls: Int
    var taps: Int
    var deletes: Int
    var moves: Int
    /// Rows the owner was asked to prefetch, and visibility calls the rows received.
    var prefetchedRows: Int
    var visibilityCalls: Int
    /// Renders whose checks failed (stand-in problems, or visible cells not showing the app's rows),
    /// and the first failure.
    var failedRenders: Int
    var firstFailure: String?
    /// Every problem the stand-in recorded, and the first ten (each with the render after which it
    /// was found).
    var problems: Int
    var firstProblems: [String]
    /// Resident memory in MB: the first and last samples after the warm-up, the smallest and largest,
    /// how many samples, and the net growth (the least-squares trend times the span sampled).
    var residentAfterWarmupMB: Double
    var residentAtEndMB: Double
    var residentMinMB: Double
    var residentMaxMB: Double
    var samples: Int
    var growthMB: Double
    /// Every sample: the render after which it was read, and the resident set in MB.
    var residentSamples: [ResidentSample]
    /// The live heap in MB (bytes malloc has handed out): first and last samples and its net
    /// growth, measured as the resident set's; nil without glibc.
    var liveHeapAfterWarmupMB: Double?
    var liveHeapAtEndMB: Double?
    var liveHeapGrowthMB: Double?
    /// Per render: `renderAndWait` called to returned, and the main thread's CPU time.
    var renderMs: SampleStats
    var mainThreadMs: SampleStats
    var viewsMade: Int
    var seconds: Double
    var growthTargetMB: Double
    var meetsTarget: Bool

    var table: String {
        func mb(_ v: Double) -> String { String(format: "%.2f", v) }
        func ms(_ v: Double) -> String { String(format: v < 100 ? "%.2f" : "%.0f", v) }
        var out =
            "soak (GitHub issue 28): ListController on a viewport stand-in \(view), \(WorkloadCatalog.n(rows)) rows in \(sections) sections "
            + "(title headers, footers counting their rows), "
            + "\(WorkloadCatalog.n(renders)) renders (1 % of the rows changed each), \(WorkloadCatalog.n(scrolls + taps + deletes + moves)) "
            + "user actions between them (\(scrolls) scrolls, \(taps) taps, \(deletes) deletes, \(moves) moves), seed \(seed); \(Int(seconds)) s\n"
        out +=
            "  checks: \(failedRenders == 0 ? "every render passed" : "\(failedRenders) renders FAILED (\(problems) problems): \(firstFailure ?? "")")"
            + "; \(viewsMade) views made; \(WorkloadCatalog.n(prefetchedRows)) rows prefetched, \(WorkloadCatalog.n(visibilityCalls)) visibility calls\n"
        out +=
            "  resident memory after \(warmupRenders) warm-up renders, \(samples) samples: \(mb(residentAfterWarmupMB)) MB first, "
            + "\(mb(residentAtEndMB)) MB last (\(mb(residentMinMB))–\(mb(residentMaxMB))); net growth (trend) \(mb(growthMB)) MB, "
            + "target < \(mb(growthTargetMB)) MB \(growthMB < growthTargetMB ? "✓" : "✗ MISSED")\n"
        if let first = liveHeapAfterWarmupMB, let last = liveHeapAtEndMB, let growth = liveHeapGrowthMB {
            out += "  live heap (malloc's bytes in use): \(mb(first)) MB first, \(mb(last)) MB last; net growth (trend) \(mb(growth)) MB\n"
        }
        out +=
            "  per render: \(ms(renderMs.median)) ms request → completion (median; \(ms(renderMs.min))–\(ms(renderMs.max))), "
            + "\(ms(mainThreadMs.median)) ms main thread CPU (\(ms(mainThreadMs.min))–\(ms(mainThreadMs.max)))\n"
        return out
    }
}

/// Runs the soak.
struct OwnerSoak {
    var renders = 5_000
    /// The list view.
    var view = SoakView.table
    /// Rows in the model, in 10 sections (times `scale`; at least one per section).
    var rows = 100_000
    var scale = 1.0
    var seed: UInt64 = 28
    var progress: ((String) -> Void)?

    static let growthTargetMB = 2.0

    /// The rows of each of the 10 sections the model keeps (user deletes are made up for).
    var perSection: Int { max(1, Int((Double(rows) / 10 * scale).rounded())) }

    /// Runs on the main actor from the main thread (the command).
    /// - Precondition: called on the main thread.
    func run() -> SoakReport {
        let soak = UncheckedSoak(self)
        return DataSourceBench.runOnMainRunLoop { await soak.value.measure() }
    }

    /// The app's view model: each item (an id, a revision — the state — and a cell kind) with the
    /// row made for it, made again only when the item changes, as an app that renders from a
    /// store keeps them. Every render hands the owner all 100,000 rows; 1 % of them are new.
    private struct AppModel {
        struct Entry {
            var spec: DataSourceBench.RowSpec
            var row: KeyedRow
        }

        var sections: [[Entry]] = []
        var next: Int
        let actions: (Int) -> RowActions

        init(sections specs: [[DataSourceBench.RowSpec]], next: Int, actions: @escaping (Int) -> RowActions) {
            self.next = next
            self.actions = actions
            sections = specs.map { $0.map(entry) }
        }

        func entry(_ spec: DataSourceBench.RowSpec) -> Entry {
            let state = DataSourceBench.MessageState(title: "Message \(spec.id)", revision: spec.revision, unread: spec.id % 3 == 0)
            let row =
                spec.alternateKind
                ? KeyedRow(key: "item-\(spec.id)", cell: CountedBannerCell.self, state: state, actions: actions(spec.id)) { _, _ in }
                : KeyedRow(key: "item-\(spec.id)", cell: CountedMessageCell.self, state: state, actions: actions(spec.id)) { _, _ in }
            return Entry(spec: spec, row: row)
        }

        mutating func insertNew(in section: Int, at index: Int) {
            sections[section].insert(entry(DataSourceBench.RowSpec(id: next)), at: index)
            next += 1
        }

        var keyed: [KeyedSection] {
            sections.enumerated().map { s, entries in
                KeyedSection(
                    key: "section-\(s)", rows: entries.map(\.row), headerTitle: "Section \(s)",
                    footerTitle: entries.count == 1 ? "1 message" : "\(entries.count) messages")
            }
        }

        var count: Int { sections.reduce(0) { $0 + $1.count } }
    }

    /// Counters the rows' and the owner's closures write to.
    @MainActor private final class Tally {
        var prefetched = 0
        var visibility = 0
    }

    @MainActor
    func measure() async -> SoakReport {
        let perSection = perSection
        let tally = Tally()
        let actions: (Int) -> RowActions = { [tally] _ in
            RowActions(onSelect: { .deselects }, onVisibilityChange: { _ in tally.visibility += 1 })
        }
        var model = AppModel(
            sections: (0..<10).map { s in (0..<perSection).map { DataSourceBench.RowSpec(id: s * perSection + $0) } },
            next: 10 * perSection, actions: actions)
        var rng = SeededGenerator(seed: seed)
        let view: StandInListView =
            switch self.view {
            case .table: StandInTableView(viewportHeight: DataSourceBench.ownerViewportHeight)
            case .collection: StandInCollectionView(viewportHeight: DataSourceBench.ownerViewportHeight)
            }
        view.modelCheck = .countsAndVisibleRows
        view.maximumRecordedBatches = 100
        let owner = ListController<KeyedSection>(host: view, options: RenderOptions(onDuplicateKeys: nil))
        owner.scrollAnchor = .firstVisibleRow
        owner.onPrefetch = { [tally] in tally.prefetched += $0.count }
        // The app mirrors the user's deletes and moves in its model.
        var pendingDeletes: [ItemPath] = []
        owner.onDelete = { path, _ in pendingDeletes.append(path) }
        var pendingMoves: [Move<ItemPath>] = []
        owner.dataSource.didMoveItem = { move, _ in pendingMoves.append(move) }
        await owner.renderer.renderAndWait(model.keyed)
        view.scroll(toOffset: view.contentHeight / 2)

        let warmup = max(50, renders / 5)
        let sampleEvery = max(1, (renders - warmup) / 100)
        var scrolls = 0, taps = 0, deletes = 0, moves = 0, failed = 0
        var firstFailure: String?
        var renderTimes: [Double] = [], mainTimes: [Double] = []
        // Reserved now: grown during the run, they would show in a long run's memory trend.
        renderTimes.reserveCapacity(renders)
        mainTimes.reserveCapacity(renders)
        var resident: [(render: Int, mb: Double)] = [], live: [(render: Int, mb: Double)] = []
        var problemsSeen = 0, problemCount = 0
        var firstProblems: [String] = []
        let started = ContinuousClock.now
        for render in 0..<renders {
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                // A delete ends the user's turn: the app renders without the row before anything else.
                guard pendingDeletes.isEmpty else { break }
                let visible = view.indexPathsForVisibleRows
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<5:
                    view.scroll(toOffset: Double.random(in: 0...max(0, view.contentHeight), using: &rng))
                    scrolls += 1
                case 5, 6:
                    if let path = visible.randomElement(using: &rng), view.userTaps(path) { taps += 1 }
                case 7:
                    if let path = visible.randomElement(using: &rng), view.userDeletes(path) { deletes += 1 }
                default:
                    guard let from = visible.randomElement(using: &rng) else { break }
                    let section = Int.random(in: 0..<model.sections.count, using: &rng)
                    let limit = model.sections[section].count - (section == from.section ? 1 : 0)
                    if view.userMoves(from: from, to: ItemPath(section: section, item: Int.random(in: 0...max(0, limit), using: &rng))) {
                        moves += 1
                    }
                }
                // Mirror what the user did, as the app's handlers would.
                for move in pendingMoves {
                    model.sections[move.to.section].insert(model.sections[move.from.section].remove(at: move.from.item), at: move.to.item)
                }
                pendingMoves = []
            }
            for path in pendingDeletes { model.sections[path.section].remove(at: path.item) }
            pendingDeletes = []
            edit(&model, using: &rng)
            let cpuStart = DataSourceBench.threadCPUMs(), start = ContinuousClock.now
            await owner.renderer.renderAndWait(model.keyed)
            renderTimes.append(DataSourceBench.ms(ContinuousClock.now - start))
            mainTimes.append(DataSourceBench.threadCPUMs() - cpuStart)
            let problems = view.problems
            let newProblems = problems.dropFirst(problemsSeen)
            problemCount += newProblems.count
            for problem in newProblems.prefix(10 - firstProblems.count) { firstProblems.append("render \(render): \(problem)") }
            if let failure = check(owner, view, model, newProblems: newProblems) {
                failed += 1
                if firstFailure == nil { firstFailure = "render \(render): \(failure)" }
            }
            problemsSeen = problems.count
            let done = render + 1
            if done >= warmup, (done - warmup) % sampleEvery == 0 || done == renders {
                await owner.renderer.waitUntilIdle()
                resident.append((done, Self.residentMB()))
                if let heap = Self.liveHeapMB() { live.append((done, heap)) }
                if (done - warmup) % (25 * sampleEvery) == 0 || done == renders {
                    let heap = live.last.map { String(format: ", live heap %.1f MB", $0.mb) } ?? ""
                    progress?(
                        "soak: \(done)/\(renders) renders, resident \(String(format: "%.1f", resident[resident.count - 1].mb)) MB\(heap)")
                }
            }
        }
        return SoakReport(
            view: self.view.rawValue, seed: seed, rows: model.count, sections: model.sections.count, renders: renders,
            warmupRenders: warmup, scrolls: scrolls, taps: taps,
            deletes: deletes, moves: moves, prefetchedRows: tally.prefetched, visibilityCalls: tally.visibility, failedRenders: failed,
            firstFailure: firstFailure, problems: problemCount, firstProblems: firstProblems,
            residentAfterWarmupMB: resident.first?.mb ?? 0, residentAtEndMB: resident.last?.mb ?? 0,
            residentMinMB: resident.map(\.mb).min() ?? 0, residentMaxMB: resident.map(\.mb).max() ?? 0, samples: resident.count,
            growthMB: Self.trendGrowth(resident), residentSamples: resident.map { SoakReport.ResidentSample(render: $0.render, mb: $0.mb) },
            liveHeapAfterWarmupMB: live.first?.mb, liveHeapAtEndMB: live.last?.mb,
            liveHeapGrowthMB: live.isEmpty ? nil : Self.trendGrowth(live),
            renderMs: SampleStats(Array(renderTimes.dropFirst(warmup))), mainThreadMs: SampleStats(Array(mainTimes.dropFirst(warmup))),
            viewsMade: view.madeViewCount, seconds: DataSourceBench.ms(ContinuousClock.now - started) / 1_000,
            growthTargetMB: Self.growthTargetMB, meetsTarget: failed == 0 && Self.trendGrowth(resident) < Self.growthTargetMB)
    }

    /// The least-squares slope of `samples` (MB per render) times the renders they span: the net
    /// growth a steady trend would give, with the noise between samples averaged out. 0 for fewer
    /// than two samples.
    /// - Complexity: O(samples).
    static func trendGrowth(_ samples: [(render: Int, mb: Double)]) -> Double {
        guard samples.count > 1, let first = samples.first, let last = samples.last, last.render > first.render else { return 0 }
        let n = Double(samples.count)
        let meanX = samples.reduce(0) { $0 + Double($1.render) } / n, meanY = samples.reduce(0) { $0 + $1.mb } / n
        let covariance = samples.reduce(0) { $0 + (Double($1.render) - meanX) * ($1.mb - meanY) }
        let variance = samples.reduce(0) { $0 + (Double($1.render) - meanX) * (Double($1.render) - meanX) }
        return variance > 0 ? covariance / variance * Double(last.render - first.render) : 0
    }

    /// 1 % of the rows: mostly new states, some inserts and deletes (as many of each, so the
    /// list keeps its size) and moves.
    private func edit(_ model: inout AppModel, using rng: inout SeededGenerator) {
        let changes = max(1, model.count / 100)
        func randomPath() -> (Int, Int)? {
            let nonEmpty = model.sections.indices.filter { !model.sections[$0].isEmpty }
            guard let s = nonEmpty.randomElement(using: &rng) else { return nil }
            return (s, Int.random(in: model.sections[s].indices, using: &rng))
        }
        for k in 0..<changes {
            guard let (s, r) = randomPath() else { return }
            switch k % 20 {
            case 0:
                model.sections[s].remove(at: r)
            case 1:
                model.insertNew(in: s, at: Int.random(in: 0...model.sections[s].count, using: &rng))
            case 2:
                let row = model.sections[s].remove(at: r)
                let t = Int.random(in: 0..<model.sections.count, using: &rng)
                model.sections[t].insert(row, at: Int.random(in: 0...model.sections[t].count, using: &rng))
            default:
                var spec = model.sections[s][r].spec
                spec.revision += 1
                model.sections[s][r] = model.entry(spec)
            }
        }
        // The user's deletes are made up for, so the list keeps its size.
        while model.count < 10 * perSection {
            let s = Int.random(in: 0..<model.sections.count, using: &rng)
            model.insertNew(in: s, at: Int.random(in: 0...model.sections[s].count, using: &rng))
        }
    }

    /// Nil when the render passed: no problem found by the stand-in, and every visible cell shows
    /// the app's row at its path.
    @MainActor
    private func check(
        _ owner: ListController<KeyedSection>, _ view: StandInListView, _ model: AppModel, newProblems: ArraySlice<String>
    ) -> String? {
        if let problem = newProblems.first { return problem }
        for (path, cell) in view.visibleCells {
            let expected = "item-\(model.sections[path.section][path.item].spec.id)"
            let shown = cell.flatMap { owner.row(shownBy: $0)?.key }
            if shown != expected { return "the cell at \(path) shows \(shown ?? "nothing"), the app has \(expected)" }
        }
        return nil
    }

    /// The bytes malloc has handed out and not had back, in MB (glibc's `malloc_info`: the
    /// arenas' memory less their free chunks, plus mmapped chunks); nil where it is not available.
    /// Unlike the resident set, it does not count freed memory the allocator keeps.
    static func liveHeapMB() -> Double? {
        #if canImport(Glibc)
        typealias Info = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info") else { return nil }
        var buffer: UnsafeMutablePointer<CChar>?
        var length = 0
        guard let stream = open_memstream(&buffer, &length) else { return nil }
        let status = unsafeBitCast(symbol, to: Info.self)(0, stream)
        fclose(stream)
        defer { free(buffer) }
        guard status == 0, let buffer else { return nil }
        let xml = String(cString: buffer)
        // The totals of all arenas follow the last heap's element.
        guard let totals = xml.range(of: "</heap>", options: .backwards).map({ xml[$0.upperBound...] }) else { return nil }
        func bytes(_ element: String) -> Double? {
            guard let tag = totals.range(of: element) else { return nil }
            guard let field = totals[tag.upperBound...].range(of: "size=\"") else { return nil }
            return Double(totals[field.upperBound...].prefix { $0.isNumber })
        }
        guard let current = bytes("<system type=\"current\""), let fast = bytes("<total type=\"fast\""),
            let rest = bytes("<total type=\"rest\""), let mapped = bytes("<total type=\"mmap\"")
        else { return nil }
        return (current - fast - rest + mapped) / 1_048_576
        #else
        return nil
        #endif
    }

    /// The resident set in MB, after returning freed memory to the system (/proc/self/statm: pages).
    static func residentMB() -> Double {
        PeakMemory.trimHeap()
        guard let text = PeakMemory.procText("/proc/self/statm") else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}

/// The soak carried to the main actor while the main thread waits for it.
private struct UncheckedSoak: @unchecked Sendable {
    let value: OwnerSoak
    init(_ value: OwnerSoak) { self.value = value }
}
