import Testing
import RowDiffDataSources

/// Typed cells through an owner: configuration without casts, reconfigure in place, reset on
/// reuse, headers, and what counts as content.
@MainActor
@Suite struct OwnerCellTests {
    @Test func typedCells_showTheirRowsState() async {
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "Ada"), nameRow("b", "Bob")])])
        #expect(texts(view) == [["Ada", "Bob"]])
        #expect(owner.row(shownBy: view.cells[0][1]!)?.key == "b")
        #expect(view.problems == [])
    }

    @Test func changedState_reconfiguresTheSameCell() async {
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "Ada")])])
        let cell = view.cells[0][0]
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "Ada Lovelace")])])
        #expect(view.cells[0][0] === cell)
        #expect(texts(view) == [["Ada Lovelace"]])
        #expect((cell as? NameCell)?.resets == 0, "the same row reconfigured is not reset")
        #expect(view.batches.map(\.update.itemReconfigures) == [[ItemPath(section: 0, item: 0)]])
        #expect(view.problems == [])
    }

    @Test func changedCellType_reloads() async {
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "Ada")])])
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [KeyedRow(key: "a", cell: BadgeCell.self, state: 1)])])
        #expect(view.batches.map(\.update.itemReloads) == [[ItemPath(section: 0, item: 0)]])
        #expect((view.cells[0][0] as? BadgeCell)?.badge == 1)
        #expect(view.problems == [])
    }

    @Test func reusedCell_isResetBeforeShowingAnotherRow() async {
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "Ada")])])
        let cell = view.cells[0][0] as? NameCell
        // "a" goes, "b" comes: UIKit hands a's cell (now in the pool) to b.
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("b", "Bob")])])
        #expect(view.cells[0][0] === cell)
        #expect(cell?.resets == 1)
        #expect(cell?.reuseCount == 1)
        #expect(cell?.text == "Bob")
        #expect(view.madeViewCount == 1)
        #expect(view.problems == [])
    }

    @Test func configurableCell_resetsThroughItsOwnMethod() async {
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [KeyedRow(key: "a", cell: BadgeCell.self, state: 1)])])
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [KeyedRow(key: "b", cell: BadgeCell.self, state: 2)])])
        let cell = view.cells[0][0] as? BadgeCell
        #expect(cell?.resets == 1 && cell?.badge == 2)
    }

    @Test func changedHeader_showsTheNewHeaderWithoutReloadingTheSection() async {
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "Ada")], header: titleHeader("Old"))])
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "Ada")], header: titleHeader("New"))])
        #expect(view.batches.isEmpty, "the header is reconfigured in place (OwnerHeaderInPlaceTests)")
        #expect((view.headers[0] as? TitleHeader)?.text == "New")
        #expect(view.problems == [])
    }

    @Test func actionsAndClosures_areNotContent_heightsAre() {
        let plain = nameRow("a", "Ada")
        let withActions = nameRow("a", "Ada", actions: RowActions(onSelect: { .deselects }))
        #expect(plain.isContentEqual(to: withActions))
        let sized = nameRow("a", "Ada", actions: RowActions(onSelect: { .deselects }, height: 44))
        #expect(!plain.isContentEqual(to: sized), "a height is content (OwnerRowHeightTests)")
        #expect(sized.isContentEqual(to: nameRow("a", "Ada", actions: RowActions(onDelete: {}, height: 44))))
        #expect(!plain.isContentEqual(to: nameRow("a", "Bob")))
        #expect(titleHeader("A") == titleHeader("A"))
        #expect(titleHeader("A") != titleHeader("B"))
        #expect(sized.with(actions: RowActions()).actions.height == nil)
    }

    @Test func untypedRows_getAPlainCell() async {
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [row("a", 1)])])
        #expect(view.cells[0][0]?.reuseIdentifier == ViewRegistration.plainReuseIdentifier(.cell))
        #expect(view.problems == [])
    }
}
