import Foundation
import Testing
import RowDiffDataSources
import RowDiffTesting

/// What an owner does about time and lifetime: it waits for a view's uncommitted drop, a binding
/// does not keep the list alive, and replaced rows are freed where its options and platform say.
@MainActor
@Suite struct OwnerLifetimeTests {
    /// An object a row's state refers to, that reports when it is freed.
    final class Witness: Sendable {
        let onDeinit: @Sendable () -> Void
        init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    /// A row state holding a witness; equal by value only.
    struct WitnessState: Equatable, Sendable {
        var value: String
        var witness: Witness
        static func == (lhs: WitnessState, rhs: WitnessState) -> Bool { lhs.value == rhs.value }
    }

    /// Records where witnesses were freed: on the main queue or not.
    final class Frees: @unchecked Sendable {
        private let onMain = LockedList<Bool>()
        nonisolated static let mainKey: DispatchSpecificKey<Bool> = {
            let key = DispatchSpecificKey<Bool>()
            DispatchQueue.main.setSpecific(key: key, value: true)
            return key
        }()

        init() { _ = Self.mainKey }

        func record() { onMain.record(DispatchQueue.getSpecific(key: Self.mainKey) == true) }

        var all: [Bool] { onMain.all }
    }

    func witnessRow(_ key: String, _ frees: Frees) -> KeyedRow {
        KeyedRow(key: key, cell: NameCell.self, state: WitnessState(value: key, witness: Witness { frees.record() })) { cell, state in
            cell.text = state.value
        }
    }

    @Test func anUncommittedDrop_holdsTheRender_untilItClears() async throws {
        let (owner, view) = makeOwner()
        owner.dataSource.didMoveItem = { _, _ in }
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: ["a", "b", "c"].map { nameRow($0, $0) })])
        view.hasUncommittedUpdates = true
        owner.render([KeyedSection(key: "s", rows: ["a", "b", "c", "d"].map { nameRow($0, $0) })])
        try await Task.sleep(nanoseconds: 80_000_000)
        #expect(view.batches.isEmpty && texts(view) == [["a", "b", "c"]], "nothing is applied during the drop")
        // The drop lands: the row the user dragged keeps its place in the render that follows.
        #expect(view.userMoves(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2)))
        view.hasUncommittedUpdates = false
        await owner.renderer.waitUntilIdle()
        #expect(texts(view) == [["b", "c", "a", "d"]])
        #expect(view.problems == [])
    }

    @Test func aBinding_doesNotKeepTheOwnerTheViewOrTheRowsAlive() async throws {
        let frees = Frees()
        let (stream, continuation) = AsyncStream<[KeyedSection]>.makeStream()
        weak var weakOwner: ListController<KeyedSection>?
        weak var weakView: StandInListView?
        var binding: Task<Void, any Error>?
        do {
            let (owner, view) = makeOwner()
            weakOwner = owner
            weakView = view
            binding = owner.renderer.bind(stream)
            continuation.yield([KeyedSection(key: "s", rows: [witnessRow("a", frees), witnessRow("b", frees)])])
            for _ in 0..<200 where view.cells.first?.count != 2 { try await Task.sleep(nanoseconds: 5_000_000) }
            #expect(view.cells.first?.count == 2)
            await owner.renderer.waitUntilIdle()
        }
        #expect(weakOwner == nil && weakView == nil, "the open stream holds neither the owner nor its view")
        #expect(frees.all.count == 2, "the rows went with them")
        // The binding ends by itself: its renderer is gone.
        for _ in 0..<200 where binding?.isCancelled == false { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(binding?.isCancelled == true)
        continuation.yield([])
        continuation.finish()
        _ = try? await binding?.value
    }

    /// Renders rows "a" and "b" holding witnesses, then the same rows with new values (the cells
    /// are reconfigured and show the new rows), so the first rows are held by nothing but the
    /// state the second render replaced. Returns where they were freed.
    func freesOfReplacedRows(_ owner: ListController<KeyedSection>) async -> [Bool] {
        let frees = Frees(), later = Frees()
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [witnessRow("a", frees), witnessRow("b", frees)])])
        func renamed(_ key: String) -> KeyedRow {
            KeyedRow(key: key, cell: NameCell.self, state: WitnessState(value: key + "2", witness: Witness { later.record() })) {
                cell, state in cell.text = state.value
            }
        }
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [renamed("a"), renamed("b")])])
        await owner.renderer.waitUntilIdle()
        return frees.all
    }

    @Test func replacedRows_areFreedWhereTheOwnerIsTold() async {
        // Off: on the main thread (the default on macOS and before iOS and tvOS 17, where a row
        // holding the last reference to a view controller must not run its teardown on a queue).
        let mainThread = ListController<KeyedSection>(
            host: StandInTableView(), options: RenderOptions(releasesReplacedStateInBackground: false, onDuplicateKeys: nil))
        #expect(await freesOfReplacedRows(mainThread) == [true, true])
        let background = ListController<KeyedSection>(
            host: StandInTableView(), options: RenderOptions(releasesReplacedStateInBackground: true, onDuplicateKeys: nil))
        #expect(await freesOfReplacedRows(background) == [false, false])
        // The default where no view is tied to the main thread (here), as from iOS and tvOS 17,
        // where UIKit moves a view's or view controller's deallocation to the main thread itself.
        let (owner, view) = makeOwner()
        #if !canImport(UIKit) && !canImport(AppKit)
        #expect(await freesOfReplacedRows(owner) == [false, false])
        #else
        _ = await freesOfReplacedRows(owner)
        #endif
        #expect(texts(view) == [["a2", "b2"]])
    }
}
