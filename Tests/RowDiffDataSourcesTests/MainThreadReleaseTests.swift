import Foundation
import RowDiffTesting
import Testing

@testable import RowDiffDataSources

/// An owner that frees the rows a render replaced on the main thread (the default on macOS and
/// before iOS 17, where their closures may hold view controllers; asked for here), does so in
/// slices after the render's turn: the render completes first, the rows are
/// freed over several main-queue turns, all of them on the main thread, and `waitUntilIdle()`
/// returns once they are. Rows the app still holds are neither freed nor copied.
@MainActor
@Suite("Main-thread release in slices", .serialized)
struct MainThreadReleaseTests {
    /// What happened, in order, on the main thread: a render's completion, a row freed (and
    /// whether on the main queue).
    enum Event: Equatable {
        case completed
        case freed(onMain: Bool)
    }
    typealias Events = LockedList<Event>

    /// An object a row's state holds (as a row's closure might hold a view controller), which
    /// records where it is freed.
    final class Held: Sendable {
        let events: Events
        init(_ events: Events) { self.events = events }
        deinit { events.record(.freed(onMain: DispatchQueue.getSpecific(key: BackgroundReleaseTests.mainQueueKey) == true)) }
    }

    struct HeldState: Equatable, Sendable {
        var name: String
        var held: Held
        static func == (lhs: HeldState, rhs: HeldState) -> Bool { lhs.name == rhs.name }
    }

    /// Rows as an app builds them for each render: every row new, its action capturing what its
    /// state holds, so each replaced row is the last holder of its object.
    static func sections(
        _ events: Events, rows: Int, name: String, selected: @escaping @MainActor @Sendable (String) -> Void
    ) -> [KeyedSection] {
        (0..<2).map { s in
            KeyedSection(
                key: "s\(s)",
                rows: (0..<rows).map { r in
                    let key = "r\(s)-\(r)", held = Held(events)
                    let actions = RowActions(onSelect: {
                        _ = held
                        selected(key)
                        return .deselects
                    })
                    return KeyedRow(key: key, cell: NameCell.self, state: HeldState(name: "\(name) \(key)", held: held), actions: actions) {
                        cell, state in cell.text = state.name
                    }
                })
        }
    }

    /// The release lowered to 100 rows a slice (the caller's `defer` resets it), an event log, and
    /// an owner of a table stand-in with a 440-point viewport.
    static func slicedOwner() -> (MainThreadRelease, Events, StandInTableView, ListController<KeyedSection>) {
        _ = BackgroundReleaseTests.mainQueueKey
        let release = MainThreadRelease.shared
        release.rowsPerSliceLimit = 100
        let view = StandInTableView(viewportHeight: 440)
        return (
            release, Events(), view,
            ListController<KeyedSection>(
                host: view, options: RenderOptions(releasesReplacedStateInBackground: false, onDuplicateKeys: nil))
        )
    }

    @Test("Replaced rows are freed after the render completes, over several turns, on the main thread")
    func replacedRows_areFreedInSlices_afterTheRender() async {
        let (release, events, view, owner) = Self.slicedOwner()
        defer { release.rowsPerSliceLimit = nil }
        await owner.renderer.renderAndWait(Self.sections(events, rows: 600, name: "a", selected: { _ in }))
        await owner.renderer.waitUntilIdle()
        let slicesBefore = release.statistics.slices
        // Every row built again, with new content: the 1,200 rows of the first render are replaced.
        let recorder = SelectionRecorder()
        owner.render(Self.sections(events, rows: 600, name: "b", selected: { recorder.keys.append($0) })) { events.record(.completed) }
        await owner.renderer.waitUntilIdle()

        let all = events.all
        #expect(all.count == 1_201)
        #expect(all.first == .completed, "nothing was freed before the render completed")
        #expect(all.dropFirst().allSatisfy { $0 == .freed(onMain: true) }, "every replaced row was freed on the main thread")
        #expect(release.statistics.slices - slicesBefore >= 12, "1,200 rows, at most 100 a slice, take at least 12 turns")

        // The rows now installed are the new ones: their actions run, and the cells show them.
        #expect(view.userTaps(ItemPath(section: 0, item: 5)))
        #expect(recorder.keys == ["r0-5"])
        #expect(texts(view).first?.first == "b r0-0")
        #expect(view.problems == [])
    }

    @MainActor final class SelectionRecorder {
        var keys: [String] = []
    }

    @Test("States superseded before they were rendered are freed on the main thread in slices too")
    func supersededStates_areFreedInSlices() async {
        let (release, events, view, owner) = Self.slicedOwner()
        defer { release.rowsPerSliceLimit = nil }
        let slicesBefore = release.statistics.slices
        // Requested in one turn: the renderer has not started, so "a" and "b" are superseded by "c".
        owner.render(Self.sections(events, rows: 600, name: "a", selected: { _ in }))
        owner.render(Self.sections(events, rows: 600, name: "b", selected: { _ in }))
        owner.render(Self.sections(events, rows: 600, name: "c", selected: { _ in })) { events.record(.completed) }
        await owner.renderer.waitUntilIdle()

        let freed = events.all.filter { $0 != .completed }
        #expect(freed.count == 2_400, "the rows of the two superseded states")
        #expect(freed.allSatisfy { $0 == .freed(onMain: true) })
        #expect(release.statistics.slices - slicesBefore >= 24, "2,400 rows, at most 100 a slice")
        #expect(texts(view).first?.first == "c r0-0")
        #expect(view.problems == [])
    }

    @Test("Sections the app still holds are left to it: none of their rows is freed")
    func sectionsTheAppHolds_areLeftToIt() async {
        let events = Events()
        let (owner, view) = makeOwner()
        let kept = Self.sections(events, rows: 600, name: "a", selected: { _ in })
        await owner.renderer.renderAndWait(kept)
        await owner.renderer.renderAndWait(Self.sections(events, rows: 600, name: "b", selected: { _ in }))
        await owner.renderer.waitUntilIdle()
        #expect(events.all.isEmpty, "the rows the app holds are alive")
        #expect(kept.map(\.rows.count) == [600, 600])
        #expect(texts(view).first?.first == "b r0-0")
    }

    @Test("The array test tells an array held once from one held twice")
    func arrayStorageTest() {
        // Tested outside `#expect`, which keeps a copy of what it shows.
        var single: [KeyedRow] = []
        single.append(nameRow("a", "A"))
        let once = ArrayStorage.isUniquelyReferenced(&single)
        var shared = single
        let twice = ArrayStorage.isUniquelyReferenced(&single), twiceOther = ArrayStorage.isUniquelyReferenced(&shared)
        shared = []
        let onceAgain = ArrayStorage.isUniquelyReferenced(&single)
        var empty: [KeyedRow] = []
        let emptyOnce = ArrayStorage.isUniquelyReferenced(&empty)
        #expect(once)
        #expect(!twice)
        #expect(!twiceOther)
        #expect(onceAgain)
        #expect(!emptyOnce)
        withExtendedLifetime(shared) {}
        // Arrays of class instances count as shared (on Apple platforms one may be a bridged
        // NSArray): they are freed at once.
        final class Box {}
        var boxes = [Box()]
        let boxesOnce = ArrayStorage.isUniquelyReferenced(&boxes)
        #expect(!boxesOnce)
    }
}
