import RowDiffDataSources

// What a stand-in list view shows, as text that is the same in every run: for golden-file tests
// of a screen (`GoldenFile`), and for reading a failure. Built from what the view holds and what
// the user could see or touch; it changes nothing and records no problem.

extension StandInListView {
    /// What the view shows, as stable text, one line per thing seen: the view's kind, counts and
    /// viewport; the selection; the section index; then each section with its header, its rows on
    /// screen and its footer. A row on screen is written as its path and its cell's
    /// `StandInView/textDescription` (or what `describingViews` returns), followed by what a user
    /// sees on it: `selected`, the editing controls it shows in editing mode (`edit: delete,
    /// reorder`), and the titles of the actions a swipe from either edge reveals. Rows off screen
    /// (with a viewport) are counted, not shown. For example:
    ///
    /// ```
    /// table view: 2 sections, 3 rows, all on screen
    /// selected: (0, 1)
    /// section 0: 2 rows
    ///   header "Inbox"
    ///   (0, 0) MailCell(subject: "Lunch?", unread: true) | edit: delete | trailing swipe: "Delete" (destructive)
    ///   (0, 1) MailCell(subject: "Build green", unread: false) | selected | edit: delete | trailing swipe: "Delete" (destructive)
    ///   footer "2 messages"
    /// section 1: 1 row
    ///   (1, 0) MailCell(subject: "Welcome", unread: false)
    /// ```
    ///
    /// A table shows a header or footer title where the section has no view of its own; a
    /// collection view shows only views. Problems (`problems`) are not part of the text: check
    /// them apart. The text asks the source what the user could do with each row on screen
    /// (`canEditItem`, `editingStyle`, `canMoveItem`, swipe actions), as UIKit does when it draws
    /// the row.
    ///
    /// - Parameter describingViews: how a cell, header or footer view is written; nil (the
    ///   default): its `textDescription`.
    /// - Complexity: O(sections + rows on screen), plus the source's answers and the descriptions.
    public func screenText(describingViews: ((StandInView) -> String)? = nil) -> String {
        let describe = describingViews ?? { $0.textDescription }
        let kind = listKind == .tableView ? "table view" : "collection view"
        let total = counts.reduce(0, +)
        var lines: [String] = []
        var head = "\(kind): \(Self.count(counts.count, "section")), \(Self.count(total, "row"))"
        if let viewportHeight {
            head +=
                ", viewport \(Self.number(viewportHeight)) high at offset \(Self.number(contentOffset))"
                + " of \(Self.number(contentHeight))"
        } else {
            head += ", all on screen"
        }
        lines.append(head)
        let selected = selectedPaths.sorted()
        lines.append("selected: " + (selected.isEmpty ? "none" : selected.map(\.description).joined(separator: ", ")))
        if let indexTitles = sectionIndexTitles {
            lines.append("section index: " + indexTitles.map { String(reflecting: $0) }.joined(separator: ", "))
        }
        let visible = visibleCells
        var next = 0 // the first visible cell not written yet
        for s in counts.indices {
            lines.append("section \(s): \(Self.count(counts[s], "row"))")
            if let header = supplementaryText(.header, in: s, describe) { lines.append("  header \(header)") }
            var shown = 0, firstShown: Int?
            while next < visible.count, visible[next].path.section == s {
                let (path, cell) = visible[next]
                if firstShown == nil {
                    firstShown = path.item
                    if path.item > 0 { lines.append("  … \(Self.count(path.item, "row")) above") }
                }
                lines.append("  \(rowText(path, cell, describe))")
                shown += 1
                next += 1
            }
            let below = counts[s] - (firstShown ?? 0) - shown
            if firstShown == nil, counts[s] > 0 {
                lines.append("  … \(Self.count(counts[s], "row")) off screen")
            } else if below > 0 {
                lines.append("  … \(Self.count(below, "row")) below")
            }
            if let footer = supplementaryText(.footer, in: s, describe) { lines.append("  footer \(footer)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A row on screen: its path, its cell and what the user sees on it.
    private func rowText(_ path: ItemPath, _ cell: StandInView?, _ describe: (StandInView) -> String) -> String {
        var parts = ["\(path) " + (cell.map(describe) ?? "(no cell: the dequeue failed)")]
        if selectedPaths.contains(path) { parts.append("selected") }
        if let source {
            var controls: [String] = []
            switch listKind {
            case .tableView:
                if source.canEditItem(at: path) {
                    if source.editingStyle(at: path) == .delete { controls.append("delete") }
                    if source.canMoveItem(at: path) { controls.append("reorder") }
                }
            case .collectionView:
                if source.canMoveItem(at: path) { controls.append("reorder") }
            }
            if !controls.isEmpty { parts.append("edit: " + controls.joined(separator: ", ")) }
        }
        for (edge, name) in [(SwipeEdge.leading, "leading"), (.trailing, "trailing")] {
            guard let swipe = userSwipes(edge, on: path), !swipe.actions.isEmpty else { continue }
            parts.append("\(name) swipe: " + swipe.actions.map(Self.actionText).joined(separator: ", "))
        }
        return parts.joined(separator: " | ")
    }

    /// A section's header or footer as the view shows it: its view, else (a table) its title.
    private func supplementaryText(_ element: ListElement, in s: Int, _ describe: (StandInView) -> String) -> String? {
        if let view = visibleSupplementaryView(element, in: s) as? StandInView { return describe(view) }
        guard listKind == .tableView, titles.indices.contains(s) else { return nil }
        return (element == .header ? titles[s].header : titles[s].footer).map { String(reflecting: $0) }
    }

    /// A swipe action's title (its image's name without one), marked when destructive.
    static func actionText(_ action: SwipeAction) -> String {
        let name =
            action.title.map { String(reflecting: $0) } ?? action.systemImageName.map { "image \(String(reflecting: $0))" } ?? "untitled"
        return action.style == .destructive ? "\(name) (destructive)" : name
    }

    /// "1 row", "3 rows".
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// A length without a needless ".0".
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
