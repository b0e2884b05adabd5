import Testing
import RowDiffDataSources
import RowDiffTesting

/// Random render sequences through the validating target: single renders, bursts (coalescing),
/// threshold fallbacks, duplicate keys, hidden targets, non-animated renders and interactive
/// moves between renders. After every step the view, the data source and the key lookups must
/// agree with the latest state, and the validator must have accepted every batch.
@MainActor
@Suite struct RandomizedRenderTests {
    @Test(arguments: [ListViewKind.tableView, .collectionView])
    func randomRenderSequences_stayConsistent(view: ListViewKind) async {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        var diagnostics = 0
        let options = RenderOptions(maximumAnimatedChanges: 25, duplicatePolicy: .reload, onDuplicateKeys: { _ in diagnostics += 1 })
        let (renderer, target) = makeRenderer(
            options: options, view: view,
            updateMode: .batches(reconfigures: Bool.random(using: &rng)))
        target.completesAsynchronously = Bool.random(using: &rng)
        var state = RandomState()
        var duplicateStates = 0

        for step in 0..<1_000 {
            let action = Int.random(in: 0..<100, using: &rng)
            if action < 8, !state.sections.isEmpty {
                // The user drags a row; the app mirrors the move in its own state.
                let source = state.randomRowPath(using: &rng)
                if let source {
                    let destinationSection = Int.random(in: 0..<state.sections.count, using: &rng)
                    let limit = state.sections[destinationSection].rows.count - (destinationSection == source.section ? 1 : 0)
                    let destination = ItemPath(section: destinationSection, item: Int.random(in: 0...max(0, limit), using: &rng))
                    if target.userMovesItem(from: source, to: destination, in: renderer.dataSource) {
                        state.move(from: source, to: destination)
                    }
                }
            } else if action < 20 {
                // A burst: only the latest state may be applied.
                let count = Int.random(in: 2...5, using: &rng)
                var completions = 0
                let applied = renderer.appliedRenderCount
                for _ in 0..<count {
                    state.mutate(using: &rng)
                    renderer.render(state.keyed) { completions += 1 }
                }
                // Sometimes the user drags a row while those states are pending or diffing.
                var drag: (key: String, sectionBefore: String, sectionAfter: String)?
                var pendingAtDrag = false
                // (Only where keys are unique on screen: a repeated key has no single place to keep.)
                if Bool.random(using: &rng), renderer.dataSource.duplicateKeys == nil {
                    for _ in 0..<Int.random(in: 0...2, using: &rng) { await Task.yield() }
                    pendingAtDrag = renderer.isRendering
                    drag = randomDrag(on: target, renderer.dataSource, using: &rng)
                }
                await renderer.waitUntilIdle()
                #expect(completions == count, "seed \(seed), step \(step)")
                #expect(renderer.appliedRenderCount - applied <= 2, "seed \(seed), step \(step): a burst renders at most twice")
                if let drag {
                    // The rule: the last state requested before the drag keeps it unless it removes
                    // the row or puts it in another section than it had before the drag.
                    let requested = state.sections.first { $0.rows.contains { $0.key == drag.key } }?.key
                    let shown = renderer.dataSource.sections.first { $0.rows.contains { $0.key == drag.key } }?.key
                    // (When every state was on screen before the drag, nothing is left to render.)
                    let keepsDrag =
                        !pendingAtDrag
                        || (requested == drag.sectionBefore && state.sections.contains { $0.key == drag.sectionAfter })
                    let expected = keepsDrag ? drag.sectionAfter : requested
                    #expect(
                        shown == expected,
                        "seed \(seed), step \(step): dragged row \(drag.key) from \(drag.sectionBefore) to \(drag.sectionAfter), state puts it in \(requested ?? "none")"
                    )
                    #expect(target.problems.isEmpty, "seed \(seed), step \(step): \(target.problems.first ?? "")")
                    // The app did not mirror the drag: its state, rendered after the drag, wins.
                    await renderer.renderAndWait(state.keyed)
                }
            } else if action < 24 {
                target.isVisible.toggle()
                state.mutate(using: &rng)
                await renderer.renderAndWait(state.keyed)
            } else if action < 27 {
                state.mutate(using: &rng)
                await renderer.renderAndWait(state.keyed, animated: false)
            } else if action < 31 {
                state.mutate(using: &rng, changes: 40) // over the threshold
                await renderer.renderAndWait(state.keyed)
            } else {
                state.mutate(using: &rng)
                if action < 34 { state.duplicateSomething(using: &rng) }
                await renderer.renderAndWait(state.keyed)
            }
            if state.hasDuplicates { duplicateStates += 1 }

            let expected = describe(state.keyed)
            #expect(target.shown == expected, "seed \(seed), step \(step): the view differs from the state")
            #expect(describe(renderer.dataSource.sections) == expected, "seed \(seed), step \(step)")
            #expect(target.problems.isEmpty, "seed \(seed), step \(step): \(target.problems.first ?? "")")
            checkLookups(renderer.dataSource, seed: seed, step: step)
            if !target.problems.isEmpty || target.shown != expected { break }
        }
        #expect(!target.batches.isEmpty, "seed \(seed): some renders animate")
        #expect(diagnostics > 0 || duplicateStates == 0, "seed \(seed): duplicates are reported")
    }

    /// Drags a random row of what the view shows to a random place; returns its key and the keys
    /// of its section before and after, or nil when nothing moved.
    private func randomDrag(
        on target: ValidatingTarget<KeyedSection>, _ source: SectionedDataSource<KeyedSection>, using rng: inout SeededGenerator
    ) -> (key: String, sectionBefore: String, sectionAfter: String)? {
        let candidates = source.sections.indices.filter { !source.sections[$0].rows.isEmpty }
        guard let s = candidates.randomElement(using: &rng) else { return nil }
        let from = ItemPath(section: s, item: Int.random(in: 0..<source.sections[s].rows.count, using: &rng))
        let d = Int.random(in: 0..<source.sections.count, using: &rng)
        let limit = source.sections[d].rows.count - (d == s ? 1 : 0)
        let to = ItemPath(section: d, item: Int.random(in: 0...max(0, limit), using: &rng))
        let key = source.itemKey(at: from), before = source.sectionKey(at: s), after = source.sectionKey(at: d)
        guard from != to, target.userMovesItem(from: from, to: to, in: source) else { return nil }
        return (key, before, after)
    }

    private func checkLookups(_ source: SectionedDataSource<KeyedSection>, seed: UInt64, step: Int) {
        var firstRow: [String: ItemPath] = [:]
        var firstSection: [String: Int] = [:]
        for (s, section) in source.sections.enumerated() {
            if firstSection[section.key] == nil { firstSection[section.key] = s }
            for (r, row) in section.rows.enumerated() {
                let path = ItemPath(section: s, item: r)
                if firstRow[row.key] == nil { firstRow[row.key] = path }
                #expect(source.itemKey(at: path) == row.key, "seed \(seed), step \(step)")
            }
        }
        for (key, path) in firstRow where source.indexPath(ofItem: key) != path {
            Issue.record(
                "seed \(seed), step \(step): lookup of \(key) gave \(String(describing: source.indexPath(ofItem: key))), expected \(path)")
        }
        for (key, index) in firstSection where source.index(ofSection: key) != index {
            Issue.record("seed \(seed), step \(step): section lookup of \(key) is wrong")
        }
    }
}

/// The app's state in the randomized test: sections with keys, headers and rows with states.
struct RandomState {
    struct Section {
        var key: String
        var header: String?
        var rows: [(key: String, state: Int, detail: Bool)]
    }
    var sections: [Section] = []
    private var nextKey = 0

    var keyed: [KeyedSection] {
        sections.map { section in
            KeyedSection(
                key: section.key,
                rows: section.rows.map {
                    KeyedRow(key: $0.key, kind: RowKind($0.detail ? DetailCell.self : TextCell.self), state: $0.state)
                }, headerTitle: section.header)
        }
    }

    var hasDuplicates: Bool {
        let rows = sections.flatMap { $0.rows.map(\.key) }
        return Set(rows).count != rows.count || Set(sections.map(\.key)).count != sections.count
    }

    mutating func freshKey() -> String {
        nextKey += 1
        return "k\(nextKey)"
    }

    func randomRowPath(using rng: inout SeededGenerator) -> ItemPath? {
        let candidates = sections.indices.filter { !sections[$0].rows.isEmpty }
        guard let s = candidates.randomElement(using: &rng) else { return nil }
        return ItemPath(section: s, item: Int.random(in: 0..<sections[s].rows.count, using: &rng))
    }

    mutating func move(from source: ItemPath, to destination: ItemPath) {
        let row = sections[source.section].rows.remove(at: source.item)
        sections[destination.section].rows.insert(row, at: destination.item)
    }

    mutating func mutate(using rng: inout SeededGenerator, changes: Int? = nil) {
        let count = changes ?? Int.random(in: 0...6, using: &rng)
        for _ in 0..<count {
            switch Int.random(in: 0..<11, using: &rng) {
            case 0 where sections.count < 6:
                sections.insert(
                    Section(key: freshKey(), header: Bool.random(using: &rng) ? "h" : nil, rows: []),
                    at: Int.random(in: 0...sections.count, using: &rng))
            case 1 where !sections.isEmpty && sections.count > 1:
                sections.remove(at: Int.random(in: 0..<sections.count, using: &rng))
            case 2 where sections.count > 1:
                let from = Int.random(in: 0..<sections.count, using: &rng)
                let moved = sections.remove(at: from)
                sections.insert(moved, at: Int.random(in: 0...sections.count, using: &rng))
            case 3 where !sections.isEmpty:
                let s = Int.random(in: 0..<sections.count, using: &rng)
                sections[s].header = sections[s].header == nil ? "h\(Int.random(in: 0..<3, using: &rng))" : nil
            case 4 where !sections.isEmpty, 5 where !sections.isEmpty:
                let s = Int.random(in: 0..<sections.count, using: &rng)
                if sections[s].rows.count < 15 {
                    sections[s].rows.insert((freshKey(), 0, false), at: Int.random(in: 0...sections[s].rows.count, using: &rng))
                }
            case 6:
                if let path = randomRowPath(using: &rng) { sections[path.section].rows.remove(at: path.item) }
            case 7:
                if let path = randomRowPath(using: &rng) {
                    let s = Int.random(in: 0..<sections.count, using: &rng)
                    let row = sections[path.section].rows.remove(at: path.item)
                    sections[s].rows.insert(row, at: Int.random(in: 0...sections[s].rows.count, using: &rng))
                }
            case 8, 9:
                if let path = randomRowPath(using: &rng) { sections[path.section].rows[path.item].state += 1 }
            case 10:
                if let path = randomRowPath(using: &rng) { sections[path.section].rows[path.item].detail.toggle() }
            default:
                if sections.isEmpty { sections.append(Section(key: freshKey(), header: nil, rows: [])) }
            }
        }
        // Duplicates live for one render at most; later states are unique again.
        removeDuplicates()
    }

    mutating func duplicateSomething(using rng: inout SeededGenerator) {
        if Bool.random(using: &rng), let path = randomRowPath(using: &rng) {
            let s = Int.random(in: 0..<sections.count, using: &rng)
            sections[s].rows.insert(sections[path.section].rows[path.item], at: 0)
        } else if let copy = sections.randomElement(using: &rng) {
            sections.append(Section(key: copy.key, header: nil, rows: []))
        }
    }

    private mutating func removeDuplicates() {
        var seenSections = Set<String>()
        sections.removeAll { !seenSections.insert($0.key).inserted }
        var seenRows = Set<String>()
        for s in sections.indices { sections[s].rows.removeAll { !seenRows.insert($0.key).inserted } }
    }
}
