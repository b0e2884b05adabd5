import Foundation
import Testing
@testable import RowDiffCLI

/// The owner part of `rowdiff bench --datasources` at a tiny scale: shapes, counts and checks,
/// no timing.
@Suite struct BenchOwnerTests {
    @MainActor @Test func ownerPart_configuresOnlyVisibleAndChangedCells_andAsksNoHeights() async throws {
        let bench = DataSourceBench(warmupRuns: 1, timedRuns: 2, scale: 0.01)
        let owners = await bench.measureOwners()
        #expect(owners.map(\.view) == ["table", "collection"])
        for owner in owners {
            #expect(owner.rows == 1_000 && owner.sections == 10 && owner.timedRuns == 2)
            #expect(owner.decision.hasPrefix("animated"), "\(owner.view): \(owner.decision)")
            #expect(owner.withinBound && owner.maximumCellsConfigured <= owner.maximumConfigureBound, "\(owner.view)")
            #expect(owner.heightCalls == 0 && !owner.explicitRowHeights, "\(owner.view)")
            #expect(owner.problems == 0, "\(owner.view)")
            #expect(owner.viewsMade < 100, "\(owner.view): \(owner.viewsMade) views for \(owner.visibleRows) visible rows")
            #expect(owner.mainThreadMs.min <= owner.mainThreadMs.median && owner.requestToCompletionMs.min <= owner.requestToCompletionMs.max)
        }
        var report = await Task.detached { DataSourceBench(warmupRuns: 1, timedRuns: 1, scale: 0.01).run() }.value
        report.owners = owners
        #expect(report.table.contains("owner (GitHub issue 28)") && report.table.contains("height calls"))
        let json = try JSONDecoder().decode(DataSourceReport.self, from: JSONEncoder().encode(report))
        #expect(json.owners?.count == 2)
    }
}
