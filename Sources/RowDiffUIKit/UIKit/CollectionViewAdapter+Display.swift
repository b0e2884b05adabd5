#if canImport(UIKit) && !os(watchOS)
import UIKit

// Display and prefetch calls: each goes to the owner (which tells the row, or hands the rows'
// identities to its prefetch handlers), then to the app's own delegate or prefetch data source.

extension CollectionViewAdapter {
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        source?.willDisplay(cell, at: ItemPath(indexPath))
        delegate?.collectionView?(collectionView, willDisplay: cell, forItemAt: indexPath)
    }

    /// UIKit may pass the path the item had before a batch; the owner finds the row from what the cell showed.
    public func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        source?.didEndDisplaying(cell, at: ItemPath(indexPath))
        delegate?.collectionView?(collectionView, didEndDisplaying: cell, forItemAt: indexPath)
    }
}

extension CollectionViewAdapter: UICollectionViewDataSourcePrefetching {
    public func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        source?.prefetchItems(at: indexPaths.map { ItemPath($0) })
        prefetchDataSource?.collectionView(collectionView, prefetchItemsAt: indexPaths)
    }

    public func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        source?.cancelPrefetchingItems(at: indexPaths.map { ItemPath($0) })
        prefetchDataSource?.collectionView?(collectionView, cancelPrefetchingForItemsAt: indexPaths)
    }
}
#endif
