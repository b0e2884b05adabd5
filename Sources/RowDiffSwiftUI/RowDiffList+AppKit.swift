#if canImport(SwiftUI) && canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import SwiftUI
import RowDiffDataSources
import RowDiffUIKit

/// The table cell view a `RowDiffList` hosts its rows (and its headers, as group rows) in: an
/// `NSHostingView` whose root view is replaced on every configure, so a reused cell keeps
/// nothing of the row it showed before.
@available(macOS 13.0, *)
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
/// headers are group rows.
@available(macOS 13.0, *)
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
/// to the table: style, cells, selection and scrolling.
@available(macOS 13.0, *)
@MainActor
final class RowDiffListCoordinator<
    SectionID: Hashable & Sendable, ID: Hashable & Sendable, Item: Equatable, RowContent: View, Header: View, Footer: View
> {
    typealias List = RowDiffList<SectionID, ID, Item, RowContent, Header, Footer>

    private var updater: ListUpdater<SectionID, ID, Item>?
    private var host: FlatTableHost?
    private var list: List?
    private weak var tableView: NSTableView?

    func attach(to table: NSTableView, list: List) {
        tableView = table
        self.list = list
        let host = FlatTableHost(view: NSTableViewAdapter(table), groupRows: list.header != nil)
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
        updater.selectedID = list.selection?.wrappedValue
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

    /// Headers only: the table shows them as group rows (it has no footers).
    private func supplementary(_ section: SectionID, _ element: ListElement) -> Supplementary? {
        guard element == .header, list?.header != nil else { return nil }
        return Supplementary(view: RowDiffHostingTableCell.self, state: section) { [weak self] cell, section in
            guard let header = self?.list?.header else { return }
            cell.show(AnyView(header(section)))
        }
    }

    /// Shows the row the selection binding names as selected, wherever renders have put it. The
    /// table reports the change back; the updater writes the binding only when it differs.
    private func showSelection() {
        guard let table = tableView, let updater, let host, list?.selection != nil else { return }
        guard let path = updater.selectedPath, let row = host.layout.flatIndex(of: path) else {
            if !table.selectedRowIndexes.isEmpty { table.deselectAll(nil) }
            return
        }
        if table.selectedRowIndexes != IndexSet(integer: row) {
            table.selectRowIndexes(IndexSet(integer: row), byExtendingSelection: false)
        }
    }
}
#endif
