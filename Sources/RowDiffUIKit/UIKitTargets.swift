#if canImport(UIKit)
import UIKit

extension BatchUpdate {
    /// The batch's row lists as `IndexPath`s, for UIKit.
    fileprivate static func indexPaths(_ paths: [ItemPath]) -> [IndexPath] {
        paths.map { IndexPath(item: $0.item, section: $0.section) }
    }
}

/// A `UITableView` as a renderer target: one `performBatchUpdates` per stage, data installed
/// first inside the block; reconfigure on iOS 15+, reload otherwise.
@MainActor
public final class TableViewTarget: BatchUpdating {
    public let tableView: UITableView
    /// Row animation for inserts, deletes and reloads.
    public var animation: UITableView.RowAnimation = .automatic

    public init(_ tableView: UITableView) { self.tableView = tableView }

    public var isVisible: Bool { tableView.window != nil }

    public var updateMode: UpdateMode {
        if #available(iOS 15.0, tvOS 15.0, *) { return .batches(reconfigures: true) }
        return .batches(reconfigures: false)
    }

    public func performBatchUpdates(
        _ update: BatchUpdate, installingData install: () -> Void, completion: @escaping @MainActor (Bool) -> Void
    ) {
        withoutActuallyEscaping(install) { install in
            tableView.performBatchUpdates({
                install()
                let view = tableView
                view.deleteSections(IndexSet(update.sectionDeletes), with: animation)
                view.insertSections(IndexSet(update.sectionInserts), with: animation)
                for move in update.sectionMoves { view.moveSection(move.from, toSection: move.to) }
                view.reloadSections(IndexSet(update.sectionReloads), with: animation)
                view.deleteRows(at: BatchUpdate.indexPaths(update.itemDeletes), with: animation)
                view.insertRows(at: BatchUpdate.indexPaths(update.itemInserts), with: animation)
                for move in update.itemMoves {
                    view.moveRow(at: IndexPath(row: move.from.item, section: move.from.section),
                                 to: IndexPath(row: move.to.item, section: move.to.section))
                }
                view.reloadRows(at: BatchUpdate.indexPaths(update.itemReloads), with: animation)
                if !update.itemReconfigures.isEmpty {
                    if #available(iOS 15.0, tvOS 15.0, *) {
                        view.reconfigureRows(at: BatchUpdate.indexPaths(update.itemReconfigures))
                    } else {
                        view.reloadRows(at: BatchUpdate.indexPaths(update.itemReconfigures), with: .none)
                    }
                }
            }, completion: { finished in MainActor.assumeIsolated { completion(finished) } })
        }
    }

    public func reloadData() { tableView.reloadData() }
}

/// A `UICollectionView` as a renderer target, as ``TableViewTarget``.
@MainActor
public final class CollectionViewTarget: BatchUpdating {
    public let collectionView: UICollectionView

    public init(_ collectionView: UICollectionView) { self.collectionView = collectionView }

    public var isVisible: Bool { collectionView.window != nil }

    public var updateMode: UpdateMode {
        if #available(iOS 15.0, tvOS 15.0, *) { return .batches(reconfigures: true) }
        return .batches(reconfigures: false)
    }

    public func performBatchUpdates(
        _ update: BatchUpdate, installingData install: () -> Void, completion: @escaping @MainActor (Bool) -> Void
    ) {
        withoutActuallyEscaping(install) { install in
            collectionView.performBatchUpdates({
                install()
                let view = collectionView
                view.deleteSections(IndexSet(update.sectionDeletes))
                view.insertSections(IndexSet(update.sectionInserts))
                for move in update.sectionMoves { view.moveSection(move.from, toSection: move.to) }
                view.reloadSections(IndexSet(update.sectionReloads))
                view.deleteItems(at: BatchUpdate.indexPaths(update.itemDeletes))
                view.insertItems(at: BatchUpdate.indexPaths(update.itemInserts))
                for move in update.itemMoves {
                    view.moveItem(at: IndexPath(item: move.from.item, section: move.from.section),
                                  to: IndexPath(item: move.to.item, section: move.to.section))
                }
                view.reloadItems(at: BatchUpdate.indexPaths(update.itemReloads))
                if !update.itemReconfigures.isEmpty {
                    if #available(iOS 15.0, tvOS 15.0, *) {
                        view.reconfigureItems(at: BatchUpdate.indexPaths(update.itemReconfigures))
                    } else {
                        view.reloadItems(at: BatchUpdate.indexPaths(update.itemReconfigures))
                    }
                }
            }, completion: { finished in MainActor.assumeIsolated { completion(finished) } })
        }
    }

    public func reloadData() { collectionView.reloadData() }
}

/// A `UITableViewDataSource` reading a `SectionedDataSource`: counts, titles, the editing hooks
/// and interactive moves. Cells come from `cellProvider` (dequeue with the row's reuse identifier).
@MainActor
public final class TableViewAdapter<Section: DiffableSection>: NSObject, UITableViewDataSource {
    public let dataSource: SectionedDataSource<Section>
    public var cellProvider: (UITableView, IndexPath, Section.Row) -> UITableViewCell

    public init(dataSource: SectionedDataSource<Section>,
                cellProvider: @escaping (UITableView, IndexPath, Section.Row) -> UITableViewCell) {
        self.dataSource = dataSource
        self.cellProvider = cellProvider
    }

    public func numberOfSections(in tableView: UITableView) -> Int { dataSource.numberOfSections }
    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        dataSource.numberOfItems(in: section)
    }
    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellProvider(tableView, indexPath, dataSource.item(at: ItemPath(section: indexPath.section, item: indexPath.row)))
    }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        dataSource.headerTitle(in: section)
    }
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        dataSource.footerTitle(in: section)
    }
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        dataSource.canEditItem(at: ItemPath(section: indexPath.section, item: indexPath.row))
    }
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        dataSource.canMoveItem(at: ItemPath(section: indexPath.section, item: indexPath.row))
    }
    public func tableView(_ tableView: UITableView, moveRowAt source: IndexPath, to destination: IndexPath) {
        dataSource.moveItem(from: ItemPath(section: source.section, item: source.row),
                            to: ItemPath(section: destination.section, item: destination.row))
    }
}

/// A `UICollectionViewDataSource` reading a `SectionedDataSource`, as ``TableViewAdapter``.
@MainActor
public final class CollectionViewAdapter<Section: DiffableSection>: NSObject, UICollectionViewDataSource {
    public let dataSource: SectionedDataSource<Section>
    public var cellProvider: (UICollectionView, IndexPath, Section.Row) -> UICollectionViewCell

    public init(dataSource: SectionedDataSource<Section>,
                cellProvider: @escaping (UICollectionView, IndexPath, Section.Row) -> UICollectionViewCell) {
        self.dataSource = dataSource
        self.cellProvider = cellProvider
    }

    public func numberOfSections(in collectionView: UICollectionView) -> Int { dataSource.numberOfSections }
    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        dataSource.numberOfItems(in: section)
    }
    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        cellProvider(collectionView, indexPath, dataSource.item(at: ItemPath(section: indexPath.section, item: indexPath.item)))
    }
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        dataSource.canMoveItem(at: ItemPath(section: indexPath.section, item: indexPath.item))
    }
    public func collectionView(_ collectionView: UICollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
        dataSource.moveItem(from: ItemPath(section: source.section, item: source.item),
                            to: ItemPath(section: destination.section, item: destination.item))
    }
}
#endif
