import RowDiff
import RowDiffValidation
import RowDiffDataSources

// What the user does to a stand-in, under UIKit's rules. The user touches only rows on screen,
// and acts between main-actor turns: each action first checks the headers and footers on screen
// (`settleSupplementaryChecks`), as the user sees them.

extension StandInListView {
    public func deselectItem(at path: ItemPath, animated: Bool) {
        selectedPaths.remove(path)
    }

    /// The user taps the row: it highlights and is selected only when it is on screen and the
    /// source allows both (a previous selection is deselected first, as in a single-selection
    /// view). With `allowsMultipleSelection`, a tap on a selected row deselects it instead and
    /// other rows stay selected. Returns whether it was selected (it may have been deselected
    /// again at once).
    @discardableResult
    public func userTaps(_ path: ItemPath) -> Bool {
        settleSupplementaryChecks("before a tap")
        if allowsMultipleSelection, selectedPaths.contains(path), let source, isOnScreen(path) {
            selectedPaths.remove(path)
            source.didDeselectItem(at: path)
            return false
        }
        guard let source, isOnScreen(path), source.shouldHighlightItem(at: path), source.shouldSelectItem(at: path) else { return false }
        if allowsMultipleSelection {
            selectedPaths.insert(path)
            source.didSelectItem(at: path)
            return true
        }
        for previous in selectedPaths where previous != path {
            selectedPaths.remove(previous)
            source.didDeselectItem(at: previous)
        }
        selectedPaths.insert(path)
        source.didSelectItem(at: path)
        return true
    }

    /// The user deletes the row. A table offers it (the Edit mode's delete control, swipe to
    /// delete) only for an editable row whose editing style is `.delete`; a collection view has no
    /// delete of its own, so there the user performs the first trailing swipe action (a full swipe)
    /// of a row whose editing style is `.delete`. Returns whether the delete reached the source.
    @discardableResult
    public func userDeletes(_ path: ItemPath) -> Bool {
        settleSupplementaryChecks("before a delete")
        guard let source, isOnScreen(path), source.editingStyle(at: path) == .delete else { return false }
        switch listKind {
        case .tableView:
            guard source.canEditItem(at: path) else { return false }
            source.commitDelete(at: path)
        case .collectionView:
            guard let swipe = source.swipeActions(.trailing, at: path), swipe.performsFirstActionWithFullSwipe,
                let first = swipe.actions.first
            else { return false }
            first.handler { _ in }
        }
        return true
    }

    /// The user drags a row on screen by its reorder control to `end` (any row position: the
    /// view scrolls while dragging): a table shows the control only on an editable row that can
    /// move; a collection view asks only whether it can move. The view moves the cell, then tells
    /// the source. Returns whether the source took the move (when not, it restored the view).
    /// The row lands where the source's `targetPathForMove` puts it for the place the user holds it.
    @discardableResult
    public func userMoves(from start: ItemPath, to proposed: ItemPath) -> Bool {
        settleSupplementaryChecks("before a move")
        guard let source, isOnScreen(start) else { return false }
        let end = source.targetPathForMove(from: start, proposed: proposed)
        guard source.canMoveItem(at: start), listKind == .collectionView || source.canEditItem(at: start),
            isOnScreen(start), counts.indices.contains(end.section),
            end.item >= 0, end.item <= counts[end.section] - (start.section == end.section ? 1 : 0)
        else { return false }
        var newCounts = counts
        newCounts[start.section] -= 1
        newCounts[end.section] += 1
        // The view moves the cell as a batch of one move would; the other rows keep theirs.
        guard
            let map = try? validator.rowMap(
                of: BatchUpdate(itemMoves: [Move(from: start, to: end)]), fromCounts: counts, toCounts: newCounts)
        else { return false }
        let after: ValidationSnapshot
        if shown.hasItems {
            var sections = shown.sections
            let item = sections[start.section].items.remove(at: start.item)
            sections[end.section].items.insert(item, at: end.item)
            after = ValidationSnapshot(sections: sections)
        } else {
            after = ValidationSnapshot(counts: newCounts)
        }
        let placement = place(map, counts: newCounts, shown: after, reconfiguring: false)
        let accepted = source.moveItem(from: start, to: end)
        // Rows the move brought on screen get cells from the source, which now has the move
        // (a refused move reloaded the view instead).
        fill(placement)
        let when = accepted ? "after a move" : "after a refused move"
        checkViews(when)
        // Nothing updates headers or footers in place after a drag: checked now, so that what a
        // later render leaves stale is not reported under the drag's name.
        settleSupplementaryChecks(when)
        return accepted
    }

    public func restoreAfterRefusedMove(from source: ItemPath, to destination: ItemPath) {
        // UIKit has already moved the cell; reloading is the one repair it takes mid-gesture.
        restoredMoves += 1
        reloadData()
    }

    /// The actions a swipe from `edge` reveals on the row; nil: UIKit shows nothing. A table
    /// reveals them only on an editable row, and adds its own Delete to a row whose editing style
    /// is `.delete` and that has no trailing actions; a collection view's list layout shows what
    /// its swipe provider (the owner's `swipeActions`) returns.
    public func userSwipes(_ edge: SwipeEdge, on path: ItemPath) -> SwipeActions? {
        settleSupplementaryChecks("before a swipe")
        guard let source, isOnScreen(path) else { return nil }
        guard listKind == .tableView else { return source.swipeActions(edge, at: path) }
        guard source.canEditItem(at: path) else { return nil }
        if let actions = source.swipeActions(edge, at: path) { return actions }
        guard edge == .trailing, source.editingStyle(at: path) == .delete else { return nil }
        return SwipeActions.delete { [weak source] in source?.commitDelete(at: path) }
    }

    /// Whether the row is indented in the table's editing mode (UIKit: `shouldIndentWhileEditingRowAt`,
    /// answered from the editing style).
    public func indentsWhileEditing(_ path: ItemPath) -> Bool {
        guard let source, isOnScreen(path), source.canEditItem(at: path) else { return false }
        return source.editingStyle(at: path) != .none
    }

    /// The user opens the row's context menu (a long press: the row must be on screen).
    public func userOpensContextMenu(on path: ItemPath) -> ContextMenu? {
        settleSupplementaryChecks("before a context menu")
        guard isOnScreen(path) else { return nil }
        return source?.contextMenu(at: path)
    }

    /// Whether `path` names a row on screen, which the user can touch.
    /// - Complexity: O(1) without a viewport, O(log visible rows) with one.
    func isOnScreen(_ path: ItemPath) -> Bool {
        guard counts.indices.contains(path.section), counts[path.section] > path.item, path.item >= 0 else { return false }
        guard viewportHeight != nil, let first = visiblePaths.first, let last = visiblePaths.last else { return viewportHeight == nil }
        return first <= path && path <= last
    }
}
