import RowDiff

/// The strict ("safe") profile, S1–S6 of Sources/RowDiffValidation/Documentation.docc/BatchRules.md: batches UIKit's checks accept but that
/// crash or mis-animate on real devices. RowDiff's stager emits nothing that breaks them.
///
/// S3 (rows moving out of deleted or into inserted sections) is not checked here: UIKit already
/// rejects every such move in both profiles (rule 3, rule 7 or the table view's `reloadData`
/// fallback). S2 does not repeat rule 2 (a reloaded row that is itself a move source); it adds the
/// moves UIKit cannot see — a reloaded row whose section moves, or that other moves shift away
/// from the slot its insert half lands on.
extension BatchAnalysis {
    /// All strict violations, in S-order. `map` (from phase 2) enables the S2 shift check.
    /// - Complexity: O(operations · log operations).
    func strictViolations(map: SectionMap?) -> [BatchUpdateViolation] {
        var found = movingSectionViolations()
        if let map { found += movingReloadViolations(map) }
        found += duplicateViolations()
        found += mixedReloadViolations()
        found += reconfigureViolations()
        return found
    }

    /// S1: no row operation touches a section that moves (a move with from == to included: it is
    /// still a moving section to UIKit's animator).
    private func movingSectionViolations() -> [BatchUpdateViolation] {
        guard !batch.sectionMoves.isEmpty else { return [] }
        var found: [BatchUpdateViolation] = []
        func movingOld(_ p: ItemPath) -> String? {
            sectionMoveTarget[p.section].map { "old section \(p.section), which moves (section move \(p.section)→\($0))" }
        }
        func movingNew(_ q: ItemPath) -> String? {
            sectionMoveSource[q.section].map { "new section \(q.section), which moves (section move \($0)→\(q.section))" }
        }
        for (name, list) in [
            ("row delete", batch.itemDeletes), ("row reload", batch.itemReloads), ("row reconfigure", batch.itemReconfigures),
        ] {
            for p in list.uniqued() {
                if let where_ = movingOld(p) {
                    found.append(violation(.strictS1, sections: [p.section], paths: [p], "\(name) \(p) is in \(where_) in the same batch"))
                }
            }
        }
        for q in batch.itemInserts.uniqued() {
            if let where_ = movingNew(q) {
                found.append(violation(.strictS1, sections: [q.section], paths: [q], "row insert \(q) is in \(where_) in the same batch"))
            }
        }
        for move in batch.itemMoves.uniqued() {
            let ends = [movingOld(move.from).map { "leaves \($0)" }, movingNew(move.to).map { "enters \($0)" }].compactMap { $0 }
            if !ends.isEmpty {
                found.append(
                    violation(
                        .strictS1, sections: [move.from.section, move.to.section], paths: [move.from, move.to],
                        "row move \(move) \(ends.joined(separator: " and ")) in the same batch"))
            }
        }
        return found
    }

    /// S2: a reloaded row must stay where its insert half lands. UIKit places the insert half at
    /// adj(p), shifted by explicit deletes and inserts only; when the batch's moves carry the row
    /// elsewhere, the new cell appears in the wrong place.
    private func movingReloadViolations(_ map: SectionMap) -> [BatchUpdateViolation] {
        guard !itemReloadInserts.isEmpty, !(batch.itemMoves.isEmpty && batch.sectionMoves.isEmpty) else { return [] }
        var removedBySection: [Int: [Int]] = [:]
        var takenBySection: [Int: [Int]] = [:]
        for p in itemDeleteSet.union(itemReloadSet) { removedBySection[p.section, default: []].append(p.item) }
        for q in Set(itemInserts + itemReloadInserts.map(\.new)) { takenBySection[q.section, default: []].append(q.item) }
        for move in batch.itemMoves {
            removedBySection[move.from.section, default: []].append(move.from.item)
            takenBySection[move.to.section, default: []].append(move.to.item)
        }
        for key in removedBySection.keys { removedBySection[key]!.sort() }
        for key in takenBySection.keys { takenBySection[key]!.sort() }
        let moveSources = Set(batch.itemMoves.map(\.from))

        var found: [BatchUpdateViolation] = []
        for (p, q) in itemReloadInserts.uniqued(by: \.old)
        where !deletedSections.contains(p.section) && !moveSources.contains(p) && newContains(q) {
            let t = map.oldToNew[p.section]
            guard t == q.section else {
                found.append(
                    violation(
                        .strictS2, sections: [p.section, t], paths: [p, q],
                        "row reload \(p) re-inserts at \(q) (adj shifts by deletes and inserts only), but its section moves to new section \(t)"
                    ))
                continue
            }
            // The row's rank among the old rows that stay must equal its slot's rank among the
            // free new slots; otherwise the moves around it would have put it elsewhere.
            let keptBefore = p.item - countBelow(p.item, in: removedBySection[p.section] ?? [])
            let taken = takenBySection[t] ?? []
            let slotRank = q.item - countBelow(q.item, in: taken)
            guard keptBefore != slotRank else { continue }
            let wouldBe = shiftedForward(keptBefore < slotRank ? keptBefore : keptBefore - 1, by: taken)
            found.append(
                violation(
                    .strictS2, sections: [t], paths: [p, q],
                    "row reload \(p) re-inserts at \(q), but the moves in the batch shift that row to \(ItemPath(section: t, item: wouldBe)); "
                        + "reload it in a batch of its own"))
        }
        return found
    }

    /// S4: no duplicate within any list.
    private func duplicateViolations() -> [BatchUpdateViolation] {
        var found: [BatchUpdateViolation] = []
        func sections(_ name: String, _ list: [Int], space: String) {
            for (s, n) in list.repeatedOccurrences() {
                found.append(violation(.strictS4, sections: [s], "section \(name) \(s) is listed \(n) times (\(space) index)"))
            }
        }
        func paths(_ name: String, _ list: [ItemPath], space: String) {
            for (p, n) in list.repeatedOccurrences() {
                found.append(violation(.strictS4, paths: [p], "row \(name) \(p) is listed \(n) times (\(space) coordinates)"))
            }
        }
        sections("delete", batch.sectionDeletes, space: "old")
        sections("insert", batch.sectionInserts, space: "new")
        sections("reload", batch.sectionReloads, space: "old")
        for (move, n) in batch.sectionMoves.repeatedOccurrences() {
            found.append(violation(.strictS4, sections: [move.from, move.to], "section move \(move) is listed \(n) times"))
        }
        paths("delete", batch.itemDeletes, space: "old")
        paths("insert", batch.itemInserts, space: "new")
        paths("reload", batch.itemReloads, space: "old")
        paths("reconfigure", batch.itemReconfigures, space: "old")
        for (move, n) in batch.itemMoves.repeatedOccurrences() {
            found.append(violation(.strictS4, paths: [move.from, move.to], "row move \(move) is listed \(n) times"))
        }
        return found
    }

    /// S5: reloads only in a batch of their own (row and section reloads may share one).
    private func mixedReloadViolations() -> [BatchUpdateViolation] {
        let b = batch
        let reloads = b.sectionReloads.count + b.itemReloads.count
        let deletes = b.sectionDeletes.count + b.itemDeletes.count
        let inserts = b.sectionInserts.count + b.itemInserts.count
        let moves = b.sectionMoves.count + b.itemMoves.count
        guard reloads > 0, deletes + inserts + moves > 0 else { return [] }
        return [
            violation(
                .strictS5, sections: b.sectionReloads, paths: b.itemReloads,
                "the batch reloads \(b.itemReloads.count) \(rows(b.itemReloads.count)) and \(b.sectionReloads.count) "
                    + "\(sectionsWord(b.sectionReloads.count)) beside \(deletes) \(deletes == 1 ? "delete" : "deletes"), "
                    + "\(inserts) \(inserts == 1 ? "insert" : "inserts") and \(moves) \(moves == 1 ? "move" : "moves") "
                    + "(rows and sections); put the reloads in a batch of their own")
        ]
    }

    /// S6: reconfigures in a batch of their own, each at a path that exists before and after.
    private func reconfigureViolations() -> [BatchUpdateViolation] {
        guard !batch.itemReconfigures.isEmpty else { return [] }
        var found: [BatchUpdateViolation] = []
        let others = batch.operationCount - batch.itemReconfigures.count
        if others > 0 {
            found.append(
                violation(
                    .strictS6, paths: itemReconfigures,
                    "the batch reconfigures \(itemReconfigures.count) \(rows(itemReconfigures.count)) beside \(others) other "
                        + "\(others == 1 ? "operation" : "operations"); put the reconfigures in a batch of their own"))
        }
        // Out of the old bounds is already rule 5; here: gone from the data source.
        for p in itemReconfigures where oldContains(p) && !newContains(p) {
            found.append(
                violation(
                    .strictS6, paths: [p], "row reconfigure \(p) exists in the view but not in the data source: \(describeNew(p))"))
        }
        return found
    }
}

extension Array where Element: Hashable {
    /// Each element listed more than once, with its number of occurrences, in order of first
    /// appearance. A batch almost never repeats one: one set insertion per element finds that out,
    /// and only repeated elements are counted (grouping every element built an array per element,
    /// a quarter of the validator's time on a 1,000-change batch).
    /// - Complexity: O(n).
    func repeatedOccurrences() -> [(Element, Int)] {
        let repeated = Set(repeatedElements())
        guard !repeated.isEmpty else { return [] }
        var counts: [Element: Int] = [:]
        for element in self where repeated.contains(element) { counts[element, default: 0] += 1 }
        return uniqued().compactMap { element in counts[element].map { (element, $0) } }
    }
}

extension Array {
    /// The elements in order, keeping the first of each key.
    /// - Complexity: O(n).
    func uniqued<Key: Hashable>(by key: (Element) -> Key) -> [Element] {
        var seen = Set<Key>()
        return filter { seen.insert(key($0)).inserted }
    }
}
