/// What a list view must do for the renderer: the handful of calls `UITableView` and
/// `UICollectionView` have. RowDiffUIKit adapts those views; `ValidatingTarget` implements it on
/// every platform and checks each batch the way UIKit would.
///
/// Main-actor isolated, like the views themselves, and so `Sendable`.
@MainActor
public protocol BatchUpdating: AnyObject, Sendable {
    /// Whether the view is on screen (UIKit: it has a window). Off screen the renderer reloads:
    /// animating an invisible view costs time and UIKit may not have loaded its counts yet.
    var isVisible: Bool { get }

    /// How the view takes changes.
    var updateMode: UpdateMode { get }

    /// Whether a drop or an interactive reorder is in progress with changes the view has not
    /// committed yet (UIKit's `hasUncommittedUpdates`). Apple says not to reload or apply updates
    /// then: the renderer waits until it clears, then diffs against what the view shows.
    var hasUncommittedUpdates: Bool { get }

    /// Applies one batch: calls `install` first inside the update block (the data source then
    /// reports the batch's NEW model), then hands the view the batch's operations. Calls
    /// `completion` when the view is done (after the animation, for UIKit). `install` escapes
    /// because UIKit's update block does: UIKit may keep the block past the call.
    func performBatchUpdates(
        _ update: BatchUpdate, installingData install: @escaping @MainActor () -> Void, completion: @escaping @MainActor (Bool) -> Void)

    /// Applies the change as sequential steps (NSTableView, RecyclerView-like views): calls
    /// `install` (the data source then reports the final model), then the steps in order, each
    /// relative to the result of the previous one. Only called when `updateMode` is `.sequential`.
    func performSequentialUpdates(
        _ steps: [SequentialStep], installingData install: () -> Void, completion: @escaping @MainActor (Bool) -> Void)

    /// Discards everything the view shows and reads the data source again.
    func reloadData()
}

extension BatchUpdating {
    /// Views without drag sessions of their own never have uncommitted updates.
    public var hasUncommittedUpdates: Bool { false }

    /// Views without sequential updates reload.
    public func performSequentialUpdates(
        _ steps: [SequentialStep], installingData install: () -> Void, completion: @escaping @MainActor (Bool) -> Void
    ) {
        install()
        reloadData()
        completion(true)
    }
}

/// How a `BatchUpdating` view takes changes.
public enum UpdateMode: Sendable, Hashable {
    /// Staged batch updates (`performBatchUpdates`). `reconfigures`: the view can reconfigure a
    /// cell in place (iOS 15+); otherwise updated rows are reloaded.
    case batches(reconfigures: Bool)
    /// One sequential patch (NSTableView's `beginUpdates`/`endUpdates`).
    case sequential
}

/// One step of a sequential update, in the coordinates of the result of the previous step.
/// The index form of `PatchStep`, without the model values.
public enum SequentialStep: Hashable, Sendable {
    /// Remove the section at this index, with its rows.
    case deleteSection(Int)
    /// Insert an empty section at this index (its rows follow as `insertItem` steps).
    case insertSection(Int)
    /// Remove the section at `from` and re-insert it so that it ends at `to`.
    case moveSection(from: Int, to: Int)
    /// Reload the section at this index, with its rows.
    case reloadSection(Int)
    /// Remove the row at this path.
    case deleteItem(ItemPath)
    /// Insert a row at this path.
    case insertItem(ItemPath)
    /// Remove the row at `from` and re-insert it so that it ends at `to` (coordinates after the removal).
    case moveItem(from: ItemPath, to: ItemPath)
    /// Reload the row at this path (its cell is made again).
    case reloadItem(ItemPath)

    /// The steps of `patch`, in order. Inserted sections' rows follow as `insertItem` steps.
    /// - Complexity: O(steps).
    public static func steps<Section>(of patch: Patch<Section>) -> [SequentialStep] {
        patch.steps.map { step in
            switch step {
            case .deleteSection(let at): .deleteSection(at)
            case .insertSection(let at, _): .insertSection(at)
            case .moveSection(let from, let to): .moveSection(from: from, to: to)
            case .updateSection(let at, _): .reloadSection(at)
            case .deleteItem(let at): .deleteItem(at)
            case .insertItem(let at, _): .insertItem(at)
            case .moveItem(let from, let to): .moveItem(from: from, to: to)
            case .updateItem(let at, _): .reloadItem(at)
            }
        }
    }

    /// The steps of `diff`'s patch (computed with `DiffOptions.computesPatch`); its update steps
    /// become reloads at their final positions.
    /// - Complexity: O(steps).
    public static func steps<Section>(of diff: SectionedDiff<Section>) -> [SequentialStep]? {
        // No closure: passing `steps(of:)` as a function value captures `Section.Type`, which Swift 6
        // warns about (non-Sendable metatype in an isolated closure).
        guard let patch = diff.patch else { return nil }
        return steps(of: patch)
    }
}
