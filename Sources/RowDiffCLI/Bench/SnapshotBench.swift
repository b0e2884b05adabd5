import Foundation

// `rowdiff bench --snapshot`: issue 35's snapshot group (Workloads/SnapshotWorkloads.swift), each
// operation's median beside its target and ListKit's figure. Runs are interleaved (every
// operation once per round), so a slow phase of the machine touches all of them alike.

/// What the snapshot group measured; `--json` prints it.
struct SnapshotReport: Codable, Sendable {
    struct Row: Codable, Sendable {
        var name: String
        var summary: String
        var targetMs: Double
        var listKitMs: Double
        var ms: SampleStats
        var meetsTarget: Bool
    }

    var date: String
    /// /proc/loadavg's 1-minute load before and after the run (nil where there is none).
    var loadBefore: Double?
    var loadAfter: Double?
    var runs: Int
    var rows: [Row]

    var table: String {
        func ms(_ v: Double) -> String {
            v < 0.01 ? String(format: "%.4f", v) : v < 1 ? String(format: "%.3f", v) : String(format: "%.2f", v)
        }
        var lines = [["operation", "target", "ListKit", "RowDiff", "min", "max", "met"]]
        for row in rows {
            lines.append([
                row.summary, "≤ " + ms(row.targetMs), ms(row.listKitMs), ms(row.ms.median), ms(row.ms.min), ms(row.ms.max),
                row.meetsTarget ? "yes" : "no",
            ])
        }
        let load = [loadBefore, loadAfter].map { $0.map { String(format: "%.2f", $0) } ?? "n/a" }.joined(separator: " → ")
        return "snapshot group (issue 35), ms, medians of \(runs) interleaved runs; \(date); load \(load)\n"
            + BenchReport.align(lines, rightAligned: [1, 2, 3, 4, 5])
    }
}

struct SnapshotBench {
    var runs = 101
    var warmupRuns = 3
    var scale = 1.0
    /// The operations to run, by name; empty: all of them.
    var names: [String] = []
    var progress: ((String) -> Void)?

    func run() -> SnapshotReport {
        let loadBefore = Self.load()
        progress?("[snapshot] generating")
        let operations = SnapshotWorkloads.operations(scale: scale).filter { names.isEmpty || names.contains($0.name) }
        var samples = Array(repeating: [Double](), count: operations.count)
        let clock = ContinuousClock()
        for round in 0..<(warmupRuns + runs) {
            if round == warmupRuns { progress?("[snapshot] \(runs) timed rounds") }
            for (index, operation) in operations.enumerated() {
                let call = operation.prepare()
                let start = clock.now
                let result = call()
                let elapsed = clock.now - start
                blackHole(result)
                if round >= warmupRuns { samples[index].append(BenchRunner.milliseconds(elapsed)) }
            }
        }
        let rows = zip(operations, samples).map { operation, times in
            let stats = SampleStats(times)
            return SnapshotReport.Row(
                name: operation.name, summary: operation.summary, targetMs: operation.targetMs, listKitMs: operation.listKitMs,
                ms: stats, meetsTarget: stats.median <= operation.targetMs)
        }
        let date = ISO8601DateFormatter().string(from: Date())
        return SnapshotReport(date: date, loadBefore: loadBefore, loadAfter: Self.load(), runs: runs, rows: rows)
    }

    /// The 1-minute load average, where /proc has it.
    static func load() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }
}
