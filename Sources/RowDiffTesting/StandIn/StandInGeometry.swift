import RowDiffDataSources
/// The vertical layout of a stand-in list: sections stacked top to bottom, each its header, its
/// rows and its footer. Rows have one common height unless their section has heights of its own
/// (when the source declares explicit row heights), kept with their prefix sums; sections'
/// positions are prefix sums too. So a frame costs O(1) and the rows in a window O(log n + rows
/// found), and a change rebuilds only what it touches (O(sections), plus the rows of the sections
/// whose explicit heights changed).
struct StandInGeometry {
    /// One section's own row heights, and their prefix sums (`tops[r]`: the top of row `r`
    /// relative to the first row; `tops.last`: the rows' total height).
    struct ExplicitRows {
        var heights: [Double]
        var tops: [Double]

        init(_ heights: [Double]) {
            self.heights = heights
            // Written in place: a section of a long list has tens of thousands of rows, laid out
            // again by every batch that touches it.
            tops = heights.withUnsafeBufferPointer { heights in
                [Double](unsafeUninitializedCapacity: heights.count + 1) { tops, count in
                    var y = 0.0
                    tops[0] = y
                    for index in 0..<heights.count {
                        y += heights[index]
                        tops[index + 1] = y
                    }
                    count = heights.count + 1
                }
            }
        }
    }

    /// The height of a row without one of its own.
    var rowHeight = 44.0
    /// Rows per section.
    private(set) var counts: [Int] = []
    private(set) var headerHeights: [Double] = []
    private(set) var footerHeights: [Double] = []
    /// Per section: nil when every row has `rowHeight`.
    private(set) var explicit: [ExplicitRows?] = []
    /// `sectionTops[s]`: the top of section `s`; the last entry is the content height.
    private(set) var sectionTops: [Double] = [0]

    /// Replaces the layout; `explicit[s]` nil: the section's rows have `rowHeight`.
    /// - Complexity: O(sections).
    mutating func set(counts: [Int], headers: [Double], footers: [Double], explicit: [ExplicitRows?]) {
        self.counts = counts
        headerHeights = headers
        footerHeights = footers
        self.explicit = explicit
        var tops = [Double]()
        tops.reserveCapacity(counts.count + 1)
        var y = 0.0
        tops.append(y)
        for s in counts.indices {
            y += headers[s] + rowsHeight(s) + footers[s]
            tops.append(y)
        }
        sectionTops = tops
    }

    var contentHeight: Double { sectionTops[sectionTops.count - 1] }

    /// The top of section `s`'s first row.
    private func rowsTop(_ s: Int) -> Double { sectionTops[s] + headerHeights[s] }

    private func rowsHeight(_ s: Int) -> Double {
        if let rows = explicit[s] { return rows.tops[rows.tops.count - 1] }
        return Double(counts[s]) * rowHeight
    }

    /// The height of the row at `path`, or nil when there is no such row.
    /// - Complexity: O(1).
    func height(at path: ItemPath) -> Double? {
        guard contains(path) else { return nil }
        return explicit[path.section]?.heights[path.item] ?? rowHeight
    }

    func contains(_ path: ItemPath) -> Bool {
        counts.indices.contains(path.section) && path.item >= 0 && path.item < counts[path.section]
    }

    /// The frame of the row at `path`; nil when there is no such row.
    /// - Complexity: O(1).
    func frame(of path: ItemPath) -> ItemFrame? {
        guard contains(path) else { return nil }
        let top = rowsTop(path.section)
        if let rows = explicit[path.section] {
            return ItemFrame(minY: top + rows.tops[path.item], height: rows.heights[path.item])
        }
        return ItemFrame(minY: top + Double(path.item) * rowHeight, height: rowHeight)
    }

    /// The rows whose frames intersect `minY..<maxY`, top to bottom.
    /// - Complexity: O(log sections + log rows + rows found + empty sections crossed).
    func rows(intersecting minY: Double, _ maxY: Double) -> [ItemPath] {
        guard maxY > minY, !counts.isEmpty else { return [] }
        // The first section whose rows end below `minY` (their bottoms never decrease).
        var low = 0, high = counts.count
        while low < high {
            let mid = (low + high) / 2
            if rowsTop(mid) + rowsHeight(mid) > minY { high = mid } else { low = mid + 1 }
        }
        var found: [ItemPath] = []
        var s = low
        while s < counts.count, rowsTop(s) < maxY {
            var r = firstRow(in: s, endingBelow: minY)
            while r < counts[s] {
                guard let frame = frame(of: ItemPath(section: s, item: r)), frame.minY < maxY else { return found }
                if frame.maxY > minY { found.append(ItemPath(section: s, item: r)) }
                r += 1
            }
            s += 1
        }
        return found
    }

    /// The sections whose extent (header, rows, footer) intersects `minY..<maxY`, top to bottom.
    /// - Complexity: O(log sections + sections found).
    func sections(intersecting minY: Double, _ maxY: Double) -> [Int] {
        guard maxY > minY, !counts.isEmpty else { return [] }
        // The first section ending below `minY`: sectionTops[s + 1] > minY.
        var low = 0, high = counts.count
        while low < high {
            let mid = (low + high) / 2
            if sectionTops[mid + 1] > minY { high = mid } else { low = mid + 1 }
        }
        var found: [Int] = []
        var s = low
        while s < counts.count, sectionTops[s] < maxY {
            found.append(s)
            s += 1
        }
        return found
    }

    /// The first row of section `s` whose bottom is below `y`.
    private func firstRow(in s: Int, endingBelow y: Double) -> Int {
        let local = y - rowsTop(s)
        guard local > 0 else { return 0 }
        if let rows = explicit[s] {
            // The first r with tops[r + 1] > local.
            var low = 0, high = rows.heights.count
            while low < high {
                let mid = (low + high) / 2
                if rows.tops[mid + 1] > local { high = mid } else { low = mid + 1 }
            }
            return low
        }
        guard rowHeight > 0 else { return 0 }
        return min(counts[s], Int((local / rowHeight).rounded(.down)))
    }

    /// Up to `count` rows after `path` (`forward`) or before it, nearest first, across sections.
    /// - Complexity: O(count + empty sections crossed).
    func rows(from path: ItemPath, forward: Bool, count: Int) -> [ItemPath] {
        guard contains(path) else { return [] }
        var found: [ItemPath] = []
        var s = path.section, r = path.item
        while found.count < count {
            if forward {
                r += 1
                while s < counts.count, r >= counts[s] {
                    s += 1
                    r = 0
                }
                guard s < counts.count else { break }
            } else {
                r -= 1
                while s >= 0, r < 0 {
                    s -= 1
                    if s >= 0 { r = counts[s] - 1 }
                }
                guard s >= 0 else { break }
            }
            found.append(ItemPath(section: s, item: r))
        }
        return found
    }
}
