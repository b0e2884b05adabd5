#if canImport(AppKit) && !targetEnvironment(macCatalyst)
// README: begin macos-table
import AppKit
import RowDiffUIKit

struct Note: Sendable {
    var id: String
    var title: String
}

/// What a note's row shows; its `==` decides whether the row is reloaded.
struct NoteState: Equatable, Sendable {
    var title: String
}

/// A cell view made in code: RowDiff creates it from its type with `init(frame:)` and the table
/// reuses it by its identifier. No `register` call, no identifier to spell.
final class NoteCell: NSTableCellView, ReusableView {
    override init(frame frameRect: NSRect) {
        super.init(frame: frameRect)
        let label = NSTextField(labelWithString: "")
        label.translatesAutoresizingMaskIntoConstraints = false
        addSubview(label)
        textField = label
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 4),
            label.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor, constant: -4),
            label.centerYAnchor.constraint(equalTo: centerYAnchor),
        ])
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

final class NotesViewController: NSViewController {
    private let tableView = NSTableView()
    /// The table's one owner: data source, delegate and renderer. Keep it in a property.
    private lazy var list = ListController<KeyedSection>(tableView: tableView)
    private let titles = ["Pinned", "Notes"]
    /// One list of notes per section: "Pinned", then the others.
    private var notes: [[Note]] = [
        [Note(id: "plan", title: "Release plan")],
        [Note(id: "groceries", title: "Groceries"), Note(id: "ideas", title: "Ideas")],
    ]

    override func loadView() {
        tableView.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier(rawValue: "note")))
        tableView.headerView = nil
        let scrollView = NSScrollView()
        scrollView.documentView = tableView
        scrollView.hasVerticalScroller = true
        view = scrollView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // Drag reorder: the table already shows the move; mirror it in the state you render from.
        list.dataSource.didMoveItem = { [weak self] move, _ in
            guard let self else { return }
            let note = notes[move.from.section].remove(at: move.from.item)
            notes[move.to.section].insert(note, at: move.to.item)
        }
        render()
    }

    private func render() {
        let sections = notes.enumerated().map { index, sectionNotes in
            // Each section's title is its group row.
            KeyedSection(key: titles[index], rows: sectionNotes.map { row($0) }, headerTitle: titles[index])
        }
        list.render(sections)
    }

    private func row(_ note: Note) -> KeyedRow {
        KeyedRow(
            key: note.id, cell: NoteCell.self, state: NoteState(title: note.title),
            actions: RowActions(
                onSelect: { .staysSelected },
                leadingSwipe: SwipeActions([
                    SwipeAction(title: "Pin") { [weak self] done in
                        self?.pin(note.id)
                        done(true)
                    }
                ]),
                onDelete: { [weak self] in self?.delete(note.id) }) // a trailing "Delete" row action
        ) { cell, state in
            cell.textField?.stringValue = state.title
        }
    }

    private func pin(_ id: String) {
        guard let index = notes[1].firstIndex(where: { $0.id == id }) else { return }
        notes[0].append(notes[1].remove(at: index))
        render() // one animated move, into the "Pinned" group
    }

    private func delete(_ id: String) {
        notes = notes.map { $0.filter { $0.id != id } }
        render() // one animated removal
    }
}
// README: end macos-table
#endif
