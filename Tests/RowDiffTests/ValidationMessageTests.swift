import Testing
@testable import RowDiff
import RowDiffValidation

/// Each message names the rule, the index paths and the counts.
@Suite("Validation messages")
struct ValidationMessageTests {
    let p = VF.p
    let mv = VF.mv

    @Test
    func rowCountMismatch_spellsOutTheSum() throws {
        let batch = BatchUpdate(itemInserts: [p(1, 0), p(1, 1)])
        let violation = try #require(
            VF.first(batch, ValidationSnapshot(counts: [2, 3]), ValidationSnapshot(counts: [2, 4]), view: .tableView))
        #expect(
            violation.description
                == "rule 15 (row count mismatch): section 1 has 4 rows after the update, expected 5 = 3 old + 2 inserted − 0 deleted + 0 moved in − 0 moved out"
        )
        #expect(violation.counts == .init(actual: 4, old: 3, inserted: 2, deleted: 0))
        #expect(violation.sections == [1])
        #expect(violation.view == .tableView)
        #expect(violation.stage == nil)
    }

    @Test
    func rowCountMismatch_namesTheOldSectionWhenSectionsShift() throws {
        // Old section 0 is deleted, so old 2 is new 1; a row moves into it but the count stays.
        let batch = BatchUpdate(sectionDeletes: [0], itemMoves: [mv(p(1, 0), p(1, 0))])
        let found = BatchUpdateValidator(view: .collectionView).violations(
            batch, from: .init(counts: [1, 2, 2]), to: .init(counts: [1, 2]))
        #expect(found.count == 1)
        let violation = try #require(found.first)
        #expect(
            violation.detail
                == "section 1 (section 2 before the update) has 2 rows after the update, expected 3 = 2 old + 0 inserted − 0 deleted + 1 moved in − 0 moved out"
        )
        #expect(violation.rule == .rowCountMismatch)
    }

    @Test
    func stageIndex_prefixesTheMessage() throws {
        let start = ValidationSnapshot(counts: [2, 3])
        let stages: [BatchUpdateValidator.Stage] = [
            (BatchUpdate(), ValidationSnapshot(counts: [2, 3])),
            (BatchUpdate(itemDeletes: [p(0, 0)]), ValidationSnapshot(counts: [1, 3])),
            (BatchUpdate(itemInserts: [p(1, 0), p(1, 1)]), ValidationSnapshot(counts: [1, 4])),
        ]
        let error = #expect(throws: BatchUpdateViolation.self) {
            try BatchUpdateValidator(view: .collectionView).validate(stages: stages, from: start)
        }
        #expect(error?.stage == 2)
        #expect(
            error?.description
                == "stage 2: rule 15 (row count mismatch): section 1 has 4 rows after the update, expected 5 = 3 old + 2 inserted − 0 deleted + 0 moved in − 0 moved out"
        )
    }

    @Test
    func boundsMessages_nameThePathAndTheCount() throws {
        let delete = try #require(VF.first(BatchUpdate(itemDeletes: [p(0, 3)]), .init(counts: [3]), .init(counts: [2]), view: .tableView))
        #expect(
            delete.description
                == "rule 5 (row delete out of bounds): row delete (0, 3) is out of bounds: section 0 had 3 rows before the update")
        #expect(delete.indexPaths == [p(0, 3)])

        let insert = try #require(VF.first(BatchUpdate(itemInserts: [p(2, 0)]), .init(counts: [3]), .init(counts: [4]), view: .tableView))
        #expect(
            insert.description
                == "rule 9 (row insert out of bounds): row insert (2, 0) is out of bounds: section 2 does not exist after the update (1 section)"
        )

        let section = try #require(VF.first(BatchUpdate(sectionDeletes: [4]), .init(counts: [3, 1]), .init(counts: [3]), view: .tableView))
        #expect(
            section.description
                == "rule 4 (section delete out of bounds): section delete 4 is out of bounds: the view had 2 sections before the update")
    }

    @Test
    func sectionCountMismatch_spellsOutTheSum() throws {
        let violation = try #require(
            VF.first(BatchUpdate(sectionInserts: [0]), .init(counts: [3]), .init(counts: [0, 3, 1]), view: .tableView))
        #expect(
            violation.description
                == "rule 14 (section count mismatch): the data source reports 3 sections after the update, expected 2 = 1 old + 1 inserted − 0 deleted"
        )
        #expect(violation.counts?.expected == 2)
    }

    @Test
    func conflictMessages_nameBothOperations() throws {
        let reloadMove = try #require(
            VF.first(
                BatchUpdate(itemMoves: [mv(p(0, 1), p(0, 0))], itemReloads: [p(0, 1)]), .init(counts: [3]), .init(counts: [3]),
                view: .tableView))
        #expect(reloadMove.detail.contains("row reload") == false)
        #expect(
            reloadMove.detail
                == "row (0, 1) is reloaded (the delete half of the reload) and is the source of row move (0, 1)→(0, 0) (old coordinates)")

        let twice = try #require(
            VF.first(
                BatchUpdate(itemMoves: [mv(p(0, 2), p(0, 0)), mv(p(0, 2), p(0, 1))]), .init(counts: [3]), .init(counts: [3]),
                view: .tableView))
        #expect(
            twice.description
                == "rule 12 (one source moved twice): row (0, 2) is the source of 2 row moves: (0, 2)→(0, 0), (0, 2)→(0, 1) (old coordinates)"
        )
    }

    @Test
    func tableViewFallback_explainsTheLostAnimation() throws {
        let violation = try #require(
            VF.first(
                BatchUpdate(sectionDeletes: [0], itemMoves: [mv(p(0, 0), p(0, 1))]), .init(counts: [2, 1]), .init(counts: [2]),
                view: .tableView))
        #expect(
            violation.description
                == "reloadData fallback: row move (0, 0)→(0, 1) leaves old section 0, which is deleted; UITableView falls back to reloadData and loses the animation (rule 3)"
        )
    }

    @Test
    func silentFailures_nameTheCellAndTheIdentities() throws {
        let before = ValidationSnapshot([VF.letters("ABCDEF")])
        let after = ValidationSnapshot([VF.letters("BCDEFA")])
        let batch = BatchUpdate(itemMoves: [mv(p(0, 0), p(0, 5))], itemReloads: [p(0, 3)])
        let corruption = try #require(VF.first(batch, before, after, view: .collectionView))
        #expect(
            corruption.description
                == #"identity corruption: row (0, 2) after the update keeps the cell of old row (0, 4) ("E"), but the data source has "D" there"#
        )

        let stale = try #require(
            VF.first(
                BatchUpdate(),
                ValidationSnapshot(sections: [.init(nil, items: [.init(7, content: "old")])]),
                ValidationSnapshot(sections: [.init(nil, items: [.init(7, content: "new")])]), view: .tableView))
        #expect(
            stale.description
                == #"stale content: row (0, 0) after the update keeps the cell of old row (0, 0) (7), whose content changed from "old" to "new"; it was neither reloaded nor reconfigured"#
        )
    }

    @Test
    func staleViewCounts_breakRule16() throws {
        let validator = BatchUpdateValidator(view: .collectionView)
        let found = validator.violations(
            BatchUpdate(itemDeletes: [p(0, 0)]), from: .init(counts: [3, 2]), to: .init(counts: [2, 2]), viewCounts: [3, 1])
        #expect(found.map(\.rule) == [.countsChangedOutsideUpdate])
        #expect(found.first?.sections == [1])
        #expect(
            found.first?.description
                == "rule 16 (counts changed outside the update): the data source reports row counts [3, 2] before the update, but the view shows [3, 1]: the data changed outside the update block"
        )
        #expect(validator.violations(BatchUpdate(), from: .init(counts: [3]), to: .init(counts: [3]), viewCounts: [3]).isEmpty)
    }

    @Test
    func everyRule_hasADistinctName() {
        let names = BatchUpdateViolation.Rule.allCases.map(\.description)
        #expect(Set(names).count == names.count)
        #expect(BatchUpdateViolation.Rule.allCases.compactMap(\.number) == Array(1...16))
    }
}
