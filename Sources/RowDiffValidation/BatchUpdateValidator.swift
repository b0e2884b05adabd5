import RowDiff

/// The kind of list view whose batch-update behaviour the validator reproduces.
///
/// They differ in two places: a table view removes exact duplicate deletes, inserts and reloads
/// while a collection view counts them twice; and a row moved out of a deleted or into an
/// inserted section makes a collection view throw (rules 3, 7) but a table view silently fall
/// back to `reloadData` (``BatchUpdateViolation/Rule/reloadDataFallback``).
public enum ListViewKind: Sendable, Hashable, CaseIterable {
    /// `UITableView`'s rules.
    case tableView
    /// `UICollectionView`'s rules.
    case collectionView
}

/// How strict the validator is.
public enum ValidationProfile: Sendable, Hashable, CaseIterable {
    /// Only what raises on UIKit or silently corrupts the screen: rules 1–16, the table view's
    /// `reloadData` fallback, identity corruption, stale content and stale cell kinds.
    case uikit
    /// Additionally S1–S6 of Sources/RowDiffValidation/Documentation.docc/BatchRules.md: batches UIKit accepts but that crash or
    /// mis-animate on devices. Every staged changeset RowDiff emits passes this profile.
    case strict
}

/// Judges batch updates exactly like `UITableView` or `UICollectionView` would, on any platform.
///
/// ```swift
/// let validator = BatchUpdateValidator(view: .collectionView)
/// try validator.validate(
///     BatchUpdate(itemDeletes: [ItemPath(section: 0, item: 1)]),
///     from: ValidationSnapshot([["a", "b", "c"]]),
///     to: ValidationSnapshot([["a", "c"]]))
/// ```
///
/// Checks run in UIKit's order and stop where UIKit would: operation rules (1–13), then counts
/// (14, 15), then — only when both snapshots describe their rows — the simulation of which cell
/// ends where (identity corruption, stale content). Strict rules are appended after them. The
/// first violation returned is the one UIKit would raise (or the worst silent failure).
///
/// - Complexity: one batch costs O(operations · log operations) for the rules, plus
///   O(sections + rows) for the simulation when the snapshots carry rows. Nothing is quadratic.
public struct BatchUpdateValidator: Sendable {
    /// The view kind whose behaviour is reproduced.
    public var view: ListViewKind
    /// Which rules apply.
    public var profile: ValidationProfile

    /// A validator for `view`; the strict profile by default, as RowDiff's own tests use it.
    public init(view: ListViewKind, profile: ValidationProfile = .strict) {
        self.view = view
        self.profile = profile
    }

    /// Every violation of one batch, the one UIKit would raise first.
    ///
    /// - Parameters:
    ///   - batch: the batch; deletes, reloads, reconfigures and move sources in `before`'s
    ///     coordinates, inserts and move destinations in `after`'s.
    ///   - before: what the data source held before the batch (OLD).
    ///   - after: what the data source reports after the batch (NEW).
    ///   - viewCounts: the row counts the view showed before the batch, when they may differ from
    ///     `before` (data changed outside the update block: rule 16, iOS 16.4+). UIKit raises
    ///     before looking at the batch, so that violation is then the only one.
    /// - Returns: an empty array when the batch is fine.
    /// - Complexity: see the type.
    public func violations(
        _ batch: BatchUpdate, from before: ValidationSnapshot, to after: ValidationSnapshot, viewCounts: [Int]? = nil
    ) -> [BatchUpdateViolation] {
        let analysis = BatchAnalysis(view: view, batch: batch, old: before.counts, new: after.counts)
        if let viewCounts, let stale = analysis.staleViewViolation(viewCounts: viewCounts) { return [stale] }
        var found = analysis.operationViolations()
        var map: SectionMap?
        if found.isEmpty {
            let counted = analysis.countViolations()
            found = counted.violations
            map = found.isEmpty ? counted.map : nil
        }
        if let map, (before.hasItems && after.hasItems) || hasSectionDescriptions(before, after) {
            found += analysis.silentViolations(analysis.flatLayout(map), before: before, after: after)
        }
        if profile == .strict { found += analysis.strictViolations(map: map) }
        return found
    }

    /// Throws the first violation of one batch (see ``violations(_:from:to:viewCounts:)``).
    public func validate(
        _ batch: BatchUpdate, from before: ValidationSnapshot, to after: ValidationSnapshot, viewCounts: [Int]? = nil
    ) throws(BatchUpdateViolation) {
        if let first = violations(batch, from: before, to: after, viewCounts: viewCounts).first { throw first }
    }

    /// Where UIKit puts each old section and cell after `batch`: which slots get new cells,
    /// which keep (or reconfigure) an old row's cell. Uses only the counts of the snapshots.
    ///
    /// - Throws: the first violation of rules 1–15 (or the table view's `reloadData` fallback),
    ///   since UIKit builds no layout for a batch it rejects. Silent failures and strict rules do
    ///   not prevent a layout.
    /// - Complexity: O(sections + rows + operations · log operations).
    public func layout(
        of batch: BatchUpdate, from before: ValidationSnapshot, to after: ValidationSnapshot
    ) throws(BatchUpdateViolation) -> BatchUpdateLayout {
        let analysis = BatchAnalysis(view: view, batch: batch, old: before.counts, new: after.counts)
        if let first = analysis.operationViolations().first { throw first }
        let counted = analysis.countViolations()
        if let first = counted.violations.first { throw first }
        guard let map = counted.map else {
            preconditionFailure("count phase returned neither a violation nor a section map")
        }
        return analysis.publicLayout(analysis.flatLayout(map))
    }

    private func hasSectionDescriptions(_ before: ValidationSnapshot, _ after: ValidationSnapshot) -> Bool {
        before.sectionInfos.contains { $0.identity != nil || $0.content != nil }
            && after.sectionInfos.contains { $0.identity != nil || $0.content != nil }
    }
}
