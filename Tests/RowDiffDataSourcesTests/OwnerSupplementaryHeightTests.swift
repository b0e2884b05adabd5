import Testing
import RowDiffDataSources

/// Header and footer heights (FunctionalTableData users set them per section) through an owner on
/// the stand-in table: what `tableView(_:heightForHeaderInSection:)` and its relatives answer.
@MainActor
@Suite struct OwnerSupplementaryHeightTests {
    @Test func heights_comeFromTheSectionsHeaderAndFooter() async {
        let (owner, view) = makeOwner()
        await owner.renderer.renderAndWait([
            KeyedSection(
                key: "sized", rows: [nameRow("a", "Ada")],
                header: titleHeader("Sized").with(height: 44, estimatedHeight: 40),
                footer: Supplementary(title: "Footnote").with(height: 20)),
            KeyedSection(key: "plain", rows: [nameRow("b", "Bob")], headerTitle: "Plain"),
            KeyedSection(key: "bare", rows: [nameRow("c", "Cy")]),
        ])
        #expect(view.heightOfSupplementary(.header, in: 0) == (44, 40))
        #expect(view.heightOfSupplementary(.footer, in: 0) == (20, nil), "a title can have a height too")
        // Nothing given: nil, so the table's own height applies (automatic unless the app set one),
        // as if the delegate methods were not implemented.
        #expect(view.heightOfSupplementary(.header, in: 1) == (nil, nil))
        #expect(view.heightOfSupplementary(.footer, in: 1) == (nil, nil))
        #expect(view.heightOfSupplementary(.header, in: 2) == (nil, nil))
        // Out of range and cells: nothing, never a trap (UIKit may ask during an update).
        #expect(owner.supplementaryHeight(.header, in: 3) == nil && owner.supplementaryHeight(.header, in: -1) == nil)
        #expect(owner.supplementaryHeight(.cell, in: 0) == nil && owner.estimatedSupplementaryHeight(.cell, in: 0) == nil)
        #expect(view.problems.isEmpty, "\(view.problems)")
    }

    @Test func aChangedHeight_laysTheViewOutAgain_andTheNewHeightIsAnswered() async {
        let (owner, view) = makeOwner()
        let rows = [nameRow("a", "Ada"), nameRow("b", "Bob")]
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: rows, header: titleHeader("S").with(height: 30))], animated: false)
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: rows, header: titleHeader("S").with(height: 60))])
        #expect(view.batches.isEmpty && view.supplementaryLayoutCount == 1, "UIKit re-asks heights on a layout pass; nothing reloads")
        #expect(view.heightOfSupplementary(.header, in: 0).height == 60)
        // The same height again: nothing to do.
        await owner.renderer.renderAndWait([KeyedSection(key: "s", rows: rows, header: titleHeader("S").with(height: 60))])
        #expect(view.batches.isEmpty && view.supplementaryLayoutCount == 1)
        #expect(view.problems.isEmpty, "\(view.problems)")
    }

    @Test func heights_areContent_closuresAreNot() {
        let a = titleHeader("A").with(height: 44)
        #expect(a == titleHeader("A").with(height: 44))
        #expect(a != titleHeader("A"))
        #expect(a != titleHeader("A").with(height: 44, estimatedHeight: 40))
        #expect(Supplementary(title: "T").with(height: nil) == Supplementary(title: "T"))
    }

    @Test func aSourceWithoutHeights_answersNil() {
        // A `ListViewSource` written before heights existed keeps compiling and answers nil.
        let source = StubSource()
        #expect(source.supplementaryHeight(.header, in: 0) == nil)
        #expect(source.estimatedSupplementaryHeight(.footer, in: 0) == nil)
    }
}

/// A minimal `ListViewSource` that declares no header or footer heights.
@MainActor
private final class StubSource: ListViewSource {
    var numberOfSections: Int { 1 }
    func numberOfItems(in section: Int) -> Int { 0 }
    func cell(at path: ItemPath) -> AnyObject? { nil }
    func supplementaryView(_ element: ListElement, in section: Int) -> AnyObject? { nil }
    func title(for element: ListElement, in section: Int) -> String? { nil }
    func isShowingCurrentContent(_ view: AnyObject, for element: ListElement, at path: ItemPath) -> Bool { false }
    func shouldHighlightItem(at path: ItemPath) -> Bool { false }
    func shouldSelectItem(at path: ItemPath) -> Bool { false }
    func didSelectItem(at path: ItemPath) {}
    func didDeselectItem(at path: ItemPath) {}
    func swipeActions(_ edge: SwipeEdge, at path: ItemPath) -> SwipeActions? { nil }
    func contextMenu(at path: ItemPath) -> ContextMenu? { nil }
    func height(at path: ItemPath) -> Double? { nil }
    func estimatedHeight(at path: ItemPath) -> Double? { nil }
    func canEditItem(at path: ItemPath) -> Bool { false }
    func commitDelete(at path: ItemPath) {}
    func canMoveItem(at path: ItemPath) -> Bool { false }
    func moveItem(from source: ItemPath, to destination: ItemPath) -> Bool { false }
    func validationSnapshot() -> ValidationSnapshot { ValidationSnapshot(counts: [0]) }
}
