import Testing
@testable import RowDiffDataSources
import RowDiffTesting

/// A header or footer whose view type is unchanged is updated on the view already on screen:
/// no section reload, so no row is reloaded, reconfigured or recreated.
@MainActor
@Suite struct OwnerHeaderInPlaceTests {
    func section(_ header: Supplementary?, footer: Supplementary? = nil, rows: [String] = ["a", "b"]) -> [KeyedSection] {
        [
            KeyedSection(key: "s", rows: rows.map { nameRow($0, $0.uppercased()) }, header: header, footer: footer),
            KeyedSection(key: "t", rows: [nameRow("z", "Z")], headerTitle: "Other"),
        ]
    }

    /// Every batch since `start`, without a reload, a reconfigure or a section reload.
    func touchesNoRow(_ view: StandInListView, since start: Int) -> Bool {
        view.batches[start...].allSatisfy {
            $0.update.sectionReloads.isEmpty && $0.update.itemReloads.isEmpty && $0.update.itemReconfigures.isEmpty
        }
    }

    @Test(arguments: [false, true])
    func typedHeaderChange_reconfiguresTheHeaderInPlace(collection: Bool) async {
        let (owner, view) = makeOwner(collection: collection)
        await owner.renderer.renderAndWait(section(titleHeader("Old")))
        let cells = view.cells.flatMap { $0 }.map { $0.map(ObjectIdentifier.init) }
        let header = view.headers[0]
        let start = view.batches.count, reloads = view.reloadCount
        await owner.renderer.renderAndWait(section(titleHeader("New")))
        #expect(view.headers[0] === header, "the header view on screen is kept")
        #expect((view.headers[0] as? TitleHeader)?.text == "New")
        #expect(view.cells.flatMap { $0 }.map { $0.map(ObjectIdentifier.init) } == cells, "no row recreated")
        #expect(touchesNoRow(view, since: start) && view.reloadCount == reloads)
        #expect(view.supplementaryLayoutCount == 0)
        #expect(view.problems == [])
    }

    @Test func titleChange_replacesTheTitle_withoutReloadingTheSection() async {
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait(section(Supplementary(title: "Old"), footer: Supplementary(title: "Foot")))
        let start = view.batches.count
        await owner.renderer.renderAndWait(section(Supplementary(title: "New"), footer: Supplementary(title: "Foot 2")))
        #expect(view.titles[0].header == "New" && view.titles[0].footer == "Foot 2")
        #expect(touchesNoRow(view, since: start) && view.batches.count == start, "nothing for the batch to do")
        #expect(view.problems == [])
    }

    @Test func heightChange_onlyLaysOutAgain() async {
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait(section(titleHeader("H").with(height: 30)))
        let start = view.batches.count
        await owner.renderer.renderAndWait(section(titleHeader("H").with(height: 50)))
        #expect(view.supplementaryLayoutCount == 1)
        #expect(view.heightOfSupplementary(.header, in: 0).height == 50)
        #expect(touchesNoRow(view, since: start))
        #expect(view.problems == [])
    }

    @Test func viewTypeChange_reloadsTheSection() async {
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait(section(Supplementary(title: "Title")))
        await owner.renderer.renderAndWait(section(titleHeader("View")))
        #expect(view.batches.last?.update.sectionReloads == [0])
        #expect((view.headers[0] as? TitleHeader)?.text == "View")
        await owner.renderer.renderAndWait(section(nil))
        #expect(view.batches.last?.update.sectionReloads == [0], "a header that goes away reloads its section")
        #expect(view.headers[0] == nil)
        #expect(view.problems == [])
    }

    @Test(arguments: [false, true])
    func headerChangeWithRowChangesAndMoves_staysValid(collection: Bool) async {
        let (owner, view) = makeOwner(collection: collection)
        await owner.renderer.renderAndWait(section(titleHeader("1"), rows: ["a", "b", "c"]))
        // The section moves below the other one, loses a row, gains one and changes its header.
        let moved = [
            section(nil)[1],
            KeyedSection(
                key: "s", rows: ["c", "x", "a"].map { nameRow($0, $0.uppercased()) },
                header: titleHeader("2")),
        ]
        await owner.renderer.renderAndWait(moved)
        #expect((view.headers[1] as? TitleHeader)?.text == "2")
        #expect(texts(view) == [["Z"], ["C", "X", "A"]])
        #expect(view.problems == [])
    }

    @Test func aStandInCatchesAStaleHeader() async {
        // The same change through a plain renderer target that keeps its views: the validator
        // in the stand-in must notice a header that was never updated.
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait(section(titleHeader("Old")))
        owner.renderer.sectionsUpdatedInPlace = nil
        await owner.renderer.renderAndWait(section(titleHeader("New")))
        #expect(view.problems.contains { $0.contains("header of section 0 shows stale content") })
    }
}
