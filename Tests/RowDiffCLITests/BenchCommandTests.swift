import Foundation
import Testing
@testable import RowDiffCLI

@Suite struct BenchCommandTests {
    /// A tiny in-process run of `rowdiff bench --quick --json` (scale 0.002: 10 to 2,000 rows).
    @Test func quickJSONRun_reportsEveryEngineOnEveryWorkload() throws {
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent("rowdiff-bench-\(UUID()).svg").path
        defer { try? FileManager.default.removeItem(atPath: svg) }
        let command = try BenchCommand.parse(["--quick", "--json", "--scale", "0.002", "--runs", "1", "--silent", "--svg", svg])
        let output = try command.output()
        let report = try JSONDecoder().decode(BenchReport.self, from: Data(output.utf8))

        #expect(report.workloads.map(\.name) == WorkloadCatalog.names)
        #expect(report.timedRuns == 1 && report.scale == 0.002)
        for workload in report.workloads {
            #expect(workload.engines.map(\.engine) == BenchEngine.allCases.map(\.rawValue), "\(workload.name)")
            let floor = try #require(workload.floor, "\(workload.name): the floor row")
            #expect(floor.rows >= workload.oldRows + workload.newRows && floor.bytes == 12 * floor.rows)
            #expect(floor.minMs <= floor.medianMs && floor.medianMs <= floor.maxMs)
            for engine in workload.engines where engine.skipped == nil {
                let moves = try #require(engine.moves, "\(workload.name) \(engine.engine)")
                #expect(engine.medianMs != nil && engine.ratioToFastest.map { $0 >= 1 } == true)
                #expect(engine.ratioToFloor != nil, "\(workload.name) \(engine.engine): a multiple of the floor")
                switch engine.engine {
                case "core", "typed", "stdlib": #expect(moves == workload.minimumMoves, "\(workload.name) \(engine.engine)")
                default: #expect(moves >= workload.minimumMoves, "\(workload.name) \(engine.engine)")
                }
            }
            #expect(workload.engines.contains { $0.ratioToFastest == 1 })
        }
        let sectioned = try #require(report.workloads.first { $0.name == "sectioned-100x1000" })
        #expect(sectioned.engines.first { $0.engine == "stdlib" }?.skipped == "n/a (flat lists only)")

        let chart = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(chart.hasPrefix("<svg") && chart.contains("DK-100k-spread") && chart.contains(report.machine.cpu))
    }

    @Test func tableOutput_namesMachineAndMinimumMoves() throws {
        let command = try BenchCommand.parse(["--only", "last-to-front-10k", "--scale", "0.01", "--runs", "1", "--silent", "--no-memory"])
        let table = try command.output()
        #expect(table.contains("rowdiff bench — "))
        #expect(table.contains("last-to-front-10k: 100 rows, the last moves to the front"))
        #expect(table.contains("100 (1)"), "the dictionary diff moves every row; the minimum is 1")
        #expect(table.contains("floor (read once)") && table.contains("×floor"))
        #expect(table.contains("floor: 200 fingerprints read"))
    }

    @Test func stdlib_isSkippedWhereItWouldBeTooSlow() throws {
        let command = try BenchCommand.parse(["--only", "reverse-10k", "--runs", "1", "--silent", "--no-memory"])
        var runner = command.makeRunner()
        runner.engines = [.core, .stdlib]
        let report = runner.run()
        #expect(report.workloads[0].engines.last?.skipped == "skipped (too slow)")
    }

    @Test func unknownWorkload_isAUsageError() {
        #expect(throws: (any Error).self) { try BenchCommand.parse(["--only", "DK-7k"]) }
        #expect(throws: (any Error).self) { try BenchCommand.parse(["--scale", "0"]) }
    }
}
