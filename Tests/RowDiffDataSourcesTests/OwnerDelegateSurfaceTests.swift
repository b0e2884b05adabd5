import Testing
import RowDiffDataSources
import RowDiffTesting

/// What the view asks beyond cells: row heights only when rows have them, focus rules, the
/// section index and where a dragged row lands.
@MainActor
@Suite struct OwnerDelegateSurfaceTests {
    @Test func withoutExplicitHeights_theViewAsksNoHeight() async {
        let (owner, view) = makeOwner()
        let rows = (0..<1_000).map { nameRow("\($0)", "row \($0)") }
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: rows)])
        #expect(!owner.hasExplicitRowHeights)
        for item in 0..<1_000 { #expect(view.heightOfRow(at: ItemPath(section: 0, item: item)) == nil) }
        #expect(view.heightQueryCount == 0, "UIKit never calls a height method the delegate does not implement")
    }

    @Test func heightsAppearingOrGoing_makeTheViewAskAgainWhatIsAnswered() async {
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "A")])])
        let changes = view.capabilityChangeCount
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "A", actions: RowActions(height: 80))])])
        #expect(owner.hasExplicitRowHeights && view.capabilityChangeCount == changes + 1)
        #expect(view.heightOfRow(at: ItemPath(section: 0, item: 0)) == 80)
        #expect(view.frameOfItem(at: ItemPath(section: 0, item: 0))?.height == 80, "the layout asked the row's height")
        let asked = view.heightQueryCount
        #expect(asked > 0)
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "A")])])
        #expect(!owner.hasExplicitRowHeights && view.capabilityChangeCount == changes + 2)
        #expect(view.heightOfRow(at: ItemPath(section: 0, item: 0)) == nil)
        #expect(view.heightQueryCount == asked, "no height asked once no row has one")
        #expect(view.frameOfItem(at: ItemPath(section: 0, item: 0))?.height == view.rowHeight)
    }

    @Test func ownRowTypes_areScannedThroughTheirPresentation_unlessTheAppSays() async {
        let view = StandInTableView()
        let owner = ListController<SectionModel<String, Message>>(
            host: view,
            presentation: { message in
                RowPresentation(
                    cell: NameCell.self, state: NameState(name: message.text),
                    actions: RowActions(height: message.id == 2 ? 88 : nil)
                ) { cell, state in cell.text = state.name }
            })
        await owner.renderer.renderAndWait([SectionModel(model: "s", items: [Message(id: 1, text: "a"), Message(id: 2, text: "b")])])
        #expect(owner.hasExplicitRowHeights)
        #expect(view.heightOfRow(at: ItemPath(section: 0, item: 1)) == 88)
        owner.declaresRowHeights = false
        #expect(!owner.hasExplicitRowHeights && view.heightOfRow(at: ItemPath(section: 0, item: 1)) == nil)
    }

    /// Saying whether rows have heights does not stop the owner from finding focus rules (the
    /// scan still runs for them); saying both skips the scan.
    @Test func declaringHeights_stillFindsFocusRules_andDeclaringBothSkipsTheScan() async {
        let view = StandInTableView()
        var presentations = 0
        let owner = ListController<SectionModel<String, Message>>(
            host: view,
            presentation: { message in
                presentations += 1
                return RowPresentation(
                    cell: NameCell.self, state: NameState(name: message.text),
                    actions: RowActions(canFocus: message.id == 2 ? false : nil)
                ) { cell, state in cell.text = state.name }
            })
        owner.declaresRowHeights = false
        await owner.renderer.renderAndWait([SectionModel(model: "s", items: [Message(id: 1, text: "a"), Message(id: 2, text: "b")])])
        #expect(owner.hasFocusRules && !owner.hasExplicitRowHeights)
        #expect(!view.canFocus(ItemPath(section: 0, item: 1)) && view.canFocus(ItemPath(section: 0, item: 0)))

        owner.declaresFocusRules = false
        #expect(!owner.hasFocusRules && view.canFocus(ItemPath(section: 0, item: 1)), "the app's word: no focus rules")
        let many = (1...40).map { Message(id: $0, text: "m\($0)") }
        await owner.renderer.renderAndWait([SectionModel(model: "s", items: many)])
        let before = presentations
        await owner.renderer.renderAndWait([SectionModel(model: "s", items: many + [Message(id: 41, text: "new")])])
        #expect(presentations - before < 10, "no scan of the 41 rows' presentations: the new row's cell only")
    }

    @Test func focus_followsTheRows_andTheViewsDefaultOtherwise() async {
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "A"), nameRow("b", "B")])])
        #expect(!owner.hasFocusRules && view.canFocus(ItemPath(section: 0, item: 0)))
        await owner.renderer.renderAndWait([
            KeyedSection(
                key: "s",
                rows: [
                    nameRow("a", "A", actions: RowActions(canFocus: false)), nameRow("b", "B"),
                ])
        ])
        #expect(owner.hasFocusRules)
        #expect(!view.canFocus(ItemPath(section: 0, item: 0)) && view.canFocus(ItemPath(section: 0, item: 1)))
        #expect(!view.canFocus(ItemPath(section: 4, item: 0)))
    }

    @Test func sectionIndex_listsTheSectionsThatHaveATitle() async {
        let (owner, view) = makeOwner()
        owner.sectionIndexTitle = { $0.key == "pinned" ? nil : String($0.key.prefix(1)).uppercased() }
        await owner.renderer.renderAndWait(["pinned", "ada", "bob", "cy"].map { KeyedSection(key: $0, rows: [nameRow($0, $0)]) })
        #expect(view.sectionIndexTitles == ["A", "B", "C"])
        #expect(view.userTapsSectionIndex(0) == 1 && view.userTapsSectionIndex(2) == 3)
        #expect(view.userTapsSectionIndex(3) == nil && view.userTapsSectionIndex(-1) == nil)
        let (plain, plainView) = makeOwner()
        await plain.renderer.renderAndWait([KeyedSection(key: "s", rows: [])])
        #expect(plainView.sectionIndexTitles == nil, "no index unless the app asks for one")
    }

    @Test func targetPathForMove_keepsARowInItsSection() async {
        let (owner, view) = makeOwner()
        var order = [["a", "b"], ["c"]]
        owner.dataSource.didMoveItem = { move, _ in
            order[move.to.section].insert(order[move.from.section].remove(at: move.from.item), at: move.to.item)
        }
        owner.targetPathForMove = { from, proposed in
            proposed.section == from.section ? proposed : ItemPath(section: from.section, item: proposed.section > from.section ? 1 : 0)
        }
        await owner.renderer.renderAndWait(
            order.enumerated().map { KeyedSection(key: "\($0.offset)", rows: $0.element.map { nameRow($0, $0) }) })
        #expect(view.userMoves(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0)))
        #expect(order == [["b", "a"], ["c"]], "held over the next section, the row stays at the end of its own")
        #expect(texts(view) == [["b", "a"], ["c"]])
        #expect(view.problems == [])
    }
}
