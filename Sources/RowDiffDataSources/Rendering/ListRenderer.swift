import RowDiff

/// Renders declarative state into a list view: new state in → diff off the main thread → staged
/// batches applied to the target with the data swapped inside each batch → completion.
///
/// ```swift
/// let renderer = ListRenderer<KeyedSection>(target: tableViewTarget)
/// renderer.render(sections) { print("on screen") }
/// ```
///
/// - Coalescing: one diff runs at a time. States requested while it runs replace each other (only
///   the newest is kept). When the diff finishes it is applied even if newer states arrived — it is
///   valid against what the view shows — and then the newest state is diffed against it. A burst
///   of states therefore costs at most two applied renders, never a reload of its own, and a
///   stream that never pauses still shows a state per diff. Completions of states that were
///   replaced run when the state that replaced them is on screen.
/// - Reloads instead of animating: the first render (unless `animatesFirstRender`), a render with
///   `animated: false`, a target that is not visible, more changes than
///   `maximumAnimatedChanges`, and duplicate keys under `DuplicatePolicy.reload`.
/// - Drags: a state requested before the user moved a row (`SectionedDataSource.moveItem`) is
///   rebased onto the move: the row keeps the section and the neighbour the user gave it, unless
///   the state removes it or puts it in another section than it had before the drag. States
///   requested after the move render as they are.
/// - Batches never interleave: all batches of one render are handed to the target in one
///   synchronous main-actor step, and renders are applied one at a time in request order.
/// - Key lookups: by default the lookup table is built in the background task, so the first
///   lookup after a render is O(1) on the main thread.
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
    /// The number of renders applied (states replaced before their diff started are not counted).
    public private(set) var appliedRenderCount = 0
    /// The number of applied renders that reloaded the target.
    public private(set) var reloadCount = 0
    /// Told right before a render's first batch or reload and right after its last (ListController+ScrollAnchor.swift).
    var applyObserver: (@MainActor (RenderApplyPhase) -> Void)?

    /// The tasks of `bind(_:)`, cancelled when the renderer goes away.
    var bindings: [Task<Void, any Error>] = []

    /// Set by a `ListController`: the renderer drives an owner's view, whose rows often capture view
    /// controllers, so replaced state is released on the main thread unless the app chose otherwise.
    var isOwned = false

    /// Whether a section update can be shown on the views already on screen (its header and footer
    /// reconfigured in place) instead of reloading the section; set by an owner that does so, and
    /// called off the main thread. Updates it accepts are not staged: after a render's batches are
    /// handed to the target, `sectionsUpdatedInPlace` receives them.
    var updatesSectionInPlace: (@Sendable (_ old: Section, _ new: Section) -> Bool)?
    /// Receives, after the batches of a render were handed to the target, the sections updated in
    /// place: each old section and its index in the new model.
    var sectionsUpdatedInPlace: (@MainActor (_ updates: [(old: Section, new: Int)]) -> Void)?

    /// What an owner needs to know of a whole model (see `RowTraits`), found off the main thread
    /// beside the diff; nil: nothing to find.
    var findsTraits: (@Sendable (_ sections: [Section]) -> RowTraits)?
    /// Called at the start of applying a render, before the target is touched, with the model it
    /// installs and, when `findsTraits` is set, that model's traits.
    var willApply: (@MainActor (_ final: [Section], _ traits: RowTraits?) -> Void)?
    /// Called once a render's batches (or its reload) were handed to the target, before
    /// `applyObserver` hears `.didApply`.
    var didApply: (@MainActor () -> Void)?

    /// The diff's scratch memory, kept between renders. Only the render being computed uses it
    /// (one at a time), so its diffs own it (`DiffOptions.ownsContext`).
    private let context = DiffContext()
    private var pending: Request?
    private var isDraining = false

    /// A renderer updating `target` through `dataSource`.
    public init(
        dataSource: SectionedDataSource<Section> = SectionedDataSource(), target: (any BatchUpdating)? = nil,
        options: RenderOptions = RenderOptions()
    ) {
        self.dataSource = dataSource
        self.target = target
        self.options = options
        dataSource.keepsExternalChanges = true
    }

    deinit {
        for binding in bindings { binding.cancel() }
    }

    /// True while a render is pending or being diffed.
    public var isRendering: Bool { isDraining }

    /// Renders `sections`: returns at once; the diff runs off the main thread, the batches are
    /// applied on the main actor, then `completion` runs (for UIKit, after the animation).
    @inlinable
    public func render(_ sections: [Section], animated: Bool = true, completion: (@MainActor () -> Void)? = nil) {
        // Inlinable, with the diff and the staging written here (`SpecialisedRenderWork`): the
        // calling module specialises them for its section type. The renderer specialises
        // `KeyedSection` renders itself.
        render(
            sections: sections, animated: animated, completion: completion,
            work: .unlessRendererSpecialises)
    }

    /// `render(_:animated:completion:)` with the caller's `work` (nil: this generic code's).
    @usableFromInline
    func render(sections: [Section], animated: Bool, completion: (@MainActor () -> Void)?, work: SpecialisedRenderWork<Section>?) {
        request(.sections(sections), animated: animated, completion: completion, work: work)
    }

    /// Renders the sections `make` returns, as `render(_:animated:completion:)` does; `make` runs
    /// in the background task that diffs them (never, if a later state replaces this one first),
    /// so a caller whose state is O(rows) to build (the diffable data source wraps a snapshot's
    /// identifiers as rows) does not build it on the main thread. `make` is given the sections
    /// the result is diffed against (what the view shows), which it may use to make it cheaper.
    /// `work`: the diff and the staging, specialised for the section type by the caller (see
    /// `SpecialisedRenderWork`); nil: this generic code's.
    func render(
        making make: @escaping @Sendable (_ shown: [Section]) -> [Section], animated: Bool, completion: (@MainActor () -> Void)?,
        work: SpecialisedRenderWork<Section>? = nil
    ) {
        request(.deferred(make), animated: animated, completion: completion, work: work)
    }

    private func request(
        _ state: RequestedState, animated: Bool, completion: (@MainActor () -> Void)?, work: SpecialisedRenderWork<Section>?
    ) {
        let stamp = dataSource.externalChangeCount
        if pending == nil {
            pending = Request(state: state, animated: animated, completions: [], stamp: stamp, work: work)
            if let interval = RenderSignposts.beginRender() { pending!.intervals.append(interval) }
        } else {
            // The state this one replaces is never rendered: released like a replaced state
            // (a stream of large states would otherwise free one on the main thread per state).
            var superseded = state
            swap(&pending!.state, &superseded)
            releaseSuperseded(state: consume superseded)
            pending!.animated = animated
            pending!.stamp = stamp
            pending!.work = work
        }
        if let completion { pending!.completions.append(completion) }
        if !isDraining {
            isDraining = true
            Task { await self.drain() }
        }
    }

    /// Releases a requested state a newer one replaced before it was rendered: as
    /// `releaseSuperseded(_:)` does, but sections freed on the main thread go to the main
    /// thread's sliced release, as a render's replaced rows do.
    /// - Complexity: O(1) in the background; O(sections) here on the main thread, the rows freed
    ///   in later turns.
    private func releaseSuperseded(state: consuming RequestedState) {
        guard !releasesInBackground else { return releaseSuperseded(consume state) }
        switch consume state {
        case .sections(let sections):
            MainThreadRelease.shared.release(ReplacedState(old: InstalledModel(arrays: consume sections, patch: nil), staged: nil))
        case .deferred(let make):
            releaseSuperseded(consume make)
        }
    }

    /// FunctionalTableData's name for ``render(_:animated:completion:)``.
    @inlinable
    public func renderAndDiff(_ sections: [Section], animated: Bool = true, completion: (@MainActor () -> Void)? = nil) {
        render(sections, animated: animated, completion: completion)
    }

    /// Renders `sections` and returns once they are on screen (or superseded by a later render
    /// that is).
    @inlinable
    public func renderAndWait(_ sections: [Section], animated: Bool = true) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            render(sections, animated: animated) { continuation.resume() }
        }
    }

    /// Returns once every requested render has been applied and every completion has run (for
    /// UIKit: the last animation ended), and what those renders replaced was released (see
    /// `RenderOptions.releasesReplacedStateInBackground`): after it, a test can check that rows
    /// the list no longer shows were freed.
    public func waitUntilIdle() async {
        if isDraining || unfinishedRenders > 0 {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                idleWaiters.append(continuation)
            }
        }
        await MainThreadRelease.shared.waitUntilReleased()
        await BackgroundRelease.shared.waitUntilReleased()
    }

    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// Applied renders whose target has not called their completion yet.
    private var unfinishedRenders = 0

    private func resumeIdleWaiters() {
        guard !isDraining, unfinishedRenders == 0 else { return }
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    // MARK: The render loop

    /// A requested state: its sections, or what makes them in the background task.
    enum RequestedState: Sendable {
        case sections([Section])
        case deferred(@Sendable (_ shown: [Section]) -> [Section])

        /// The sections (made now, when deferred, given `shown`: what they are diffed against).
        func make(shown: [Section]) -> [Section] {
            switch self {
            case .sections(let sections): sections
            case .deferred(let make): make(shown)
            }
        }
    }

    private struct Request {
        var state: RequestedState
        var animated: Bool
        var completions: [@MainActor () -> Void]
        /// The data source's external-change count when the state was requested.
        var stamp: Int
        /// The caller's specialised diff and staging, if it gave them.
        var work: SpecialisedRenderWork<Section>?
        /// The Instruments intervals of the requests this render answers (`RenderSignposts`;
        /// empty while they are off), ended with its completions.
        var intervals: [SignpostInterval] = []
    }

    private func drain() async {
        while let request = pending {
            pending = nil
            let version = dataSource.version
            // The input is made and dropped inside this call: no local of this loop holds the old
            // model past `apply` (see `releaseReplaced`).
            let computed = await computeInBackground(input(for: request))
            await waitWhileUncommitted()
            if dataSource.version != version {
                // The model changed meanwhile (an interactive move): this diff is stale. Diff again
                // from what the view shows now, with the newest state requested.
                if pending == nil {
                    pending = request
                } else {
                    pending!.completions.insert(contentsOf: request.completions, at: 0)
                    pending!.intervals.insert(contentsOf: request.intervals, at: 0)
                }
                continue
            }
            // Applied even when newer states are pending: it is valid against the view, and the
            // newest state is diffed against it next (so a busy stream never starves the screen).
            // Once `apply` has returned, its locals are gone: what it hands back is the main
            // thread's only reference to the state the render replaced.
            releaseReplaced(apply(consume computed, request))
        }
        isDraining = false
        dataSource.forgetExternalChanges() // no state requested before them is left
        resumeIdleWaiters()
    }

    /// Waits, a frame at a time, while the target has a drop or a reorder it has not committed:
    /// nothing may be applied to it then. A drop that changed the model meanwhile makes the diff
    /// stale, and the render is diffed again from what the view shows.
    private func waitWhileUncommitted() async {
        while let target, target.hasUncommittedUpdates {
            try? await Task.sleep(nanoseconds: 16_000_000)
        }
    }

    /// The background step's input for `request`: the model and its lookup table, read together
    /// (the table is remapped through the diff), and the changes the renderer did not make
    /// (interactive moves) after the state was requested, which the state is rebased onto.
    private func input(for request: Request) -> Input {
        let external = dataSource.externalChangeCount
        return Input(
            old: dataSource.sections, new: request.state, plan: plan(for: request),
            maximumChanges: options.maximumAnimatedChanges, duplicatePolicy: options.duplicatePolicy,
            updatesSectionInPlace: updatesSectionInPlace, findsTraits: findsTraits,
            buildsLookups: options.buildsLookupsEagerly, marksDiff: !request.intervals.isEmpty,
            drags: request.stamp < external ? ((request.stamp + 1)...external).compactMap { dataSource.externalChanges[$0] } : [],
            oldIndex: options.buildsLookupsEagerly ? dataSource.builtIndex.map(IndexBox.init) : nil, work: request.work)
    }

    /// Runs `compute` off the main thread. The input is consumed: it is gone when this returns.
    /// Input and result pass through slots the task empties and fills: a task's closure and its
    /// result live as long as the task object, which the runtime may free later, on its own
    /// thread. Holding the states, they could free rows after the render's own release (off the
    /// main thread with `releasesReplacedStateInBackground` off, or after `waitUntilIdle()`).
    private func computeInBackground(_ input: consuming Input) async -> Computed {
        let context = self.context
        let inbox = Slot(consume input), outbox = Slot<Computed>()
        await Task.detached(priority: .userInitiated) { outbox.put(await Self.compute(inbox.take(), context: context)) }.value
        return outbox.take()
    }

    /// One value handed between the main actor and the background task. Each side touches it
    /// only while the other waits (before the task starts, inside it, after it ended), so it needs
    /// no lock; `take()` leaves it empty.
    private final class Slot<Value>: @unchecked Sendable {
        private var value: Value?

        init(_ value: consuming Value? = nil) { self.value = value }

        func put(_ value: consuming Value) { self.value = value }

        /// - Precondition: a value was put and not taken.
        func take() -> Value {
            guard let taken = value else { preconditionFailure("RowDiff: ListRenderer: nothing to take") }
            value = nil
            return taken
        }
    }

    enum Plan: Sendable {
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

    struct Input: Sendable {
        var old: [Section]
        /// The requested state, made in the background task when deferred.
        var new: RequestedState
        var plan: Plan
        var maximumChanges: Int
        var duplicatePolicy: DuplicatePolicy
        var updatesSectionInPlace: (@Sendable (Section, Section) -> Bool)?
        var findsTraits: (@Sendable ([Section]) -> RowTraits)?
        var buildsLookups: Bool
        /// Whether the background work is marked as a Diff interval (`RenderSignposts`).
        var marksDiff: Bool
        /// The external changes (interactive moves) made after `new` was requested, in order:
        /// the model before and after each.
        var drags: [(before: [Section], after: [Section])]
        /// The lookup table of `old`, when the data source has it built.
        var oldIndex: IndexBox?
        /// The diff and the staging, specialised by the caller (nil: this generic code's).
        var work: SpecialisedRenderWork<Section>?
    }

    /// What the background step found. `@unchecked Sendable`: the key index holds the model's
    /// identities (which need not be `Sendable`); it is built in the background task, handed to
    /// the main actor once and never touched by the task again.
    struct Computed: @unchecked Sendable {
        enum Decision {
            case reload(RenderOutcome.ReloadReason)
            case staged(StagedChangeset<Section>)
            case sequential([SequentialStep])
        }
        var decision: Decision
        var index: KeyIndex<Section>?
        var duplicates: DuplicateKeyDiagnostic?
        /// The state to install: the requested one, rebased onto drags made after the request.
        var final: [Section]
        /// Section updates left out of the stages, to be shown in place (old index → new index).
        var inPlaceSections: [Move<Int>] = []
        /// What `findsTraits` found in `final`.
        var traits: RowTraits?
    }

    /// The drags, the diff, the decision and the stages: everything that is O(rows), off the main thread.
    /// The key table is the old one remapped through the diff (only changed keys are hashed), or,
    /// when there is no old table, built beside the diff (a child task), so it costs the render
    /// little latency on a machine with a second core; either way the first lookup after the
    /// render costs no main-thread time.
    nonisolated private static func compute(_ input: Input, context: DiffContext) async -> Computed {
        let interval = input.marksDiff ? SignpostInterval(.diff) : nil
        defer { interval?.end() }
        var new = input.new.make(shown: input.old)
        for drag in input.drags {
            new = DragRebase.apply(DragRebase.placements(from: drag.before, to: drag.after), to: new)
        }
        var computed = await decideAndIndex(new, input: input, context: context)
        computed.traits = input.findsTraits?(computed.final)
        return computed
    }

    /// The decision and the key table (see `compute`).
    nonisolated private static func decideAndIndex(_ new: [Section], input: Input, context: DiffContext) async -> Computed {
        guard input.buildsLookups, case .diff = input.plan else { return decide(old: input.old, new: new, input: input, context: context) }
        if let oldIndex = input.oldIndex {
            return decide(old: input.old, new: new, input: input, context: context, remapping: oldIndex.value)
        }
        let model = new
        async let index = IndexBox(KeyIndex(model))
        var computed = decide(old: input.old, new: new, input: input, context: context)
        computed.index = await index.value
        return computed
    }

    /// A key table handed from the child task that built it, or the data source's table handed to
    /// the background task that remaps it. `@unchecked Sendable` for the same reason as `Computed`:
    /// a table is never changed once built, only read (copies of it made by remapping are new tables).
    struct IndexBox: @unchecked Sendable {
        let value: KeyIndex<Section>
        init(_ value: KeyIndex<Section>) { self.value = value }
    }

    /// With `remapping` (the table of `old`), the result carries the table of `new` made from it.
    nonisolated static func decide(
        old: [Section], new: [Section], input: Input, context: DiffContext, remapping oldIndex: KeyIndex<Section>? = nil
    ) -> Computed {
        // The data sources' own section type gets the diff and the staging specialised for it, as
        // `KeyIndex` does: called from this generic renderer (an owner's, which no module
        // specialises), the general code copies, compares and hashes every row through the
        // protocol witnesses (about twice the time of a 100k-row diff). The types are the same
        // here, so each cast reinterprets a value as its own type.
        guard Section.self == KeyedSection.self else {
            return decision(old: old, new: new, input: input, context: context, remapping: oldIndex)
        }
        let keyed = ListRenderer<KeyedSection>.decision(
            old: unsafeBitCast(old, to: [KeyedSection].self), new: unsafeBitCast(new, to: [KeyedSection].self),
            input: unsafeBitCast(input, to: ListRenderer<KeyedSection>.Input.self), context: context,
            remapping: unsafeBitCast(oldIndex, to: KeyIndex<KeyedSection>?.self))
        return unsafeBitCast(keyed, to: Computed.self)
    }

    /// `decide`'s work, for any section type.
    nonisolated private static func decision(
        old: [Section], new: [Section], input: Input, context: DiffContext, remapping oldIndex: KeyIndex<Section>?
    ) -> Computed {
        switch input.plan {
        case .reload(let reason):
            // No diff: the lookup table is built here anyway, which also checks the keys.
            let index = KeyIndex(new)
            return Computed(decision: .reload(reason), index: index, duplicates: index.duplicates, final: new)
        case .diff(let reconfigure, let sequential):
            // The renderer's own context: its renders are diffed one at a time.
            let options = DiffOptions(context: context, ownsContext: true, computesPatch: sequential)
            var diff = input.work?.diff(old, new, options) ?? SectionedDiff(from: old, to: new, options: options)
            var inPlaceSections: [Move<Int>] = []
            if !sequential, let inPlace = input.updatesSectionInPlace {
                (diff, inPlaceSections) = diff.takingSectionUpdates(inPlace: inPlace)
            }
            let report = diff.duplicates
            let duplicates =
                report.newSections.isEmpty && report.newItems.isEmpty
                ? nil : DuplicateKeyDiagnostic(newSide: report, model: new)
            // Remapped here when the old table came along; otherwise built beside the diff (see
            // `compute`) when asked. A model with repeated keys gets a new table (which lists them).
            let index = oldIndex.map { KeyIndex(remapping: $0, through: diff) ?? KeyIndex(new) }
            func result(_ decision: Computed.Decision) -> Computed {
                var computed = Computed(decision: decision, index: index, duplicates: duplicates, final: new)
                if case .staged = decision { computed.inPlaceSections = inPlaceSections }
                return computed
            }
            if duplicates != nil && input.duplicatePolicy == .reload { return result(.reload(.duplicateKeys)) }
            let changes = diff.changeset.changeCount
            if changes > input.maximumChanges { return result(.reload(.tooManyChanges(changes))) }
            if sequential, let steps = SequentialStep.steps(of: diff) { return result(.sequential(steps)) }
            // Content stages as patches of the old model: the data source stores them as they
            // are, so no stage copies the rows of the sections it touches (see `StagePatch`).
            let style: StagedChangeset<Section>.UpdateStyle = reconfigure ? .reconfigure : .reload
            return result(.staged(input.work?.stage(diff, style) ?? StagedChangeset(diff, updateStyle: style, patchesContentStages: true)))
        }
    }

    // MARK: Applying

    /// Applies the render and returns what it replaced (the old model, and the stages' data), for
    /// `releaseReplaced`.
    private func apply(_ computed: consuming Computed, _ request: Request) -> ReplacedState<Section> {
        // Taken before anything is installed: the data source's reference goes with the install.
        let old = dataSource.installedModel
        // The sections updated in place, as the view shows them now (read before any install).
        let inPlace = computed.inPlaceSections.map { (old: dataSource.section(at: $0.from), new: $0.to) }
        var stagedData: StagedChangeset<Section>?
        if let duplicates = computed.duplicates { options.onDuplicateKeys?(duplicates) }
        var decision = computed.decision
        if let target, !target.isVisible {
            switch decision {
            case .staged, .sequential: decision = .reload(.notVisible) // hidden while the diff ran
            case .reload: break
            }
        }
        willApply?(computed.final, computed.traits)
        let final = computed.final
        let completions = request.completions
        let intervals = request.intervals
        let applyInterval = intervals.isEmpty ? nil : SignpostInterval(.apply)
        unfinishedRenders += 1
        let finish: @MainActor @Sendable (Bool) -> Void = { [weak self] _ in
            for completion in completions { completion() }
            for interval in intervals { interval.end() }
            self?.unfinishedRenders -= 1
            self?.resumeIdleWaiters()
        }
        let outcome: RenderOutcome
        let change: ListChange<Section>

        applyObserver?(.willApply)
        switch decision {
        case .reload(let reason):
            dataSource.install(final, index: computed.index)
            target?.reloadData()
            reloadCount += 1
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
            // One batch per stage, each installing its data inside the batch; the last stage
            // installs the caller's own values (equal to its data by identity and content, so
            // fields outside the comparison are current too) with the key table built beside the diff.
            let update = dataSource.stagedUpdate(staged, final: final, index: computed.index)
            if let target {
                update.apply(to: target, completion: finish)
            } else {
                update.installRemaining()
                finish(true)
            }
            outcome = .animated(batches: staged.stages.count)
            change = .staged(StagedUpdate(applied: staged, final: final))
            stagedData = staged
            if !inPlace.isEmpty { sectionsUpdatedInPlace?(inPlace) }
        }
        didApply?()
        applyObserver?(.didApply)
        applyInterval?.end()
        appliedRenderCount += 1
        lastOutcome = outcome
        onRender?(outcome)
        dataSource.onChange?(change)
        return ReplacedState(old: old, staged: stagedData)
    }
}

extension ListRenderer {
    /// Renders the rows of a single-section list.
    @inlinable
    public func render<Row>(rows: [Row], animated: Bool = true, completion: (@MainActor () -> Void)? = nil)
    where Section == FlatSection<Row> {
        render([FlatSection(rows: rows)], animated: animated, completion: completion)
    }
}
