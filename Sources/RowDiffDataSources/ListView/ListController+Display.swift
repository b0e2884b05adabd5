// Display and prefetch calls, as UIKit makes them (`willDisplay` / `didEndDisplaying`,
// UITableViewDataSourcePrefetching / UICollectionViewDataSourcePrefetching), answered from the
// rows: a row's `RowActions.onVisibilityChange`, and the owner's prefetch handlers, which receive
// row identities (keys), not index paths — a path means another row after the next render.

extension ListController {
    /// Called with the identities of rows the view expects to show soon, nearest first: start
    /// loading what their cells need (images, details). Rows of a path the model does not have are
    /// left out.
    public var onPrefetch: (@MainActor ([Section.Row.DiffIdentity]) -> Void)? {
        get { extras.onPrefetch }
        set { extras.onPrefetch = newValue }
    }

    /// Called with the identities of rows of an earlier `onPrefetch` the view no longer expects
    /// to show soon (the user scrolled the other way): cancel what was started for them.
    public var onCancelPrefetch: (@MainActor ([Section.Row.DiffIdentity]) -> Void)? {
        get { extras.onCancelPrefetch }
        set { extras.onCancelPrefetch = newValue }
    }

    /// Tells the row `view` shows that it comes on screen (`onVisibilityChange(true)`), when no
    /// other cell shows it yet. The row is the one this owner configured `view` for — the row at
    /// `path` when the view asks right after dequeuing, as UIKit does.
    ///
    /// A row can be shown by two cells for a moment: when a batch replaces its cell (a reload, or a
    /// move the view makes as a delete and an insert), the new cell is displayed before the old
    /// one ends. The row is told once when its first cell comes and once when its last one goes.
    /// - Complexity: O(1) expected.
    public func willDisplay(_ view: AnyObject, at path: ItemPath) {
        guard let row = row(shownBy: view) else { return }
        let cells = extras.displayingCells[row.diffIdentity, default: 0] + 1
        extras.displayingCells[row.diffIdentity] = cells
        if cells == 1 { visibilityAction(of: row, near: path)?(true) }
    }

    /// Tells the row `view` showed that it left the screen (`onVisibilityChange(false)`), when no
    /// other cell shows it any more (see `willDisplay(_:at:)`). UIKit may pass a path from before
    /// a batch, which now names another row or none: the row is found from what `view` showed,
    /// never from `path` alone.
    /// - Complexity: O(1) expected.
    public func didEndDisplaying(_ view: AnyObject, at path: ItemPath) {
        guard let row = row(shownBy: view), let cells = extras.displayingCells[row.diffIdentity] else { return }
        extras.displayingCells[row.diffIdentity] = cells > 1 ? cells - 1 : nil
        if cells == 1 { visibilityAction(of: row, near: path)?(false) }
    }

    /// The visibility action of `row` as the latest render declares it: that of the model's row
    /// with the same identity at `path` or, when the key table is built, wherever it is now; else
    /// (the row left the model, or moved inside a render) the action `row` itself declared.
    private func visibilityAction(of row: Section.Row, near path: ItemPath) -> (@MainActor @Sendable (Bool) -> Void)? {
        let identity = row.diffIdentity
        if dataSource.contains(path) {
            let current = dataSource.item(at: path)
            if current.diffIdentity == identity { return present(current).actions.onVisibilityChange }
        }
        // The built table only: building one here would cost O(rows) between a render's stages.
        if let now = dataSource.builtIndex?.path(ofRow: identity), dataSource.contains(now) {
            return present(dataSource.item(at: now)).actions.onVisibilityChange
        }
        return present(row).actions.onVisibilityChange
    }

    /// Hands the identities of the rows at `paths` to `onPrefetch`.
    /// - Complexity: O(paths).
    public func prefetchItems(at paths: [ItemPath]) {
        guard let onPrefetch = extras.onPrefetch else { return }
        let identities = identities(at: paths)
        if !identities.isEmpty { onPrefetch(identities) }
    }

    /// Hands the identities of the rows at `paths` to `onCancelPrefetch`.
    /// - Complexity: O(paths).
    public func cancelPrefetchingItems(at paths: [ItemPath]) {
        guard let onCancelPrefetch = extras.onCancelPrefetch else { return }
        let identities = identities(at: paths)
        if !identities.isEmpty { onCancelPrefetch(identities) }
    }

    private func identities(at paths: [ItemPath]) -> [Section.Row.DiffIdentity] {
        paths.compactMap { dataSource.contains($0) ? dataSource.item(at: $0).diffIdentity : nil }
    }
}
