import Foundation
import Testing
@testable import RowDiffDataSources
import RowDiffTesting

/// The diffable and declarative rows find their identity from its alignment, and the updater
/// writes its rows field by field (`ListViewRow.initialize(_:keeping:section:offset:store:)`): both
/// must agree with the layout Swift gives the row types, for identities of every size and alignment.
@MainActor
@Suite struct RowLayoutTests {
    /// The identity offsets the rows compute, against the compiler's, and the identity read there.
    func expectOffsets<ID: Hashable & Sendable>(_ id: ID) {
        let snapshotOffset = MemoryLayout<DiffableSnapshotRow<ID>>.offset(of: \.identifier)
        #expect(DiffableSnapshotRow<ID>.storedIdentityOffset == snapshotOffset, "\(ID.self): snapshot row")
        #expect(
            ListViewRow<ID, String>.storedIdentityOffset == MemoryLayout<ListViewRow<ID, String>>.offset(of: \.id), "\(ID.self): list row")
        var snapshot = DiffableDataSourceSnapshot<Int, ID>()
        snapshot.appendSections([0])
        snapshot.appendItems([id])
        let rows = snapshot.renderedSections()[0].rows
        rows.withUnsafeBufferPointer { #expect(DiffableSnapshotRow<ID>.identifier(at: $0.baseAddress!).pointee == id) }
    }

    @Test func identityOffsets_agreeWithTheCompilersLayout() {
        expectOffsets(UInt8(7))
        expectOffsets(true)
        expectOffsets(Int16(-3))
        expectOffsets(42)
        expectOffsets("a string identity longer than fifteen bytes")
        expectOffsets(UUID())
        expectOffsets(SIMD4<Float>(1, 2, 3, 4))
        expectOffsets(ItemPath(section: 1, item: 2))
    }

    final class Counted: @unchecked Sendable {}

    /// A row written in place keeping an old row's identity and version equals the row its
    /// initializer makes, and retains the store exactly once.
    func expectKeptRow<ID: Hashable & Sendable>(_ id: ID) {
        var store = ListItemStore([["a", "b"], ["c", "d", "e"]])
        do {
            let old = ListViewRow(id: id, version: 99, section: 0, offset: 0, store: ListItemStore([["old"]]))
            let made = ListViewRow(id: id, version: 99, section: 1, offset: 2, store: store)
            let buffer = UnsafeMutablePointer<ListViewRow<ID, String>>.allocate(capacity: 1)
            withUnsafePointer(to: old) {
                ListViewRow.initialize(buffer, keeping: $0, section: 1, offset: 2, store: store, writer: ListViewRow<ID, String>.writer)
            }
            #expect(buffer.pointee.id == made.id && buffer.pointee.version == made.version, "\(ID.self)")
            #expect(
                buffer.pointee.section == made.section && buffer.pointee.offset == made.offset && buffer.pointee.store === made.store,
                "\(ID.self)")
            #expect(buffer.pointee.item == "e")
            buffer.deinitialize(count: 1)
            buffer.deallocate()
        }
        #expect(isKnownUniquelyReferenced(&store), "\(ID.self): the store's retain was balanced")
    }

    /// Rows written in one block keep the old rows' identities and versions, take their new
    /// places and store, and retain the store once each.
    @Test func rowsCopiedInABlock_equalTheInitializersRows() {
        var store = ListItemStore([["a", "b", "c", "d", "e", "f"]])
        do {
            let oldStore = ListItemStore([["x", "y", "z", "w"]])
            let old = (0..<4).map { ListViewRow(id: 10 + $0, version: UInt64(100 + $0), section: 0, offset: $0, store: oldStore) }
            let buffer = UnsafeMutablePointer<ListViewRow<Int, String>>.allocate(capacity: 4)
            old.withUnsafeBufferPointer {
                ListViewRow.initialize(
                    buffer, count: 4, keeping: $0.baseAddress!, section: 0, offset: 2, store: store, writer: ListViewRow<Int, String>.writer
                )
            }
            for index in 0..<4 {
                let row = buffer[index]
                #expect(row.id == 10 + index && row.version == UInt64(100 + index))
                #expect(row.section == 0 && row.offset == Int32(2 + index) && row.store === store)
                #expect(row.item == ["c", "d", "e", "f"][index])
            }
            buffer.deinitialize(count: 4)
            buffer.deallocate()
        }
        #expect(isKnownUniquelyReferenced(&store), "the store was retained once per row written, and released once per row freed")
    }

    @Test func rowsWrittenInPlace_equalTheInitializersRows() {
        expectKeptRow(UInt8(7))
        expectKeptRow(42)
        expectKeptRow("a string identity longer than fifteen bytes")
        expectKeptRow(UUID())
        expectKeptRow(SIMD4<Float>(1, 2, 3, 4))
    }

    // MARK: Where the updater's items are freed

    /// An item holding an object that records where it is freed.
    struct WitnessedItem: Identifiable, Equatable {
        var id: Int
        var name: String
        var witness: OwnerLifetimeTests.Witness
        static func == (lhs: WitnessedItem, rhs: WitnessedItem) -> Bool { lhs.id == rhs.id && lhs.name == rhs.name }
    }

    @Test func anUpdatersItems_areFreedOnTheMainThread_thoughItsRowsAreReleasedInTheBackground() async throws {
        let frees = OwnerLifetimeTests.Frees()
        let view = StandInTableView()
        let updater = ListUpdater<Int, Int, WitnessedItem>(host: view, options: RenderOptions(onDuplicateKeys: nil)) { row, actions in
            RowPresentation(cell: HostedItemCell.self, state: row.version, actions: actions) { cell, _ in cell.text = row.item.name }
        }
        #expect(updater.owner.renderer.options.releasesReplacedStateInBackground == true)
        var renders = 0
        for round in 0..<30 {
            let items = (0..<40).map {
                WitnessedItem(id: ($0 + round) % 50, name: "n\($0)-\(round % 3)", witness: .init { frees.record() })
            }
            if updater.update([ListViewSection(id: 0, items: items)]) { renders += 1 }
            if round % 4 == 0 { await updater.owner.renderer.waitUntilIdle() }
        }
        await updater.owner.renderer.waitUntilIdle()
        // Every round's items but the last are replaced: wait for their stores to be let go of.
        for _ in 0..<400 where frees.all.count < 29 * 40 { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(renders == 30)
        #expect(frees.all.count == 29 * 40, "the items of every replaced value were freed")
        #expect(frees.all.allSatisfy { $0 }, "no item was freed off the main thread")
        #expect(view.problems == [])
    }
}
