import Testing
import RowDiffDataSources
import RowDiffTesting

// Each seed library's README usage, written with RowDiff and run on the stand-ins.

/// FunctionalTableData: rows of typed cells with a state, an updater and actions, `renderAndDiff`.
final class LabelCell: StandInView, ReusableView {
    var label: String?
}

struct LabelState: Equatable, Sendable {
    var text: String
}

@MainActor
@Suite struct SeedPortsTests {
    @Test func functionalTableData_renderAndDiff() async {
        let table = StandInTableView()
        let functionalData = ListController<KeyedSection>(host: table)
        var selected: [String] = []
        func render(_ items: [String]) {
            let rows = items.map { item in
                KeyedRow(
                    key: "id-\(item)", cell: LabelCell.self, state: LabelState(text: item),
                    actions: RowActions(onSelect: {
                        selected.append(item)
                        return .staysSelected
                    })
                ) { cell, state in
                    cell.label = state.text
                }
            }
            functionalData.renderAndDiff([KeyedSection(key: "section", rows: rows)])
        }
        render(["Apple", "Banana"])
        await functionalData.renderer.waitUntilIdle()
        render(["Cherry", "Banana", "Apple"])
        await functionalData.renderer.waitUntilIdle()
        #expect(table.cells[0].map { ($0 as? LabelCell)?.label } == ["Cherry", "Banana", "Apple"])
        table.userTaps(ItemPath(section: 0, item: 1))
        #expect(selected == ["Banana"])
        #expect(table.selectedPaths == [ItemPath(section: 0, item: 1)])
        #expect(table.problems == [])
    }

    /// RxDataSources: animatable section models with titles, an animation configuration, editing,
    /// moving and deleting (its `itemMoved` / `itemDeleted` events become handlers).
    @Test func rxDataSources_animatedSections() async {
        typealias Section = AnimatableSectionModel<String, Message>
        let table = StandInTableView()
        let list = ListController<Section>(
            host: table,
            presentation: { message in
                RowPresentation(cell: NameCell.self, state: NameState(name: message.text)) { cell, state in cell.text = state.name }
            })
        list.animations = TableAnimations(insert: .fade, delete: .left, reload: .automatic)
        var sections = [
            Section(model: "Today", items: [Message(id: 1, text: "hi"), Message(id: 2, text: "lunch?")]),
            Section(model: "Yesterday", items: [Message(id: 3, text: "old")]),
        ]
        list.dataSource.canEditItem = { _, _ in true }
        list.dataSource.canMoveItem = { _, message in message.id != 3 }
        list.dataSource.didMoveItem = { move, message in
            sections[move.from.section].items.remove(at: move.from.item)
            sections[move.to.section].items.insert(message, at: move.to.item)
        }
        list.onDelete = { path, _ in sections[path.section].items.remove(at: path.item) }

        await list.renderer.renderAndWait(sections)
        #expect(table.titles.map(\.header) == ["Today", "Yesterday"])
        // Move "lunch?" to yesterday, delete "hi", then a new message arrives.
        #expect(table.userMoves(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 0)))
        #expect(!table.userMoves(from: ItemPath(section: 1, item: 1), to: ItemPath(section: 0, item: 0)), "id 3 is not movable")
        #expect(table.userDeletes(ItemPath(section: 0, item: 0)))
        sections[0].items.append(Message(id: 4, text: "new"))
        await list.renderer.renderAndWait(sections)
        #expect(table.cells.map { $0.map { ($0 as? NameCell)?.text } } == [["new"], ["lunch?", "old"]])
        #expect(table.batches.last?.animations.rows.insert == .fade)
        #expect(table.problems == [])
    }

    /// CellKit: class, nib and storyboard-prototype cells that configure themselves, registered
    /// from their types.
    @Test func cellKit_classNibAndPrototypeCells() async {
        let table = StandInTableView()
        table.nibs["NibCell"] = NibCell.self // NibCell.xib in the app bundle
        table.prototypes["Prototype"] = PrototypeCell.self // a prototype cell in the storyboard
        let dataSource = ListController<KeyedSection>(host: table)
        await dataSource.renderer.renderAndWait([
            KeyedSection(
                key: "cells",
                rows: [
                    KeyedRow(key: "class", cell: BadgeCell.self, state: 7),
                    KeyedRow(key: "nib", cell: NibCell.self, state: "from a nib"),
                    KeyedRow(key: "prototype", cell: PrototypeCell.self, state: "from the storyboard"),
                ])
        ])
        #expect((table.cells[0][0] as? BadgeCell)?.badge == 7)
        #expect((table.cells[0][1] as? NibCell)?.text == "from a nib")
        #expect((table.cells[0][2] as? PrototypeCell)?.text == "from the storyboard")
        #expect(table.dequeueFailures == [] && table.problems == [])
    }

    /// ezcater's DataSource: a UI driven only by the read protocol and the change callback.
    @Test func ezcaterDataSource_readProtocol() async {
        let collection = StandInCollectionView()
        let list = ListController<MessageSection>(
            host: collection,
            presentation: { message in
                RowPresentation(cell: NameCell.self, state: NameState(name: message.text)) { cell, state in cell.text = state.name }
            })
        var changes: [String] = []
        list.dataSource.onChange = { change in
            switch change {
            case .staged(let stages): changes.append("staged \(stages.count)")
            case .reloadAll: changes.append("reloadAll")
            }
        }
        await list.renderer.renderAndWait([SectionModel(model: "Inbox", items: [Message(id: 1, text: "hi")])])
        await list.renderer.renderAndWait([SectionModel(model: "Inbox", items: [Message(id: 1, text: "hi"), Message(id: 2, text: "yo")])])
        #expect(lines(of: list.dataSource) == ["# Inbox", "hi", "yo"])
        #expect(changes == ["reloadAll", "staged 1"])
        #expect(collection.problems == [])
    }
}
