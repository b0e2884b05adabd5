import RowDiffDataSources
import Testing
import RowDiffTesting

// Seeded model checks: random runs of snapshot calls, each checked against a reference model
// made of plain arrays. Every run prints its seed on failure; ROWDIFF_SEED=<seed> reruns it.

/// The seeds of one check: ROWDIFF_SEED alone when set, otherwise `count` fixed ones.
func diffableSeeds(_ count: Int, salt: UInt64) -> [UInt64] {
    if let text = ProcessInfoLite.environment("ROWDIFF_SEED"), let seed = UInt64(text) { return [seed] }
    return (0..<UInt64(count)).map { 0xD1FF_AB1E &+ salt &* 1_000 &+ $0 }
}

extension SeededGenerator {
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}

/// The reference: sections and items as arrays, every call written the obvious way.
struct SnapshotModel: Equatable {
    var sections: [String] = []
    var items: [[Int]] = []
    var reloaded: Set<Int> = []
    var reconfigured: Set<Int> = []
    var reloadedSections: Set<String> = []

    var allItems: [Int] { items.flatMap { $0 } }

    func place(of item: Int) -> (section: Int, item: Int)? {
        for (section, list) in items.enumerated() {
            if let position = list.firstIndex(of: item) { return (section, position) }
        }
        return nil
    }

    static func lastOccurrences(_ values: [Int]) -> [Int] {
        var seen = Set<Int>()
        return values.reversed().filter { seen.insert($0).inserted }.reversed()
    }

    mutating func take(_ values: [Int]) {
        for value in values { if let place = place(of: value) { items[place.section].remove(at: place.item) } }
    }

    mutating func appendItems(_ values: [Int], to section: String?) {
        let target = section.flatMap { sections.firstIndex(of: $0) } ?? sections.count - 1
        let values = Self.lastOccurrences(values)
        take(values)
        items[target] += values
    }

    mutating func insertItems(_ values: [Int], next destination: Int, after: Bool) {
        let values = Self.lastOccurrences(values)
        take(values)
        let place = place(of: destination)!
        items[place.section].insert(contentsOf: values, at: place.item + (after ? 1 : 0))
    }

    mutating func deleteItems(_ values: [Int]) {
        take(values)
        reloaded.subtract(values)
        reconfigured.subtract(values)
    }

    mutating func moveItem(_ value: Int, next destination: Int, after: Bool) {
        insertItems([value], next: destination, after: after)
    }

    func acceptsSections(_ values: [String]) -> Bool {
        !values.isEmpty && Set(values).count == values.count && !values.contains { sections.contains($0) }
    }

    mutating func insertSections(_ values: [String], at position: Int) {
        guard acceptsSections(values) else { return }
        sections.insert(contentsOf: values, at: position)
        items.insert(contentsOf: values.map { _ in [] }, at: position)
    }

    mutating func deleteSections(_ values: [String]) {
        for value in values {
            guard let position = sections.firstIndex(of: value) else { continue }
            reloaded.subtract(items[position])
            reconfigured.subtract(items[position])
            reloadedSections.remove(value)
            sections.remove(at: position)
            items.remove(at: position)
        }
    }

    mutating func moveSection(_ value: String, next destination: String, after: Bool) {
        let from = sections.firstIndex(of: value)!
        let moved = items.remove(at: from)
        sections.remove(at: from)
        let to = sections.firstIndex(of: destination)! + (after ? 1 : 0)
        sections.insert(value, at: to)
        items.insert(moved, at: to)
    }
}

/// Applies one random call, valid for UIKit's traps, to both; returns its description.
func randomCall(_ snapshot: inout Snapshot, _ model: inout SnapshotModel, _ random: inout SeededGenerator) -> String {
    let itemPool = 40, sectionPool = ["a", "b", "c", "d", "e", "f"]
    func someItems() -> [Int] { (0..<random.below(5)).map { _ in random.below(itemPool) } }
    func someSections() -> [String] { (0..<(1 + random.below(2))).map { _ in random.pick(sectionPool) } }
    let present = model.allItems
    switch random.below(14) {
    case 0, 1:
        let values = someSections()
        snapshot.appendSections(values)
        model.insertSections(values, at: model.sections.count)
        return "appendSections(\(values))"
    case 2 where !model.sections.isEmpty, 3 where !model.sections.isEmpty, 4 where !model.sections.isEmpty:
        let values = someItems()
        let section = random.chance(30) ? nil : random.pick(model.sections)
        snapshot.appendItems(values, toSection: section)
        model.appendItems(values, to: section)
        return "appendItems(\(values), toSection: \(String(describing: section)))"
    case 5 where !present.isEmpty:
        let destination = random.pick(present), after = random.chance(50)
        let values = someItems().filter { $0 != destination }
        if after { snapshot.insertItems(values, afterItem: destination) } else { snapshot.insertItems(values, beforeItem: destination) }
        model.insertItems(values, next: destination, after: after)
        return "insertItems(\(values), \(after ? "after" : "before"): \(destination))"
    case 6:
        let values = someItems()
        snapshot.deleteItems(values)
        model.deleteItems(values)
        return "deleteItems(\(values))"
    case 7 where present.count > 1:
        let value = random.pick(present), destination = random.pick(present.filter { $0 != value }), after = random.chance(50)
        if after { snapshot.moveItem(value, afterItem: destination) } else { snapshot.moveItem(value, beforeItem: destination) }
        model.moveItem(value, next: destination, after: after)
        return "moveItem(\(value), \(after ? "after" : "before"): \(destination))"
    case 8 where !present.isEmpty:
        let values = (0..<random.below(3)).map { _ in random.pick(present) }
        if random.chance(50) {
            snapshot.reloadItems(values)
            model.reloaded.formUnion(values)
            return "reloadItems(\(values))"
        }
        snapshot.reconfigureItems(values)
        model.reconfigured.formUnion(values)
        return "reconfigureItems(\(values))"
    case 9 where !model.sections.isEmpty:
        let destination = random.pick(model.sections), after = random.chance(50)
        let values = someSections().filter { $0 != destination }
        if after {
            snapshot.insertSections(values, afterSection: destination)
        } else {
            snapshot.insertSections(values, beforeSection: destination)
        }
        model.insertSections(values, at: model.sections.firstIndex(of: destination)! + (after ? 1 : 0))
        return "insertSections(\(values), \(after ? "after" : "before"): \(destination))"
    case 10 where random.chance(40):
        let values = someSections()
        snapshot.deleteSections(values)
        model.deleteSections(values)
        return "deleteSections(\(values))"
    case 11 where model.sections.count > 1:
        let value = random.pick(model.sections), destination = random.pick(model.sections.filter { $0 != value })
        let after = random.chance(50)
        if after { snapshot.moveSection(value, afterSection: destination) } else { snapshot.moveSection(value, beforeSection: destination) }
        model.moveSection(value, next: destination, after: after)
        return "moveSection(\(value), \(after ? "after" : "before"): \(destination))"
    case 12 where !model.sections.isEmpty:
        let values = [random.pick(model.sections)]
        snapshot.reloadSections(values)
        model.reloadedSections.formUnion(values)
        return "reloadSections(\(values))"
    case 13 where random.chance(5):
        snapshot.deleteAllItems()
        model = SnapshotModel()
        return "deleteAllItems()"
    default:
        return "(nothing)"
    }
}

/// Whether `snapshot` reads as `model` through every query.
func agrees(_ snapshot: Snapshot, _ model: SnapshotModel) -> Bool {
    guard snapshot.sectionIdentifiers == model.sections, snapshot.itemIdentifiers == model.allItems,
        snapshot.numberOfItems == model.allItems.count, snapshot.numberOfSections == model.sections.count,
        Set(snapshot.reloadedItemIdentifiers) == model.reloaded, Set(snapshot.reconfiguredItemIdentifiers) == model.reconfigured,
        Set(snapshot.reloadedSectionIdentifiers) == model.reloadedSections
    else { return false }
    for (position, section) in model.sections.enumerated() {
        guard snapshot.indexOfSection(section) == position, snapshot.itemIdentifiers(inSection: section) == model.items[position],
            snapshot.numberOfItems(inSection: section) == model.items[position].count
        else { return false }
    }
    for item in 0..<41 {
        let flat = model.allItems.firstIndex(of: item)
        let section = model.place(of: item).map { model.sections[$0.section] }
        guard snapshot.indexOfItem(item) == flat, snapshot.sectionIdentifier(containingItem: item) == section else { return false }
    }
    return true
}

@Suite("Diffable model checks")
struct DiffableModelCheckTests {
    @Test func randomSnapshotCalls_matchTheArrayModel_andCopiesStayPut() {
        for seed in diffableSeeds(150, salt: 1) {
            var random = SeededGenerator(seed: seed)
            var snapshot = Snapshot(), model = SnapshotModel()
            var saved: [(Snapshot, SnapshotModel)] = []
            var calls: [String] = []
            for _ in 0..<120 {
                calls.append(randomCall(&snapshot, &model, &random))
                // Not after every call: runs of appends with no lookup take the unchecked path.
                if random.chance(25), !agrees(snapshot, model) {
                    Issue.record(
                        "seed \(seed) (rerun with ROWDIFF_SEED=\(seed)): \(snapshot) != \(model.sections) \(model.items) after \(calls)")
                    return
                }
                if random.chance(10) { saved.append((snapshot, model)) }
            }
            guard agrees(snapshot, model) else {
                Issue.record(
                    "seed \(seed) (rerun with ROWDIFF_SEED=\(seed)): \(snapshot) != \(model.sections) \(model.items) after \(calls)")
                return
            }
            for (copy, copied) in saved where !agrees(copy, copied) {
                Issue.record("seed \(seed) (rerun with ROWDIFF_SEED=\(seed)): a copy changed with its original after \(calls)")
                return
            }
        }
    }

    @MainActor
    @Test func randomSnapshotsRendered_areAccepted_andRefreshExactlyTheMarkedItems() async {
        for seed in diffableSeeds(40, salt: 2) {
            var random = SeededGenerator(seed: seed)
            let dataSource = SectionedDataSource<SnapshotSection>()
            let target = ValidatingTarget(
                dataSource: dataSource, view: random.chance(50) ? .tableView : .collectionView,
                describe: SnapshotSection.describe)
            let renderer = ListRenderer(
                dataSource: dataSource, target: target,
                options: RenderOptions(animatesFirstRender: true, onDuplicateKeys: nil))
            var snapshot = Snapshot(), model = SnapshotModel()
            var calls: [String] = []
            for _ in 0..<25 {
                // Marks count for one apply: each rendered snapshot starts unmarked.
                var next = Snapshot()
                next.appendSections(snapshot.sectionIdentifiers)
                for section in snapshot.sectionIdentifiers {
                    next.appendItems(snapshot.itemIdentifiers(inSection: section), toSection: section)
                }
                snapshot = next
                model.reloaded = []
                model.reconfigured = []
                model.reloadedSections = []
                for _ in 0..<(1 + random.below(6)) { calls.append(randomCall(&snapshot, &model, &random)) }
                let old = dataSource.sections
                let batchesBefore = target.batches.count
                await renderer.renderAndWait(snapshot.renderedSections())
                let rerun = "seed \(seed) (rerun with ROWDIFF_SEED=\(seed)) after \(calls)"
                guard target.problems.isEmpty, dataSource.sections.map(\.identifier) == model.sections,
                    dataSource.sections.map({ $0.rows.map(\.identifier) }) == model.items
                else {
                    Issue.record("\(rerun): problems \(target.problems)")
                    return
                }
                // Refreshed rows, by identifier (batch paths are old coordinates).
                let batches = target.batches.dropFirst(batchesBefore)
                let reloaded = Set(batches.flatMap(\.itemReloads).map { old[$0.section].rows[$0.item].identifier })
                let reconfigured = Set(batches.flatMap(\.itemReconfigures).map { old[$0.section].rows[$0.item].identifier })
                let sectionsReloaded = Set(batches.flatMap(\.sectionReloads).map { old[$0].identifier })
                let oldItems = Set(old.flatMap { $0.rows.map(\.identifier) }), oldSections = Set(old.map(\.identifier))
                // Expected: marked items matched old to new, i.e. not moving out of a deleted
                // section or into an inserted one, and not leaving a reloaded section (whose
                // reload refreshes them).
                func kept(_ item: Int) -> Bool {
                    guard oldItems.contains(item), let place = model.place(of: item) else { return false }
                    let oldSection = old.first { $0.rows.contains { $0.identifier == item } }!.identifier
                    return oldSections.contains(model.sections[place.section]) && model.sections.contains(oldSection)
                        && !model.reloadedSections.contains(oldSection)
                }
                let expectedReloads = Set(model.reloaded.filter(kept))
                let expectedReconfigures = Set(model.reconfigured.subtracting(model.reloaded).filter(kept))
                guard reloaded == expectedReloads, reconfigured == expectedReconfigures,
                    sectionsReloaded == model.reloadedSections.intersection(oldSections)
                else {
                    Issue.record(
                        "\(rerun): reloaded \(reloaded) (expected \(expectedReloads)), reconfigured \(reconfigured) (expected \(expectedReconfigures)), sections \(sectionsReloaded) (expected \(model.reloadedSections))"
                    )
                    return
                }
            }
        }
    }

    @MainActor
    @Test func burstsOfSnapshots_coalesce_andEndOnTheLast() async {
        for seed in diffableSeeds(20, salt: 3) {
            var random = SeededGenerator(seed: seed)
            let dataSource = SectionedDataSource<SnapshotSection>()
            let target = ValidatingTarget(dataSource: dataSource, describe: SnapshotSection.describe)
            let renderer = ListRenderer(
                dataSource: dataSource, target: target,
                options: RenderOptions(animatesFirstRender: true, onDuplicateKeys: nil))
            var snapshot = Snapshot(), model = SnapshotModel()
            for _ in 0..<30 {
                for _ in 0..<(1 + random.below(4)) { _ = randomCall(&snapshot, &model, &random) }
                renderer.render(snapshot.renderedSections()) // not awaited: renders coalesce
            }
            await renderer.waitUntilIdle()
            #expect(target.problems.isEmpty, "seed \(seed) (rerun with ROWDIFF_SEED=\(seed))")
            #expect(dataSource.sections.map { $0.rows.map(\.identifier) } == model.items, "seed \(seed) (rerun with ROWDIFF_SEED=\(seed))")
        }
    }
}
