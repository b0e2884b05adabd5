import Testing
@testable import RowDiff
import RowDiffValidation

/// S1–S6: what the strict profile adds, and that the UIKit profile does not report it.
@Suite("Validation strict profile")
struct ValidationStrictTests {
    let p = VF.p
    let mv = VF.mv

    @Test(arguments: ListViewKind.allCases)
    func duplicateEntries_breakS4(view: ListViewKind) {
        let cases: [(BatchUpdate, [Int], [Int])] = [
            (BatchUpdate(itemReconfigures: [p(0, 0), p(0, 0)]), [2], [2]),
            (BatchUpdate(itemReloads: [p(0, 0), p(0, 0)]), [2], [2]),
            (BatchUpdate(sectionReloads: [0, 0]), [2], [2]),
        ]
        for (batch, old, new) in cases {
            let rules = VF.rules(batch, .init(counts: old), .init(counts: new), view: view, profile: .strict)
            #expect(rules == [.strictS4], "\(batch)")
            #expect(VF.rules(batch, .init(counts: old), .init(counts: new), view: view).isEmpty, "\(batch)")
        }
        // A duplicate move is also rule 12 on UIKit.
        let move = BatchUpdate(itemMoves: [mv(p(0, 0), p(0, 1)), mv(p(0, 0), p(0, 1))])
        #expect(
            VF.rules(move, .init(counts: [2]), .init(counts: [2]), view: view, profile: .strict)
                == [.sourceMovedTwice, .destinationMovedToTwice, .strictS4])
    }

    @Test(arguments: ListViewKind.allCases)
    func reloadsBesideOtherChanges_breakS5(view: ListViewKind) {
        let batch = BatchUpdate(itemInserts: [p(0, 3)], itemReloads: [p(0, 0)])
        let found = BatchUpdateValidator(view: view).violations(batch, from: .init(counts: [3]), to: .init(counts: [4]))
        #expect(found.map(\.rule) == [.strictS5])
        #expect(
            found.first?.detail
                == "the batch reloads 1 row and 0 sections beside 0 deletes, 1 insert and 0 moves (rows and sections); put the reloads in a batch of their own"
        )
        // Row and section reloads may share a batch.
        let reloads = BatchUpdate(sectionReloads: [1], itemReloads: [p(0, 0)])
        #expect(VF.rules(reloads, .init(counts: [3, 1]), .init(counts: [3, 2]), view: view, profile: .strict).isEmpty)
    }

    @Test(arguments: ListViewKind.allCases)
    func reconfiguresBesideOtherChangesOrAtVanishedRows_breakS6(view: ListViewKind) {
        let mixed = BatchUpdate(itemDeletes: [p(0, 2)], itemReconfigures: [p(0, 0)])
        #expect(VF.rules(mixed, .init(counts: [3]), .init(counts: [2]), view: view, profile: .strict) == [.strictS6])
        #expect(VF.rules(mixed, .init(counts: [3]), .init(counts: [2]), view: view).isEmpty)
        // Valid in the view but gone from the data source (the count change is rule 15 first).
        let vanished = BatchUpdate(itemReconfigures: [p(0, 2)])
        #expect(VF.rules(vanished, .init(counts: [3]), .init(counts: [2]), view: view, profile: .strict) == [.rowCountMismatch, .strictS6])
    }

    @Test(arguments: ListViewKind.allCases)
    func reloadShiftedByAMove_breaksS2AndCorruptsIdentity(view: ListViewKind) {
        // ABCD → DABC with B reloaded: the insert half lands at (0,1), but moving D to the front
        // shifts B to (0,2).
        let batch = BatchUpdate(itemMoves: [mv(p(0, 3), p(0, 0))], itemReloads: [p(0, 1)])
        let found = BatchUpdateValidator(view: view).violations(batch, from: .init(counts: [4]), to: .init(counts: [4]))
        #expect(found.map(\.rule) == [.strictS2, .strictS5])
        #expect(
            found.first?.detail
                == "row reload (0, 1) re-inserts at (0, 1), but the moves in the batch shift that row to (0, 2); reload it in a batch of its own"
        )
        let described = VF.rules(batch, ValidationSnapshot([VF.letters("ABCD")]), ValidationSnapshot([VF.letters("DABC")]), view: view)
        #expect(described == [.identityCorruption])
    }

    @Test(arguments: ListViewKind.allCases)
    func reloadBesideAMoveThatDoesNotShiftIt_passesS2(view: ListViewKind) {
        // ABCD → ABDC: B stays at (0,1) when C and D swap behind it.
        let batch = BatchUpdate(itemMoves: [mv(p(0, 3), p(0, 2))], itemReloads: [p(0, 1)])
        let rules = VF.rules(
            batch, ValidationSnapshot([VF.letters("ABCD")]), ValidationSnapshot([VF.letters("ABDC")]), view: view, profile: .strict)
        #expect(rules == [.strictS5])
    }

    @Test(arguments: ListViewKind.allCases)
    func moveOutOfDeletedSection_isReportedOnceAsTheUIKitRule(view: ListViewKind) {
        // S3 is subsumed: UIKit already fails such a move.
        let batch = BatchUpdate(sectionDeletes: [0], itemMoves: [mv(p(0, 0), p(0, 1))])
        let rules = VF.rules(batch, ValidationSnapshot(counts: [2, 1]), ValidationSnapshot(counts: [2]), view: view, profile: .strict)
        #expect(rules == [view == .tableView ? .reloadDataFallback : .moveOutOfDeletedSection])
    }

    @Test(arguments: ListViewKind.allCases)
    func sectionMovesWithoutRowOperations_passS1(view: ListViewKind) {
        let before = ValidationSnapshot([(section: "A", items: [1]), (section: "B", items: [2]), (section: "C", items: [3])])
        let after = ValidationSnapshot([(section: "C", items: [3]), (section: "A", items: [1]), (section: "B", items: [2])])
        #expect(VF.rules(BatchUpdate(sectionMoves: [VF.smv(2, 0)]), before, after, view: view, profile: .strict).isEmpty)
        // A row move into the moving section breaks S1.
        let rowMove = BatchUpdate(sectionMoves: [VF.smv(2, 0)], itemMoves: [mv(p(0, 0), p(0, 1))])
        let after2 = ValidationSnapshot([(section: "C", items: [3, 1]), (section: "A", items: [Int]()), (section: "B", items: [2])])
        #expect(VF.rules(rowMove, before, after2, view: view).isEmpty)
        #expect(VF.rules(rowMove, before, after2, view: view, profile: .strict) == [.strictS1])
    }

    @Test
    func uikitProfile_neverReportsStrictRules() {
        let batch = BatchUpdate(
            sectionMoves: [VF.smv(1, 0)], itemDeletes: [p(1, 0), p(1, 0)], itemInserts: [p(0, 0)], itemReconfigures: [p(0, 0)])
        let found = BatchUpdateValidator(view: .tableView, profile: .uikit)
            .violations(batch, from: .init(counts: [2, 2]), to: .init(counts: [2, 1]))
        #expect(!found.contains { $0.rule.isStrict })
    }
}
