import Foundation
import Testing
import RowDiffDataSources
import RowDiffTesting

/// A model object whose identity can change (a record saved under a new key).
final class MutableRecord: @unchecked Sendable {
    var key: Int
    var title: String

    init(key: Int, title: String) {
        self.key = key
        self.title = title
    }
}

/// An item that wraps a model object: its `id` is read through the reference, so an update may
/// hand the very same bytes with another `id`.
struct RecordItem: Identifiable, Equatable, Sendable {
    let record: MutableRecord
    var id: Int { record.key }
    static func == (lhs: RecordItem, rhs: RecordItem) -> Bool { lhs.record === rhs.record }
}

/// `ListUpdater` sees identities as SwiftUI's `ForEach` does: `id` is read on every update.
@Suite("ListUpdater identities, as ForEach's")
@MainActor
struct ListUpdaterIdentityTests {
    @Test func whenAnItemsIDChangesThroughAReference_itIsANewItem_thoughItsBytesDidNot() async {
        let view = StandInTableView()
        let updater = ListUpdater<String, Int, RecordItem>(host: view) { row, actions in
            RowPresentation(cell: HostedItemCell.self, state: row.version, actions: actions) { cell, _ in
                cell.text = "\(row.item.id): \(row.item.record.title)"
            }
        }
        let records = (0..<4).map { MutableRecord(key: $0, title: "r\($0)") }
        let items = records.map { RecordItem(record: $0) }
        updater.update([ListViewSection(id: "s", items: items)])
        await updater.owner.renderer.waitUntilIdle()
        let before = updater.sections[0].rows.map(\.version)
        records[2].key = 20
        #expect(updater.update([ListViewSection(id: "s", items: items)]), "the same bytes, another id: a render")
        await updater.owner.renderer.waitUntilIdle()
        #expect(updater.sections[0].rows.map(\.id) == [0, 1, 20, 3])
        #expect(updater.path(of: 20) == ItemPath(section: 0, item: 2), "found by its new id")
        #expect(updater.path(of: 2) == nil, "its old id is gone")
        let after = updater.sections[0].rows.map(\.version)
        #expect(after[0] == before[0] && after[1] == before[1] && after[3] == before[3], "the others keep their rows")
        #expect(shownNames(view) == [["0: r0", "1: r1", "20: r2", "3: r3"]])
        #expect(view.problems == [])
        #expect(!updater.update([ListViewSection(id: "s", items: items)]), "nothing changed since: nothing to render")
    }

    /// Several items of a run whose ids change at once (the run scan must not copy their old rows).
    @Test func whenIDsChangeInsideARunOfUnchangedItems_eachIsANewItem() async {
        let view = StandInTableView()
        let updater = ListUpdater<String, Int, RecordItem>(host: view) { row, actions in
            RowPresentation(cell: HostedItemCell.self, state: row.version, actions: actions) { cell, _ in cell.text = "\(row.item.id)" }
        }
        let records = (0..<40).map { MutableRecord(key: $0, title: "") }
        let items = records.map { RecordItem(record: $0) }
        updater.update([ListViewSection(id: "a", items: Array(items[..<20])), ListViewSection(id: "b", items: Array(items[20...]))])
        await updater.owner.renderer.waitUntilIdle()
        for index in [5, 6, 7, 25, 39] { records[index].key += 100 }
        #expect(
            updater.update([ListViewSection(id: "a", items: Array(items[..<20])), ListViewSection(id: "b", items: Array(items[20...]))]))
        await updater.owner.renderer.waitUntilIdle()
        let expected = records.map(\.key)
        #expect(updater.sections.flatMap { $0.rows.map(\.id) } == expected)
        for (offset, key) in expected.enumerated() {
            #expect(updater.path(of: key) == ItemPath(section: offset < 20 ? 0 : 1, item: offset % 20), "\(key)")
        }
        #expect(shownNames(view) == [expected[..<20].map { "\($0)" }, expected[20...].map { "\($0)" }])
        #expect(view.problems == [])
    }
}
