/// A flat table's vertical scroll geometry, in flat rows (group and footer rows included): which
/// rows are visible, where each row is in the content, and the content offset. A `FlatTableHost`
/// whose view has one is a `ScrollGeometry` in sections and rows (it translates through its
/// layout), so the owner's scroll anchor (`ListController.scrollAnchor`) works on a flat table as
/// on the sectioned views: the anchor logic is the owner's, the same for every host.
/// RowDiffUIKit's `NSTableViewAdapter` reads and sets the enclosing scroll view's;
/// `StandInFlatTableView` models it.
///
/// Coordinates are the content's, as in `ScrollGeometry`: a row at
/// `frameOfRow(_:).minY == contentOffset` is at the top edge of the visible area.
@MainActor
public protocol FlatScrollGeometry: FlatTableView {
    /// The flat rows whose frames intersect the visible area, top to bottom (AppKit:
    /// `rows(in:)` of the clip view's bounds); empty when the table is not scrolled by anything.
    var visibleRows: Range<Int> { get }
    /// The frame of flat row `row` in content coordinates; nil when the table has no such row
    /// (AppKit answers `NSZeroRect`; out-of-range rows never crash).
    func frameOfRow(_ row: Int) -> ItemFrame?
    /// The vertical content offset (AppKit: the clip view's bounds origin). Setting it moves the
    /// content without an animation.
    var contentOffset: Double { get set }
    /// The height of the visible area (AppKit: the clip view's bounds height).
    var visibleHeight: Double { get }
    /// The height of the rows (AppKit: the bottom of the last row's rectangle).
    var contentHeight: Double { get }
    /// The offsets at which the view rests: from the top of the content to its bottom edge at the
    /// bottom of the visible area (AppKit: with the clip view's content insets).
    var contentOffsetBounds: ClosedRange<Double> { get }
    /// Brings the row rectangles up to date with the last change.
    func layoutIfNeeded()
}

// The flat host's scroll geometry: the view's, from flat rows to sections and rows. Group and
// footer rows are never anchors (the sectioned views' headers and footers are not either): the
// owner keeps the first visible *row* in place, and the headers around it move with it.

extension FlatTableHost: ScrollGeometry {
    /// The view's geometry; nil when it has none (the anchor then does nothing).
    private var scrolling: (any FlatScrollGeometry)? { view as? any FlatScrollGeometry }

    /// The rows among the visible flat rows, top to bottom; empty without scroll geometry.
    /// - Complexity: O(visible rows × log sections).
    public var visibleItemPaths: [ItemPath] {
        guard let scrolling else { return [] }
        return scrolling.visibleRows.compactMap { row in
            if case .item(let path) = layout.row(at: row) { return path }
            return nil
        }
    }

    /// The frame of the flat row showing `path`; nil for a path the layout does not have, or
    /// without scroll geometry.
    /// - Complexity: O(1) plus the view's answer.
    public func frameOfItem(at path: ItemPath) -> ItemFrame? {
        guard let scrolling, let row = layout.flatIndex(of: path) else { return nil }
        return scrolling.frameOfRow(row)
    }

    /// The view's content offset; 0 without scroll geometry (setting it then does nothing).
    public var contentOffset: Double {
        get { scrolling?.contentOffset ?? 0 }
        set {
            guard let scrolling else { return }
            scrolling.contentOffset = newValue
        }
    }

    /// The view's visible height; 0 without scroll geometry.
    public var visibleHeight: Double { scrolling?.visibleHeight ?? 0 }

    /// The view's content height; 0 without scroll geometry.
    public var contentHeight: Double { scrolling?.contentHeight ?? 0 }

    /// The view's resting offsets; `0...0` without scroll geometry.
    public var contentOffsetBounds: ClosedRange<Double> { scrolling?.contentOffsetBounds ?? 0...0 }

    public func layoutIfNeeded() { scrolling?.layoutIfNeeded() }
}
