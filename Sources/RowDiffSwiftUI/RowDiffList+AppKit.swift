#if canImport(SwiftUI) && canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import SwiftUI
import RowDiffDataSources
import RowDiffUIKit

/// The table cell view a `RowDiffList` hosts its rows (and its headers, as group rows, and its
/// footers, as plain rows) in: an
/// `NSHostingView` whose root view is replaced on every configure, so a reused cell keeps
/// nothing of the row it showed before.
final class RowDiffHostingTableCell: NSTableCellView, ReusableView {
    private var hostingView: NSHostingView<AnyView>?

    func show(_ content: AnyView) {
        if let hostingView {
            hostingView.rootView = content
            return
        }
        let hosting = NSHostingView(rootView: content)
        hosting.translatesAutoresizingMaskIntoConstraints = false
        addSubview(hosting)
        NSLayoutConstraint.activate([
            hosting.leadingAnchor.constraint(equalTo: leadingAnchor),
            hosting.trailingAnchor.constraint(equalTo: trailingAnchor),
            hosting.topAnchor.constraint(equalTo: topAnchor),
            hosting.bottomAnchor.constraint(equalTo: bottomAnchor),
        ])
        hostingView = hosting
    }
}

/// A `RowDiffList` on macOS: a one-column, view-based `NSTableView` in a scroll view, owned by a
/// `ListUpdater` through the AppKit owner (`FlatTableHost` and `NSTableViewAdapter`); section
/// headers are group rows, section footers plain rows after the section's items.
struct RowDiffListHost<
    SectionID: Hashable & Sendable, ID: Hashable & Sendable, Item: Equatable, RowContent: View, Header: View, Footer: View
>:
    NSViewRepresentable
{
    let list: RowDiffList<SectionID, ID, Item, RowContent, Header, Footer>

    func makeCoordinator() -> RowDiffListCoordinator<SectionID, ID, Item, RowContent, Header, Footer> {
        RowDiffListCoordinator()
    }

    func makeNSView(context: Context) -> NSScrollView {
        let table = NSTableView(frame: .zero)
        table.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier(rawValue: "RowDiff.Rows")))
        table.headerView = nil
        table.usesAutomaticRowHeights = true
        let scrollView = NSScrollView(frame: .zero)
        scrollView.documentView = table
        scrollView.hasVerticalScroller = true
        context.coordinator.attach(to: table, list: list)
        return scrollView
    }

    func updateNSView(_ view: NSScrollView, context: Context) {
        context.coordinator.update(list)
    }
}

/// Translates each new value of a `RowDiffList` to its `ListUpdater` and what the updater decides
/// to the table: style, cells, selection (of one row or a set), context menus and scrolling.
@MainActor
final class RowDiffListCoordinator<
    SectionID: Hashable & Sendable, ID: Hashable & Sendable, Item: Equatable, RowContent: View, Header: View, Footer: View
> {
    typealias List = RowDiffList<SectionID, ID, Item, RowContent, Header, Footer>

    private var updater: ListUpdater<SectionID, ID, Item>?
    private var host: FlatTableHost?
    private var list: List?
    private weak var tableView: NSTableView?
    /// The table's context menu while the list has a `contextMenu` modifier, and its delegate
    /// (AppKit holds delegates weakly).
    private let contextMenu = NSMenu(title: "")
    private let menuDelegate = RowDiffTableMenuDelegate()

    func attach(to table: NSTableView, list: List) {
        tableView = table
        self.list = list
        let host = FlatTableHost(view: NSTableViewAdapter(table), groupRows: list.header != nil, footerRows: list.footer != nil)
        menuDelegate.host = host
        menuDelegate.tableView = table
        contextMenu.autoenablesItems = false
        contextMenu.delegate = menuDelegate
        let updater = ListUpdater<SectionID, ID, Item>(
            host: host, id: list.id,
            presentation: { [weak self] row, actions in self?.presentation(row, actions) ?? .plain(actions: actions) },
            supplementary: { [weak self] section, element in self?.supplementary(section, element) })
        updater.onRendered = { [weak self] in self?.showSelection() }
        self.host = host
        self.updater = updater
    }

    func update(_ list: List) {
        self.list = list
        guard let updater, let table = tableView else { return }
        let style = Self.tableStyle(list.modifiers.style)
        if table.style != style { table.style = style }
        updater.actions = list.listActions
        let menu = list.modifiers.contextMenu == nil ? nil : contextMenu
        if table.menu !== menu { table.menu = menu }
        let multiple = list.selectionSet != nil
        if table.allowsMultipleSelection != multiple { table.allowsMultipleSelection = multiple }
        updater.selectedID = list.selection?.wrappedValue
        updater.selectedIDs = list.selectionSet?.wrappedValue ?? []
        // Kept through the host's scroll geometry, the adapter's reading of the table's scroll view.
        updater.scrollAnchor = list.modifiers.scrollAnchor
        updater.update(list.sections)
        showSelection()
        if let target = list.modifiers.scrollTarget, let id = target.wrappedValue {
            updater.scroll(to: id) { [weak self] path in
                guard let row = self?.host?.layout.flatIndex(of: path) else { return }
                self?.tableView?.scrollRowToVisible(row)
            }
            // Not during SwiftUI's update: on the next turn of the main actor.
            Task { @MainActor in target.wrappedValue = nil }
        }
    }

    private static func tableStyle(_ style: RowDiffListStyle) -> NSTableView.Style {
        switch style {
        case .plain: .plain
        case .grouped: .fullWidth
        case .insetGrouped: .inset
        case .sidebar: .sourceList
        }
    }

    // MARK: Cells

    private func presentation(_ row: ListViewRow<ID, Item>, _ actions: RowActions) -> RowPresentation {
        RowPresentation(cell: RowDiffHostingTableCell.self, state: row.version, actions: actions) { [weak self] cell, _ in
            guard let list = self?.list else { return }
            cell.show(AnyView(list.row(row.item)))
        }
    }

    /// Headers, shown as group rows, and footers, shown as plain rows after the section's items.
    private func supplementary(_ section: SectionID, _ element: ListElement) -> Supplementary? {
        guard let list else { return nil }
        switch element {
        case .cell: return nil
        case .header: guard list.header != nil else { return nil }
        case .footer: guard list.footer != nil else { return nil }
        }
        return Supplementary(view: RowDiffHostingTableCell.self, state: section) { [weak self] cell, section in
            guard let list = self?.list else { return }
            switch element {
            case .cell: return
            case .header: if let header = list.header { cell.show(AnyView(header(section))) }
            case .footer: if let footer = list.footer { cell.show(AnyView(footer(section))) }
            }
        }
    }

    /// Shows the rows the selection binding names as selected (one row, or the set's), wherever
    /// renders have put them. The table reports the change back; the updater writes the binding
    /// only when it differs.
    private func showSelection() {
        guard let table = tableView, let updater, let host, let list, list.selection != nil || list.selectionSet != nil else { return }
        let paths: [ItemPath]
        if list.selectionSet != nil {
            paths = updater.selectedPaths
        } else {
            paths = updater.selectedPath.map { [$0] } ?? []
        }
        let rows = IndexSet(paths.compactMap { host.layout.flatIndex(of: $0) })
        guard !rows.isEmpty else {
            if !table.selectedRowIndexes.isEmpty { table.deselectAll(nil) }
            return
        }
        if table.selectedRowIndexes != rows { table.selectRowIndexes(rows, byExtendingSelection: false) }
    }
}

/// Fills a `RowDiffList`'s table menu each time it opens (`menuNeedsUpdate(_:)`) with the context
/// menu of the row the user clicked (`NSTableView.clickedRow`), as the host answers it
/// (`FlatTableHost.contextMenu(forRow:)`): no entries for a click on a header, a footer, below the
/// rows, or on a row without a menu, and AppKit shows no empty menu.
@MainActor
final class RowDiffTableMenuDelegate: NSObject, NSMenuDelegate {
    weak var host: FlatTableHost?
    weak var tableView: NSTableView?

    func menuNeedsUpdate(_ menu: NSMenu) {
        menu.removeAllItems()
        guard let tableView, let contextMenu = host?.contextMenu(forRow: tableView.clickedRow) else { return }
        for action in contextMenu.actions {
            let target = RowDiffMenuActionTarget(action.handler)
            let item = NSMenuItem(title: action.title, action: #selector(RowDiffMenuActionTarget.runHandler), keyEquivalent: "")
            // AppKit holds a target weakly: the item keeps it.
            item.target = target
            item.representedObject = target
            item.isEnabled = !action.isDisabled
            if let name = action.systemImageName { item.image = NSImage(systemSymbolName: name, accessibilityDescription: nil) }
            menu.addItem(item)
        }
    }
}

/// The target of one context-menu item: it performs the entry's `MenuAction.handler`.
@MainActor
final class RowDiffMenuActionTarget: NSObject {
    private let handler: @MainActor @Sendable () -> Void

    init(_ handler: @escaping @MainActor @Sendable () -> Void) {
        self.handler = handler
        super.init()
    }

    @objc func runHandler() { handler() }
}
#endif
