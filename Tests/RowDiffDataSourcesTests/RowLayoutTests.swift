import Foundation
import Testing
@testable import RowDiffDataSources
import RowDiffTesting

/// The diffable and declarative rows say where they store their identity (`InPlaceRow`), and the
/// updater writes its rows field by field (`ListViewRow.initialize(_:keeping:section:offset:update:writer:)`):
/// both take their offsets from `MemoryLayout.offset(of:)`, for identities of every size and alignment.
@MainActor
@Suite struct RowLayoutTests {
    /// The identity offsets the rows give, against the compiler's, and the identity read there.
    func expectOffsets<ID: Hashable & Sendable>(_ id: ID) {
        let snapshotOffset = MemoryLayout<DiffableSnapshotRow<ID>>.offset(of: \.identifier)
        #expect(snapshotOffset != nil && DiffableSnapshotRow<ID>.storedIdentityOffset == snapshotOffset, "\(ID.self): snapshot row")
        #expect(
            ListViewRow<ID, String>.storedIdentityOffset == MemoryLayout<ListViewRow<ID, String>>.offset(of: \.id), "\(ID.self): list row")
        var snapshot = DiffableDataSourceSnapshot<Int, ID>()
        snapshot.appendSections([0])
        snapshot.appendItems([id])
        let rows = snapshot.renderedSections()[0].rows
        rows.withUnsafeBufferPointer {
            let stored = (UnsafeRawPointer($0.baseAddress!) + snapshotOffset!).assumingMemoryBound(to: ID.self)
            #expect(stored.pointee == id)
        }
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

    /// A row written in place keeping an old row's identity and version equals the row its
    /// initializer makes.
    func expectKeptRow<ID: Hashable & Sendable>(_ id: ID) {
        let store = ListItemStore([["a", "b"], ["c", "d", "e"]])
        let update = ListItemStores.shared.register(store)
        defer { ListItemStores.shared.release([update]) }
        let old = ListViewRow<ID, String>(id: id, version: 99, section: 0, offset: 0, update: 0)
        let made = ListViewRow<ID, String>(id: id, version: 99, section: 1, offset: 2, update: update)
        let buffer = UnsafeMutablePointer<ListViewRow<ID, String>>.allocate(capacity: 1)
        withUnsafePointer(to: old) {
            ListViewRow.initialize(buffer, keeping: $0, section: 1, offset: 2, update: update, writer: ListViewRow<ID, String>.writer)
        }
        #expect(buffer.pointee.id == made.id && buffer.pointee.version == made.version, "\(ID.self)")
        #expect(
            buffer.pointee.section == made.section && buffer.pointee.offset == made.offset && buffer.pointee.update == made.update,
            "\(ID.self)")
        #expect(buffer.pointee.item == "e")
        buffer.deinitialize(count: 1)
        buffer.deallocate()
    }

    /// Rows written in one block keep the old rows' identities and versions and take their new
    /// places and update.
    @Test func rowsCopiedInABlock_equalTheInitializersRows() {
        let store = ListItemStore([["a", "b", "c", "d", "e", "f"]])
        let update = ListItemStores.shared.register(store)
        defer { ListItemStores.shared.release([update]) }
        let old = (0..<4).map { ListViewRow<Int, String>(id: 10 + $0, version: UInt64(100 + $0), section: 0, offset: $0, update: 0) }
        let buffer = UnsafeMutablePointer<ListViewRow<Int, String>>.allocate(capacity: 4)
        old.withUnsafeBufferPointer {
            ListViewRow.initialize(
                buffer, count: 4, keeping: $0.baseAddress!, section: 0, offset: 2, update: update, writer: ListViewRow<Int, String>.writer)
        }
        for index in 0..<4 {
            let row = buffer[index]
            #expect(row.id == 10 + index && row.version == UInt64(100 + index))
            #expect(row.section == 0 && row.offset == Int32(2 + index) && row.update == update)
            #expect(row.item == ["c", "d", "e", "f"][index])
        }
        buffer.deinitialize(count: 4)
        buffer.deallocate()
    }

    @Test func rowsWrittenInPlace_equalTheInitializersRows() {
        expectKeptRow(UInt8(7))
        expectKeptRow(42)
        expectKeptRow("a string identity longer than fifteen bytes")
        expectKeptRow(UUID())
        expectKeptRow(SIMD4<Float>(1, 2, 3, 4))
    }

    /// Rows name their update's items by number: a row of a plain identity holds no reference, so
    /// making and copying rows retains nothing, whatever the items hold.
    @Test func listRowsOfPlainIdentities_holdNoReference() {
        #expect(_isPOD(ListViewRow<Int, String>.self))
        #expect(_isPOD(ListViewRow<UUID, [String]>.self))
        #expect(_isPOD(ListViewRow<Int, NSObject>.self))
    }

    /// The items of every update are freed once the updater that holds them goes away.
    @Test func anUpdatersItems_areFreedWhenItGoesAway() async throws {
        let frees = OwnerLifetimeTests.Frees()
        do {
            let updater = ListUpdater<Int, Int, WitnessedItem>(host: StandInTableView(), options: RenderOptions(onDuplicateKeys: nil)) {
                row, actions in
                RowPresentation(cell: HostedItemCell.self, state: row.version, actions: actions) { cell, _ in cell.text = row.item.name }
            }
            for round in 0..<3 {
                updater.update([
                    ListViewSection(
                        id: 0, items: (0..<4).map { WitnessedItem(id: $0, name: "n\(round)", witness: .init { frees.record() }) })
                ])
                await updater.owner.renderer.waitUntilIdle()
            }
        }
        for _ in 0..<400 where frees.all.count < 3 * 4 { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(frees.all.count == 3 * 4, "every update's items were freed")
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
