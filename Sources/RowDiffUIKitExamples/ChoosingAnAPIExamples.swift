#if canImport(UIKit) && !os(watchOS)
// The snippets of Sources/RowDiffDataSources/Documentation.docc/ChoosingAnAPI.md, compiled here
// (Tests/RowDiffDataSourcesTests/ChoosingAnAPITests.swift checks that each line is quoted).
import RowDiffUIKit
import UIKit

struct ChoosingRow: Identifiable, Equatable, Diffable {
    var id: Int
    var title: String
}

func choosingEngine(old: [ChoosingRow], new: [ChoosingRow]) -> StagedChangeset<FlatSection<ChoosingRow>> {
    let diff = ListDiff(from: old, to: new) // rows: Diffable (Identifiable & Equatable)
    let staged = StagedChangeset(diff) // batches UIKit accepts, each with its data
    return staged
}

@MainActor
final class ChoosingOwnerViewController: UITableViewController {
    struct ViewModel {
        let sections: AsyncStream<[KeyedSection]>
    }

    private lazy var list = ListController<KeyedSection>(tableView: tableView)

    func show(_ rows: [KeyedRow], viewModel: ViewModel) {
        list.render([KeyedSection(key: "contacts", rows: rows, headerTitle: "Contacts")])
        list.renderer.bind(viewModel.sections) // or: every state of a stream
    }
}

@MainActor
func choosingSnapshot(dataSource: TableViewDiffableDataSource<String, String>) {
    var snapshot = DiffableDataSourceSnapshot<String, String>() // was NSDiffableDataSourceSnapshot
    snapshot.appendSections(["Fruit"])
    snapshot.appendItems(["Apples", "Pears"], toSection: "Fruit")
    dataSource.apply(snapshot, animatingDifferences: true) // a TableViewDiffableDataSource
}
#endif
