#if canImport(UIKit) && !os(watchOS)
import UIKit

/// UIKit's `UICollectionViewDiffableDataSource` on RowDiff's engine, with the same initializer and
/// members: migrating is a rename (see Sources/RowDiffDataSources/Documentation.docc/Diffable.md, "Data sources").
///
/// It becomes the collection view's data source and translates each call to a
/// `DiffableDataSourceCore`, which holds the logic (tested on every platform with the stand-in
/// views); a `CollectionViewTarget` without an owner applies the batches.
///
/// Unlike UIKit's, `apply` returns before the view shows the snapshot: the diff runs off the main
/// thread. `snapshot()` and `snapshot(for:)` answer with the last snapshot applied at once; the
/// lookups answer for what the view shows, so they reflect a snapshot once its completion has
/// run (or the `async` apply has returned).
///
/// Outlines: UIKit's own outline disclosure expands and collapses through its private link with
/// its diffable data source, which this class cannot use. Give the disclosure an action that calls
/// `toggleExpansion(of:)` (`UICellAccessory.outlineDisclosure(options:actionHandler:)`); it goes
/// through `sectionSnapshotHandlers` as a tap does in UIKit.
///
/// - Complexity: see `DiffableDataSourceCore`: O(1) on the main thread per apply (plus kept
///   outlines), the rows made and diffed off it; lookups O(1).
@MainActor
open class CollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject, UICollectionViewDataSource
{
    /// Configures and returns the cell for an item (dequeue it from the collection view).
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    /// Configures and returns a supplementary view of a kind (dequeue it from the collection view).
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?
    /// UIKit's `ReorderingHandlers`.
    public typealias ReorderingHandlers = DiffableReorderingHandlers<SectionIdentifierType, ItemIdentifierType>
    /// UIKit's `SectionSnapshotHandlers`.
    public typealias SectionSnapshotHandlers<Item: Hashable & Sendable> = DiffableSectionSnapshotHandlers<Item>

    // Internal for the inlinable applies (the app's module specialises the rows they make).
    @usableFromInline let core: DiffableDataSourceCore<SectionIdentifierType, ItemIdentifierType>
    private let target: CollectionViewTarget
    private let cellProvider: CellProvider
    /// Identifiers of the empty views registered for a provider that returned nil.
    private var plainIdentifiers: Set<String> = []

    /// Makes headers, footers and the layout's other supplementary views; nil: empty views.
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// Handlers for the user's reorders; without `canReorderItem` nothing can be reordered.
    public var reorderingHandlers: ReorderingHandlers {
        get { core.reorderingHandlers }
        set { core.reorderingHandlers = newValue }
    }

    /// Handlers for expanding and collapsing items (see `toggleExpansion(of:)`).
    public var sectionSnapshotHandlers: SectionSnapshotHandlers<ItemIdentifierType> {
        get { core.sectionSnapshotHandlers }
        set { core.sectionSnapshotHandlers = newValue }
    }

    /// A data source for `collectionView`, which it becomes the `dataSource` of (UIKit holds it
    /// weakly: keep it in a property). `cellProvider` makes each cell.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        let target = CollectionViewTarget(collectionView)
        self.target = target
        self.cellProvider = cellProvider
        core = DiffableDataSourceCore(target: target)
        super.init()
        collectionView.dataSource = self
    }

    // MARK: Snapshots

    /// Shows `snapshot`, animating the differences (with `animatingDifferences` false, the view
    /// reloads). Returns at once; `completion` runs once the view shows it.
    @inlinable
    public func apply(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil
    ) {
        core.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Shows `snapshot` and returns once the view shows it.
    @inlinable
    public func apply(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true
    ) async {
        await core.apply(snapshot, animatingDifferences: animatingDifferences)
    }

    /// Shows `snapshot` by reloading the view.
    @inlinable
    public func applySnapshotUsingReloadData(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        completion: (@MainActor () -> Void)? = nil
    ) {
        core.applySnapshotUsingReloadData(snapshot, completion: completion)
    }

    /// Reloads the view with `snapshot` and returns once it shows it.
    @inlinable
    public func applySnapshotUsingReloadData(_ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) async {
        await core.applySnapshotUsingReloadData(snapshot)
    }

    /// The last snapshot applied (or made by a reorder or an expansion), without reload or
    /// reconfigure marks.
    /// - Complexity: O(1).
    public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { core.snapshot() }

    /// Shows `snapshot` in `section`: the section's items become its visible items.
    public func apply(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
        animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil
    ) {
        core.apply(snapshot, to: section, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Shows `snapshot` in `section` and returns once the view shows it.
    public func apply(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
        animatingDifferences: Bool = true
    ) async {
        await core.apply(snapshot, to: section, animatingDifferences: animatingDifferences)
    }

    /// The outline last applied to `section` while the section shows it; otherwise its items
    /// as a flat outline.
    public func snapshot(for section: SectionIdentifierType) -> DiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        core.snapshot(for: section)
    }

    /// Expands or collapses `item` as a tap on its outline disclosure does in UIKit, through
    /// `sectionSnapshotHandlers`. Returns whether anything changed.
    @discardableResult
    public func toggleExpansion(of item: ItemIdentifierType, animatingDifferences: Bool = true) -> Bool {
        core.toggleExpansion(of: item, animatingDifferences: animatingDifferences)
    }

    /// Expands `item` through `sectionSnapshotHandlers`. Returns whether anything changed.
    @discardableResult
    public func expand(_ item: ItemIdentifierType, animatingDifferences: Bool = true) -> Bool {
        core.expand(item, animatingDifferences: animatingDifferences)
    }

    /// Collapses `item` through `sectionSnapshotHandlers`. Returns whether anything changed.
    @discardableResult
    public func collapse(_ item: ItemIdentifierType, animatingDifferences: Bool = true) -> Bool {
        core.collapse(item, animatingDifferences: animatingDifferences)
    }

    // MARK: Lookups (what the view shows)

    /// The item the view shows at `indexPath`, or nil.
    /// - Complexity: O(1).
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { core.itemIdentifier(for: ItemPath(indexPath)) }

    /// Where the view shows `identifier`, or nil.
    /// - Complexity: O(1) expected.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        core.indexPath(for: itemIdentifier).map(IndexPath.init(collectionItem:))
    }

    /// The section the view shows at `index`, or nil.
    /// - Complexity: O(1).
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? { core.sectionIdentifier(for: index) }

    /// Where the view shows the section `sectionIdentifier`, or nil.
    /// - Complexity: O(1) expected.
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? { core.index(for: sectionIdentifier) }

    // MARK: UICollectionViewDataSource

    open func numberOfSections(in collectionView: UICollectionView) -> Int { core.numberOfSections }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        core.numberOfItems(in: section)
    }

    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        if let item = core.itemIdentifier(for: ItemPath(indexPath)), let cell = cellProvider(collectionView, indexPath, item) {
            return cell
        }
        // The provider returned nil: UIKit needs a dequeued cell anyway, and this one shows nothing.
        let identifier = ViewRegistration.plainReuseIdentifier(.cell)
        if plainIdentifiers.insert(identifier).inserted {
            collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: identifier)
        }
        return collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
    }

    open func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        if let view = supplementaryViewProvider?(collectionView, kind, indexPath) { return view }
        // No provider, or it returned nil: UIKit needs a dequeued view of the kind anyway.
        let identifier = "RowDiff.Plain." + kind
        if plainIdentifiers.insert(identifier).inserted {
            collectionView.register(UICollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
        }
        return collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: identifier, for: indexPath)
    }

    /// What `reorderingHandlers.canReorderItem` says; false without it.
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        core.canReorderItem(at: ItemPath(indexPath))
    }

    /// Applies the user's move: `willReorder`, the data source and `snapshot()` updated,
    /// `didReorder`. A move that cannot be applied makes the view reload what the data source has.
    open func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
    {
        let source = ItemPath(sourceIndexPath), destination = ItemPath(destinationIndexPath)
        if !core.moveItem(from: source, to: destination) { target.restoreAfterRefusedMove(from: source, to: destination) }
    }

    /// No index by default.
    open func indexTitles(for collectionView: UICollectionView) -> [String]? { nil }

    /// The first item of the section at the entry's position, within range, by default.
    open func collectionView(_ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int) -> IndexPath {
        IndexPath(item: 0, section: min(max(index, 0), max(core.numberOfSections - 1, 0)))
    }
}
#endif
