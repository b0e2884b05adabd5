/// The structural stages: section and row deletes, inserts and moves.
extension Stager {
    /// Appends one batch when no row operation touches a moving section, else sections then rows (S1).
    /// `currentRows` gives the rows by old section after the content stages (nil when there were
    /// none: the old rows); it is called only when the structure takes two batches.
    /// - Complexity: O(S + C log C).
    @inlinable
    static func appendStructuralStages(
        _ diff: SectionedDiff<Section>, currentRows: () -> [[Section.Row]]?,
        to stages: inout [Stage]
    ) {
        // Read in place: binding `diff.changeset` to a constant would copy its eight arrays.
        // Rows of deleted and inserted sections are implicit: UIKit drops them, the section carries
        // them. Without such sections the lists are taken as they are (no set, no copy).
        var rowDeletes = diff.changeset.itemDeletes, rowInserts = diff.changeset.itemInserts
        if !diff.changeset.sectionDeletes.isEmpty {
            rowDeletes = rows(
                rowDeletes, outside: diff.changeset.sectionDeletes, sectionCount: diff.old.count,
                rowCounts: { diff.old[$0].rows.count })
        }
        if !diff.changeset.sectionInserts.isEmpty {
            rowInserts = rows(
                rowInserts, outside: diff.changeset.sectionInserts, sectionCount: diff.new.count,
                rowCounts: { diff.new[$0].rows.count })
        }
        let rowMoves = diff.changeset.itemMoves
        let sectionOps =
            !(diff.changeset.sectionDeletes.isEmpty && diff.changeset.sectionInserts.isEmpty
            && diff.changeset.sectionMoves.isEmpty)
        let rowOps = !(rowDeletes.isEmpty && rowInserts.isEmpty && rowMoves.isEmpty)
        guard sectionOps || rowOps else { return }

        if !touchesMovingSection(
            diff.changeset.sectionMoves, oldCount: diff.old.count, newCount: diff.new.count,
            rowDeletes, rowInserts, rowMoves)
        {
            let update = BatchUpdate(
                sectionDeletes: diff.changeset.sectionDeletes, sectionInserts: diff.changeset.sectionInserts,
                sectionMoves: diff.changeset.sectionMoves, itemDeletes: rowDeletes, itemInserts: rowInserts, itemMoves: rowMoves)
            stages.append(Stage(update: update, data: diff.new))
            return
        }

        // a. Sections only: every surviving section carries its rows as they are now (old order,
        //    content already updated); inserted sections arrive complete.
        let currentRows = currentRows()
        let afterSections = diff.new.indices.map { t -> Section in
            guard let o = diff.oldIndex(ofNewSection: t) else { return diff.new[t] }
            return Section(source: diff.new[t], rows: currentRows?[o] ?? diff.old[o].rows)
        }
        let sectionStage = Stage(
            update: BatchUpdate(
                sectionDeletes: diff.changeset.sectionDeletes, sectionInserts: diff.changeset.sectionInserts,
                sectionMoves: diff.changeset.sectionMoves),
            data: afterSections)

        // b. Rows only: batch a moved no row, so an old row's position after it is its old
        //    position with the section renumbered.
        func afterA(_ p: ItemPath) -> ItemPath {
            guard let t = diff.newIndex(ofOldSection: p.section) else {
                preconditionFailure("RowDiff: a row change in deleted section \(p.section) is not implicit")
            }
            return ItemPath(section: t, item: p.item)
        }
        let rowStage = Stage(
            update: BatchUpdate(
                itemDeletes: renumbered(rowDeletes, diff), itemInserts: rowInserts,
                itemMoves: rowMoves.map { Move(from: afterA($0.from), to: $0.to) }),
            data: diff.new)
        stages.append(sectionStage)
        stages.append(rowStage)
    }

    /// The paths of `paths` whose section is not in `sections` (each below `sectionCount`), in
    /// their order, with `rowCounts(s)` the number of rows of section s (the reserve: every row
    /// of a dropped section is normally listed). Paths come in runs of one section (the lists are
    /// sorted): each run is kept or dropped whole, kept ones copied in one piece. Removing in place
    /// from a copy first copied every path, the rows of whole deleted sections included.
    /// - Complexity: O(paths + sectionCount).
    @inlinable
    static func rows(
        _ paths: [ItemPath], outside sections: [Int], sectionCount: Int,
        rowCounts: (Int) -> Int
    ) -> [ItemPath] {
        let dropped = SectionFlags.marking(sections, count: sectionCount)
        var droppedRows = 0
        for section in sections { droppedRows += rowCounts(section) }
        var result = [ItemPath]()
        result.reserveCapacity(max(0, paths.count - droppedRows))
        paths.withUnsafeBufferPointer { paths in
            var start = 0
            while start < paths.count {
                let section = paths[start].section
                var end = start + 1
                while end < paths.count && paths[end].section == section { end += 1 }
                if !dropped[section] { result.append(contentsOf: paths[start..<end]) }
                start = end
            }
        }
        return result
    }

    /// The old row deletes `deletes` (sorted, none in a deleted section) with each section
    /// renumbered to its new index, sorted. The sorted input is a run per old section, and
    /// renumbering keeps each run sorted, so only the runs are ordered (by new section): O(D + S
    /// log S) instead of a sort of every path.
    /// - Complexity: O(D + S log S) for D deletes in S sections; O(D log D) if `deletes` is not sorted.
    @inlinable
    static func renumbered(_ deletes: [ItemPath], _ diff: SectionedDiff<Section>) -> [ItemPath] {
        func renumber(_ path: ItemPath) -> ItemPath {
            guard let section = diff.newIndex(ofOldSection: path.section) else {
                preconditionFailure("RowDiff: a row change in deleted section \(path.section) is not implicit")
            }
            return ItemPath(section: section, item: path.item)
        }
        return deletes.withUnsafeBufferPointer { deletes in
            guard deletes.count > 1, deletes.indices.dropFirst().allSatisfy({ deletes[$0 - 1] < deletes[$0] }) else {
                return deletes.map(renumber).sorted()
            }
            // (new section, first index, end) of each old section's run.
            var runs: [(section: Int, start: Int, end: Int)] = []
            runs.reserveCapacity(diff.old.count)
            var start = 0
            while start < deletes.count {
                var end = start + 1
                while end < deletes.count && deletes[end].section == deletes[start].section { end += 1 }
                runs.append((renumber(deletes[start]).section, start, end))
                start = end
            }
            runs.sort { $0.section < $1.section }
            var result = [ItemPath]()
            result.reserveCapacity(deletes.count)
            for run in runs {
                for index in run.start..<run.end { result.append(ItemPath(section: run.section, item: deletes[index].item)) }
            }
            return result
        }
    }

    /// Whether a row operation touches a section that moves (S1). Nothing is built when no
    /// section moves (every flat list).
    @inlinable
    static func touchesMovingSection(
        _ sectionMoves: [Move<Int>], oldCount: Int, newCount: Int, _ rowDeletes: [ItemPath],
        _ rowInserts: [ItemPath], _ rowMoves: [Move<ItemPath>]
    ) -> Bool {
        guard !sectionMoves.isEmpty else { return false }
        let movingOld = SectionFlags.marking(sectionMoves.lazy.map(\.from), count: oldCount)
        let movingNew = SectionFlags.marking(sectionMoves.lazy.map(\.to), count: newCount)
        return rowDeletes.contains { movingOld[$0.section] }
            || rowInserts.contains { movingNew[$0.section] }
            || rowMoves.contains { movingOld[$0.from.section] || movingNew[$0.to.section] }
    }
}
