import Testing
@testable import RowDiff

/// Named regressions found by the model checker.
@Suite("ModelCheck regressions")
struct ModelCheckRegressionTests {
    /// Found by ModelCheck (e.g. seed 1593590351): `Patch` had no `updateItem`/`updateSection`
    /// steps, so replaying it leaves changed rows and headers stale. docs/JSON.md (pinned detail 4)
    /// and `Patch`'s doc ("then updates at their final positions") require them. The core gets no
    /// content fingerprints from Swift, so it emits no update steps; the Swift layer adds none.
    @Test func patch_whenRowContentChanges_replaysTheUpdate() {
        let old = [TestSection(id: 1, rows: [TestRow(id: 1)])]
        let new = [TestSection(id: 1, rows: [TestRow(id: 1, content: 2)])]
        let diff = SectionedDiff(from: old, to: new, options: DiffOptions(computesPatch: true))
        #expect(diff.changeset.itemUpdates.count == 1)
        #expect(diff.patch?.apply(to: old) == new, "steps: \(String(describing: diff.patch?.steps))")
    }

    @Test func patch_whenHeaderChanges_replaysTheSectionUpdate() {
        let old = [TestSection(id: 1, rows: [])], new = [TestSection(id: 1, header: 3, rows: [])]
        let diff = SectionedDiff(from: old, to: new, options: DiffOptions(computesPatch: true))
        #expect(diff.changeset.sectionUpdates.count == 1)
        #expect(diff.patch?.apply(to: old) == new, "steps: \(String(describing: diff.patch?.steps))")
    }
}
