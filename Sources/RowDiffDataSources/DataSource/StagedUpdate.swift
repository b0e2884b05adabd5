import RowDiff

/// A staged change that installs its own data: each stage carries the batch to apply and an
/// `install()` that puts that stage's data into the data source. The UI calls `install()` inside
/// the batch that applies the stage, so the data source and the view never disagree — a change
/// that needs two stages (a header change plus inserts in the same section) stays valid.
///
/// ```swift
/// dataSource.onChange = { change in
///     switch change {
///     case .staged(let update): update.apply(to: target)  // one batch per stage, data inside
///     case .reloadAll: target.reloadData()
///     }
/// }
/// ```
///
/// A UI without a `BatchUpdating` target walks `stages` itself:
/// `tableView.performBatchUpdates { stage.install(); apply(stage.update) }` for each stage, in order.
///
/// Stages install in order, once each; installing an installed stage again does nothing, skipping
/// one traps with a message. Whoever made the update (`SectionedDataSource.update(to:)`, or your
/// own `ListDataSource` as Sources/RowDiffDataSources/Documentation.docc/DataSources.md shows) calls `installRemaining()` after handing it
/// out, so a UI that ignores the change still ends on the final model.
@MainActor
public final class StagedUpdate<Section: DiffableSection> {
    /// One stage: the batch and the data the view shows after it.
    public struct Stage {
        /// The batch: operations relative to the previous stage's data.
        public let update: BatchUpdate
        /// The data the data source reports once this stage is installed.
        /// - Complexity: the changeset stage's `data` (O(1), or O(S + rows of the touched
        ///   sections) for a content stage held as a patch: the renderer's and `update(to:)`'s).
        public var data: [Section] { stage.data }
        /// This stage's position.
        public let index: Int
        fileprivate let owner: StagedUpdate<Section>
        private let stage: StagedChangeset<Section>.Stage

        fileprivate init(_ stage: StagedChangeset<Section>.Stage, index: Int, owner: StagedUpdate<Section>) {
            self.update = stage.update
            self.stage = stage
            self.index = index
            self.owner = owner
        }

        /// Installs this stage's data into the data source. Call it inside the batch that applies
        /// `update`, before the batch ends (UIKit reads the new counts when the block returns).
        /// - Precondition: the previous stages are installed.
        /// - Complexity: O(1) plus what the data source's install does.
        @MainActor public func install() { owner.install(stage: index) }
    }

    /// The staged changeset this update applies.
    public let changeset: StagedChangeset<Section>
    /// The stages, in order. (Made on demand: a stored array of stages holding their update would
    /// be a reference cycle.)
    /// - Complexity: O(stages).
    public var stages: [Stage] {
        changeset.stages.enumerated().map { k, stage in Stage(stage, index: k, owner: self) }
    }
    /// How many stages are installed (all of them once the update is applied).
    public private(set) var installedStageCount: Int
    /// Whether the final model is installed (by the last stage or `installRemaining()`).
    private var finalInstalled = false

    /// The model after the last stage: the caller's own values (equal to the last stage's data by
    /// identity and content, but fields outside the comparison are current too).
    private let final: [Section]
    /// Stores a stage's data; the flag is true for the final model (the last stage, or
    /// `installRemaining()`).
    private let installData: @MainActor (StageModel<Section>, _ isFinal: Bool) -> Void

    /// An update from `old` to `new` for a data source that stores its model with `install`.
    /// Nothing is installed until a stage (or `installRemaining()`) is.
    /// - Complexity: the diff's and the staging's (see `SectionedDiff`, `StagedChangeset`).
    public convenience init(
        from old: [Section], to new: [Section], reconfigures: Bool = true,
        install: @escaping @MainActor ([Section]) -> Void
    ) {
        let changeset = StagedChangeset(SectionedDiff(from: old, to: new), updateStyle: reconfigures ? .reconfigure : .reload)
        self.init(changeset, final: new, install: install)
    }

    /// An update applying `changeset`, ending at `final`, stored with `install`.
    /// - Complexity: O(stages).
    public convenience init(
        _ changeset: StagedChangeset<Section>, final: [Section], install: @escaping @MainActor ([Section]) -> Void
    ) {
        self.init(changeset, final: final, installing: { model, _ in install(model.arrays) })
    }

    /// An update whose installer takes content stages as patches when the changeset holds them
    /// so (`SectionedDataSource` stores them as they are) and is told when it installs the final
    /// model (the renderer hands over its prebuilt key table there).
    init(
        _ changeset: StagedChangeset<Section>, final: [Section],
        installing: @escaping @MainActor (StageModel<Section>, _ isFinal: Bool) -> Void
    ) {
        self.changeset = changeset
        self.final = final
        self.installData = installing
        self.installedStageCount = 0
    }

    /// An update that was already applied (by `ListRenderer`): every stage counts as installed.
    init(applied changeset: StagedChangeset<Section>, final: [Section]) {
        self.changeset = changeset
        self.final = final
        self.installData = { _, _ in }
        self.installedStageCount = changeset.stages.count
        self.finalInstalled = true
    }

    /// True once the final model is installed (every stage, or `installRemaining()`).
    public var isInstalled: Bool { finalInstalled }

    /// The batches, in order.
    public var updates: [BatchUpdate] { changeset.updates }

    fileprivate func install(stage k: Int) {
        if k < installedStageCount { return }
        guard k == installedStageCount else {
            usageTrap(
                "StagedUpdate.Stage.install()",
                "stage \(k) installed before stage \(installedStageCount) "
                    + "(\(changeset.stages.count) stages; install each stage in order, inside the batch that applies it)")
        }
        installedStageCount += 1
        let isLast = installedStageCount == changeset.stages.count
        if isLast { finalInstalled = true }
        installData(isLast ? .arrays(final) : StageModel(changeset.stages[k]), isLast)
    }

    /// Applies the stages not yet installed to `target`: one `performBatchUpdates` per stage, each
    /// installing its data inside the batch. A `.sequential` target (which takes no staged
    /// batches) gets the final model and a reload. `completion` runs when the last batch is done.
    /// - Complexity: O(stages) plus what the target does.
    public func apply(to target: any BatchUpdating, completion: (@MainActor @Sendable (Bool) -> Void)? = nil) {
        let remaining = stages[installedStageCount...]
        guard !remaining.isEmpty else {
            installRemaining()
            completion?(true)
            return
        }
        if case .sequential = target.updateMode {
            installRemaining()
            target.reloadData()
            completion?(true)
            return
        }
        let last = remaining.last!.index
        let done: @MainActor (Bool) -> Void = { completion?($0) }
        let ignore: @MainActor (Bool) -> Void = { _ in }
        for stage in remaining {
            target.performBatchUpdates(
                stage.update, installingData: { [index = stage.index] in self.install(stage: index) },
                completion: stage.index == last ? done : ignore)
        }
    }

    /// Installs the final model if some stage is still not installed, without batches: for a data
    /// source no view shows, or after the UI reloaded instead of applying the stages.
    /// - Complexity: O(1) plus what the data source's install does.
    public func installRemaining() {
        guard !finalInstalled else { return }
        installedStageCount = changeset.stages.count
        finalInstalled = true
        installData(.arrays(final), true)
    }
}

/// The model a stage installs: arrays, or a content stage's patch of the old model (see
/// `StagePatch`), which `SectionedDataSource` stores without copying a row.
enum StageModel<Section: DiffableSection> {
    case arrays([Section])
    case patch(StagePatch<Section>)

    init(_ stage: StagedChangeset<Section>.Stage) {
        if let patch = stage.patch { self = .patch(patch) } else { self = .arrays(stage.data) }
    }

    /// The model as arrays (a patch is built into them).
    /// - Complexity: O(1) for arrays, O(S + rows of the touched sections) for a patch.
    var arrays: [Section] {
        switch self {
        case .arrays(let model): return model
        case .patch(let patch): return patch.model
        }
    }
}

extension StagedUpdate {
    /// The number of stages (as `StagedChangeset.count`, which `.staged` carried before).
    public var count: Int { changeset.stages.count }
    /// True when nothing changed (no stage).
    public var isEmpty: Bool { changeset.stages.isEmpty }
}
