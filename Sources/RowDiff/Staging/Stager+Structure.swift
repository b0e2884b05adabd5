/// The structural stages: section and row deletes, inserts and moves.
extension Stager {
    /// Appends one batch when no row operation touches a moving section, else sections then rows (S1).
    /// `currentRows` gives the rows by old section after the content stages (nil when there were
    /// none: the old rows); it is called only when the structure takes two batches.
    /// - Complexity: O(S + C log C).
    @inlinable
    static func appendStructuralStages(_ diff: SectionedDiff<Section>, currentRows: () -> [[Section.Row]]?,
                                       to stages: inout [Stage]) {
        // Read in place: binding `diff.changeset` to a constant would copy its eight arrays.
        // Rows of deleted and inserted sections are implicit: UIKit drops them, the section carries
        // them. Without such sections the lists are taken as they are (no set, no copy).
        var rowDeletes = diff.changeset.itemDeletes, rowInserts = diff.changeset.itemInserts
        if !diff.changeset.sectionDeletes.isEmpty {
            let deletedSections = SectionFlags.marking(diff.changeset.sectionDeletes, count: diff.old.count)
            rowDeletes.removeAll { deletedSections[$0.section] }
        }
        if !diff.changeset.sectionInserts.isEmpty {
            let insertedSections = SectionFlags.marking(diff.changeset.sectionInserts, count: diff.new.count)
            rowInserts.removeAll { insertedSections[$0.section] }
        }
        let rowMoves = diff.changeset.itemMoves
        let sectionOps = !(diff.changeset.sectionDeletes.isEmpty && diff.changeset.sectionInserts.isEmpty
            && diff.changeset.sectionMoves.isEmpty)
        let rowOps = !(rowDeletes.isEmpty && rowInserts.isEmpty && rowMoves.isEmpty)
        guard sectionOps || rowOps else { return }

        if !touchesMovingSection(diff.changeset.sectionMoves, oldCount: diff.old.count, newCount: diff.new.count,
                                 rowDeletes, rowInserts, rowMoves) {
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
                itemDeletes: rowDeletes.map(afterA).sorted(), itemInserts: rowInserts,
                itemMoves: rowMoves.map { Move(from: afterA($0.from), to: $0.to) }),
            data: diff.new)
        stages.append(sectionStage)
        stages.append(rowStage)
    }

    /// Whether a row operation touches a section that moves (S1). Nothing is built when no
    /// section moves (every flat list).
    @inlinable
    static func touchesMovingSection(_ sectionMoves: [Move<Int>], oldCount: Int, newCount: Int, _ rowDeletes: [ItemPath],
                                     _ rowInserts: [ItemPath], _ rowMoves: [Move<ItemPath>]) -> Bool {
        guard !sectionMoves.isEmpty else { return false }
        let movingOld = SectionFlags.marking(sectionMoves.lazy.map(\.from), count: oldCount)
        let movingNew = SectionFlags.marking(sectionMoves.lazy.map(\.to), count: newCount)
        return rowDeletes.contains { movingOld[$0.section] }
            || rowInserts.contains { movingNew[$0.section] }
            || rowMoves.contains { movingOld[$0.from.section] || movingNew[$0.to.section] }
    }
}
