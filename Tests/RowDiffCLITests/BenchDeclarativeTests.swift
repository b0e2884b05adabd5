import Foundation
import Testing
@testable import RowDiffCLI

/// The declarative part of `rowdiff bench --datasources` at a small size: what it counts, not how
/// fast it is (no timing is asserted).
@MainActor
@Suite struct BenchDeclarativeTests {
    @Test func theUpdatePathAndTheStream_reportWhatTheViewShows() async {
        let report = await DataSourceBench.measureDeclarative(rows: 2_000, streamRows: 500, seconds: 0.25, runs: 2, warmups: 1)
        #expect(report.rows == 2_000 && report.changedRows == 20)
        // Only rows on screen (the first 20 of section 0) are ever built again.
        #expect(report.rowContentBuilt <= 20 * 3)
        #expect(report.stream.updates == 15)
        #expect(report.stream.renderRequests == 15)
        #expect(report.stream.reloads == 0)
        #expect(report.stream.lastStateShown)
        #expect(report.stream.appliedRenders <= report.stream.renderRequests)
        #expect(report.table.contains("new value → render request"))
    }
}
