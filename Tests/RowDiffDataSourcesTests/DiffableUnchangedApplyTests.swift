import Foundation
import RowDiff
import Testing
import RowDiffDataSources

/// Applying a snapshot whose identifiers are those on screen, place by place (an app rebuilding an
/// unchanged snapshot, or only marking items), takes two shortcuts: `renderedSections(shown:)`
/// does not hash the snapshot's appends to resolve repeats, and `SectionedDiff` of rendered
/// snapshot sections only compares contents (no fingerprints, no core). These checks hold both
/// against the full paths on random snapshots: every shape, marks of both kinds, section reloads,
/// identities of three kinds (Int and UUID compared as bytes, String with `==`), and changes that
/// keep the shape (a swap, a replaced identifier), where the shortcut must give way.
@Suite("Applying unchanged identifiers")
struct DiffableUnchangedApplyTests {
    /// Rendered snapshot rows in a section type that promises nothing: its diff takes the full path.
    struct PlainSection<Item: Hashable & Sendable>: DiffableSection {
        let base: DiffableSnapshotSection<String, Item>
        var rows: [DiffableSnapshotRow<Item>]
        init(_ base: DiffableSnapshotSection<String, Item>) {
            self.base = base
            rows = base.rows
        }
        init(source: PlainSection, rows: [DiffableSnapshotRow<Item>]) {
            base = source.base
            self.rows = rows
        }
        var diffIdentity: String { base.identifier }
        func isContentEqual(to other: PlainSection) -> Bool { base.isContentEqual(to: other.base) }
    }

    /// A snapshot of `sections` (appended one `appendItems` call per section: unchecked appends),
    /// with `marks` applied after.
    static func snapshot<Item: Hashable & Sendable>(
        _ sections: [(String, [Item])], marks: (inout DiffableDataSourceSnapshot<String, Item>) -> Void = { _ in }
    ) -> DiffableDataSourceSnapshot<String, Item> {
        var snapshot = DiffableDataSourceSnapshot<String, Item>()
        snapshot.appendSections(sections.map(\.0))
        for (section, items) in sections { snapshot.appendItems(items, toSection: section) }
        marks(&snapshot)
        return snapshot
    }

    /// Random rounds for one identifier type: `make` turns distinct numbers into distinct identifiers.
    static func check<Item: Hashable & Sendable>(_ name: String, seed: UInt64, make: (Int) -> Item) {
        var rng = SeededGenerator(seed: seed)
        for round in 0..<400 {
            let context = "\(name), seed \(seed), round \(round)"
            var next = 0
            var layout: [(String, [Item])] = (0..<Int(rng.next() % 5)).map { section in
                let count = Int(rng.next() % 30)
                defer { next += count }
                return ("s\(section)", (next..<(next + count)).map(make))
            }
            let shown = snapshot(layout).renderedSections()
            // The snapshot applied next: the same identifiers, marked now and then; or, in a
            // third of the rounds, changed in a way that keeps every section's length.
            let items = layout.flatMap(\.1)
            switch rng.next() % 6 {
            case 0 where items.count >= 2:
                // Two identifiers swap places (maybe across sections).
                let a = Int(rng.next() % UInt64(items.count)), b = Int(rng.next() % UInt64(items.count))
                var flat = items
                flat.swapAt(a, b)
                var start = 0
                for index in layout.indices {
                    layout[index].1 = Array(flat[start..<(start + layout[index].1.count)])
                    start += layout[index].1.count
                }
            case 1 where !items.isEmpty:
                // An identifier replaced by a new one.
                let section = layout.indices.filter { !layout[$0].1.isEmpty }.randomElement(using: &rng)!
                layout[section].1[Int(rng.next() % UInt64(layout[section].1.count))] = make(next)
            default:
                break
            }
            let flat = layout.flatMap(\.1)
            let reloaded = flat.filter { _ in rng.next() % 7 == 0 }, reconfigured = flat.filter { _ in rng.next() % 7 == 0 }
            let reloadedSections = layout.map(\.0).filter { _ in rng.next() % 4 == 0 }
            let marks: (inout DiffableDataSourceSnapshot<String, Item>) -> Void = { snapshot in
                snapshot.reloadItems(reloaded)
                snapshot.reconfigureItems(reconfigured)
                snapshot.reloadSections(reloadedSections)
            }
            // Rendered with and without the rows on screen: the same rows.
            let new = snapshot(layout, marks: marks).renderedSections(shown: shown)
            let reference = snapshot(layout, marks: marks).renderedSections()
            #expect(new.map(\.identifier) == reference.map(\.identifier), "\(context)")
            #expect(new.map { $0.rows.map(\.identifier) } == reference.map { $0.rows.map(\.identifier) }, "\(context)")
            #expect(new.map { $0.rows.map(\.refresh) } == reference.map { $0.rows.map(\.refresh) }, "\(context)")
            // The diff of the rendered sections, against the full path's on the same rows.
            let diff = SectionedDiff(from: shown, to: new)
            let full = SectionedDiff(from: shown.map(PlainSection.init), to: new.map(PlainSection.init))
            #expect(diff.changeset == full.changeset, "\(context)")
            #expect(diff.duplicates.isEmpty && full.duplicates.isEmpty, "\(context)")
            // The batches it stages take the old state to the new one.
            var applied = shown.map { $0.rows.map(\.identifier) }
            for stage in StagedChangeset(diff).stages { applied = stage.data.map { $0.rows.map(\.identifier) } }
            #expect(applied == new.map { $0.rows.map(\.identifier) }, "\(context)")
        }
    }

    @Test("Int identifiers: rendered rows and diffs as on the full paths")
    func intIdentifiers() {
        Self.check("Int", seed: testSeed()) { $0 }
    }

    @Test("UUID identifiers: rendered rows and diffs as on the full paths")
    func uuidIdentifiers() {
        Self.check("UUID", seed: testSeed()) { number in
            UUID(
                uuid: (UInt8(truncatingIfNeeded: number), UInt8(truncatingIfNeeded: number >> 8), 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9))
        }
    }

    @Test("String identifiers: rendered rows and diffs as on the full paths")
    func stringIdentifiers() {
        Self.check("String", seed: testSeed()) { "item \($0)" }
    }

    @Test("A render's sections say their rows are alike only when it marked no item, and no longer once their rows are set")
    func rowsAreAlike_onlyWithoutMarks() {
        let layout = [("a", [1, 2]), ("b", [3])]
        let unmarked = Self.snapshot(layout).renderedSections()
        let marked = Self.snapshot(layout) { $0.reconfigureItems([3]) }.renderedSections()
        #expect(unmarked.allSatisfy { $0.rowsAreAlike })
        // Conservative: a mark in "b" leaves "a" unmarked, but the render says so of neither.
        #expect(marked.allSatisfy { !$0.rowsAreAlike })
        var replaced = unmarked[1]
        replaced.rows = marked[1].rows
        #expect(!replaced.rowsAreAlike)
        // Two unmarked renders: no update, by identity alone; then the mark, as content.
        #expect(SectionedDiff(from: unmarked, to: Self.snapshot(layout).renderedSections()).changeset == Changeset())
        let path = ItemPath(section: 1, item: 0)
        #expect(SectionedDiff(from: unmarked, to: marked).changeset.itemUpdates == [Move(from: path, to: path)])
        #expect(SectionedDiff(from: unmarked, to: [unmarked[0], replaced]).changeset.itemUpdates == [Move(from: path, to: path)])
    }

    @Test("Unchanged sides without rows, diffed on several threads at once, write no storage they share")
    func unchangedEmptySides_onSeveralThreads() {
        // ThreadSanitizer found the shortcut's row map made with `unsafeUninitializedCapacity: 0`,
        // which writes the count into the storage every empty array shares, racing with any
        // thread reading an empty array (here, another diff's).
        let sides = [Self.snapshot([("a", [Int]()), ("b", [])]).renderedSections(), Self.snapshot([(String, [Int])]()).renderedSections()]
        let results = LockedList<Bool>()
        DispatchQueue.concurrentPerform(iterations: 64) { iteration in
            let side = sides[iteration % 2]
            let diff = SectionedDiff(from: side, to: side)
            results.record(diff.changeset == Changeset() && diff.duplicates.isEmpty)
        }
        #expect(results.all == Array(repeating: true, count: 64))
    }

    @Test("A snapshot that repeats an identifier is resolved, whatever is on screen")
    func repeatsAreResolved_whenTheScreenDiffers() {
        let shown = Self.snapshot([("a", [1, 2]), ("b", [3])]).renderedSections()
        // 2 appended again to "b": it moves there (the shown rows cannot equal unresolved repeats).
        let new = Self.snapshot([("a", [1, 2]), ("b", [3, 2])]).renderedSections(shown: shown)
        #expect(new.map { $0.rows.map(\.identifier) } == [[1], [3, 2]])
    }
}
