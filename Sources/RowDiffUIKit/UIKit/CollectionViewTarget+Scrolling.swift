#if canImport(UIKit) && !os(watchOS)
import UIKit

// The collection view's scroll geometry, for the owner's scroll anchor
// (`ListController.scrollAnchor`); the correction is made as TableViewTarget+Scrolling.swift
// explains: in the same main-thread step as the batches, after `layoutIfNeeded()`, without
// animation. Frames are the layout's (`layoutAttributesForItem(at:)`); only their vertical extent
// is used, so a grid keeps its first visible item's row where it was.

extension CollectionViewTarget: ScrollGeometry {
    /// UIKit's visible items are unsorted; these are top to bottom, in index path order.
    public var visibleItemPaths: [ItemPath] { collectionView.indexPathsForVisibleItems.map { ItemPath($0) }.sorted() }

    public func frameOfItem(at path: ItemPath) -> ItemFrame? {
        guard path.section >= 0, path.section < collectionView.numberOfSections, path.item >= 0,
            path.item < collectionView.numberOfItems(inSection: path.section),
            let attributes = collectionView.layoutAttributesForItem(at: IndexPath(collectionItem: path))
        else { return nil }
        return ItemFrame(minY: Double(attributes.frame.minY), height: Double(attributes.frame.height))
    }

    public var contentOffset: Double {
        get { Double(collectionView.contentOffset.y) }
        set {
            let view = collectionView
            UIView.performWithoutAnimation { view.contentOffset = CGPoint(x: view.contentOffset.x, y: CGFloat(newValue)) }
        }
    }

    public var visibleHeight: Double { Double(collectionView.bounds.height) }

    public var contentHeight: Double { Double(collectionView.contentSize.height) }

    /// From the top of the content under the top inset to its bottom above the bottom inset.
    public var contentOffsetBounds: ClosedRange<Double> {
        let inset = collectionView.adjustedContentInset
        let lowest = -Double(inset.top)
        return lowest...max(lowest, Double(collectionView.contentSize.height + inset.bottom - collectionView.bounds.height))
    }

    public func layoutIfNeeded() { collectionView.layoutIfNeeded() }
}
#endif
