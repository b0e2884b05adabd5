/// Flat lists: one section on each side, so the stages carry only row operations.
extension StagedChangeset {
    /// Stages the changes of a flat diff.
    ///
    /// ```swift
    /// let staged = StagedChangeset(ListDiff(from: oldRows, to: newRows))
    /// staged.last?.data[0].rows == newRows // the last stage installs the new list
    /// ```
    /// - Complexity: O(R + C log C) for R rows and C changes of the diff.
    @inlinable
    public init<Row>(_ diff: ListDiff<Row>, updateStyle: UpdateStyle = .reconfigure) where Section == FlatSection<Row> {
        self.init(diff.sectioned, updateStyle: updateStyle)
    }

    /// Diffs two flat lists and stages the result.
    /// - Complexity: the diff's cost (see ``ListDiff``) plus O(R + C log C).
    @inlinable
    public init<Row>(
        from old: [Row], to new: [Row], updateStyle: UpdateStyle = .reconfigure, options: DiffOptions = DiffOptions()
    ) where Section == FlatSection<Row> {
        self.init(ListDiff(from: old, to: new, options: options), updateStyle: updateStyle)
    }
}

extension StagedChangeset.Stage {
    /// The rows of a flat stage's single section.
    /// - Complexity: O(1).
    public func rows<Row>() -> [Row] where Section == FlatSection<Row> { data.first?.rows ?? [] }
}
