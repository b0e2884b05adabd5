import RowDiffDataSources

// What the flat stand-in shows, as text that is the same in every run (see
// StandInListView+Text.swift for the sectioned stand-ins).

extension StandInFlatTableView {
    /// What the table shows, as stable text, one line per thing seen: the row count and viewport,
    /// the selection, then each row on screen: its index, what it stands for (a section's group
    /// row, a row's path, a footer row), its view's `StandInView/textDescription` (or what
    /// `describingViews` returns) or its title, and what a user sees on it — `selected`, `drag`
    /// when it can be dragged to reorder, and the titles of the row actions a swipe from either
    /// edge reveals. Rows off screen (with a viewport) are counted, not shown. For example:
    ///
    /// ```
    /// flat table: 4 rows, all on screen
    /// selected: 1
    /// 0 group "Inbox"
    /// 1 (0, 0) MailCell(subject: "Lunch?", unread: true) | selected | drag | trailing swipe: "Delete" (destructive)
    /// 2 (0, 1) MailCell(subject: "Welcome", unread: false) | drag | trailing swipe: "Delete" (destructive)
    /// 3 footer "2 messages"
    /// ```
    ///
    /// Problems (`problems`) are not part of the text: check them apart. The text asks the host
    /// what the user could do with each row on screen, as AppKit does when it draws the row.
    ///
    /// - Parameter describingViews: how a row's view is written; nil (the default): its
    ///   `textDescription`.
    /// - Complexity: O(rows on screen), plus the host's answers and the descriptions.
    public func screenText(describingViews: ((StandInView) -> String)? = nil) -> String {
        let describe = describingViews ?? { $0.textDescription }
        var head = "flat table: \(StandInListView.count(rows.count, "row"))"
        if let viewportHeight {
            head +=
                ", viewport \(StandInListView.number(viewportHeight)) high at offset \(StandInListView.number(contentOffset))"
                + " of \(StandInListView.number(contentHeight))"
        } else {
            head += ", all on screen"
        }
        var lines = [head]
        let selected = selectedRows.sorted()
        lines.append("selected: " + (selected.isEmpty ? "none" : selected.map(String.init).joined(separator: ", ")))
        let visible = visibleRows
        if visible.lowerBound > 0 { lines.append("… \(StandInListView.count(visible.lowerBound, "row")) above") }
        for index in visible { lines.append(rowText(index, describe)) }
        if visible.upperBound < rows.count { lines.append("… \(StandInListView.count(rows.count - visible.upperBound, "row")) below") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A row on screen: its index, what it stands for, its view or title, and what the user sees on it.
    private func rowText(_ index: Int, _ describe: (StandInView) -> String) -> String {
        let row = rows[index]
        let shown = row.view.map(describe) ?? row.title.map { String(reflecting: $0) } ?? "(nothing)"
        var parts: [String]
        switch host?.row(at: index) {
        case .header?: parts = ["\(index) group \(shown)"]
        case .footer?: parts = ["\(index) footer \(shown)"]
        case .item(let path)?: parts = ["\(index) \(path) \(shown)"]
        case nil: parts = ["\(index) \(row.isGroupRow ? "group " : "")\(shown)"]
        }
        if selectedRows.contains(index) { parts.append("selected") }
        guard let host, let source = host.source, case .item(let path)? = host.row(at: index) else {
            return parts.joined(separator: " | ")
        }
        if host.canDragRow(index) { parts.append("drag") }
        // What `FlatTableHost.rowActions` reveals, asked without it: it also remembers the row for
        // its Delete action, which a text must not change.
        for (edge, name) in [(SwipeEdge.leading, "leading"), (.trailing, "trailing")] {
            let own = source.swipeActions(edge, at: path)
            var actions = own?.actions ?? []
            if own == nil, edge == .trailing, source.editingStyle(at: path) == .delete {
                actions = [SwipeAction(title: host.deleteActionTitle, style: .destructive) { $0(false) }]
            }
            guard !actions.isEmpty else { continue }
            parts.append("\(name) swipe: " + actions.map(StandInListView.actionText).joined(separator: ", "))
        }
        return parts.joined(separator: " | ")
    }
}
