#if canImport(UIKit) && !os(watchOS)
import UIKit

/// The `UITableViewDataSource` and `UITableViewDelegate` of a `TableViewTarget`: each method
/// forwards to the owner (`ListViewSource`), which holds all the logic.
///
/// The app's own `delegate` receives every `UITableViewDelegate` and `UIScrollViewDelegate` call
/// the owner does not answer (`scrollViewDidScroll`, display, focus updates, drag and drop, …),
/// forwarded by the Objective-C runtime (`responds(to:)` and `forwardingTarget(for:)`), and also
/// `didSelectRowAt` / `didDeselectRowAt` after the owner. The questions the owner answers (cells,
/// selection permission, swipe actions, context menus, editing, heights, headers, index, move
/// targets) are answered from the rows; a row height or focus question the rows do not answer
/// goes to the app's delegate when it implements it.
@MainActor
public final class TableViewAdapter: NSObject, UITableViewDataSource, UITableViewDelegate {
    /// Who answers; weak, as UIKit's own data source references.
    public weak var source: (any ListViewSource)?
    /// The app's own delegate (weak, as UIKit's). Set it through the target
    /// (`TableViewTarget.delegate`), which makes the table ask again what is implemented.
    public weak var delegate: (any UITableViewDelegate)? {
        didSet { forwardee = delegate }
    }

    /// `delegate`, readable where the Objective-C runtime asks (`responds(to:)` and
    /// `forwardingTarget(for:)` are not main-actor methods). Written on the main actor only.
    nonisolated(unsafe) private weak var forwardee: (any NSObjectProtocol)?
    /// Whether the row-height and focus questions are answered (see `refreshCapabilities()`).
    nonisolated(unsafe) private var answersRowHeights = false
    nonisolated(unsafe) private var answersFocus = false
    /// The app's own prefetch data source: it receives the prefetch calls after the owner (TableViewAdapter+Display.swift).
    public weak var prefetchDataSource: (any UITableViewDataSourcePrefetching)?

    override public init() { super.init() }

    /// Reads the source's traits again: the row-height methods are implemented only while some row
    /// has a height (so a large list of self-sizing rows costs no height call) and the focus method
    /// only while some row has a focus rule. The target sets the table's delegate again afterwards,
    /// since UIKit caches which methods its delegate implements.
    public func refreshCapabilities() {
        answersRowHeights = source?.hasExplicitRowHeights ?? false
        answersFocus = source?.hasFocusRules ?? false
    }

    // MARK: Forwarding to the app's delegate

    nonisolated override public func responds(to aSelector: Selector!) -> Bool {
        if let conditional = Self.isAnswered(aSelector, heights: answersRowHeights, focus: answersFocus), !conditional {
            return forwardee?.responds(to: aSelector) ?? false
        }
        return super.responds(to: aSelector) || (forwardee?.responds(to: aSelector) ?? false)
    }

    nonisolated override public func forwardingTarget(for aSelector: Selector!) -> Any? {
        if let forwardee, forwardee.responds(to: aSelector) { return forwardee }
        return super.forwardingTarget(for: aSelector)
    }

    /// For the methods implemented only while the model needs them: whether they are answered now;
    /// nil for every other selector.
    nonisolated private static func isAnswered(_ selector: Selector, heights: Bool, focus: Bool) -> Bool? {
        switch selector {
        case #selector(UITableViewDelegate.tableView(_:heightForRowAt:)),
            #selector(UITableViewDelegate.tableView(_:estimatedHeightForRowAt:)):
            heights
        case #selector(UITableViewDelegate.tableView(_:canFocusRowAt:)):
            focus
        default:
            nil
        }
    }

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
        if let height = source?.height(at: ItemPath(indexPath)) { return CGFloat(height) }
        return delegate?.tableView?(tableView, heightForRowAt: indexPath) ?? tableView.rowHeight
    }

    public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        if let height = source?.estimatedHeight(at: ItemPath(indexPath)) { return CGFloat(height) }
        return delegate?.tableView?(tableView, estimatedHeightForRowAt: indexPath) ?? tableView.estimatedRowHeight
    }

    public func tableView(_ tableView: UITableView, canFocusRowAt indexPath: IndexPath) -> Bool {
        if let canFocus = source?.canFocusItem(at: ItemPath(indexPath)) { return canFocus }
        return delegate?.tableView?(tableView, canFocusRowAt: indexPath) ?? true
    }

    public func tableView(
        _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath {
        guard let source else { return proposedDestinationIndexPath }
        return IndexPath(
            tableRow: source.targetPathForMove(from: ItemPath(sourceIndexPath), proposed: ItemPath(proposedDestinationIndexPath)))
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
        delegate?.tableView?(tableView, didSelectRowAt: indexPath)
    }

    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
        source?.didDeselectItem(at: ItemPath(indexPath))
        delegate?.tableView?(tableView, didDeselectRowAt: indexPath)
    }

    #if os(iOS)
    public func sectionIndexTitles(for tableView: UITableView) -> [String]? { source?.sectionIndexTitles() }

    public func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        source?.section(forSectionIndexAt: index) ?? index
    }

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
