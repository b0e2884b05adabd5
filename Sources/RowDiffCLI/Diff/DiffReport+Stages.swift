import RowDiff

extension DiffReport {
    /// The staged changeset of `diff`. The CLI has no cell kinds, so updated rows and sections are
    /// reloaded (docs/JSON.md, pinned detail 5).
    /// - Complexity: that of `StagedChangeset`.
    static func stages(of diff: SectionedDiff<JSONSection>) -> [Stage] {
        StagedChangeset(diff, updateStyle: .reload).stages.map { Stage(update: $0.update, after: $0.data) }
    }
}
