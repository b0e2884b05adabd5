import Testing
import RowDiffDataSources
import RowDiffTesting

/// Every public path to a view yields batches UIKit accepts, for changes that need several stages
/// (a header change plus inserts in the same section, moves of updated rows, …): the renderer,
/// `SectionedDataSource.update(to:)`, a `ListDataSource` written as Sources/RowDiffDataSources/Documentation.docc/DataSources.md shows, and
/// a UI that walks the stages by hand. Seeded; the seed is printed on failure (ROWDIFF_SEED replays).
@MainActor
@Suite struct MultiStageTests {
    enum Path: CaseIterable, Sendable { case renderer, updateTo, documentedDataSource, stagesByHand }

    @Test(arguments: Path.allCases, [ListViewKind.tableView, .collectionView])
    func randomMultiStageChanges_yieldValidBatches(path: Path, view: ListViewKind) async {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        var state = RandomState()
        state.mutate(using: &rng, changes: 12)
        let driver = Driver(path: path, view: view, initial: state.keyed)
        var multiStage = 0
        for step in 0..<300 {
            state.mutateMultiStage(using: &rng)
            if Int.random(in: 0..<3, using: &rng) == 0 { state.mutate(using: &rng) }
            let stages = StagedChangeset(from: driver.sections, to: state.keyed).stages.count
            if stages > 1 { multiStage += 1 }
            await driver.show(state.keyed)
            let expected = describe(state.keyed)
            #expect(driver.target.problems.isEmpty, "seed \(seed), \(path), step \(step): \(driver.target.problems.first ?? "")")
            #expect(driver.target.shown == expected, "seed \(seed), \(path), step \(step): the view differs from the state")
            #expect(driver.target.snapshotOfDataSource() == expected, "seed \(seed), \(path), step \(step)")
            if !driver.target.problems.isEmpty || driver.target.shown != expected { break }
        }
        #expect(multiStage > 20, "seed \(seed): only \(multiStage) multi-stage changes were exercised")
        #expect(driver.target.reloadCount <= 1, "seed \(seed): changes animate (\(driver.target.reloadCount) reloads)")
    }

    /// The issue's example: a header change plus an insert in the same section, through each path.
    @Test(arguments: Path.allCases)
    func headerChangePlusInsert_isValid(path: Path) async {
        let before = [section("a", [row("1", 0)], header: "A"), section("b", [row("2", 0), row("3", 0), row("4", 0)], header: "B")]
        let after = [
            section("a", [row("1", 0)], header: "A"), section("b", [row("2", 0), row("5", 0), row("3", 0), row("4", 0)], header: "B!"),
        ]
        #expect(StagedChangeset(from: before, to: after).stages.count == 2)
        let driver = Driver(path: path, view: .tableView, initial: before)
        await driver.show(after)
        #expect(driver.target.problems == [])
        #expect(driver.target.shown == describe(after))
        #expect(driver.target.batches.count == 2)
    }

    /// A UI that ignores the change still ends with the data source on the final model.
    @Test func updateTo_withAnIgnoredChange_endsOnTheFinalModel() {
        let source = SectionedDataSource([section("a", [row("1", 0)], header: "A")])
        var seen: [Int] = []
        source.onChange = { change in
            if case .staged(let update) = change { seen.append(update.stages.count) }
        }
        let new = [section("a", [row("0", 0), row("1", 0)], header: "A!")]
        source.update(to: new)
        #expect(seen == [2])
        #expect(describe(source.sections) == describe(new))
    }

    /// Inside each batch the data source reports that stage's data, not the final model.
    @Test func updateTo_installsEachStageInsideItsBatch() {
        let before = [section("b", [row("2", 0), row("3", 0)], header: "B")]
        let after = [section("b", [row("2", 0), row("5", 0), row("3", 0)], header: "B!")]
        let source = SectionedDataSource(before)
        var counts: [(before: Int, inside: Int)] = []
        // Unowned: the data source keeps its `onChange`, which would otherwise keep it (a leak).
        source.onChange = { [unowned source] change in
            guard case .staged(let update) = change else { return }
            for stage in update.stages {
                let outside = source.numberOfItems(in: 0)
                stage.install()
                counts.append((outside, source.numberOfItems(in: 0)))
            }
        }
        source.update(to: after)
        #expect(counts.map(\.before) == [2, 2])
        #expect(counts.map(\.inside) == [2, 3])
    }

    /// A change from the renderer arrives applied: applying it again does nothing.
    @Test func rendererChange_arrivesApplied() async {
        let (renderer, target) = makeRenderer()
        await renderer.renderAndWait([section("b", [row("2", 0)], header: "B")])
        var applied: [Bool] = []
        renderer.dataSource.onChange = { change in
            guard case .staged(let update) = change else { return }
            applied.append(update.isInstalled)
            update.apply(to: target)
        }
        await renderer.renderAndWait([section("b", [row("2", 0), row("5", 0)], header: "B!")])
        #expect(applied == [true])
        #expect(target.batches.count == 2)
        #expect(target.problems == [])
    }
}

/// Drives one path to a validating view.
@MainActor
final class Driver {
    let path: MultiStageTests.Path
    let target: ValidatingTarget<KeyedSection>
    private let renderer: ListRenderer<KeyedSection>?
    private let source: SectionedDataSource<KeyedSection>?
    private let documented: KeyedListDataSource?

    init(path: MultiStageTests.Path, view: ListViewKind, initial: [KeyedSection]) {
        self.path = path
        switch path {
        case .renderer:
            let source = SectionedDataSource(initial)
            target = ValidatingTarget(dataSource: source, view: view)
            renderer = ListRenderer(dataSource: source, target: target, options: RenderOptions(animatesFirstRender: true))
            self.source = nil
            documented = nil
        case .updateTo, .stagesByHand:
            let source = SectionedDataSource(initial)
            let target = ValidatingTarget(dataSource: source, view: view)
            self.target = target
            source.onChange = path == .updateTo ? Self.applying(to: target) : Self.walkingStages(on: target)
            self.source = source
            renderer = nil
            documented = nil
        case .documentedDataSource:
            let source = KeyedListDataSource(initial)
            let target = ValidatingTarget(dataSource: source, view: view)
            self.target = target
            source.onChange = Self.applying(to: target)
            documented = source
            renderer = nil
            self.source = nil
        }
    }

    var sections: [KeyedSection] {
        renderer?.dataSource.sections ?? source?.sections ?? documented?.sections ?? []
    }

    func show(_ state: [KeyedSection]) async {
        if let renderer { await renderer.renderAndWait(state) }
        source?.update(to: state)
        documented?.receive(state)
    }

    /// The documented consumer: `apply(to:)` for staged changes, a reload otherwise.
    static func applying(to target: ValidatingTarget<KeyedSection>) -> @MainActor (ListChange<KeyedSection>) -> Void {
        { change in
            switch change {
            case .staged(let update): update.apply(to: target)
            case .reloadAll: target.reloadData()
            }
        }
    }

    /// A UI without a `BatchUpdating` adapter: one batch per stage, the stage installed inside it.
    static func walkingStages(on target: ValidatingTarget<KeyedSection>) -> @MainActor (ListChange<KeyedSection>) -> Void {
        { change in
            switch change {
            case .staged(let update):
                for stage in update.stages {
                    target.performBatchUpdates(stage.update, installingData: { stage.install() }, completion: { _ in })
                }
            case .reloadAll: target.reloadData()
            }
        }
    }
}

/// A `ListDataSource` written as Sources/RowDiffDataSources/Documentation.docc/DataSources.md pattern 3 shows, for keyed sections.
@MainActor
final class KeyedListDataSource: ListDataSource {
    typealias Section = KeyedSection
    private(set) var sections: [KeyedSection]
    var onChange: (@MainActor (ListChange<KeyedSection>) -> Void)?

    init(_ sections: [KeyedSection]) { self.sections = sections }

    func receive(_ new: [KeyedSection]) {
        let update = StagedUpdate(from: sections, to: new) { [unowned self] stage in self.sections = stage }
        onChange?(.staged(update))
        update.installRemaining()
    }
}

extension RandomState {
    /// A change that needs several stages: a section's header changes while rows are inserted
    /// into it, and a row of it is updated and moved.
    mutating func mutateMultiStage(using rng: inout SeededGenerator) {
        if sections.isEmpty { sections.append(Section(key: freshKey(), header: nil, rows: [])) }
        let s = Int.random(in: 0..<sections.count, using: &rng)
        sections[s].header = "h\(Int.random(in: 0..<1_000, using: &rng))"
        for _ in 0..<Int.random(in: 1...3, using: &rng) where sections[s].rows.count < 15 {
            sections[s].rows.insert((freshKey(), 0, false), at: Int.random(in: 0...sections[s].rows.count, using: &rng))
        }
        if sections[s].rows.count > 2, Bool.random(using: &rng) {
            var moved = sections[s].rows.remove(at: Int.random(in: 0..<sections[s].rows.count, using: &rng))
            moved.state += 1
            sections[s].rows.insert(moved, at: Int.random(in: 0...sections[s].rows.count, using: &rng))
        }
    }
}
