import RowDiff

/// Everything `rowdiff diff` reports about two inputs, computed once and then written as JSON
/// (`DiffReportJSON`) or text (`DiffReportText`).
struct DiffReport {
    /// One batch update of the staged changeset, with the model (identities) once it is applied.
    struct Stage {
        var update: BatchUpdate
        var after: [JSONSection]
    }

    /// The diff, with its sequential patch.
    let diff: SectionedDiff<JSONSection>
    /// The changes as batches UIKit accepts, in order.
    let stages: [Stage]
    /// The changes as sequential steps (see `patchSteps(of:)`).
    let patch: [PatchStep<JSONSection>]
    /// Section identities that occur more than once within old or within new, each listed once,
    /// in order of first occurrence (old before new).
    let duplicateSections: [JSONValue]
    /// Row identities that occur more than once among all rows of old or of new, each listed once.
    let duplicateItems: [JSONValue]
    /// The diff's wall time (matching, moves, updates and the patch), in milliseconds.
    let millis: Double

    /// Diffs `old` against `new`.
    /// - Complexity: that of `SectionedDiff` and of staging, plus O(duplicates).
    init(old: [JSONSection], new: [JSONSection]) {
        let clock = ContinuousClock()
        let start = clock.now
        let diff = SectionedDiff(from: old, to: new, options: DiffOptions(computesPatch: true))
        let elapsed = start.duration(to: clock.now)
        self.diff = diff
        self.millis = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        self.stages = DiffReport.stages(of: diff)
        self.patch = DiffReport.patchSteps(of: diff)

        let report = diff.duplicates
        duplicateSections = Self.unique(report.oldSections.map { old[$0].identity } + report.newSections.map { new[$0].identity })
        duplicateItems = Self.unique(report.oldItems.map { old[$0.section].rows[$0.item].identity }
            + report.newItems.map { new[$0.section].rows[$0.item].identity })
    }

    /// The diff's patch with its content updates made explicit.
    ///
    /// `Patch` documents its order as "row deletes, section deletes, section inserts and moves,
    /// row inserts and moves, then updates at their final positions", but the core it comes from
    /// never sees contents, so it emits no `updateSection` or `update` steps at all. Updates go
    /// last, where the model already is the new one, so they are appended here in new
    /// coordinates — exactly the changeset's updates (pinned detail 4). Any update steps the
    /// library does emit are replaced by these, so the result stays right once it is fixed.
    /// - Complexity: O(patch steps + updates).
    static func patchSteps(of diff: SectionedDiff<JSONSection>) -> [PatchStep<JSONSection>] {
        var steps = (diff.patch?.steps ?? []).filter {
            switch $0 {
            case .updateSection, .updateItem: return false
            default: return true
            }
        }
        for update in diff.changeset.sectionUpdates {
            steps.append(.updateSection(at: update.to, section: diff.new[update.to]))
        }
        for update in diff.changeset.itemUpdates {
            steps.append(.updateItem(at: update.to, row: diff.new[update.to.section].rows[update.to.item]))
        }
        return steps
    }

    /// `values` without repeats, first occurrences kept in order.
    private static func unique(_ values: [JSONValue]) -> [JSONValue] {
        var seen = Set<JSONValue>()
        return values.filter { seen.insert($0).inserted }
    }

    var oldItemCount: Int { diff.old.reduce(0) { $0 + $1.rows.count } }
    var newItemCount: Int { diff.new.reduce(0) { $0 + $1.rows.count } }
}
