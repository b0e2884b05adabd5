#if canImport(UIKit) && !os(watchOS)
import UIKit

/// A `UICollectionView` as a list-view host, as ``TableViewTarget``: once an owner is attached
/// (`source`), its `CollectionViewAdapter` becomes the view's data source and delegate; the target
/// holds the adapter. Section headers and footers are the `elementKindSectionHeader` /
/// `elementKindSectionFooter` supplementary views. Create it through
/// `ListController(collectionView:)`.
@MainActor
public final class CollectionViewTarget: ListViewHost {
    /// The collection view.
    public let collectionView: UICollectionView
    /// The collection view's data source and delegate.
    public let adapter = CollectionViewAdapter()
    /// Unused: a collection view's layout animates its changes.
    public var animations = TableAnimations.automatic

    /// A host for `collectionView`.
    public init(_ collectionView: UICollectionView) {
        self.collectionView = collectionView
    }

    public var listKind: ListViewKind { .collectionView }

    /// Setting an owner makes the adapter the view's data source and delegate; without one the
    /// target only applies batches (`ListRenderer` with your own data source).
    public var source: (any ListViewSource)? {
        get { adapter.source }
        set {
            adapter.source = newValue
            if newValue != nil {
                collectionView.dataSource = adapter
                collectionView.delegate = adapter
                collectionView.prefetchDataSource = adapter
            }
        }
    }

    public var isVisible: Bool { collectionView.window != nil }

    public var updateMode: UpdateMode {
        if #available(iOS 15.0, tvOS 15.0, *) { return .batches(reconfigures: true) }
        return .batches(reconfigures: false)
    }

    public func performBatchUpdates(
        _ update: BatchUpdate, installingData install: @escaping @MainActor () -> Void,
        completion: @escaping @MainActor (Bool) -> Void
    ) {
        // The update block escapes to UIKit; it captures what it needs.
        let view = collectionView
        view.performBatchUpdates({
            install()
            if !update.sectionDeletes.isEmpty { view.deleteSections(IndexSet(update.sectionDeletes)) }
            if !update.sectionInserts.isEmpty { view.insertSections(IndexSet(update.sectionInserts)) }
            for move in update.sectionMoves { view.moveSection(move.from, toSection: move.to) }
            if !update.sectionReloads.isEmpty { view.reloadSections(IndexSet(update.sectionReloads)) }
            if !update.itemDeletes.isEmpty { view.deleteItems(at: update.itemDeletes.map(IndexPath.init(collectionItem:))) }
            if !update.itemInserts.isEmpty { view.insertItems(at: update.itemInserts.map(IndexPath.init(collectionItem:))) }
            for move in update.itemMoves {
                view.moveItem(at: IndexPath(collectionItem: move.from), to: IndexPath(collectionItem: move.to))
            }
            if !update.itemReloads.isEmpty { view.reloadItems(at: update.itemReloads.map(IndexPath.init(collectionItem:))) }
            if !update.itemReconfigures.isEmpty {
                let paths = update.itemReconfigures.map(IndexPath.init(collectionItem:))
                if #available(iOS 15.0, tvOS 15.0, *) {
                    view.reconfigureItems(at: paths)
                } else {
                    view.reloadItems(at: paths)
                }
            }
        }, completion: { finished in MainActor.assumeIsolated { completion(finished) } })
    }

    public func reloadData() { collectionView.reloadData() }

    public func register(_ registration: ViewRegistration) {
        let identifier = registration.reuseIdentifier
        guard let kind = registration.element.collectionViewElementKind else {
            switch registration.source {
            case .prototype: return
            case .viewClass(let viewClass): collectionView.register(viewClass, forCellWithReuseIdentifier: identifier)
            case .nib(let name, let bundle, let viewClass):
                collectionView.register(ViewRegistration.nib(named: name, bundle: bundle, viewClass: viewClass),
                                        forCellWithReuseIdentifier: identifier)
            case .plain: collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: identifier)
            }
            return
        }
        switch registration.source {
        case .prototype: return
        case .viewClass(let viewClass):
            collectionView.register(viewClass, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
        case .nib(let name, let bundle, let viewClass):
            collectionView.register(ViewRegistration.nib(named: name, bundle: bundle, viewClass: viewClass),
                                    forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
        case .plain:
            collectionView.register(UICollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
        }
    }

    public func dequeueView(_ element: ListElement, reuseIdentifier: String, at path: ItemPath) -> AnyObject? {
        let indexPath = IndexPath(collectionItem: path)
        guard let kind = element.collectionViewElementKind else {
            return collectionView.dequeueReusableCell(withReuseIdentifier: reuseIdentifier, for: indexPath)
        }
        return collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: reuseIdentifier, for: indexPath)
    }

    public func deselectItem(at path: ItemPath, animated: Bool) {
        collectionView.deselectItem(at: IndexPath(collectionItem: path), animated: animated)
    }

    public func restoreAfterRefusedMove(from source: ItemPath, to destination: ItemPath) {
        // UIKit is still inside `collectionView(_:moveItemAt:to:)`; reload on the next turn.
        Task { @MainActor [weak collectionView] in collectionView?.reloadData() }
    }
}
#endif
