import Testing
import RowDiffDataSources
import RowDiffTesting

/// An owner on a flat table (NSTableView's model) through `FlatTableHost` and the stand-in:
/// group rows, views by identifier, sequential updates, selection, row actions and drag reorder.
@MainActor
@Suite struct FlatOwnerTests {
    /// What the stand-in's rows show: "#title" for a title group row, "[text]" for a typed header,
    /// the text of name cells.
    static func shown(_ table: StandInFlatTableView) -> [String] {
        table.rows.map { row in
            if row.isGroupRow {
                if let header = row.view as? TitleHeader { return "[\(header.text ?? "")]" }
                return "#\(row.title ?? "")"
            }
            return (row.view as? NameCell)?.text ?? "?"
        }
    }

    func sections(_ spec: [(String, [String])], typedHeaders: Bool = false) -> [KeyedSection] {
        spec.map { key, names in
            let rows = names.map { nameRow($0, $0) }
            return typedHeaders
                ? KeyedSection(key: key, rows: rows, header: titleHeader(key)) : KeyedSection(key: key, rows: rows, headerTitle: key)
        }
    }

    @Test func sections_areGroupRowsShowingTheirHeader() async {
        let (owner, host, table) = makeFlatOwner()
        await owner.renderer.renderAndWait(sections([("A", ["a1", "a2"]), ("B", [])]) + sections([("C", ["c1"])], typedHeaders: true))
        #expect(Self.shown(table) == ["#A", "a1", "a2", "#B", "[C]", "c1"])
        #expect(table.rows.map(\.isGroupRow) == [true, false, false, true, true, false])
        #expect(host.numberOfRows == 6 && host.isGroupRow(3) && !host.isGroupRow(5))
        #expect(table.problems == [] && table.dequeueFailures.isEmpty)
        #expect(table.registrations.map(\.reuseIdentifier).contains(NameCell.reuseIdentifier))
    }

    @Test func withoutGroupRows_theTableIsOneListOfRows() async {
        let (owner, _, table) = makeFlatOwner(groupRows: false)
        await owner.renderer.renderAndWait(sections([("A", ["a1"]), ("B", []), ("C", ["c1", "c2"])]))
        #expect(Self.shown(table) == ["a1", "c1", "c2"])
        await owner.renderer.renderAndWait(sections([("C", ["c2", "c1"]), ("A", ["a1", "a0"])]))
        #expect(Self.shown(table) == ["c2", "c1", "a1", "a0"])
        #expect(table.updates.count == 1 && table.problems == [])
    }

    @Test func renders_areSequentialUpdates_thatKeepViewsAndRefreshChangedContent() async {
        let (owner, _, table) = makeFlatOwner()
        await owner.renderer.renderAndWait(sections([("A", ["a1", "a2"]), ("B", ["b1"])]))
        let b1 = table.rows[4].view
        // a2 moves to B, b1's section becomes first and gets a new title, a row is added and one changes.
        await owner.renderer.renderAndWait([
            KeyedSection(key: "B", rows: [nameRow("b1", "b1"), nameRow("a2", "a2")], headerTitle: "B!"),
            KeyedSection(key: "A", rows: [nameRow("a1", "a1 edited"), nameRow("a3", "a3")], headerTitle: "A"),
        ])
        #expect(Self.shown(table) == ["#B!", "b1", "a2", "#A", "a1 edited", "a3"])
        #expect(table.updates.count == 1, "one group of updates, no reload")
        #expect(table.reloadCount == 2, "only attaching the owner and the first render reload")
        #expect(table.rows[1].view === b1, "a moved row keeps its view")
        #expect(table.problems == [])
    }

    @Test func sectionInsertsDeletesAndMoves_reachTheTableAsRanges() async {
        let (owner, _, table) = makeFlatOwner()
        await owner.renderer.renderAndWait(sections([("A", ["a1", "a2"]), ("B", ["b1"]), ("C", [])]))
        await owner.renderer.renderAndWait(sections([("C", []), ("N", ["n1"]), ("A", ["a1", "a2"])]))
        #expect(Self.shown(table) == ["#C", "#N", "n1", "#A", "a1", "a2"])
        #expect(table.updates.last?.contains(.remove(3..<5, animation: .automatic)) == true, "B and its row go as one range")
        #expect(table.problems == [])
    }

    @Test func firstRenderAndHiddenTable_reload() async {
        let (owner, _, table) = makeFlatOwner()
        await owner.renderer.renderAndWait(sections([("A", ["a1"])]))
        table.isVisible = false
        await owner.renderer.renderAndWait(sections([("A", ["a1", "a2"])]))
        #expect(table.updates.isEmpty && table.reloadCount == 3, "attaching, the first render and the hidden one reload")
        #expect(Self.shown(table) == ["#A", "a1", "a2"])
    }

    // MARK: The stand-in notices what a Mac would show wrongly

    @Test func standIn_reportsAStepThatLeavesAViewOnTheWrongRow() async {
        let (owner, _, table) = makeFlatOwner()
        await owner.renderer.renderAndWait(sections([("A", ["a1", "a2"])]))
        // The model did not change, but a move reaches the table: two rows show each other's content.
        table.performUpdates([.move(from: 1, to: 2)])
        #expect(table.problems.count == 2)
        #expect(table.problems.first?.contains("shows stale or other content") == true)
    }

    @Test func standIn_reportsStepsThatMissTheModel() async {
        let (owner, _, table) = makeFlatOwner()
        await owner.renderer.renderAndWait(sections([("A", ["a1"])]))
        table.performUpdates([.insert(1..<2, animation: .automatic)])
        #expect(table.problems.first?.contains("the table has 3 rows, the host 2") == true)
        table.performUpdates([.remove(5..<6, animation: .automatic)])
        #expect(table.problems.last?.contains("does not fit") == true)
        table.performUpdates([.move(from: 0, to: 1)])
        #expect(table.problems.contains { $0.contains("drawn as a row") }, "a group row moved off its place")
    }

    @Test func standIn_reportsAChangedRowThatWasNotReloaded() async {
        let (owner, _, table) = makeFlatOwner()
        await owner.renderer.renderAndWait(sections([("A", ["a1"])]))
        // The data source changes behind the renderer's back; the table is told nothing but an empty group.
        owner.dataSource.install([KeyedSection(key: "A", rows: [nameRow("a1", "a1 changed")], headerTitle: "A")])
        table.performUpdates([])
        #expect(table.problems == ["after update 0: the view at row 1 (0, 0) shows stale or other content"])
    }

    // MARK: Selection

    @Test func selection_followsTheRowsActions_andGroupRowsAreNeverSelected() async {
        let (owner, _, table) = makeFlatOwner()
        var log: [String] = []
        await owner.renderer.renderAndWait([
            KeyedSection(
                key: "A",
                rows: [
                    nameRow(
                        "a", "a",
                        actions: RowActions(
                            onSelect: {
                                log.append("select a")
                                return .staysSelected
                            }, onDeselect: { log.append("deselect a") })),
                    nameRow(
                        "b", "b",
                        actions: RowActions(onSelect: {
                            log.append("select b")
                            return .deselects
                        })),
                    nameRow("c", "c"),
                ], headerTitle: "A")
        ])
        #expect(!table.userClicks(0), "group row")
        #expect(!table.userClicks(3), "no onSelect")
        #expect(table.userClicks(1))
        #expect(table.selectedRows == [1])
        #expect(table.userClicks(2))
        #expect(table.selectedRows.isEmpty, "b deselects itself; a was deselected by the click on b")
        #expect(log == ["select a", "deselect a", "select b"])
        #expect(!owner.shouldSelectItem(at: ItemPath(section: 0, item: 2)))
    }

    @Test func selection_followsItsRowThroughUpdates_withoutCallbacks() async {
        let (owner, _, table) = makeFlatOwner()
        var log: [String] = []
        func render(_ names: [String]) async {
            let rows = names.map { name in
                nameRow(
                    name, name,
                    actions: RowActions(
                        onSelect: {
                            log.append("select \(name)")
                            return .staysSelected
                        },
                        onDeselect: { log.append("deselect \(name)") }))
            }
            await owner.renderer.renderAndWait([KeyedSection(key: "A", rows: rows, headerTitle: "A")])
        }
        await render(["a", "b"])
        table.userClicks(2)
        await render(["new", "a", "b"])
        #expect(table.selectedRows == [3], "b moved down one row and stays selected")
        table.userClicks(1)
        #expect(log == ["select b", "deselect b", "select new"])
        await render(["a", "b"])
        #expect(table.selectedRows.isEmpty, "the selected row was removed")
        #expect(log == ["select b", "deselect b", "select new"], "removing a selected row calls no deselect (as UIKit)")
    }

    @Test func multipleSelection_reportsEachRow() async {
        let (owner, _, table) = makeFlatOwner()
        table.allowsMultipleSelection = true
        var log: [String] = []
        let rows = ["a", "b", "c"].map { name in
            nameRow(
                name, name,
                actions: RowActions(
                    onSelect: {
                        log.append("+\(name)")
                        return .staysSelected
                    }, onDeselect: { log.append("-\(name)") }))
        }
        await owner.renderer.renderAndWait([KeyedSection(key: "A", rows: rows, headerTitle: "A")])
        table.userClicks(1)
        table.userClicks(3, extending: true)
        table.userClicks(1, extending: true)
        #expect(table.selectedRows == [3])
        #expect(log == ["+a", "+c", "-a"])
    }

    // MARK: Row actions and heights

    @Test func rowActions_comeFromTheRow_andDeletableRowsGetADeleteAction() async {
        let (owner, host, table) = makeFlatOwner()
        host.deleteActionTitle = "Supprimer"
        var deleted: [String] = []
        var pinned: [String] = []
        owner.onDelete = { _, row in deleted.append(row.key) }
        func render(_ names: [String]) async {
            let rows = names.map { name in
                nameRow(
                    name, name,
                    actions: RowActions(
                        leadingSwipe: SwipeActions([
                            SwipeAction(title: "Pin") { done in
                                pinned.append(name)
                                done(true)
                            }
                        ])))
            }
            await owner.renderer.renderAndWait([KeyedSection(key: "A", rows: rows, headerTitle: "A")])
        }
        await render(["a", "b"])
        #expect(table.userSwipes(.leading, on: 0) == nil, "group row")
        table.userSwipes(.leading, on: 2)?.actions.first?.handler { #expect($0) }
        #expect(pinned == ["b"])
        let delete = table.userSwipes(.trailing, on: 2)
        #expect(delete?.actions.map(\.title) == ["Supprimer"] && delete?.actions.first?.style == .destructive)
        // A render moves b down before the user clicks Delete: the action still deletes b.
        await render(["new", "a", "b"])
        var performed: Bool?
        delete?.actions.first?.handler { performed = $0 }
        #expect(performed == true && deleted == ["b"])
        owner.onDelete = nil
        #expect(table.userSwipes(.trailing, on: 1) == nil, "not deletable: no actions")
    }

    @Test func deleteActionOfARowRemovedMeanwhile_doesNothing() async {
        let (owner, _, table) = makeFlatOwner()
        var deleted: [String] = []
        owner.onDelete = { _, row in deleted.append(row.key) }
        await owner.renderer.renderAndWait(sections([("A", ["a", "b"])]))
        let delete = table.userSwipes(.trailing, on: 1)
        await owner.renderer.renderAndWait(sections([("A", ["b"])]))
        var performed: Bool?
        delete?.actions.first?.handler { performed = $0 }
        #expect(performed == false && deleted.isEmpty)
    }

    @Test func heights_comeFromRowsAndHeaders() async {
        let (owner, host, _) = makeFlatOwner()
        await owner.renderer.renderAndWait([
            KeyedSection(
                key: "A", rows: [nameRow("a", "a", actions: RowActions(height: 44)), nameRow("b", "b")],
                header: Supplementary(title: "A").with(height: 28))
        ])
        #expect(host.height(ofRow: 0) == 28 && host.height(ofRow: 1) == 44 && host.height(ofRow: 2) == nil)
        #expect(host.height(ofRow: 3) == nil && host.view(forRow: -1) == nil && host.title(forRow: 1) == nil)
        #expect(!host.shouldSelectRow(99) && host.rowActions(.trailing, forRow: 99) == nil && !host.canDragRow(-1))
    }

    // MARK: Drag reorder

    func makeMovable() async -> (ListController<KeyedSection>, FlatTableHost, StandInFlatTableView, Box) {
        let (owner, host, table) = makeFlatOwner()
        let moves = Box()
        owner.dataSource.didMoveItem = { move, row in moves.log.append("\(row.key) \(move.from)→\(move.to)") }
        await owner.renderer.renderAndWait(sections([("A", ["a1", "a2", "a3"]), ("B", []), ("C", ["c1"])]))
        return (owner, host, table, moves)
    }

    final class Box {
        var log: [String] = []
    }

    @Test func dragWithinASection_movesTheRowOnceTheOwnerAccepts() async {
        let (owner, _, table, moves) = await makeMovable()
        // Rows: #A a1 a2 a3 #B #C c1. Drag a1 into the gap above #B (below a3).
        #expect(table.userDrags(1, toAbove: 4))
        #expect(Self.shown(table) == ["#A", "a2", "a3", "a1", "#B", "#C", "c1"])
        #expect(moves.log == ["a1 (0, 0)→(0, 2)"])
        #expect(owner.dataSource.sections[0].rows.map(\.key) == ["a2", "a3", "a1"])
        #expect(table.updates.last == [.move(from: 1, to: 3)])
        #expect(table.problems == [])
    }

    @Test func dragAcrossSections_andIntoAnEmptySection() async {
        let (owner, _, table, moves) = await makeMovable()
        #expect(table.userDrags(6, toAbove: 5), "c1 into the empty section B, right under its group row")
        #expect(Self.shown(table) == ["#A", "a1", "a2", "a3", "#B", "c1", "#C"])
        #expect(table.userDrags(2, toAbove: 7), "a2 below the last row: the end of C")
        #expect(Self.shown(table) == ["#A", "a1", "a3", "#B", "c1", "#C", "a2"])
        #expect(moves.log == ["c1 (2, 0)→(1, 0)", "a2 (0, 1)→(2, 0)"])
        #expect(owner.dataSource.sections.map { $0.rows.map(\.key) } == [["a1", "a3"], ["c1"], ["a2"]])
        #expect(table.problems == [])
    }

    @Test func dropsOntoGroupRows_goToTheStartOfTheirSection() async {
        let (owner, host, table, moves) = await makeMovable()
        #expect(host.dropRow(forDropOn: 5) == 6 && host.dropRow(forDropOn: 2) == 2)
        #expect(table.userDrags(3, toAbove: 5, on: true), "a3 dropped on #C")
        #expect(Self.shown(table) == ["#A", "a1", "a2", "#B", "#C", "a3", "c1"])
        #expect(moves.log == ["a3 (0, 2)→(2, 0)"])
        #expect(owner.dataSource.sections[2].rows.map(\.key) == ["a3", "c1"])
    }

    @Test func dropsAboveTheFirstGroupRow_inPlace_ofGroupRows_orOfSeveralRows_areRefused() async {
        let (owner, host, table, moves) = await makeMovable()
        #expect(table.userDrags(1, toAbove: 3), "the owner is there: a1 can move")
        #expect(table.userDrags(2, toAbove: 1), "and back")
        moves.log = []
        let updates = table.updates.count
        #expect(!table.userDrags(1, toAbove: 0), "above #A: no section there")
        #expect(!table.userDrags(1, toAbove: 1) && !table.userDrags(1, toAbove: 2), "where it already is")
        #expect(!table.userDrags(0, toAbove: 3), "a group row cannot be dragged")
        #expect(!table.userDrags(rows: [1, 2], toAbove: 7), "several rows")
        #expect(!table.userDrags(1, toAbove: 99))
        #expect(host.move(forDropAbove: 4) == nil, "no drag in progress")
        #expect(moves.log.isEmpty && table.updates.count == updates)
        #expect(owner.dataSource.sections[0].rows.map(\.key) == ["a1", "a2", "a3"])
    }

    @Test func moveTheOwnerRefuses_leavesTheTableAsItWas() async {
        let (owner, host, table) = makeFlatOwner()
        await owner.renderer.renderAndWait([
            KeyedSection(
                key: "A",
                rows: [
                    nameRow("a", "a", actions: RowActions(onMove: { _, to in to.item == 0 })), nameRow("b", "b"), nameRow("c", "c"),
                ], headerTitle: "A")
        ])
        #expect(!table.userDrags(1, toAbove: 4), "a refuses to go last")
        #expect(host.refusedMoveCount == 1 && table.updates.isEmpty)
        #expect(Self.shown(table) == ["#A", "a", "b", "c"])
        #expect(table.problems == [])
    }

    @Test func acceptedMove_andTheMirroredRender_agree() async {
        let (owner, _, table, _) = await makeMovable()
        #expect(table.userDrags(1, toAbove: 7))
        // The app mirrors the move in its state and renders it: nothing more to do.
        await owner.renderer.renderAndWait(sections([("A", ["a2", "a3"]), ("B", []), ("C", ["c1", "a1"])]))
        #expect(table.updates.count == 1 && table.reloadCount == 2)
        #expect(Self.shown(table) == ["#A", "a2", "a3", "#B", "#C", "c1", "a1"])
        #expect(table.problems == [])
    }

    @Test func withoutGroupRows_aDropAboveTheFirstRowStartsItsSection() async {
        let (owner, _, table) = makeFlatOwner(groupRows: false)
        owner.dataSource.didMoveItem = { _, _ in }
        await owner.renderer.renderAndWait(sections([("A", []), ("B", ["b1", "b2"])]))
        #expect(table.userDrags(1, toAbove: 0))
        #expect(Self.shown(table) == ["b2", "b1"])
        #expect(owner.dataSource.sections[1].rows.map(\.key) == ["b2", "b1"])
    }
}

/// An owner on a stand-in flat table, reporting duplicate keys to nobody.
@MainActor
func makeFlatOwner(groupRows: Bool = true, footerRows: Bool = false) -> (ListController<KeyedSection>, FlatTableHost, StandInFlatTableView)
{
    let table = StandInFlatTableView()
    let host = FlatTableHost(view: table, groupRows: groupRows, footerRows: footerRows)
    let owner = ListController<KeyedSection>(host: host, options: RenderOptions(onDuplicateKeys: nil))
    return (owner, host, table)
}
