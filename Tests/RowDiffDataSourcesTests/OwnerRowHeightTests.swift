import Testing
import RowDiffDataSources

/// A row's height (`RowActions.height`, `estimatedHeight`) is content: a render that changes only
/// the height updates the row, so the view lays it out again. Before, the owner issued nothing,
/// and a table kept the old height (it asks a row's height only when it lays the row out); the
/// stand-ins now check that every row on screen is as high as the source says.
@MainActor
@Suite struct OwnerRowHeightTests {
    func rows(heights: [Double?]) -> [KeyedSection] {
        [
            KeyedSection(
                key: "s",
                rows: heights.enumerated().map { nameRow("r\($0.offset)", "Row \($0.offset)", actions: RowActions(height: $0.element)) })
        ]
    }

    @Test(arguments: [false, true])
    func aRowWhoseHeightAloneChanges_isLaidOutAgain(collection: Bool) async {
        let (owner, view) = makeOwner(collection: collection)
        await owner.renderer.renderAndWait(rows(heights: [44, 60, nil]), animated: false)
        let changed = ItemPath(section: 0, item: 1)
        #expect(view.frameOfItem(at: changed)?.height == 60)
        let before = view.batches.count
        await owner.renderer.renderAndWait(rows(heights: [44, 120, nil]))
        #expect(view.frameOfItem(at: changed)?.height == 120, "the new height is laid out")
        #expect(view.batches.count == before + 1, "one batch updates the row")
        #expect(view.batches.last.map { $0.update.itemReconfigures + $0.update.itemReloads } == [changed], "only the changed row")
        #expect(texts(view) == [["Row 0", "Row 1", "Row 2"]])
        // The same heights again (rows made afresh): nothing to do.
        await owner.renderer.renderAndWait(rows(heights: [44, 120, nil]))
        #expect(view.batches.count == before + 1)
        #expect(view.problems.isEmpty, "\(view.problems)")
    }

    @Test func aStaleHeight_isReportedByTheStandIn() async {
        // The check the fix answers: a row left as high as before, although its source now says
        // otherwise, is what a device would show. Made here by laying the row out with one
        // source and answering with another (the owner's rows updated without telling the view).
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait(rows(heights: [44, 60]), animated: false)
        owner.dataSource.install(rows(heights: [44, 90]))
        #expect(view.problems.contains { $0.contains("(0, 1)") && $0.contains("stale height") }, "\(view.problems)")
    }
}
