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
    /// target only applies batches (`ListRenderer` with your own data source). A delegate the view
    /// already had (a `UICollectionViewController`, one set in a storyboard) becomes the app's
    /// `delegate`, so its flow-layout sizes and scroll callbacks still reach it.
    public var source: (any ListViewSource)? {
        get { adapter.source }
        set {
            adapter.source = newValue
            guard newValue != nil else { return }
            if let existing = collectionView.delegate, existing !== adapter, adapter.delegate == nil {
                adapter.delegate = existing
            }
            adapter.refreshCapabilities()
            collectionView.dataSource = adapter
            collectionView.delegate = adapter
            collectionView.prefetchDataSource = adapter
        }
    }

    /// The app's own `UICollectionViewDelegate` (and flow-layout delegate): it receives every call
    /// the owner does not answer (see `CollectionViewAdapter`). Weak, as UIKit's.
    public var delegate: (any UICollectionViewDelegate)? {
        get { adapter.delegate }
        set {
            adapter.delegate = newValue
            resetDelegate()
        }
    }

    public func sourceCapabilitiesChanged() {
        adapter.refreshCapabilities()
        resetDelegate()
    }

    /// UIKit reads which methods its delegate implements when the delegate is set (the flow layout
    /// too): setting it again makes it read them anew.
    private func resetDelegate() {
        guard collectionView.delegate === adapter else { return }
        collectionView.delegate = nil
        collectionView.delegate = adapter
    }

    public var isVisible: Bool { collectionView.window != nil }

    public var hasUncommittedUpdates: Bool { collectionView.hasUncommittedUpdates }

    public var updateMode: UpdateMode { .batches(reconfigures: true) }

    public func performBatchUpdates(
        _ update: BatchUpdate, installingData install: @escaping @MainActor () -> Void,
        completion: @escaping @MainActor (Bool) -> Void
    ) {
        // The update block escapes to UIKit; it captures what it needs.
        let view = collectionView
        view.performBatchUpdates(
            {
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
                    view.reconfigureItems(at: update.itemReconfigures.map(IndexPath.init(collectionItem:)))
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
                collectionView.register(
                    ViewRegistration.nib(named: name, bundle: bundle, viewClass: viewClass),
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
            collectionView.register(
                ViewRegistration.nib(named: name, bundle: bundle, viewClass: viewClass),
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

    public func visibleSupplementaryView(_ element: ListElement, in section: Int) -> AnyObject? {
        guard let kind = element.collectionViewElementKind, section >= 0, section < collectionView.numberOfSections else { return nil }
        return collectionView.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: section))
    }

    /// Collection views show no titles.
    public func showSupplementaryTitle(_ title: String?, for element: ListElement, in section: Int) {}

    /// The layout sizes its supplementary views again.
    public func invalidateSupplementaryLayout() { collectionView.collectionViewLayout.invalidateLayout() }

    public func restoreAfterRefusedMove(from source: ItemPath, to destination: ItemPath) {
        // UIKit is still inside `collectionView(_:moveItemAt:to:)`; reload on the next turn.
        // A drop still being committed must not be reloaded over: wait for it, a frame at a time.
        Task { @MainActor [weak collectionView] in
            while collectionView?.hasUncommittedUpdates == true { try? await Task.sleep(nanoseconds: 16_000_000) }
            collectionView?.reloadData()
        }
    }
}
#endif
