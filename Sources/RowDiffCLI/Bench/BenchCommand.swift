import ArgumentParser
import Foundation

/// `rowdiff bench`: every engine side by side, in one process, on the standard workloads.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time RowDiff against other diff engines on standard workloads.",
        discussion: """
            Engines: the C core alone (precomputed fingerprints), RowDiff's typed API end to end \
            (UUID rows → SectionedDiff → StagedChangeset), a plain Dictionary-based diff as typical \
            Swift libraries write it, and the standard library's difference(from:).inferringMoves() \
            where it finishes in seconds. Then the data-source section (GitHub issue 4's targets): a \
            render of 100,000 KeyedRows with 1 % changed (diff + staging + data swap, target ≤ 5 ms) and \
            key ↔ index path lookups on 10k to 1M rows (O(1)). Reports median/min/max, each engine's first (cold) run \
            beside its median, the ratio to the fastest engine, moves against the minimum, and peak memory; and, \
            per workload, the memory floor (both sides' fingerprints read once, a 32-bit word written per row, \
            timed between the engines) with every engine's median as a multiple of it. \
            Build with -c release: debug numbers are meaningless.
            """)

    @Flag(help: "Print the report as JSON.")
    var json = false

    @Flag(help: "A short run: fewer runs, one warm-up (about 30 s in release builds).")
    var quick = false

    @Option(help: "Timed runs per engine and workload (default 10; 3 with --quick).")
    var runs: Int?

    @Option(
        name: .customLong("only"), help: "Run only these workloads (repeatable). Names: \(WorkloadCatalog.names.joined(separator: ", ")).")
    var only: [String] = []

    @Option(
        name: .customLong("engine"),
        help:
            "Run only these engines (repeatable): \(BenchEngine.allCases.map(\.rawValue).joined(separator: ", ")). With one --only, the first (cold) run is the process's first diff."
    )
    var engineNames: [String] = []

    @Flag(
        name: .customLong("datasources"),
        help:
            "Run the data-source section (render-100k-1pct, key lookups); alone unless --only names workloads too. Runs by default without --only."
    )
    var dataSources = false

    @Flag(
        name: .customLong("soak"),
        help:
            "Run only the owner soak: a ListController on a viewport stand-in through many renders and user actions; checks every render and the resident memory (growth < 2 MB after warm-up)."
    )
    var soak = false

    @Option(name: .customLong("soak-renders"), help: "Renders in the soak (default 5,000).")
    var soakRenders = 5_000

    @Option(name: .customLong("soak-view"), help: "The soak's list view: table or collection.")
    var soakView = SoakView.table

    @Option(name: .customLong("soak-rows"), help: "Rows in the soak's model, in 10 sections.")
    var soakRows = 100_000

    @Option(name: .customLong("soak-seed"), help: "The seed of the soak's edits and user actions.")
    var soakSeed: UInt64 = 28

    @Option(
        name: .customLong("owner"),
        help:
            "Run only these rows of the data sources' owner table (repeatable): table, collection (ListController), diffable, diffable-100x1000 (100 × 1,000 items, 1 % moved across sections), swiftui, app, app-main-thread-release (ListController with app-like rows built every render; the second frees replaced rows on the main thread, the default on macOS and before iOS 17); --runs timed renders each."
    )
    var ownerRows: [String] = []

    @Flag(
        name: .customLong("snapshot"),
        help:
            "Run only the snapshot group (GitHub issue 35): the diffable snapshot API called from this module, UUID items, Int sections, each operation's median beside its target and ListKit's figure; --runs interleaved rounds (default 101; 21 with --quick)."
    )
    var snapshot = false

    @Option(
        name: .customLong("snapshot-operation"),
        help: "With --snapshot, run only these operations (repeatable), by name (e.g. build-10k, apply-diff-10k-nochange).")
    var snapshotOperations: [String] = []

    @Option(name: .customLong("svg"), help: "Also write a bar chart (SVG) of the medians to this file.")
    var svgPath: String?

    @Flag(
        name: .customLong("cpu-time"),
        help: "Time the engines by the thread's CPU time (page faults included, waiting for a busy core not): for shared machines.")
    var cpuTime = false

    @Option(
        name: .customLong("parallel-threshold"),
        help:
            "Rows (old plus new) from which the typed engine uses two cores (default: the library's); a huge value keeps it serial, 0 always parallel."
    )
    var parallelThreshold: Int?

    @Flag(help: "Skip the peak-memory measurement.")
    var noMemory = false

    /// Scales every workload's sizes; tests use a tiny one.
    @Option(help: .hidden)
    var scale: Double = 1

    /// Progress lines on stderr; tests turn them off.
    @Flag(help: .hidden)
    var silent = false

    func validate() throws {
        if let runs, runs < 1 { throw ValidationError("--runs must be at least 1") }
        if !(scale > 0 && scale <= 10) { throw ValidationError("--scale must be in (0, 10]") }
        if let parallelThreshold, parallelThreshold < 0 { throw ValidationError("--parallel-threshold must be at least 0") }
        if soakRenders < 1 { throw ValidationError("--soak-renders must be at least 1") }
        if soakRows < 10 { throw ValidationError("--soak-rows must be at least 10") }
        for name in ownerRows where !DataSourceBench.ownerRowNames.contains(name) {
            throw ValidationError("unknown owner row '\(name)'; known: \(DataSourceBench.ownerRowNames.joined(separator: ", "))")
        }
        if !ownerRows.isEmpty && soak { throw ValidationError("--owner and --soak are separate runs") }
        if snapshot && (soak || !ownerRows.isEmpty) { throw ValidationError("--snapshot is a separate run") }
        let snapshotNames = Set(SnapshotWorkloads.operations(scale: 0.001).map(\.name))
        for name in snapshotOperations where !snapshotNames.contains(name) {
            throw ValidationError("unknown snapshot operation '\(name)'; known: \(snapshotNames.sorted().joined(separator: ", "))")
        }
        for name in engineNames where BenchEngine(rawValue: name) == nil {
            throw ValidationError("unknown engine '\(name)'; known: \(BenchEngine.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        for name in only where WorkloadCatalog.make(name, scale: 0.001) == nil {
            throw ValidationError("unknown workload '\(name)'; known: \(WorkloadCatalog.names.joined(separator: ", "))")
        }
    }

    func run() throws {
        if BenchRunner.isDebugBuild {
            Self.writeError(
                "rowdiff bench: warning: this is a debug build; times are meaningless. "
                    + "Build with `swift build -c release` and run .build/release/rowdiff bench.")
        }
        print(try output(), terminator: "")
    }

    /// Runs the benchmark, writes the chart if asked, and returns what goes to stdout.
    func output() throws -> String {
        if soak {
            var run = OwnerSoak(renders: soakRenders, view: soakView, rows: soakRows, scale: scale, seed: soakSeed)
            if !silent { run.progress = { Self.writeError("rowdiff bench: " + $0) } }
            let report = run.run()
            if !json { return report.table }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
        }
        if !ownerRows.isEmpty { return try ownerOutput() }
        if snapshot { return try snapshotOutput() }
        let report = makeRunner().run()
        if let svgPath {
            do {
                try BenchChart.svg(report).write(toFile: svgPath, atomically: true, encoding: .utf8)
            } catch {
                throw BenchOutputError("rowdiff: cannot write \(svgPath): \(error.localizedDescription)")
            }
            if !silent { Self.writeError("rowdiff bench: wrote \(svgPath)") }
        }
        return json ? try report.json() + "\n" : report.table
    }

    /// `--owner`: only the named rows of the owner table, as the data-source section measures them.
    func ownerOutput() throws -> String {
        var bench = DataSourceBench(warmupRuns: quick ? 1 : 2, timedRuns: runs ?? (quick ? 3 : 10), scale: scale)
        if !silent { bench.progress = { Self.writeError("rowdiff bench: " + $0) } }
        guard let owners = bench.measureOwnersFromMainThread(ownerRows) else {
            throw BenchOutputError("rowdiff: --owner runs on the main thread only")
        }
        if !json { return DataSourceReport.ownerTable(owners) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(owners), as: UTF8.self) + "\n"
    }

    /// `--snapshot`: the snapshot group alone.
    func snapshotOutput() throws -> String {
        var bench = SnapshotBench(runs: runs ?? (quick ? 21 : 101), warmupRuns: quick ? 1 : 3, scale: scale)
        bench.names = snapshotOperations
        if !silent { bench.progress = { Self.writeError("rowdiff bench: " + $0) } }
        let report = bench.run()
        if !json { return report.table }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
    }

    func makeRunner() -> BenchRunner {
        var runner = BenchRunner()
        if !only.isEmpty {
            runner.workloadNames = WorkloadCatalog.names.filter(only.contains)
        } else if dataSources {
            runner.workloadNames = []
        }
        if !engineNames.isEmpty { runner.engines = BenchEngine.allCases.filter { engineNames.contains($0.rawValue) } }
        runner.runsDataSources = dataSources || only.isEmpty
        runner.timedRuns = runs ?? (quick ? 3 : 10)
        runner.warmupRuns = quick ? 1 : 2
        runner.scale = scale
        runner.measuresMemory = !noMemory
        runner.cpuTime = cpuTime
        runner.parallelRowThreshold = parallelThreshold
        if !silent { runner.progress = { Self.writeError("rowdiff bench: " + $0) } }
        return runner
    }

    static func writeError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// A failure reported as one line on stderr with exit status 1.
struct BenchOutputError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension SoakView: ExpressibleByArgument {}
