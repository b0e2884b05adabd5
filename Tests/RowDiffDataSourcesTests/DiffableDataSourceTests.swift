import RowDiffDataSources
import Testing
import RowDiffTesting

// The diffable data source (`DiffableDataSourceCore` through `DiffableListSource`) on the stand-in
// views: seeded random snapshot sequences, interactive moves, outlines, lookups. Every seeded test
// prints its seed on failure; ROWDIFF_SEED=<seed> reruns it.

@Suite("Diffable data source: applying snapshots to stand-in views")
@MainActor
struct DiffableDataSourceApplyTests {
    /// Random snapshot sequences, each applied and awaited: every batch accepted, the view ends on
    /// the snapshot, marked items (and the items of marked sections) refreshed the way they were
    /// marked, unmarked items that stayed in a kept section never refreshed, lookups right.
    @Test(arguments: [false, true])
    func randomSnapshots_renderInAcceptedBatches_andRefreshExactlyTheMarkedItems(collection: Bool) async {
        for seed in diffableSeeds(12, salt: collection ? 41 : 42) {
            let rerun = "seed \(seed) (rerun with ROWDIFF_SEED=\(seed))"
            let harness = DiffableHarness(collection: collection)
            var mutator = SnapshotMutator(seed: seed)
            var previous = mutator.initial()
            await harness.core.apply(previous)
            var reloadedBefore: Set<Int> = []
            for step in 0..<25 {
                let next = mutator.changed(previous)
                harness.log = []
                let batchesBefore = harness.view.batches.count
                if step % 3 == 0 {
                    await withCheckedContinuation { continuation in
                        harness.core.apply(next) { continuation.resume() }
                    }
                } else {
                    await harness.core.apply(next)
                }
                let context = "\(rerun), step \(step): \(fullLayout(previous)) → \(fullLayout(next))"
                #expect(harness.view.problems == [], "\(context)")
                #expect(harness.shown == itemLayout(next), "\(context)")
                #expect(fullLayout(harness.core.snapshot()) == fullLayout(next), "\(context)")
                #expect(
                    harness.core.snapshot().reloadedItemIdentifiers.isEmpty && harness.core.snapshot().reconfiguredItemIdentifiers.isEmpty)
                if harness.view.batches.count > batchesBefore {
                    checkRefreshes(previous, next, reloadedBefore: reloadedBefore, harness.log, context)
                }
                reloadedBefore = Set(next.reloadedItemIdentifiers)
                checkLookups(harness.core, next, context)
                previous = harness.core.snapshot()
                if harness.view.problems != [] { return }
            }
        }
    }

    /// Bursts of applies (without waiting, completion form mixed in), then one awaited: the view
    /// and the lookups show the last, every completion ran, every batch was accepted.
    @Test(arguments: [false, true])
    func bursts_endOnTheLastSnapshot_withEveryCompletionRun(collection: Bool) async {
        for seed in diffableSeeds(8, salt: collection ? 43 : 44) {
            let rerun = "seed \(seed) (rerun with ROWDIFF_SEED=\(seed))"
            let harness = DiffableHarness(collection: collection)
            var mutator = SnapshotMutator(seed: seed)
            var current = mutator.initial()
            harness.core.apply(current, completion: nil)
            var completions = 0, requested = 0
            for burst in 0..<10 {
                for _ in 0..<(1 + mutator.rng.below(6)) {
                    current = mutator.changed(current)
                    requested += 1
                    harness.core.apply(current) { completions += 1 }
                    #expect(fullLayout(harness.core.snapshot()) == fullLayout(current), "\(rerun)")
                }
                if burst % 2 == 0 {
                    await harness.core.apply(current)
                } else {
                    await harness.core.renderer.waitUntilIdle()
                }
                let context = "\(rerun), burst \(burst)"
                #expect(harness.view.problems == [], "\(context)")
                #expect(harness.shown == itemLayout(current), "\(context)")
                #expect(completions == requested, "\(context)")
                checkLookups(harness.core, current, context)
            }
        }
    }

    /// After a burst, lookups hash the identifier once: the key table was built off the main
    /// thread during the render, not by the first lookup.
    @Test func lookupsAfterABurst_hashEachIdentifierOnce() async {
        let counter = HashCounter()
        let view = StandInTableView()
        view.register(ViewRegistration(DiffableItemCell.self, for: .cell))
        let source = DiffableListSource<String, CountedID>(host: view) { host, path, item in
            let cell = host.dequeueView(.cell, reuseIdentifier: DiffableItemCell.reuseIdentifier, at: path) as? DiffableItemCell
            cell?.item = item.value
            return cell
        }
        var snapshot = DiffableDataSourceSnapshot<String, CountedID>()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems((0..<300).map { CountedID(value: $0, counter: counter) }, toSection: "a")
        snapshot.appendItems((300..<500).map { CountedID(value: $0, counter: counter) }, toSection: "b")
        for round in 0..<5 {
            snapshot.deleteItems([CountedID(value: round * 7, counter: counter)])
            snapshot.appendItems([CountedID(value: 1_000 + round, counter: counter)], toSection: "a")
            snapshot.moveItem(CountedID(value: 400 + round, counter: counter), beforeItem: CountedID(value: 100, counter: counter))
            source.core.apply(snapshot, completion: nil)
        }
        await source.core.apply(snapshot)
        let items = snapshot.itemIdentifiers
        let before = counter.count
        var found = 0
        for item in items where source.core.indexPath(for: item) != nil { found += 1 }
        #expect(found == items.count)
        #expect(counter.count - before == items.count, "one hash per lookup")
        #expect(view.problems == [])
    }

    /// `applySnapshotUsingReloadData` reloads instead of animating; `animatingDifferences: false`
    /// too; both end on the snapshot.
    @Test func reloadData_andNotAnimating_reload() async {
        let harness = DiffableHarness()
        await harness.core.apply(makeSnapshot(["a": [1, 2]]))
        let reloads = harness.view.reloadCount
        let b = makeSnapshot(["a": [2, 3], "b": [1]])
        await harness.core.applySnapshotUsingReloadData(b)
        #expect(harness.view.reloadCount == reloads + 1)
        #expect(harness.shown == itemLayout(b))
        let c = makeSnapshot(["b": [1, 4]])
        await withCheckedContinuation { continuation in harness.core.applySnapshotUsingReloadData(c) { continuation.resume() } }
        #expect(harness.view.reloadCount == reloads + 2)
        harness.core.apply(makeSnapshot(["c": [5]]), animatingDifferences: false, completion: nil)
        await harness.core.renderer.waitUntilIdle()
        #expect(harness.view.reloadCount == reloads + 3)
        #expect(harness.shown == [[5]])
        #expect(harness.view.problems == [])
    }

    /// Until the view shows an apply, `snapshot()` answers with it and the lookups with what the
    /// view shows.
    @Test func snapshotAnswersAtOnce_lookupsOnceShown() async {
        let harness = DiffableHarness()
        let a = makeSnapshot(["a": [1, 2]])
        await harness.core.apply(a)
        let b = makeSnapshot(["a": [2, 3]])
        harness.core.apply(b, completion: nil)
        #expect(fullLayout(harness.core.snapshot()) == fullLayout(b))
        #expect(harness.core.indexPath(for: 1) == ItemPath(section: 0, item: 0))
        #expect(harness.core.indexPath(for: 3) == nil)
        await harness.core.renderer.waitUntilIdle()
        #expect(harness.core.indexPath(for: 1) == nil)
        #expect(harness.core.indexPath(for: 3) == ItemPath(section: 0, item: 1))
        #expect(fullLayout(harness.core.shownSnapshot()) == fullLayout(b))
    }

    /// Defaults of UIKit's diffable data sources: no titles, no index, nothing editable, nothing
    /// movable (a table without an override, a collection without `canReorderItem`).
    @Test(arguments: [false, true])
    func defaults_noTitles_noEditing_noMoves(collection: Bool) async {
        let harness = DiffableHarness(collection: collection)
        await harness.core.apply(makeSnapshot(["a": [1, 2], "b": [3]]))
        let path = ItemPath(section: 0, item: 0)
        #expect(harness.source.title(for: .header, in: 0) == nil && harness.source.title(for: .footer, in: 0) == nil)
        #expect(harness.view.sectionIndexTitles == nil)
        #expect(!harness.source.canEditItem(at: path) && !harness.source.canMoveItem(at: path))
        #expect(!harness.view.userMoves(from: path, to: ItemPath(section: 1, item: 0)))
        #expect(harness.view.userSwipes(.trailing, on: path) == nil)
        #expect(harness.shown == [[1, 2], [3]])
        #expect(harness.view.problems == [])
    }

    /// Checks which items the cell provider was asked for in one apply from `old` to `new`.
    /// `reloadedBefore`: the items the apply that showed `old` reloaded.
    private func checkRefreshes(
        _ old: Snapshot, _ new: Snapshot, reloadedBefore: Set<Int>,
        _ log: [(item: Int, reconfigured: Bool)], _ context: String
    ) {
        var calls: [Int: [Bool]] = [:]
        for entry in log { calls[entry.item, default: []].append(entry.reconfigured) }
        let oldSections = Set(old.sectionIdentifiers), reloadedSections = Set(new.reloadedSectionIdentifiers)
        let reloaded = Set(new.reloadedItemIdentifiers), reconfigured = Set(new.reconfiguredItemIdentifiers)
        for section in new.sectionIdentifiers {
            for item in new.itemIdentifiers(inSection: section) {
                let oldSection = old.sectionIdentifier(containingItem: item)
                guard let oldSection, oldSections.contains(section), !(reloadedSections.contains(section) && oldSection == section) else {
                    // New, in a new section, or in its own section reloaded: a new cell.
                    if calls[item]?.contains(false) != true { Issue.record("\(context): item \(item) got no new cell") }
                    continue
                }
                // Out of a deleted or reloaded section, or into a reloaded one, a kept cell and a
                // new one are both right (staging may move it before or after the reload).
                guard new.indexOfSection(oldSection) != nil, !reloadedSections.contains(oldSection),
                    !reloadedSections.contains(section)
                else { continue }
                if reloaded.contains(item) {
                    if calls[item]?.contains(false) != true {
                        Issue.record("\(context): reloaded item \(item) was not reloaded: \(calls[item] ?? [])")
                    }
                } else if reconfigured.contains(item) {
                    // A row the previous apply reloaded carries that apply's reload kind, so
                    // staging reloads it rather than reconfiguring it (see SnapshotRendering.swift).
                    let expected = reloadedBefore.contains(item) ? calls[item] != nil : calls[item]?.contains(true) == true
                    if !expected { Issue.record("\(context): reconfigured item \(item) was not reconfigured: \(calls[item] ?? [])") }
                } else if let made = calls[item] {
                    Issue.record("\(context): unmarked item \(item) was refreshed: \(made)")
                }
            }
        }
    }
}
