import RowDiff

/// UIKit's placement of cells after a batch (``BatchUpdateLayout``), answered one row at a time
/// without walking the rows: where an old row's cell goes, and where a new slot's cell comes
/// from. A view that shows a few rows of a long list (a viewport) asks only about those.
///
/// The answers are the layout's: deleted sections disappear, moved sections go to their
/// destination, the other old sections fill the free new slots in ascending order; inside a
/// surviving section, inserted slots (and reloads' insert halves) get new cells, move
/// destinations get the moved rows, and the other old rows fill the remaining slots in order.
/// So the k-th remaining old row of a section lands in its k-th free slot, and both ranks are
/// found by binary search in the sorted removed and filled positions.
///
/// Package API: shared by this package's modules, never seen by apps.
///
/// - Complexity: built in O(sections + operations · log operations); each answer O(log operations).
package struct BatchUpdateRowMap: Sendable {
    /// Where each section after the batch comes from (new indices), as ``BatchUpdateLayout/sections``.
    public let sections: [BatchUpdateLayout.SectionOrigin]
    /// Old section → new section, −1 when deleted or reloaded.
    public let oldToNewSection: [Int]
    /// Row counts before (OLD) and after (NEW) the batch.
    public let oldCounts: [Int]
    public let newCounts: [Int]

    /// Per new section: the sorted slots that do not take a remaining old row (inserts, reloads'
    /// insert halves, move destinations).
    private let filled: [Int: [Int]]
    /// Slots that get new cells (inserts and reloads' insert halves), new coordinates.
    private let newCells: Set<ItemPath>
    /// Per old section: the sorted rows that leave their place (deletes, reloads, move sources).
    private let removed: [Int: [Int]]
    /// Deleted and reloaded rows (their cells are gone), old coordinates.
    private let gone: Set<ItemPath>
    /// Move destination → source, and source → destination.
    private let moveSource: [ItemPath: ItemPath]
    private let moveTarget: [ItemPath: ItemPath]
    /// Reconfigured rows (old coordinates) in surviving sections, and the same per old section, sorted.
    private let reconfigured: Set<ItemPath>
    private let reconfiguredBySection: [Int: [Int]]

    init(_ analysis: BatchAnalysis, map: SectionMap) {
        sections = map.newToOld.map { $0 >= 0 ? .kept(old: $0) : .inserted }
        oldToNewSection = map.oldToNew
        oldCounts = analysis.old
        newCounts = analysis.new
        var filled: [Int: Set<Int>] = [:]
        var newCells = Set<ItemPath>()
        for q in analysis.itemInserts where map.newToOld.indices.contains(q.section) && map.newToOld[q.section] >= 0 {
            newCells.insert(q)
            filled[q.section, default: []].insert(q.item)
        }
        for half in analysis.itemReloadInserts
        where map.newToOld.indices.contains(half.new.section) && map.newToOld[half.new.section] >= 0 {
            newCells.insert(half.new)
            filled[half.new.section, default: []].insert(half.new.item)
        }
        var removed: [Int: Set<Int>] = [:]
        var gone = Set<ItemPath>()
        var moveSource: [ItemPath: ItemPath] = [:], moveTarget: [ItemPath: ItemPath] = [:]
        moveSource.reserveCapacity(analysis.batch.itemMoves.count)
        moveTarget.reserveCapacity(analysis.batch.itemMoves.count)
        for move in analysis.batch.itemMoves {
            moveSource[move.to] = move.from
            moveTarget[move.from] = move.to
            filled[move.to.section, default: []].insert(move.to.item)
            removed[move.from.section, default: []].insert(move.from.item)
        }
        for p in analysis.itemDeletes + analysis.itemReloads where !analysis.deletedSections.contains(p.section) {
            gone.insert(p)
            removed[p.section, default: []].insert(p.item)
        }
        self.filled = filled.mapValues { $0.sorted() }
        self.removed = removed.mapValues { $0.sorted() }
        self.newCells = newCells
        self.gone = gone
        self.moveSource = moveSource
        self.moveTarget = moveTarget
        let reconfigured = Set(
            analysis.itemReconfigures.lazy.filter {
                analysis.oldContains($0) && !analysis.deletedSections.contains($0.section)
            })
        self.reconfigured = reconfigured
        self.reconfiguredBySection = Dictionary(grouping: reconfigured, by: \.section).mapValues { $0.map(\.item).sorted() }
    }

    /// Whether new section `section` is an old one whose rows all keep their cells in their
    /// order, none reconfigured: no row of it is inserted, deleted, reloaded, reconfigured or moved.
    /// - Complexity: O(1).
    public func isUnchanged(newSection section: Int) -> Bool {
        guard sections.indices.contains(section), case .kept(let old) = sections[section] else { return false }
        return filled[section] == nil && removed[old] == nil && reconfiguredBySection[old] == nil
    }

    /// The origin of every slot of new section `section`, top to bottom (empty when it is not a
    /// new section): ``origin(ofNew:)`` for each, in one pass (`originRuns(inNewSection:)` spelled
    /// out slot by slot).
    /// - Complexity: O(rows of the section + its operations).
    public func origins(inNewSection section: Int) -> [BatchUpdateLayout.CellOrigin] {
        var origins: [BatchUpdateLayout.CellOrigin] = []
        origins.reserveCapacity(sections.indices.contains(section) ? newCounts[section] : 0)
        for run in originRuns(inNewSection: section) {
            guard case .kept(let old) = run.origin, run.count > 1 else {
                origins.append(contentsOf: repeatElement(run.origin, count: run.count))
                continue
            }
            for offset in 0..<run.count { origins.append(.kept(old: ItemPath(section: old.section, item: old.item + offset))) }
        }
        return origins
    }

    /// `origins(inNewSection:)` as runs, top to bottom: a run of kept rows (`count` slots taking
    /// the old rows from `old` on, in order, in one old section) or one slot of any other origin
    /// (a run of `.inserted` for a new section). A view that lays a section out from its old
    /// heights copies a kept run at once.
    /// - Complexity: O(runs + the section's operations), runs at most twice its operations plus one.
    package func originRuns(inNewSection section: Int) -> [(origin: BatchUpdateLayout.CellOrigin, count: Int)] {
        guard sections.indices.contains(section) else { return [] }
        let count = newCounts[section]
        guard case .kept(let oldSection) = sections[section] else { return count == 0 ? [] : [(.inserted, count)] }
        let filled = self.filled[section] ?? [], removed = self.removed[oldSection] ?? []
        let reconfiguredHere = reconfiguredBySection[oldSection] ?? []
        var runs: [(origin: BatchUpdateLayout.CellOrigin, count: Int)] = []
        var nextFilled = 0, nextRemoved = 0, nextReconfigured = 0, oldItem = 0
        var item = 0
        while item < count {
            if nextFilled < filled.count, filled[nextFilled] == item {
                nextFilled += 1
                let here = ItemPath(section: section, item: item)
                if let source = moveSource[here], !newCells.contains(here) {
                    runs.append((reconfigured.contains(source) ? .reconfigured(old: source) : .kept(old: source), 1))
                } else {
                    runs.append((.inserted, 1))
                }
                item += 1
                continue
            }
            // The next old row that stays in place (the removed ones are sorted, as the kept ones are visited).
            while nextRemoved < removed.count, removed[nextRemoved] <= oldItem {
                if removed[nextRemoved] == oldItem { oldItem += 1 }
                nextRemoved += 1
            }
            while nextReconfigured < reconfiguredHere.count, reconfiguredHere[nextReconfigured] < oldItem { nextReconfigured += 1 }
            let old = ItemPath(section: oldSection, item: oldItem)
            if nextReconfigured < reconfiguredHere.count && reconfiguredHere[nextReconfigured] == oldItem {
                runs.append((.reconfigured(old: old), 1))
                oldItem += 1
                item += 1
                continue
            }
            // Kept rows until the next filled slot, removed old row or reconfigured old row.
            var length = (nextFilled < filled.count ? filled[nextFilled] : count) - item
            if nextRemoved < removed.count { length = min(length, removed[nextRemoved] - oldItem) }
            if nextReconfigured < reconfiguredHere.count { length = min(length, reconfiguredHere[nextReconfigured] - oldItem) }
            runs.append((.kept(old: old), length))
            oldItem += length
            item += length
        }
        return runs
    }

    /// Where the cell of old row `path` is after the batch (new coordinates); nil when its cell
    /// is gone (the row or its section was deleted or reloaded) or `path` is not an old row.
    /// - Complexity: O(log operations).
    public func newPath(ofOld path: ItemPath) -> ItemPath? {
        guard path.section >= 0, path.section < oldCounts.count, path.item >= 0, path.item < oldCounts[path.section] else { return nil }
        let section = oldToNewSection[path.section]
        guard section >= 0 else { return nil }
        if let target = moveTarget[path] { return target }
        if gone.contains(path) { return nil }
        let rank = path.item - countBelow(path.item, in: removed[path.section] ?? [])
        return ItemPath(section: section, item: shiftedForward(rank, by: filled[section] ?? []))
    }

    /// Where the cell in new slot `path` comes from; nil when `path` is not a new row.
    /// - Complexity: O(log operations).
    public func origin(ofNew path: ItemPath) -> BatchUpdateLayout.CellOrigin? {
        guard path.section >= 0, path.section < newCounts.count, path.item >= 0, path.item < newCounts[path.section] else { return nil }
        guard case .kept(let oldSection) = sections[path.section], !newCells.contains(path) else { return .inserted }
        let old: ItemPath
        if let source = moveSource[path] {
            old = source
        } else {
            let rank = path.item - countBelow(path.item, in: filled[path.section] ?? [])
            old = ItemPath(section: oldSection, item: shiftedForward(rank, by: removed[oldSection] ?? []))
        }
        return reconfigured.contains(old) ? .reconfigured(old: old) : .kept(old: old)
    }
}

extension BatchUpdateValidator {
    /// UIKit's placement of cells after `batch` from views with `old` row counts to `new`, one row
    /// at a time (see ``BatchUpdateRowMap``); the counts are all it reads, as ``layout(of:from:to:)``.
    ///
    /// - Throws: the first violation of rules 1–15 (or the table view's `reloadData` fallback),
    ///   as ``layout(of:from:to:)``.
    /// - Complexity: O(sections + operations · log operations), whatever the row count.
    package func rowMap(of batch: BatchUpdate, fromCounts old: [Int], toCounts new: [Int]) throws(BatchUpdateViolation) -> BatchUpdateRowMap
    {
        let analysis = BatchAnalysis(view: view, batch: batch, old: old.map { max(0, $0) }, new: new.map { max(0, $0) })
        if let first = analysis.operationViolations().first { throw first }
        let counted = analysis.countViolations()
        if let first = counted.violations.first { throw first }
        guard let map = counted.map else {
            preconditionFailure("count phase returned neither a violation nor a section map")
        }
        return BatchUpdateRowMap(analysis, map: map)
    }
}
