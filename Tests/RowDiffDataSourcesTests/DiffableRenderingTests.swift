import RowDiffDataSources
import Testing
import RowDiffTesting

typealias SnapshotSection = DiffableSnapshotSection<String, Int>

/// A cell showing an item identifier, counting how often it was configured.
final class ItemCell: StandInView, ReusableView {
    var text: String?
    var configurations = 0
}

/// An owner of a stand-in view rendering snapshots: each row in an `ItemCell` showing its
/// identifier; the stand-in's validator sees section and item identifiers.
@MainActor
func makeSnapshotOwner(collection: Bool = false) -> (ListController<SnapshotSection>, StandInListView) {
    let view: StandInListView = collection ? StandInCollectionView() : StandInTableView()
    let owner = ListController<SnapshotSection>(
        host: view, options: RenderOptions(onDuplicateKeys: nil),
        presentation: { row in
            RowPresentation(cell: ItemCell.self, state: row.identifier) { cell, identifier in
                cell.text = "\(identifier)"
                cell.configurations += 1
            }
        },
        describe: SnapshotSection.describe)
    return (owner, view)
}

/// Renders `snapshot` and waits until it is on screen.
@MainActor
func show(_ snapshot: Snapshot, on owner: ListController<SnapshotSection>) async {
    owner.render(snapshot.renderedSections())
    await owner.renderer.waitUntilIdle()
}

/// What the stand-in's cells show, section by section.
@MainActor
func shownItems(_ view: StandInListView) -> [[String?]] {
    view.cells.map { $0.map { ($0 as? ItemCell)?.text } }
}

/// The snapshot's items as the cells should show them.
func expectedItems(_ snapshot: Snapshot) -> [[String?]] {
    snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0).map { "\($0)" } }
}

/// The refreshes of every batch applied after the first `skipping` ones.
@MainActor
func refreshes(_ view: StandInListView, after skipping: Int) -> (reloads: [ItemPath], reconfigures: [ItemPath], sections: [Int]) {
    let batches = view.batches.dropFirst(skipping).map(\.update)
    return (batches.flatMap(\.itemReloads), batches.flatMap(\.itemReconfigures), batches.flatMap(\.sectionReloads))
}

@Suite("Diffable rendering: snapshots through a ListController on stand-in views")
@MainActor
struct DiffableRenderingTests {
    @Test(arguments: [false, true])
    func renderingAThenB_endsShowingB_inBatchesTheViewAccepts(collection: Bool) async {
        let (owner, view) = makeSnapshotOwner(collection: collection)
        let a = makeSnapshot(["a": [1, 2, 3], "b": [4, 5], "c": [6]])
        await show(a, on: owner)
        #expect(shownItems(view) == expectedItems(a))
        var b = a
        b.deleteItems([2])
        b.moveItem(6, beforeItem: 1)
        b.insertItems([7, 8], afterItem: 4)
        b.moveSection("c", beforeSection: "a")
        b.appendSections(["d"])
        b.appendItems([5, 9]) // 5 moves into "d"
        await show(b, on: owner)
        #expect(view.problems == [])
        #expect(view.batches.count > 0)
        #expect(shownItems(view) == expectedItems(b))
        #expect(owner.dataSource.sections.map(\.identifier) == b.sectionIdentifiers)
        #expect(owner.renderer.lastOutcome == .animated(batches: view.batches.count))
    }

    @Test(arguments: [false, true])
    func reloadedItems_areReloaded_andReconfiguredItems_reconfigured(collection: Bool) async {
        let (owner, view) = makeSnapshotOwner(collection: collection)
        let a = makeSnapshot(["a": [1, 2, 3], "b": [4, 5]])
        await show(a, on: owner)
        let firstBatches = view.batches.count
        var b = a
        b.reloadItems([2])
        b.reconfigureItems([5])
        b.insertItems([10], beforeItem: 1) // structure changes in the same apply
        b.moveItem(4, afterItem: 5)
        await show(b, on: owner)
        #expect(view.problems == [])
        #expect(shownItems(view) == expectedItems(b))
        let done = refreshes(view, after: firstBatches)
        #expect(done.reloads == [ItemPath(section: 0, item: 1)]) // 2, at its old position
        #expect(done.reconfigures == [ItemPath(section: 1, item: 1)]) // 5, at its old position
        #expect(done.sections.isEmpty)
    }

    @Test func reloadedSections_areReloaded() async {
        let (owner, view) = makeSnapshotOwner()
        let a = makeSnapshot(["a": [1], "b": [2, 3]])
        await show(a, on: owner)
        let firstBatches = view.batches.count
        var b = a
        b.reloadSections(["b"])
        b.reloadItems([3]) // covered by its section's reload
        await show(b, on: owner)
        #expect(view.problems == [])
        let done = refreshes(view, after: firstBatches)
        #expect(done.sections == [1])
        #expect(done.reloads.isEmpty)
        #expect(shownItems(view) == expectedItems(b))
    }

    @Test func marksCountForOneApply_andAgainWhenMarkedAgain() async {
        let (owner, view) = makeSnapshotOwner()
        var snapshot = makeSnapshot(["a": [1, 2, 3]])
        await show(snapshot, on: owner)
        snapshot.reloadItems([2])
        snapshot.reconfigureItems([3])
        await show(snapshot, on: owner)
        var count = view.batches.count
        // The same marks again: a new apply refreshes again (the row on screen was marked too).
        await show(snapshot, on: owner)
        var done = refreshes(view, after: count)
        #expect(done.reloads == [ItemPath(section: 0, item: 1)])
        #expect(done.reconfigures == [ItemPath(section: 0, item: 2)])
        // Rendering the same sections twice refreshes nothing the second time.
        let sections = snapshot.renderedSections()
        owner.render(sections)
        await owner.renderer.waitUntilIdle()
        count = view.batches.count
        owner.render(sections)
        await owner.renderer.waitUntilIdle()
        #expect(view.batches.count == count)
        // Without marks, nothing is refreshed, whatever the rows on screen carried.
        var unmarked = Snapshot()
        unmarked.appendSections(["a"])
        unmarked.appendItems([1, 2, 3])
        await show(unmarked, on: owner)
        done = refreshes(view, after: count)
        #expect(done.reloads.isEmpty && done.reconfigures.isEmpty && done.sections.isEmpty)
        #expect(view.problems == [])
    }

    @Test func reconfigure_keepsTheCell_andConfiguresItAgain() async {
        let (owner, view) = makeSnapshotOwner()
        var snapshot = makeSnapshot(["a": [1, 2]])
        await show(snapshot, on: owner)
        let cell = view.cells[0][1] as? ItemCell
        #expect(cell != nil)
        let configured = cell?.configurations ?? 0
        snapshot.reconfigureItems([2])
        await show(snapshot, on: owner)
        #expect(view.cells[0][1] === cell)
        #expect(cell?.configurations == configured + 1)
        #expect(view.problems == [])
    }

    @Test func withoutReconfigureSupport_reconfiguredItemsAreReloaded() async {
        let dataSource = SectionedDataSource<SnapshotSection>()
        let target = ValidatingTarget(dataSource: dataSource, updateMode: .batches(reconfigures: false), describe: SnapshotSection.describe)
        let renderer = ListRenderer(dataSource: dataSource, target: target, options: RenderOptions(onDuplicateKeys: nil))
        var snapshot = makeSnapshot(["a": [1, 2]])
        await renderer.renderAndWait(snapshot.renderedSections())
        snapshot.reconfigureItems([1])
        await renderer.renderAndWait(snapshot.renderedSections())
        #expect(target.problems == [])
        #expect(target.batches.last?.itemReloads == [ItemPath(section: 0, item: 0)])
    }

    @Test func repeatedIdentifiers_neverCrash_andRenderWithoutDuplicates() async {
        let (owner, view) = makeSnapshotOwner()
        await show(makeSnapshot(["a": [1, 2], "b": [3]]), on: owner)
        var snapshot = Snapshot()
        snapshot.appendSections(["a", "b", "a", "c"]) // refused: "a" repeated
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2, 3], toSection: "a")
        snapshot.appendItems([3, 1, 3], toSection: "b") // 1 and 3 move, 3 at its last occurrence
        snapshot.insertItems([2, 2], beforeItem: 1)
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        outline.append([4, 2]) // 2 comes from "b"
        snapshot.replaceItems(inSection: "c", withVisibleItemsOf: outline)
        #expect(layout(snapshot) == ["a": [], "b": [1, 3], "c": [4, 2]])
        await show(snapshot, on: owner)
        #expect(view.problems == [])
        #expect(owner.renderer.lastOutcome != .reloaded(.duplicateKeys))
        #expect(shownItems(view) == expectedItems(snapshot))
    }

    @Test func sameValueAsSectionAndItem_rendersBoth() async {
        let view = StandInTableView()
        let owner = ListController<DiffableSnapshotSection<Int, Int>>(
            host: view, presentation: { _ in .plain() }, describe: DiffableSnapshotSection<Int, Int>.describe)
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([1, 2])
        snapshot.appendItems([2, 1], toSection: 1)
        owner.render(snapshot.renderedSections())
        await owner.renderer.waitUntilIdle()
        snapshot.moveItem(1, beforeItem: 2)
        snapshot.moveSection(2, beforeSection: 1)
        owner.render(snapshot.renderedSections())
        await owner.renderer.waitUntilIdle()
        #expect(view.problems == [])
        #expect(owner.dataSource.sections.map { $0.rows.map(\.identifier) } == [[], [1, 2]])
    }
}

@Suite("Diffable rendering: section snapshots")
@MainActor
struct DiffableSectionRenderingTests {
    @Test func aSectionSnapshot_showsOnlyItsVisibleItems_andExpandingInsertsChildren() async {
        let (owner, view) = makeSnapshotOwner(collection: true)
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        outline.append([1, 2])
        outline.append([10, 11], to: 1)
        outline.append([100], to: 10)
        var snapshot = makeSnapshot(["top": [50]])
        snapshot.replaceItems(inSection: "tree", withVisibleItemsOf: outline) // appended section
        #expect(snapshot.sectionIdentifiers == ["top", "tree"])
        #expect(snapshot.itemIdentifiers(inSection: "tree") == [1, 2])
        await show(snapshot, on: owner)
        let firstBatches = view.batches.count
        outline.expand([1, 10])
        snapshot.replaceItems(inSection: "tree", withVisibleItemsOf: outline)
        #expect(snapshot.itemIdentifiers(inSection: "tree") == [1, 10, 100, 11, 2])
        await show(snapshot, on: owner)
        #expect(view.problems == [])
        #expect(shownItems(view) == expectedItems(snapshot))
        let inserted = view.batches.dropFirst(firstBatches).flatMap(\.update.itemInserts)
        #expect(Set(inserted) == [ItemPath(section: 1, item: 1), ItemPath(section: 1, item: 2), ItemPath(section: 1, item: 3)])
        outline.collapse([1])
        snapshot.replaceItems(inSection: "tree", withVisibleItemsOf: outline)
        await show(snapshot, on: owner)
        #expect(shownItems(view) == [["50"], ["1", "2"]])
        #expect(view.problems == [])
    }

    @Test func replacingASectionsItems_keepsTheMarksOfItemsThatStay() {
        var snapshot = makeSnapshot(["a": [1, 2, 3]])
        snapshot.reloadItems([1, 2])
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        outline.append([2, 4])
        snapshot.replaceItems(inSection: "a", withVisibleItemsOf: outline)
        #expect(snapshot.reloadedItemIdentifiers == [2])
        #expect(snapshot.itemIdentifiers == [2, 4])
    }
}
