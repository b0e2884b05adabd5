import RowDiffDataSources
import Testing

// The user's side of the diffable data source on the stand-in views: reorders (transactions,
// the current snapshot, pending applies rebased onto them) and outline expansion through the
// section-snapshot handlers.

@Suite("Diffable data source: reorders")
@MainActor
struct DiffableDataSourceReorderTests {
    /// Random user moves on a table (a subclass allows them) and on a collection view
    /// (`canReorderItem`): each gives one transaction whose snapshots and difference describe the
    /// move; `snapshot()`, the view and the lookups all show it.
    @Test(arguments: [false, true])
    func randomMoves_giveTheTransaction_andTheFinalSnapshot(collection: Bool) async {
        for seed in diffableSeeds(10, salt: collection ? 51 : 52) {
            let rerun = "seed \(seed) (rerun with ROWDIFF_SEED=\(seed))"
            let harness = DiffableHarness(collection: collection, movableTable: !collection)
            var will: [DiffableDataSourceTransaction<String, Int>] = []
            var did: [DiffableDataSourceTransaction<String, Int>] = []
            if collection {
                harness.core.reorderingHandlers.canReorderItem = { _ in true }
            }
            harness.core.reorderingHandlers.willReorder = { will.append($0) }
            harness.core.reorderingHandlers.didReorder = { did.append($0) }
            var mutator = SnapshotMutator(seed: seed)
            var snapshot = mutator.initial()
            snapshot.appendSections(["extra"])
            snapshot.appendItems(mutator.newItems(3), toSection: "extra")
            await harness.core.apply(snapshot)
            for step in 0..<30 {
                let before = harness.core.snapshot()
                var rows = itemLayout(before)
                let sources = rows.indices.flatMap { s in rows[s].indices.map { ItemPath(section: s, item: $0) } }
                guard !sources.isEmpty else { break }
                let source = mutator.rng.pick(sources)
                let item = rows[source.section].remove(at: source.item)
                let section = mutator.rng.below(rows.count)
                let destination = ItemPath(section: section, item: mutator.rng.below(rows[section].count + 1))
                rows[destination.section].insert(item, at: destination.item)
                let context = "\(rerun), step \(step): \(String(describing: item)) \(source) → \(destination) in \(fullLayout(before))"
                let moves = (will.count, did.count)
                #expect(harness.view.userMoves(from: source, to: destination), "\(context)")
                #expect(harness.view.problems == [], "\(context)")
                #expect(harness.shown == rows, "\(context)")
                #expect(itemLayout(harness.core.snapshot()) == rows, "\(context)")
                if source == destination {
                    #expect(will.count == moves.0 && did.count == moves.1, "\(context)")
                    continue
                }
                guard will.count == moves.0 + 1, did.count == moves.1 + 1, let transaction = did.last else {
                    Issue.record("\(context): \(will.count - moves.0) willReorder and \(did.count - moves.1) didReorder calls")
                    return
                }
                #expect(fullLayout(will[will.count - 1].finalSnapshot) == fullLayout(transaction.finalSnapshot), "\(context)")
                #expect(fullLayout(transaction.initialSnapshot) == fullLayout(before), "\(context)")
                #expect(itemLayout(transaction.finalSnapshot) == rows, "\(context)")
                #expect(before.itemIdentifiers.applying(transaction.difference) == transaction.finalSnapshot.itemIdentifiers, "\(context)")
                let touched = Set([before.sectionIdentifiers[source.section], before.sectionIdentifiers[destination.section]])
                #expect(Set(transaction.sectionTransactions.map(\.sectionIdentifier)) == touched, "\(context)")
                for sectionTransaction in transaction.sectionTransactions {
                    let id = sectionTransaction.sectionIdentifier
                    #expect(sectionTransaction.initialSnapshot.items == before.itemIdentifiers(inSection: id), "\(context)")
                    #expect(
                        sectionTransaction.finalSnapshot.items == transaction.finalSnapshot.itemIdentifiers(inSection: id), "\(context)")
                    #expect(
                        sectionTransaction.initialSnapshot.items.applying(sectionTransaction.difference)
                            == sectionTransaction.finalSnapshot.items)
                }
                checkLookups(harness.core, harness.core.snapshot(), context)
                if harness.view.problems != [] { return }
            }
        }
    }

    /// A user move while applies are on their way: the pending snapshot is rebased onto the move,
    /// and once idle `snapshot()` is exactly what the view shows.
    @Test(arguments: [false, true])
    func movesDuringPendingApplies_leaveSnapshotEqualToTheView(collection: Bool) async {
        for seed in diffableSeeds(10, salt: collection ? 53 : 54) {
            let rerun = "seed \(seed) (rerun with ROWDIFF_SEED=\(seed))"
            let harness = DiffableHarness(collection: collection, movableTable: !collection)
            harness.core.reorderingHandlers.canReorderItem = { _ in true }
            var mutator = SnapshotMutator(seed: seed)
            var current = mutator.initial()
            current.appendSections(["extra"])
            current.appendItems(mutator.newItems(4), toSection: "extra")
            await harness.core.apply(current)
            for step in 0..<15 {
                current = mutator.changed(harness.core.snapshot(), marks: false)
                harness.core.apply(current, completion: nil) // returns at once
                let shown = harness.view.cells
                let sources = shown.indices.flatMap { s in shown[s].indices.map { ItemPath(section: s, item: $0) } }
                if !sources.isEmpty {
                    let source = mutator.rng.pick(sources)
                    let section = mutator.rng.below(shown.count)
                    let limit = shown[section].count - (section == source.section ? 1 : 0)
                    harness.view.userMoves(from: source, to: ItemPath(section: section, item: mutator.rng.below(limit + 1)))
                }
                await harness.core.renderer.waitUntilIdle()
                let context = "\(rerun), step \(step)"
                #expect(harness.view.problems == [], "\(context)")
                #expect(fullLayout(harness.core.snapshot()) == fullLayout(harness.core.shownSnapshot()), "\(context)")
                #expect(harness.shown == itemLayout(harness.core.snapshot()), "\(context)")
                checkLookups(harness.core, harness.core.snapshot(), context)
                if harness.view.problems != [] { return }
            }
        }
    }

    /// `canReorderItem` decides per item; a refused move changes nothing and calls no handler.
    @Test func canReorderItem_decidesPerItem() async {
        let harness = DiffableHarness(collection: true)
        var calls = 0
        harness.core.reorderingHandlers.canReorderItem = { $0 != 2 }
        harness.core.reorderingHandlers.didReorder = { _ in calls += 1 }
        await harness.core.apply(makeSnapshot(["a": [1, 2, 3]]))
        #expect(harness.source.canMoveItem(at: ItemPath(section: 0, item: 0)))
        #expect(!harness.source.canMoveItem(at: ItemPath(section: 0, item: 1)))
        #expect(!harness.view.userMoves(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 0)))
        #expect(calls == 0)
        #expect(harness.view.userMoves(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 0)))
        #expect(calls == 1)
        #expect(harness.shown == [[3, 1, 2]])
        #expect(harness.view.problems == [])
    }

    /// Items of a section showing an outline with children cannot be reordered (a row move names
    /// no place in the hierarchy); a flat outline follows the move.
    @Test func outlineSections_reorderOnlyWhenFlat() async {
        let harness = DiffableHarness(collection: true)
        harness.core.reorderingHandlers.canReorderItem = { _ in true }
        var tree = DiffableDataSourceSectionSnapshot<Int>()
        tree.append([1, 2])
        tree.append([10], to: 1)
        var flat = DiffableDataSourceSectionSnapshot<Int>()
        flat.append([5, 6, 7])
        await harness.core.apply(tree, to: "tree")
        await harness.core.apply(flat, to: "flat")
        #expect(!harness.source.canMoveItem(at: ItemPath(section: 0, item: 1)))
        #expect(!harness.core.moveItem(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 0)))
        #expect(harness.view.userMoves(from: ItemPath(section: 1, item: 2), to: ItemPath(section: 1, item: 0)))
        #expect(harness.core.snapshot(for: "flat").items == [7, 5, 6])
        #expect(harness.core.snapshot(for: "tree").items == [1, 10, 2])
        #expect(harness.view.problems == [])
    }
}

@Suite("Diffable data source: outlines")
@MainActor
struct DiffableDataSourceOutlineTests {
    /// Expanding and collapsing through the handlers inserts and removes the children; the
    /// handlers are asked and told in UIKit's order; `snapshotForExpandingParent` supplies
    /// children lazily.
    @Test func expandAndCollapse_goThroughTheHandlers() async {
        let harness = DiffableHarness(collection: true)
        var events: [String] = []
        harness.core.sectionSnapshotHandlers.shouldExpandItem = { item in
            events.append("should expand \(item)")
            return item != 3
        }
        harness.core.sectionSnapshotHandlers.willExpandItem = { events.append("will expand \($0)") }
        harness.core.sectionSnapshotHandlers.shouldCollapseItem = { item in
            events.append("should collapse \(item)")
            return true
        }
        harness.core.sectionSnapshotHandlers.willCollapseItem = { events.append("will collapse \($0)") }
        harness.core.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, children in
            guard parent == 2, children.items.isEmpty else { return children }
            var loaded = DiffableDataSourceSectionSnapshot<Int>()
            loaded.append([20, 21])
            return loaded
        }
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        outline.append([1, 2, 3])
        outline.append([10, 11], to: 1)
        outline.append([100], to: 10)
        await harness.core.apply(makeSnapshot(["top": [0]]))
        await harness.core.apply(outline, to: "tree")
        #expect(harness.shown == [[0], [1, 2, 3]])

        func settle() async { await harness.core.renderer.waitUntilIdle() }
        #expect(harness.core.expand(1))
        await settle()
        #expect(harness.shown == [[0], [1, 10, 11, 2, 3]])
        #expect(events == ["should expand 1", "will expand 1"])
        #expect(harness.core.toggleExpansion(of: 10))
        await settle()
        #expect(harness.shown == [[0], [1, 10, 100, 11, 2, 3]])
        #expect(!harness.core.expand(1), "already expanded")
        #expect(!harness.core.expand(3), "refused by shouldExpandItem")
        #expect(!harness.core.expand(99), "in no outline")
        #expect(harness.core.expand(2))
        await settle()
        #expect(harness.shown == [[0], [1, 10, 100, 11, 2, 20, 21, 3]])
        #expect(harness.core.snapshot(for: "tree").parent(of: 20) == 2)
        events = []
        #expect(harness.core.collapse(1))
        await settle()
        #expect(events == ["should collapse 1", "will collapse 1"])
        #expect(harness.shown == [[0], [1, 2, 20, 21, 3]])
        #expect(harness.core.isExpanded(10), "a hidden child keeps its state")
        #expect(harness.core.toggleExpansion(of: 1))
        await settle()
        #expect(harness.shown == [[0], [1, 10, 100, 11, 2, 20, 21, 3]])
        #expect(harness.view.problems == [])
        checkLookups(harness.core, harness.core.snapshot(), "outline")
    }

    /// `snapshot(for:)` returns the applied outline while the section shows it, a flat one once a
    /// snapshot changed the section's items, and an empty one for an unknown section.
    @Test func snapshotForSection_keepsTheOutlineWhileShown() async {
        let harness = DiffableHarness(collection: true)
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        outline.append([1, 2])
        outline.append([10], to: 1)
        outline.expand([1])
        await harness.core.apply(outline, to: "a")
        #expect(harness.core.snapshot(for: "a") == outline)
        await harness.core.apply(harness.core.snapshot()) // the same items: kept
        #expect(harness.core.snapshot(for: "a") == outline)
        var changed = harness.core.snapshot()
        changed.appendItems([3], toSection: "a")
        await harness.core.apply(changed)
        #expect(harness.core.snapshot(for: "a").items == [1, 10, 2, 3])
        #expect(harness.core.snapshot(for: "a").rootItems == [1, 10, 2, 3])
        #expect(harness.core.snapshot(for: "missing").items.isEmpty)
        #expect(!harness.core.expand(1), "the outline is gone")
        #expect(harness.view.problems == [])
    }
}
