#if canImport(UIKit) && !os(watchOS)
import UIKit

/// The `UICollectionViewDataSource` and `UICollectionViewDelegate` of a `CollectionViewTarget`:
/// each method forwards to the owner (`ListViewSource`).
@MainActor
public final class CollectionViewAdapter: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
    /// Who answers; weak, as UIKit's own data source references.
    public weak var source: (any ListViewSource)?
    /// The app's own delegate: it receives every delegate and scroll-view call the owner does not
    /// answer, and the calls the owner only observes.
    public weak var delegate: (any UICollectionViewDelegate)?
    /// The app's own prefetch data source: it receives the prefetch calls after the owner (CollectionViewAdapter+Display.swift).
    public weak var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)?

    /// Identifiers of the plain views registered for kinds RowDiff does not describe.
    private var plainIdentifiers: Set<String> = []

    override public init() { super.init() }

    // MARK: UICollectionViewDataSource

    public func numberOfSections(in collectionView: UICollectionView) -> Int { source?.numberOfSections ?? 0 }

    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        source?.numberOfItems(in: section) ?? 0
    }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        if let cell = source?.cell(at: ItemPath(indexPath)) as? UICollectionViewCell { return cell }
        // Only when the owner is gone: UIKit needs a dequeued cell, and this one shows nothing.
        return plainCell(in: collectionView, at: indexPath)
    }

    public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        if let element = ListElement(collectionViewElementKind: kind),
           let view = source?.supplementaryView(element, in: indexPath.section) as? UICollectionReusableView {
            return view
        }
        // A kind RowDiff does not describe (the app's layout asked for it): UIKit needs a view.
        return plainSupplementaryView(in: collectionView, kind: kind, at: indexPath)
    }

    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        source?.canMoveItem(at: ItemPath(indexPath)) ?? false
    }

    public func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        source?.moveItem(from: ItemPath(sourceIndexPath), to: ItemPath(destinationIndexPath))
    }

    /// An empty cell, registered on first use.
    private func plainCell(in collectionView: UICollectionView, at indexPath: IndexPath) -> UICollectionViewCell {
        let identifier = ViewRegistration.plainReuseIdentifier(.cell)
        if plainIdentifiers.insert(identifier).inserted {
            collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: identifier)
        }
        return collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
    }

    /// An empty supplementary view of `kind`, registered on first use.
    private func plainSupplementaryView(
        in collectionView: UICollectionView, kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        let identifier = "RowDiff.Plain." + kind
        if plainIdentifiers.insert(identifier).inserted {
            collectionView.register(UICollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
        }
        return collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: identifier, for: indexPath)
    }

    // MARK: UICollectionViewDelegate

    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        source?.shouldHighlightItem(at: ItemPath(indexPath)) ?? false
    }

    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        source?.shouldSelectItem(at: ItemPath(indexPath)) ?? false
    }

    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        source?.didSelectItem(at: ItemPath(indexPath))
    }

    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        source?.didDeselectItem(at: ItemPath(indexPath))
    }

    #if os(iOS)
    /// Context menus before iOS 16 (UIKit calls the multi-item form from iOS 16 on).
    @available(iOS, introduced: 13.0, deprecated: 16.0)
    public func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath, point: CGPoint
    ) -> UIContextMenuConfiguration? {
        source?.contextMenu(at: ItemPath(indexPath))?.configuration
    }

    /// Context menus from iOS 16: a menu for a single item (multi-item selections get none).
    @available(iOS 16.0, *)
    public func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
    ) -> UIContextMenuConfiguration? {
        guard indexPaths.count == 1, let indexPath = indexPaths.first else { return nil }
        return source?.contextMenu(at: ItemPath(indexPath))?.configuration
    }
    #endif
}
#endif
