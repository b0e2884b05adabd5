import Foundation
import RowDiff
import RowDiffDataSources

// `rowdiff bench --datasources`: GitHub issue 4's speed targets for the data-source layer.
//
//   render-100k-1pct  100,000 KeyedRows (10 sections × 10,000), a new state with 1 % of the rows
//                     changed; the synchronous work of one render on it: diff + StagedChangeset +
//                     installing each stage's data into the SectionedDataSource + releasing the
//                     state it replaced, as the renderer does (handed to its background release
//                     queue: what stays on the main thread is timed; the process's CPU time, both
//                     threads and the queue, shows the whole cost). Each part also shown alone,
//                     with the cost of making the rows. Target ≤ 5 ms.
//   key-lookups       key → index path and index path → key on 10k, 100k and 1M rows: the time per
//                     lookup must not grow with the size (O(1)), and building the table is O(rows).
//   bursts, first lookup after a render: see DataSourceBench+Renderer.swift.
//
// The data source is @MainActor, so all of this runs on the main actor (see `onMainActor`).

/// What the data-source section measured; `--json` prints it under `dataSources`.
struct DataSourceReport: Codable, Sendable {
    /// Median, minimum and maximum of one measurement, in the unit its field name says.
    typealias Stat = SampleStats

    /// The edit that turns the old state into the new one (rows, all disjoint).
    struct Edit: Codable, Sendable {
        /// Rows whose state changed, same cell kind (reconfigured in place).
        var contentChanges: Int
        /// Rows whose cell kind changed (reloaded).
        var kindChanges: Int
        var deletes: Int
        var inserts: Int
        var movesWithinSection: Int
        var movesAcrossSections: Int

        var total: Int { contentChanges + kindChanges + deletes + inserts + movesWithinSection + movesAcrossSections }
    }

    struct Render: Codable, Sendable {
        var name: String
        var summary: String
        var sections: Int
        var oldRows: Int
        var newRows: Int
        var edit: Edit
        /// What the diff found: `Changeset.changeCount` and its row moves.
        var changeCount: Int
        var diffMoves: Int
        /// What the renderer decides with its default options, e.g. "animated, 3 batches".
        var decision: String
        var stages: Int
        var warmupRuns: Int
        var timedRuns: Int
        /// The whole synchronous render: diff + staging + data swap (+ releasing what it replaced).
        var renderMs: Stat
        /// Its parts, measured inside the same runs.
        var diffMs: Stat
        var stageMs: Stat
        var swapMs: Stat
        /// Releasing what the render replaced (the old model, the diff, the stages' data) on the
        /// main thread: as the renderer does, handing it to the background release queue, which
        /// frees it (its time is in `renderCpuMs`).
        var releaseMs: Stat?
        /// The process's CPU time per render, all threads together (the diff uses two, and the
        /// release queue frees the replaced state): a shared machine stretches the wall time when
        /// another process takes a core, not this.
        var renderCpuMs: Stat?
        /// The main thread's own CPU time per render (its half of the diff, the staging, the
        /// installs, the handover of what the render replaced): on a machine other processes keep
        /// busy, the wall times above also count the waits for a core, this does not.
        var renderMainThreadCpuMs: Stat?
        /// Making the state's rows from the app's models, before the render (the app's work, not
        /// the render's): what a row's own setup costs, times the rows.
        var rowCreationMs: Stat?
        /// The first key lookup after the render: rebuilds the lookup tables (the renderer leaves
        /// them to be rebuilt lazily unless `buildsLookupsEagerly`, which builds them off the main thread).
        var lookupRebuildMs: Stat
        var targetMs: Double
        var meetsTarget: Bool
    }

    struct Lookups: Codable, Sendable {
        var rows: Int
        var sections: Int
        /// Random lookups per timed run, each direction.
        var lookups: Int
        var timedRuns: Int
        /// Building the key → index path tables (the first lookup after a change).
        var buildMs: Stat
        /// `indexPath(ofItem:)` for a random existing key.
        var keyToPathNs: Stat
        /// `itemKey(at:)` for a random valid index path.
        var pathToKeyNs: Stat
        /// Lookups that found their row (all of them, if the tables are right).
        var found: Int
    }

    /// Keyed rows (type-erased state, string keys): FunctionalTableData-style.
    var render: Render
    /// The same rows as a typed section model (`SectionModel` of an `Identifiable & Hashable` row).
    var typedRender: Render
    var lookups: [Lookups]
    /// The renderer under bursts of states, and the first key lookup after a render
    /// (DataSourceBench+Renderer.swift); nil when not run from the main thread.
    var bursts: [Burst]?
    var firstLookup: FirstLookup?
    /// A `ListController` on a viewport stand-in, table and collection view (DataSourceBench+Owner.swift);
    /// nil when not run from the main thread.
    var owners: [OwnerRender]?
    /// RowDiffSwiftUI's update path (DataSourceBench+Declarative.swift); nil when not run from the main thread.
    var declarative: Declarative?
}

/// Runs the data-source section. Sizes scale with `scale` like the workloads (tests use a tiny one).
struct DataSourceBench {
    var warmupRuns = 2
    var timedRuns = 10
    var scale = 1.0
    var progress: ((String) -> Void)?

    static let renderTargetMs = 5.0
    static let lookupSizes = [10_000, 100_000, 1_000_000]

    private func s(_ count: Int) -> Int { max(0, Int((Double(count) * scale).rounded())) }

    /// Runs on the main actor: directly when the caller is on the main thread (the command), else
    /// by a synchronous hop (tests run on other threads; the main queue is serviced there).
    func run() -> DataSourceReport {
        // The caller waits for the main actor, so the bench (its progress closure) is never shared.
        let bench = UncheckedBox(self)
        var report = Self.onMainActor { bench.value.measureAll() }
        // Asynchronous (the renderer diffs off the main actor): not inside the synchronous hop.
        if let renderer = measureRendererFromMainThread() { (report.bursts, report.firstLookup) = renderer }
        report.owners = measureOwnersFromMainThread()
        report.declarative = measureDeclarativeFromMainThread()
        return report
    }

    static func onMainActor<T: Sendable>(_ body: @MainActor () -> T) -> T {
        if Thread.isMainThread { return MainActor.assumeIsolated(body) }
        return withoutActuallyEscaping(body) { body in
            let box = UncheckedBox(body)
            return DispatchQueue.main.sync { MainActor.assumeIsolated { box.value() } }
        }
    }

    @MainActor
    private func measureAll() -> DataSourceReport {
        let render = measureRender(of: "KeyedRows", label: "1/\(Self.lookupSizes.count + 2)", Self.materialize)
        let typedRender = measureRender(
            of: "typed rows (SectionModel<String, MessageRow>)", label: "2/\(Self.lookupSizes.count + 2)",
            Self.materializeTyped)
        let lookups = Self.lookupSizes.enumerated().map { i, size in
            progress?("[data sources \(i + 3)/\(Self.lookupSizes.count + 2)] key-lookups-\(BenchFormat.short(size))")
            return measureLookups(rows: s(size))
        }
        return DataSourceReport(render: render, typedRender: typedRender, lookups: lookups)
    }

    // MARK: render-100k-1pct

    /// A row of the bench state before it becomes a `KeyedRow`: the state is rebuilt from these for
    /// every run, as an app builds its declarative state from its models.
    struct RowSpec {
        var id: Int
        var revision = 0
        var alternateKind = false
    }

    enum MessageCell {}
    enum BannerCell {}

    /// The state a cell is configured from: 25 bytes, more than an existential holds inline (as
    /// any real cell state of more than three words is), so no row could keep it without an
    /// allocation of its own; a KeyedRow keeps it in the row's one storage object.
    struct MessageState: Hashable, Sendable {
        var title: String
        var revision: Int
        var unread: Bool
    }

    static func materialize(_ spec: [[RowSpec]]) -> [KeyedSection] {
        spec.enumerated().map { s, rows in
            KeyedSection(key: "section-\(s)", rows: rows.map(row), headerTitle: "Section \(s)")
        }
    }

    /// The same row as a typed model: identity `id`, content `==`, kind from `banner`.
    struct MessageRow: Identifiable, Hashable, Sendable, Diffable {
        var id: Int
        var state: MessageState
        var banner: Bool
        var rowKind: RowKind { banner ? RowKind(BannerCell.self) : RowKind(MessageCell.self) }
    }

    static func materializeTyped(_ spec: [[RowSpec]]) -> [SectionModel<String, MessageRow>] {
        spec.enumerated().map { s, rows in
            SectionModel(
                model: "Section \(s)",
                items: rows.map {
                    MessageRow(
                        id: $0.id, state: MessageState(title: "Message \($0.id)", revision: $0.revision, unread: $0.id % 3 == 0),
                        banner: $0.alternateKind)
                })
        }
    }

    static func row(_ spec: RowSpec) -> KeyedRow {
        let state = MessageState(title: "Message \(spec.id)", revision: spec.revision, unread: spec.id % 3 == 0)
        return spec.alternateKind
            ? KeyedRow(key: "item-\(spec.id)", cell: BannerCell.self, state: state)
            : KeyedRow(key: "item-\(spec.id)", cell: MessageCell.self, state: state)
    }

    /// 10 sections × 10,000 rows; 1 % of the rows change: 690 states, 10 cell kinds, 100 deletes,
    /// 100 inserts, 50 moves within a section and 50 across sections, at random positions, on
    /// disjoint rows (scaled by `scale`).
    func renderWorkload() -> (old: [[RowSpec]], new: [[RowSpec]], edit: DataSourceReport.Edit) {
        let sectionCount = 10, perSection = s(10_000)
        var generator = SeededGenerator(seed: WorkloadCatalog.seed ^ WorkloadCatalog.stableHash("render-100k-1pct"))
        let old = (0..<sectionCount).map { s in (0..<perSection).map { RowSpec(id: s * perSection + $0) } }
        let edit = DataSourceReport.Edit(
            contentChanges: s(690), kindChanges: s(10), deletes: s(100), inserts: s(100),
            movesWithinSection: s(50), movesAcrossSections: sectionCount > 1 ? s(50) : 0)
        let total = sectionCount * perSection
        var picked = generator.distinctIndices(min(total, edit.total - edit.inserts), below: total)
        generator.shuffle(&picked, in: picked.indices)
        var next = picked.makeIterator()
        func take(_ count: Int) -> [Int] { (0..<count).compactMap { _ in next.next() } }
        let changed = take(edit.contentChanges), rekinded = take(edit.kindChanges), deleted = Set(take(edit.deletes))
        let within = take(edit.movesWithinSection), across = take(edit.movesAcrossSections)

        var new = old
        for flat in changed { new[flat / perSection][flat % perSection].revision += 1 }
        for flat in rekinded { new[flat / perSection][flat % perSection].alternateKind.toggle() }
        // Take out the deleted and moved rows, then put the moved ones back elsewhere.
        let removed = deleted.union(within).union(across)
        new = new.map { $0.filter { !removed.contains($0.id) } }
        for flat in within {
            let s = flat / perSection
            new[s].insert(old[s][flat % perSection], at: generator.index(below: new[s].count + 1))
        }
        for flat in across {
            let from = flat / perSection
            var to = generator.index(below: sectionCount - 1)
            if to >= from { to += 1 }
            new[to].insert(old[from][flat % perSection], at: generator.index(below: new[to].count + 1))
        }
        for k in 0..<edit.inserts {
            let s = generator.index(below: sectionCount)
            new[s].insert(RowSpec(id: total + k), at: generator.index(below: new[s].count + 1))
        }
        return (old, new, edit)
    }

    /// The synchronous work of one `ListRenderer` render with default options and no target
    /// (ListRenderer.compute, then ListRenderer.apply's `.staged` branch): diff with the
    /// renderer's kept context, the duplicate check, the change-count threshold, staging with
    /// reconfigure, then each stage's data installed (the last stage installs the caller's own
    /// value), and `onChange`; then what the render replaced is handed to the renderer's
    /// background release queue, as `ListRenderer.releaseReplaced` does. Lookup tables: none
    /// built (`buildsLookupsEagerly` is off), the install invalidates them. Only the off-main hop
    /// is left out.
    struct RenderRun {
        var diff: Double, stage: Double, swap: Double
        /// Releasing what the render replaced (the old model, the diff, the stages' data) on the
        /// main thread: handing it to the background release queue, and the render's locals going
        /// out of scope. The freeing itself happens on that queue (in the process's CPU time).
        var release = 0.0
        var changeCount: Int, moves: Int, stages: Int, animated: Bool
    }

    @MainActor
    static func render<Section: DiffableSection & Sendable>(
        _ new: [Section], into dataSource: SectionedDataSource<Section>, context: DiffContext,
        options: RenderOptions = RenderOptions()
    ) -> RenderRun where Section.Row: Sendable {
        let clock = ContinuousClock()
        var (run, end, replaced) = renderSteps(new, into: dataSource, context: context, options: options, clock: clock)
        // As the renderer does once `apply` has returned: this is the main thread's last reference.
        if options.releasesReplacedStateInBackground ?? true {
            releaseInBackground(consume replaced)
        } else {
            _ = consume replaced
        }
        run.release = ms(clock.now - end)
        return run
    }

    /// What a render replaced, as the renderer hands it to its release queue: the old model (read
    /// before anything is installed) and the stages' data; here also the diff, which the renderer
    /// makes and drops in its background task.
    struct Replaced<Section: DiffableSection & Sendable>: Sendable where Section.Row: Sendable {
        var old: [Section]
        var diff: SectionedDiff<Section>
        var staged: StagedChangeset<Section>?
    }

    /// The render, up to the moment before its locals are released: the time that returns is
    /// measured by `render` as the release, with handing over what the render replaced.
    @MainActor
    private static func renderSteps<Section: DiffableSection & Sendable>(
        _ new: [Section], into dataSource: SectionedDataSource<Section>, context: DiffContext,
        options: RenderOptions, clock: ContinuousClock
    ) -> (RenderRun, ContinuousClock.Instant, Replaced<Section>) where Section.Row: Sendable {
        let old = dataSource.sections
        let t0 = clock.now
        let diff = SectionedDiff(from: old, to: new, options: DiffOptions(context: context, computesPatch: false))
        let report = diff.duplicates
        let hasDuplicates = !report.newSections.isEmpty || !report.newItems.isEmpty
        let changes = diff.changeset.changeCount
        let t1 = clock.now
        guard !(hasDuplicates && options.duplicatePolicy == .reload), changes <= options.maximumAnimatedChanges else {
            dataSource.install(new)
            dataSource.onChange?(.reloadAll)
            let end = clock.now
            return (
                RenderRun(
                    diff: ms(t1 - t0), stage: 0, swap: ms(end - t1), changeCount: changes,
                    moves: diff.changeset.itemMoves.count, stages: 0, animated: false), end,
                Replaced(old: old, diff: diff, staged: nil)
            )
        }
        let staged = StagedChangeset(diff, updateStyle: options.prefersReconfigure ? .reconfigure : .reload, patchesContentStages: true)
        let t2 = clock.now
        // Each stage installs its data (the last one the caller's own values), as inside batches:
        // through the renderer's own installer (content stages as patches).
        let update = dataSource.stagedUpdate(staged, final: new)
        for stage in update.stages { stage.install() }
        update.installRemaining()
        dataSource.onChange?(.staged(update))
        let t3 = clock.now
        return (
            RenderRun(
                diff: ms(t1 - t0), stage: ms(t2 - t1), swap: ms(t3 - t2), changeCount: changes,
                moves: diff.changeset.itemMoves.count, stages: staged.stages.count, animated: true), t3,
            Replaced(old: old, diff: diff, staged: staged)
        )
    }

    @MainActor
    private func measureRender<Section: DiffableSection & Sendable>(
        of rowsName: String, label: String, _ materialize: ([[RowSpec]]) -> [Section]
    ) -> DataSourceReport.Render where Section.Row: Sendable {
        progress?("[data sources \(label)] render-100k-1pct (\(rowsName)): generating")
        let (oldSpec, newSpec, edit) = renderWorkload()
        let new = materialize(newSpec)
        let dataSource = SectionedDataSource<Section>()
        let context = DiffContext()
        let runs = timedRuns
        progress?("[data sources \(label)] render-100k-1pct (\(rowsName)): \(warmupRuns) warm-up + \(runs) timed")
        var totals: [Double] = [], diffs: [Double] = [], stages: [Double] = [], swaps: [Double] = [], releases: [Double] = []
        var rebuilds: [Double] = [], cpus: [Double] = [], mainCpus: [Double] = [], creations: [Double] = []
        var last: RenderRun?
        guard let probe = new.last(where: { !$0.rows.isEmpty })?.rows.last?.diffIdentity else {
            preconditionFailure("render workload has no rows")
        }
        for run in 0..<(warmupRuns + runs) {
            // A freshly built old state, owned by the data source alone (as after the previous
            // render; no local here keeps it): the swap releases it, as it would in an app.
            var creation = 0.0
            dataSource.install(
                {
                    let creationStart = ContinuousClock.now
                    defer { creation = Self.ms(ContinuousClock.now - creationStart) }
                    return materialize(oldSpec)
                }())
            let cpuStart = Self.processCPUMs(), mainCpuStart = Self.threadCPUMs()
            let start = ContinuousClock.now
            let result = Self.render(new, into: dataSource, context: context)
            let total = Self.ms(ContinuousClock.now - start)
            let mainCpu = Self.threadCPUMs() - mainCpuStart
            // The CPU time includes the release queue's freeing of what the render replaced.
            waitForBackgroundReleases()
            let cpu = Self.processCPUMs() - cpuStart
            let rebuildStart = ContinuousClock.now
            blackHole(dataSource.indexPath(ofItem: probe))
            let rebuild = Self.ms(ContinuousClock.now - rebuildStart)
            last = result
            guard run >= warmupRuns else { continue }
            totals.append(total)
            diffs.append(result.diff)
            stages.append(result.stage)
            swaps.append(result.swap)
            releases.append(result.release)
            cpus.append(cpu)
            mainCpus.append(mainCpu)
            creations.append(creation)
            rebuilds.append(rebuild)
        }
        precondition(dataSource.sections.map(\.rows.count) == new.map(\.rows.count), "render did not install the new state")
        let result = last!
        let renderMs = DataSourceReport.Stat(totals)
        let oldRows = oldSpec.reduce(0) { $0 + $1.count }, newRows = newSpec.reduce(0) { $0 + $1.count }
        let summary =
            "\(newSpec.count) sections, \(WorkloadCatalog.n(oldRows)) → \(WorkloadCatalog.n(newRows)) \(rowsName); "
            + "\(WorkloadCatalog.n(edit.total)) rows changed (\(edit.contentChanges) states, \(edit.kindChanges) cell kinds, "
            + "\(edit.deletes) deleted, \(edit.inserts) inserted, \(edit.movesWithinSection) moved within and "
            + "\(edit.movesAcrossSections) across sections; random positions)"
        return DataSourceReport.Render(
            name: "render-\(BenchFormat.short(s(100_000)))-1pct", summary: summary, sections: newSpec.count,
            oldRows: oldRows, newRows: newRows, edit: edit, changeCount: result.changeCount, diffMoves: result.moves,
            decision: result.animated ? "animated, \(result.stages) batch\(result.stages == 1 ? "" : "es")" : "reloaded (too many changes)",
            stages: result.stages, warmupRuns: warmupRuns, timedRuns: runs, renderMs: renderMs,
            diffMs: .init(diffs), stageMs: .init(stages), swapMs: .init(swaps), releaseMs: .init(releases),
            renderCpuMs: .init(cpus), renderMainThreadCpuMs: .init(mainCpus), rowCreationMs: .init(creations),
            lookupRebuildMs: .init(rebuilds),
            targetMs: Self.renderTargetMs, meetsTarget: renderMs.median <= Self.renderTargetMs)
    }

    // MARK: key-lookups

    @MainActor
    private func measureLookups(rows: Int) -> DataSourceReport.Lookups {
        let perSection = 10_000
        let sectionCount = max(1, (rows + perSection - 1) / perSection)
        var specs: [[RowSpec]] = []
        for s in 0..<sectionCount {
            let start = s * perSection
            specs.append((start..<min(rows, start + perSection)).map { RowSpec(id: $0) })
        }
        let sections = Self.materialize(specs)
        let dataSource = SectionedDataSource(sections)

        // Random queries, fixed by the seed: existing keys and valid paths in random order.
        var generator = SeededGenerator(seed: WorkloadCatalog.seed ^ UInt64(rows))
        let count = max(1, s(1_000_000))
        var keys: [String] = [], paths: [ItemPath] = []
        keys.reserveCapacity(count)
        paths.reserveCapacity(count)
        for _ in 0..<count where rows > 0 {
            let flat = generator.index(below: rows)
            let path = ItemPath(section: flat / perSection, item: flat % perSection)
            paths.append(path)
            keys.append(sections[path.section].rows[path.item].key)
        }
        let probe = keys.first ?? ""

        var builds: [Double] = [], keyToPath: [Double] = [], pathToKey: [Double] = []
        var found = 0
        for run in 0..<(warmupRuns + timedRuns) {
            dataSource.install(sections) // invalidates the tables
            var start = ContinuousClock.now
            blackHole(dataSource.indexPath(ofItem: probe))
            let build = Self.ms(ContinuousClock.now - start)

            start = ContinuousClock.now
            var hits = 0
            for key in keys where dataSource.indexPath(ofItem: key) != nil { hits += 1 }
            let forward = ContinuousClock.now - start

            start = ContinuousClock.now
            var length = 0
            for path in paths { length &+= dataSource.itemKey(at: path).utf8.count }
            let backward = ContinuousClock.now - start
            blackHole(length)

            found = hits
            guard run >= warmupRuns else { continue }
            builds.append(build)
            keyToPath.append(Self.ms(forward) * 1e6 / Double(max(1, keys.count)))
            pathToKey.append(Self.ms(backward) * 1e6 / Double(max(1, paths.count)))
        }
        return DataSourceReport.Lookups(
            rows: rows, sections: sectionCount, lookups: keys.count, timedRuns: timedRuns, buildMs: .init(builds),
            keyToPathNs: .init(keyToPath), pathToKeyNs: .init(pathToKey), found: found)
    }

    static func ms(_ duration: Duration) -> Double { BenchRunner.milliseconds(duration) }

    /// The CPU time of the whole process so far, every thread, in milliseconds.
    static func processCPUMs() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) * 1e-6
    }
}

/// Carries a value across the synchronous hop to the main queue while the sender waits for it.
private struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

enum BenchFormat {
    /// 100_000 → "100k", 1_000_000 → "1M", 250 → "250".
    static func short(_ value: Int) -> String {
        if value >= 1_000_000 && value % 1_000_000 == 0 { return "\(value / 1_000_000)M" }
        if value >= 1_000 && value % 1_000 == 0 { return "\(value / 1_000)k" }
        return "\(value)"
    }
}

extension DataSourceReport {
    /// The human-readable section, printed after the engine tables.
    var table: String {
        func ms(_ v: Double) -> String {
            v < 1 ? String(format: "%.3f", v) : v < 100 ? String(format: "%.2f", v) : String(format: "%.0f", v)
        }
        func ns(_ v: Double) -> String { String(format: "%.1f", v) }
        var out = "\ndata sources (GitHub issue 4): SectionedDataSource, on the main actor\n"
        for render in [render, typedRender] { out += Self.renderBlock(render) }

        if let first = lookups.first {
            out +=
                "\nkey-lookups: \(WorkloadCatalog.n(first.lookups)) random lookups each way per run, "
                + "\(first.timedRuns) timed runs; ns per lookup (median, min–max)\n"
        }
        var table = [["rows", "build tables (ms)", "key → index path (ns)", "index path → key (ns)", "found"]]
        for l in lookups {
            table.append([
                WorkloadCatalog.n(l.rows), ms(l.buildMs.median),
                "\(ns(l.keyToPathNs.median)) (\(ns(l.keyToPathNs.min))–\(ns(l.keyToPathNs.max)))",
                "\(ns(l.pathToKeyNs.median)) (\(ns(l.pathToKeyNs.min))–\(ns(l.pathToKeyNs.max)))",
                "\(l.found == l.lookups ? "all" : WorkloadCatalog.n(l.found))",
            ])
        }
        out += BenchReport.align(table, rightAligned: [1, 2, 3, 4])
        if let small = lookups.first, let large = lookups.last, lookups.count > 1, small.keyToPathNs.median > 0,
            small.pathToKeyNs.median > 0
        {
            let forward = String(format: "%.2f", large.keyToPathNs.median / small.keyToPathNs.median)
            let backward = String(format: "%.2f", large.pathToKeyNs.median / small.pathToKeyNs.median)
            out +=
                "  \(WorkloadCatalog.n(large.rows)) vs \(WorkloadCatalog.n(small.rows)) rows: key → index path ×\(forward), "
                + "index path → key ×\(backward) per lookup (O(1): the work per lookup does not grow; "
                + "larger tables only miss the cache more)\n"
        }
        return out + rendererTable + ownerTable + declarativeTable
    }

    /// One render workload's table.
    static func renderBlock(_ render: Render) -> String {
        func ms(_ v: Double) -> String {
            v < 1 ? String(format: "%.3f", v) : v < 100 ? String(format: "%.2f", v) : String(format: "%.0f", v)
        }
        var out = ""
        out += "\n\(render.name): \(render.summary)\n"
        out +=
            "  diff: \(WorkloadCatalog.n(render.changeCount)) changes, \(render.diffMoves) row moves; "
            + "renderer with default options: \(render.decision); \(render.timedRuns) timed runs after \(render.warmupRuns) warm-up\(render.warmupRuns == 1 ? "" : "s")\n"
        var rows = [["step (ms)", "median", "min", "max", "target"]]
        let verdict = render.meetsTarget ? "≤ \(ms(render.targetMs)) ✓" : "≤ \(ms(render.targetMs)) ✗ MISSED"
        rows.append(["diff + staging + data swap", ms(render.renderMs.median), ms(render.renderMs.min), ms(render.renderMs.max), verdict])
        rows.append(["  diff (SectionedDiff)", ms(render.diffMs.median), ms(render.diffMs.min), ms(render.diffMs.max), ""])
        rows.append(["  staging (StagedChangeset)", ms(render.stageMs.median), ms(render.stageMs.min), ms(render.stageMs.max), ""])
        rows.append([
            "  data swap (install × \(render.stages))", ms(render.swapMs.median), ms(render.swapMs.min), ms(render.swapMs.max), "",
        ])
        if let release = render.releaseMs {
            rows.append(["  releasing the replaced state (main)", ms(release.median), ms(release.min), ms(release.max), ""])
        }
        if let cpu = render.renderMainThreadCpuMs {
            rows.append(["  CPU time, main thread", ms(cpu.median), ms(cpu.min), ms(cpu.max), ""])
        }
        if let cpu = render.renderCpuMs {
            rows.append(["  CPU time, both threads", ms(cpu.median), ms(cpu.min), ms(cpu.max), ""])
        }
        if let creation = render.rowCreationMs {
            rows.append(["before: making the state's rows (app)", ms(creation.median), ms(creation.min), ms(creation.max), ""])
        }
        rows.append([
            "then: first key lookup (rebuilds tables)", ms(render.lookupRebuildMs.median), ms(render.lookupRebuildMs.min),
            ms(render.lookupRebuildMs.max), "",
        ])
        out += BenchReport.align(rows, rightAligned: [1, 2, 3])

        return out
    }
}
