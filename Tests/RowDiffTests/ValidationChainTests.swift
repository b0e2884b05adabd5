import Testing
@testable import RowDiff
import RowDiffValidation

/// Staged chains: stage k's OLD is stage k−1's NEW; the last stage ends at the target.
@Suite("Validation chains")
struct ValidationChainTests {
    let p = VF.p
    let mv = VF.mv

    typealias Item = ValidationSnapshot.Item
    typealias Section = ValidationSnapshot.Section

    static func item(_ id: String, _ content: Int = 0) -> Item { Item(id, content: content, kind: "Cell") }

    /// A:[a b c] B:[d e] → C:[y] A:[c a′] B:[e d x], in the DifferenceKit shape:
    /// updates → deletes → section inserts + moves → row inserts + moves.
    static let initial = ValidationSnapshot(sections: [
        Section("A", content: 0, items: [item("a"), item("b"), item("c")]),
        Section("B", content: 0, items: [item("d"), item("e")]),
    ])
    static let target = ValidationSnapshot(sections: [
        Section("C", content: 0, items: [item("y")]),
        Section("A", content: 0, items: [item("c"), item("a", 1)]),
        Section("B", content: 0, items: [item("e"), item("d"), item("x")]),
    ])
    static let stages: [BatchUpdateValidator.Stage] = [
        (
            BatchUpdate(itemReconfigures: [VF.p(0, 0)]),
            ValidationSnapshot(sections: [
                Section("A", content: 0, items: [item("a", 1), item("b"), item("c")]),
                Section("B", content: 0, items: [item("d"), item("e")]),
            ])
        ),
        (
            BatchUpdate(itemDeletes: [VF.p(0, 1)]),
            ValidationSnapshot(sections: [
                Section("A", content: 0, items: [item("a", 1), item("c")]),
                Section("B", content: 0, items: [item("d"), item("e")]),
            ])
        ),
        (
            BatchUpdate(sectionInserts: [0]),
            ValidationSnapshot(sections: [
                Section("C", content: 0, items: [item("y")]),
                Section("A", content: 0, items: [item("a", 1), item("c")]),
                Section("B", content: 0, items: [item("d"), item("e")]),
            ])
        ),
        (BatchUpdate(itemInserts: [VF.p(2, 2)], itemMoves: [VF.mv(VF.p(1, 0), VF.p(1, 1)), VF.mv(VF.p(2, 0), VF.p(2, 1))]), target),
    ]

    @Test(arguments: ListViewKind.allCases)
    func differenceKitShapedChain_isValidAndReachesTheTarget(view: ListViewKind) throws {
        let validator = BatchUpdateValidator(view: view)
        try validator.validate(stages: Self.stages, from: Self.initial, to: Self.target)
        #expect(validator.violations(stages: Self.stages, from: Self.initial, to: Self.target).isEmpty)
    }

    @Test(arguments: ListViewKind.allCases)
    func eachStage_isJudgedFromThePreviousStagesSnapshot(view: ListViewKind) {
        // Stage 3 alone, from the initial snapshot, is wrong: its coordinates assume stage 2 ran.
        let validator = BatchUpdateValidator(view: view)
        #expect(!validator.violations(Self.stages[3].update, from: Self.initial, to: Self.target).isEmpty)
        // Dropping stage 2 breaks the chain at the stage that now follows stage 1.
        let broken = [Self.stages[0], Self.stages[1], Self.stages[3]]
        let found = validator.violations(stages: broken, from: Self.initial, to: Self.target)
        #expect(found.first?.stage == 2)
        // Its move (2,0)→(2,1) names old section 2, which only exists once stage 2 has run.
        #expect(found.first?.rule == .rowMoveOutOfBounds)
    }

    @Test(arguments: ListViewKind.allCases)
    func skippingTheReconfigure_isStaleContentInTheStageThatExposesIt(view: ListViewKind) {
        // Installing a′ without a reconfigure leaves the old cell's content on screen.
        var stages = Self.stages
        stages[0].update = BatchUpdate()
        let error = #expect(throws: BatchUpdateViolation.self) {
            try BatchUpdateValidator(view: view).validate(stages: stages, from: Self.initial, to: Self.target)
        }
        #expect(error?.rule == .staleContent)
        #expect(error?.stage == 0)
        #expect(error?.indexPaths == [p(0, 0), p(0, 0)])
    }

    @Test(arguments: ListViewKind.allCases)
    func chainEndingElsewhere_isReported(view: ListViewKind) {
        let validator = BatchUpdateValidator(view: view)
        let found = validator.violations(stages: Array(Self.stages.prefix(3)), from: Self.initial, to: Self.target)
        #expect(found.map(\.rule) == [.chainEndsElsewhere])
        #expect(found.first?.stage == 2)
        #expect(
            found.first?.description
                == "stage 2: stages end elsewhere: after the last stage (2), the data source has 2 rows in section 2, the target 3")
        // With no stages, the initial snapshot must already be the target.
        #expect(validator.violations(stages: [], from: Self.initial, to: Self.initial).isEmpty)
        #expect(validator.violations(stages: [], from: Self.initial, to: Self.target).map(\.rule) == [.chainEndsElsewhere])
    }

    @Test(arguments: ListViewKind.allCases)
    func chainWithTwoFailingStages_reportsBoth(view: ListViewKind) {
        let stages: [BatchUpdateValidator.Stage] = [
            (BatchUpdate(itemDeletes: [p(0, 5)]), ValidationSnapshot(counts: [2])),
            (BatchUpdate(), ValidationSnapshot(counts: [2])),
            (BatchUpdate(), ValidationSnapshot(counts: [3])),
        ]
        let found = BatchUpdateValidator(view: view).violations(stages: stages, from: ValidationSnapshot(counts: [3]))
        #expect(found.map(\.rule) == [.rowDeleteOutOfBounds, .rowCountMismatch])
        #expect(found.map(\.stage) == [0, 2])
    }
}
