import Foundation
import Testing
@testable import RowDiffCLI

/// The owner part of `rowdiff bench --datasources` and the soak (`--soak`) at a tiny scale:
/// shapes, counts and checks, no timing. Serialized: the owner measurements count cell
/// configurations in one static counter, which two of them running at once would share.
@Suite(.serialized) struct BenchOwnerTests {
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
            #expect(
                owner.mainThreadMs.min <= owner.mainThreadMs.median && owner.requestToCompletionMs.min <= owner.requestToCompletionMs.max)
        }
        var report = await Task.detached { DataSourceBench(warmupRuns: 1, timedRuns: 1, scale: 0.01).run() }.value
        report.owners = owners
        #expect(report.table.contains("owner (GitHub issue 28)") && report.table.contains("height calls"))
        let json = try JSONDecoder().decode(DataSourceReport.self, from: JSONEncoder().encode(report))
        #expect(json.owners?.count == 2)
    }

    @MainActor @Test func diffableAndSwiftUIRows_passEveryCheck_andConfigureOnlyVisibleAndChangedCells() async throws {
        let bench = DataSourceBench(warmupRuns: 1, timedRuns: 2, scale: 0.01)
        let others = await bench.measureOtherOwners()
        #expect(
            others.map(\.source) == ["DiffableListSource", "ListUpdater", "ListUpdater, Int id + 2 Strings", "ListUpdater, plain value"])
        for owner in others {
            #expect(owner.view == "table" && owner.rows == 1_000 && owner.sections == 10 && owner.timedRuns == 2, "\(owner.source)")
            #expect(owner.decision.hasPrefix("animated"), "\(owner.source): \(owner.decision)")
            #expect(owner.withinBound && owner.maximumCellsConfigured <= owner.maximumConfigureBound, "\(owner.source)")
            #expect(owner.maximumCellsConfigured > 0, "\(owner.source): a changed row on screen is configured again")
            #expect(owner.heightCalls == 0 && owner.problems == 0, "\(owner.source)")
            #expect(owner.viewsMade < 100, "\(owner.source): \(owner.viewsMade) views for \(owner.visibleRows) visible rows")
            #expect(owner.mainThreadWithoutChecksMs.median <= owner.mainThreadMs.max, "\(owner.source)")
        }
        // Every changed item of the diffable snapshots is marked, and only those.
        let (oldSpec, newSpec, edit) = bench.renderWorkload()
        let (old, new) = DataSourceBench.diffableSnapshots(old: oldSpec, new: newSpec)
        #expect(old.reconfiguredItemIdentifiers.count == edit.contentChanges && old.reloadedItemIdentifiers.count == edit.kindChanges)
        #expect(Set(new.reconfiguredItemIdentifiers) == Set(old.reconfiguredItemIdentifiers))
        #expect(old.numberOfItems == 1_000 && new.numberOfItems == 1_000)
        var report = await Task.detached { DataSourceBench(warmupRuns: 1, timedRuns: 1, scale: 0.01).run() }.value
        report.owners = await bench.measureOwners() + others
        #expect(
            report.table.contains("DiffableListSource") && report.table.contains("ListUpdater") && report.table.contains("stand-in checks"))
        let json = try JSONDecoder().decode(DataSourceReport.self, from: JSONEncoder().encode(report))
        #expect(
            json.owners?.map(\.source) == [
                "ListController", "ListController", "DiffableListSource", "ListUpdater", "ListUpdater, Int id + 2 Strings",
                "ListUpdater, plain value",
            ])
    }

    @MainActor @Test func soak_atATinyScale_passesEveryCheck() async {
        let report = await OwnerSoak(renders: 80, scale: 0.01).measure()
        #expect(report.renders == 80 && report.rows == 1_000)
        #expect(report.failedRenders == 0, "\(report.firstFailure ?? "")")
        #expect(report.scrolls > 0 && report.taps > 0 && report.deletes > 0 && report.moves > 0)
        #expect(report.visibilityCalls > 0 && report.prefetchedRows > 0)
        #expect(report.table.contains("every render passed"))
    }

    /// GitHub issue 34, item 8: a collection view whose sections have title footers counting
    /// their rows, small states, drags and swipes between renders (the stale footers the stand-in
    /// reported, fixed in the owner and the stand-in; see OwnerStaleFooterTests).
    @MainActor @Test func soak_onACollectionView_withSmallStates_passesEveryCheck() async {
        let report = await OwnerSoak(renders: 300, view: .collection, rows: 100, seed: 28).measure()
        #expect(report.view == "collection" && report.renders == 300 && report.rows == 100 && report.seed == 28)
        #expect(report.failedRenders == 0 && report.problems == 0, "\(report.firstProblems)")
        #expect(report.deletes > 0 && report.moves > 0, "swipes and drags between renders")
        #expect(report.table.contains("stand-in collection") && report.table.contains("every render passed"))
    }

    @Test func soakGrowth_isTheTrend_notTheLastSampleMinusTheFirst() {
        // Noise around a flat line: no growth, though the last sample is 5 MB above the first.
        let flat = (0..<100).map { (render: $0 * 10, mb: 100.0 + ($0 % 2 == 0 ? -2.5 : 2.5)) }
        #expect(abs(OwnerSoak.trendGrowth(flat)) < 0.2)
        // A steady leak of 1 MB per 100 renders over 990 renders.
        let leak = (0..<100).map { (render: $0 * 10, mb: 100.0 + Double($0) / 10) }
        #expect(abs(OwnerSoak.trendGrowth(leak) - 9.9) < 1e-9)
        #expect(OwnerSoak.trendGrowth([(render: 5, mb: 1)]) == 0)
    }

    @MainActor @Test func ownerRows_runOnlyTheNamedRows_inTheTablesOrder() async throws {
        let owners = await DataSourceBench(warmupRuns: 1, timedRuns: 1, scale: 0.01).measureOwnerRows(["swiftui", "table"])
        #expect(owners.map(\.source) == ["ListController", "ListUpdater"] && owners.map(\.view) == ["table", "table"])
        #expect(owners.allSatisfy { $0.problems == 0 && $0.withinBound && $0.timedRuns == 1 })
        let table = DataSourceReport.ownerTable(owners)
        #expect(table.contains("ListUpdater") && !table.contains("DiffableListSource"))
        #expect(try BenchCommand.parse(["--owner", "swiftui", "--owner", "diffable"]).ownerRows == ["swiftui", "diffable"])
        #expect(throws: (any Error).self) { try BenchCommand.parse(["--owner", "swift-ui"]) }
        #expect(throws: (any Error).self) { try BenchCommand.parse(["--owner", "table", "--soak"]) }
    }

    @Test func soakOptions_areValidated() throws {
        #expect(throws: (any Error).self) { try BenchCommand.parse(["--soak", "--soak-renders", "0"]) }
        let command = try BenchCommand.parse(["--soak", "--soak-renders", "12"])
        #expect(command.soak && command.soakRenders == 12 && command.soakView == .table && command.soakRows == 100_000)
        let collection = try BenchCommand.parse(["--soak", "--soak-view", "collection", "--soak-rows", "100", "--soak-seed", "7"])
        #expect(collection.soakView == .collection && collection.soakRows == 100 && collection.soakSeed == 7)
        #expect(throws: (any Error).self) { try BenchCommand.parse(["--soak", "--soak-view", "outline"]) }
        #expect(throws: (any Error).self) { try BenchCommand.parse(["--soak", "--soak-rows", "9"]) }
    }
}
