@testable import RowDiff

/// A plain pure-Swift diff to check the C core against: dictionaries for the k-th occurrence
/// pairing, quadratic LIS for the move counts. Slow and obviously right, for small inputs.
struct ReferenceDiff<Section: DiffableSection> {
    /// New section index → old section index (nil: inserted).
    var sectionNewToOld: [Int?]
    /// New row → old row (nil: inserted), after pairs touching deleted or inserted sections split.
    var rowNewToOld: [ItemPath: ItemPath]
    var sectionDeletes: Set<Int>
    var sectionInserts: Set<Int>
    var sectionUpdates: Set<Move<Int>>
    var itemDeletes: Set<ItemPath>
    var itemInserts: Set<ItemPath>
    var itemUpdates: Set<Move<ItemPath>>
    /// The fewest section moves: matched sections minus a longest increasing subsequence.
    var sectionMoveCount: Int
    /// The fewest row moves: per new section, rows from another section plus same-section rows
    /// outside a longest increasing subsequence.
    var itemMoveCount: Int

    init(from old: [Section], to new: [Section]) {
        let sectionNewToOld = Self.pair(old.map(\.diffIdentity), new.map(\.diffIdentity))
        self.sectionNewToOld = sectionNewToOld
        var sectionOldToNew = [Int?](repeating: nil, count: old.count)
        for (t, o) in sectionNewToOld.enumerated() { if let o { sectionOldToNew[o] = t } }

        let oldPaths = old.indices.flatMap { s in old[s].rows.indices.map { ItemPath(section: s, item: $0) } }
        let newPaths = new.indices.flatMap { s in new[s].rows.indices.map { ItemPath(section: s, item: $0) } }
        let globalPairs = Self.pair(
            oldPaths.map { old[$0.section].rows[$0.item].diffIdentity },
            newPaths.map { new[$0.section].rows[$0.item].diffIdentity })
        var rowNewToOld: [ItemPath: ItemPath] = [:]
        for (n, o) in globalPairs.enumerated() {
            guard let o else { continue }
            let p = oldPaths[o], q = newPaths[n]
            // A pair touching a deleted or inserted section is a delete plus an insert.
            if sectionOldToNew[p.section] != nil && sectionNewToOld[q.section] != nil { rowNewToOld[q] = p }
        }
        self.rowNewToOld = rowNewToOld
        let matchedOld = Set(rowNewToOld.values)

        sectionDeletes = Set(old.indices.filter { sectionOldToNew[$0] == nil })
        sectionInserts = Set(new.indices.filter { sectionNewToOld[$0] == nil })
        itemDeletes = Set(oldPaths.filter { !matchedOld.contains($0) })
        itemInserts = Set(newPaths.filter { rowNewToOld[$0] == nil })
        var sectionUpdates: Set<Move<Int>> = []
        for (t, o) in sectionNewToOld.enumerated() {
            if let o, !old[o].isContentEqual(to: new[t]) { sectionUpdates.insert(Move(from: o, to: t)) }
        }
        self.sectionUpdates = sectionUpdates
        var itemUpdates: Set<Move<ItemPath>> = []
        for (q, p) in rowNewToOld where !old[p.section].rows[p.item].isContentEqual(to: new[q.section].rows[q.item]) {
            itemUpdates.insert(Move(from: p, to: q))
        }
        self.itemUpdates = itemUpdates

        let matchedSections = sectionNewToOld.compactMap { $0 }
        sectionMoveCount = matchedSections.count - Self.lisLength(matchedSections)
        var itemMoveCount = 0
        for t in new.indices {
            guard let o = sectionNewToOld[t] else { continue }
            var sameSection: [Int] = []
            for item in new[t].rows.indices {
                guard let p = rowNewToOld[ItemPath(section: t, item: item)] else { continue }
                if p.section == o { sameSection.append(p.item) } else { itemMoveCount += 1 }
            }
            itemMoveCount += sameSection.count - Self.lisLength(sameSection)
        }
        self.itemMoveCount = itemMoveCount
    }

    /// k-th occurrence of an identity in `new` pairs with its k-th occurrence in `old`.
    static func pair<ID: Hashable>(_ old: [ID], _ new: [ID]) -> [Int?] {
        var occurrences: [ID: [Int]] = [:]
        for (i, id) in old.enumerated() { occurrences[id, default: []].append(i) }
        var taken: [ID: Int] = [:]
        return new.map { id in
            let k = taken[id, default: 0]
            taken[id] = k + 1
            guard let list = occurrences[id], k < list.count else { return nil }
            return list[k]
        }
    }

    /// The length of a longest strictly increasing subsequence, by the O(n²) textbook DP.
    static func lisLength(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }
}
