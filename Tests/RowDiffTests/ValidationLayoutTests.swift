import Testing
@testable import RowDiff
import RowDiffValidation

/// UIKit's result layout, and the snapshot type.
@Suite("Validation layout and snapshots")
struct ValidationLayoutTests {
    let p = VF.p
    let mv = VF.mv

    @Test(arguments: ListViewKind.allCases)
    func layout_placesNewCellsMovedRowsThenTheRestInOldOrder(view: ListViewKind) throws {
        let batch = BatchUpdate(itemMoves: [mv(p(0, 0), p(0, 5))], itemReloads: [p(0, 3)])
        let layout = try BatchUpdateValidator(view: view).layout(of: batch, from: .init(counts: [6]), to: .init(counts: [6]))
        #expect(layout.sections == [.kept(old: 0)])
        #expect(
            layout.cells == [
                [
                    .kept(old: p(0, 1)), .kept(old: p(0, 2)), .kept(old: p(0, 4)), .inserted, .kept(old: p(0, 5)), .kept(old: p(0, 0)),
                ]
            ])
        #expect(layout.cell(at: p(0, 3)) == .inserted)
    }

    @Test(arguments: ListViewKind.allCases)
    func layout_fillsSectionsAroundInsertsAndMoves(view: ListViewKind) throws {
        let batch = BatchUpdate(sectionDeletes: [0], sectionInserts: [0], sectionMoves: [VF.smv(2, 1)], itemReconfigures: [p(1, 0)])
        let layout = try BatchUpdateValidator(view: view, profile: .uikit)
            .layout(of: batch, from: .init(counts: [1, 1, 2]), to: .init(counts: [3, 2, 1]))
        #expect(layout.sections == [.inserted, .kept(old: 2), .kept(old: 1)])
        #expect(
            layout.cells == [
                [.inserted, .inserted, .inserted], [.kept(old: p(2, 0)), .kept(old: p(2, 1))], [.reconfigured(old: p(1, 0))],
            ])
    }

    @Test(arguments: ListViewKind.allCases)
    func layout_throwsWhatUIKitWouldRaise(view: ListViewKind) {
        let error = #expect(throws: BatchUpdateViolation.self) {
            try BatchUpdateValidator(view: view).layout(of: BatchUpdate(), from: .init(counts: [1]), to: .init(counts: [2]))
        }
        #expect(error?.rule == .rowCountMismatch)
    }

    @Test
    func snapshot_initializersAgree() {
        let byRows = ValidationSnapshot([["a", "b"], []])
        let bySections = ValidationSnapshot(sections: [.init(nil, identities: ["a", "b"]), .init(nil, items: [])])
        #expect(byRows == bySections)
        #expect(byRows.counts == [2, 0])
        #expect(byRows.hasItems)
        #expect(byRows.item(at: p(0, 1))?.identity == "b")
        #expect(byRows.item(at: p(1, 0)) == nil)
        #expect(byRows.sections.map(\.items.count) == [2, 0])

        let counts = ValidationSnapshot(counts: [3, 0, 5])
        #expect(!counts.hasItems)
        #expect(counts.sectionCount == 3)
        #expect(counts.item(at: p(0, 0)) == nil)
        #expect(counts.contains(p(2, 4)) && !counts.contains(p(1, 0)))

        let named = ValidationSnapshot([(section: "S", items: [1, 2])])
        #expect(named.sectionIdentity(0) == "S")
        #expect(named.sections.first?.items.map(\.identity) == [1, 2])
    }

    @Test
    func values_compareByTypeAndValue() {
        #expect(ValidationValue(1) == 1)
        #expect(ValidationValue("1") != ValidationValue(1))
        #expect(ValidationValue(ValidationValue("x")) == "x")
        #expect(ValidationValue(1.5) == ValidationValue(1.5))
        #expect(ValidationValue(1.5) != ValidationValue(2.5))
        // Strings compare as Swift compares them: canonical equivalence.
        #expect(ValidationValue("\u{E9}") == ValidationValue("e\u{301}"))
        #expect(ValidationValue("x").description == #""x""#)
        #expect(ValidationValue(3).description == "3")
        let item = ValidationSnapshot.Item(Optional<Int>.none, content: 5)
        #expect(item.identity == nil && item.content == 5 && item.kind == nil)
    }
}
