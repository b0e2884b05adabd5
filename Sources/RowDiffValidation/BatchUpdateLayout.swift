import RowDiff

/// Which old section and which old cell UIKit puts in each slot after a batch update.
///
/// UIKit builds the result from the batch alone, never from the data: deleted sections disappear,
/// moved sections go to their destination, every other old section fills the remaining new slots
/// in ascending order; inside a surviving section, inserted slots (and the insert halves of
/// reloads) get new cells, move destinations get the moved rows, and the remaining slots get the
/// remaining old rows in their old order. Comparing this with the data source is how silent
/// failures (identity corruption, stale content) are found; data-source tests can use it to see
/// what the screen shows.
public struct BatchUpdateLayout: Sendable, Hashable {
    /// Where a section after the update comes from.
    public enum SectionOrigin: Sendable, Hashable {
        /// The old section at this index (old coordinates), with its header/footer views.
        case kept(old: Int)
        /// A new section: inserted, or the insert half of a section reload.
        case inserted
    }

    /// Where the cell in a slot after the update comes from.
    public enum CellOrigin: Sendable, Hashable {
        /// The cell of this old row (old coordinates), unchanged.
        case kept(old: ItemPath)
        /// The cell of this old row (old coordinates), configured again (iOS 15 reconfigure).
        case reconfigured(old: ItemPath)
        /// A new cell: an inserted row, the insert half of a reload, or a row of a new section.
        case inserted
    }

    /// One entry per section after the update (new indices).
    public let sections: [SectionOrigin]
    /// `cells[s][r]`: the origin of the cell at new row `r` of new section `s`.
    public let cells: [[CellOrigin]]

    /// The origin of the cell at `path` (new coordinates).
    /// - Complexity: O(1).
    public func cell(at path: ItemPath) -> CellOrigin { cells[path.section][path.item] }
}

/// The layout in flat form, as the validator uses it: one entry per new row.
struct FlatLayout {
    static let newCell = -1
    static let unfilled = -2
    let map: SectionMap
    /// For each new row (section-major), the flat old row index whose cell it shows, or `newCell`.
    let slots: [Int]
    let oldOffsets: [Int]
    let newOffsets: [Int]
    /// Flat old row indices that were reconfigured.
    let reconfigured: Set<Int>

    /// The old path of flat old row `k`.
    /// - Complexity: O(log sections).
    func oldPath(_ k: Int) -> ItemPath {
        // The last section whose offset is ≤ k; empty sections share offsets with their successor.
        let section = countBelow(k + 1, in: oldOffsets) - 1
        return ItemPath(section: section, item: k - oldOffsets[section])
    }
}

extension BatchAnalysis {
    /// UIKit's placement of old cells in the new slots. Call only when phases 1 and 2 are clean.
    /// - Complexity: O(old rows + new rows + operations).
    func flatLayout(_ map: SectionMap) -> FlatLayout {
        let oldOffsets = prefixSums(old)
        let newOffsets = prefixSums(new)
        var slots = [Int](repeating: FlatLayout.unfilled, count: newOffsets[new.count])
        var removed = [Bool](repeating: false, count: oldOffsets[old.count])
        for t in 0..<new.count where map.newToOld[t] < 0 {
            for j in newOffsets[t]..<newOffsets[t + 1] { slots[j] = FlatLayout.newCell }
        }
        for q in itemInserts where map.newToOld[q.section] >= 0 { slots[newOffsets[q.section] + q.item] = FlatLayout.newCell }
        for half in itemReloadInserts where map.newToOld[half.new.section] >= 0 {
            slots[newOffsets[half.new.section] + half.new.item] = FlatLayout.newCell
        }
        for move in batch.itemMoves {
            let k = oldOffsets[move.from.section] + move.from.item
            slots[newOffsets[move.to.section] + move.to.item] = k
            removed[k] = true
        }
        for p in itemDeletes where !deletedSections.contains(p.section) { removed[oldOffsets[p.section] + p.item] = true }
        for p in itemReloads where !deletedSections.contains(p.section) { removed[oldOffsets[p.section] + p.item] = true }
        for t in 0..<new.count where map.newToOld[t] >= 0 {
            let o = map.newToOld[t]
            var j = newOffsets[t]
            let end = newOffsets[t + 1]
            for k in oldOffsets[o]..<oldOffsets[o + 1] where !removed[k] {
                while j < end && slots[j] != FlatLayout.unfilled { j += 1 }
                // Phase 2 proved the kept rows fit the free slots exactly.
                assert(j < end, "kept rows outnumber free slots in section \(t)")
                guard j < end else { break }
                slots[j] = k
                j += 1
            }
        }
        var reconfigured = Set<Int>()
        for p in itemReconfigures where oldContains(p) && !deletedSections.contains(p.section) {
            reconfigured.insert(oldOffsets[p.section] + p.item)
        }
        return FlatLayout(map: map, slots: slots, oldOffsets: oldOffsets, newOffsets: newOffsets, reconfigured: reconfigured)
    }

    /// The public form of the layout.
    func publicLayout(_ flat: FlatLayout) -> BatchUpdateLayout {
        let sections = flat.map.newToOld.map { $0 >= 0 ? BatchUpdateLayout.SectionOrigin.kept(old: $0) : .inserted }
        let cells = (0..<new.count).map { t in
            flat.slots[flat.newOffsets[t]..<flat.newOffsets[t + 1]].map { k -> BatchUpdateLayout.CellOrigin in
                guard k >= 0 else { return .inserted }
                let path = flat.oldPath(k)
                return flat.reconfigured.contains(k) ? .reconfigured(old: path) : .kept(old: path)
            }
        }
        return BatchUpdateLayout(sections: sections, cells: cells)
    }
}

func prefixSums(_ counts: [Int]) -> [Int] {
    var offsets = [0]
    offsets.reserveCapacity(counts.count + 1)
    for count in counts { offsets.append(offsets[offsets.count - 1] + count) }
    return offsets
}

extension ValidationValue {
    /// The description cut to a readable length, for content that may be large.
    var short: String {
        let text = description
        return text.count <= 60 ? text : String(text.prefix(57)) + "…"
    }
}
