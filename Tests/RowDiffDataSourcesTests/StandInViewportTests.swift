import Testing
import RowDiffDataSources
import RowDiffTesting

/// A stand-in with a viewport behaves as a device does at any size: cells only for the rows on
/// screen, reused as the test scrolls, row frames from heights, no height questions when no row
/// declares one, and checks that cost O(sections + operations) per batch when asked to.
@MainActor
@Suite struct StandInViewportTests {
    /// `sections` × `rows` name rows keyed "s-r", with an optional height on every `heightEvery`-th row.
    static func model(sections: Int, rows: Int, revision: [String: Int] = [:], heightEvery: Int? = nil) -> [KeyedSection] {
        (0..<sections).map { s in
            KeyedSection(
                key: "section-\(s)",
                rows: (0..<rows).map { r in
                    let key = "\(s)-\(r)"
                    let height = heightEvery.flatMap { r % $0 == 0 ? 80.0 : nil }
                    return nameRow(key, "\(key)@\(revision[key] ?? 0)", actions: RowActions(height: height))
                })
        }
    }

    static func owner(viewport: Double, collection: Bool = false) -> (ListController<KeyedSection>, StandInListView) {
        let view: StandInListView =
            collection ? StandInCollectionView(viewportHeight: viewport) : StandInTableView(viewportHeight: viewport)
        return (ListController<KeyedSection>(host: view, options: RenderOptions(onDuplicateKeys: nil)), view)
    }

    /// The visible cells show the model's rows at their paths.
    static func visibleKeys(_ owner: ListController<KeyedSection>, _ view: StandInListView) -> [String?] {
        view.visibleCells.map { $0.cell.flatMap { owner.row(shownBy: $0)?.key } }
    }

    static func modelKeys(_ owner: ListController<KeyedSection>, at paths: [ItemPath]) -> [String?] {
        paths.map { owner.dataSource.itemKey(at: $0) }
    }

    @Test(arguments: [false, true])
    func viewport_makesCellsOnlyForVisibleRows_andAsksNoHeights(collection: Bool) async {
        let (owner, view) = Self.owner(viewport: 440, collection: collection)
        // A collection view's layout that shows headers and footers gets a (plain) view for each
        // section; here they take no height.
        view.sectionHeaderHeight = 0
        view.sectionFooterHeight = 0
        await owner.renderer.renderAndWait(Self.model(sections: 10, rows: 1_000))
        // 440 points of 44-point rows: rows 0–9 of section 0, and nothing more.
        #expect(view.indexPathsForVisibleRows == (0..<10).map { ItemPath(section: 0, item: $0) })
        #expect(view.madeViewCount == 10 + (collection ? 2 * 10 : 0))
        #expect(view.cells.map(\.count) == [10] + Array(repeating: 0, count: 9))
        #expect(Self.visibleKeys(owner, view) == (0..<10).map { "0-\($0)" })
        #expect(view.heightQueryCount == 0, "no row declares a height: the view asks none")
        #expect(view.contentHeight == 10 * 1_000 * 44)
        #expect(view.frameOfItem(at: ItemPath(section: 3, item: 7)) == ItemFrame(minY: (3 * 1_000 + 7) * 44, height: 44))
        #expect(view.frameOfItem(at: ItemPath(section: 10, item: 0)) == nil && view.frameOfItem(at: ItemPath(section: 0, item: -1)) == nil)
        #expect(view.problems == [])
    }

    @Test func scrolling_reusesCells_andShowsTheRowsThere() async {
        let (owner, view) = Self.owner(viewport: 440)
        await owner.renderer.renderAndWait(Self.model(sections: 10, rows: 1_000))
        view.scroll(toOffset: 22) // half a row: 11 rows intersect the viewport
        #expect(view.indexPathsForVisibleRows == (0..<11).map { ItemPath(section: 0, item: $0) })
        view.scroll(toOffset: 44 * 4_500)
        #expect(view.indexPathsForVisibleRows == (500..<510).map { ItemPath(section: 4, item: $0) })
        #expect(Self.visibleKeys(owner, view) == (500..<510).map { "4-\($0)" })
        #expect(view.madeViewCount == 11, "the cells of rows that left were reused")
        view.scroll(toOffset: 1e12)
        #expect(view.contentOffset == view.contentOffsetBounds.upperBound, "the user cannot scroll past the end")
        #expect(view.indexPathsForVisibleRows.last == ItemPath(section: 9, item: 999))
        view.scroll(toOffset: -50)
        #expect(view.contentOffset == 0)
        #expect(view.problems == [])
    }

    @Test func scrollToItem_putsTheRowAtThePosition_andAnInvalidPathIsAProblem() async {
        let (owner, view) = Self.owner(viewport: 440)
        await owner.renderer.renderAndWait(Self.model(sections: 2, rows: 100))
        let target = ItemPath(section: 1, item: 50)
        view.scrollToItem(at: target, position: .top)
        #expect(view.indexPathsForVisibleRows.first == target)
        view.scrollToItem(at: target, position: .bottom)
        #expect(view.indexPathsForVisibleRows.last == target)
        view.scrollToItem(at: target, position: .middle)
        #expect(view.indexPathsForVisibleRows.contains(target) && view.indexPathsForVisibleRows.count == 11)
        view.scrollToItem(at: ItemPath(section: 2, item: 0))
        #expect(view.problems.count == 1 && view.problems[0].contains("UIKit raises"))
    }

    @Test func explicitHeights_placeRows_andOnlyChangedRowsAreAskedAgain() async {
        let (owner, view) = Self.owner(viewport: 400)
        await owner.renderer.renderAndWait(Self.model(sections: 2, rows: 50, heightEvery: 10))
        #expect(owner.hasExplicitRowHeights)
        #expect(view.heightQueryCount >= 100, "a reload asks every row")
        // Rows 0, 10, 20 … are 80 points high, the others the source's nil → the view's 44.
        #expect(view.frameOfItem(at: ItemPath(section: 0, item: 1)) == ItemFrame(minY: 80, height: 44))
        #expect(view.frameOfItem(at: ItemPath(section: 0, item: 11)) == ItemFrame(minY: 80 + 9 * 44 + 80, height: 44))
        #expect(view.frameOfItem(at: ItemPath(section: 1, item: 0)) == ItemFrame(minY: 5 * 80 + 45 * 44, height: 80))
        // Row 8 starts at 80 + 7 × 44 = 388, inside the 400 points; row 9 at 432.
        #expect(view.indexPathsForVisibleRows == (0..<9).map { ItemPath(section: 0, item: $0) })
        let asked = view.heightQueryCount
        // One row's state changes (reconfigured), one row is inserted: those two are asked.
        var next = Self.model(sections: 2, rows: 50, revision: ["0-3": 1], heightEvery: 10)
        next[1] = KeyedSection(source: next[1], rows: [nameRow("new", "new", actions: RowActions(height: 10))] + next[1].rows)
        await owner.renderer.renderAndWait(next)
        #expect(view.heightQueryCount - asked <= 4, "\(view.heightQueryCount - asked) questions for 2 changed rows")
        #expect(view.frameOfItem(at: ItemPath(section: 1, item: 1)) == ItemFrame(minY: 5 * 80 + 45 * 44 + 10, height: 80))
        #expect(view.problems == [])
    }

    @Test func sectionHeadersAndFooters_takeTheirHeightsInTheLayout() async {
        let (owner, view) = Self.owner(viewport: 1_000)
        await owner.renderer.renderAndWait([
            KeyedSection(
                key: "a", rows: [nameRow("1", "one")], header: titleHeader("A").with(height: 50), footer: Supplementary(title: "end")),
            KeyedSection(key: "b", rows: [nameRow("2", "two")]),
        ])
        // a: header 50, row 44, footer (a title, no height of its own) 28; b: no header, row 44.
        #expect(view.frameOfItem(at: ItemPath(section: 0, item: 0)) == ItemFrame(minY: 50, height: 44))
        #expect(view.frameOfItem(at: ItemPath(section: 1, item: 0)) == ItemFrame(minY: 50 + 44 + 28, height: 44))
        #expect(view.contentHeight == 50 + 44 + 28 + 44)
        view.sectionFooterHeight = 10
        #expect(view.frameOfItem(at: ItemPath(section: 1, item: 0)) == ItemFrame(minY: 50 + 44 + 10, height: 44))
        #expect(view.problems == [])
    }

    @Test func batches_keepTheOffset_moveVisibleCellsWithTheirRows_andClampWhenTheContentShrinks() async {
        let (owner, view) = Self.owner(viewport: 440)
        await owner.renderer.renderAndWait(Self.model(sections: 1, rows: 200))
        view.scroll(toOffset: 44 * 100)
        let cell = view.cell(at: ItemPath(section: 0, item: 100))
        // Two rows inserted above: UIKit keeps the offset, so the rows on screen shift down by two.
        var rows = Self.model(sections: 1, rows: 200)[0].rows
        rows.insert(contentsOf: [nameRow("x", "x"), nameRow("y", "y")], at: 10)
        await owner.renderer.renderAndWait([KeyedSection(key: "section-0", rows: rows)])
        #expect(view.contentOffset == 44 * 100)
        #expect(Self.visibleKeys(owner, view) == (98..<108).map { "0-\($0)" })
        #expect(view.cell(at: ItemPath(section: 0, item: 102)) === cell, "row 0-100 keeps its cell at its new path")
        // Most rows deleted: the offset comes back within the content.
        await owner.renderer.renderAndWait([KeyedSection(key: "section-0", rows: Array(rows.prefix(20)))], animated: true)
        #expect(view.contentOffset == 20 * 44 - 440)
        #expect(Self.visibleKeys(owner, view) == Self.modelKeys(owner, at: view.indexPathsForVisibleRows))
        #expect(view.problems == [])
    }

    @Test func theUserActsOnlyOnRowsOnScreen() async {
        let (owner, view) = Self.owner(viewport: 440)
        owner.dataSource.didMoveItem = { _, _ in }
        owner.onDelete = { _, _ in }
        await owner.renderer.renderAndWait(Self.model(sections: 1, rows: 100))
        let offScreen = ItemPath(section: 0, item: 50)
        #expect(!view.userTaps(offScreen) && !view.userDeletes(offScreen) && view.userSwipes(.trailing, on: offScreen) == nil)
        #expect(!view.userMoves(from: offScreen, to: ItemPath(section: 0, item: 0)))
        // A drag from the screen to far below: the row leaves the viewport, the next one comes in.
        #expect(view.userMoves(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 60)))
        #expect(Self.visibleKeys(owner, view) == ["0-0", "0-1"] + (3..<11).map { "0-\($0)" })
        #expect(owner.dataSource.itemKey(at: ItemPath(section: 0, item: 60)) == "0-2")
        #expect(view.problems == [])
    }

    @Test func theBatchRecord_isBoundedAndClearable() async {
        let (owner, view) = Self.owner(viewport: 440)
        view.maximumRecordedBatches = 5
        for revision in 0..<20 {
            await owner.renderer.renderAndWait(Self.model(sections: 1, rows: 30, revision: ["0-1": revision]))
        }
        #expect(view.batchCount == 19 && view.batches.count == 5)
        #expect(view.batches.last?.update.itemReconfigures == [ItemPath(section: 0, item: 1)])
        view.removeRecordedBatches()
        #expect(view.batches.isEmpty && view.batchCount == 19)
    }

    @Test(arguments: [StandInListView.ModelCheck.full, .countsAndVisibleRows])
    func bothChecks_catchAWrongBatch_andStaleVisibleContent(check: StandInListView.ModelCheck) async {
        let (owner, view) = Self.owner(viewport: 440)
        view.modelCheck = check
        await owner.renderer.renderAndWait(Self.model(sections: 1, rows: 100))
        // A row inserted without telling the view: UIKit raises (rule 15).
        view.performBatchUpdates(
            BatchUpdate(),
            installingData: {
                owner.dataSource.install(Self.model(sections: 1, rows: 101))
            }, completion: { _ in })
        #expect(view.problems.contains { $0.contains("rule 15") })
        let before = view.problems.count
        // A visible row's content changed with no reconfigure: its cell is stale.
        view.performBatchUpdates(
            BatchUpdate(),
            installingData: {
                owner.dataSource.install(Self.model(sections: 1, rows: 101, revision: ["0-3": 1]))
            }, completion: { _ in })
        #expect(view.problems.dropFirst(before).contains { $0.contains("stale") })
        #expect(view.shown.hasItems == (check == .full))
    }

    @Test func aHundredThousandRows_onePercentChanged_costVisibleCellsOnly() async {
        let (owner, view) = Self.owner(viewport: 800)
        view.modelCheck = .countsAndVisibleRows
        var rng = SeededGenerator(seed: 0x100_000)
        var revision: [String: Int] = [:]
        await owner.renderer.renderAndWait(Self.model(sections: 10, rows: 10_000))
        let visible = view.indexPathsForVisibleRows.count
        for render in 0..<5 {
            // About 1 % of the rows (under the renderer's 1,000-change threshold, so it animates).
            for _ in 0..<900 {
                revision["\(Int.random(in: 0..<10, using: &rng))-\(Int.random(in: 0..<10_000, using: &rng))", default: 0] += 1
            }
            view.scroll(toOffset: Double(Int.random(in: 0..<4_000_000, using: &rng)))
            // One row on screen changes too.
            if let first = view.indexPathsForVisibleRows.first { revision["\(first.section)-\(first.item)", default: 0] += 1 }
            await owner.renderer.renderAndWait(Self.model(sections: 10, rows: 10_000, revision: revision))
            #expect(Self.visibleKeys(owner, view) == Self.modelKeys(owner, at: view.indexPathsForVisibleRows), "render \(render)")
        }
        #expect(view.madeViewCount <= visible + 2, "\(view.madeViewCount) cells made for \(visible) visible rows")
        #expect(view.heightQueryCount == 0)
        #expect(owner.renderer.reloadCount == 1, "only the first render reloads")
        #expect(view.problems == [])
    }

    @Test(arguments: [false, true])
    func randomRendersScrollsAndUserActions_inAViewport_showTheStateWithoutFailures(collection: Bool) async {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        let (owner, view) = Self.owner(viewport: Double(Int.random(in: 20...300, using: &rng)), collection: collection)
        view.rowHeight = Double(Int.random(in: 10...60, using: &rng))
        view.completesAsynchronously = Bool.random(using: &rng)
        owner.dataSource.didMoveItem = { _, _ in }
        var model = OwnerRandomizedTests.Model()
        var mostSections = 0
        let onDelete: @MainActor @Sendable (String) -> Void = { _ in }
        for step in 0..<300 {
            view.modelCheck = step % 2 == 0 ? .full : .countsAndVisibleRows
            let action = Int.random(in: 0..<8, using: &rng)
            let onScreen = view.indexPathsForVisibleRows
            if action == 0, let from = onScreen.randomElement(using: &rng) {
                let t = Int.random(in: 0..<model.sections.count, using: &rng)
                let limit = model.sections[t].rows.count - (t == from.section ? 1 : 0)
                let to = ItemPath(section: t, item: Int.random(in: 0...limit, using: &rng))
                if view.userMoves(from: from, to: to) {
                    let row = model.sections[from.section].rows.remove(at: from.item)
                    model.sections[t].rows.insert(row, at: to.item)
                }
            } else if action == 1, let path = onScreen.randomElement(using: &rng) {
                #expect(view.userDeletes(path), "seed \(seed), step \(step)")
                model.sections[path.section].rows.remove(at: path.item)
                await owner.renderer.renderAndWait(model.keyed(onDelete: onDelete))
            } else if action == 2 {
                view.scroll(toOffset: Double.random(in: -50...(view.contentHeight + 50), using: &rng))
            } else {
                model.mutate(using: &rng)
                await owner.renderer.renderAndWait(model.keyed(onDelete: onDelete))
            }
            mostSections = max(mostSections, model.sections.count)
            let paths = view.indexPathsForVisibleRows
            let expected = paths.map { model.sections[$0.section].rows[$0.item].key }
            #expect(Self.visibleKeys(owner, view) == expected, "seed \(seed), step \(step): the visible cells differ from the model")
            let window = view.contentOffset..<(view.contentOffset + (view.viewportHeight ?? 0))
            let intersecting = model.sections.indices.flatMap { s in model.sections[s].rows.indices.map { ItemPath(section: s, item: $0) } }
                .filter { path in view.frameOfItem(at: path).map { $0.maxY > window.lowerBound && $0.minY < window.upperBound } ?? false }
            #expect(paths == intersecting, "seed \(seed), step \(step): the visible rows are not those in the viewport")
            #expect(view.problems.isEmpty, "seed \(seed), step \(step): \(view.problems.first ?? "")")
            if !view.problems.isEmpty || paths != intersecting { break }
        }
        // Two cell kinds, each at most a screenful (rows partly visible at both ends); a header per
        // section (a collection view's layout gets a header and a footer, typed or plain, for each).
        let sectionViews = mostSections * (collection ? 4 : 1)
        #expect(
            view.madeViewCount <= 2 * (Int((view.viewportHeight ?? 0) / view.rowHeight) + 2) + sectionViews,
            "seed \(seed): \(view.madeViewCount) views made")
    }
}
