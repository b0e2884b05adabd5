#if canImport(UIKit) && !os(watchOS)
// README: begin ios-table
import RowDiffUIKit
import UIKit

struct Contact: Sendable {
    var id: String
    var name: String
    var unread: Int
}

/// What a contact cell shows; its `==` decides whether the cell is reconfigured.
struct ContactState: Equatable, Sendable {
    var name: String
    var unread: Int
}

/// Registered from its type before its first dequeue: no `register` call, no identifier to spell.
final class ContactCell: UITableViewCell, ReusableView {
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

final class ContactsViewController: UITableViewController {
    /// The table's one owner: data source, delegate and renderer. Keep it in a property.
    private lazy var list = ListController<KeyedSection>(tableView: tableView)
    private var contacts = [
        Contact(id: "ada", name: "Ada Lovelace", unread: 2),
        Contact(id: "grace", name: "Grace Hopper", unread: 0),
        Contact(id: "linus", name: "Linus Torvalds", unread: 5),
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        list.animations = TableAnimations(insert: .fade, delete: .left, reload: .automatic)
        render()
    }

    private func render() {
        let rows = contacts.map { contact in
            KeyedRow(
                key: contact.id, cell: ContactCell.self,
                state: ContactState(name: contact.name, unread: contact.unread),
                actions: RowActions(
                    onSelect: { [weak self] in
                        self?.markRead(contact.id)
                        return .deselects
                    },
                    onDelete: { [weak self] in self?.delete(contact.id) }) // swipe to delete
            ) { cell, state in
                cell.textLabel?.text = state.name
                cell.detailTextLabel?.text = state.unread > 0 ? "\(state.unread) unread" : nil
            }
        }
        list.render([KeyedSection(key: "contacts", rows: rows, headerTitle: "Contacts")])
    }

    private func markRead(_ id: String) {
        guard let index = contacts.firstIndex(where: { $0.id == id }) else { return }
        contacts[index].unread = 0
        render() // one reconfigure: only that row's state changed
    }

    private func delete(_ id: String) {
        contacts.removeAll { $0.id == id }
        render() // one animated delete
    }
}
// README: end ios-table
#endif
