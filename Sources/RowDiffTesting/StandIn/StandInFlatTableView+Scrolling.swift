import RowDiffDataSources
// The flat stand-in's scrolling, as NSTableView's in its NSScrollView: rows stacked top to bottom
// at the heights the table asked (`tableView(_:heightOfRow:)`), and a clip view whose bounds
// origin (the offset) is kept when the rows change and constrained to the content (the clip view
// never shows past the document view's ends, `constrainBoundsRect(_:)`). The layout is a
// `StandInGeometry` of one section (the sectioned stand-in's), so frames cost O(1) and the visible
// rows O(log rows + visible rows).

extension StandInGeometry {
    /// The rows of a flat layout (one section with its own heights, no header or footer).
    init(flatRowHeights heights: [Double]) {
        self.init()
        set(counts: [heights.count], headers: [0], footers: [0], explicit: [ExplicitRows(heights)])
    }

    /// The heights of a flat layout's rows.
    var rowHeights: [Double] { explicit.first??.heights ?? [] }
}

extension StandInFlatTableView: FlatScrollGeometry {
    /// The rows intersecting the viewport (every row without one).
    /// - Complexity: O(log rows + visible rows).
    public var visibleRows: Range<Int> {
        guard let viewportHeight else { return 0..<rows.count }
        let found = geometry.rows(intersecting: offset, offset + max(0, viewportHeight))
        guard let first = found.first, let last = found.last else { return 0..<0 }
        return first.item..<last.item + 1
    }

    /// - Complexity: O(1).
    public func frameOfRow(_ row: Int) -> ItemFrame? { geometry.frame(of: ItemPath(section: 0, item: row)) }

    /// The clip view's bounds origin. Setting it scrolls there (`NSClipView.scroll(to:)`), within
    /// `contentOffsetBounds`.
    public var contentOffset: Double {
        get { offset }
        set { scroll(toOffset: newValue) }
    }

    /// The viewport's height; without one, the content's.
    public var visibleHeight: Double { viewportHeight ?? contentHeight }

    public var contentHeight: Double { geometry.contentHeight }

    /// From `-topInset` to the content's bottom `bottomInset` above the viewport's bottom; `0...0`
    /// without a viewport.
    public var contentOffsetBounds: ClosedRange<Double> {
        guard let viewportHeight else { return 0...0 }
        let lowest = -topInset
        return lowest...max(lowest, contentHeight + bottomInset - max(0, viewportHeight))
    }

    /// The stand-in lays its rows out as soon as they change: nothing is ever pending.
    public func layoutIfNeeded() {}

    // MARK: The user

    /// The user (or the app) scrolls to `offset`, which the clip view keeps within
    /// `contentOffsetBounds`. Non-finite offsets are ignored.
    public func scroll(toOffset offset: Double) {
        guard offset.isFinite else { return }
        let bounds = contentOffsetBounds
        self.offset = min(max(offset, bounds.lowerBound), bounds.upperBound)
    }

    /// Scrolls as little as brings `row` fully on screen (`scrollRowToVisible(_:)`); a row out of
    /// range is ignored, as AppKit does.
    public func scrollRowToVisible(_ row: Int) {
        guard let frame = frameOfRow(row), let viewportHeight else { return }
        if frame.minY < offset + topInset {
            scroll(toOffset: frame.minY - topInset)
        } else if frame.maxY > offset + viewportHeight - bottomInset {
            scroll(toOffset: frame.maxY - viewportHeight + bottomInset)
        }
    }

    // MARK: Layout

    /// The rows at `heights`; the offset kept, within the new content.
    func layOut(_ heights: [Double]) {
        geometry = StandInGeometry(flatRowHeights: heights)
        constrainOffset()
    }

    /// Keeps the offset within the content, as the clip view does when its document view changes
    /// size (0 without a viewport).
    func constrainOffset() {
        guard viewportHeight != nil else {
            offset = 0
            return
        }
        let bounds = contentOffsetBounds
        offset = min(max(offset, bounds.lowerBound), bounds.upperBound)
    }

    /// The height of `row` as the host gives it (`tableView(_:heightOfRow:)`, the adapter answering
    /// `rowHeight` for nil), never negative.
    func askHeight(_ row: Int, _ host: FlatTableHost) -> Double {
        heightQueryCount += 1
        return max(0, host.height(ofRow: row) ?? rowHeight)
    }
}
