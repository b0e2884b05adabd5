import Foundation
import RowDiffDataSources

// `rowdiff bench --datasources`, the renderer part (GitHub issue 9):
//
//   bursts        10, 40 and 200 states of 100,000 KeyedRows (small edits each) handed to a
//                 ListRenderer at once, through `bind(_:)` (an AsyncStream) and through repeated
//                 `render` calls: applied renders and reloads per burst (target: ≤ 2 renders, no
//                 reload), and the time until the last state is on screen.
//   first-lookup  the main-thread time of the first key lookup after a render of 100,000 rows, with
//                 the default options (table built in the render's background task; target ≤ 1 ms)
//                 and with `buildsLookupsEagerly: false` (built by that lookup, on the main thread);
//                 and how long those renders took from `renderAndWait` called to returned, and the
//                 main thread's CPU time in them (what the app's main thread pays for a render: the
//                 diff and staging run in the background).

extension DataSourceReport {
    /// One burst: how many states, how they were handed over, what the renderer did.
    struct Burst: Codable, Sendable {
        var states: Int
        /// "bind" (an AsyncStream bound with `bind(_:)`) or "render" (repeated `render` calls).
        var via: String
        var rows: Int
        /// Applied renders and reloads per burst: the maximum over the runs.
        var maximumRenders: Int
        var maximumReloads: Int
        /// From the first state handed over until the renderer is idle (`waitUntilIdle()`: the last
        /// state on screen and what the renders replaced released; the bench keeps the states, so
        /// that is only the stages' data), in ms.
        var settleMs: Stat
        /// Every completion ran and the last state was on screen, in every run.
        var lastStateShown: Bool
        var meetsTarget: Bool
    }

    struct FirstLookup: Codable, Sendable {
        var rows: Int
        /// Main-thread time of the first lookup after a render, in ms: default options.
        var eagerMs: Stat
        /// The same with `buildsLookupsEagerly: false`.
        var lazyMs: Stat
        /// The renders before those lookups, from `renderAndWait` called to returned (the diff and
        /// the key table off the main thread, then the batches): default options, and without
        /// lookups built.
        var eagerRenderMs: Stat?
        var lazyRenderMs: Stat?
        /// The main thread's CPU time in each of those renders with default options: the batches
        /// with each stage's data installed, and releasing what the render replaced. The states
        /// alternate between two models the bench keeps, so no row is freed.
        var eagerRenderMainThreadCpuMs: Stat?
        var targetMs: Double
        var meetsTarget: Bool
    }
}

/// A stand-in view for the bench: installs each batch's data and counts nothing else (the
/// validator's snapshots would cost more than the renderer).
@MainActor
final class InstallingTarget: BatchUpdating {
    var isVisible: Bool { true }
    var updateMode: UpdateMode { .batches(reconfigures: true) }
    private(set) var reloads = 0

    func performBatchUpdates(
        _ update: BatchUpdate, installingData install: @escaping @MainActor @Sendable () -> Void,
        completion: @escaping @MainActor @Sendable (Bool) -> Void
    ) {
        install()
        completion(true)
    }

    func reloadData() { reloads += 1 }
}

extension DataSourceBench {
    static let burstSizes = [10, 40, 200]
    static let firstLookupTargetMs = 1.0

    /// Runs `body` on the main actor from the main thread and waits for it, running the main run
    /// loop (which serves the main queue and so the main actor) until it is done. The loop sleeps
    /// until the main queue has work, as an app's does: polling it every millisecond woke the main
    /// thread several times per render, and the owner figures (the main thread's CPU time) counted
    /// those wakes. The result is set by a main-queue job, which wakes the loop; the timeout only
    /// bounds a sleep.
    /// - Precondition: called on the main thread, outside the main actor's own jobs.
    static func runOnMainRunLoop<T: Sendable>(_ body: @escaping @MainActor @Sendable () async -> T) -> T {
        precondition(Thread.isMainThread, "runOnMainRunLoop is for the command's main thread")
        let box = ResultBox<T>()
        Task { @MainActor in box.set(await body()) }
        while box.get() == nil { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.1)) }
        return box.get()!
    }

    /// The burst and first-lookup measurements, when run from the main thread (the command).
    /// Elsewhere (tests call the bench from the cooperative pool) nil: waiting there for the
    /// renderer, which needs that pool for its diffs, could block every pool thread. Tests run
    /// `measureRenderer(progress:)` from an async test instead.
    func measureRendererFromMainThread() -> (bursts: [DataSourceReport.Burst], firstLookup: DataSourceReport.FirstLookup)? {
        guard Thread.isMainThread else { return nil }
        let bench = UncheckedBench(self)
        return Self.runOnMainRunLoop { await bench.value.measureRenderer() }
    }

    /// The burst and first-lookup measurements, on the main actor.
    @MainActor
    func measureRenderer() async -> (bursts: [DataSourceReport.Burst], firstLookup: DataSourceReport.FirstLookup) {
        let (oldSpec, newSpec, _) = renderWorkload()
        var bursts: [DataSourceReport.Burst] = []
        for (i, count) in Self.burstSizes.enumerated() {
            for via in ["bind", "render"] {
                progress?("[data sources renderer \(i + 1)/\(Self.burstSizes.count + 1)] burst of \(count) states via \(via)")
                bursts.append(await Self.measureBurst(states: count, via: via, spec: oldSpec, runs: timedRuns))
            }
        }
        progress?("[data sources renderer \(Self.burstSizes.count + 1)/\(Self.burstSizes.count + 1)] first key lookup after a render")
        let lookup = await Self.measureFirstLookup(
            old: Self.materialize(oldSpec), new: Self.materialize(newSpec), warmups: warmupRuns, runs: timedRuns)
        return (bursts, lookup)
    }

    /// States of a burst: each one edits the previous one a little (a row's state, an insert, a move).
    static func burstStates(from spec: [[RowSpec]], count: Int) -> [[KeyedSection]] {
        var sections = materialize(spec)
        var next = spec.reduce(0) { $0 + $1.count } + 1_000_000
        var states: [[KeyedSection]] = []
        for step in 0..<count {
            let s = step % sections.count
            var rows = sections[s].rows
            if !rows.isEmpty {
                let k = (step &* 7_919) % rows.count
                rows[k] = row(RowSpec(id: Int(rows[k].key.dropFirst(5)) ?? 0, revision: step + 1))
                let moved = rows.remove(at: (step &* 31) % rows.count)
                rows.insert(moved, at: (step &* 17) % (rows.count + 1))
            }
            rows.insert(row(RowSpec(id: next)), at: (step &* 104_729) % (rows.count + 1))
            next += 1
            sections[s] = KeyedSection(source: sections[s], rows: rows)
            states.append(sections)
        }
        return states
    }

    @MainActor
    static func measureBurst(states count: Int, via: String, spec: [[RowSpec]], runs: Int) async -> DataSourceReport.Burst {
        let rows = spec.reduce(0) { $0 + $1.count }
        var renders = 0, reloads = 0, shown = true
        var settle: [Double] = []
        for _ in 0..<max(1, runs / 2) {
            let states = burstStates(from: spec, count: count)
            let dataSource = SectionedDataSource<KeyedSection>()
            let target = InstallingTarget()
            let renderer = ListRenderer(dataSource: dataSource, target: target)
            await renderer.renderAndWait(materialize(spec))
            let appliedBefore = renderer.appliedRenderCount, reloadsBefore = target.reloads
            var completed = 0
            let start = ContinuousClock.now
            if via == "bind" {
                let (stream, continuation) = AsyncStream.makeStream(of: [KeyedSection].self)
                let binding = renderer.bind(stream)
                for state in states { continuation.yield(state) }
                continuation.finish()
                _ = await binding.result
                completed = count
            } else {
                for state in states { renderer.render(state) { completed += 1 } }
            }
            await renderer.waitUntilIdle()
            settle.append(ms(ContinuousClock.now - start))
            renders = max(renders, renderer.appliedRenderCount - appliedBefore)
            reloads = max(reloads, target.reloads - reloadsBefore)
            let last = states.last!
            shown =
                shown && completed == count && dataSource.sections.map(\.rows.count) == last.map(\.rows.count)
                && zip(dataSource.sections, last).allSatisfy {
                    zip($0.rows, $1.rows).allSatisfy { $0.key == $1.key && $0.isContentEqual(to: $1) }
                }
        }
        return DataSourceReport.Burst(
            states: count, via: via, rows: rows, maximumRenders: renders, maximumReloads: reloads, settleMs: .init(settle),
            lastStateShown: shown, meetsTarget: renders <= 2 && reloads == 0 && shown)
    }

    @MainActor
    static func measureFirstLookup(old: [KeyedSection], new: [KeyedSection], warmups: Int, runs: Int) async -> DataSourceReport.FirstLookup
    {
        func measure(eager: Bool) async -> (lookups: [Double], renders: [Double], mainCpu: [Double]) {
            var options = RenderOptions()
            options.buildsLookupsEagerly = eager
            let renderer = ListRenderer(dataSource: SectionedDataSource<KeyedSection>(), target: InstallingTarget(), options: options)
            await renderer.renderAndWait(old)
            var samples: [Double] = [], renders: [Double] = [], mainCpu: [Double] = []
            for run in 0..<(warmups + runs) {
                let state = run % 2 == 0 ? new : old
                let renderStart = ContinuousClock.now
                let cpuStart = threadCPUMs()
                await renderer.renderAndWait(state)
                let cpu = threadCPUMs() - cpuStart
                if run >= warmups {
                    renders.append(ms(ContinuousClock.now - renderStart))
                    mainCpu.append(cpu)
                }
                let probe = state[state.count / 2].rows[state[state.count / 2].rows.count / 2].key
                let start = ContinuousClock.now
                blackHole(renderer.dataSource.indexPath(ofItem: probe))
                let elapsed = ms(ContinuousClock.now - start)
                if run >= warmups { samples.append(elapsed) }
            }
            return (samples, renders, mainCpu)
        }
        let eagerRuns = await measure(eager: true)
        let lazyRuns = await measure(eager: false)
        let eager = DataSourceReport.Stat(eagerRuns.lookups)
        return DataSourceReport.FirstLookup(
            rows: new.reduce(0) { $0 + $1.rows.count }, eagerMs: eager, lazyMs: .init(lazyRuns.lookups),
            eagerRenderMs: .init(eagerRuns.renders), lazyRenderMs: .init(lazyRuns.renders),
            eagerRenderMainThreadCpuMs: .init(eagerRuns.mainCpu), targetMs: firstLookupTargetMs,
            meetsTarget: eager.median <= firstLookupTargetMs)
    }

    /// The calling thread's CPU time so far, in milliseconds (the main thread's, on the main actor:
    /// the bench runs it on the main thread).
    static func threadCPUMs() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) * 1e-6
    }
}

/// The bench (its progress closure) carried to the main actor while the main thread waits for it.
private struct UncheckedBench: @unchecked Sendable {
    let value: DataSourceBench
    init(_ value: DataSourceBench) { self.value = value }
}

/// A result handed from the main actor to a waiting thread.
private final class ResultBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T?
    func set(_ newValue: T) {
        lock.lock()
        value = newValue
        lock.unlock()
    }
    func get() -> T? {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

extension DataSourceReport {
    /// The renderer's table: bursts and the first lookup after a render.
    var rendererTable: String {
        guard let bursts, let firstLookup else { return "" }
        func ms(_ v: Double) -> String {
            v < 1 ? String(format: "%.3f", v) : v < 100 ? String(format: "%.2f", v) : String(format: "%.0f", v)
        }
        var out =
            "\nrenderer bursts (GitHub issue 9): states of \(WorkloadCatalog.n(bursts.first?.rows ?? 0)) KeyedRows handed over "
            + "at once, small edits each; applied renders and reloads per burst (worst run); target ≤ 2 renders, no reload\n"
        var rows = [["states", "via", "renders", "reloads", "settle ms (median)", "last state shown", "target"]]
        for burst in bursts {
            rows.append([
                "\(burst.states)", burst.via == "bind" ? "bind(AsyncStream)" : "render × \(burst.states)",
                "\(burst.maximumRenders)", "\(burst.maximumReloads)", ms(burst.settleMs.median),
                burst.lastStateShown ? "yes" : "NO", burst.meetsTarget ? "✓" : "✗ MISSED",
            ])
        }
        out += BenchReport.align(rows, rightAligned: [0, 2, 3, 4])
        out += "\nfirst key lookup after a render of \(WorkloadCatalog.n(firstLookup.rows)) rows (main-thread ms, median, min–max):\n"
        var lookup = [["lookup table", "median", "min", "max", "target"]]
        lookup.append([
            "built in the render's background task (default)", ms(firstLookup.eagerMs.median), ms(firstLookup.eagerMs.min),
            ms(firstLookup.eagerMs.max),
            firstLookup.meetsTarget ? "≤ \(ms(firstLookup.targetMs)) ✓" : "≤ \(ms(firstLookup.targetMs)) ✗ MISSED",
        ])
        lookup.append([
            "built by the lookup (buildsLookupsEagerly: false)", ms(firstLookup.lazyMs.median), ms(firstLookup.lazyMs.min),
            ms(firstLookup.lazyMs.max), "",
        ])
        out += BenchReport.align(lookup, rightAligned: [1, 2, 3])
        if let eager = firstLookup.eagerRenderMs, let lazy = firstLookup.lazyRenderMs {
            out += "the renders before those lookups, renderAndWait called to returned (ms, median, min–max):\n"
            out += BenchReport.align(
                [
                    ["render", "median", "min", "max"],
                    ["default (lookup table made in the background task)", ms(eager.median), ms(eager.min), ms(eager.max)],
                    ["buildsLookupsEagerly: false", ms(lazy.median), ms(lazy.min), ms(lazy.max)],
                ], rightAligned: [1, 2, 3])
        }
        if let cpu = firstLookup.eagerRenderMainThreadCpuMs {
            out +=
                "  main thread's CPU time in a default render (batches, installs, releases; the two states are kept, "
                + "so no row is freed): \(ms(cpu.median)) ms median (\(ms(cpu.min))–\(ms(cpu.max)))\n"
        }
        return out
    }
}
