import Foundation
import Synchronization
import Testing
import RowDiffDataSources
import RowDiffTesting

/// Flags shared by `emptySections_writeNoSharedStorage`'s reader and the test, without ordering.
final class EmptyReaderState: Sendable {
    let running = Atomic<Bool>(false)
    let done = Atomic<Bool>(false)
}

/// The count of `array`, read from its storage (not folded away by the optimizer).
@inline(never)
func emptyArrayCount(_ array: [Int]) -> Int { array.count }

/// An item held by reference: an update may hand the same instance again (`==` to itself) or a
/// new one; its bits say nothing about its content.
final class PersonObject: Identifiable, Equatable, @unchecked Sendable {
    let id: Int
    let name: String

    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    static func == (lhs: PersonObject, rhs: PersonObject) -> Bool { lhs.id == rhs.id && lhs.name == rhs.name }
}

/// A value of 6 bytes and no padding: runs of such items are scanned in words that end inside an
/// item (the updater's run copy settles the last item byte by byte).
struct ShortItem: Identifiable, Equatable, Sendable {
    var key: UInt16
    var mark: UInt16
    var spare: UInt16 = 7
    var id: Int { Int(key) }

    /// The mark a name stands for: the name itself when it is a number, else a hash of it.
    static func mark(_ name: String) -> UInt16 {
        UInt16(name) ?? UInt16(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) })
    }
}

/// A value with padding after its fields (size 9, stride 16): its runs are not copied in blocks.
struct PaddedItem: Identifiable, Equatable, Sendable {
    var id: Int
    var flag: Bool
}

/// A value with a floating-point field.
struct Reading: Identifiable, Equatable, Sendable {
    var id: Int
    var value: Double
}

/// Random new values against a reference model of what an update decides: an item keeps its row's
/// version exactly when it is `==` to the item its identity had in the last value, every other row
/// gets a version never used before, and a render is requested exactly when the identities or a
/// version changed. Run for value items (compared by their bits first, then by `==`) and for
/// class items (always by `==`); the view must show every value, every batch valid.
@MainActor
@Suite struct ListUpdaterVersioningTests {
    /// The randomized check for one item type; `rename` makes a changed item from an old one.
    private func check<Item: Identifiable & Equatable>(
        seed: UInt64, steps: Int, make: @escaping (Int, String) -> Item, name: @escaping @MainActor (Item) -> String,
        rename: @escaping (Item, String) -> Item
    ) async where Item.ID == Int {
        var random = SeededGenerator(seed: seed)
        let view = StandInTableView()
        let updater = ListUpdater<String, Int, Item>(host: view, options: RenderOptions(onDuplicateKeys: nil)) { row, actions in
            RowPresentation(cell: HostedItemCell.self, state: row.version, actions: actions) { cell, _ in cell.text = name(row.item) }
        }
        var nextID = 0
        func fresh() -> Item {
            defer { nextID += 1 }
            return make(nextID, "n\(nextID)")
        }
        var sections = (0..<3).map { s in ListViewSection(id: "s\(s)", items: (0..<Int(random.next() % 8)).map { _ in fresh() }) }
        var nextSection = 3
        var previous: [Int: (item: Item, version: UInt64)] = [:]
        var previousShape: [[Int]]? = nil
        var previousSectionIDs: [String] = []
        var highestVersion: UInt64 = 0
        for step in 0..<steps {
            // Edits of this step (none, sometimes: the same value again).
            for _ in 0..<Int(random.next() % 4) {
                let s = Int(random.next() % UInt64(max(1, sections.count)))
                guard !sections.isEmpty else { break }
                let count = sections[s].items.count
                switch random.next() % 12 {
                case 0, 1:
                    sections[s].items.insert(fresh(), at: Int(random.next() % UInt64(count + 1)))
                case 2 where count > 0:
                    sections[s].items.remove(at: Int(random.next() % UInt64(count)))
                case 3 where count > 0, 4 where count > 0:
                    let i = Int(random.next() % UInt64(count))
                    sections[s].items[i] = rename(sections[s].items[i], "r\(step)-\(i)")
                case 5 where count > 0:
                    // A replacement `==` to the old item: keeps its version.
                    let i = Int(random.next() % UInt64(count))
                    sections[s].items[i] = rename(sections[s].items[i], name(sections[s].items[i]))
                case 6 where count > 1:
                    let item = sections[s].items.remove(at: Int(random.next() % UInt64(count)))
                    sections[s].items.insert(item, at: Int(random.next() % UInt64(count)))
                case 7 where count > 0:
                    let item = sections[s].items.remove(at: Int(random.next() % UInt64(count)))
                    let t = Int(random.next() % UInt64(sections.count))
                    sections[t].items.insert(item, at: Int(random.next() % UInt64(sections[t].items.count + 1)))
                case 8:
                    if random.next() % 2 == 0, sections.count > 1 {
                        sections.swapAt(0, sections.count - 1)
                    } else if sections.count < 5 {
                        sections.insert(
                            ListViewSection(id: "s\(nextSection)", items: [fresh()]), at: Int(random.next() % UInt64(sections.count + 1)))
                        nextSection += 1
                    }
                case 9:
                    // A block of new items: more than the updater lines up without a table.
                    let block = (0..<(10 + Int(random.next() % 30))).map { _ in fresh() }
                    sections[s].items.insert(contentsOf: block, at: Int(random.next() % UInt64(count + 1)))
                case 10 where count > 0:
                    // A block removed, or moved to another section.
                    let start = Int(random.next() % UInt64(count))
                    let end = min(count, start + 1 + Int(random.next() % 30))
                    let block = Array(sections[s].items[start..<end])
                    sections[s].items.removeSubrange(start..<end)
                    if random.next() % 2 == 0 {
                        let t = Int(random.next() % UInt64(sections.count))
                        sections[t].items.insert(contentsOf: block, at: Int(random.next() % UInt64(sections[t].items.count + 1)))
                    }
                case 11 where sections.count > 1:
                    sections.remove(at: s)
                default:
                    break
                }
            }
            let shape = sections.map { $0.items.map(\.id) }
            let requested = updater.update(sections)
            await updater.owner.renderer.waitUntilIdle()

            var expectChange = previousShape != shape || previousSectionIDs != sections.map(\.id)
            var next: [Int: (item: Item, version: UInt64)] = [:]
            for (section, rows) in zip(sections, updater.sections) {
                #expect(rows.rows.map(\.id) == section.items.map(\.id), "seed \(seed), step \(step): identities")
                for (item, row) in zip(section.items, rows.rows) {
                    if let old = previous[item.id], old.item == item {
                        #expect(row.version == old.version, "seed \(seed), step \(step): item \(item.id) unchanged keeps its version")
                    } else {
                        expectChange = true
                        #expect(row.version > highestVersion, "seed \(seed), step \(step): item \(item.id) changed gets a new version")
                    }
                    next[item.id] = (item, row.version)
                }
            }
            #expect(requested == expectChange, "seed \(seed), step \(step): render requested exactly on a change")
            highestVersion = max(highestVersion, updater.sections.flatMap(\.rows).map(\.version).max() ?? 0)
            previous = next
            previousShape = shape
            previousSectionIDs = sections.map(\.id)
            #expect(
                view.cells.map { $0.map { ($0 as? HostedItemCell)?.text } } == sections.map { $0.items.map { Optional(name($0)) } },
                "seed \(seed), step \(step): shown")
            #expect(view.problems == [], "seed \(seed), step \(step)")
            if view.problems != [] { return }
        }
    }

    @Test func valueItems_matchTheReference() async {
        let seed = testSeed()
        await check(
            seed: seed, steps: 150, make: { Person(id: $0, name: $1) }, name: { $0.name },
            rename: { Person(id: $0.id, name: $1) })
    }

    @Test func shortValueItems_matchTheReference() async {
        let seed = testSeed()
        await check(
            seed: seed, steps: 150, make: { ShortItem(key: UInt16($0), mark: ShortItem.mark($1)) }, name: { "\($0.mark)" },
            rename: { ShortItem(key: $0.key, mark: ShortItem.mark($1)) })
    }

    @Test func paddedValueItems_matchTheReference() async {
        let seed = testSeed()
        await check(
            seed: seed, steps: 150, make: { PaddedItem(id: $0, flag: $1.utf8.count % 2 == 0) }, name: { $0.flag ? "even" : "odd" },
            rename: { PaddedItem(id: $0.id, flag: $1.utf8.count % 2 == 0) })
    }

    @Test func classItems_matchTheReference() async {
        let seed = testSeed()
        await check(
            seed: seed, steps: 150, make: { PersonObject(id: $0, name: $1) }, name: { $0.name },
            rename: { PersonObject(id: $0.id, name: $1) })
    }

    /// Regression (ThreadSanitizer in CI, 27 November 2026, with the aligned-fingerprint tests
    /// running beside this suite): an empty section's rows were made with
    /// `unsafeUninitializedCapacity: 0`, which writes the count into the shared empty-array storage
    /// while other threads read empty arrays. This test reads empty arrays on another thread while
    /// empty sections come and go; ThreadSanitizer did not report the old code through it in three
    /// tries here (its shadow memory keeps few accesses of a word every thread reads), so it
    /// checks the path, and the whole-suite ThreadSanitizer runs remain the detector.
    @Test func emptySections_writeNoSharedStorage() async {
        // The reader runs until the updates are done, with no synchronisation between the two
        // (relaxed atomics order nothing), as the diff's helper threads do.
        let state = EmptyReaderState()
        let reader = Task.detached {
            var total = 0
            state.running.store(true, ordering: .relaxed)
            while !state.done.load(ordering: .relaxed) { total &+= emptyArrayCount([]) }
            return total
        }
        while !state.running.load(ordering: .relaxed) { await Task.yield() }
        let view = StandInTableView()
        let updater = ListUpdater<String, Int, Person>(host: view) { row, actions in
            RowPresentation(cell: HostedItemCell.self, state: row.version, actions: actions) { cell, _ in cell.text = row.item.name }
        }
        for step in 0..<200 {
            let items = step % 2 == 0 ? [] : [Person(id: step, name: "p\(step)")]
            updater.update([ListViewSection(id: "empty", items: []), ListViewSection(id: "s", items: items)])
        }
        state.done.store(true, ordering: .relaxed)
        #expect(await reader.value == 0)
        await updater.owner.renderer.waitUntilIdle()
        #expect(view.cells.map(\.count) == [0, 1] && view.problems == [])
    }

    /// `Double.nan != .nan`, yet an item copied unchanged is the same value: it keeps its version
    /// (`==` alone would call it changed on every update and reconfigure its row each time).
    @Test func anUnchangedItemWithANaNField_keepsItsVersion() async {
        let view = StandInTableView()
        let updater = ListUpdater<String, Int, Reading>(host: view) { row, actions in
            RowPresentation(cell: HostedItemCell.self, state: row.version, actions: actions) { cell, _ in cell.text = "\(row.item.value)" }
        }
        var items = [Reading(id: 0, value: .nan), Reading(id: 1, value: 1)]
        updater.update([ListViewSection(id: "s", items: items)])
        await updater.owner.renderer.waitUntilIdle()
        let versions = updater.sections[0].rows.map(\.version)
        items[1].value = 2
        #expect(updater.update([ListViewSection(id: "s", items: items)]))
        await updater.owner.renderer.waitUntilIdle()
        #expect(updater.sections[0].rows[0].version == versions[0])
        #expect(updater.sections[0].rows[1].version != versions[1])
        #expect(!updater.update([ListViewSection(id: "s", items: items)]), "the same values again: nothing to render")
        #expect(view.problems == [])
    }
}
