import Testing
import RowDiffDataSources
import RowDiffTesting

/// What `ValidatingTarget` checks for keyed sections: the content of every state — `Equatable`-only
/// states and states passed through generic helpers included — and the whole header/footer state.
@MainActor
@Suite struct ValidatingTargetTests {
    /// FunctionalTableData's `LabelState`: `Equatable`, not `Hashable`.
    struct LabelState: Equatable, Sendable { var text: String }

    /// A helper constrained to `Equatable`: picks the `Equatable` initializer even for a `String`.
    func genericRow<State: Equatable & Sendable>(_ key: String, _ state: State) -> KeyedRow {
        KeyedRow(key: key, kind: RowKind(TextCell.self), state: state)
    }

    /// Installs `new` inside an empty batch: the view keeps every cell, so changed content is stale.
    private func staleProblems(from old: [KeyedSection], to new: [KeyedSection]) -> [BatchUpdateViolation] {
        let source = SectionedDataSource(old)
        let target = ValidatingTarget(dataSource: source)
        target.performBatchUpdates(BatchUpdate(), installingData: { source.install(new) }, completion: { _ in })
        return target.violations
    }

    @Test func equatableOnlyState_changedWithoutReload_isStale() {
        let violations = staleProblems(
            from: [section("s", [genericRow("1", LabelState(text: "a"))])],
            to: [section("s", [genericRow("1", LabelState(text: "b"))])])
        #expect(violations.map(\.rule) == [.staleContent])
    }

    @Test func stringThroughAGenericHelper_changedWithoutReload_isStale() {
        let violations = staleProblems(
            from: [section("s", [genericRow("1", "a")])], to: [section("s", [genericRow("1", "b")])])
        #expect(violations.map(\.rule) == [.staleContent])
    }

    @Test func unchangedStates_areNotStale() {
        let model = [section("s", [genericRow("1", LabelState(text: "a")), genericRow("2", "x"), row("3", 3)])]
        #expect(staleProblems(from: model, to: model).isEmpty)
    }

    @Test func headerState_changedWithSameTitle_isStale() {
        struct BannerState: Equatable, Sendable { var count: Int }
        func banner(_ count: Int) -> KeyedSection {
            KeyedSection(
                key: "s", rows: [], header: Supplementary(kind: RowKind(DetailCell.self), state: BannerState(count: count), title: "T"))
        }
        #expect(staleProblems(from: [banner(1)], to: [banner(2)]).map(\.rule) == [.staleContent])
        #expect(staleProblems(from: [banner(1)], to: [banner(1)]).isEmpty)
    }

    @Test func footerChange_isStale() {
        let old = [KeyedSection(key: "s", rows: [], headerTitle: "H", footerTitle: "F")]
        let new = [KeyedSection(key: "s", rows: [], headerTitle: "H", footerTitle: "G")]
        #expect(staleProblems(from: old, to: new).map(\.rule) == [.staleContent])
    }

    /// The renderer reconfigures rows whose `Equatable`-only state changed, and the target agrees.
    @Test func renderer_reconfiguresEquatableOnlyStates() async {
        let (renderer, target) = makeRenderer()
        await renderer.renderAndWait([section("s", [genericRow("1", LabelState(text: "a")), genericRow("2", "x")])])
        await renderer.renderAndWait([section("s", [genericRow("1", LabelState(text: "b")), genericRow("2", "y")])])
        #expect(target.problems == [])
        #expect(target.batches.flatMap(\.itemReconfigures).count == 2)
    }
}
