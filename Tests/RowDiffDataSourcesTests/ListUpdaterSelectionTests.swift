import Foundation
import Testing
import RowDiffDataSources
import RowDiffTesting

/// A header or footer view as RowDiffSwiftUI's: it records the section it was configured for.
final class HostedSupplementaryView: StandInView, ReusableView {
    var section: String?
}

/// An app's state behind a list with a set-selection binding, and what the binding received.
@MainActor
final class PeopleSelection {
    var selection: Set<Int> = []
    /// Every value the binding's setter received, in order.
    var writes: [Set<Int>] = []

    var actions: ListViewActions<String, Int, Person> {
        ListViewActions(
            contextMenu: { person in ContextMenu(title: person.name, actions: [MenuAction(title: "Copy") {}]) },
            selectionSetChanged: { [unowned self] in
                selection = $0
                writes.append($0)
            })
    }
}

/// A `ListUpdater` of a flat table (RowDiffSwiftUI's macOS list): group rows for headers and, with
/// `footers`, footer rows, each section's header and footer being a hosted view.
@MainActor
func makeFlatUpdater(footers: Bool) -> (ListUpdater<String, Int, Person>, FlatTableHost, StandInFlatTableView) {
    let table = StandInFlatTableView()
    let host = FlatTableHost(view: table, groupRows: true, footerRows: footers)
    let updater = ListUpdater<String, Int, Person>(
        host: host, options: RenderOptions(onDuplicateKeys: nil),
        presentation: { row, actions in
            RowPresentation(cell: HostedItemCell.self, state: row.version, actions: actions) { cell, _ in cell.text = row.item.name }
        },
        supplementary: { section, element in
            Supplementary(view: HostedSupplementaryView.self, state: "\(element == .header ? "H" : "F")\(section)") { view, state in
                view.section = state
            }
        })
    return (updater, host, table)
}

/// What each flat row shows: a hosted header or footer (`Hs0`, `Fs0`) or a row's name.
@MainActor
func shownFlatRows(_ table: StandInFlatTableView) -> [String] {
    table.rows.map { row in
        if let view = row.view as? HostedSupplementaryView { return view.section ?? "?" }
        return (row.view as? HostedItemCell)?.text ?? "?"
    }
}

/// RowDiffSwiftUI's list views beyond a single selection: a set-selection binding
/// (`List(selection: Binding<Set<ID>>)`), the scroll anchor, and, on the flat table of macOS,
/// footer rows and context menus.
@MainActor
@Suite struct ListUpdaterSelectionTests {
    @Test func setSelection_theUserSelectsAndDeselectsSeveralRows_andTheBindingGetsTheSet() async {
        let screen = PeopleScreen(peopleSections([3, 3]))
        let (updater, view) = makeUpdater(screen)
        let app = PeopleSelection()
        view.allowsMultipleSelection = true
        updater.actions = app.actions
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()

        #expect(view.userTaps(ItemPath(section: 0, item: 1)))
        #expect(view.userTaps(ItemPath(section: 1, item: 2)))
        #expect(view.userTaps(ItemPath(section: 1, item: 0)))
        #expect(app.selection == [1, 5, 3])
        #expect(app.writes == [[1], [1, 5], [1, 5, 3]])
        // A tap on a selected row takes it out; the others stay selected.
        #expect(!view.userTaps(ItemPath(section: 1, item: 2)))
        #expect(app.selection == [1, 3])
        #expect(view.selectedPaths == [ItemPath(section: 0, item: 1), ItemPath(section: 1, item: 0)])
        #expect(updater.selectedIDs == [1, 3])
        #expect(updater.selectedPaths == [ItemPath(section: 0, item: 1), ItemPath(section: 1, item: 0)])
        #expect(updater.selectedID == nil, "the single selection is untouched")
        #expect(view.problems == [])
    }

    @Test func setSelection_givenWithAnUpdate_isShownAtTheRowsNewPlaces_andRemovedRowsDropOut() async {
        let screen = PeopleScreen(peopleSections([3, 3]))
        let (updater, _) = makeUpdater(screen)
        let app = PeopleSelection()
        updater.actions = app.actions
        updater.selectedIDs = [0, 4]
        updater.update(screen.sections)
        #expect(updater.selectedPaths == [], "nothing is shown before the render lands")
        await updater.owner.renderer.waitUntilIdle()
        #expect(updater.selectedPaths == [ItemPath(section: 0, item: 0), ItemPath(section: 1, item: 1)])

        // The rows move: the selection follows them.
        screen.sections[0].items.reverse()
        screen.sections[1].items.insert(Person(id: 10, name: "new"), at: 0)
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        #expect(updater.selectedPaths == [ItemPath(section: 0, item: 2), ItemPath(section: 1, item: 2)])

        // The app removes a selected row and keeps it in its set: it is no longer shown selected.
        screen.sections[1].items.removeAll { $0.id == 4 }
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        #expect(updater.selectedPaths == [ItemPath(section: 0, item: 2)])
        // Nothing of this was the user's: the binding was never written.
        #expect(app.writes == [])
    }

    @Test func setSelection_onAFlatTable_commandClicksReachTheBinding_andShowingTheSetWritesNothingBack() async {
        let screen = PeopleScreen(peopleSections([2, 3]))
        let (updater, host, table) = makeFlatUpdater(footers: false)
        let app = PeopleSelection()
        table.allowsMultipleSelection = true
        updater.actions = app.actions
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()

        // Rows: H s0, n0, n1, H s1, n2, n3, n4.
        #expect(table.userClicks(1))
        #expect(table.userClicks(5, extending: true))
        #expect(!table.userClicks(3, extending: true), "a group row is never selected")
        #expect(app.selection == [0, 3])
        #expect(table.userClicks(1, extending: true))
        #expect(app.selection == [3])

        // The app's set, shown as RowDiffSwiftUI shows it: the table reports it back, and the
        // updater writes nothing, since the set did not change.
        updater.selectedIDs = [1, 2, 3]
        let writes = app.writes.count
        table.selectRows(Set(updater.selectedPaths.compactMap(host.layout.flatIndex(of:))))
        #expect(table.selectedRows == [2, 4, 5])
        #expect(app.writes.count == writes)
        #expect(table.problems == [])
    }

    @Test func singleSelection_isUnchanged_whenNoSetBindingIsGiven() async {
        let screen = PeopleScreen(peopleSections([3]))
        let (updater, view) = makeUpdater(screen)
        updater.actions = screen.actions
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        view.userTaps(ItemPath(section: 0, item: 0))
        view.userTaps(ItemPath(section: 0, item: 2))
        #expect(screen.selection == 2)
        #expect(view.selectedPaths == [ItemPath(section: 0, item: 2)])
        #expect(updater.selectedIDs == [])
    }

    // MARK: Scroll anchor

    @Test func scrollAnchor_rowsPrependedKeepTheFirstVisibleRowInPlace() async throws {
        let screen = PeopleScreen(peopleSections([100]))
        let view = StandInTableView(viewportHeight: 300)
        let updater = ListUpdater<String, Int, Person>(host: view, options: RenderOptions(onDuplicateKeys: nil)) { row, actions in
            RowPresentation(cell: HostedItemCell.self, state: row.version, actions: actions) { cell, _ in cell.text = row.item.name }
        }
        #expect(updater.scrollAnchor == .none)
        updater.scrollAnchor = .firstVisibleRow
        #expect(updater.owner.scrollAnchor == .firstVisibleRow)
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        view.scroll(toOffset: 1_000) // row 22 is partly above the top edge
        let first = try #require(view.visibleItemPaths.first)
        let anchor = updater.owner.dataSource.item(at: first).id
        func screenY() -> Double? {
            updater.path(of: anchor).flatMap(view.frameOfItem(at:)).map { $0.minY - view.contentOffset }
        }
        let before = try #require(screenY())
        #expect(before < 0)

        // A feed loads newer items at its top, twice: the row the user looked at stays put.
        for round in 0..<2 {
            let newer = (0..<7).map { Person(id: 1_000 + round * 10 + $0, name: "newer \(round).\($0)") }
            screen.sections[0].items.insert(contentsOf: newer, at: 0)
            updater.scrollAnchor = .firstVisibleRow // set with every update, as the list view does
            updater.update(screen.sections)
            await updater.owner.renderer.waitUntilIdle()
            #expect(screenY() == before, "round \(round)")
        }

        // Without the anchor, the offset stays and the row moves down.
        updater.scrollAnchor = .none
        screen.sections[0].items.insert(Person(id: 2_000, name: "newest"), at: 0)
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        #expect(screenY() != before)
        #expect(view.problems == [])
    }

    // MARK: Flat tables: footers and context menus

    @Test func flatTable_showsFootersAsRowsAfterEachSection_throughUpdates() async {
        let screen = PeopleScreen(peopleSections([2, 0, 1]))
        let (updater, host, table) = makeFlatUpdater(footers: true)
        let app = PeopleSelection()
        updater.actions = app.actions
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        #expect(shownFlatRows(table) == ["Hs0", "n0", "n1", "Fs0", "Hs1", "Fs1", "Hs2", "n2", "Fs2"])
        #expect(host.isFooterRow(3) && !host.isGroupRow(3) && !table.rows[3].isGroupRow)
        #expect(!table.userClicks(3), "a footer row is never selected")
        #expect(table.userClicks(2) && app.selection == [1])

        // Rows and sections come and go: the footers stay at the end of their sections.
        let reloads = table.reloadCount
        screen.sections[1].items.append(Person(id: 7, name: "n7"))
        screen.sections.remove(at: 0)
        screen.sections.append(ListViewSection(id: "s9", items: [Person(id: 9, name: "n9")]))
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        #expect(shownFlatRows(table) == ["Hs1", "n7", "Fs1", "Hs2", "n2", "Fs2", "Hs9", "n9", "Fs9"])
        #expect(table.reloadCount == reloads, "applied as steps, not by reloading")
        #expect(table.updates.count == 1)
        #expect(table.problems == [])
    }

    @Test func flatTable_contextMenusAreForTheClickedRowsItem_andNoneForHeadersFootersOrNoRow() async {
        let screen = PeopleScreen(peopleSections([2, 1]))
        let (updater, _, table) = makeFlatUpdater(footers: true)
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        // Rows: H s0, n0, n1, F s0, H s1, n2, F s1.
        #expect(table.userOpensContextMenu(onRow: 1) == nil, "no menu without the modifier")

        let app = PeopleSelection()
        updater.actions = app.actions
        #expect(table.userOpensContextMenu(onRow: 1)?.title == "n0")
        #expect(table.userOpensContextMenu(onRow: 5)?.title == "n2")
        for row in [0, 3, 4, 6, -1, 7] {
            #expect(table.userOpensContextMenu(onRow: row) == nil, "row \(row)")
        }
        // A render moves the rows: the menu is the one of the row now clicked, from its new item.
        screen.sections[0].items.insert(Person(id: 5, name: "Ada"), at: 0)
        screen.sections[0].items[2].name = "Grace"
        updater.update(screen.sections)
        await updater.owner.renderer.waitUntilIdle()
        #expect(table.userOpensContextMenu(onRow: 1)?.title == "Ada")
        #expect(table.userOpensContextMenu(onRow: 3)?.title == "Grace")
        #expect(table.userOpensContextMenu(onRow: 4) == nil, "the footer row moved down")
        #expect(table.problems == [])
    }
}
