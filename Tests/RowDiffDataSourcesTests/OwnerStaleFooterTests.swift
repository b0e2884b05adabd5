import Testing
@testable import RowDiffDataSources
import RowDiffTesting

/// GitHub issue 34, item 8: "the footer of section N shows stale content" on a collection view
/// whose sections have title footers, after drags and after ordinary batches; never on a table.
/// `rowdiff bench --soak --soak-view collection --soak-rows 100` reproduced it (seed 28: 1,993
/// of 2,000 renders). Each cause has its minimal reproduction here; the seed picks the sizes and
/// the rows, and every message prints it (rerun one with ROWDIFF_SEED).
@MainActor
@Suite struct OwnerStaleFooterTests {
    /// One section per count, each with a title header and a title footer counting its rows, as
    /// the soak's app shows them.
    func counted(_ rows: [[String]], header: String = "Section") -> [KeyedSection] {
        rows.enumerated().map { s, keys in
            KeyedSection(
                key: "s\(s)", rows: keys.map { nameRow($0, $0.uppercased()) }, headerTitle: "\(header) \(s)",
                footerTitle: "\(keys.count) messages")
        }
    }

    /// Random row keys for `counts` sections (fresh keys, none repeated).
    func keys(_ counts: [Int]) -> [[String]] {
        var next = 0
        return counts.map { n in
            (0..<n).map { _ in
                next += 1
                return "r\(next)"
            }
        }
    }

    func noSectionReloads(_ view: StandInListView, since start: Int) -> Bool {
        view.batches.suffix(view.batchCount - start).allSatisfy { $0.update.sectionReloads.isEmpty }
    }

    /// Cause 1 (the owner): in a collection view a section's title footer is the plain, empty
    /// supplementary view (collection views show no titles). When the title changed, the owner
    /// took the section update out of the batches to show it in place, but updated in place only
    /// typed views and table titles: the plain view's record kept the old title, so
    /// `isShowingCurrentContent` said the footer on screen was stale after every batch that
    /// changed a count.
    @Test(arguments: [false, true])
    func titleFooterChangedWithABatch_isUpdatedInPlace_notStale(collection: Bool) async {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        let (owner, view) = makeOwner(collection: collection)
        var model = keys((0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 1...4, using: &rng) })
        await owner.renderer.renderAndWait(counted(model))
        let footers = view.footers.map { $0.map(ObjectIdentifier.init) }
        let start = view.batchCount
        // One row leaves a section: a batch deletes it, and that section's footer count changes.
        let s = Int.random(in: 0..<model.count, using: &rng)
        model[s].remove(at: Int.random(in: 0..<model[s].count, using: &rng))
        await owner.renderer.renderAndWait(counted(model))
        #expect(view.batchCount > start, "seed \(seed): the delete is a batch")
        #expect(view.problems == [], "seed \(seed): \(view.problems)")
        #expect(noSectionReloads(view, since: start), "seed \(seed): the footer is updated in place, its section not reloaded")
        #expect(view.footers.map { $0.map(ObjectIdentifier.init) } == footers, "seed \(seed): the footer views on screen are kept")
        if !collection { #expect(view.titles[s].footer == "\(model[s].count) messages", "seed \(seed)") }
    }

    /// The render the issue saw "after a move", with the owner fixed: the user drags a row into
    /// another section, and the app renders the same rows with both footers' new counts. The
    /// rows are where the drag put them, so the render has no batch: the footers change in place.
    @Test(arguments: [false, true])
    func dragThenRenderOfTheNewCounts_leavesNoStaleFooter(collection: Bool) async {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        let (owner, view) = makeOwner(collection: collection)
        owner.dataSource.didMoveItem = { _, _ in } // the app takes moves
        var model = keys([Int.random(in: 1...4, using: &rng), Int.random(in: 0...3, using: &rng)])
        await owner.renderer.renderAndWait(counted(model))
        let from = ItemPath(section: 0, item: Int.random(in: 0..<model[0].count, using: &rng))
        let to = ItemPath(section: 1, item: Int.random(in: 0...model[1].count, using: &rng))
        #expect(view.userMoves(from: from, to: to), "seed \(seed): the drag is taken")
        #expect(view.problems == [], "seed \(seed): after the drag \(view.problems)")
        model[1].insert(model[0].remove(at: from.item), at: to.item)
        let start = view.batchCount
        await owner.renderer.renderAndWait(counted(model))
        #expect(view.batchCount == start, "seed \(seed): nothing for a batch to do")
        #expect(view.problems == [], "seed \(seed): \(view.problems)")
    }

    /// Cause 2 (the stand-in): a render whose only changes are shown in place hands the view no
    /// batch, so the stand-in, which checked headers and footers only for the sections its last
    /// batch, reload, scroll or drag had touched, checked such a render only when an earlier
    /// check was still pending — and then under that check's name. The "after a move"
    /// was the render after the drag. UIKit's user sees every view on screen at the end of each
    /// turn: the stand-in now checks the drag at once, checks what is on screen whenever
    /// `problems` is read or the user acts, and names those checks for when they ran.
    /// Reproduced with an owner that shows nothing in place (as a renderer without an owner).
    @Test(arguments: [false, true])
    func footerMadeStaleByARenderWithoutBatches_isFound_andNamedForTheCheck(collection: Bool) async {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        let (owner, view) = makeOwner(collection: collection)
        owner.dataSource.didMoveItem = { _, _ in }
        var model = keys([Int.random(in: 2...4, using: &rng), Int.random(in: 1...3, using: &rng)])
        await owner.renderer.renderAndWait(counted(model))
        let from = ItemPath(section: 0, item: Int.random(in: 0..<model[0].count, using: &rng))
        let to = ItemPath(section: 1, item: Int.random(in: 0...model[1].count, using: &rng))
        #expect(view.userMoves(from: from, to: to), "seed \(seed)")
        model[1].insert(model[0].remove(at: from.item), at: to.item)
        owner.renderer.sectionsUpdatedInPlace = nil
        await owner.renderer.renderAndWait(counted(model))
        let problems = view.problems
        #expect(
            problems.contains { $0.hasPrefix("when read:") && $0.contains("section 0") }
                && problems.contains { $0.hasPrefix("when read:") && $0.contains("section 1") },
            "seed \(seed): both changed footers are found: \(problems)")
        #expect(!problems.contains { $0.contains("after a move") }, "seed \(seed): the drag left nothing stale: \(problems)")
        // Once those were read, the next render without batches (new header titles) is checked too.
        let seen = problems.count
        await owner.renderer.renderAndWait(counted(model, header: "New"))
        #expect(
            view.problems.dropFirst(seen).contains { $0.hasPrefix("when read:") && $0.contains("section 0") },
            "seed \(seed): \(view.problems)")
    }

    /// Both causes at random: small states (sections come, go and move; footers appear, change and
    /// go; rows come, go and move) rendered one after another in a viewport, with drags, swipes,
    /// taps and scrolls between them; after every step the views on screen show current content.
    @Test(arguments: [false, true])
    func randomSmallStatesWithTitleFooters_leaveNothingStale(collection: Bool) async {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        let view: StandInListView =
            collection ? StandInCollectionView(viewportHeight: 300) : StandInTableView(viewportHeight: 300)
        let owner = ListController<KeyedSection>(host: view, options: RenderOptions(onDuplicateKeys: nil))
        owner.dataSource.didMoveItem = { _, _ in }
        var deleted: [String] = []
        owner.onDelete = { _, row in deleted.append(row.key) }
        var model: [(key: String, footer: String?, rows: [String])] = []
        var next = 0
        func fresh() -> String {
            next += 1
            return "\(next)"
        }
        func state() -> [KeyedSection] {
            model.map { section in
                KeyedSection(
                    key: section.key, rows: section.rows.map { nameRow($0, $0) }, headerTitle: "Section \(section.key)",
                    footerTitle: section.footer.map { "\($0): \(section.rows.count)" })
            }
        }
        for step in 0..<200 {
            let visible = view.indexPathsForVisibleRows
            switch Int.random(in: 0..<8, using: &rng) {
            case 0:
                guard let from = visible.randomElement(using: &rng) else { break }
                let t = Int.random(in: 0..<model.count, using: &rng)
                let to = ItemPath(section: t, item: Int.random(in: 0...model[t].rows.count - (t == from.section ? 1 : 0), using: &rng))
                if view.userMoves(from: from, to: to) { model[t].rows.insert(model[from.section].rows.remove(at: from.item), at: to.item) }
            case 1:
                guard let path = visible.randomElement(using: &rng), view.userDeletes(path) else { break }
                for i in model.indices { model[i].rows.removeAll { deleted.contains($0) } }
                deleted = []
                await owner.renderer.renderAndWait(state())
            case 2:
                if let path = visible.randomElement(using: &rng) { view.userTaps(path) }
            case 3:
                view.scroll(toOffset: Double.random(in: 0...max(0, view.contentHeight), using: &rng))
            default:
                let s = model.isEmpty ? 0 : Int.random(in: 0..<model.count, using: &rng)
                switch Int.random(in: 0..<7, using: &rng) {
                case _ where model.isEmpty, 0: model.insert((fresh(), "F", []), at: Int.random(in: 0...model.count, using: &rng))
                case 1 where model.count > 1: model.remove(at: s)
                case 2: model.swapAt(s, Int.random(in: 0..<model.count, using: &rng))
                case 3: model[s].footer = Bool.random(using: &rng) ? nil : "F\(fresh())"
                case 4 where !model[s].rows.isEmpty: model[s].rows.remove(at: Int.random(in: 0..<model[s].rows.count, using: &rng))
                case 5 where !model[s].rows.isEmpty:
                    let row = model[s].rows.remove(at: Int.random(in: 0..<model[s].rows.count, using: &rng))
                    let t = Int.random(in: 0..<model.count, using: &rng)
                    model[t].rows.insert(row, at: Int.random(in: 0...model[t].rows.count, using: &rng))
                default: model[s].rows.insert(fresh(), at: Int.random(in: 0...model[s].rows.count, using: &rng))
                }
                await owner.renderer.renderAndWait(state())
            }
            let problems = view.problems
            #expect(problems.isEmpty, "seed \(seed), step \(step): \(problems.prefix(3))")
            if !problems.isEmpty { break }
        }
    }
}
