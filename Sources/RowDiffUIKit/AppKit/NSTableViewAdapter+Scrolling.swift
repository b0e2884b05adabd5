#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

// The table's scroll geometry, for the owner's scroll anchor (`ListController.scrollAnchor`), read
// from and set on the scroll view the table is the document view of (`enclosingScrollView`): the
// clip view's bounds origin is the content offset, `rect(ofRow:)` a row's frame, the clip view's
// content insets (a toolbar over a full-size content view) the offsets it rests at. A table in no
// scroll view has no visible rows and keeps no place.
//
// When the correction is made: the renderer hands a render's steps to the table in one main-actor
// step, and `endUpdates()` has the new row rectangles when it returns (only the row animations run
// later). The owner notes the anchor's position before the first step and, right after the last,
// sets the clip view's origin (`NSClipView.scroll(to:)`, not animated) and tells the scroll view
// (`reflectScrolledClipView(_:)`, for its scrollers), in the same step: AppKit draws the new rows
// and the new origin together.

extension NSTableViewAdapter: FlatScrollGeometry {
    /// The clip view of the scroll view around the table; nil when it is in none.
    private var clipView: NSClipView? { tableView.enclosingScrollView?.contentView }

    /// `rows(in:)` of the table's visible rectangle; empty in no scroll view.
    public var visibleRows: Range<Int> {
        guard clipView != nil else { return 0..<0 }
        let range = tableView.rows(in: tableView.visibleRect)
        guard range.location != NSNotFound, range.length > 0 else { return 0..<0 }
        return range.location..<range.location + range.length
    }

    /// `rect(ofRow:)`'s vertical extent; nil for a row the table does not have (AppKit would
    /// answer `NSZeroRect`).
    public func frameOfRow(_ row: Int) -> ItemFrame? {
        guard row >= 0, row < tableView.numberOfRows else { return nil }
        let rect = tableView.rect(ofRow: row)
        return ItemFrame(minY: Double(rect.minY), height: Double(rect.height))
    }

    /// The clip view's bounds origin in the table's coordinates (the table is flipped: it grows
    /// downwards); 0 in no scroll view. Setting it scrolls the clip view there, not animated.
    public var contentOffset: Double {
        get {
            guard let clipView else { return 0 }
            return Double(clipView.bounds.minY - tableView.frame.minY)
        }
        set {
            guard let scrollView = tableView.enclosingScrollView, newValue.isFinite else { return }
            let clipView = scrollView.contentView
            clipView.scroll(to: NSPoint(x: clipView.bounds.minX, y: CGFloat(newValue) + tableView.frame.minY))
            scrollView.reflectScrolledClipView(clipView)
        }
    }

    /// The clip view's height (the area under its content insets included); 0 in no scroll view.
    public var visibleHeight: Double { clipView.map { Double($0.bounds.height) } ?? 0 }

    /// The bottom of the last row.
    public var contentHeight: Double {
        let count = tableView.numberOfRows
        return count > 0 ? Double(tableView.rect(ofRow: count - 1).maxY) : 0
    }

    /// From the top of the rows below the top content inset to their bottom above the bottom one.
    public var contentOffsetBounds: ClosedRange<Double> {
        guard let clipView else { return 0...0 }
        let insets = clipView.contentInsets
        let lowest = -Double(insets.top)
        return lowest...max(lowest, contentHeight + Double(insets.bottom) - Double(clipView.bounds.height))
    }

    /// Lays the scroll view, its clip view and the table out now (`layoutSubtreeIfNeeded()`).
    public func layoutIfNeeded() {
        if let scrollView = tableView.enclosingScrollView {
            scrollView.layoutSubtreeIfNeeded()
        } else {
            tableView.layoutSubtreeIfNeeded()
        }
    }
}
#endif
