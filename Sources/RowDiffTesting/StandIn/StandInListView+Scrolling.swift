import RowDiff
import RowDiffValidation
import RowDiffDataSources

// The stand-in's layout and scrolling: row and section heights, the visible window, and the
// cells that enter and leave it.

extension StandInListView: ScrollGeometry {
    public var visibleItemPaths: [ItemPath] { visiblePaths }

    /// - Complexity: O(1).
    public func frameOfItem(at path: ItemPath) -> ItemFrame? { geometry.frame(of: path) }

    /// The vertical content offset. Setting it moves the visible window without clamping (as
    /// UIKit's setter: a program may scroll past the ends); the user scrolls with `scroll(toOffset:)`.
    public var contentOffset: Double {
        get { offset }
        set { move(to: newValue) }
    }

    /// The viewport's height; with every row on screen, the content's.
    public var visibleHeight: Double { viewportHeight ?? geometry.contentHeight }

    public var contentHeight: Double { geometry.contentHeight }

    public var contentOffsetBounds: ClosedRange<Double> { 0...max(0, contentHeight - visibleHeight) }

    /// The stand-in lays its content out as soon as it changes: nothing is ever pending.
    public func layoutIfNeeded() {}

    /// Where `scrollToItem(at:position:)` puts the row (UIKit's `ScrollPosition`).
    public enum ScrollPosition: Sendable, Hashable {
        /// The row's top edge at the viewport's top.
        case top
        /// The row centred in the viewport.
        case middle
        /// The row's bottom edge at the viewport's bottom.
        case bottom
    }

    /// The user scrolls the content to `offset`, which the view keeps within
    /// `contentOffsetBounds` (a scroll past the ends bounces back). Rows that enter the viewport
    /// get cells, the cells of rows that leave go back to the pool.
    public func scroll(toOffset offset: Double) {
        settleSupplementaryChecks("before scrolling")
        let bounds = contentOffsetBounds
        move(to: min(max(offset, bounds.lowerBound), bounds.upperBound))
    }

    /// Scrolls so that the row at `path` is at the `position` of the viewport, within the bounds
    /// (UIKit: `scrollToRow(at:at:animated:)`). UIKit raises for a path the view does not have:
    /// the stand-in records that in `problems` and does not scroll.
    public func scrollToItem(at path: ItemPath, position: ScrollPosition = .top) {
        guard let frame = geometry.frame(of: path) else {
            recordedProblems.append("scrollToItem(at: \(path)): no such row in \(counts.count) sections (UIKit raises)")
            return
        }
        let height = visibleHeight
        switch position {
        case .top: scroll(toOffset: frame.minY)
        case .middle: scroll(toOffset: frame.minY - (height - frame.height) / 2)
        case .bottom: scroll(toOffset: frame.maxY - height)
        }
    }

    /// The row's height as the source gives it (nil: automatic, the view's `rowHeight`); the
    /// height the view lays the row out with is `frameOfItem(at:)`'s. Nil while the source has no
    /// explicit row heights: UIKit does not ask a delegate that does not implement the height
    /// methods, and the adapter implements them only then. Not counted in `heightQueryCount`.
    public func heightOfRow(at path: ItemPath) -> Double? {
        guard let source, source.hasExplicitRowHeights else { return nil }
        return source.height(at: path)
    }

    /// The height of a section's header or footer as the source gives it (nil: the view's own,
    /// `sectionHeaderHeight` / `sectionFooterHeight`), and its estimate.
    public func heightOfSupplementary(_ element: ListElement, in section: Int) -> (height: Double?, estimated: Double?) {
        (source?.supplementaryHeight(element, in: section), source?.estimatedSupplementaryHeight(element, in: section))
    }

    // MARK: Layout

    func move(to newOffset: Double) {
        guard newOffset.isFinite else { return }
        let distance = newOffset - offset
        offset = newOffset
        updateVisibleCells()
        prefetch(ahead: distance)
    }

    /// After a scroll by `distance` (down when positive): asks for the rows within
    /// `prefetchDistance` ahead that were not asked for yet, and cancels those asked for before
    /// that are neither on screen nor ahead any more.
    /// - Complexity: O(prefetchDistance + rows prefetched).
    private func prefetch(ahead distance: Double) {
        guard let source, viewportHeight != nil, distance != 0 else { return }
        let edge = distance > 0 ? visiblePaths.last : visiblePaths.first
        let ahead = edge.map { geometry.rows(from: $0, forward: distance > 0, count: max(0, prefetchDistance)) } ?? []
        let aheadSet = Set(ahead)
        // Rows that came on screen were used, not cancelled.
        prefetched.subtract(visiblePaths)
        let cancelled = prefetched.filter { !aheadSet.contains($0) }.sorted()
        let fresh = ahead.filter { !prefetched.contains($0) }
        prefetched.subtract(cancelled)
        prefetched.formUnion(fresh)
        if !cancelled.isEmpty { source.cancelPrefetchingItems(at: cancelled) }
        if !fresh.isEmpty { source.prefetchItems(at: fresh) }
    }

    /// The rows on screen: all of them without a viewport, else those intersecting it.
    /// - Complexity: O(rows) without a viewport; O(log rows + visible rows) with one.
    func visibleRows() -> [ItemPath] {
        guard let viewportHeight else {
            var all: [ItemPath] = []
            all.reserveCapacity(counts.reduce(0, +))
            for s in counts.indices { for r in 0..<counts[s] { all.append(ItemPath(section: s, item: r)) } }
            return all
        }
        return geometry.rows(intersecting: offset, offset + max(0, viewportHeight))
    }

    /// Lays the content out again for `counts` after a reload (`map` nil: every row's height is
    /// asked again when the source has explicit heights) or a batch (`map`: kept and moved rows
    /// keep their heights; inserted, reloaded and reconfigured rows are asked). The offset stays,
    /// within the new bounds, as a table keeps it when its content changes.
    func layOut(_ source: any ListViewSource, remapping map: BatchUpdateRowMap?) {
        let start = ContinuousClock.now
        defer { layoutTime += ContinuousClock.now - start }
        var explicit: [StandInGeometry.ExplicitRows?] = []
        explicit.reserveCapacity(counts.count)
        if source.hasExplicitRowHeights {
            for t in counts.indices {
                guard let map, case .kept(let old) = map.sections[t], geometry.explicit.indices.contains(old),
                    let oldRows = geometry.explicit[old]
                else {
                    explicit.append(StandInGeometry.ExplicitRows((0..<counts[t]).map { askHeight(ItemPath(section: t, item: $0), source) }))
                    continue
                }
                if map.isUnchanged(newSection: t) {
                    explicit.append(oldRows)
                    continue
                }
                var heights: [Double] = []
                heights.reserveCapacity(counts[t])
                // Run by run: a run of kept rows takes its old heights at once (the rows a batch
                // leaves in place are most of a section); every other row is asked.
                for run in map.originRuns(inNewSection: t) {
                    if case .kept(let from) = run.origin, let known = knownHeights(from, count: run.count) {
                        heights.append(contentsOf: known)
                        continue
                    }
                    for offset in 0..<run.count {
                        if case .kept(let from) = run.origin,
                            let known = knownHeight(ItemPath(section: from.section, item: from.item + offset))
                        {
                            heights.append(known)
                        } else {
                            heights.append(askHeight(ItemPath(section: t, item: heights.count), source))
                        }
                    }
                }
                explicit.append(StandInGeometry.ExplicitRows(heights))
            }
        } else {
            explicit = Array(repeating: nil, count: counts.count)
        }
        setGeometry(source, explicit: explicit, keptSections: map)
    }

    /// The geometry from the current counts, section views and `explicit` row heights; the
    /// offset kept within the bounds. With `keptSections`, a section a batch kept keeps its header
    /// and footer heights (a changed header or footer reloads its section, which is then new):
    /// only new sections are asked.
    private func setGeometry(
        _ source: any ListViewSource, explicit: [StandInGeometry.ExplicitRows?], keptSections map: BatchUpdateRowMap? = nil
    ) {
        func height(_ element: ListElement, _ s: Int, _ old: [Double]) -> Double {
            if let map, case .kept(let o) = map.sections[s], old.indices.contains(o) { return old[o] }
            return supplementaryHeight(element, s, source)
        }
        let oldHeaders = geometry.headerHeights, oldFooters = geometry.footerHeights
        geometry.rowHeight = rowHeight
        geometry.set(
            counts: counts, headers: counts.indices.map { height(.header, $0, oldHeaders) },
            footers: counts.indices.map { height(.footer, $0, oldFooters) }, explicit: explicit)
        if viewportHeight == nil {
            offset = 0
        } else {
            let bounds = contentOffsetBounds
            offset = min(max(offset, bounds.lowerBound), bounds.upperBound)
        }
    }

    /// The heights `count` rows from `path` on (one old section) had before a change, if their
    /// section had heights of its own.
    private func knownHeights(_ path: ItemPath, count: Int) -> ArraySlice<Double>? {
        guard geometry.explicit.indices.contains(path.section), let rows = geometry.explicit[path.section],
            path.item >= 0, path.item + count <= rows.heights.count
        else { return nil }
        return rows.heights[path.item..<(path.item + count)]
    }

    /// The height a row had before a change, if it had one of its own.
    private func knownHeight(_ path: ItemPath) -> Double? {
        guard geometry.explicit.indices.contains(path.section), let rows = geometry.explicit[path.section],
            rows.heights.indices.contains(path.item)
        else { return nil }
        return rows.heights[path.item]
    }

    private func askHeight(_ path: ItemPath, _ source: any ListViewSource) -> Double {
        heightQueryCount += 1
        if let height = source.height(at: path) { return max(0, height) }
        heightQueryCount += 1
        if let estimate = source.estimatedHeight(at: path) { return max(0, estimate) }
        return max(0, rowHeight)
    }

    private func supplementaryHeight(_ element: ListElement, _ s: Int, _ source: any ListViewSource) -> Double {
        guard showsSupplementaryViews else { return 0 }
        if let height = source.supplementaryHeight(element, in: s) { return max(0, height) }
        let shows =
            element == .header
            ? headers.indices.contains(s) && (headers[s] != nil || titles[s].header != nil)
            : footers.indices.contains(s) && (footers[s] != nil || titles[s].footer != nil)
        return shows ? max(0, element == .header ? sectionHeaderHeight : sectionFooterHeight) : 0
    }

    /// A height or the viewport changed: the same rows laid out again, cells updated.
    func layoutChanged() {
        guard let source else { return }
        let explicit = geometry.explicit.count == counts.count ? geometry.explicit : Array(repeating: nil, count: counts.count)
        setGeometry(source, explicit: explicit)
        updateVisibleCells()
    }

    /// Gives cells to the rows that entered the viewport and takes them from those that left
    /// (first, so the new rows can reuse them).
    /// - Complexity: O(visible rows), or O(rows) without a viewport.
    func updateVisibleCells() {
        guard let source else { return }
        let now = visibleRows()
        guard now != visiblePaths else { return }
        let nowSet = Set(now), before = Set(visiblePaths)
        var leaving: [(cell: StandInView, path: ItemPath)] = []
        for path in visiblePaths where !nowSet.contains(path) {
            if let cell = cellAt.removeValue(forKey: path) {
                enqueue(cell, as: .cell)
                leaving.append((cell, path))
            }
        }
        for (cell, path) in leaving { source.didEndDisplaying(cell, at: path) }
        visiblePaths = now
        let entering = now.filter { !before.contains($0) }
        for path in entering {
            if let cell = source.cell(at: path) as? StandInView { cellAt[path] = cell }
        }
        for path in entering { if let cell = cellAt[path] { source.willDisplay(cell, at: path) } }
        checkViews("after scrolling")
    }
}
