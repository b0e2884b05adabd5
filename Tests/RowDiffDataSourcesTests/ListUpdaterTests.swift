import Foundation
import Testing
import RowDiffDataSources
import RowDiffTesting

/// A hosting cell as RowDiffSwiftUI's: it records what the row content closure last put in it.
final class HostedItemCell: StandInView, ReusableView {
    var text: String?
    var configurations = 0
}

struct Person: Identifiable, Equatable, Sendable {
    var id: Int
    var name: String
}

/// An app's state behind a declarative list, and what its modifiers received.
@MainActor
final class PeopleScreen {
    var sections: [ListViewSection<String, Person>]
    var selection: Int?
    var deleted: [(String, IndexSet)] = []
    var moved: [(String, IndexSet, Int)] = []
    /// How many times the row content closure ran.
    var rowContentRuns = 0

    init(_ sections: [ListViewSection<String, Person>]) { self.sections = sections }

    /// The modifiers, wired as RowDiffSwiftUI wires SwiftUI's: the binding's setter, `onDelete`
    /// and `onMove` applying to the state with SwiftUI's offsets.
    var actions: ListViewActions<String, Int, Person> {
        ListViewActions(
            selectionChanged: { [unowned self] in selection = $0 },
            onDelete: { [unowned self] section, offsets in
                deleted.append((section, offsets))
                let index = sections.firstIndex { $0.id == section }!
                sections[index].items.removeOffsets(offsets)
            },
            onMove: { [unowned self] section, offsets, destination in
                moved.append((section, offsets, destination))
                let index = sections.firstIndex { $0.id == section }!
                sections[index].items.moveOffsets(offsets, toOffset: destination)
            },
            trailingSwipe: { person in
                SwipeActions([SwipeAction(title: "Flag \(person.name)") { done in done(true) }])
            },
            contextMenu: { person in ContextMenu(title: person.name, actions: [MenuAction(title: "Copy") {}]) })
    }
}

@MainActor
func peopleSections(_ counts: [Int]) -> [ListViewSection<String, Person>] {
    var next = 0
    return counts.enumerated().map { section, count in
        ListViewSection(
            id: "s\(section)",
            items: (0..<count).map { _ in
                defer { next += 1 }
                return Person(id: next, name: "n\(next)")
            })
    }
}

@MainActor
func makeUpdater(_ screen: PeopleScreen, collection: Bool = false) -> (ListUpdater<String, Int, Person>, StandInListView) {
    let view: StandInListView = collection ? StandInCollectionView() : StandInTableView()
    let updater = ListUpdater<String, Int, Person>(host: view, options: RenderOptions(onDuplicateKeys: nil)) {
        [unowned screen] row, actions in
        RowPresentation(cell: HostedItemCell.self, state: row.version, actions: actions) { cell, _ in
            // Set on every configure, as the hosting configuration is: no state survives reuse.
            screen.rowContentRuns += 1
            cell.text = row.item.name
            cell.configurations += 1
        }
    }
    return (updater, view)
}

@MainActor
func shownNames(_ view: StandInListView) -> [[String?]] {
    view.cells.map { $0.map { ($0 as? HostedItemCell)?.text } }
}

@MainActor
func names(_ sections: [ListViewSection<String, Person>]) -> [[String?]] {
    sections.map { $0.items.map { Optional($0.name) } }
}

/// The update path of RowDiffSwiftUI's list views, driven on the stand-in views: new values become
/// renders, equal values none, changed items are reconfigured in place, and the modifiers reach
/// the app with SwiftUI's semantics.
@MainActor
@Suite struct ListUpdaterTests {
    @Test func updatesBecomeRenders_andEqualValuesRenderNothing() async {
        let screen = PeopleScreen(peopleSections([3, 2]))
        let (updater, view) = makeUpdater(screen)
        #expect(updater.update(screen.sections))
        await updater.owner.renderer.waitUntilIdle()
        #expect(shownNames(view) == names(screen.sections))
        let renders = updater.owner.renderer.appliedRenderCount

        // The same value, and an equal copy of it: nothing to render.
        #expect(!updater.update(screen.sections))
        #expect(
            !updater.update(screen.sections.map { ListViewSection(id: $0.id, items: $0.items.map { Person(id: $0.id, name: $0.name) }) }))
        await updater.owner.renderer.waitUntilIdle()
        #expect(updater.owner.renderer.appliedRenderCount == renders)
        #expect(updater.updateCount == 3 && updater.renderRequestCount == 1)

        // An insertion, a deletion and a new section: one render, shown as given.
        screen.sections[0].items.insert(Person(id: 100, name: "new"), at: 1)
        screen.sections[1].items.removeFirst()
        screen.sections.append(ListViewSection(id: "s2", items: [Person(id: 101, name: "other")]))
        #expect(updater.update(screen.sections))
        await updater.owner.renderer.waitUntilIdle()
        #expect(updater.owner.renderer.appliedRenderCount == renders + 1)
        #expect(shownNames(view) == names(screen.sections))
        #expect(view.problems == [])
    }

    @Test(arguments: [false, true])
    func aChangedItem_isReconfiguredInPlace_neverReloaded(collection: Bool) async throws {
        let screen = PeopleScreen(peopleSections([4]))
        let (updater, view) = makeUpdater(screen, collection: collection)
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        let cell = try #require(view.cells[0][2] as? HostedItemCell)
        let reloads = view.reloadCount
        let versions = updater.sections[0].rows.map(\.version)

        screen.sections[0].items[2].name = "renamed"
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()

        let batch = try #require(view.batches.last?.update)
        #expect(batch.itemReconfigures == [ItemPath(section: 0, item: 2)])
        #expect(batch.itemReloads.isEmpty && batch.itemInserts.isEmpty && batch.itemDeletes.isEmpty)
        #expect(view.reloadCount == reloads)
        #expect(view.cells[0][2] === cell && cell.text == "renamed")
        // Only the changed row got a new version.
        let after = updater.sections[0].rows.map(\.version)
        #expect(after[2] != versions[2])
        #expect(Array(after[0..<2]) + Array(after[3...]) == Array(versions[0..<2]) + Array(versions[3...]))
        #expect(view.problems == [])
    }

    @Test func movedItems_keepTheirVersions_andReusedCellsShowTheirOwnRow() async {
        let screen = PeopleScreen(peopleSections([6, 3]))
        let (updater, view) = makeUpdater(screen)
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        let versions = Dictionary(uniqueKeysWithValues: updater.sections.flatMap(\.rows).map { ($0.id, $0.version) })

        // Rows move within and across sections; two are deleted and others inserted, so the
        // deleted rows' cells are reused for the new ones.
        var first = screen.sections[0].items, second = screen.sections[1].items
        let moved = first.remove(at: 4)
        second.insert(moved, at: 0)
        first.swapAt(0, 3)
        first.removeLast()
        second.removeLast()
        first.append(Person(id: 50, name: "fifty"))
        second.append(Person(id: 51, name: "fifty-one"))
        screen.sections = [ListViewSection(id: "s0", items: first), ListViewSection(id: "s1", items: second)]
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()

        for row in updater.sections.flatMap(\.rows) where row.id < 50 {
            #expect(row.version == versions[row.id], "row \(row.id) kept its content: same version")
        }
        #expect(shownNames(view) == names(screen.sections))
        #expect(view.problems == [])
    }

    @Test func selectionBinding_roundTripsThroughTheOwner() async {
        let screen = PeopleScreen(peopleSections([3, 3]))
        let (updater, view) = makeUpdater(screen)
        updater.actions = screen.actions
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()

        // The user selects: the binding receives the row's identity, and the row stays selected.
        #expect(view.userTaps(ItemPath(section: 1, item: 1)))
        #expect(screen.selection == 4)
        #expect(view.selectedPaths == [ItemPath(section: 1, item: 1)])
        // Another row: the first one's deselection does not clear the new selection.
        view.userTaps(ItemPath(section: 0, item: 0))
        #expect(screen.selection == 0)
        #expect(updater.selectedID == 0)

        // The app sets the binding: the view is told where the row is, after renders move it.
        updater.selectedID = 5
        #expect(updater.selectedPath == ItemPath(section: 1, item: 2))
        screen.sections[1].items.reverse()
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        #expect(updater.selectedPath == ItemPath(section: 1, item: 0))

        // Without a selection binding, rows are not selectable.
        updater.actions = ListViewActions()
        #expect(!view.userTaps(ItemPath(section: 0, item: 1)))
    }

    @Test(arguments: [false, true])
    func onDelete_receivesSwiftUIsOffsets(collection: Bool) async {
        let screen = PeopleScreen(peopleSections([2, 4]))
        let (updater, view) = makeUpdater(screen, collection: collection)
        updater.actions = screen.actions
        // A collection view's list offers Delete as the trailing swipe of a row without its own.
        updater.actions.trailingSwipe = nil
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()

        #expect(view.userDeletes(ItemPath(section: 1, item: 2)))
        #expect(screen.deleted.count == 1)
        #expect(screen.deleted.first?.0 == "s1" && screen.deleted.first?.1 == IndexSet(integer: 2))
        // The app removed the item; its new value renders the deletion.
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        #expect(shownNames(view) == names(screen.sections))
        #expect(view.batches.last?.update.itemDeletes == [ItemPath(section: 1, item: 2)])

        // Without onDelete, rows are not deletable.
        updater.actions.onDelete = nil
        #expect(!view.userDeletes(ItemPath(section: 0, item: 0)))
        #expect(view.problems == [])
    }

    @Test(arguments: [(0, 3), (3, 0), (1, 2), (4, 4), (0, 4)])
    func onMove_receivesSwiftUIsOffsetAndDestination(from: Int, to: Int) async {
        let screen = PeopleScreen(peopleSections([5, 2]))
        let (updater, view) = makeUpdater(screen, collection: true)
        updater.actions = screen.actions
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        let expected = screen.sections[0].items.map(\.name).moving(from: from, to: to)

        #expect(view.userMoves(from: ItemPath(section: 0, item: from), to: ItemPath(section: 0, item: to)))
        // SwiftUI's semantics: the destination is the offset the item goes before, in the old order.
        #expect(screen.moved.first?.1 == IndexSet(integer: from))
        #expect(screen.moved.first?.2 == (to >= from ? to + 1 : to))
        #expect(screen.sections[0].items.map(\.name) == expected, "the app's array, moved with SwiftUI's arguments, is the view's order")
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        #expect(shownNames(view) == names(screen.sections))
        #expect(view.problems == [])
    }

    @Test func onMove_keepsARowInItsSection() async {
        let screen = PeopleScreen(peopleSections([3, 3]))
        let (updater, view) = makeUpdater(screen, collection: true)
        updater.actions = screen.actions
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        // Held over the next section: it lands at the end of its own.
        #expect(view.userMoves(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1)))
        #expect(screen.moved.first?.0 == "s0")
        #expect(screen.moved.first?.1 == IndexSet(integer: 0) && screen.moved.first?.2 == 3)
        // Without onMove, nothing moves.
        updater.actions.onMove = nil
        #expect(!view.userMoves(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 1, item: 2)))
    }

    @Test func swipeActionsAndContextMenus_comeFromTheModifiers() async {
        let screen = PeopleScreen(peopleSections([2]))
        let (updater, view) = makeUpdater(screen, collection: true)
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        #expect(view.userSwipes(.trailing, on: ItemPath(section: 0, item: 1)) == nil)
        #expect(view.userOpensContextMenu(on: ItemPath(section: 0, item: 1)) == nil)

        updater.actions = screen.actions
        #expect(view.userSwipes(.trailing, on: ItemPath(section: 0, item: 1))?.actions.first?.title == "Flag n1")
        #expect(view.userOpensContextMenu(on: ItemPath(section: 0, item: 1))?.title == "n1")
        // A new value of the item: the menu is built from it.
        screen.sections[0].items[1].name = "Ada"
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        #expect(view.userOpensContextMenu(on: ItemPath(section: 0, item: 1))?.title == "Ada")
    }

    @Test func aBurstOf60Updates_rendersAtMostTwice_andShowsTheLastState() async {
        let screen = PeopleScreen(peopleSections([2_000, 2_000]))
        let (updater, view) = makeUpdater(screen)
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        let renders = updater.owner.renderer.appliedRenderCount, reloads = view.reloadCount
        for frame in 0..<60 {
            // A state change per frame: a renamed row and a moved one.
            screen.sections[frame % 2].items[frame * 7 % 2_000].name = "frame \(frame)"
            screen.sections[1].items.swapAt(frame, 1_999 - frame)
            updater.update(screen.sections)
        }
        await updater.owner.renderer.waitUntilIdle()
        #expect(updater.renderRequestCount == 61)
        #expect(updater.owner.renderer.appliedRenderCount - renders <= 2)
        #expect(view.reloadCount == reloads)
        #expect(shownNames(view) == names(screen.sections))
        #expect(view.problems == [])
    }

    @Test func a100kRowUpdate_buildsNoRowContent() async {
        let screen = PeopleScreen(peopleSections([50_000, 50_000]))
        let (updater, view) = makeUpdater(screen)
        updater.update(screen.sections)
        // Only identities and versions were made: the row content closure has not run.
        #expect(screen.rowContentRuns == 0)
        await updater.owner.renderer.waitUntilIdle()
        // It runs once per cell the view configured (the stand-in shows every row), never more.
        let configured = view.cells.joined().reduce(0) { $0 + (($1 as? HostedItemCell)?.configurations ?? 0) }
        #expect(screen.rowContentRuns == configured)

        let before = screen.rowContentRuns
        for index in stride(from: 0, to: 50_000, by: 100) { screen.sections[index % 2].items[index].name = "changed" }
        updater.update(screen.sections)
        #expect(screen.rowContentRuns == before)
        await updater.owner.renderer.waitUntilIdle()
        // Only the changed rows' cells were configured again.
        #expect(screen.rowContentRuns - before == 500)
        #expect(view.problems == [])
    }

    @Test func scrollingToARow_waitsForTheRenderThatShowsIt() async {
        let screen = PeopleScreen(peopleSections([3]))
        let (updater, _) = makeUpdater(screen)
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        var scrolled: [ItemPath] = []
        #expect(updater.scroll(to: 1) { scrolled.append($0) })
        #expect(scrolled == [ItemPath(section: 0, item: 1)])
        #expect(!updater.scroll(to: 99) { scrolled.append($0) })

        screen.sections[0].items.insert(Person(id: 99, name: "new"), at: 0)
        updater.update(screen.sections)
        #expect(updater.scroll(to: 99) { scrolled.append($0) })
        #expect(scrolled.count == 1, "not before the row is on screen")
        await updater.owner.renderer.waitUntilIdle()
        #expect(scrolled == [ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 0)])
    }

    @Test func repeatedIdentities_neverCrash() async {
        let screen = PeopleScreen([
            ListViewSection(id: "a", items: [Person(id: 1, name: "x"), Person(id: 1, name: "y")]),
            ListViewSection(id: "a", items: [Person(id: 2, name: "z")]),
        ])
        let (updater, _) = makeUpdater(screen)
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        updater.update([ListViewSection(id: "a", items: [Person(id: 1, name: "x")])])
        await updater.owner.renderer.waitUntilIdle()
        #expect(updater.owner.numberOfSections == 1)
    }
}

extension Array {
    /// `self` with the element at `from` moved to `to` (UIKit's move: `to` in the order after it).
    func moving(from: Int, to: Int) -> [Element] {
        var copy = self
        copy.insert(copy.remove(at: from), at: to)
        return copy
    }
}

extension Array {
    /// SwiftUI's `remove(atOffsets:)`, which Linux has no SwiftUI for.
    mutating func removeOffsets(_ offsets: IndexSet) {
        for offset in offsets.reversed() { remove(at: offset) }
    }

    /// SwiftUI's `move(fromOffsets:toOffset:)`: the elements at `offsets`, in order, go before the
    /// element that was at `destination` (or at the end).
    mutating func moveOffsets(_ offsets: IndexSet, toOffset destination: Int) {
        let moved = offsets.map { self[$0] }
        let before = offsets.filter { $0 < destination }.count
        removeOffsets(offsets)
        insert(contentsOf: moved, at: destination - before)
    }
}
