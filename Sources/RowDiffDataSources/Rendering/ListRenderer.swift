/// Renders declarative state into a list view: new state in → diff off the main thread → staged
/// batches applied to the target with the data swapped inside each batch → completion.
///
/// ```swift
/// let renderer = ListRenderer<KeyedSection>(target: tableViewTarget)
/// renderer.render(sections) { print("on screen") }
/// ```
///
/// - Coalescing: renders in quick succession coalesce. While a diff runs, newer states replace
///   the pending one; a finished diff whose state was superseded is dropped, never applied, and
///   the latest state is diffed against what the view shows. Completions of superseded renders
///   run when the state that replaced them is on screen.
/// - Reloads instead of animating: the first render (unless `animatesFirstRender`), a render with
///   `animated: false`, a target that is not visible, more changes than
///   `maximumAnimatedChanges`, duplicate keys under `DuplicatePolicy.reload`, and — so that a
///   flood of renders cannot starve the screen — a state that kept being superseded.
/// - Batches never interleave: all batches of one render are handed to the target in one
///   synchronous main-actor step, and renders are applied one at a time in request order.
///
/// - Complexity: per render, the diff and staging (off the main thread; see `SectionedDiff`
///   and `StagedChangeset`), then O(stages) on the main thread plus what the target does.
@MainActor
public final class ListRenderer<Section: DiffableSection & Sendable> where Section.Row: Sendable {
    /// The data source the target reads; the renderer installs each stage's data into it.
    public let dataSource: SectionedDataSource<Section>
    /// The view to update; with none, changes are only installed into the data source.
    public var target: (any BatchUpdating)?
    /// Thresholds and policies.
    public var options: RenderOptions
    /// Called once per applied render with what it did (after the batches were handed over).
    public var onRender: (@MainActor (RenderOutcome) -> Void)?
    /// What the last applied render did.
    public private(set) var lastOutcome: RenderOutcome?
    /// The number of renders applied (superseded renders are not counted).
    public private(set) var appliedRenderCount = 0

    /// The diff's scratch memory, kept between renders.
    private let context = DiffContext()
    private var pending: Request?
    private var isDraining = false

    /// After this many superseded diffs in a row, the latest state is reloaded without a diff.
    private static var maximumRestarts: Int { 4 }

    /// A renderer updating `target` through `dataSource`.
    public init(
        dataSource: SectionedDataSource<Section> = SectionedDataSource(), target: (any BatchUpdating)? = nil,
        options: RenderOptions = RenderOptions()
    ) {
        self.dataSource = dataSource
        self.target = target
        self.options = options
    }

    /// True while a render is pending or being diffed.
    public var isRendering: Bool { isDraining }

    /// Renders `sections`: returns at once; the diff runs off the main thread, the batches are
    /// applied on the main actor, then `completion` runs (for UIKit, after the animation).
    public func render(_ sections: [Section], animated: Bool = true, completion: (@MainActor () -> Void)? = nil) {
        if pending == nil {
            pending = Request(sections: sections, animated: animated, completions: [])
        } else {
            pending!.sections = sections
            pending!.animated = animated
        }
        if let completion { pending!.completions.append(completion) }
        if !isDraining {
            isDraining = true
            Task { await self.drain() }
        }
    }

    /// FunctionalTableData's name for ``render(_:animated:completion:)``.
    public func renderAndDiff(_ sections: [Section], animated: Bool = true, completion: (@MainActor () -> Void)? = nil) {
        render(sections, animated: animated, completion: completion)
    }

    /// Renders `sections` and returns once they are on screen (or superseded by a later render
    /// that is).
    public func renderAndWait(_ sections: [Section], animated: Bool = true) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            render(sections, animated: animated) { continuation.resume() }
        }
    }

    /// Returns once every requested render has been applied.
    public func waitUntilIdle() async {
        guard isDraining else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            idleWaiters.append(continuation)
        }
    }

    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    // MARK: The render loop

    private struct Request {
        var sections: [Section]
        var animated: Bool
        var completions: [@MainActor () -> Void]
    }

    private func drain() async {
        var restarts = 0
        while let request = pending {
            pending = nil
            if restarts >= Self.maximumRestarts {
                // States arrive faster than diffs finish: stop diffing and show the latest now.
                restarts = 0
                let index = KeyIndex(request.sections)
                apply(Computed(decision: .reload(.coalescing), index: index, duplicates: index.duplicates), request)
                continue
            }
            let version = dataSource.version
            let input = Input(
                old: dataSource.sections, new: request.sections, plan: plan(for: request),
                maximumChanges: options.maximumAnimatedChanges, duplicatePolicy: options.duplicatePolicy,
                buildsLookups: options.buildsLookupsEagerly)
            let context = self.context
            let computed = await Task.detached(priority: .userInitiated) { Self.compute(input, context: context) }.value
            if pending != nil {
                // Superseded while diffing: drop this result; its completions wait for the latest.
                pending!.completions.insert(contentsOf: request.completions, at: 0)
                restarts += 1
                continue
            }
            if dataSource.version != version {
                // The model changed meanwhile (an interactive move): diff again from what it is now.
                pending = request
                restarts += 1
                continue
            }
            restarts = 0
            apply(computed, request)
        }
        isDraining = false
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    private enum Plan: Sendable {
        case reload(RenderOutcome.ReloadReason)
        case diff(reconfigure: Bool, sequential: Bool)
    }

    private func plan(for request: Request) -> Plan {
        if appliedRenderCount == 0 && !options.animatesFirstRender { return .reload(.firstRender) }
        if !request.animated { return .reload(.notAnimated) }
        guard let target else { return .diff(reconfigure: options.prefersReconfigure, sequential: false) }
        if !target.isVisible { return .reload(.notVisible) }
        switch target.updateMode {
        case .batches(let reconfigures): return .diff(reconfigure: reconfigures && options.prefersReconfigure, sequential: false)
        case .sequential: return .diff(reconfigure: false, sequential: true)
        }
    }

    private struct Input: Sendable {
        var old: [Section]
        var new: [Section]
        var plan: Plan
        var maximumChanges: Int
        var duplicatePolicy: DuplicatePolicy
        var buildsLookups: Bool
    }

    /// What the background step found. `@unchecked Sendable`: the key index holds the model's
    /// identities (which need not be `Sendable`); it is built in the background task, handed to
    /// the main actor once and never touched by the task again.
    private struct Computed: @unchecked Sendable {
        enum Decision {
            case reload(RenderOutcome.ReloadReason)
            case staged(StagedChangeset<Section>)
            case sequential([SequentialStep])
        }
        var decision: Decision
        var index: KeyIndex<Section>?
        var duplicates: DuplicateKeyDiagnostic?
    }

    /// The diff, the decision and the stages: everything that is O(rows), off the main thread.
    nonisolated private static func compute(_ input: Input, context: DiffContext) -> Computed {
        switch input.plan {
        case .reload(let reason):
            // No diff: the lookup table is built here anyway, which also checks the keys.
            let index = KeyIndex(input.new)
            return Computed(decision: .reload(reason), index: index, duplicates: index.duplicates)
        case .diff(let reconfigure, let sequential):
            let diff = SectionedDiff(
                from: input.old, to: input.new, options: DiffOptions(context: context, computesPatch: sequential))
            let report = diff.duplicates
            let duplicates = report.newSections.isEmpty && report.newItems.isEmpty
                ? nil : DuplicateKeyDiagnostic(newSide: report, model: input.new)
            let index = input.buildsLookups ? KeyIndex(input.new) : nil
            if duplicates != nil && input.duplicatePolicy == .reload {
                return Computed(decision: .reload(.duplicateKeys), index: index, duplicates: duplicates)
            }
            let changes = diff.changeset.changeCount
            if changes > input.maximumChanges {
                return Computed(decision: .reload(.tooManyChanges(changes)), index: index, duplicates: duplicates)
            }
            if sequential, let steps = SequentialStep.steps(of: diff) {
                return Computed(decision: .sequential(steps), index: index, duplicates: duplicates)
            }
            let staged = StagedChangeset(diff, updateStyle: reconfigure ? .reconfigure : .reload)
            return Computed(decision: .staged(staged), index: index, duplicates: duplicates)
        }
    }

    // MARK: Applying

    private func apply(_ computed: Computed, _ request: Request) {
        if let duplicates = computed.duplicates { options.onDuplicateKeys?(duplicates) }
        var decision = computed.decision
        if let target, !target.isVisible {
            switch decision {
            case .staged, .sequential: decision = .reload(.notVisible) // hidden while the diff ran
            case .reload: break
            }
        }
        let final = request.sections
        let completions = request.completions
        let finish: @MainActor (Bool) -> Void = { _ in for completion in completions { completion() } }
        let outcome: RenderOutcome
        let change: ListChange<Section>

        switch decision {
        case .reload(let reason):
            dataSource.install(final, index: computed.index)
            target?.reloadData()
            outcome = .reloaded(reason)
            change = .reloadAll
            finish(true)
        case .sequential(let steps):
            let dataSource = self.dataSource
            let index = computed.index
            if let target {
                target.performSequentialUpdates(steps, installingData: { dataSource.install(final, index: index) }, completion: finish)
            } else {
                dataSource.install(final, index: index)
                finish(true)
            }
            outcome = .patched(steps: steps.count)
            change = .reloadAll
        case .staged(let staged):
            let last = staged.stages.count - 1
            let ignore: @MainActor (Bool) -> Void = { _ in }
            if last < 0 {
                dataSource.install(final, index: computed.index)
                finish(true)
            }
            for (k, stage) in staged.stages.enumerated() {
                // The last stage installs the caller's own values (equal to stage.data by
                // identity and content), so fields outside the comparison are current too.
                let data = k == last ? final : stage.data
                let index = k == last ? computed.index : nil
                let dataSource = self.dataSource
                if let target {
                    target.performBatchUpdates(
                        stage.update, installingData: { dataSource.install(data, index: index) },
                        completion: k == last ? finish : ignore)
                } else {
                    dataSource.install(data, index: index)
                    if k == last { finish(true) }
                }
            }
            outcome = .animated(batches: staged.stages.count)
            change = .staged(staged)
        }
        appliedRenderCount += 1
        lastOutcome = outcome
        onRender?(outcome)
        dataSource.onChange?(change)
    }
}

extension ListRenderer {
    /// Renders the rows of a single-section list.
    public func render<Row>(rows: [Row], animated: Bool = true, completion: (@MainActor () -> Void)? = nil)
    where Section == FlatSection<Row> {
        render([FlatSection(rows: rows)], animated: animated, completion: completion)
    }
}
