// Why the stages are what they are
// =================================
//
// A `Changeset` says everything that happened between two models, but UITableView and
// UICollectionView cannot be handed all of it in one `performBatchUpdates`: some combinations
// throw, others pass UIKit's checks and then mis-animate. Sources/RowDiffValidation/Documentation.docc/BatchRules.md lists both; RowDiff
// emits only batches that pass its strict profile (S1–S6). The stages below are the fewest the
// rules allow, in the order a user sees them. Think of them as snapshots M0 (old) … Mk (new); each
// batch is the difference between two consecutive snapshots in UIKit's batch semantics, and each
// stage's `data` is the snapshot installed inside that batch's update block.
//
// 1. Reconfigure (iOS 15+). Updated rows whose cell kind is unchanged are reconfigured in place.
//    S6 wants reconfigures alone in their batch at an index path valid before and after it, so
//    they run first, at OLD positions, while the structure is still the old one.
//    Data: old structure, those rows with their new content.
//
// 2. Reload. Rows whose cell kind changed (all updated rows with `UpdateStyle.reload`) and
//    sections whose header/footer changed. A reload is "delete p + insert adj(p)" where adj
//    ignores moves, so a reload beside a move lands on the wrong row (rules 2 and 6, S2), and a
//    reload beside deletes or inserts mis-animates (S5): reloads get a batch of their own, again at
//    OLD positions. Row reloads inside a reloaded section are dropped — the section reload
//    replaces its rows anyway, and listing both is rule 1. Rows of a reloaded section are not
//    reconfigured in stage 1 either, for the same reason.
//    Data: old structure, every updated row and section with its new content.
//
// 3. Structure. Deletes, inserts and moves of sections and rows, with OLD coordinates for deletes
//    and move sources and NEW coordinates for inserts and move destinations. Rows of deleted
//    sections are left implicit (UIKit drops them); rows of inserted sections arrive with their
//    section (listing them would be dropped too, and a row moving into or out of such a section
//    is rule 3/7 — the changeset already makes those delete + insert, S3).
//    - One batch, when no row operation touches a section that moves (S1 holds trivially).
//      UIKit rebuilds the result with its fill rule (unmoved sections and rows keep their
//      relative order), which is exactly the changeset's: moves are the matched elements outside
//      a longest increasing subsequence, so everything else is already in order.
//    - Two batches otherwise, since S1 forbids any row operation in a section that moves in the
//      same batch, and a row operation that does touch a moving section cannot be put anywhere
//      else — so two is the minimum:
//      a. sections: section deletes, inserts and moves. Moved and kept sections carry their old
//         rows unchanged; inserted sections arrive with all their final rows.
//      b. rows: row deletes, inserts and moves, with no section operation. Its OLD coordinates
//         are the old ones with each section renumbered to its new index (batch a changed no
//         row), its NEW coordinates are the final ones.
//      DifferenceKit uses three batches here (deletes, then section inserts and moves, then row
//      inserts and moves); folding the row deletes into b and the section deletes into a gives
//      the same result with one layout pass and one intermediate state fewer.
//
// Empty stages are dropped. Moves are never added: the row moves over all stages are exactly the
// changeset's `itemMoves`, the section moves exactly its `sectionMoves` (a section move with
// from == to is kept — UIKit's fill rule needs it, e.g. OLD [A, B] → NEW [N, B, A]).

/// A changeset split into batch updates that `UITableView` and `UICollectionView` accept, each
/// with the model to install inside its update block.
///
/// From the README's sectioned example (compiled by the tests), where `sections` is what the data
/// source reports and `batches` collects what a table view would animate:
///
/// ```swift
/// for stage in StagedChangeset(from: sections, to: new) {
///     // In an app, these two lines run inside tableView.performBatchUpdates { ... }:
///     sections = stage.data // install this stage's model first,
///     batches.append(stage.update) // then apply its deletes, inserts, moves and reloads
/// }
/// ```
///
/// Every stage passes `BatchUpdateValidator` (in RowDiffValidation) in the strict profile (S1–S6 of Sources/RowDiffValidation/Documentation.docc/BatchRules.md)
/// for both view kinds; stage k starts where stage k − 1 ended; the last stage's `data` is the
/// diff's new model. There are at most four stages (reconfigure, reload, sections, rows), and only
/// as many as the changes need: updates alone are one stage, structure without section moves is
/// one stage. See the top of this file for the reasoning.
///
/// - Complexity: building one costs O(S + R + C log C) beyond the diff, for S sections, R rows
///   and C changes; each stage's `data` holds a full model (copy-on-write arrays share rows that
///   did not change).
public struct StagedChangeset<Section: DiffableSection> {
    /// One batch update and the model to install inside its update block.
    public struct Stage {
        /// The batch: deletes, reloads, reconfigures and move sources in the coordinates of the
        /// previous stage's `data` (the old model for the first stage); inserts and move
        /// destinations in the coordinates of this stage's `data`.
        public let update: BatchUpdate
        /// The model: as arrays, or (content stages staged for a data source) as a patch of the
        /// old model.
        @usableFromInline let content: StageContent<Section>

        /// The model the data source must report once this batch is applied.
        /// - Complexity: O(1) for a stage built as arrays; O(S + rows of the touched sections) for
        ///   a content stage staged with `patchesContentStages` (built on every access).
        @inlinable
        public var data: [Section] {
            switch content {
            case .model(let model): return model
            case .patch(let patch): return patch.model
            }
        }

        /// The stage's model as a patch of the old model, for a content stage staged with
        /// `patchesContentStages`; nil otherwise.
        /// - Complexity: O(1).
        @inlinable
        package var patch: StagePatch<Section>? {
            if case .patch(let patch) = content { return StagePatch(patch) }
            return nil
        }

        /// A stage with the given batch and model.
        @inlinable
        public init(update: BatchUpdate, data: [Section]) {
            self.update = update
            self.content = .model(data)
        }

        @inlinable
        init(update: BatchUpdate, content: StageContent<Section>) {
            self.update = update
            self.content = content
        }
    }

    /// How rows whose content changed are refreshed.
    public enum UpdateStyle: Sendable, Hashable {
        /// Reconfigure rows whose `rowKind` is unchanged (iOS 15+: the existing cell is
        /// configured again, no flicker); reload rows whose kind changed. The default.
        case reconfigure
        /// Reload every updated row: before iOS 15, and wherever there is no reconfigure.
        case reload
    }

    /// The stages, in the order they are applied. Empty when old and new are the same model.
    public let stages: [Stage]

    /// Stages the changes of `diff`.
    /// - Complexity: O(S + R + C log C) for S sections, R rows and C changes of the diff.
    @inlinable
    public init(_ diff: SectionedDiff<Section>, updateStyle: UpdateStyle = .reconfigure) {
        stages = Stager.stages(diff, style: updateStyle)
    }

    /// Diffs `old` against `new` and stages the result.
    /// - Complexity: the diff's cost (see ``SectionedDiff``) plus O(S + R + C log C).
    @inlinable
    public init(
        from old: [Section], to new: [Section], updateStyle: UpdateStyle = .reconfigure,
        options: DiffOptions = DiffOptions()
    ) {
        self.init(SectionedDiff(from: old, to: new, options: options), updateStyle: updateStyle)
    }

    /// Stages the changes of `diff` for a data source that stores content stages as patches
    /// (`SectionedDataSource`): the reconfigure and reload stages hold the old model and the
    /// values they replace instead of arrays of every row (their `data` is built on access).
    /// The stages are the same as `init(_:updateStyle:)`'s, batch for batch and model for model.
    /// - Complexity: O(S + C log C), plus O(R) when a row operation touches a moving section.
    @inlinable
    package init(_ diff: SectionedDiff<Section>, updateStyle: UpdateStyle = .reconfigure, patchesContentStages: Bool) {
        stages = patchesContentStages ? Stager.patchedStages(diff, style: updateStyle) : Stager.stages(diff, style: updateStyle)
    }

    /// Stages that were computed elsewhere (tests, or a stager of your own).
    @inlinable
    public init(stages: [Stage]) {
        self.stages = stages
    }
}

extension StagedChangeset: RandomAccessCollection {
    public typealias Element = Stage
    public typealias Index = Int

    /// - Complexity: O(1).
    public var startIndex: Int { stages.startIndex }
    /// - Complexity: O(1).
    public var endIndex: Int { stages.endIndex }
    /// - Complexity: O(1).
    public subscript(position: Int) -> Stage { stages[position] }
}

extension StagedChangeset {
    /// The batches alone, in order.
    /// - Complexity: O(stages).
    public var updates: [BatchUpdate] { stages.map { $0.update } }

    /// The number of operations over all stages.
    /// - Complexity: O(stages).
    public var operationCount: Int { stages.reduce(0) { $0 + $1.update.operationCount } }
}

extension StagedChangeset: Sendable where Section: Sendable, Section.Row: Sendable {}
extension StagedChangeset.Stage: Sendable where Section: Sendable, Section.Row: Sendable {}
extension StagedChangeset: Equatable where Section: Equatable {}
extension StagedChangeset.Stage: Equatable where Section: Equatable {
    /// Same batch and same model, however each model is held.
    /// - Complexity: O(S + R).
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.update == rhs.update && lhs.data == rhs.data }
}

extension StagedChangeset.Stage: CustomStringConvertible {
    /// The batch's non-empty lists, e.g. `sectionMoves [1→0], itemDeletes [(0, 2)]`.
    public var description: String { update.listDescription }
}

extension BatchUpdate {
    /// The non-empty lists, for messages: `sectionMoves [1→0], itemDeletes [(0, 2)]`.
    var listDescription: String {
        var parts: [String] = []
        func add<T>(_ name: String, _ list: [T]) { if !list.isEmpty { parts.append("\(name) \(list)") } }
        add("sectionDeletes", sectionDeletes)
        add("sectionInserts", sectionInserts)
        add("sectionMoves", sectionMoves)
        add("sectionReloads", sectionReloads)
        add("itemDeletes", itemDeletes)
        add("itemInserts", itemInserts)
        add("itemMoves", itemMoves)
        add("itemReloads", itemReloads)
        add("itemReconfigures", itemReconfigures)
        return parts.isEmpty ? "empty" : parts.joined(separator: ", ")
    }
}
