#if canImport(UIKit) && !os(watchOS)
import UIKit

// The table's scroll geometry, for the owner's scroll anchor (`ListController.scrollAnchor`).
//
// Why the correction does not flicker: the renderer hands all the batches of a render to the
// table in one synchronous main-thread step, and `performBatchUpdates` runs its update block and
// computes the new row positions before it returns (only the animation runs later). The owner
// reads the anchor's position before the first `performBatchUpdates`; right after the last one
// returns it calls `layoutIfNeeded()`, reads the row's new `rectForRow(at:)` and sets
// `contentOffset`, still in the same step, so Core Animation commits the batch and the new offset
// in one transaction and no frame shows the rows moved. The offset is set inside
// `performWithoutAnimation` so that it is not animated along with the rows.

extension TableViewTarget: ScrollGeometry {
    public var visibleItemPaths: [ItemPath] { (tableView.indexPathsForVisibleRows ?? []).map { ItemPath($0) }.sorted() }

    /// `rectForRow(at:)`'s vertical extent; nil for a path the table does not have (UIKit would
    /// answer a zero rectangle or raise).
    public func frameOfItem(at path: ItemPath) -> ItemFrame? {
        guard path.section >= 0, path.section < tableView.numberOfSections, path.item >= 0,
            path.item < tableView.numberOfRows(inSection: path.section)
        else { return nil }
        let rect = tableView.rectForRow(at: IndexPath(tableRow: path))
        return ItemFrame(minY: Double(rect.minY), height: Double(rect.height))
    }

    public var contentOffset: Double {
        get { Double(tableView.contentOffset.y) }
        set {
            let view = tableView
            UIView.performWithoutAnimation { view.contentOffset = CGPoint(x: view.contentOffset.x, y: CGFloat(newValue)) }
        }
    }

    public var visibleHeight: Double { Double(tableView.bounds.height) }

    public var contentHeight: Double { Double(tableView.contentSize.height) }

    /// From the top of the content under the top inset to its bottom above the bottom inset.
    public var contentOffsetBounds: ClosedRange<Double> {
        let inset = tableView.adjustedContentInset
        let lowest = -Double(inset.top)
        return lowest...max(lowest, Double(tableView.contentSize.height + inset.bottom - tableView.bounds.height))
    }

    public func layoutIfNeeded() { tableView.layoutIfNeeded() }
}
#endif
