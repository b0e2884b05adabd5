import Testing
import RowDiffDataSources

/// `renderedSections()` finds the marked rows through the snapshot's item index when it is built
/// (marking builds it) instead of looking every item up in the marks. These checks hold its rows
/// against the snapshot's own answers through random edits made before and after marking:
/// unchecked appends (repeats among them), deletes, moves, marks of both kinds on one item.
@Suite("Rendered snapshot marks")
struct DiffableRenderedMarksTests {
    @Test("Every rendered row is its item, marked exactly as the snapshot marks it (reload over reconfigure)")
    func renderedRows_carryTheSnapshotsMarks() {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        var next = 0
        func fresh(_ count: Int) -> [Int] {
            defer { next += count }
            return Array(next..<(next + count))
        }
        for round in 0..<300 {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            let sectionCount = 1 + Int(rng.next() % 4)
            snapshot.appendSections((0..<sectionCount).map { "s\($0)" })
            for s in 0..<sectionCount { snapshot.appendItems(fresh(Int(rng.next() % 40)), toSection: "s\(s)") }
            for _ in 0..<Int(rng.next() % 8) {
                let items = snapshot.itemIdentifiers
                let some = items.filter { _ in rng.next() % 6 == 0 }
                switch rng.next() % 6 {
                case 0: snapshot.reconfigureItems(some)
                case 1: snapshot.reloadItems(some)
                case 2: snapshot.deleteItems(some)
                case 3:
                    // Appends, now and then repeating items already in the snapshot.
                    let repeated = items.filter { _ in rng.next() % 10 == 0 }
                    snapshot.appendItems(fresh(Int(rng.next() % 10)) + repeated, toSection: "s\(rng.next() % UInt64(sectionCount))")
                case 4:
                    if items.count > 1, let moved = items.randomElement(using: &rng), let before = items.randomElement(using: &rng),
                        moved != before
                    {
                        snapshot.moveItem(moved, beforeItem: before)
                    }
                default:
                    snapshot.reconfigureItems(some)
                    snapshot.reloadItems(some.filter { _ in rng.next() % 2 == 0 })
                }
            }
            let rendered = snapshot.renderedSections()
            let reloaded = Set(snapshot.reloadedItemIdentifiers), reconfigured = Set(snapshot.reconfiguredItemIdentifiers)
            #expect(rendered.map(\.identifier) == snapshot.sectionIdentifiers, "seed \(seed), round \(round)")
            #expect(
                rendered.map { $0.rows.map(\.identifier) } == snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) },
                "seed \(seed), round \(round)")
            let wrong = rendered.flatMap(\.rows).filter { row in
                let expected: SnapshotRefresh =
                    reloaded.contains(row.identifier) ? .reload : reconfigured.contains(row.identifier) ? .reconfigure : .none
                return row.refresh != expected
            }
            #expect(wrong.isEmpty, "seed \(seed), round \(round): \(wrong.map(\.identifier))")
        }
    }
}
