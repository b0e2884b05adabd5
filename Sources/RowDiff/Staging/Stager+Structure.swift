/// The structural stages: section and row deletes, inserts and moves.
extension Stager {
    /// One batch when no row operation touches a moving section, else sections then rows (S1).
    /// - Complexity: O(S + C log C).
    @inlinable
    func structuralStages() -> [Stage] {
        let changes = diff.changeset
        // Rows of deleted and inserted sections are implicit: UIKit drops them, the section carries
        // them. Without such sections the lists are taken as they are (no set, no copy).
        var rowDeletes = changes.itemDeletes, rowInserts = changes.itemInserts
        if !changes.sectionDeletes.isEmpty {
            let deletedSections = Set(changes.sectionDeletes)
            rowDeletes.removeAll { deletedSections.contains($0.section) }
        }
        if !changes.sectionInserts.isEmpty {
            let insertedSections = Set(changes.sectionInserts)
            rowInserts.removeAll { insertedSections.contains($0.section) }
        }
        let rowMoves = changes.itemMoves
        let sectionOps = !(changes.sectionDeletes.isEmpty && changes.sectionInserts.isEmpty && changes.sectionMoves.isEmpty)
        let rowOps = !(rowDeletes.isEmpty && rowInserts.isEmpty && rowMoves.isEmpty)
        guard sectionOps || rowOps else { return [] }

        let movingOld = Set(changes.sectionMoves.map { $0.from })
        let movingNew = Set(changes.sectionMoves.map { $0.to })
        let touchesMovingSection = !movingOld.isEmpty && (
            rowDeletes.contains { movingOld.contains($0.section) }
                || rowInserts.contains { movingNew.contains($0.section) }
                || rowMoves.contains { movingOld.contains($0.from.section) || movingNew.contains($0.to.section) })

        if !touchesMovingSection {
            let update = BatchUpdate(
                sectionDeletes: changes.sectionDeletes, sectionInserts: changes.sectionInserts,
                sectionMoves: changes.sectionMoves, itemDeletes: rowDeletes, itemInserts: rowInserts, itemMoves: rowMoves)
            return [Stage(update: update, data: diff.new)]
        }

        // a. Sections only: every surviving section carries its rows as they are now (old order,
        //    content already updated); inserted sections arrive complete.
        let afterSections = diff.new.indices.map { t -> Section in
            guard let o = diff.oldIndex(ofNewSection: t) else { return diff.new[t] }
            return Section(source: diff.new[t], rows: rows[o])
        }
        let sectionStage = Stage(
            update: BatchUpdate(
                sectionDeletes: changes.sectionDeletes, sectionInserts: changes.sectionInserts,
                sectionMoves: changes.sectionMoves),
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
        return [sectionStage, rowStage]
    }
}
