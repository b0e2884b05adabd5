import Testing
import RowDiffDataSources
import RowDiffTesting

/// The scroll anchor on the flat table (NSTableView): the owner's anchor logic, through the flat
/// host's scroll geometry, on the stand-in table scrolled in a viewport. Rows inserted, deleted or
/// moved above the visible area — with the group and footer rows their sections bring — no longer
/// move the rows on screen (AppKit keeps the clip view's origin, so without an anchor they do).
@MainActor
@Suite struct FlatScrollAnchorTests {
    typealias Model = ScrollAnchorTests.Model

    static func owner(
        anchor: ScrollAnchor, viewport: Double = 300, groupRows: Bool = true, footerRows: Bool = false
    ) -> (ListController<KeyedSection>, FlatTableHost, StandInFlatTableView) {
        let table = StandInFlatTableView(viewportHeight: viewport)
        let host = FlatTableHost(view: table, groupRows: groupRows, footerRows: footerRows)
        let owner = ListController<KeyedSection>(host: host, options: RenderOptions(onDuplicateKeys: nil))
        owner.scrollAnchor = anchor
        return (owner, host, table)
    }

    /// The model's sections, each row its own height, each group row and footer row one of its
    /// section's (fixed per section key).
    static func keyed(_ model: Model) -> [KeyedSection] {
        model.sections.map { section in
            KeyedSection(
                key: "s\(section.key)",
                rows: section.rows.map { key in nameRow("\(key)", "row \(key)", actions: RowActions(height: Model.height(key))) },
                header: Supplementary(title: "Section \(section.key)").with(height: Double(18 + (section.key % 3) * 7)),
                footer: Supplementary(title: "End of \(section.key)").with(height: Double(10 + (section.key % 4) * 5)))
        }
    }

    /// Where the row with `key` is on screen (its top edge minus the offset); nil when not in the model.
    static func screenY(of key: String, _ owner: ListController<KeyedSection>, _ host: FlatTableHost) -> Double? {
        RowDiffDataSourcesTests.screenY(of: key, owner, host)
    }

    /// The key of the first row (not group or footer row) on screen.
    static func firstVisibleKey(_ owner: ListController<KeyedSection>, _ host: FlatTableHost) -> String? {
        host.visibleItemPaths.first.map { owner.dataSource.itemKey(at: $0) }
    }

    static func plainModel(_ count: Int) -> Model {
        var model = Model()
        model.sections = [(0, Array(0..<count))]
        return model
    }

    // MARK: The stand-in

    @Test func theStandIn_keepsItsOffsetAcrossABatch_withinTheContent_andKnowsRowHeights() async {
        let (owner, host, table) = Self.owner(anchor: .none, footerRows: true)
        var model = Self.plainModel(40)
        await owner.renderer.renderAndWait(Self.keyed(model))
        // A group row, 40 rows, a footer row: each asked its height once.
        #expect(table.heightQueryCount == 42)
        #expect(table.frameOfRow(0) == ItemFrame(minY: 0, height: 18))
        #expect(table.frameOfRow(1) == ItemFrame(minY: 18, height: Model.height(0)))
        #expect(table.frameOfRow(42) == nil && table.frameOfRow(-1) == nil)
        table.scroll(toOffset: 500)
        let visible = table.visibleRows
        #expect(table.frameOfRow(visible.lowerBound)!.minY <= 500 && table.frameOfRow(visible.lowerBound)!.maxY > 500)
        #expect(table.frameOfRow(visible.upperBound - 1)!.minY < 800 && table.frameOfRow(visible.upperBound)!.minY >= 800)
        // Rows inserted above: the offset stays (NSTableView keeps the clip view's origin); only the new row is asked.
        model.sections[0].rows.insert(model.fresh(), at: 0)
        await owner.renderer.renderAndWait(Self.keyed(model))
        #expect(table.contentOffset == 500)
        #expect(table.heightQueryCount == 43)
        // A moved row keeps its height.
        model.sections[0].rows.swapAt(3, 30)
        await owner.renderer.renderAndWait(Self.keyed(model))
        for (item, key) in model.sections[0].rows.enumerated() {
            #expect(host.frameOfItem(at: ItemPath(section: 0, item: item))?.height == Model.height(key))
        }
        // The content shrinks below the offset: the clip view rests at the content's end.
        model.sections[0].rows.removeLast(30)
        await owner.renderer.renderAndWait(Self.keyed(model))
        #expect(table.contentOffset == table.contentOffsetBounds.upperBound)
        #expect(table.contentOffsetBounds.upperBound == table.contentHeight - 300)
        // The user cannot scroll past the ends.
        table.scroll(toOffset: -50)
        #expect(table.contentOffset == 0)
        table.topInset = 30
        table.scroll(toOffset: -50)
        #expect(table.contentOffset == -30)
        #expect(table.problems == [])
    }

    @Test func aHostWithoutScrollGeometry_hasNoVisibleRowsAndIgnoresTheAnchor() async {
        let (owner, host, table) = makeFlatOwner()
        owner.scrollAnchor = .bottom
        var model = Self.plainModel(20)
        await owner.renderer.renderAndWait(Self.keyed(model))
        #expect(host.visibleItemPaths.count == 20, "without a viewport every row is on screen")
        model.sections[0].rows.insert(model.fresh(), at: 0)
        await owner.renderer.renderAndWait(Self.keyed(model))
        #expect(host.contentOffset == 0)
        #expect(table.problems == [])
    }

    // MARK: The anchor

    @Test func withoutAnAnchor_rowsInsertedAboveMoveTheRowsOnScreen() async {
        let (owner, host, table) = Self.owner(anchor: .none)
        var model = Self.plainModel(100)
        await owner.renderer.renderAndWait(Self.keyed(model))
        table.scroll(toOffset: 1_000)
        let anchor = Self.firstVisibleKey(owner, host)!
        let before = Self.screenY(of: anchor, owner, host)
        model.sections[0].rows.insert(contentsOf: [model.fresh(), model.fresh()], at: 10)
        await owner.renderer.renderAndWait(Self.keyed(model))
        #expect(table.contentOffset == 1_000)
        #expect(Self.screenY(of: anchor, owner, host) != before, "AppKit keeps the offset: the row moves down")
    }

    @Test(arguments: [(true, false), (true, true), (false, false), (false, true)])
    func firstVisibleRow_keepsItsPlace_whenRowsAndSectionsAboveComeAndGo(groupRows: Bool, footerRows: Bool) async {
        let (owner, host, table) = Self.owner(anchor: .firstVisibleRow, groupRows: groupRows, footerRows: footerRows)
        var model = Model()
        model.sections = (0..<3).map { s in (s, (0..<40).map { s * 40 + $0 }) }
        await owner.renderer.renderAndWait(Self.keyed(model))
        table.scroll(toOffset: 2_010) // in the second section; the first visible row partly above the top edge
        let anchor = Self.firstVisibleKey(owner, host)!
        let before = Self.screenY(of: anchor, owner, host)!
        // Rows above in the anchor's section, a section before it (its group and footer rows too).
        let anchorSection = owner.dataSource.indexPath(ofItem: anchor)!.section
        model.sections[anchorSection].rows.insert(contentsOf: [model.fresh(), model.fresh()], at: 1)
        model.sections.insert((model.fresh(), [model.fresh(), model.fresh()]), at: 0)
        await owner.renderer.renderAndWait(Self.keyed(model))
        #expect(Self.screenY(of: anchor, owner, host) == before)
        // A section above goes, rows above are removed; the table reloads instead of animating.
        model.sections.remove(at: 0)
        model.sections[0].rows.removeFirst(7)
        await owner.renderer.renderAndWait(Self.keyed(model), animated: false)
        #expect(Self.screenY(of: anchor, owner, host) == before, "a reload keeps the place too")
        #expect(table.problems == [])
    }

    @Test func aDeletedAnchor_fallsBackToTheNextVisibleRowThatSurvives() async {
        let (owner, host, table) = Self.owner(anchor: .firstVisibleRow)
        var model = Self.plainModel(100)
        await owner.renderer.renderAndWait(Self.keyed(model))
        table.scroll(toOffset: 2_000)
        let visible = host.visibleItemPaths.map { owner.dataSource.itemKey(at: $0) }
        let third = Self.screenY(of: visible[2], owner, host)!
        model.sections[0].rows.removeAll { "\($0)" == visible[0] || "\($0)" == visible[1] }
        model.sections[0].rows.insert(model.fresh(), at: 0)
        await owner.renderer.renderAndWait(Self.keyed(model))
        #expect(Self.screenY(of: visible[2], owner, host) == third)
        #expect(table.problems == [])
    }

    @Test func bottom_staysAtTheBottom_elseKeepsTheFirstVisibleRow() async {
        let (owner, host, table) = Self.owner(anchor: .bottom, footerRows: true)
        var model = Self.plainModel(40)
        await owner.renderer.renderAndWait(Self.keyed(model))
        table.scroll(toOffset: .greatestFiniteMagnitude)
        #expect(table.contentOffset == table.contentOffsetBounds.upperBound)
        // New messages at the end: still at the bottom, the newest row and the footer row on screen.
        model.sections[0].rows.append(contentsOf: [model.fresh(), model.fresh()])
        await owner.renderer.renderAndWait(Self.keyed(model))
        #expect(table.contentOffset == table.contentOffsetBounds.upperBound)
        #expect(host.visibleItemPaths.last == ItemPath(section: 0, item: 41))
        #expect(table.visibleRows.upperBound == host.numberOfRows)
        // Scrolled up, history loads above: the rows on screen stay where they are.
        table.scroll(toOffset: 300)
        let anchor = Self.firstVisibleKey(owner, host)!
        let before = Self.screenY(of: anchor, owner, host)
        model.sections[0].rows.insert(contentsOf: (0..<10).map { _ in model.fresh() }, at: 0)
        await owner.renderer.renderAndWait(Self.keyed(model))
        #expect(Self.screenY(of: anchor, owner, host) == before)
        #expect(table.contentOffset < table.contentOffsetBounds.upperBound)
        #expect(table.problems == [])
    }

    @Test func theCorrection_staysWithinTheContent_underAToolbar() async {
        let (owner, host, table) = Self.owner(anchor: .firstVisibleRow)
        table.topInset = 30
        var model = Self.plainModel(30)
        await owner.renderer.renderAndWait(Self.keyed(model))
        // At the top, under the toolbar: the group row shows below it, the rows after.
        table.scroll(toOffset: -100)
        #expect(table.contentOffset == -30)
        let first = Self.firstVisibleKey(owner, host)!
        let before = Self.screenY(of: first, owner, host)!
        #expect(before == 30 + 18)
        // History above: the first row stays below the toolbar where it was.
        model.sections[0].rows.insert(contentsOf: (0..<5).map { _ in model.fresh() }, at: 0)
        await owner.renderer.renderAndWait(Self.keyed(model))
        #expect(Self.screenY(of: first, owner, host) == before)
        // Everything below the first visible row goes: the view cannot keep it in place past the end.
        table.scroll(toOffset: 100)
        let keep = host.visibleItemPaths[0].item + 1
        model.sections[0].rows = Array(model.sections[0].rows.prefix(keep))
        await owner.renderer.renderAndWait(Self.keyed(model))
        #expect(table.contentOffset == table.contentOffsetBounds.upperBound)
        #expect(table.problems == [])
    }

    // MARK: Model check

    /// 1,000 random renders (single, bursts and reloads) with inserts, deletes and moves of rows
    /// and sections (each with its group and footer rows) above, around and below the anchor, on
    /// the flat stand-in in a viewport: the first visible row stays where it was on screen while
    /// it is in the model; when a render removes it, the next visible row that survives does.
    /// Where keeping it would need an offset past the content's ends, the table rests at the
    /// nearest end instead (documented on `ListController.scrollAnchor`), and the test checks that.
    @Test(arguments: [
        (ScrollAnchor.firstVisibleRow, true, false), (.firstVisibleRow, true, true), (.bottom, false, true), (.bottom, false, false),
    ])
    func randomRenders_neverMoveTheAnchorOnScreen(anchor: ScrollAnchor, groupRows: Bool, footerRows: Bool) async {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        let viewport = Double(Int.random(in: 150...300, using: &rng))
        let (owner, host, table) = Self.owner(anchor: anchor, viewport: viewport, groupRows: groupRows, footerRows: footerRows)
        table.topInset = Bool.random(using: &rng) ? 0 : Double(Int.random(in: 1...40, using: &rng))
        table.bottomInset = Bool.random(using: &rng) ? 0 : Double(Int.random(in: 1...40, using: &rng))
        var model = Model()
        model.sections = (0..<5).map { s in (s, (0..<70).map { s * 70 + $0 }) }
        await owner.renderer.renderAndWait(Self.keyed(model))
        var checked = 0, fellBack = 0, clamped = 0, noSurvivor = 0
        for step in 0..<1_000 {
            // Random edits can wear the list down: new rows at the end (far below the anchor).
            if model.flat.count < 280 {
                let key = model.fresh()
                model.sections.append((key, (0..<140).map { _ in model.fresh() }))
                await owner.renderer.renderAndWait(Self.keyed(model))
            }
            // Keep the anchor well inside the content, so that keeping its place rarely needs an
            // offset past the ends.
            if let first = host.visibleItemPaths.first, let frame = host.frameOfItem(at: first),
                frame.minY < 2 * viewport + 600 || table.contentHeight - frame.minY < 4 * viewport + 2_400
            {
                table.scroll(toOffset: (table.contentHeight - viewport) / 2)
            }
            // Empty sections can fill the viewport with group and footer rows alone: bring a row into view.
            if host.visibleItemPaths.isEmpty, let middle = model.flat.dropFirst(model.flat.count / 2).first {
                table.scroll(toOffset: host.frameOfItem(at: middle)!.minY)
            }
            let captured = host.visibleItemPaths.map { path in
                (key: owner.dataSource.itemKey(at: path), y: host.frameOfItem(at: path)!.minY - table.contentOffset)
            }
            guard let anchorPath = host.visibleItemPaths.first else { break }
            let anchorFlat = model.flat.firstIndex(of: anchorPath)!
            let visibleCount = captured.count
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                ScrollAnchorTests.edit(&model, around: anchorFlat, visible: visibleCount, anchorSection: anchorPath.section, using: &rng)
            }
            switch Int.random(in: 0..<20, using: &rng) {
            case 0:
                await owner.renderer.renderAndWait(Self.keyed(model), animated: false)
            case 1:
                // A burst: the first state is replaced by the second before its diff starts.
                var earlier = model
                ScrollAnchorTests.edit(&earlier, around: anchorFlat, visible: visibleCount, anchorSection: anchorPath.section, using: &rng)
                owner.render(Self.keyed(earlier))
                owner.render(Self.keyed(model))
                await owner.renderer.waitUntilIdle()
            default:
                await owner.renderer.renderAndWait(Self.keyed(model))
            }
            guard let survivor = captured.first(where: { owner.dataSource.indexPath(ofItem: $0.key) != nil }) else {
                noSurvivor += 1 // the render removed every visible row: nothing to keep in place
                continue
            }
            if survivor.key != captured[0].key { fellBack += 1 }
            if expectAnchorKept(survivor.key, at: survivor.y, owner, host, "seed \(seed), step \(step)") { clamped += 1 }
            #expect(table.problems.isEmpty, "seed \(seed), step \(step): \(table.problems.first ?? "")")
            if !table.problems.isEmpty { break }
            checked += 1
        }
        #expect(
            checked + noSurvivor == 1_000 && checked > 600 && fellBack > 0 && clamped < checked / 10,
            "seed \(seed): \(checked) checked, \(noSurvivor) removed every visible row, \(fellBack) fell back, \(clamped) at a bound")
    }
}
