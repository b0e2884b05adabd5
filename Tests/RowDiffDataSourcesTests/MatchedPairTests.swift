import Foundation
import Testing
@testable import RowDiff
import RowDiffDataSources
import RowDiffTesting

/// The row types whose matched pairs a diff compares in place (`InPlaceRow`) must agree
/// with their `diffIdentity` and `isContentEqual(to:)`, for every pair and every combination of
/// the two questions: the diff trusts that comparison alone.
@MainActor
@Suite struct MatchedPairTests {
    /// Checks every ordered pair of `rows` against the row type's identity and content answers.
    private func expectAgreement<Row: InPlaceRow>(_ rows: [Row]) {
        let pairs = MatchedPairs<Row>(inPlace: Row.self, identityOffset: Row.storedIdentityOffset)
        #expect(Row.storedIdentityOffset != nil)
        rows.withUnsafeBufferPointer { buffer in
            for i in buffer.indices {
                for j in buffer.indices {
                    let (a, b) = (buffer.baseAddress! + i, buffer.baseAddress! + j)
                    for checks in [false, true] {
                        for compares in [false, true] {
                            let (equal, changed) = pairs.compare(a, b, checksIdentities: checks, comparesContent: compares)
                            let sameIdentity = a.pointee.diffIdentity == b.pointee.diffIdentity
                            #expect(equal == (!checks || sameIdentity), "pair \(i), \(j): identities")
                            if equal {
                                #expect(changed == (compares && !a.pointee.isContentEqual(to: b.pointee)), "pair \(i), \(j): content")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func listUpdaterRows_agreeWithTheirIdentityAndContent() async {
        let updater = ListUpdater<String, Int, Person>(host: StandInTableView()) { row, actions in
            RowPresentation(cell: HostedItemCell.self, state: row.version, actions: actions) { cell, _ in cell.text = row.item.name }
        }
        var items = (0..<6).map { Person(id: $0 % 4, name: "n\($0)") } // repeated identities too
        updater.update([ListViewSection(id: "s", items: items)])
        let first = updater.sections[0].rows
        items[1].name = "renamed"
        items[3].name = "renamed too"
        updater.update([ListViewSection(id: "s", items: items)])
        expectAgreement(first + updater.sections[0].rows)
        await updater.owner.renderer.waitUntilIdle()
    }

    @Test func snapshotRows_agreeWithTheirIdentityAndContent() {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["s"])
        snapshot.appendItems(Array(0..<6))
        let plain = snapshot.renderedSections()[0].rows
        snapshot.reconfigureItems([1, 2])
        snapshot.reloadItems([4])
        let marked = snapshot.renderedSections()[0].rows
        expectAgreement(plain + marked + snapshot.renderedSections()[0].rows)
    }
}
