import Testing
import RowDiffDataSources
import RowDiffTesting

@MainActor
@Suite struct RendererTests {
    let initial = [section("a", [row("1", 0), row("2", 0), row("3", 0)], header: "A"), section("b", [row("4", 0)])]
    let changed = [section("b", [row("4", 1), row("2", 0)]), section("a", [row("3", 0), row("1", 0), row("5", 0)], header: "A!")]

    @Test func firstRender_reloads_thenChangesAnimateAndPassTheValidator() async {
        let (renderer, target) = makeRenderer()
        await renderer.renderAndWait(initial)
        #expect(renderer.lastOutcome == .reloaded(.firstRender))
        #expect(target.reloadCount == 1)
        await renderer.renderAndWait(changed)
        guard case .animated(let batches) = renderer.lastOutcome, batches > 0 else {
            Issue.record("expected an animation, got \(String(describing: renderer.lastOutcome))")
            return
        }
        #expect(target.batches.count == batches)
        #expect(target.problems == [])
        #expect(target.shown == describe(changed))
        #expect(renderer.dataSource.indexPath(ofItem: "2") == ItemPath(section: 0, item: 1))
    }

    @Test func collectionView_withoutReconfigure_reloadsUpdatedRows() async {
        let (renderer, target) = makeRenderer(view: .collectionView, updateMode: .batches(reconfigures: false))
        await renderer.renderAndWait(initial)
        await renderer.renderAndWait([section("a", [row("1", 9), row("2", 0), row("3", 0)], header: "A"), section("b", [row("4", 0)])])
        #expect(target.problems == [])
        #expect(target.batches.flatMap(\.itemReloads) == [ItemPath(section: 0, item: 0)])
        #expect(target.batches.flatMap(\.itemReconfigures) == [])
    }

    @Test func unchangedState_appliesNoBatch() async {
        let (renderer, target) = makeRenderer()
        await renderer.renderAndWait(initial)
        await renderer.renderAndWait(initial)
        #expect(renderer.lastOutcome == .animated(batches: 0))
        #expect(target.batches.isEmpty)
    }

    @Test func moreChangesThanTheThreshold_reload() async {
        let (renderer, target) = makeRenderer(options: RenderOptions(maximumAnimatedChanges: 2, onDuplicateKeys: nil))
        await renderer.renderAndWait(initial)
        await renderer.renderAndWait(changed)
        guard case .reloaded(.tooManyChanges(let count)) = renderer.lastOutcome else {
            Issue.record("expected a threshold reload, got \(String(describing: renderer.lastOutcome))")
            return
        }
        #expect(count > 2)
        #expect(target.reloadCount == 2)
        #expect(target.shown == describe(changed))
    }

    @Test func invisibleTarget_andNonAnimatedRender_reload() async {
        let (renderer, target) = makeRenderer()
        await renderer.renderAndWait(initial)
        target.isVisible = false
        await renderer.renderAndWait(changed)
        #expect(renderer.lastOutcome == .reloaded(.notVisible))
        target.isVisible = true
        await renderer.renderAndWait(initial, animated: false)
        #expect(renderer.lastOutcome == .reloaded(.notAnimated))
        #expect(target.batches.isEmpty)
        #expect(target.shown == describe(initial))
    }

    @Test func animatesFirstRender_whenAsked() async {
        let (renderer, target) = makeRenderer(options: RenderOptions(animatesFirstRender: true, onDuplicateKeys: nil))
        await renderer.renderAndWait(initial)
        #expect(renderer.lastOutcome == .animated(batches: 1))
        #expect(target.problems == [])
        #expect(target.reloadCount == 0)
    }

    @Test func duplicateKeys_reportAndAnimateByDefault_reloadWhenAsked() async {
        var reported: [DuplicateKeyDiagnostic] = []
        let (renderer, target) = makeRenderer(options: RenderOptions(onDuplicateKeys: { reported.append($0) }))
        await renderer.renderAndWait(initial)
        let duplicated = [section("a", [row("1", 0), row("1", 1)]), section("b", [row("4", 0)])]
        await renderer.renderAndWait(duplicated)
        guard case .animated = renderer.lastOutcome else {
            Issue.record("duplicates must not force a reload")
            return
        }
        #expect(target.problems == [] && target.reloadCount == 1, "only the first render reloaded")
        let (reloading, _) = makeRenderer(options: RenderOptions(duplicatePolicy: .reload, onDuplicateKeys: nil))
        await reloading.renderAndWait(initial)
        await reloading.renderAndWait(duplicated)
        #expect(reloading.lastOutcome == .reloaded(.duplicateKeys))
        #expect(reported.count == 1)
        #expect(reported.first?.rowKeys.first?.indexPaths == [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)])
        #expect(target.shown == describe(duplicated))
        #expect(renderer.dataSource.indexPath(ofItem: "1") == ItemPath(section: 0, item: 0))
    }

    @Test func duplicateKeys_onTheFirstRender_areReportedToo() async {
        var reported = 0
        let (renderer, _) = makeRenderer(options: RenderOptions(onDuplicateKeys: { _ in reported += 1 }))
        await renderer.renderAndWait([section("s", []), section("s", [])])
        #expect(reported == 1)
    }

    @Test func duplicateKeys_animatePolicy_animatesValidBatches() async {
        let (renderer, target) = makeRenderer(options: RenderOptions(duplicatePolicy: .animate, onDuplicateKeys: nil))
        await renderer.renderAndWait([section("a", [row("1", 0), row("2", 0), row("1", 5)])])
        await renderer.renderAndWait([section("a", [row("1", 5), row("3", 0), row("1", 0), row("2", 0)])])
        guard case .animated = renderer.lastOutcome else {
            Issue.record("expected animation")
            return
        }
        #expect(target.problems == [])
        #expect(target.shown == describe(renderer.dataSource.sections))
    }

    @Test func burstOfRenders_coalesces_latestWins_allCompletionsRun() async {
        let (renderer, target) = makeRenderer()
        await renderer.renderAndWait(initial)
        var completed: [Int] = []
        var states: [[KeyedSection]] = []
        for step in 0..<10 {
            let state = [section("a", (0...step).map { row("r\($0)", step) })]
            states.append(state)
            renderer.render(state) { completed.append(step) }
        }
        await renderer.waitUntilIdle()
        #expect(completed.sorted() == Array(0..<10))
        #expect(renderer.appliedRenderCount == 2, "the burst applies once")
        #expect(target.shown == describe(states.last!))
        #expect(target.problems == [])
    }

    @Test func concurrentRendersFromSeveralTasks_neverInterleave() async {
        let (renderer, target) = makeRenderer()
        target.completesAsynchronously = true
        await renderer.renderAndWait(initial)
        let order = RequestLog()
        var tasks: [Task<Void, Never>] = []
        for task in 0..<8 {
            tasks.append(
                Task { @MainActor in
                    for round in 0..<5 {
                        order.entries.append(task * 100 + round)
                        await renderer.renderAndWait(concurrentState(task: task, round: round))
                    }
                })
        }
        for task in tasks { await task.value }
        await renderer.waitUntilIdle()
        #expect(target.problems == [])
        let last = order.entries.last!
        let task = last / 100, round = last % 100
        #expect(target.shown == describe(concurrentState(task: task, round: round)))
    }

    // MARK: Drags and renders requested before them (the rule in Sources/RowDiffDataSources/Documentation.docc/DataSources.md)

    /// A state requested before the drag that leaves the row where it was: the drag is kept, the
    /// state's other changes are applied, and the row is never animated back.
    @Test func renderRequestedBeforeADrag_keepsTheDrag() async {
        let (renderer, target) = makeRenderer()
        await renderer.renderAndWait(initial)
        var moves: [Move<ItemPath>] = []
        renderer.dataSource.didMoveItem = { move, _ in moves.append(move) }
        let edited = [section("a", [row("1", 1), row("2", 0), row("3", 0), row("6", 0)], header: "A"), section("b", [row("4", 0)])]
        renderer.render(edited)
        // The user drags row 1 below row 4 while the diff runs.
        target.userMovesItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1), in: renderer.dataSource)
        await renderer.waitUntilIdle()
        let expected = [section("a", [row("2", 0), row("3", 0), row("6", 0)], header: "A"), section("b", [row("4", 0), row("1", 1)])]
        #expect(target.shown == describe(expected))
        #expect(target.problems == [])
        #expect(moves == [Move(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1))])
        #expect(!target.batches.flatMap(\.itemMoves).contains { $0.to.section == 0 }, "row 1 is never moved back")
        // The app mirrors the move in its state (didMoveItem) and renders it: nothing moves.
        await renderer.renderAndWait(expected)
        #expect(target.shown == describe(expected))
        #expect(target.problems == [])
    }

    /// Two states requested before the drag (one diffing, one waiting): both keep it.
    @Test func everyStateRequestedBeforeADrag_keepsIt() async {
        let (renderer, target) = makeRenderer()
        await renderer.renderAndWait(initial)
        renderer.render([section("a", [row("1", 1), row("2", 0), row("3", 0)], header: "A"), section("b", [row("4", 0)])])
        await Task.yield()
        renderer.render([section("a", [row("1", 2), row("2", 0), row("3", 0)], header: "A"), section("b", [row("4", 2)])])
        target.userMovesItem(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 0), in: renderer.dataSource)
        await renderer.waitUntilIdle()
        let expected = [section("a", [row("3", 0), row("1", 2), row("2", 0)], header: "A"), section("b", [row("4", 2)])]
        #expect(target.shown == describe(expected))
        #expect(target.problems == [])
    }

    /// The state removes the dragged row, or puts it in another section than it had before the
    /// drag: the state decides.
    @Test func stateThatRemovesOrRehomesTheDraggedRow_wins() async {
        for removes in [true, false] {
            let (renderer, target) = makeRenderer()
            await renderer.renderAndWait(initial)
            let state =
                removes
                ? [section("a", [row("2", 0), row("3", 0)], header: "A"), section("b", [row("4", 0)])]
                : [section("a", [row("2", 0), row("3", 0)], header: "A"), section("b", [row("1", 0), row("4", 0)])]
            renderer.render(state)
            target.userMovesItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2), in: renderer.dataSource)
            await renderer.waitUntilIdle()
            #expect(target.shown == describe(state), "removes: \(removes)")
            #expect(target.problems == [])
        }
    }

    /// A state requested after the drag renders as it is: an app that rejects the move renders
    /// its old state, and the row goes back.
    @Test func stateRequestedAfterTheDrag_rendersAsIs() async {
        let (renderer, target) = makeRenderer()
        await renderer.renderAndWait(initial)
        target.userMovesItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1), in: renderer.dataSource)
        await renderer.renderAndWait(initial)
        #expect(target.shown == describe(initial))
        #expect(target.problems == [])
    }

    @Test func sequentialTarget_getsOnePatch() async {
        let (renderer, target) = makeRenderer(updateMode: .sequential)
        await renderer.renderAndWait(initial)
        await renderer.renderAndWait(changed)
        guard case .patched(let steps) = renderer.lastOutcome else {
            Issue.record("expected a patch")
            return
        }
        #expect(steps == target.sequentialUpdates.last?.count)
        #expect(target.problems == [])
        #expect(target.shown == describe(changed))
    }

    @Test func flatRenderer_rendersRows() async {
        let source = SectionedDataSource<FlatSection<String>>(rows: [])
        let target = ValidatingTarget(dataSource: source, view: .collectionView) {
            ValidationSnapshot.Section(0, items: $0.rows.map { ValidationSnapshot.Item($0, content: $0, kind: "cell") })
        }
        let renderer = ListRenderer(dataSource: source, target: target)
        await renderer.renderAndWait([FlatSection(rows: ["a", "b", "c"])])
        renderer.render(rows: ["c", "a", "d"])
        await renderer.waitUntilIdle()
        #expect(source.rows() == ["c", "a", "d"])
        #expect(target.problems == [])
        #expect(target.batches.count == 1)
    }

    @Test func noTarget_installsIntoTheDataSourceAndNotifies() async {
        let renderer = ListRenderer<KeyedSection>(options: RenderOptions(onDuplicateKeys: nil))
        var changes = 0
        renderer.dataSource.onChange = { _ in changes += 1 }
        await renderer.renderAndWait(initial)
        await renderer.renderAndWait(changed)
        #expect(describe(renderer.dataSource.sections) == describe(changed))
        #expect(changes == 2)
    }

    @Test func eagerLookups_areBuiltDuringTheRender() async {
        let (renderer, _) = makeRenderer(options: RenderOptions(onDuplicateKeys: nil))
        await renderer.renderAndWait(initial)
        await renderer.renderAndWait(changed)
        #expect(renderer.dataSource.indexPath(ofItem: "5") == ItemPath(section: 1, item: 2))
    }
}

@MainActor
@Suite struct StreamTests {
    @Test func asyncStream_rendersEveryStateUntilItEnds() async throws {
        let (renderer, target) = makeRenderer()
        let (stream, continuation) = AsyncStream.makeStream(of: [KeyedSection].self)
        let binding = renderer.bind(stream)
        for step in 0..<20 {
            continuation.yield([section("s", (0..<(step % 7)).map { row("r\($0)", step) })])
        }
        continuation.yield([section("s", [row("last", 0)])])
        continuation.finish()
        try await binding.value
        await renderer.waitUntilIdle()
        #expect(target.shown == describe([section("s", [row("last", 0)])]))
        #expect(target.problems == [])
    }

    @Test func cancellingTheBinding_stopsRendering() async {
        let (renderer, target) = makeRenderer()
        let (stream, continuation) = AsyncStream.makeStream(of: [KeyedSection].self)
        let binding = renderer.bind(stream)
        continuation.yield([section("s", [row("a", 0)])])
        for _ in 0..<100_000 where renderer.appliedRenderCount == 0 { await Task.yield() }
        #expect(renderer.appliedRenderCount == 1)
        binding.cancel()
        _ = await binding.result
        continuation.yield([section("s", [row("b", 0)])])
        await Task.yield()
        await renderer.waitUntilIdle()
        #expect(target.shown == describe([section("s", [row("a", 0)])]))
    }
}

@MainActor final class RequestLog {
    var entries: [Int] = []
}

func concurrentState(task: Int, round: Int) -> [KeyedSection] {
    [
        section("a", (0..<(task + round + 1)).map { row("k\(($0 * 7 + task) % 13)", round) }),
        section("t\(task % 3)", [row("x\(task)", round)]),
    ]
}
