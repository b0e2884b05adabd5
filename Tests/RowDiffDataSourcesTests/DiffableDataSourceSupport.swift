import RowDiffDataSources
import Testing
import RowDiffTesting

// Support for the data-source tests: a stand-in view driven by a `DiffableListSource` whose cells
// remember their item, random snapshot changes, and the checks every apply must pass.

/// A cell showing an item. Reuse clears it, so the cell provider can tell a reconfigure (the cell
/// already shows the item) from a new or reused cell.
final class DiffableItemCell: StandInView, ReusableView {
    var item: Int?
    override func prepareForReuse() { item = nil }
}

/// A table data source whose rows can be edited and moved, as an app's subclass of UIKit's
/// diffable table data source overrides `canEditRowAt` / `canMoveRowAt`.
final class MovableTableSource: DiffableListSource<String, Int> {
    override func canEditItem(at path: ItemPath) -> Bool { true }
    override func canMoveItem(at path: ItemPath) -> Bool { true }
}

/// A stand-in view with its diffable data source; the cell provider logs every call.
@MainActor
final class DiffableHarness {
    let view: StandInListView
    private(set) var source: DiffableListSource<String, Int>!
    /// Cell-provider calls: the item, and whether the cell already showed it (a reconfigure).
    var log: [(item: Int, reconfigured: Bool)] = []

    var core: DiffableDataSourceCore<String, Int> { source.core }

    init(collection: Bool = false, movableTable: Bool = false) {
        view = collection ? StandInCollectionView() : StandInTableView()
        view.register(ViewRegistration(DiffableItemCell.self, for: .cell))
        let provider: DiffableListSource<String, Int>.CellProvider = { [weak self] host, path, item in
            guard let cell = host.dequeueView(.cell, reuseIdentifier: DiffableItemCell.reuseIdentifier, at: path) as? DiffableItemCell
            else { return nil }
            self?.log.append((item, cell.item == item))
            cell.item = item
            return cell
        }
        let options = RenderOptions(onDuplicateKeys: nil)
        source =
            movableTable
            ? MovableTableSource(host: view, options: options, cellProvider: provider)
            : DiffableListSource(host: view, options: options, cellProvider: provider)
    }

    /// What the cells show, section by section.
    var shown: [[Int?]] { view.cells.map { $0.map { ($0 as? DiffableItemCell)?.item } } }
}

/// A snapshot's items, section by section.
func itemLayout(_ snapshot: Snapshot) -> [[Int?]] {
    snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0).map(Optional.some) }
}

/// A snapshot's sections and items, for comparing snapshots without their marks.
func fullLayout(_ snapshot: Snapshot) -> [String] {
    snapshot.sectionIdentifiers.map { "\($0): \(snapshot.itemIdentifiers(inSection: $0))" }
}

/// Random changes of a snapshot: sections and items inserted, deleted and moved (items across
/// sections), items and sections marked.
struct SnapshotMutator {
    var rng: SeededGenerator
    var nextItem = 0
    var nextSection = 0

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    mutating func newItems(_ count: Int) -> [Int] {
        defer { nextItem += count }
        return Array(nextItem..<(nextItem + count))
    }

    mutating func newSection() -> String {
        defer { nextSection += 1 }
        return "s\(nextSection)"
    }

    /// A first snapshot of a few sections.
    mutating func initial() -> Snapshot {
        var snapshot = Snapshot()
        for _ in 0..<(1 + rng.below(4)) {
            let section = newSection()
            snapshot.appendSections([section])
            snapshot.appendItems(newItems(rng.below(6)), toSection: section)
        }
        return snapshot
    }

    /// `snapshot` after one to six random calls.
    mutating func changed(_ snapshot: Snapshot, marks: Bool = true) -> Snapshot {
        var snapshot = snapshot
        for _ in 0..<(1 + rng.below(6)) {
            let sections = snapshot.sectionIdentifiers, items = snapshot.itemIdentifiers
            switch rng.below(marks ? 10 : 7) {
            case 0 where sections.count < 6:
                let section = newSection()
                if let other = sections.isEmpty ? nil : rng.pick(sections), rng.chance(50) {
                    snapshot.insertSections([section], beforeSection: other)
                } else {
                    snapshot.appendSections([section])
                }
                snapshot.appendItems(newItems(rng.below(4)), toSection: section)
            case 1 where sections.count > 1:
                snapshot.deleteSections([rng.pick(sections)])
            case 2 where sections.count > 1:
                let moved = rng.pick(sections), other = rng.pick(sections)
                guard moved != other else { continue }
                if rng.chance(50) {
                    snapshot.moveSection(moved, beforeSection: other)
                } else {
                    snapshot.moveSection(moved, afterSection: other)
                }
            case 3 where !sections.isEmpty:
                let added = newItems(1 + rng.below(3))
                if !items.isEmpty, rng.chance(60) {
                    let at = rng.pick(items)
                    if rng.chance(50) { snapshot.insertItems(added, beforeItem: at) } else { snapshot.insertItems(added, afterItem: at) }
                } else {
                    snapshot.appendItems(added, toSection: rng.pick(sections))
                }
            case 4 where !items.isEmpty:
                snapshot.deleteItems((0..<(1 + rng.below(3))).map { _ in rng.pick(items) })
            case 5 where items.count > 1:
                let moved = rng.pick(items), other = rng.pick(items)
                guard moved != other else { continue }
                if rng.chance(50) { snapshot.moveItem(moved, beforeItem: other) } else { snapshot.moveItem(moved, afterItem: other) }
            case 6 where !sections.isEmpty:
                // Appending an item already present moves it into place, from any section.
                if !items.isEmpty { snapshot.appendItems([rng.pick(items)], toSection: rng.pick(sections)) }
            case 7 where !items.isEmpty:
                snapshot.reloadItems(Array(Set((0..<(1 + rng.below(2))).map { _ in rng.pick(items) })))
            case 8 where !items.isEmpty:
                snapshot.reconfigureItems(Array(Set((0..<(1 + rng.below(3))).map { _ in rng.pick(items) })))
            case 9 where !sections.isEmpty && rng.chance(30):
                snapshot.reloadSections([rng.pick(sections)])
            default:
                continue
            }
        }
        return snapshot
    }
}

/// Checks the lookups of `core` against what `expected` lays out, and that out-of-range
/// questions get nil, 0 or false.
@MainActor
func checkLookups(_ core: DiffableDataSourceCore<String, Int>, _ expected: Snapshot, _ context: String) {
    let sections = expected.sectionIdentifiers
    #expect(core.numberOfSections == sections.count, "\(context)")
    for (s, section) in sections.enumerated() {
        #expect(core.sectionIdentifier(for: s) == section, "\(context)")
        #expect(core.index(for: section) == s, "\(context)")
        let items = expected.itemIdentifiers(inSection: section)
        #expect(core.numberOfItems(in: s) == items.count, "\(context)")
        for (i, item) in items.enumerated() {
            let path = ItemPath(section: s, item: i)
            if core.indexPath(for: item) != path || core.itemIdentifier(for: path) != item {
                Issue.record(
                    "\(context): item \(item) at \(path): indexPath \(String(describing: core.indexPath(for: item))), identifier \(String(describing: core.itemIdentifier(for: path)))"
                )
            }
        }
        #expect(core.itemIdentifier(for: ItemPath(section: s, item: items.count)) == nil, "\(context)")
        #expect(core.itemIdentifier(for: ItemPath(section: s, item: -1)) == nil, "\(context)")
    }
    #expect(core.sectionIdentifier(for: sections.count) == nil && core.sectionIdentifier(for: -1) == nil, "\(context)")
    #expect(core.numberOfItems(in: sections.count) == 0 && core.numberOfItems(in: -1) == 0, "\(context)")
    #expect(core.itemIdentifier(for: ItemPath(section: sections.count, item: 0)) == nil, "\(context)")
    #expect(core.indexPath(for: -1) == nil && core.index(for: "absent") == nil, "\(context)")
    #expect(!core.canReorderItem(at: ItemPath(section: sections.count, item: 0)), "\(context)")
    #expect(!core.moveItem(from: ItemPath(section: -1, item: 0), to: ItemPath(section: 0, item: 0)), "\(context)")
}
