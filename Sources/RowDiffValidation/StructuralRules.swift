import RowDiff

/// Rules 1–16 of Sources/RowDiffValidation/Documentation.docc/BatchRules.md: the checks on which UIKit throws
/// `NSInternalInconsistencyException` (and the table view's silent `reloadData` fallback).
///
/// They run in two phases, as UIKit does: first every operation on its own (bounds, conflicts,
/// duplicate moves), then the counts. The count phase only runs when the first is clean, because
/// an out-of-bounds or conflicting operation makes every count after it meaningless; reporting
/// both would bury the cause under its consequences.

/// Old section ↔ new section, as UIKit builds it: deleted sections disappear, moved sections go
/// to their destination, every other old section fills the remaining new slots in ascending order.
struct SectionMap {
    /// Old section → new section, −1 when deleted or reloaded.
    var oldToNew: [Int]
    /// New section → old section, −1 when inserted or the insert half of a reload.
    var newToOld: [Int]
}

extension BatchAnalysis {
    func violation(
        _ rule: BatchUpdateViolation.Rule, sections: [Int] = [], paths: [ItemPath] = [],
        counts: BatchUpdateViolation.Counts? = nil, _ detail: String
    ) -> BatchUpdateViolation {
        BatchUpdateViolation(rule: rule, view: view, sections: sections, indexPaths: paths, counts: counts, detail: detail)
    }

    /// Rule 16: the data source's counts before the batch must be the counts the view shows.
    func staleViewViolation(viewCounts: [Int]) -> BatchUpdateViolation? {
        guard viewCounts != old else { return nil }
        let differing = (0..<max(viewCounts.count, old.count)).filter {
            $0 >= viewCounts.count || $0 >= old.count || viewCounts[$0] != old[$0]
        }
        return violation(
            .countsChangedOutsideUpdate, sections: differing,
            "the data source reports row counts \(old) before the update, but the view shows \(viewCounts): "
                + "the data changed outside the update block")
    }

    // MARK: Phase 1: each operation

    /// Rules 1–13 and the table view's `reloadData` fallback (3, 7), ordered by rule number.
    /// - Complexity: O(operations · log operations).
    func operationViolations() -> [BatchUpdateViolation] {
        var found = sectionOperationViolations()
        found += rowOperationViolations()
        // UIKit throws at the first; order them by rule so `first` is the most fundamental.
        return found.enumerated().sorted { lhs, rhs in
            let l = lhs.element.rule.sortKey
            let r = rhs.element.rule.sortKey
            return l != r ? l < r : lhs.offset < rhs.offset
        }.map(\.element)
    }

    private func sectionOperationViolations() -> [BatchUpdateViolation] {
        var found: [BatchUpdateViolation] = []
        let oldSections = "the view had \(old.count) \(sectionsWord(old.count)) before the update"
        let newSections = "the data source reports \(new.count) \(sectionsWord(new.count)) after the update"

        // Rule 4 (and the delete half of section reloads).
        for s in sectionDeletes where !oldContains(section: s) {
            found.append(violation(.sectionDeleteOutOfBounds, sections: [s], "section delete \(s) is out of bounds: \(oldSections)"))
        }
        for s in sectionReloads where !oldContains(section: s) {
            found.append(violation(.sectionDeleteOutOfBounds, sections: [s], "section reload \(s) is out of bounds: \(oldSections)"))
        }
        // Rule 1: sections compare as section items.
        for s in sectionReloads.uniqued() where sectionDeleteSet.contains(s) {
            found.append(violation(.reloadAndDeleteSameIndexPath, sections: [s], "section \(s) is both reloaded and deleted (old index)"))
        }
        // Rule 8 (and the insert half of section reloads).
        for s in sectionInserts where !newContains(section: s) {
            found.append(violation(.sectionInsertOutOfBounds, sections: [s], "section insert \(s) is out of bounds: \(newSections)"))
        }
        for half in sectionReloadInserts where !newContains(section: half.new) {
            found.append(
                violation(
                    .sectionInsertOutOfBounds, sections: [half.new],
                    "the insert half of section reload \(half.old) lands at new section \(half.new), out of bounds: \(newSections)"))
        }
        let insertSet = Set(sectionInserts)
        let reloadHalfByNew = Dictionary(sectionReloadInserts.map { ($0.new, $0.old) }, uniquingKeysWith: { a, _ in a })
        for move in batch.sectionMoves {
            // Rule 10.
            if !oldContains(section: move.from) {
                found.append(
                    violation(
                        .sectionMoveOutOfBounds, sections: [move.from, move.to],
                        "section move \(move) is out of bounds: its source does not exist, \(oldSections)"))
            }
            if !newContains(section: move.to) {
                found.append(
                    violation(
                        .sectionMoveOutOfBounds, sections: [move.from, move.to],
                        "section move \(move) is out of bounds: its destination does not exist, \(newSections)"))
            }
            // Rule 2.
            if sectionDeleteSet.contains(move.from) {
                found.append(
                    violation(
                        .deleteOfMoveSource, sections: [move.from],
                        "section \(move.from) is deleted and is the source of section move \(move) (old index)"))
            }
            if sectionReloadSet.contains(move.from) {
                found.append(
                    violation(
                        .deleteOfMoveSource, sections: [move.from],
                        "section \(move.from) is reloaded (a delete plus an insert) and is the source of section move \(move) (old index)"))
            }
            // Rule 6.
            if insertSet.contains(move.to) {
                found.append(
                    violation(
                        .insertAtMoveDestination, sections: [move.to],
                        "section insert \(move.to) is the destination of section move \(move) (new index)"))
            }
            if let reloaded = reloadHalfByNew[move.to] {
                found.append(
                    violation(
                        .insertAtMoveDestination, sections: [move.to],
                        "the insert half of section reload \(reloaded), at new section \(move.to), is the destination of section move \(move)"
                    ))
            }
        }
        // Rules 12, 13.
        for (from, moves) in batch.sectionMoves.grouped(by: \.from) where moves.count > 1 {
            found.append(
                violation(
                    .sourceMovedTwice, sections: [from],
                    "section \(from) is the source of \(moves.count) section moves: \(moves.listed) (old index)"))
        }
        for (to, moves) in batch.sectionMoves.grouped(by: \.to) where moves.count > 1 {
            found.append(
                violation(
                    .destinationMovedToTwice, sections: [to],
                    "section \(to) is the destination of \(moves.count) section moves: \(moves.listed) (new index)"))
        }
        return found
    }

    private func rowOperationViolations() -> [BatchUpdateViolation] {
        var found: [BatchUpdateViolation] = []
        // Rule 5: deletes, the delete half of reloads, and reconfigures (a reconfigure names an
        // existing cell; there is none outside the old bounds).
        for p in itemDeletes where !oldContains(p) {
            found.append(violation(.rowDeleteOutOfBounds, paths: [p], "row delete \(p) is out of bounds: \(describeOld(p))"))
        }
        for p in itemReloads where !oldContains(p) {
            found.append(violation(.rowDeleteOutOfBounds, paths: [p], "row reload \(p) is out of bounds: \(describeOld(p))"))
        }
        for p in itemReconfigures where !oldContains(p) {
            found.append(violation(.rowDeleteOutOfBounds, paths: [p], "row reconfigure \(p) is out of bounds: \(describeOld(p))"))
        }
        // Rule 1.
        for p in itemReloads.uniqued() where itemDeleteSet.contains(p) {
            found.append(violation(.reloadAndDeleteSameIndexPath, paths: [p], "row \(p) is both reloaded and deleted (old coordinates)"))
        }
        // Rule 9 (and the insert half of reloads, placed at adj(p)).
        for q in itemInserts where !newContains(q) {
            found.append(violation(.rowInsertOutOfBounds, paths: [q], "row insert \(q) is out of bounds: \(describeNew(q))"))
        }
        for half in itemReloadInserts where !newContains(half.new) {
            found.append(
                violation(
                    .rowInsertOutOfBounds, paths: [half.old, half.new],
                    "the insert half of row reload \(half.old) lands at \(half.new), out of bounds: \(describeNew(half.new))"))
        }
        let insertSet = Set(itemInserts)
        let reloadHalfByNew = Dictionary(itemReloadInserts.map { ($0.new, $0.old) }, uniquingKeysWith: { a, _ in a })
        for move in batch.itemMoves {
            // Rule 11.
            if !oldContains(move.from) {
                found.append(
                    violation(
                        .rowMoveOutOfBounds, paths: [move.from, move.to],
                        "row move \(move) is out of bounds: its source does not exist, \(describeOld(move.from))"))
            }
            if !newContains(move.to) {
                found.append(
                    violation(
                        .rowMoveOutOfBounds, paths: [move.from, move.to],
                        "row move \(move) is out of bounds: its destination does not exist, \(describeNew(move.to))"))
            }
            // Rule 2.
            if itemDeleteSet.contains(move.from) {
                found.append(
                    violation(
                        .deleteOfMoveSource, paths: [move.from, move.to],
                        "row \(move.from) is deleted and is the source of row move \(move) (old coordinates)"))
            }
            if itemReloadSet.contains(move.from) {
                found.append(
                    violation(
                        .deleteOfMoveSource, paths: [move.from, move.to],
                        "row \(move.from) is reloaded (the delete half of the reload) and is the source of row move \(move) (old coordinates)"
                    ))
            }
            // Rule 6.
            if insertSet.contains(move.to) {
                found.append(
                    violation(
                        .insertAtMoveDestination, paths: [move.from, move.to],
                        "row insert \(move.to) is the destination of row move \(move) (new coordinates)"))
            }
            if let reloaded = reloadHalfByNew[move.to] {
                found.append(
                    violation(
                        .insertAtMoveDestination, paths: [reloaded, move.to],
                        "the insert half of row reload \(reloaded), at \(move.to), is the destination of row move \(move) (new coordinates)"
                    ))
            }
            // Rules 3, 7: the table view does not throw, it falls back to reloadData.
            if deletedSections.contains(move.from.section) {
                let how = sectionReloadSet.contains(move.from.section) ? "reloaded" : "deleted"
                found.append(
                    view == .tableView
                        ? violation(
                            .reloadDataFallback, sections: [move.from.section], paths: [move.from, move.to],
                            "row move \(move) leaves old section \(move.from.section), which is \(how); "
                                + "UITableView falls back to reloadData and loses the animation (rule 3)")
                        : violation(
                            .moveOutOfDeletedSection, sections: [move.from.section], paths: [move.from, move.to],
                            "row move \(move) leaves old section \(move.from.section), which is \(how)"))
            }
            if insertedSections.contains(move.to.section) {
                let how = sectionReloadInserts.contains { $0.new == move.to.section } ? "the insert half of a section reload" : "inserted"
                found.append(
                    view == .tableView
                        ? violation(
                            .reloadDataFallback, sections: [move.to.section], paths: [move.from, move.to],
                            "row move \(move) enters new section \(move.to.section), which is \(how); "
                                + "UITableView falls back to reloadData and loses the animation (rule 7)")
                        : violation(
                            .moveIntoInsertedSection, sections: [move.to.section], paths: [move.from, move.to],
                            "row move \(move) enters new section \(move.to.section), which is \(how)"))
            }
        }
        // Rules 12, 13.
        for (from, moves) in batch.itemMoves.grouped(by: \.from) where moves.count > 1 {
            found.append(
                violation(
                    .sourceMovedTwice, paths: [from],
                    "row \(from) is the source of \(moves.count) row moves: \(moves.listed) (old coordinates)"))
        }
        for (to, moves) in batch.itemMoves.grouped(by: \.to) where moves.count > 1 {
            found.append(
                violation(
                    .destinationMovedToTwice, paths: [to],
                    "row \(to) is the destination of \(moves.count) row moves: \(moves.listed) (new coordinates)"))
        }
        return found
    }

    // MARK: Phase 2: counts

    /// Rules 14 and 15, and the section map when they hold. Call only when phase 1 is clean:
    /// it relies on in-bounds, conflict-free operations.
    /// - Complexity: O(sections + operations).
    func countViolations() -> (violations: [BatchUpdateViolation], map: SectionMap?) {
        // Rule 14. Section reloads add one insert and one delete each and cancel out.
        let sectionTerms = BatchUpdateViolation.Counts(
            actual: new.count, old: old.count, inserted: sectionInserts.count, deleted: sectionDeletes.count)
        if sectionTerms.actual != sectionTerms.expected {
            return (
                [
                    violation(
                        .sectionCountMismatch, counts: sectionTerms,
                        "the data source reports \(new.count) \(sectionsWord(new.count)) after the update, expected "
                            + "\(sectionTerms.expected) = \(old.count) old + \(sectionTerms.inserted) inserted − \(sectionTerms.deleted) deleted"
                    )
                ], nil
            )
        }
        guard let map = sectionMap() else {
            // Only reachable with duplicates a collection view counts twice: the totals agree but
            // the distinct sections do not.
            let survivors = (0..<old.count).count(where: { !deletedSections.contains($0) && sectionMoveTarget[$0] == nil })
            let free = (0..<new.count).count(where: { !insertedSections.contains($0) && sectionMoveSource[$0] == nil })
            return (
                [
                    violation(
                        .sectionCountMismatch, counts: sectionTerms,
                        "\(survivors) old \(sectionsWord(survivors)) stay in place but \(free) new \(sectionsWord(free)) are left for them: "
                            + "duplicate section deletes or inserts are counted twice by the totals but act once")
                ], nil
            )
        }
        return (rowCountViolations(map), map)
    }

    /// UIKit's section placement. `nil` when the survivors do not fit the free slots.
    func sectionMap() -> SectionMap? {
        var oldToNew = [Int](repeating: -1, count: old.count)
        var newToOld = [Int](repeating: -1, count: new.count)
        var taken = [Bool](repeating: false, count: new.count)
        for s in insertedSections { taken[s] = true }
        for (from, to) in sectionMoveTarget {
            oldToNew[from] = to
            newToOld[to] = from
            taken[to] = true
        }
        var next = 0
        for o in 0..<old.count where !deletedSections.contains(o) && sectionMoveTarget[o] == nil {
            while next < new.count && taken[next] { next += 1 }
            guard next < new.count else { return nil }
            oldToNew[o] = next
            newToOld[next] = o
            next += 1
        }
        while next < new.count && taken[next] { next += 1 }
        return next == new.count ? SectionMap(oldToNew: oldToNew, newToOld: newToOld) : nil
    }

    /// Rule 15 for every new section with an old counterpart.
    private func rowCountViolations(_ map: SectionMap) -> [BatchUpdateViolation] {
        var deleted = [Int](repeating: 0, count: old.count)
        var movedOut = [Int](repeating: 0, count: old.count)
        var inserted = [Int](repeating: 0, count: new.count)
        var movedIn = [Int](repeating: 0, count: new.count)
        // Row deletes inside a deleted section and inserts inside an inserted one are dropped.
        for p in itemDeletes where !deletedSections.contains(p.section) { deleted[p.section] += 1 }
        for p in itemReloads where !deletedSections.contains(p.section) { deleted[p.section] += 1 }
        for q in itemInserts where !insertedSections.contains(q.section) { inserted[q.section] += 1 }
        for half in itemReloadInserts where !insertedSections.contains(half.new.section) { inserted[half.new.section] += 1 }
        for move in batch.itemMoves where map.oldToNew[move.from.section] != move.to.section {
            movedOut[move.from.section] += 1
            movedIn[move.to.section] += 1
        }
        var found: [BatchUpdateViolation] = []
        for t in 0..<new.count where map.newToOld[t] >= 0 {
            let o = map.newToOld[t]
            let terms = BatchUpdateViolation.Counts(
                actual: new[t], old: old[o], inserted: inserted[t], deleted: deleted[o], movedIn: movedIn[t], movedOut: movedOut[o])
            guard terms.actual != terms.expected else { continue }
            let which = o == t ? "section \(t)" : "section \(t) (section \(o) before the update)"
            found.append(
                violation(
                    .rowCountMismatch, sections: [t], counts: terms,
                    "\(which) has \(terms.actual) \(rows(terms.actual)) after the update, expected \(terms.expected) = "
                        + "\(terms.old) old + \(terms.inserted) inserted − \(terms.deleted) deleted + \(terms.movedIn) moved in − \(terms.movedOut) moved out"
                ))
        }
        if found.isEmpty { found = duplicateCountViolations(map) }
        return found
    }

    /// The totals can agree while the distinct rows do not: a collection view counts a duplicate
    /// delete twice, and an explicit insert may coincide with a reload's insert half. UIKit then
    /// has more (or fewer) free slots than kept rows; report it as rule 15 rather than guess.
    private func duplicateCountViolations(_ map: SectionMap) -> [BatchUpdateViolation] {
        var removed = [Int](repeating: 0, count: old.count)
        var taken = [Int](repeating: 0, count: new.count)
        for p in itemDeleteSet.union(itemReloadSet) where !deletedSections.contains(p.section) { removed[p.section] += 1 }
        for q in Set(itemInserts + itemReloadInserts.map(\.new)) where !insertedSections.contains(q.section) { taken[q.section] += 1 }
        for move in batch.itemMoves {
            removed[move.from.section] += 1
            taken[move.to.section] += 1
        }
        var found: [BatchUpdateViolation] = []
        for t in 0..<new.count where map.newToOld[t] >= 0 {
            let o = map.newToOld[t]
            let kept = old[o] - removed[o]
            let free = new[t] - taken[t]
            guard kept != free else { continue }
            found.append(
                violation(
                    .rowCountMismatch, sections: [t],
                    "section \(t) has \(free) free \(rows(free)) after the update for the \(kept) \(rows(kept)) that stay from old section \(o): "
                        + "duplicate index paths are counted twice by the totals but act once"))
        }
        return found
    }
}

extension BatchUpdateViolation.Rule {
    /// UIKit's order of severity: rule number; the table view's fallback ranks with rule 3.
    var sortKey: Double {
        if let number { return Double(number) }
        return self == .reloadDataFallback ? 3.5 : 100
    }
}

extension Array {
    /// Elements grouped by key, groups in order of first appearance.
    /// - Complexity: O(n).
    func grouped<Key: Hashable>(by key: (Element) -> Key) -> [(Key, [Element])] {
        var index: [Key: Int] = [:]
        var groups: [(Key, [Element])] = []
        index.reserveCapacity(count)
        groups.reserveCapacity(count)
        for element in self {
            let k = key(element)
            if let i = index[k] {
                groups[i].1.append(element)
            } else {
                index[k] = groups.count
                groups.append((k, [element]))
            }
        }
        return groups
    }
}
