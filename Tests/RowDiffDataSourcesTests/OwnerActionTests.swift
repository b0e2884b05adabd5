import Testing
import RowDiffDataSources

/// Per-row actions and per-operation animations through an owner.
@MainActor
@Suite struct OwnerActionTests {
    @Test func selection_followsTheRowsActions() async {
        let (owner, view) = makeOwner()
        var log: [String] = []
        let stays = RowActions(
            onSelect: {
                log.append("select a")
                return .staysSelected
            }, onDeselect: { log.append("deselect a") })
        let deselects = RowActions(onSelect: {
            log.append("select b")
            return .deselects
        })
        await owner.renderer.renderAndWait([
            KeyedSection(
                key: "s",
                rows: [
                    nameRow("a", "A", actions: stays), nameRow("b", "B", actions: deselects), nameRow("c", "C"),
                    nameRow("d", "D", actions: RowActions(onSelect: { .deselects }, canSelect: false)),
                ])
        ])
        #expect(view.userTaps(ItemPath(section: 0, item: 0)))
        #expect(view.selectedPaths == [ItemPath(section: 0, item: 0)])
        #expect(view.userTaps(ItemPath(section: 0, item: 1)))
        #expect(view.selectedPaths.isEmpty, "b deselects itself; a was deselected by the new selection")
        #expect(!view.userTaps(ItemPath(section: 0, item: 2)), "no onSelect: not selectable")
        #expect(!view.userTaps(ItemPath(section: 0, item: 3)), "canSelect: false")
        #expect(!owner.shouldHighlightItem(at: ItemPath(section: 0, item: 2)))
        #expect(log == ["select a", "deselect a", "select b"])
    }

    @Test func swipeMenuAndHeights_comeFromTheRow() async {
        let (owner, view) = makeOwner()
        var performed: [String] = []
        let actions = RowActions(
            leadingSwipe: SwipeActions([
                SwipeAction(title: "Pin") { done in
                    performed.append("pin")
                    done(true)
                }
            ]),
            trailingSwipe: SwipeActions(
                [SwipeAction(title: "Delete", style: .destructive) { done in done(true) }],
                performsFirstActionWithFullSwipe: false),
            contextMenu: ContextMenu(
                title: "Ada", actions: [MenuAction(title: "Copy", systemImageName: "doc.on.doc") { performed.append("copy") }]),
            height: 60, estimatedHeight: 50)
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "Ada", actions: actions), nameRow("b", "Bob")])])
        let a = ItemPath(section: 0, item: 0), b = ItemPath(section: 0, item: 1)
        view.userSwipes(.leading, on: a)?.actions.first?.handler { #expect($0) }
        #expect(view.userSwipes(.trailing, on: a)?.actions.first?.style == .destructive)
        #expect(view.userSwipes(.trailing, on: a)?.performsFirstActionWithFullSwipe == false)
        view.userOpensContextMenu(on: a)?.actions.first?.handler()
        #expect(performed == ["pin", "copy"])
        #expect(view.userSwipes(.leading, on: b) == nil && view.userOpensContextMenu(on: b) == nil)
        #expect(view.heightOfRow(at: a) == 60 && owner.estimatedHeight(at: a) == 50)
        #expect(view.heightOfRow(at: b) == nil)
    }

    @Test func actions_areReadFromTheLatestRender() async {
        let (owner, view) = makeOwner()
        var seen: [Int] = []
        for version in 1...2 {
            let actions = RowActions(onSelect: {
                seen.append(version)
                return .deselects
            })
            await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "Ada", actions: actions)])])
        }
        view.userTaps(ItemPath(section: 0, item: 0))
        #expect(seen == [2])
        #expect(view.batches.isEmpty, "new actions alone change no content")
    }

    @Test func perOperationAnimations_reachTheView() async {
        let (owner, view) = makeOwner()
        owner.animations = TableAnimations(
            sections: .init(insert: .fade, delete: .top, reload: .none),
            rows: .init(insert: .left, delete: .right, reload: .middle))
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "A")])])
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "A"), nameRow("b", "B")])])
        #expect(view.batches.last?.animations.rows.insert == .left)
        #expect(view.batches.last?.animations.sections.delete == .top)
        #expect(TableAnimations(insert: .fade).rows.insert == .fade && TableAnimations(insert: .fade).sections.insert == .fade)
    }
}
