#if canImport(UIKit) && !os(watchOS)
import UIKit

/// The `UITableViewDataSource` and `UITableViewDelegate` of a `TableViewTarget`: each method
/// forwards to the owner (`ListViewSource`), which holds all the logic.
@MainActor
public final class TableViewAdapter: NSObject, UITableViewDataSource, UITableViewDelegate {
    /// Who answers; weak, as UIKit's own data source references.
    public weak var source: (any ListViewSource)?
    /// The app's own delegate: it receives every delegate and scroll-view call the owner does not
    /// answer, and the calls the owner only observes.
    public weak var delegate: (any UITableViewDelegate)?
    /// The app's own prefetch data source: it receives the prefetch calls after the owner (TableViewAdapter+Display.swift).
    public weak var prefetchDataSource: (any UITableViewDataSourcePrefetching)?

    override public init() { super.init() }

    // MARK: UITableViewDataSource

    public func numberOfSections(in tableView: UITableView) -> Int { source?.numberOfSections ?? 0 }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        source?.numberOfItems(in: section) ?? 0
    }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if let cell = source?.cell(at: ItemPath(indexPath)) as? UITableViewCell { return cell }
        // Only when the owner is gone: UIKit needs a cell, and this one shows nothing.
        return UITableViewCell(style: .default, reuseIdentifier: nil)
    }

    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        source?.title(for: .header, in: section)
    }

    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        source?.title(for: .footer, in: section)
    }

    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        source?.canEditItem(at: ItemPath(indexPath)) ?? false
    }

    public func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
        switch source?.editingStyle(at: ItemPath(indexPath)) ?? .none {
        case .none: .none
        case .delete: .delete
        }
    }

    public func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool {
        (source?.editingStyle(at: ItemPath(indexPath)) ?? .none) != .none
    }

    public func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {
        guard editingStyle == .delete else { return }
        source?.commitDelete(at: ItemPath(indexPath))
    }

    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        source?.canMoveItem(at: ItemPath(indexPath)) ?? false
    }

    public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        source?.moveItem(from: ItemPath(sourceIndexPath), to: ItemPath(destinationIndexPath))
    }

    // MARK: UITableViewDelegate

    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        source?.supplementaryView(.header, in: section) as? UIView
    }

    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
        source?.supplementaryView(.footer, in: section) as? UIView
    }

    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        source?.height(at: ItemPath(indexPath)).map { CGFloat($0) } ?? tableView.rowHeight
    }

    public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        source?.estimatedHeight(at: ItemPath(indexPath)).map { CGFloat($0) } ?? tableView.estimatedRowHeight
    }

    // Implementing the header/footer height methods replaces the table's own properties for every
    // section, so a section without a height of its own gets exactly what the table would use
    // without them (`sectionHeaderHeight` etc., `UITableView.automaticDimension` unless set).

    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        source?.supplementaryHeight(.header, in: section).map { CGFloat($0) } ?? tableView.sectionHeaderHeight
    }

    public func tableView(_ tableView: UITableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat {
        source?.estimatedSupplementaryHeight(.header, in: section).map { CGFloat($0) } ?? tableView.estimatedSectionHeaderHeight
    }

    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        source?.supplementaryHeight(.footer, in: section).map { CGFloat($0) } ?? tableView.sectionFooterHeight
    }

    public func tableView(_ tableView: UITableView, estimatedHeightForFooterInSection section: Int) -> CGFloat {
        source?.estimatedSupplementaryHeight(.footer, in: section).map { CGFloat($0) } ?? tableView.estimatedSectionFooterHeight
    }

    public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        source?.shouldHighlightItem(at: ItemPath(indexPath)) ?? false
    }

    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        (source?.shouldSelectItem(at: ItemPath(indexPath)) ?? false) ? indexPath : nil
    }

    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        source?.didSelectItem(at: ItemPath(indexPath))
    }

    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
        source?.didDeselectItem(at: ItemPath(indexPath))
    }

    #if os(iOS)
    public func tableView(
        _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
        source?.swipeActions(.leading, at: ItemPath(indexPath))?.configuration
    }

    public func tableView(
        _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
        source?.swipeActions(.trailing, at: ItemPath(indexPath))?.configuration
    }

    public func tableView(
        _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: CGPoint
    ) -> UIContextMenuConfiguration? {
        source?.contextMenu(at: ItemPath(indexPath))?.configuration
    }
    #endif
}
#endif
