import Testing
import RowDiffDataSources

/// Editing and moves through an owner: handlers decide what is editable or movable, deletes
/// reach them, and a refused move puts the view back.
@MainActor
@Suite struct OwnerEditingTests {
    @Test func withoutHandlers_nothingIsEditableOrMovable() async {
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "Ada"), nameRow("b", "Bob")])])
        let path = ItemPath(section: 0, item: 0)
        #expect(!owner.canEditItem(at: path) && !owner.canMoveItem(at: path))
        #expect(!view.userDeletes(path))
        #expect(!view.userMoves(from: path, to: ItemPath(section: 0, item: 1)))
        #expect(texts(view) == [["Ada", "Bob"]])
    }

    @Test func rowDeleteHandler_receivesTheDelete_andTheRenderAnimatesIt() async {
        let (owner, view) = makeOwner()
        var names = ["Ada", "Bob"]
        func render() async {
            let rows = names.map { name in
                nameRow(name, name, actions: RowActions(onDelete: { names.removeAll { $0 == name } }))
            }
            await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: rows)])
        }
        await render()
        #expect(view.userDeletes(ItemPath(section: 0, item: 0)))
        #expect(names == ["Bob"])
        await render()
        #expect(texts(view) == [["Bob"]])
        #expect(view.batches.last?.update.itemDeletes == [ItemPath(section: 0, item: 0)])
        #expect(view.problems == [])
    }

    @Test func ownerDeleteHandler_makesRowsEditable_unlessCanEditSaysNo() async {
        let (owner, view) = makeOwner()
        var deleted: [String] = []
        owner.onDelete = { _, row in deleted.append(row.key) }
        owner.dataSource.canEditItem = { _, row in row.key != "locked" }
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "Ada"), nameRow("locked", "L")])])
        #expect(view.userDeletes(ItemPath(section: 0, item: 0)))
        #expect(!view.userDeletes(ItemPath(section: 0, item: 1)))
        #expect(deleted == ["a"])
    }

    @Test func refusedMove_restoresTheView() async {
        let (owner, view) = makeOwner()
        let refuse = RowActions(onMove: { _, _ in false })
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "Ada", actions: refuse), nameRow("b", "Bob")])])
        #expect(owner.canMoveItem(at: ItemPath(section: 0, item: 0)))
        #expect(!view.userMoves(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1)))
        #expect(view.restoredMoves == 1)
        #expect(texts(view) == [["Ada", "Bob"]])
        #expect(owner.dataSource.sections[0].rows.map(\.key) == ["a", "b"])
        #expect(view.problems == [])
    }

    @Test func acceptedMove_updatesTheModel_andTheNextRenderAgrees() async {
        let (owner, view) = makeOwner()
        var order = ["a", "b", "c"]
        owner.dataSource.didMoveItem = { move, _ in
            order.insert(order.remove(at: move.from.item), at: move.to.item)
        }
        func sections() -> [KeyedSection] { [KeyedSection(key: "s", rows: order.map { nameRow($0, $0.uppercased()) })] }
        await owner.renderer.renderAndWait(sections())
        #expect(view.userMoves(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2)))
        #expect(order == ["b", "c", "a"])
        #expect(texts(view) == [["B", "C", "A"]])
        let batches = view.batches.count
        await owner.renderer.renderAndWait(sections())
        #expect(view.batches.count == batches, "the model already matches: nothing to animate")
        #expect(view.problems == [])
    }

    @Test func moveRefusedByCanMoveItem_restores() async {
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: [nameRow("a", "A"), nameRow("b", "B")])])
        // The reorder control was shown, then the app changed its mind before the drop.
        #expect(owner.dataSource.applyInteractiveMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 5)) == false)
        #expect(!owner.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1)))
        #expect(view.restoredMoves == 1)
    }
}
