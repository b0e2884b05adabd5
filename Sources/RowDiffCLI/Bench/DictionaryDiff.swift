import RowDiff

/// The diff most pure-Swift list libraries implement, written plainly as the comparison
/// baseline for `rowdiff bench` (engine "dictionary"). It is Heckel's (1978) idea as IGListKit
/// and DeepDiff apply it:
///
/// 1. A `Dictionary` from identity to old index (the first occurrence of a repeated identity wins;
///    later ones are deleted / inserted).
/// 2. Each new element looks its identity up: found and unused → matched, else an insert.
///    Unmatched old elements are deletes. Matched elements whose content differs (`!=`) are updates.
/// 3. Moves by the "index changed" rule: a matched pair (o, i) is a move when
///    `o − (deletes before o) + (inserts before i) ≠ i`, i.e. when the element is not where the
///    deletes and inserts alone would have put it.
///
/// Step 3 is why such libraries emit far more moves than needed: one row moved from the end to
/// the front shifts every other row by one, so all of them count as moved (n moves, not 1). No
/// longest-increasing-subsequence pass is made.
///
/// Sectioned lists: sections are diffed as above; rows are matched through one dictionary over
/// all old rows. A row whose old or new section was deleted or inserted is a delete plus an
/// insert; a row that changes section is a move; a row that stays in its section is a move by
/// the rule of step 3 applied within the section (rows that left or entered the section count as
/// deletes and inserts there).
///
/// - Complexity: O(n + m) expected time and memory (hashing), no sorting.
enum DictionaryDiff {
    struct Result {
        var deletes: [Int] = []
        var inserts: [Int] = []
        var moves: [Move<Int>] = []
        var updates: [Move<Int>] = []
        /// new index → old index, or -1.
        var newToOld: [Int] = []
    }

    struct SectionedResult {
        var sections = Result()
        var itemDeletes: [ItemPath] = []
        var itemInserts: [ItemPath] = []
        var itemMoves: [Move<ItemPath>] = []
        var itemUpdates: [Move<ItemPath>] = []

        var moveCount: Int { sections.moves.count + itemMoves.count }
    }

    static func diff<Row: Identifiable & Equatable>(_ old: [Row], _ new: [Row]) -> Result {
        var result = Result()
        var oldIndex = [Row.ID: Int](minimumCapacity: old.count)
        for (index, row) in old.enumerated() where oldIndex[row.id] == nil { oldIndex[row.id] = index }
        var oldMatched = [Bool](repeating: false, count: old.count)
        result.newToOld = [Int](repeating: -1, count: new.count)
        for (index, row) in new.enumerated() {
            if let o = oldIndex[row.id], !oldMatched[o] {
                oldMatched[o] = true
                result.newToOld[index] = o
            } else {
                result.inserts.append(index)
            }
        }
        // Running counts: deletesBefore[o] and insertsBefore[i].
        var deletesBefore = [Int](repeating: 0, count: old.count)
        var running = 0
        for o in old.indices {
            deletesBefore[o] = running
            if !oldMatched[o] {
                result.deletes.append(o)
                running += 1
            }
        }
        running = 0
        for (i, o) in result.newToOld.enumerated() {
            guard o >= 0 else {
                running += 1
                continue
            }
            if o - deletesBefore[o] + running != i { result.moves.append(Move(from: o, to: i)) }
            if old[o] != new[i] { result.updates.append(Move(from: o, to: i)) }
        }
        return result
    }

    static func diff<Header: Identifiable & Equatable, Row: Identifiable & Equatable>(
        _ old: [ListSection<Header, Row>], _ new: [ListSection<Header, Row>]
    ) -> SectionedResult {
        var result = SectionedResult()
        result.sections = diff(old.map(\.model), new.map(\.model))
        var sectionOldToNew = [Int](repeating: -1, count: old.count)
        for (n, o) in result.sections.newToOld.enumerated() where o >= 0 { sectionOldToNew[o] = n }

        var oldPath = [Row.ID: ItemPath](minimumCapacity: old.reduce(0) { $0 + $1.rows.count })
        for (s, section) in old.enumerated() {
            for (r, row) in section.rows.enumerated() where oldPath[row.id] == nil { oldPath[row.id] = ItemPath(section: s, item: r) }
        }
        var oldMatched = old.map { [Bool](repeating: false, count: $0.rows.count) }
        // Per new section: the old row each new row pairs with, or nil.
        var newToOld = new.map { [ItemPath?](repeating: nil, count: $0.rows.count) }
        for (s, section) in new.enumerated() {
            let newSectionInserted = result.sections.newToOld[s] < 0
            for (r, row) in section.rows.enumerated() {
                let here = ItemPath(section: s, item: r)
                if !newSectionInserted, let from = oldPath[row.id], !oldMatched[from.section][from.item],
                    sectionOldToNew[from.section] >= 0
                {
                    oldMatched[from.section][from.item] = true
                    newToOld[s][r] = from
                    if old[from.section].rows[from.item] != row { result.itemUpdates.append(Move(from: from, to: here)) }
                } else {
                    result.itemInserts.append(here)
                }
            }
        }
        for (s, section) in old.enumerated() {
            for r in section.rows.indices where !oldMatched[s][r] { result.itemDeletes.append(ItemPath(section: s, item: r)) }
        }
        // Step 3 within each surviving section pair; rows that change section always move.
        for (s, pairs) in newToOld.enumerated() {
            let o = result.sections.newToOld[s]
            guard o >= 0 else { continue }
            // An old row of section o "left" when it is unmatched or matched into another section.
            var staysInSection = [Bool](repeating: false, count: old[o].rows.count)
            for case let from? in pairs where from.section == o { staysInSection[from.item] = true }
            var leftBefore = [Int](repeating: 0, count: old[o].rows.count)
            var running = 0
            for r in old[o].rows.indices {
                leftBefore[r] = running
                if !staysInSection[r] { running += 1 }
            }
            running = 0
            for (i, from) in pairs.enumerated() {
                guard let from, from.section == o else {
                    if let from { result.itemMoves.append(Move(from: from, to: ItemPath(section: s, item: i))) }
                    running += 1
                    continue
                }
                if from.item - leftBefore[from.item] + running != i {
                    result.itemMoves.append(Move(from: from, to: ItemPath(section: s, item: i)))
                }
            }
        }
        return result
    }
}
