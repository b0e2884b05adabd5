import Testing
import RowDiffDataSources

/// UIKit's editing rules, enforced by the stand-ins as a device does: a table shows swipe
/// actions, delete controls and reorder controls only on editable rows, and a delete control only
/// for the `.delete` editing style.
@MainActor
@Suite struct OwnerEditingRulesTests {
    let a = ItemPath(section: 0, item: 0)

    @Test func swipeActionsWithoutDelete_showOnATable_withoutADeleteControl() async {
        let (owner, view) = makeOwner()
        var pinned = 0
        let pin = RowActions(
            leadingSwipe: SwipeActions([
                SwipeAction(title: "Pin") { done in
                    pinned += 1
                    done(true)
                }
            ]))
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "Ada", actions: pin)])])
        #expect(owner.canEditItem(at: a), "a row with swipe actions is editable, or UIKit never asks for them")
        #expect(owner.editingStyle(at: a) == .none)
        #expect(!view.indentsWhileEditing(a))
        view.userSwipes(.leading, on: a)?.actions.first?.handler { #expect($0) }
        #expect(pinned == 1)
        #expect(view.userSwipes(.trailing, on: a) == nil, "no delete handler: no swipe-to-delete")
        #expect(!view.userDeletes(a))
    }

    @Test func movableRowWithoutDelete_showsAReorderControl_butNoDelete() async {
        let (owner, view) = makeOwner()
        let movable = RowActions(onMove: { _, _ in true })
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "A", actions: movable), nameRow("b", "B")])])
        #expect(owner.canEditItem(at: a) && owner.editingStyle(at: a) == .none)
        #expect(view.userMoves(from: a, to: ItemPath(section: 0, item: 1)))
        #expect(texts(view) == [["B", "A"]])
        #expect(!view.userDeletes(ItemPath(section: 0, item: 1)))
        #expect(view.problems == [])
    }

    @Test func deletableRowWithoutTrailingActions_getsTheTablesOwnDeleteSwipe() async {
        let (owner, view) = makeOwner()
        var deleted: [String] = []
        owner.onDelete = { _, row in deleted.append(row.key) }
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "Ada")])])
        #expect(owner.editingStyle(at: a) == .delete && view.indentsWhileEditing(a))
        #expect(owner.swipeActions(.trailing, at: a) == nil, "a table adds Delete by itself; the owner adds none")
        let swipe = view.userSwipes(.trailing, on: a)
        #expect(swipe?.actions.map(\.style) == [.destructive])
        swipe?.actions.first?.handler { #expect($0) }
        #expect(deleted == ["a"])
    }

    @Test func canEditItemSayingNo_hidesSwipesMovesAndDeletes() async {
        let (owner, view) = makeOwner()
        owner.onDelete = { _, _ in Issue.record("a locked row was deleted") }
        owner.dataSource.canEditItem = { _, _ in false }
        let everything = RowActions(trailingSwipe: SwipeActions([SwipeAction(title: "Flag") { $0(true) }]), onMove: { _, _ in true })
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "A", actions: everything), nameRow("b", "B")])])
        #expect(!owner.canEditItem(at: a) && owner.editingStyle(at: a) == .none)
        #expect(view.userSwipes(.trailing, on: a) == nil)
        #expect(!view.userDeletes(a))
        #expect(!view.userMoves(from: a, to: ItemPath(section: 0, item: 1)), "a table shows no reorder control on a row it cannot edit")
    }

    @Test func collectionList_offersDeleteThroughTheSwipeProvider() async {
        let (owner, view) = makeOwner(collection: true)
        var deleted: [String] = []
        let rows = [nameRow("a", "A", actions: RowActions(onDelete: { deleted.append("a") })), nameRow("b", "B")]
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: rows)])
        #expect(owner.swipeActions(.trailing, at: a)?.actions.first?.title == "Delete")
        #expect(owner.swipeActions(.trailing, at: ItemPath(section: 0, item: 1)) == nil)
        #expect(view.userDeletes(a))
        #expect(!view.userDeletes(ItemPath(section: 0, item: 1)))
        #expect(deleted == ["a"])
    }

    @Test func invalidPaths_areNeverEditable() async {
        let (owner, view) = makeOwner()
        owner.onDelete = { _, _ in }
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "A")])])
        let outside = ItemPath(section: 3, item: 9)
        #expect(!owner.canEditItem(at: outside) && owner.editingStyle(at: outside) == .none)
        #expect(view.userSwipes(.trailing, on: outside) == nil && !view.userDeletes(outside))
    }
}
