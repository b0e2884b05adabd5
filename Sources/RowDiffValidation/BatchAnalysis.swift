import RowDiff

/// A batch normalized the way the view kind reads it, with the lookups every check shares.
///
/// Built once per (batch, before, after); every lookup is a hash set/dictionary or a sorted array,
/// so all checks together cost O(operations · log operations), independent of the row count.
/// Only the layout simulation (``BatchAnalysis/layout()``) walks the rows.
struct BatchAnalysis {
    let view: ListViewKind
    let batch: BatchUpdate
    /// Row counts the view had (OLD) and the data source reports after the batch (NEW).
    let old: [Int]
    let new: [Int]

    // Lists as the view counts them: a table view drops exact duplicates of deletes, inserts and
    // reloads; a collection view keeps (and counts) them.
    let sectionDeletes: [Int]
    let sectionInserts: [Int]
    let sectionReloads: [Int]
    let itemDeletes: [ItemPath]
    let itemInserts: [ItemPath]
    let itemReloads: [ItemPath]
    /// Reconfigures change no count, so duplicates never matter: always deduplicated.
    let itemReconfigures: [ItemPath]

    let sectionDeleteSet: Set<Int>
    let sectionReloadSet: Set<Int>
    /// Sorted unique explicit section deletes (old) and inserts (new), for adj().
    let sortedSectionDeletes: [Int]
    let sortedSectionInserts: [Int]
    /// The insert half of each in-bounds section reload, paired with the reloaded old section.
    let sectionReloadInserts: [(old: Int, new: Int)]
    /// Old sections that disappear: explicitly deleted or reloaded (in bounds).
    let deletedSections: Set<Int>
    /// New sections that appear: explicitly inserted or the insert half of a reload (in bounds).
    let insertedSections: Set<Int>
    /// Old section → new section of each section move (the first move, when a source repeats).
    let sectionMoveTarget: [Int: Int]
    /// New section → old section of each section move.
    let sectionMoveSource: [Int: Int]

    let itemDeleteSet: Set<ItemPath>
    let itemReloadSet: Set<ItemPath>
    /// Sorted unique explicit row deletes per old section and row inserts per new section, for adj().
    let sortedDeletesBySection: [Int: [Int]]
    let sortedInsertsBySection: [Int: [Int]]
    /// The insert half adj(p) of each in-bounds row reload p (old → new coordinates).
    let itemReloadInserts: [(old: ItemPath, new: ItemPath)]

    init(view: ListViewKind, batch: BatchUpdate, old: [Int], new: [Int]) {
        self.view = view
        self.batch = batch
        self.old = old
        self.new = new
        let dedupe = view == .tableView
        sectionDeletes = dedupe ? batch.sectionDeletes.uniqued() : batch.sectionDeletes
        sectionInserts = dedupe ? batch.sectionInserts.uniqued() : batch.sectionInserts
        sectionReloads = dedupe ? batch.sectionReloads.uniqued() : batch.sectionReloads
        itemDeletes = dedupe ? batch.itemDeletes.uniqued() : batch.itemDeletes
        itemInserts = dedupe ? batch.itemInserts.uniqued() : batch.itemInserts
        itemReloads = dedupe ? batch.itemReloads.uniqued() : batch.itemReloads
        itemReconfigures = batch.itemReconfigures.uniqued()

        sectionDeleteSet = Set(sectionDeletes)
        sectionReloadSet = Set(sectionReloads)
        sortedSectionDeletes = sectionDeleteSet.sorted()
        let sectionInsertSet = Set(sectionInserts)
        sortedSectionInserts = sectionInsertSet.sorted()

        let oldSectionCount = old.count
        let newSectionCount = new.count
        let sortedSectionDeletes = self.sortedSectionDeletes
        let sortedSectionInserts = self.sortedSectionInserts
        func adjSection(_ s: Int) -> Int {
            shiftedForward(s - countBelow(s, in: sortedSectionDeletes), by: sortedSectionInserts)
        }
        var reloadInserts: [(old: Int, new: Int)] = []
        for s in sectionReloads where s >= 0 && s < oldSectionCount {
            reloadInserts.append((s, adjSection(s)))
        }
        sectionReloadInserts = reloadInserts

        deletedSections = Set(
            (sectionDeletes + sectionReloads).lazy.filter { $0 >= 0 && $0 < oldSectionCount })
        insertedSections = Set(
            (sectionInserts + reloadInserts.map(\.new)).lazy.filter { $0 >= 0 && $0 < newSectionCount })

        var moveTarget: [Int: Int] = [:]
        var moveSource: [Int: Int] = [:]
        for move in batch.sectionMoves {
            if moveTarget[move.from] == nil { moveTarget[move.from] = move.to }
            if moveSource[move.to] == nil { moveSource[move.to] = move.from }
        }
        sectionMoveTarget = moveTarget
        sectionMoveSource = moveSource

        itemDeleteSet = Set(itemDeletes)
        itemReloadSet = Set(itemReloads)

        // adj() for rows needs explicit deletes/inserts per section; build them only when a row
        // reload asks, so ordinary batches stay O(operations).
        var deletesBySection: [Int: [Int]] = [:]
        var insertsBySection: [Int: [Int]] = [:]
        var rowReloadInserts: [(old: ItemPath, new: ItemPath)] = []
        if !itemReloads.isEmpty {
            for path in itemDeleteSet { deletesBySection[path.section, default: []].append(path.item) }
            for path in Set(itemInserts) { insertsBySection[path.section, default: []].append(path.item) }
            for key in deletesBySection.keys { deletesBySection[key]!.sort() }
            for key in insertsBySection.keys { insertsBySection[key]!.sort() }
            for path in itemReloads
            where path.section >= 0 && path.section < oldSectionCount && path.item >= 0 && path.item < old[path.section] {
                let section = adjSection(path.section)
                let below = countBelow(path.item, in: deletesBySection[path.section] ?? [])
                let item = shiftedForward(path.item - below, by: insertsBySection[section] ?? [])
                rowReloadInserts.append((path, ItemPath(section: section, item: item)))
            }
        }
        sortedDeletesBySection = deletesBySection
        sortedInsertsBySection = insertsBySection
        itemReloadInserts = rowReloadInserts
    }

    // MARK: Bounds

    func oldContains(section s: Int) -> Bool { s >= 0 && s < old.count }
    func newContains(section s: Int) -> Bool { s >= 0 && s < new.count }
    func oldContains(_ p: ItemPath) -> Bool { oldContains(section: p.section) && p.item >= 0 && p.item < old[p.section] }
    func newContains(_ p: ItemPath) -> Bool { newContains(section: p.section) && p.item >= 0 && p.item < new[p.section] }

    /// "section 0 had 3 rows before the update" / "section 7 does not exist before the update (3 sections)".
    func describeOld(_ p: ItemPath) -> String {
        oldContains(section: p.section)
            ? "section \(p.section) had \(old[p.section]) \(rows(old[p.section])) before the update"
            : "section \(p.section) does not exist before the update (\(old.count) \(sectionsWord(old.count)))"
    }

    func describeNew(_ p: ItemPath) -> String {
        newContains(section: p.section)
            ? "section \(p.section) has \(new[p.section]) \(rows(new[p.section])) after the update"
            : "section \(p.section) does not exist after the update (\(new.count) \(sectionsWord(new.count)))"
    }
}

// MARK: - Small helpers shared by the validation files

/// The number of elements of the sorted array `sorted` that are < `value`.
/// - Complexity: O(log n).
func countBelow(_ value: Int, in sorted: [Int]) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
        let mid = (low + high) / 2
        if sorted[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low
}

/// Where position `base` of the survivors lands once the sorted unique insert positions `inserts`
/// are added — UIKit's adj() shift: for each insert in ascending order, `if insert <= cur { cur += 1 }`.
/// `inserts[k] − k` never decreases, so the number of inserts that push `base` is found by
/// binary search.
/// - Complexity: O(log n).
func shiftedForward(_ base: Int, by inserts: [Int]) -> Int {
    var low = 0
    var high = inserts.count
    while low < high {
        let mid = (low + high) / 2
        if inserts[mid] - mid <= base { low = mid + 1 } else { high = mid }
    }
    return base + low
}

func rows(_ n: Int) -> String { n == 1 ? "row" : "rows" }
func sectionsWord(_ n: Int) -> String { n == 1 ? "section" : "sections" }

extension Array where Element: Hashable {
    /// The elements in order with later exact duplicates removed.
    /// - Complexity: O(n).
    func uniqued() -> [Element] {
        var seen = Set<Element>(minimumCapacity: count)
        return filter { seen.insert($0).inserted }
    }

    /// The elements that occur more than once, each listed once, in order of first repetition.
    /// - Complexity: O(n).
    func repeatedElements() -> [Element] {
        var seen = Set<Element>(minimumCapacity: count)
        var reported = Set<Element>()
        var result: [Element] = []
        for element in self where !seen.insert(element).inserted && reported.insert(element).inserted {
            result.append(element)
        }
        return result
    }
}

extension Array where Element: CustomStringConvertible {
    /// "(0, 1), (0, 2)"
    var listed: String { map(\.description).joined(separator: ", ") }
}
