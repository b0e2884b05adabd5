/// Applying a changeset to arrays, with the semantics of one UIKit batch update.
extension Changeset {
    /// The model a list view shows after this changeset is applied to `old` as one batch, taking
    /// inserted and updated values from `new`: for the changeset a diff of `old` and `new`
    /// produced, the result equals `new`.
    ///
    /// UIKit's reconstruction: deleted sections disappear; moved sections go to their
    /// destination; every other old section fills the remaining new slots in ascending order.
    /// Inside a section, inserted slots take the new rows, move destinations take the moved rows,
    /// and the remaining slots take the section's remaining old rows in their old order. Updated
    /// sections and rows, and inserted ones, take their values from `new`; everything else keeps
    /// its value from `old`.
    ///
    /// `inverse` goes back: `changeset.inverse.applied(to: new, inserting: old) == old`.
    ///
    /// - Precondition: the changeset fits the arrays (indices in bounds, section counts
    ///   consistent), as every changeset of a diff of `old` and `new` does.
    /// - Complexity: O(S + R + C) for S sections, R rows of `old` and `new`, and C changes.
    @inlinable
    public func applied<S: DiffableSection>(to old: [S], inserting new: [S]) -> [S] {
        let sectionCount = old.count - sectionDeletes.count + sectionInserts.count
        precondition(
            sectionCount == new.count,
            "Changeset.applied: \(old.count) old − \(sectionDeletes.count) deleted + \(sectionInserts.count) inserted sections ≠ \(new.count) new"
        )
        let origin = sectionOrigins(oldCount: old.count, newCount: new.count)

        // Per-section lists, each by the section it lives in.
        var removed = old.map { [Bool](repeating: false, count: $0.rows.count) }
        for p in itemDeletes { removed[p.section][p.item] = true }
        for move in itemMoves { removed[move.from.section][move.from.item] = true }
        var placed = new.map { [S.Row?](repeating: nil, count: $0.rows.count) }
        func place(_ row: S.Row, at q: ItemPath) {
            precondition(placed[q.section][q.item] == nil, "Changeset.applied: two rows land on new \(q)")
            placed[q.section][q.item] = row
        }
        for q in itemInserts { place(new[q.section].rows[q.item], at: q) }
        for move in itemMoves { place(old[move.from.section].rows[move.from.item], at: move.to) }
        let updatedSections = Set(sectionUpdates.map { $0.to })

        var result: [S] = []
        result.reserveCapacity(new.count)
        for t in new.indices {
            var rows: [S.Row] = []
            rows.reserveCapacity(new[t].rows.count)
            let o = origin[t]
            // The section's remaining old rows, in old order, fill the slots nothing landed on.
            var next = 0
            func nextRemaining(_ o: Int) -> Int? {
                while next < removed[o].count && removed[o][next] { next += 1 }
                defer { next += 1 }
                return next < removed[o].count ? next : nil
            }
            for slot in placed[t].indices {
                if let row = placed[t][slot] {
                    rows.append(row)
                } else if let o, let i = nextRemaining(o) {
                    rows.append(old[o].rows[i])
                } else {
                    preconditionFailure("Changeset.applied: new section \(t) has \(new[t].rows.count) rows, the changeset fills fewer")
                }
            }
            if let o {
                precondition(nextRemaining(o) == nil, "Changeset.applied: new section \(t) would get more rows than \(new[t].rows.count)")
            }
            let source = o == nil || updatedSections.contains(t) ? new[t] : old[o!]
            result.append(S(source: source, rows: rows))
        }
        for update in itemUpdates {
            var section = result[update.to.section].rows
            section[update.to.item] = new[update.to.section].rows[update.to.item]
            result[update.to.section] = S(source: result[update.to.section], rows: section)
        }
        return result
    }

    /// The old section each new section comes from (`nil`: inserted), by UIKit's fill rule.
    /// - Complexity: O(old + new sections).
    @inlinable
    func sectionOrigins(oldCount: Int, newCount: Int) -> [Int?] {
        var origin = [Int?](repeating: nil, count: newCount)
        var taken = [Bool](repeating: false, count: newCount)
        var gone = [Bool](repeating: false, count: oldCount)
        for t in sectionInserts { taken[t] = true }
        for s in sectionDeletes { gone[s] = true }
        for move in sectionMoves {
            origin[move.to] = move.from
            taken[move.to] = true
            gone[move.from] = true
        }
        var next = 0
        for t in 0..<newCount where !taken[t] {
            while next < oldCount && gone[next] { next += 1 }
            precondition(next < oldCount, "Changeset.applied: too few old sections to fill new section \(t)")
            origin[t] = next
            next += 1
        }
        return origin
    }
}

extension SectionedDiff {
    /// `sections` (the diff's old model) with the changeset applied as one batch; equals `new`.
    /// - Complexity: O(S + R + C).
    @inlinable
    public func applied(to sections: [Section]) -> [Section] {
        changeset.applied(to: sections, inserting: new)
    }
}

extension ListDiff {
    /// `rows` (the diff's old list) with the changes applied as one batch; equals `new`.
    /// - Complexity: O(R + C).
    @inlinable
    public func applied(to rows: [Row]) -> [Row] {
        sectioned.changeset.applied(to: [FlatSection(rows: rows)], inserting: sectioned.new)[0].rows
    }
}
