#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

extension ListController {
    /// The owner of `tableView`: sections become group rows (with `groupRows`) followed by their
    /// rows, and its `NSTableViewAdapter` becomes the table's data source and delegate. Keep the
    /// owner in a property (AppKit references both weakly); `render(_:)` is all you call.
    public convenience init(
        tableView: NSTableView, groupRows: Bool = true, dataSource: SectionedDataSource<Section> = SectionedDataSource(),
        options: RenderOptions = RenderOptions(),
        presentation: @escaping @MainActor (Section.Row) -> RowPresentation,
        supplementary: @escaping @MainActor (Section, ListElement) -> Supplementary? = ListController.titles
    ) {
        self.init(
            host: FlatTableHost(view: NSTableViewAdapter(tableView), groupRows: groupRows), dataSource: dataSource,
            options: options, presentation: presentation, supplementary: supplementary)
    }

    /// The owner of `collectionView`, as ``init(tableView:groupRows:dataSource:options:presentation:supplementary:)``.
    public convenience init(
        collectionView: NSCollectionView, dataSource: SectionedDataSource<Section> = SectionedDataSource(),
        options: RenderOptions = RenderOptions(),
        presentation: @escaping @MainActor (Section.Row) -> RowPresentation,
        supplementary: @escaping @MainActor (Section, ListElement) -> Supplementary? = ListController.titles
    ) {
        self.init(
            host: NSCollectionViewTarget(collectionView), dataSource: dataSource, options: options,
            presentation: presentation, supplementary: supplementary)
    }
}

extension ListController where Section == KeyedSection {
    /// The owner of `tableView` for `KeyedSection`s: each row's own cell and actions, each
    /// section's header as its group row.
    public convenience init(
        tableView: NSTableView, groupRows: Bool = true, dataSource: SectionedDataSource<KeyedSection> = SectionedDataSource(),
        options: RenderOptions = RenderOptions()
    ) {
        self.init(host: FlatTableHost(view: NSTableViewAdapter(tableView), groupRows: groupRows), dataSource: dataSource, options: options)
    }

    /// The owner of `collectionView` for `KeyedSection`s.
    public convenience init(
        collectionView: NSCollectionView, dataSource: SectionedDataSource<KeyedSection> = SectionedDataSource(),
        options: RenderOptions = RenderOptions()
    ) {
        self.init(host: NSCollectionViewTarget(collectionView), dataSource: dataSource, options: options)
    }
}
#endif
