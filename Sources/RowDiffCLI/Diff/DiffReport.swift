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
    /// The changes as sequential steps, updates last at their final positions.
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
        self.patch = diff.patch?.steps ?? []

        let report = diff.duplicates
        duplicateSections = Self.unique(report.oldSections.map { old[$0].identity } + report.newSections.map { new[$0].identity })
        duplicateItems = Self.unique(
            report.oldItems.map { old[$0.section].rows[$0.item].identity }
                + report.newItems.map { new[$0.section].rows[$0.item].identity })
    }

    /// `values` without repeats, first occurrences kept in order.
    private static func unique(_ values: [JSONValue]) -> [JSONValue] {
        var seen = Set<JSONValue>()
        return values.filter { seen.insert($0).inserted }
    }

    var oldItemCount: Int { diff.old.reduce(0) { $0 + $1.rows.count } }
    var newItemCount: Int { diff.new.reduce(0) { $0 + $1.rows.count } }
}
