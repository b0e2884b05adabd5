import RowDiffValidation

/// A diffable data source for any `ListViewHost`: what `UITableViewDiffableDataSource` and
/// `UICollectionViewDiffableDataSource` are to UIKit, in platform-independent terms. The view asks
/// it what it asks its data source (counts, cells, headers, editing, moves); it answers from a
/// `DiffableDataSourceCore` and a cell provider. It drives the stand-in views in tests the way
/// RowDiffUIKit's `TableViewDiffableDataSource` / `CollectionViewDiffableDataSource` drive UIKit's.
///
/// ```swift
/// let view = StandInTableView()
/// view.register(ViewRegistration(ItemCell.self, for: .cell))
/// let source = DiffableListSource<String, Int>(host: view) { host, path, item in
///     let cell = host.dequeueView(.cell, reuseIdentifier: ItemCell.reuseIdentifier, at: path) as? ItemCell
///     cell?.item = item
///     return cell
/// }
/// await source.core.apply(snapshot)
/// ```
///
/// Keep it in a property: the view holds its source weakly, as UIKit's `dataSource`.
///
/// Defaults are those of UIKit's diffable data sources: no header or footer titles, no section
/// index, no row editable; a table row moves only when a subclass says so (`canMoveItem(at:)`), a
/// collection item when `core.reorderingHandlers.canReorderItem` allows it. Subclass and override
/// the `open` members, as apps subclass UIKit's classes.
@MainActor
open class DiffableListSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: ListViewSource {
    /// Makes the cell for `item` at `path`, dequeued from `host` (UIKit's `cellProvider`).
    public typealias CellProvider = (_ host: any ListViewHost, _ path: ItemPath, _ item: ItemIdentifierType) -> AnyObject?
    /// Makes `element`'s view of section `path.section` (path item 0), dequeued from `host`;
    /// nil: none (UIKit's `supplementaryViewProvider`).
    public typealias SupplementaryViewProvider = (_ host: any ListViewHost, _ element: ListElement, _ path: ItemPath) -> AnyObject?
    typealias Section = DiffableSnapshotSection<SectionIdentifierType, ItemIdentifierType>

    /// Snapshots, lookups, reorders and outlines.
    public let core: DiffableDataSourceCore<SectionIdentifierType, ItemIdentifierType>
    /// The view.
    public let host: any ListViewHost
    /// The cell provider.
    public let cellProvider: CellProvider
    /// The header and footer provider; nil: no header or footer views.
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// The row each cell was last configured with, and the section each header or footer view
    /// was made for, by view: what `isShowingCurrentContent` compares with the data. One entry per
    /// view the host made (views are reused, so this stays as small as the host's pool).
    private var configuredRows: [ObjectIdentifier: DiffableSnapshotRow<ItemIdentifierType>] = [:]
    private var configuredSections: [ObjectIdentifier: Section] = [:]

    /// A data source for `host`, which it becomes the source of.
    /// - Complexity: O(1).
    public init(host: any ListViewHost, options: RenderOptions = RenderOptions(), cellProvider: @escaping CellProvider) {
        self.host = host
        self.cellProvider = cellProvider
        core = DiffableDataSourceCore(target: host, options: options)
        host.source = self
    }

    // MARK: Counts and views

    /// - Complexity: O(1).
    public var numberOfSections: Int { core.numberOfSections }

    /// - Complexity: O(1).
    public func numberOfItems(in section: Int) -> Int { core.numberOfItems(in: section) }

    /// The cell provider's cell for the item at `path`; nil for a path out of range.
    /// - Complexity: O(1) plus the provider.
    public func cell(at path: ItemPath) -> AnyObject? {
        guard let item = core.itemIdentifier(for: path), let cell = cellProvider(host, path, item) else { return nil }
        configuredRows[ObjectIdentifier(cell)] = core.dataSource.item(at: path)
        return cell
    }

    /// The supplementary view provider's view; nil for cells, sections out of range, or without a
    /// provider.
    /// - Complexity: O(1) plus the provider.
    public func supplementaryView(_ element: ListElement, in section: Int) -> AnyObject? {
        guard element != .cell, section >= 0, section < core.numberOfSections, let provider = supplementaryViewProvider,
            let view = provider(host, element, ItemPath(section: section, item: 0))
        else { return nil }
        configuredSections[ObjectIdentifier(view)] = core.dataSource.section(at: section)
        return view
    }

    /// Whether `view` was last configured for the item (or section) now at `path`, with no mark
    /// applied to it since.
    /// - Complexity: O(1).
    public func isShowingCurrentContent(_ view: AnyObject, for element: ListElement, at path: ItemPath) -> Bool {
        switch element {
        case .cell:
            guard core.dataSource.contains(path), let shown = configuredRows[ObjectIdentifier(view)] else { return false }
            let current = core.dataSource.item(at: path)
            return shown.identifier == current.identifier && shown.isContentEqual(to: current)
        case .header, .footer:
            guard path.section >= 0, path.section < core.numberOfSections, let shown = configuredSections[ObjectIdentifier(view)]
            else { return false }
            let current = core.dataSource.section(at: path.section)
            return shown.identifier == current.identifier && shown.isContentEqual(to: current)
        }
    }

    /// What the validator sees: section and item identifiers.
    /// - Complexity: O(S + n).
    public func validationSnapshot() -> ValidationSnapshot {
        ValidationSnapshot(sections: core.dataSource.sections.map(Section.describe))
    }

    // MARK: What a subclass may override (UIKit's data-source methods)

    /// The header or footer title of `section`; nil (the default): none.
    open func title(for element: ListElement, in section: Int) -> String? { nil }

    /// The section index titles; nil (the default): no index.
    open func sectionIndexTitles() -> [String]? { nil }

    /// The section an index entry scrolls to; by default the entry's position, within range.
    open func section(forSectionIndexAt index: Int) -> Int? {
        guard core.numberOfSections > 0 else { return nil }
        return min(max(index, 0), core.numberOfSections - 1)
    }

    /// Whether the row is editable; false by default (UIKit's diffable table data source too).
    open func canEditItem(at path: ItemPath) -> Bool { false }

    /// The user deleted the row; nothing by default: apply a snapshot without the item.
    open func commitDelete(at path: ItemPath) {}

    /// Whether the row can be moved: for a collection view, what
    /// `core.reorderingHandlers.canReorderItem` says; for a table, false (override it).
    open func canMoveItem(at path: ItemPath) -> Bool {
        host.listKind == .collectionView ? core.canReorderItem(at: path) : false
    }

    /// The user moved a row: `core.moveItem(from:to:)` applies it (with the reordering
    /// handlers); when it refuses, the view is restored.
    @discardableResult
    open func moveItem(from source: ItemPath, to destination: ItemPath) -> Bool {
        if core.moveItem(from: source, to: destination) { return true }
        host.restoreAfterRefusedMove(from: source, to: destination)
        return false
    }

    // Delegate questions a data source does not answer: the view's defaults.

    /// True: every row highlights.
    open func shouldHighlightItem(at path: ItemPath) -> Bool { true }
    /// True: every row can be selected.
    open func shouldSelectItem(at path: ItemPath) -> Bool { true }
    /// Nothing.
    open func didSelectItem(at path: ItemPath) {}
    /// Nothing.
    open func didDeselectItem(at path: ItemPath) {}
    /// None.
    open func swipeActions(_ edge: SwipeEdge, at path: ItemPath) -> SwipeActions? { nil }
    /// None.
    open func contextMenu(at path: ItemPath) -> ContextMenu? { nil }
    /// Automatic.
    public func height(at path: ItemPath) -> Double? { nil }
    /// Automatic.
    public func estimatedHeight(at path: ItemPath) -> Double? { nil }
    /// False: the view sizes rows itself.
    public var hasExplicitRowHeights: Bool { false }
}
