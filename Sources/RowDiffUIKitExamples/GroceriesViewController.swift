#if canImport(UIKit) && !os(watchOS)
// README: begin diffable-table
import RowDiffUIKit
import UIKit

/// Was `UITableViewDiffableDataSource<String, String>`: only the base class's name changed.
final class GroceriesDataSource: TableViewDiffableDataSource<String, String> {
    /// Called with the item the user deleted.
    var onDelete: ((String) -> Void)?
    /// Called with the snapshot a user's move made.
    var onMove: ((DiffableDataSourceSnapshot<String, String>) -> Void)?

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        sectionIdentifier(for: section)
    }

    override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }

    override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete, let item = itemIdentifier(for: indexPath) else { return }
        onDelete?(item)
    }

    override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

    override func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        super.tableView(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath) // updates snapshot()
        onMove?(snapshot())
    }
}

final class GroceriesViewController: UITableViewController {
    private var aisles: [(name: String, items: [String])] = [
        ("Fruit", ["Apples", "Pears"]),
        ("Bakery", ["Bread", "Bagels"]),
    ]
    /// Was `UITableViewDiffableDataSource(tableView:cellProvider:)`. Keep it in a property.
    private lazy var dataSource = GroceriesDataSource(tableView: tableView) { tableView, indexPath, item in
        let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
        cell.textLabel?.text = item
        return cell
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "item")
        dataSource.defaultRowAnimation = .fade
        dataSource.onDelete = { [weak self] item in self?.remove(item) }
        dataSource.onMove = { [weak self] snapshot in
            self?.aisles = snapshot.sectionIdentifiers.map { (name: $0, items: snapshot.itemIdentifiers(inSection: $0)) }
        }
        applySnapshot()
    }

    private func applySnapshot() {
        // Was `NSDiffableDataSourceSnapshot<String, String>`.
        var snapshot = DiffableDataSourceSnapshot<String, String>()
        for aisle in aisles {
            snapshot.appendSections([aisle.name])
            snapshot.appendItems(aisle.items, toSection: aisle.name)
        }
        dataSource.apply(snapshot) // returns at once: the diff runs off the main thread
    }

    private func remove(_ item: String) {
        for index in aisles.indices { aisles[index].items.removeAll { $0 == item } }
        applySnapshot()
    }
}
// README: end diffable-table
#endif
