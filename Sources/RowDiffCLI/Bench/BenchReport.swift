import Foundation

/// Everything one `rowdiff bench` run measured; `--json` prints it as is.
struct BenchReport: Codable, Sendable {
    struct Machine: Codable, Sendable {
        var cpu: String
        var cores: Int
        var system: String

        /// e.g. "AMD EPYC, 2 cores, Linux".
        var description: String { "\(cpu), \(cores) \(cores == 1 ? "core" : "cores"), \(system)" }

        static var current: Machine {
            var cpu = "unknown CPU"
            if let info = PeakMemory.procText("/proc/cpuinfo"),
                let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
                let colon = line.firstIndex(of: ":")
            {
                cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            #if os(Linux)
            let system = "Linux"
            #elseif os(macOS)
            let system = "macOS"
            #else
            let system = "unknown OS"
            #endif
            return Machine(cpu: cpu, cores: ProcessInfo.processInfo.activeProcessorCount, system: system)
        }
    }

    struct EngineResult: Codable, Sendable {
        /// `core`, `typed`, `dictionary` or `stdlib`.
        var engine: String
        var label: String
        /// Nil when the engine ran; otherwise why not ("skipped (too slow)", "n/a (flat lists only)").
        var skipped: String?
        var medianMs: Double?
        var minMs: Double?
        var maxMs: Double?
        /// The engine's first run on this workload, before any warm-up: memory it allocates is
        /// fresh (in a fresh process — `--only NAME --engine ENGINE` — truly cold; later in a run,
        /// earlier workloads may have left memory behind).
        var coldMs: Double?
        /// 4 KB pages the cold run wrote for the first time (the process's minor page faults
        /// during it, `getrusage`); nil where the system does not count them.
        var coldPageFaults: Int?
        /// Median over the fastest engine's median on this workload (1 for the fastest).
        var ratioToFastest: Double?
        /// Median over the workload's memory floor (`WorkloadResult.floor`): how far the engine is
        /// from reading its input once.
        var ratioToFloor: Double?
        /// Moves emitted (sections plus rows).
        var moves: Int?
        /// Peak resident bytes of one run (see `memoryMethod`); nil where unmeasurable.
        var peakMemoryBytes: Int?
    }

    /// The memory floor of a workload (`MemoryFloor`): one plain loop that reads both sides'
    /// identity fingerprints once (8 bytes a row) and writes a 32-bit word per row, over warm
    /// arrays, sampled before every engine and after the last in the same run.
    struct FloorResult: Codable, Sendable {
        var medianMs: Double
        var minMs: Double
        var maxMs: Double
        /// Rows read (old plus new; sections count as rows).
        var rows: Int
        /// Bytes one pass reads and writes (12 per row).
        var bytes: Int

        init(stats: SampleStats, rows: Int, bytes: Int) {
            (medianMs, minMs, maxMs) = (stats.median, stats.min, stats.max)
            (self.rows, self.bytes) = (rows, bytes)
        }

        /// Bytes moved per second at the median, in GB/s (10^9 bytes).
        var gigabytesPerSecond: Double { medianMs > 0 ? Double(bytes) / medianMs / 1e6 : 0 }
    }

    struct WorkloadResult: Codable, Sendable {
        var name: String
        var summary: String
        var oldRows: Int
        var newRows: Int
        /// The minimum number of moves (what RowDiff's core emits: matched − LIS).
        var minimumMoves: Int
        /// What no engine can beat on this workload; nil in reports from before it was measured.
        var floor: FloorResult?
        var engines: [EngineResult]
    }

    var machine: Machine
    /// ISO 8601, UTC.
    var date: String
    /// "release" or "debug" (debug numbers are meaningless).
    var build: String
    var warmupRuns: Int
    var timedRuns: Int
    var scale: Double
    var memoryMethod: String
    var workloads: [WorkloadResult]
    /// The data-source section (`--datasources`, and every run without `--only`); nil when not run.
    var dataSources: DataSourceReport?
}

extension BenchReport {
    /// A human-readable table, one block per workload.
    var table: String {
        var out =
            "rowdiff bench — \(machine.description), \(date), \(build) build, "
            + "\(timedRuns) timed runs after \(warmupRuns) warm-up\(warmupRuns == 1 ? "" : "s")"
            + (scale == 1 ? "" : ", scale \(scale)") + "\n"
        if build == "debug" { out += "WARNING: debug build: times are meaningless; build with -c release\n" }
        out +=
            "times in ms; cold: the engine's first run on the workload (fresh memory); cold pages: pages it wrote "
            + "for the first time (page faults); moves: emitted (minimum); memory: \(memoryMethod)\n"
            + "floor: both sides' fingerprints read once and a 32-bit word written per row (a plain loop over "
            + "warm arrays, sampled between the engines); ×floor: median ÷ the floor's median\n"
        let header = ["engine", "median", "min", "max", "cold", "cold/median", "cold pages", "×fastest", "×floor", "moves", "peak mem"]
        for workload in workloads {
            out += "\n\(workload.name): \(workload.summary)\n"
            if let floor = workload.floor {
                out +=
                    "  floor: \(WorkloadCatalog.n(floor.rows)) fingerprints read, as many words written "
                    + String(format: "(%.1f MB) at %.0f GB/s\n", Double(floor.bytes) / 1_048_576, floor.gigabytesPerSecond)
            }
            var rows = [header]
            if let floor = workload.floor {
                rows.append([
                    "floor (read once)", ms(floor.medianMs), ms(floor.minMs), ms(floor.maxMs), "-", "-", "-", "-", "1.0",
                    "-", "-",
                ])
            }
            for e in workload.engines {
                if let skipped = e.skipped {
                    rows.append([e.label, skipped])
                    continue
                }
                let moves = e.moves.map { "\(WorkloadCatalog.n($0)) (\(WorkloadCatalog.n(workload.minimumMoves)))" } ?? "-"
                let coldRatio = e.coldMs.flatMap { cold in e.medianMs.map { String(format: "%.2f", cold / $0) } } ?? "-"
                rows.append([
                    e.label, ms(e.medianMs), ms(e.minMs), ms(e.maxMs), ms(e.coldMs), coldRatio,
                    e.coldPageFaults.map { WorkloadCatalog.n($0) } ?? "-",
                    e.ratioToFastest.map { String(format: "%.1f", $0) } ?? "-", e.ratioToFloor.map { String(format: "%.1f", $0) } ?? "-",
                    moves, e.peakMemoryBytes.map(Self.megabytes) ?? "n/a",
                ])
            }
            out += Self.align(rows, rightAligned: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
        }
        if let dataSources { out += dataSources.table }
        return out
    }

    private func ms(_ value: Double?) -> String {
        guard let value else { return "-" }
        switch value {
        case ..<1: return String(format: "%.3f", value)
        case ..<100: return String(format: "%.2f", value)
        default: return String(format: "%.0f", value)
        }
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

    /// Columns padded to their widest cell. A short row (a skipped engine: label and reason)
    /// prints its reason from the second column on, unpadded.
    static func align(_ rows: [[String]], rightAligned: Set<Int>) -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows where row.count == columns {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        widths[0] = rows.map { $0[0].count }.max() ?? 0
        var out = ""
        for row in rows {
            var line = "  "
            if row.count < columns {
                line += row[0].padding(toLength: widths[0], withPad: " ", startingAt: 0) + "  " + row.dropFirst().joined(separator: " ")
            } else {
                for (i, cell) in row.enumerated() {
                    let pad = String(repeating: " ", count: max(0, widths[i] - cell.count))
                    line += (i == 0 ? "" : "  ") + (rightAligned.contains(i) ? pad + cell : cell + pad)
                }
            }
            while line.last == " " { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    /// Pretty-printed JSON with sorted keys.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

/// Median, minimum and maximum of timed samples: what every bench table reports.
struct SampleStats: Codable, Sendable {
    var median: Double
    var min: Double
    var max: Double

    /// - Precondition: `samples` is not empty.
    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        precondition(!sorted.isEmpty, "no samples")
        let half = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2
        min = sorted[0]
        max = sorted[sorted.count - 1]
    }
}
