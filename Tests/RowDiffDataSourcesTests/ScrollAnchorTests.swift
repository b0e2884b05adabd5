import Testing
import RowDiffDataSources
import RowDiffTesting

/// The owner keeps the user's place: with a scroll anchor, rows inserted, deleted or moved above
/// the visible area no longer move the rows on screen (UIKit keeps the offset, so they do).
@MainActor
@Suite struct ScrollAnchorTests {
    /// Rows keyed by number, each with a height of its own (20 to 72 points, fixed per key).
    struct Model {
        var sections: [(key: Int, rows: [Int])] = []
        var next = 1_000

        static func height(_ key: Int) -> Double { Double(20 + (key % 5) * 13) }

        var keyed: [KeyedSection] {
            sections.map { section in
                KeyedSection(
                    key: "s\(section.key)",
                    rows: section.rows.map { key in
                        nameRow("\(key)", "row \(key)", actions: RowActions(height: Self.height(key)))
                    }, headerTitle: "Section \(section.key)")
            }
        }

        mutating func fresh() -> Int {
            next += 1
            return next
        }

        var flat: [ItemPath] { sections.indices.flatMap { s in sections[s].rows.indices.map { ItemPath(section: s, item: $0) } } }
    }

    static func owner(anchor: ScrollAnchor, viewport: Double = 300) -> (ListController<KeyedSection>, StandInListView) {
        let view = StandInTableView(viewportHeight: viewport)
        let owner = ListController<KeyedSection>(host: view, options: RenderOptions(onDuplicateKeys: nil))
        owner.scrollAnchor = anchor
        return (owner, view)
    }

    /// Where the row with `key` is on screen (its top edge minus the offset); nil when not in the model.
    static func screenY(of key: String, _ owner: ListController<KeyedSection>, _ view: StandInListView) -> Double? {
        RowDiffDataSourcesTests.screenY(of: key, owner, view)
    }

    static func plainModel(_ count: Int) -> Model {
        var model = Model()
        model.sections = [(0, Array(0..<count))]
        return model
    }

    @Test func withoutAnAnchor_rowsInsertedAboveMoveTheRowsOnScreen() async {
        let (owner, view) = Self.owner(anchor: .none)
        var model = Self.plainModel(100)
        await owner.renderer.renderAndWait(model.keyed)
        view.scrollToItem(at: ItemPath(section: 0, item: 50))
        let before = Self.screenY(of: "50", owner, view)
        model.sections[0].rows.insert(contentsOf: [model.fresh(), model.fresh()], at: 10)
        await owner.renderer.renderAndWait(model.keyed)
        #expect(Self.screenY(of: "50", owner, view) != before, "UIKit keeps the offset: the row moves down")
    }

    @Test func firstVisibleRow_keepsItsPlace_whenRowsAboveComeAndGo_animatedOrReloaded() async {
        let (owner, view) = Self.owner(anchor: .firstVisibleRow)
        var model = Self.plainModel(100)
        await owner.renderer.renderAndWait(model.keyed)
        view.scroll(toOffset: 2_000) // the first visible row is partly above the top edge
        let anchor = owner.row(shownBy: view.visibleCells[0].cell!)!.key
        let before = Self.screenY(of: anchor, owner, view)!
        #expect(before < 0)
        model.sections[0].rows.insert(contentsOf: [model.fresh(), model.fresh(), model.fresh()], at: 5)
        await owner.renderer.renderAndWait(model.keyed)
        #expect(Self.screenY(of: anchor, owner, view) == before)
        model.sections[0].rows.removeFirst(7)
        model.sections.insert((1, [model.fresh()]), at: 0)
        await owner.renderer.renderAndWait(model.keyed, animated: false)
        #expect(Self.screenY(of: anchor, owner, view) == before, "a reload keeps the place too")
        #expect(view.problems == [])
    }

    @Test func aDeletedAnchor_fallsBackToTheNextVisibleRowThatSurvives() async {
        let (owner, view) = Self.owner(anchor: .firstVisibleRow)
        var model = Self.plainModel(100)
        await owner.renderer.renderAndWait(model.keyed)
        view.scroll(toOffset: 2_000)
        let visible = view.visibleCells.map { owner.row(shownBy: $0.cell!)!.key }
        let second = Self.screenY(of: visible[1], owner, view)!, third = Self.screenY(of: visible[2], owner, view)!
        model.sections[0].rows.removeAll { "\($0)" == visible[0] || "\($0)" == visible[1] }
        model.sections[0].rows.insert(model.fresh(), at: 0)
        await owner.renderer.renderAndWait(model.keyed)
        #expect(Self.screenY(of: visible[2], owner, view) == third)
        #expect(second != third)
    }

    @Test func bottom_staysAtTheBottom_elseKeepsTheFirstVisibleRow() async {
        let (owner, view) = Self.owner(anchor: .bottom)
        var model = Self.plainModel(40)
        await owner.renderer.renderAndWait(model.keyed)
        view.scroll(toOffset: .greatestFiniteMagnitude)
        #expect(view.contentOffset == view.contentOffsetBounds.upperBound)
        // New messages at the end: still at the bottom, the newest on screen.
        model.sections[0].rows.append(contentsOf: [model.fresh(), model.fresh()])
        await owner.renderer.renderAndWait(model.keyed)
        #expect(view.contentOffset == view.contentOffsetBounds.upperBound)
        #expect(view.indexPathsForVisibleRows.last == ItemPath(section: 0, item: 41))
        // Scrolled up, history loads above: the rows on screen stay where they are.
        view.scroll(toOffset: 300)
        let anchor = owner.row(shownBy: view.visibleCells[0].cell!)!.key
        let before = Self.screenY(of: anchor, owner, view)
        model.sections[0].rows.insert(contentsOf: (0..<10).map { _ in model.fresh() }, at: 0)
        await owner.renderer.renderAndWait(model.keyed)
        #expect(Self.screenY(of: anchor, owner, view) == before)
        #expect(view.contentOffset < view.contentOffsetBounds.upperBound)
        #expect(view.problems == [])
    }

    @Test func theCorrection_staysWithinTheContent() async {
        let (owner, view) = Self.owner(anchor: .firstVisibleRow)
        var model = Self.plainModel(30)
        await owner.renderer.renderAndWait(model.keyed)
        view.scroll(toOffset: 100)
        // Everything below the first visible row goes: the view cannot keep it in place past the end.
        model.sections[0].rows = Array(model.sections[0].rows.prefix(view.indexPathsForVisibleRows[0].item + 1))
        await owner.renderer.renderAndWait(model.keyed)
        #expect(view.contentOffset == view.contentOffsetBounds.upperBound)
        #expect(view.problems == [])
    }

    /// 1,000 random renders (single, bursts and reloads) with inserts, deletes and moves of rows
    /// and sections above, around and below the anchor: the first visible row stays where it was
    /// on screen while it is in the model; when a render removes it, the next visible row that
    /// survives does.
    @Test(arguments: [ScrollAnchor.firstVisibleRow, .bottom])
    func randomRenders_neverMoveTheAnchorOnScreen(anchor: ScrollAnchor) async {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        let viewport = Double(Int.random(in: 150...300, using: &rng))
        let (owner, view) = Self.owner(anchor: anchor, viewport: viewport)
        view.modelCheck = Bool.random(using: &rng) ? .full : .countsAndVisibleRows
        var model = Model()
        model.sections = (0..<5).map { s in (s, (0..<70).map { s * 70 + $0 }) }
        await owner.renderer.renderAndWait(model.keyed)
        var checked = 0, fellBack = 0, clamped = 0, noSurvivor = 0
        for step in 0..<1_000 {
            // Random edits can wear the list down: give it new rows at the end (far below the
            // anchor) whenever it gets short, so every step has content around the anchor.
            if model.flat.count < 280 {
                let key = model.fresh()
                model.sections.append((key, (0..<140).map { _ in model.fresh() }))
                await owner.renderer.renderAndWait(model.keyed)
            }
            // Keep the anchor well inside the content (more than a step's edits can remove on either
            // side), so that keeping its place never needs an offset past the ends.
            if let first = view.indexPathsForVisibleRows.first, let frame = view.frameOfItem(at: first),
                frame.minY < 2 * viewport + 600 || view.contentHeight - frame.minY < 4 * viewport + 2_400
            {
                view.scroll(toOffset: (view.contentHeight - viewport) / 2)
            }
            let captured = view.indexPathsForVisibleRows.map { path in
                (key: owner.dataSource.itemKey(at: path), y: view.frameOfItem(at: path)!.minY - view.contentOffset)
            }
            // Empty sections can fill the viewport with headers alone: bring a row into view.
            if view.indexPathsForVisibleRows.isEmpty, let middle = model.flat.dropFirst(model.flat.count / 2).first {
                view.scrollToItem(at: middle, position: .top)
            }
            guard let anchorPath = view.indexPathsForVisibleRows.first else { break }
            let flat = model.flat
            let anchorFlat = flat.firstIndex(of: anchorPath)!
            let visibleCount = view.indexPathsForVisibleRows.count
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                Self.edit(&model, around: anchorFlat, visible: visibleCount, anchorSection: anchorPath.section, using: &rng)
            }
            switch Int.random(in: 0..<20, using: &rng) {
            case 0:
                await owner.renderer.renderAndWait(model.keyed, animated: false)
            case 1:
                // A burst: the first state is replaced by the second before its diff starts.
                var earlier = model
                Self.edit(&earlier, around: anchorFlat, visible: visibleCount, anchorSection: anchorPath.section, using: &rng)
                owner.render(earlier.keyed)
                owner.render(model.keyed)
                await owner.renderer.waitUntilIdle()
            default:
                await owner.renderer.renderAndWait(model.keyed)
            }
            guard let survivor = captured.first(where: { owner.dataSource.indexPath(ofItem: $0.key) != nil }) else {
                noSurvivor += 1 // the render removed every visible row: nothing to keep in place
                continue
            }
            if survivor.key != captured[0].key { fellBack += 1 }
            if expectAnchorKept(survivor.key, at: survivor.y, owner, view, "seed \(seed), step \(step)") { clamped += 1 }
            #expect(view.problems.isEmpty, "seed \(seed), step \(step): \(view.problems.first ?? "")")
            if !view.problems.isEmpty { break }
            checked += 1
        }
        // Every step ran (a problem stops the loop), and most kept a visible row to check.
        #expect(
            checked + noSurvivor == 1_000 && checked > 600 && fellBack > 0 && clamped < checked / 10,
            "seed \(seed): \(checked) checked, \(noSurvivor) removed every visible row, \(fellBack) fell back, \(clamped) at a bound")
    }

    /// One random edit of rows or sections above the anchor (flat index `anchor`), around it (the
    /// visible rows and a few more) or below.
    static func edit(_ model: inout Model, around anchor: Int, visible: Int, anchorSection: Int, using rng: inout SeededGenerator) {
        let flat = model.flat
        guard !flat.isEmpty else { return }
        func index(_ region: Int) -> Int {
            switch region {
            case 0: return Int.random(in: 0...max(0, anchor - 1), using: &rng)
            case 1: return min(flat.count - 1, max(0, anchor + Int.random(in: -3...(visible + 3), using: &rng)))
            default: return Int.random(in: min(flat.count - 1, anchor + visible)...(flat.count - 1), using: &rng)
            }
        }
        // Inserts and deletes keep the list between 250 and 450 rows.
        var choice = Int.random(in: 0..<12, using: &rng)
        if (2...7).contains(choice), flat.count < 250 { choice = 2 }
        if (2...7).contains(choice), flat.count > 450 { choice = 5 }
        switch choice {
        case 0:
            // A small new section anywhere.
            let rows = (0..<Int.random(in: 0...3, using: &rng)).map { _ in model.fresh() }
            model.sections.insert((model.fresh(), rows), at: Int.random(in: 0...model.sections.count, using: &rng))
        case 1:
            // A small section other than the anchor's goes, or moves.
            let small = model.sections.indices.filter { $0 != anchorSection && model.sections[$0].rows.count <= 5 }
            guard let s = small.randomElement(using: &rng) else { return }
            let section = model.sections.remove(at: s)
            if Bool.random(using: &rng) { model.sections.insert(section, at: Int.random(in: 0...model.sections.count, using: &rng)) }
        case 2, 3, 4:
            let at = flat[index(Int.random(in: 0..<3, using: &rng))]
            model.sections[at.section].rows.insert(model.fresh(), at: at.item)
        case 5, 6, 7:
            let at = flat[index(Int.random(in: 0..<3, using: &rng))]
            model.sections[at.section].rows.remove(at: at.item)
        default:
            // A row moves from one region to another; the anchor itself only among the rows around it.
            let source = index(Int.random(in: 0..<3, using: &rng))
            let from = flat[source]
            let key = model.sections[from.section].rows.remove(at: from.item)
            let after = model.flat
            guard !after.isEmpty else {
                model.sections[from.section].rows.insert(key, at: from.item)
                return
            }
            let to = after[min(after.count - 1, index(source == anchor ? 1 : Int.random(in: 0..<3, using: &rng)))]
            model.sections[to.section].rows.insert(key, at: to.item)
        }
    }
}
