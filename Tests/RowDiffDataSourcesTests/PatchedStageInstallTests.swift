import Testing
import RowDiff
@testable import RowDiffDataSources

/// `SectionedDataSource` keeps a render's content stages (reconfigure, reload) as patches of the
/// old model instead of copying every row (see `StagePatch`). Through seeded random updates
/// (content, cell-kind and header changes, inserts, deletes, moves within and across sections,
/// section moves), after each stage is installed every read must equal the array-built stage's
/// data: counts, every row, keys by index path, `contains`, titles, each section alone (headers and
/// footers), `sections` itself (which builds the arrays once) and key lookups; and the data source
/// must end on the new model.
///
/// A failure prints the seed; `ROWDIFF_SEED=<seed>` reruns it.
@MainActor
@Suite("Patched content stages in the data source")
struct PatchedStageInstallTests {
    struct Kind1 {}
    struct Kind2 {}

    static func randomModel(_ rng: inout SeededGenerator, nextKey: inout Int) -> [KeyedSection] {
        (0..<Int(1 + rng.next() % 4)).map { s in
            let rows = (0..<Int(rng.next() % 12)).map { _ -> KeyedRow in
                nextKey += 1
                return row("k\(nextKey)", Int(rng.next() % 3))
            }
            return section("s\(s)", rows, header: "H\(rng.next() % 2)")
        }
    }

    static func edited(_ old: [KeyedSection], _ rng: inout SeededGenerator, nextKey: inout Int) -> [KeyedSection] {
        var model = old
        for _ in 0..<Int(1 + rng.next() % 8) {
            let s = Int(rng.next() % UInt64(model.count))
            let count = model[s].rows.count
            switch rng.next() % 7 {
            case 0 where count > 0:
                let r = Int(rng.next() % UInt64(count))
                model[s].rows[r] = row(model[s].rows[r].key, Int(3 + rng.next() % 3)) // new state
            case 1 where count > 0:
                let r = Int(rng.next() % UInt64(count))
                model[s].rows[r] = row(model[s].rows[r].key, 0, cell: rng.next() % 2 == 0 ? Kind1.self : Kind2.self)
            case 2:
                model[s].header = Supplementary(title: "H\(2 + rng.next() % 3)")
            case 3:
                nextKey += 1
                model[s].rows.insert(row("k\(nextKey)", 0), at: Int(rng.next() % UInt64(count + 1)))
            case 4 where count > 0:
                model[s].rows.remove(at: Int(rng.next() % UInt64(count)))
            case 5 where count > 0:
                let moved = model[s].rows.remove(at: Int(rng.next() % UInt64(count)))
                let to = Int(rng.next() % UInt64(model.count))
                model[to].rows.insert(moved, at: Int(rng.next() % UInt64(model[to].rows.count + 1)))
            case 6 where model.count > 1:
                let moved = model.remove(at: s)
                model.insert(moved, at: Int(rng.next() % UInt64(model.count + 1)))
            default:
                break
            }
        }
        return model
    }

    /// Same keys, headers, footers and row objects (a row is one storage object: the same object
    /// is the same row, state and closures included).
    static func same(_ lhs: [KeyedSection], _ rhs: [KeyedSection]) -> Bool {
        lhs.count == rhs.count
            && zip(lhs, rhs).allSatisfy { a, b in
                a.key == b.key && a.header == b.header && a.footer == b.footer && a.rows.count == b.rows.count
                    && zip(a.rows, b.rows).allSatisfy { $0.storage === $1.storage }
            }
    }

    /// Every read of `dataSource` against `expected`, as problems.
    static func problems(_ dataSource: SectionedDataSource<KeyedSection>, _ expected: [KeyedSection], _ label: String) -> [String] {
        var problems: [String] = []
        guard dataSource.numberOfSections == expected.count else {
            return ["\(label): \(dataSource.numberOfSections) sections, expected \(expected.count)"]
        }
        for (s, section) in expected.enumerated() {
            if dataSource.numberOfItems(in: s) != section.rows.count { problems.append("\(label): section \(s) count") }
            if dataSource.headerTitle(in: s) != section.headerTitle { problems.append("\(label): section \(s) header title") }
            if dataSource.sectionKey(at: s) != section.key { problems.append("\(label): section \(s) key") }
            if !same([dataSource.section(at: s)], [section]) { problems.append("\(label): section \(s) alone differs") }
            if dataSource.contains(ItemPath(section: s, item: section.rows.count)) { problems.append("\(label): contains past the end") }
            for (i, expectedRow) in section.rows.enumerated() {
                let path = ItemPath(section: s, item: i)
                let row = dataSource.item(at: path)
                if row.key != expectedRow.key || !row.isContentEqual(to: expectedRow) || row.storage !== expectedRow.storage {
                    problems.append("\(label): row \(path) is \(row.key), expected \(expectedRow.key)")
                }
                if !dataSource.contains(path) { problems.append("\(label): does not contain \(path)") }
                if dataSource.keys(at: path) != (section.key, expectedRow.key) { problems.append("\(label): keys at \(path)") }
                if dataSource.indexPath(ofItem: expectedRow.key) != path { problems.append("\(label): lookup of \(expectedRow.key)") }
            }
        }
        return problems
    }

    @Test("random updates: every read after every stage equals the array-built stage's data")
    func randomUpdates_readsEqualArrayStages() {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        var nextKey = 0
        var failures: [String] = []
        var patchedReads = 0
        for step in 0..<400 where failures.isEmpty {
            let old = Self.randomModel(&rng, nextKey: &nextKey)
            let new = Self.edited(old, &rng, nextKey: &nextKey)
            let expected = StagedChangeset(SectionedDiff(from: old, to: new))
            let dataSource = SectionedDataSource(old)
            // Now and then the whole model is read in the middle of the update (building the arrays).
            let readsWholeModel = rng.next() % 4 == 0
            var stagesSeen = 0
            // Unowned: the data source keeps its `onChange`, which would otherwise keep it (a leak).
            dataSource.onChange = { [unowned dataSource] change in
                guard case .staged(let update) = change else { return }
                stagesSeen = update.count
                for stage in update.stages {
                    stage.install()
                    let k = stage.index
                    if k < expected.count - 1 { patchedReads += 1 }
                    failures += Self.problems(dataSource, expected[k].data, "step \(step) stage \(k)")
                    if readsWholeModel && !Self.same(dataSource.sections, expected[k].data) {
                        failures.append("step \(step) stage \(k): sections differ from the stage's data")
                    }
                    if !Self.same(stage.data, expected[k].data) { failures.append("step \(step) stage \(k): the stage's data differs") }
                }
            }
            dataSource.update(to: new)
            if stagesSeen != expected.count { failures.append("step \(step): \(stagesSeen) stages, expected \(expected.count)") }
            if !Self.same(dataSource.sections, new) { failures.append("step \(step): the data source does not end on the new model") }
            failures += Self.problems(dataSource, new, "step \(step) final")
        }
        #expect(failures.isEmpty, "seed \(seed) (ROWDIFF_SEED=\(seed) reruns it): \(failures.prefix(5).joined(separator: "; "))")
        #expect(patchedReads > 100, "the updates reached the patched stages only \(patchedReads) times")
    }

    @Test("a renderer's content stages reach its target valid, and the data source ends on the state")
    func renderer_contentStagesThroughTarget() async {
        let (renderer, view) = makeRenderer()
        let old = [
            section("a", [row("1", 0), row("2", 0), row("3", 0)], header: "A"),
            section("b", [row("4", 0)], header: "B"),
        ]
        await renderer.renderAndWait(old)
        let new = [
            section("a", [row("1", 1), row("3", 0, cell: DetailCell.self)], header: "A"),
            section("b", [row("4", 0)], header: "B2"),
        ]
        await renderer.renderAndWait(new)
        #expect(renderer.lastOutcome == .animated(batches: 3))
        #expect(view.violations.isEmpty && view.problems.isEmpty, "\(view.violations) \(view.problems)")
        #expect(Self.same(renderer.dataSource.sections, new))
    }
}
