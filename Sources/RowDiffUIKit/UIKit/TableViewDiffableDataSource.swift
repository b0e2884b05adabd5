#if canImport(UIKit) && !os(watchOS)
import UIKit

/// UIKit's `UITableViewDiffableDataSource` on RowDiff's engine, with the same initializer and
/// members: migrating is a rename (see Sources/RowDiffDataSources/Documentation.docc/Diffable.md, "Data sources").
///
/// It becomes the table's data source and translates each call to a `DiffableDataSourceCore`,
/// which holds the logic (tested on every platform with the stand-in views); a `TableViewTarget`
/// without an owner applies the batches.
///
/// Unlike UIKit's, `apply` returns before the table shows the snapshot: the diff runs off the
/// main thread. `snapshot()` answers with the last snapshot applied at once; `itemIdentifier(for:)`,
/// `indexPath(for:)`, `sectionIdentifier(for:)` and `index(for:)` answer for what the table shows,
/// so they reflect a snapshot once its completion has run (or the `async` apply has returned).
///
/// Subclass it and override the `UITableViewDataSource` methods, as with UIKit's class: rows are
/// neither editable nor movable, and sections have no titles and no index, until a subclass says
/// otherwise. The base `tableView(_:moveRowAt:to:)` applies the user's move to the data source
/// and to `snapshot()`.
///
/// - Complexity: see `DiffableDataSourceCore`: O(1) on the main thread per apply (plus kept
///   outlines), the rows made and diffed off it; lookups O(1).
@MainActor
open class TableViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject, UITableViewDataSource
{
    /// Configures and returns the cell for an item (dequeue it from the table).
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    // Internal for the inlinable applies (the app's module specialises the rows they make).
    @usableFromInline let core: DiffableDataSourceCore<SectionIdentifierType, ItemIdentifierType>
    private let target: TableViewTarget
    private let cellProvider: CellProvider
    /// Whether the empty cell used when the provider returns nil still has to be registered.
    private var needsPlainCellRegistration = true

    /// The animation of row and section inserts and deletes in the next applies; `.automatic` by
    /// default. Reloads keep `.automatic`.
    public var defaultRowAnimation: UITableView.RowAnimation = .automatic {
        didSet {
            let animation = RowAnimation(tableViewAnimation: defaultRowAnimation)
            let operations = TableAnimations.Operations(insert: animation, delete: animation, reload: .automatic)
            target.animations = TableAnimations(sections: operations, rows: operations)
        }
    }

    /// A data source for `tableView`, which it becomes the `dataSource` of (UIKit holds it weakly:
    /// keep it in a property). `cellProvider` makes each cell.
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        let target = TableViewTarget(tableView)
        self.target = target
        self.cellProvider = cellProvider
        core = DiffableDataSourceCore(target: target)
        super.init()
        tableView.dataSource = self
    }

    // MARK: Snapshots

    /// Shows `snapshot`, animating the differences (with `animatingDifferences` false, the table
    /// reloads). Returns at once; `completion` runs once the table shows it.
    @inlinable
    public func apply(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil
    ) {
        core.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Shows `snapshot` and returns once the table shows it.
    @inlinable
    public func apply(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true
    ) async {
        await core.apply(snapshot, animatingDifferences: animatingDifferences)
    }

    /// Shows `snapshot` by reloading the table.
    @inlinable
    public func applySnapshotUsingReloadData(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        completion: (@MainActor () -> Void)? = nil
    ) {
        core.applySnapshotUsingReloadData(snapshot, completion: completion)
    }

    /// Reloads the table with `snapshot` and returns once it shows it.
    @inlinable
    public func applySnapshotUsingReloadData(_ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) async {
        await core.applySnapshotUsingReloadData(snapshot)
    }

    /// The last snapshot applied (or made by the user's move), without reload or reconfigure marks.
    /// - Complexity: O(1).
    public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { core.snapshot() }

    // MARK: Lookups (what the table shows)

    /// The item the table shows at `indexPath`, or nil.
    /// - Complexity: O(1).
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { core.itemIdentifier(for: ItemPath(indexPath)) }

    /// Where the table shows `identifier`, or nil.
    /// - Complexity: O(1) expected.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        core.indexPath(for: itemIdentifier).map(IndexPath.init(tableRow:))
    }

    /// The section the table shows at `index`, or nil.
    /// - Complexity: O(1).
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? { core.sectionIdentifier(for: index) }

    /// Where the table shows the section `sectionIdentifier`, or nil.
    /// - Complexity: O(1) expected.
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? { core.index(for: sectionIdentifier) }

    // MARK: UITableViewDataSource

    open func numberOfSections(in tableView: UITableView) -> Int { core.numberOfSections }

    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { core.numberOfItems(in: section) }

    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if let item = core.itemIdentifier(for: ItemPath(indexPath)), let cell = cellProvider(tableView, indexPath, item) { return cell }
        // The provider returned nil: UIKit needs a cell anyway, and this one shows nothing.
        let identifier = ViewRegistration.plainReuseIdentifier(.cell)
        if needsPlainCellRegistration {
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: identifier)
            needsPlainCellRegistration = false
        }
        return tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
    }

    /// No title by default.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }

    /// No title by default.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }

    /// No row is editable by default, as in UIKit's diffable data source.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }

    /// Nothing by default: apply a snapshot without the deleted item.
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}

    /// No row is movable by default, as in UIKit's diffable data source.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }

    /// Applies the user's move to the data source and to `snapshot()`; a move that cannot be
    /// applied (a path out of range) makes the table reload what the data source has.
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        let source = ItemPath(sourceIndexPath), destination = ItemPath(destinationIndexPath)
        if !core.moveItem(from: source, to: destination) { target.restoreAfterRefusedMove(from: source, to: destination) }
    }

    #if os(iOS)
    /// No section index by default.
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }

    /// The section at the entry's position, within range, by default.
    open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        min(max(index, 0), max(core.numberOfSections - 1, 0))
    }
    #endif
}

extension RowAnimation {
    /// RowDiff's animation for UIKit's; animations UIKit adds later map to `.automatic`.
    init(tableViewAnimation animation: UITableView.RowAnimation) {
        switch animation {
        case .fade: self = .fade
        case .right: self = .right
        case .left: self = .left
        case .top: self = .top
        case .bottom: self = .bottom
        case .none: self = .none
        case .middle: self = .middle
        case .automatic: self = .automatic
        @unknown default: self = .automatic
        }
    }
}
#endif
