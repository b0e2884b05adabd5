import Foundation
import Testing
@testable import RowDiffCLI

/// The data-source section of `rowdiff bench` at a tiny scale: shapes and counts, no timing.
@Suite struct BenchDataSourceTests {
    @Test func datasourcesFlag_runsOnlyTheDataSourceSection() throws {
        let command = try BenchCommand.parse(["--datasources", "--json", "--scale", "0.01", "--runs", "2", "--silent", "--no-memory"])
        let report = try JSONDecoder().decode(BenchReport.self, from: Data(try command.output().utf8))
        #expect(report.workloads.isEmpty)
        let sources = try #require(report.dataSources)

        // 10 sections × 100 rows; 1 % changed: 7 states, 1 deleted, 1 inserted, 1 moved each way.
        let render = sources.render
        #expect(render.sections == 10 && render.oldRows == 1_000 && render.newRows == 1_000)
        #expect(render.edit.total == 11 && render.edit.contentChanges == 7 && render.edit.deletes == 1 && render.edit.inserts == 1)
        #expect(render.changeCount <= render.edit.total && render.changeCount >= render.edit.total - 2)
        #expect(render.decision.hasPrefix("animated") && render.stages >= 1)
        #expect(render.timedRuns == 2 && render.targetMs == 5)
        #expect(render.renderMs.min <= render.renderMs.median && render.renderMs.median <= render.renderMs.max)
        // The parts measured beside the total: the release, the process's CPU time, the rows' creation.
        for part in [render.releaseMs, render.renderCpuMs, render.rowCreationMs] {
            let stat = try #require(part)
            #expect(stat.min >= 0 && stat.min <= stat.median && stat.median <= stat.max)
        }
        // The typed model renders the same workload: same shape, same diff.
        let typed = sources.typedRender
        #expect(typed.sections == render.sections && typed.oldRows == render.oldRows && typed.newRows == render.newRows)
        #expect(typed.changeCount == render.changeCount && typed.diffMoves == render.diffMoves && typed.stages == render.stages)

        // The renderer part runs only from the main thread (the command); see the async test below.
        #expect(sources.bursts == nil && sources.firstLookup == nil)

        #expect(sources.lookups.map(\.rows) == [100, 1_000, 10_000])
        for lookups in sources.lookups {
            #expect(lookups.lookups == 10_000 && lookups.found == lookups.lookups, "\(lookups.rows) rows")
            #expect(lookups.sections == max(1, lookups.rows / 10_000))
        }
    }

    /// The renderer part at a tiny scale: bursts of 10/40/200 states via bind and render, and the
    /// first key lookup after a render; counts only, no timing.
    @MainActor @Test func rendererPart_burstsAndFirstLookup() async {
        let bench = DataSourceBench(warmupRuns: 1, timedRuns: 2, scale: 0.01)
        let (bursts, firstLookup) = await bench.measureRenderer()
        #expect(bursts.map(\.states) == [10, 10, 40, 40, 200, 200])
        #expect(bursts.allSatisfy { $0.maximumRenders <= 2 && $0.maximumReloads == 0 && $0.lastStateShown && $0.meetsTarget })
        #expect(firstLookup.rows == 1_000 && firstLookup.targetMs == 1)
        #expect(firstLookup.eagerRenderMs != nil && firstLookup.lazyRenderMs != nil)
        let mainCpu = firstLookup.eagerRenderMainThreadCpuMs
        #expect(mainCpu.map { $0.min <= $0.median && $0.median <= $0.max } == true)
        // The rest of the section, run off the main actor as the command's caller would.
        var report = await Task.detached { DataSourceBench(warmupRuns: 1, timedRuns: 1, scale: 0.01).run() }.value
        (report.bursts, report.firstLookup) = (bursts, firstLookup)
        #expect(
            report.table.contains("renderer bursts") && report.table.contains("first key lookup after a render")
                && report.table.contains("renderAndWait called to returned")
                && report.table.contains("main thread's CPU time in a default render"))
    }

    @Test func onlyWithoutFlag_skipsTheDataSourceSection_andTheTableShowsIt() throws {
        let plain = try BenchCommand.parse(["--only", "last-to-front-10k", "--scale", "0.01", "--runs", "1", "--silent", "--no-memory"])
        #expect(plain.makeRunner().runsDataSources == false)
        #expect(try BenchCommand.parse(["--quick"]).makeRunner().runsDataSources)

        let both = try BenchCommand.parse([
            "--datasources", "--only", "last-to-front-10k", "--scale", "0.01", "--runs", "1", "--silent", "--no-memory",
        ])
        let table = try both.output()
        #expect(table.contains("last-to-front-10k: 100 rows"))
        #expect(table.contains("render-1k-1pct: 10 sections, 1,000 → 1,000 KeyedRows"))
        #expect(table.contains("diff + staging + data swap") && table.contains("key → index path"))
        #expect(
            table.contains("releasing the replaced state") && table.contains("CPU time, both threads")
                && table.contains("making the state's rows"))
    }
}
