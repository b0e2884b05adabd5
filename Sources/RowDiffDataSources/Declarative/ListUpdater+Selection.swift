import Foundation

// The parts of a declarative list that the view keeps across renders beyond its rows: a set of
// selected rows (SwiftUI's `List(selection: Binding<Set<ID>>)`) and the row that keeps its place
// on screen when renders change the rows around it (the owner's `ScrollAnchor`).

extension ListUpdater {
    // MARK: Multiple selection

    /// Where the view shows the rows `selectedIDs` names, top to bottom: identities the view does
    /// not show (rows the app removed, or not rendered yet) are left out.
    /// - Complexity: O(selected identities × log) after a render (one key lookup each, then a sort).
    public var selectedPaths: [ItemPath] {
        selectedIDs.compactMap { owner.dataSource.indexPath(ofItem: $0) }.sorted()
    }

    /// The selection actions of the row `id` names in a list with a set-selection binding: the
    /// user's selection and deselection add it to, or take it out of, `selectedIDs`, and the
    /// binding's setter receives the whole set.
    func setSelectionActions(of id: ID, in rowActions: inout RowActions) {
        rowActions.onSelect = { [weak self] in
            self?.userAddedToSelection(id)
            return .staysSelected
        }
        rowActions.onDeselect = { [weak self] in self?.userRemovedFromSelection(id) }
    }

    /// The binding is written only when the set changes: a view that reports the selection the
    /// updater itself showed (AppKit does) writes nothing back during the view's update.
    private func userAddedToSelection(_ id: ID) {
        guard !selectedIDs.contains(id) else { return }
        selectedIDs.insert(id)
        actions.selectionSetChanged?(selectedIDs)
    }

    private func userRemovedFromSelection(_ id: ID) {
        guard selectedIDs.remove(id) != nil else { return }
        actions.selectionSetChanged?(selectedIDs)
    }

    // MARK: Keeping the user's place

    /// Which row keeps its place on screen when a render changes the rows around it: the owner's
    /// `ListController.scrollAnchor` (`.none`, the default, `.firstVisibleRow` or `.bottom`).
    /// Setting the value it already has does nothing, so a list view may set it with every update.
    /// - Complexity: O(1); per render, as `ListController.scrollAnchor`.
    public var scrollAnchor: ScrollAnchor {
        get { owner.scrollAnchor }
        set {
            // Setting the owner's anchor drops what it captured before a render on its way.
            if owner.scrollAnchor != newValue { owner.scrollAnchor = newValue }
        }
    }
}
