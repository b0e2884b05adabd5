#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// An `NSTableView` as a `FlatTableView`, and its `NSTableViewDataSource` and
/// `NSTableViewDelegate`: each AppKit question is forwarded to the `FlatTableHost` (which holds all
/// the logic, in sections and rows), each host call is translated to `NSTableView`. It becomes the
/// table's data source and delegate and registers the table for dragging its own rows. Create it
/// through `ListController(tableView:)`; the owner's host holds it (AppKit references it weakly).
///
/// Cells are `NSView`s, usually `NSTableCellView` subclasses conforming to `ReusableView`. The table
/// is view-based and shows one view per row: in a table with several columns the first column
/// shows it; group rows span the table. A class is created with `init(frame:)` when the table has
/// no view of its identifier to reuse (`NSTableView` registers nibs only); nibs are registered with
/// `register(_:forIdentifier:)`; `.prototype` cells are the table's own cell views from Interface
/// Builder, looked up by identifier. Headers (and footer rows) without a view of their own show their title in a
/// plain `NSTableCellView`. It is also the table's `FlatScrollGeometry`, read from and set on the
/// scroll view around the table, for the owner's `scrollAnchor` (NSTableViewAdapter+Scrolling.swift).
@MainActor
public final class NSTableViewAdapter: NSObject, NSTableViewDataSource, NSTableViewDelegate, FlatTableView {
    /// The table.
    public let tableView: NSTableView
    /// Who answers; weak, as AppKit's own delegate references.
    public weak var host: FlatTableHost?

    /// Classes registered per identifier: NSTableView only knows nibs.
    private var classes: [String: AnyClass] = [:]
    /// The pasteboard type of the table's own row drags.
    private static let rowType = NSPasteboard.PasteboardType(rawValue: "dev.rowdiff.table-row")
    private static let titleIdentifier = NSUserInterfaceItemIdentifier(rawValue: "RowDiff.GroupTitle")

    /// The adapter of `tableView`: it becomes the table's data source and delegate.
    public init(_ tableView: NSTableView) {
        self.tableView = tableView
        super.init()
        tableView.dataSource = self
        tableView.delegate = self
        tableView.registerForDraggedTypes([Self.rowType])
        tableView.setDraggingSourceOperationMask(.move, forLocal: true)
    }

    // MARK: FlatTableView

    public var isVisible: Bool { tableView.window != nil }

    public func register(_ registration: ViewRegistration) {
        let identifier = registration.reuseIdentifier
        switch registration.source {
        case .viewClass(let viewClass):
            classes[identifier] = viewClass
        case .nib(let name, let bundle, let viewClass):
            tableView.register(
                ViewRegistration.appKitNib(named: name, bundle: bundle, viewClass: viewClass),
                forIdentifier: NSUserInterfaceItemIdentifier(rawValue: identifier))
        case .prototype:
            return
        case .plain:
            classes[identifier] = NSTableCellView.self
        }
    }

    public func makeView(_ element: ListElement, reuseIdentifier: String) -> AnyObject? {
        let identifier = NSUserInterfaceItemIdentifier(rawValue: reuseIdentifier)
        if let view = tableView.makeView(withIdentifier: identifier, owner: nil) { return view }
        guard let viewClass = classes[reuseIdentifier] as? NSView.Type else { return nil }
        let view = viewClass.init(frame: .zero)
        // The table puts views back in its reuse queue under their identifier.
        view.identifier = identifier
        return view
    }

    public func performUpdates(_ steps: [FlatListStep]) {
        let columns = IndexSet(integersIn: 0..<tableView.numberOfColumns)
        var reloaded = IndexSet()
        tableView.beginUpdates()
        for step in steps {
            switch step {
            case .insert(let rows, let animation):
                tableView.insertRows(at: IndexSet(integersIn: rows), withAnimation: animation.tableViewAnimationOptions)
            case .remove(let rows, let animation):
                tableView.removeRows(at: IndexSet(integersIn: rows), withAnimation: animation.tableViewAnimationOptions)
            case .move(let from, let to):
                tableView.moveRow(at: from, to: to)
            case .reload(let rows):
                tableView.reloadData(forRowIndexes: IndexSet(integersIn: rows), columnIndexes: columns)
                reloaded.insert(integersIn: rows)
            }
        }
        tableView.endUpdates()
        // Reloading does not ask rows' heights again (a reloaded row may have a new one).
        if !reloaded.isEmpty { tableView.noteHeightOfRows(withIndexesChanged: reloaded) }
    }

    public func reloadData() { tableView.reloadData() }

    public func deselectRow(_ row: Int) { tableView.deselectRow(row) }

    public var selectedRows: Set<Int> { Set(tableView.selectedRowIndexes) }

    // MARK: NSTableViewDataSource

    public func numberOfRows(in tableView: NSTableView) -> Int { host?.numberOfRows ?? 0 }

    public func tableView(_ tableView: NSTableView, pasteboardWriterForRow row: Int) -> (any NSPasteboardWriting)? {
        guard host?.canDragRow(row) == true else { return nil }
        let item = NSPasteboardItem()
        _ = item.setString(String(row), forType: Self.rowType)
        return item
    }

    public func tableView(
        _ tableView: NSTableView, draggingSession session: NSDraggingSession, willBeginAt screenPoint: NSPoint,
        forRowIndexes rowIndexes: IndexSet
    ) {
        host?.beginDrag(rows: Set(rowIndexes))
    }

    public func tableView(
        _ tableView: NSTableView, draggingSession session: NSDraggingSession, endedAt screenPoint: NSPoint, operation: NSDragOperation
    ) {
        host?.endDrag()
    }

    public func tableView(
        _ tableView: NSTableView, validateDrop info: any NSDraggingInfo, proposedRow row: Int,
        proposedDropOperation dropOperation: NSTableView.DropOperation
    ) -> NSDragOperation {
        guard let host, (info.draggingSource as? NSTableView) === tableView else { return [] }
        let gap = dropOperation == .on ? host.dropRow(forDropOn: row) : row
        guard host.move(forDropAbove: gap) != nil else { return [] }
        // Reordering drops go between rows: a drop on a row is shown where it will land.
        if dropOperation != .above || gap != row { tableView.setDropRow(gap, dropOperation: .above) }
        return .move
    }

    public func tableView(
        _ tableView: NSTableView, acceptDrop info: any NSDraggingInfo, row: Int, dropOperation: NSTableView.DropOperation
    ) -> Bool {
        guard let host, (info.draggingSource as? NSTableView) === tableView else { return false }
        return host.acceptDrop(above: dropOperation == .on ? host.dropRow(forDropOn: row) : row)
    }

    // MARK: NSTableViewDelegate

    public func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
        guard let host else { return nil }
        if host.isGroupRow(row) {
            if let view = host.view(forRow: row) as? NSView { return view }
            return titleView(host.title(forRow: row) ?? "")
        }
        // One view per row, in the first column (AppKit asks once per column).
        if let tableColumn, let first = tableView.tableColumns.first, tableColumn !== first { return nil }
        if let view = host.view(forRow: row) as? NSView { return view }
        // A footer row without a view of its own shows its title, as a group row does.
        if host.isFooterRow(row) { return titleView(host.title(forRow: row) ?? "") }
        return nil
    }

    public func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool { host?.isGroupRow(row) ?? false }

    public func tableView(_ tableView: NSTableView, shouldSelectRow row: Int) -> Bool { host?.shouldSelectRow(row) ?? false }

    public func tableViewSelectionDidChange(_ notification: Notification) {
        host?.selectionDidChange(to: Set(tableView.selectedRowIndexes))
    }

    public func tableView(_ tableView: NSTableView, heightOfRow row: Int) -> CGFloat {
        host?.height(ofRow: row).map { CGFloat($0) } ?? tableView.rowHeight
    }

    public func tableView(_ tableView: NSTableView, rowActionsForRow row: Int, edge: NSTableView.RowActionEdge) -> [NSTableViewRowAction] {
        let swipeEdge: SwipeEdge = edge == .leading ? .leading : .trailing
        return host?.rowActions(swipeEdge, forRow: row)?.tableViewRowActions(in: tableView) ?? []
    }

    /// A plain cell view showing a group row's title, reused by the table like any other.
    private func titleView(_ title: String) -> NSView {
        let cell = tableView.makeView(withIdentifier: Self.titleIdentifier, owner: nil) as? NSTableCellView ?? makeTitleCell()
        cell.textField?.stringValue = title
        return cell
    }

    private func makeTitleCell() -> NSTableCellView {
        let cell = NSTableCellView(frame: .zero)
        cell.identifier = Self.titleIdentifier
        let label = NSTextField(labelWithString: "")
        label.translatesAutoresizingMaskIntoConstraints = false
        cell.addSubview(label)
        cell.textField = label
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 2),
            label.trailingAnchor.constraint(lessThanOrEqualTo: cell.trailingAnchor, constant: -2),
            label.centerYAnchor.constraint(equalTo: cell.centerYAnchor),
        ])
        return cell
    }
}
#endif
