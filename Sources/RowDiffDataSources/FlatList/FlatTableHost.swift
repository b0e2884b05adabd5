/// A flat table (`NSTableView`) as a list-view host: sections become a group row (showing the
/// section's header view or title) followed by their rows and, with `footerRows`, a plain row
/// showing the section's footer view or title; everything the table asks in flat
/// row indices is answered through the owner (`ListViewSource`) in sections and rows.
///
/// All the logic of the AppKit table lives here and is tested on every platform through
/// `StandInFlatTableView`; RowDiffUIKit's `NSTableViewAdapter` only translates calls. Create it
/// through `ListController(tableView:)` on macOS, or `ListController(host: FlatTableHost(view:))`.
///
/// - Updates: `updateMode` is `.sequential`: the renderer installs the final model, then the
///   sequential patch is translated into flat inserts, removes, single-row moves and reloads
///   (`FlatListStep`) applied in one group. If the patch does not lead to the model's layout,
///   the table reloads instead.
/// - Selection: the table reports a new set of selected rows; the host tells the owner which
///   rows were deselected and which selected (group rows never are). Selection changes the
///   updates themselves make (a selected row removed) are not reported, as in UIKit.
/// - Moves: a drag is validated in sections and rows (never onto a group row, never into no
///   section) and the table moves the row only once the owner has accepted the move.
///
/// - Complexity: each question is O(log sections) (a flat index to a path) plus the owner's
///   answer; an update O(steps × log sections + sections).
@MainActor
public final class FlatTableHost: ListViewHost {
    /// The table.
    public let view: any FlatTableView
    /// Whether each section starts with a group row showing its header. Without them the table is
    /// one list of rows and headers are not shown.
    public let groupRows: Bool
    /// Whether each section ends with a row showing its footer (a plain row, never selectable,
    /// dragged or given row actions). Without them footers are not shown.
    public let footerRows: Bool
    /// Per-operation animations (row and section inserts and removes).
    public var animations = TableAnimations.automatic
    /// The title of the row action that deletes a deletable row with no trailing actions of its
    /// own (UIKit's swipe-to-delete button). Localize it for your app.
    public var deleteActionTitle = "Delete"
    /// The layout of the model the table shows.
    public private(set) var layout: FlatListLayout
    /// Moves the owner refused (the table was never changed for them).
    public private(set) var refusedMoveCount = 0

    /// The rows the owner was last told are selected.
    private var reportedSelection: Set<Int> = []
    /// True while the table applies an update: selection changes then come from the update.
    private var isUpdating = false
    /// The row being dragged, followed through updates; nil when none (or several) are.
    private var draggedRow: Int?
    /// The row whose row actions were last asked for, followed through updates.
    private var actionRow: Int?

    /// A host for `view`; it becomes the view's host. Sections start with a group row showing their
    /// header (`groupRows`) and end with a row showing their footer (`footerRows`).
    public init(view: any FlatTableView, groupRows: Bool = true, footerRows: Bool = false) {
        self.view = view
        self.groupRows = groupRows
        self.footerRows = footerRows
        layout = FlatListLayout(counts: [], groupRows: groupRows, footerRows: footerRows)
        view.host = self
    }

    // MARK: ListViewHost

    public var listKind: ListViewKind { .tableView }

    /// The owner; setting it reads its model's layout and reloads the table.
    public weak var source: (any ListViewSource)? {
        didSet {
            refreshLayout()
            view.reloadData()
            resynchronizeSelection()
        }
    }

    public var isVisible: Bool { view.isVisible }

    public var updateMode: UpdateMode { .sequential }

    // A sequential host never gets a header updated in place: the renderer shows in place only
    // section updates it took out of staged batches, and a sequential patch reloads the section's
    // group row instead. These three answer accordingly.

    /// Nil: group rows are reloaded, never reconfigured in place.
    public func visibleSupplementaryView(_ element: ListElement, in section: Int) -> AnyObject? { nil }

    /// Nothing to do: a changed title reaches the table as a reload of its group row.
    public func showSupplementaryTitle(_ title: String?, for element: ListElement, in section: Int) {}

    /// Nothing to do: a reloaded group row is measured again by the table.
    public func invalidateSupplementaryLayout() {}

    /// Nothing to do: the table asks heights through its adapter, which always answers them
    /// (`height(ofRow:)`; nil keeps the table's own).
    public func sourceCapabilitiesChanged() {}

    public func register(_ registration: ViewRegistration) { view.register(registration) }

    public func dequeueView(_ element: ListElement, reuseIdentifier: String, at path: ItemPath) -> AnyObject? {
        view.makeView(element, reuseIdentifier: reuseIdentifier)
    }

    public func deselectItem(at path: ItemPath, animated: Bool) {
        guard let row = layout.flatIndex(of: path) else { return }
        // Not reported back: the owner asked for it (UIKit calls no didDeselect for it either).
        reportedSelection.remove(row)
        view.deselectRow(row)
    }

    /// Nothing to repair: the table moves a dragged row only after the owner accepted the move.
    public func restoreAfterRefusedMove(from source: ItemPath, to destination: ItemPath) {
        refusedMoveCount += 1
    }

    /// Batches are not this view's way (`updateMode` is `.sequential`): the model is installed and
    /// the table reloaded.
    public func performBatchUpdates(
        _ update: BatchUpdate, installingData install: @escaping @MainActor () -> Void, completion: @escaping @MainActor (Bool) -> Void
    ) {
        install()
        reloadData()
        completion(true)
    }

    public func performSequentialUpdates(
        _ steps: [SequentialStep], installingData install: () -> Void, completion: @escaping @MainActor (Bool) -> Void
    ) {
        let before = layout
        install()
        let after = currentLayout()
        guard let translated = FlatListStep.steps(translating: steps, from: before, animations: animations),
            translated.layout == after
        else {
            // The steps do not lead to the model (the data changed outside the renderer): start again.
            reloadData()
            completion(true)
            return
        }
        apply(translated.steps, leaving: after)
        completion(true)
    }

    public func reloadData() {
        refreshLayout()
        draggedRow = nil
        actionRow = nil
        view.reloadData()
        resynchronizeSelection()
    }

    // MARK: What the table asks

    /// The number of flat rows.
    public var numberOfRows: Int { layout.numberOfRows }

    /// What the flat row shows; nil out of range.
    /// - Complexity: O(log sections).
    public func row(at row: Int) -> FlatRow? { layout.row(at: row) }

    /// Whether `row` is a section's group row.
    public func isGroupRow(_ row: Int) -> Bool {
        if case .header = layout.row(at: row) { return true }
        return false
    }

    /// The configured view of `row`: the row's cell, or the section's typed header or footer
    /// view; nil for a header or footer that is a title (`title(forRow:)`) or none, and out of range.
    public func view(forRow row: Int) -> AnyObject? {
        guard let source else { return nil }
        switch layout.row(at: row) {
        case .item(let path): return source.cell(at: path)
        case .header(let section): return source.supplementaryView(.header, in: section)
        case .footer(let section): return source.supplementaryView(.footer, in: section)
        case nil: return nil
        }
    }

    /// The header title a group row (or the footer title a footer row) shows when its section has
    /// no header (footer) view; nil otherwise.
    public func title(forRow row: Int) -> String? {
        switch layout.row(at: row) {
        case .header(let section): return source?.title(for: .header, in: section)
        case .footer(let section): return source?.title(for: .footer, in: section)
        case .item, nil: return nil
        }
    }

    /// Whether `row` is a section's footer row.
    public func isFooterRow(_ row: Int) -> Bool {
        if case .footer = layout.row(at: row) { return true }
        return false
    }

    /// Whether the user may select `row`: rows the owner allows; never group rows.
    public func shouldSelectRow(_ row: Int) -> Bool {
        guard let source, case .item(let path) = layout.row(at: row) else { return false }
        return source.shouldSelectItem(at: path)
    }

    /// The table's selection became `rows`: the owner hears of the rows deselected, then of the
    /// rows selected. Ignored while the table applies an update (it then only follows the rows).
    /// - Complexity: O(selected rows × log sections).
    public func selectionDidChange(to rows: Set<Int>) {
        guard !isUpdating else { return }
        let deselected = reportedSelection.subtracting(rows).sorted()
        let selected = rows.subtracting(reportedSelection).sorted()
        reportedSelection = rows
        guard let source else { return }
        for row in deselected {
            if case .item(let path) = layout.row(at: row) { source.didDeselectItem(at: path) }
        }
        for row in selected {
            if case .item(let path) = layout.row(at: row) { source.didSelectItem(at: path) }
        }
    }

    /// The row actions a swipe from `edge` reveals on `row`: the row's own, or — for a deletable
    /// row with no trailing actions — one destructive `deleteActionTitle` action that deletes it.
    /// Nil for group rows, rows without actions, and out of range.
    public func rowActions(_ edge: SwipeEdge, forRow row: Int) -> SwipeActions? {
        guard let source, case .item(let path) = layout.row(at: row) else { return nil }
        if let own = source.swipeActions(edge, at: path) { return own }
        guard edge == .trailing, source.editingStyle(at: path) == .delete else { return nil }
        actionRow = row
        let delete = SwipeAction(title: deleteActionTitle, style: .destructive) { [weak self] completion in
            completion(self?.deleteActionRow() ?? false)
        }
        return SwipeActions([delete])
    }

    /// The context menu of `row`, the row the user clicked with the secondary button
    /// (`NSTableView.clickedRow`, -1 when the click was below the rows): the row's own menu
    /// (`RowActions.contextMenu`), built from the row the owner shows there now. Nil for group and
    /// footer rows, rows without a menu, and out of range: the table then shows no menu.
    /// - Complexity: O(log sections) plus the owner's answer.
    public func contextMenu(forRow row: Int) -> ContextMenu? {
        guard let source, case .item(let path) = layout.row(at: row) else { return nil }
        return source.contextMenu(at: path)
    }

    /// Deletes the row whose actions were shown, wherever updates have moved it since.
    private func deleteActionRow() -> Bool {
        defer { actionRow = nil }
        guard let source, let row = actionRow, case .item(let path) = layout.row(at: row), source.editingStyle(at: path) == .delete else {
            return false
        }
        source.commitDelete(at: path)
        return true
    }

    /// The height of `row` in points: the row's own, or its section header's for a group row; nil
    /// for the table's own (`rowHeight`).
    public func height(ofRow row: Int) -> Double? {
        guard let source else { return nil }
        switch layout.row(at: row) {
        case .item(let path): return source.height(at: path)
        case .header(let section): return source.supplementaryHeight(.header, in: section)
        case .footer(let section): return source.supplementaryHeight(.footer, in: section)
        case nil: return nil
        }
    }

    // MARK: Drag reorder

    /// Whether the user can drag `row`: a row the owner lets move; never a group row.
    public func canDragRow(_ row: Int) -> Bool {
        guard let source, case .item(let path) = layout.row(at: row) else { return false }
        return source.canMoveItem(at: path)
    }

    /// A drag of `rows` began. Only single rows are moved: a drag of several is never dropped.
    public func beginDrag(rows: Set<Int>) {
        draggedRow = rows.count == 1 ? rows.first.flatMap { canDragRow($0) ? $0 : nil } : nil
    }

    /// The drag ended (dropped or not).
    public func endDrag() { draggedRow = nil }

    /// The flat row to drop above when the table proposes a drop *on* `row`: on a group row, the
    /// start of its section (above its first row); on a row, above it; on a footer row, above it
    /// (the end of its section).
    public func dropRow(forDropOn row: Int) -> Int { isGroupRow(row) ? row + 1 : row }

    /// The move a drop of the dragged row in the gap above flat row `row` (`numberOfRows`: below the
    /// last row) makes, in sections and rows (`to` in the order after the row is taken out, as
    /// `ListViewSource.moveItem` takes it); nil when there is no single dragged row, when the gap is
    /// above the first group row (no section there), or when the drop leaves the row where it is.
    /// - Complexity: O(log sections) plus the owner's `canMoveItem`.
    public func move(forDropAbove row: Int) -> Move<ItemPath>? {
        guard let source, let dragged = draggedRow, case .item(let from) = layout.row(at: dragged), source.canMoveItem(at: from),
            row >= 0, row <= layout.numberOfRows
        else { return nil }
        var to: ItemPath
        switch row == 0 ? nil : layout.row(at: row - 1) {
        case .header(let section): to = ItemPath(section: section, item: 0)
        case .item(let above): to = ItemPath(section: above.section, item: above.item + 1)
        case .footer(let section):
            // Below a footer: the next section's start, unless its group row is there.
            guard !groupRows, section + 1 < layout.numberOfSections else { return nil }
            to = ItemPath(section: section + 1, item: 0)
        case nil:
            // The gap above the first flat row: with group rows it is above the first header.
            guard !groupRows else { return nil }
            switch layout.row(at: 0) {
            case .item(let first): to = ItemPath(section: first.section, item: 0)
            case .footer(let section): to = ItemPath(section: section, item: 0)
            case .header, nil: return nil
            }
        }
        if to.section == from.section && to.item > from.item { to.item -= 1 }
        let limit = layout.counts[to.section] - (to.section == from.section ? 1 : 0)
        guard to != from, to.item <= limit else { return nil }
        return Move(from: from, to: to)
    }

    /// Drops the dragged row in the gap above `row`: the owner decides (`moveItem`), and only when
    /// it accepts does the table move the row. Returns whether it moved.
    @discardableResult
    public func acceptDrop(above row: Int) -> Bool {
        defer { draggedRow = nil }
        guard let source, let move = move(forDropAbove: row), let from = layout.flatIndex(of: move.from) else { return false }
        guard source.moveItem(from: move.from, to: move.to) else { return false }
        let after = currentLayout()
        guard let to = after.flatIndex(of: move.to), after.numberOfRows == layout.numberOfRows else {
            reloadData()
            return true
        }
        apply([.move(from: from, to: to)], leaving: after)
        return true
    }

    // MARK: Internals

    private func currentLayout() -> FlatListLayout {
        guard let source else { return FlatListLayout(counts: [], groupRows: groupRows, footerRows: footerRows) }
        return FlatListLayout(of: source, groupRows: groupRows, footerRows: footerRows)
    }

    private func refreshLayout() { layout = currentLayout() }

    /// Hands `steps` to the table, follows the dragged and action rows through them, and takes
    /// the selection the table kept as the reported one.
    private func apply(_ steps: [FlatListStep], leaving after: FlatListLayout) {
        layout = after
        draggedRow = draggedRow.flatMap { FlatListStep.position(of: $0, after: steps) }
        actionRow = actionRow.flatMap { FlatListStep.position(of: $0, after: steps) }
        guard !steps.isEmpty else { return } // a render that changed nothing the table shows
        isUpdating = true
        view.performUpdates(steps)
        isUpdating = false
        resynchronizeSelection()
    }

    private func resynchronizeSelection() { reportedSelection = view.selectedRows }
}
