#if canImport(UIKit) && !os(watchOS)
import UIKit

extension ListController {
    /// The owner of `tableView`: it becomes the table's data source and delegate. Keep it in a
    /// property (UIKit references both weakly); `render(_:)` is all you call.
    public convenience init(
        tableView: UITableView, dataSource: SectionedDataSource<Section> = SectionedDataSource(),
        options: RenderOptions = RenderOptions(),
        presentation: @escaping @MainActor (Section.Row) -> RowPresentation,
        supplementary: @escaping @MainActor (Section, ListElement) -> Supplementary? = ListController.titles
    ) {
        self.init(
            host: TableViewTarget(tableView), dataSource: dataSource, options: options,
            presentation: presentation, supplementary: supplementary)
    }

    /// The owner of `collectionView`, as ``init(tableView:dataSource:options:presentation:supplementary:)``.
    public convenience init(
        collectionView: UICollectionView, dataSource: SectionedDataSource<Section> = SectionedDataSource(),
        options: RenderOptions = RenderOptions(),
        presentation: @escaping @MainActor (Section.Row) -> RowPresentation,
        supplementary: @escaping @MainActor (Section, ListElement) -> Supplementary? = ListController.titles
    ) {
        self.init(
            host: CollectionViewTarget(collectionView), dataSource: dataSource, options: options,
            presentation: presentation, supplementary: supplementary)
    }
}

extension ListController {
    /// The app's own `UITableViewDelegate` when the owner shows a table: it receives every delegate
    /// and scroll-view call the owner does not answer (`scrollViewDidScroll`, display, drag and
    /// drop, …). A delegate the table had before the owner took it is kept here.
    public var tableViewDelegate: (any UITableViewDelegate)? {
        get { (host as? TableViewTarget)?.delegate }
        set { (host as? TableViewTarget)?.delegate = newValue }
    }

    /// The app's own `UICollectionViewDelegate` (flow-layout delegate included) when the owner
    /// shows a collection view, as ``tableViewDelegate``.
    public var collectionViewDelegate: (any UICollectionViewDelegate)? {
        get { (host as? CollectionViewTarget)?.delegate }
        set { (host as? CollectionViewTarget)?.delegate = newValue }
    }
}

extension ListController where Section == KeyedSection {
    /// The owner of `tableView` for `KeyedSection`s: each row's own cell and actions, each
    /// section's own header and footer.
    public convenience init(
        tableView: UITableView, dataSource: SectionedDataSource<KeyedSection> = SectionedDataSource(),
        options: RenderOptions = RenderOptions()
    ) {
        self.init(host: TableViewTarget(tableView), dataSource: dataSource, options: options)
    }

    /// The owner of `collectionView` for `KeyedSection`s.
    public convenience init(
        collectionView: UICollectionView, dataSource: SectionedDataSource<KeyedSection> = SectionedDataSource(),
        options: RenderOptions = RenderOptions()
    ) {
        self.init(host: CollectionViewTarget(collectionView), dataSource: dataSource, options: options)
    }
}
#endif

#if canImport(UIKit) && os(iOS)
extension ListController {
    /// The rows' swipe actions for a collection view with a list layout (collection views have
    /// no swipe delegate method): assign it to `UICollectionLayoutListConfiguration`'s
    /// `leadingSwipeActionsConfigurationProvider` / `trailingSwipeActionsConfigurationProvider`.
    /// It holds the owner weakly.
    public func swipeActionsProvider(_ edge: SwipeEdge) -> UICollectionLayoutListConfiguration.SwipeActionsConfigurationProvider {
        { [weak self] indexPath in
            MainActor.assumeIsolated { self?.swipeActions(edge, at: ItemPath(indexPath))?.configuration }
        }
    }
}
#endif
