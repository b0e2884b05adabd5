/// Interactive editing: the hooks a table or collection view asks, and applying a move the user
/// already made on screen.
extension SectionedDataSource {
    /// Whether the row at `path` may be moved: what `canMoveItem` says, or — without it — whether
    /// the app handles moves (`didMoveItem` is set), as UIKit shows reorder controls only to data
    /// sources that implement the move. False for invalid paths.
    /// - Complexity: O(1) plus the closure.
    public func canMoveItem(at path: ItemPath) -> Bool {
        guard contains(path) else { return false }
        if let canMoveItem { return canMoveItem(path, item(at: path)) }
        return didMoveItem != nil
    }

    /// Whether the row at `path` may be edited: what `canEditItem` says; without it, no row is
    /// (deleting needs a handler: `ListController.onDelete` or the row's `RowActions.onDelete`).
    /// False for invalid paths.
    /// - Complexity: O(1) plus the closure.
    public func canEditItem(at path: ItemPath) -> Bool {
        guard contains(path) else { return false }
        return canEditItem?(path, item(at: path)) ?? false
    }

    /// Applies an interactive move the view has already shown (`tableView(_:moveRowAt:to:)`,
    /// `collectionView(_:moveItemAt:to:)`): the row leaves `source` and ends at `destination`, in
    /// the same or another section. No batch is sent to the view (it moved the cell itself).
    /// Calls `didMoveItem`; not `onChange`, since the view already shows the move.
    ///
    /// - Returns: false (and changes nothing) when either path is invalid or `canMoveItem` refuses.
    /// - Complexity: O(rows of the two sections).
    @discardableResult
    public func moveItem(from source: ItemPath, to destination: ItemPath) -> Bool {
        guard canMoveItem(at: source) else { return false }
        return applyInteractiveMove(from: source, to: destination)
    }

    /// Whether a row can go from `source` to `destination` (`destination` in the order after the
    /// row was taken out, as UIKit reports it): both inside the model.
    /// - Complexity: O(1).
    public func isValidMove(from source: ItemPath, to destination: ItemPath) -> Bool {
        guard contains(source), destination.section >= 0, destination.section < numberOfSections else { return false }
        let limit = numberOfItems(in: destination.section) - (source.section == destination.section ? 1 : 0)
        return destination.item >= 0 && destination.item <= limit
    }

    /// `moveItem(from:to:)` without asking `canMoveItem`, for owners that asked the row itself.
    /// - Returns: false (and changes nothing) when the move is not valid.
    /// - Complexity: O(rows of the two sections).
    @discardableResult
    public func applyInteractiveMove(from source: ItemPath, to destination: ItemPath) -> Bool {
        guard isValidMove(from: source, to: destination) else { return false }
        if source == destination { return true }
        let sameSection = source.section == destination.section

        var model = sections
        var sourceRows = model[source.section].rows
        let row = sourceRows.remove(at: source.item)
        if sameSection {
            sourceRows.insert(row, at: destination.item)
            model[source.section] = Section(source: model[source.section], rows: sourceRows)
        } else {
            var destinationRows = model[destination.section].rows
            destinationRows.insert(row, at: destination.item)
            model[source.section] = Section(source: model[source.section], rows: sourceRows)
            model[destination.section] = Section(source: model[destination.section], rows: destinationRows)
        }
        install(model)
        didMoveItem?(Move(from: source, to: destination), row)
        return true
    }

    /// True when `path` names an existing row.
    /// - Complexity: O(1).
    public func contains(_ path: ItemPath) -> Bool {
        path.section >= 0 && path.section < numberOfSections && path.item >= 0 && path.item < numberOfItems(in: path.section)
    }
}
