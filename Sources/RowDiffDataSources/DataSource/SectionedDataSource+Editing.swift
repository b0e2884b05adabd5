/// Interactive editing: the hooks a table or collection view asks, and applying a move the user
/// already made on screen.
extension SectionedDataSource {
    /// Whether the row at `path` may be moved; false for invalid paths.
    public func canMoveItem(at path: ItemPath) -> Bool {
        guard contains(path) else { return false }
        return canMoveItem?(path, item(at: path)) ?? true
    }

    /// Whether the row at `path` may be edited; false for invalid paths.
    public func canEditItem(at path: ItemPath) -> Bool {
        guard contains(path) else { return false }
        return canEditItem?(path, item(at: path)) ?? true
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
        guard canMoveItem(at: source), destination.section >= 0, destination.section < sections.count else { return false }
        let sameSection = source.section == destination.section
        let limit = sections[destination.section].rows.count - (sameSection ? 1 : 0)
        guard destination.item >= 0, destination.item <= limit else { return false }
        if source == destination { return true }

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
        path.section >= 0 && path.section < sections.count && path.item >= 0 && path.item < sections[path.section].rows.count
    }
}
