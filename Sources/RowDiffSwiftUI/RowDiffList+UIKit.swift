#if canImport(SwiftUI) && canImport(UIKit) && os(iOS)
import SwiftUI
import UIKit
import RowDiffDataSources
import RowDiffUIKit

/// The cell a `RowDiffList` hosts its rows in: a list cell whose content configuration is set on
/// every configure, so a reused cell keeps nothing of the row it showed before.
final class RowDiffHostingCell: UICollectionViewListCell, ReusableView {}

/// The header and footer view of a `RowDiffList` section.
final class RowDiffHostingSupplementaryView: UICollectionViewListCell, ReusableView {}

/// A `RowDiffList` on iOS: a `UICollectionView` with a list layout, owned by a `ListUpdater`.
struct RowDiffListHost<
    SectionID: Hashable & Sendable, ID: Hashable & Sendable, Item: Equatable, RowContent: View, Header: View, Footer: View
>:
    UIViewRepresentable
{
    let list: RowDiffList<SectionID, ID, Item, RowContent, Header, Footer>

    func makeCoordinator() -> RowDiffListCoordinator<SectionID, ID, Item, RowContent, Header, Footer> {
        RowDiffListCoordinator()
    }

    func makeUIView(context: Context) -> UICollectionView {
        // The owner exists before the list layout, whose swipe providers ask it.
        let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        context.coordinator.attach(to: view, list: list)
        return view
    }

    func updateUIView(_ view: UICollectionView, context: Context) {
        context.coordinator.update(list, in: view, environment: context.environment)
    }
}

/// Translates each new value of a `RowDiffList` to its `ListUpdater` and what the updater decides
/// to the collection view: layout, cells, selection (of one row or a set), scrolling, the scroll
/// anchor, refreshing and editing.
@MainActor
final class RowDiffListCoordinator<
    SectionID: Hashable & Sendable, ID: Hashable & Sendable, Item: Equatable, RowContent: View, Header: View, Footer: View
> {
    typealias List = RowDiffList<SectionID, ID, Item, RowContent, Header, Footer>

    private var updater: ListUpdater<SectionID, ID, Item>?
    private var list: List?
    private weak var collectionView: UICollectionView?
    /// What the layout was made for: the style, and whether sections have headers and footers.
    private var layoutKey: (style: RowDiffListStyle, header: Bool, footer: Bool)?
    private var refresh: RefreshAction?
    private var refreshControl: UIRefreshControl?

    func attach(to view: UICollectionView, list: List) {
        collectionView = view
        self.list = list
        let updater = ListUpdater<SectionID, ID, Item>(
            host: CollectionViewTarget(view), id: list.id,
            presentation: { [weak self] row, actions in self?.presentation(row, actions) ?? .plain(actions: actions) },
            supplementary: { [weak self] section, element in self?.supplementary(section, element) })
        updater.onRendered = { [weak self] in self?.showSelection() }
        self.updater = updater
        applyLayout(for: list)
    }

    func update(_ list: List, in view: UICollectionView, environment: EnvironmentValues) {
        self.list = list
        guard let updater else { return }
        applyLayout(for: list)
        updater.actions = list.listActions
        applyRefresh(environment.refresh, to: view)
        if let editMode = environment.editMode {
            let editing = editMode.wrappedValue.isEditing
            if view.isEditing != editing { view.isEditing = editing }
        }
        let multiple = list.selectionSet != nil
        if view.allowsMultipleSelection != multiple { view.allowsMultipleSelection = multiple }
        // Several rows in EditMode too (UIKit selects no row while editing by default).
        if view.allowsSelectionDuringEditing != multiple { view.allowsSelectionDuringEditing = multiple }
        if view.allowsMultipleSelectionDuringEditing != multiple { view.allowsMultipleSelectionDuringEditing = multiple }
        updater.selectedID = list.selection?.wrappedValue
        updater.selectedIDs = list.selectionSet?.wrappedValue ?? []
        updater.scrollAnchor = list.modifiers.scrollAnchor
        updater.update(list.sections)
        showSelection()
        if let target = list.modifiers.scrollTarget, let id = target.wrappedValue {
            updater.scroll(to: id) { [weak view] path in
                view?.scrollToItem(at: IndexPath(item: path.item, section: path.section), at: .centeredVertically, animated: true)
            }
            // Not during SwiftUI's update: on the next turn of the main actor.
            Task { @MainActor in target.wrappedValue = nil }
        }
    }

    // MARK: Cells

    private func presentation(_ row: ListViewRow<ID, Item>, _ actions: RowActions) -> RowPresentation {
        RowPresentation(cell: RowDiffHostingCell.self, state: row.version, actions: actions) { [weak self] cell, _ in
            self?.configure(cell, with: row)
        }
    }

    /// Sets the cell's whole configuration: its row view, built here and only here, and its
    /// editing controls.
    private func configure(_ cell: RowDiffHostingCell, with row: ListViewRow<ID, Item>) {
        guard let list else { return }
        let item = row.item
        cell.contentConfiguration = UIHostingConfiguration { list.row(item) }
        var accessories: [UICellAccessory] = []
        if list.modifiers.onDelete != nil { accessories.append(.delete(displayed: .whenEditing)) }
        if list.modifiers.onMove != nil { accessories.append(.reorder(displayed: .whenEditing)) }
        cell.accessories = accessories
    }

    private func supplementary(_ section: SectionID, _ element: ListElement) -> Supplementary? {
        guard let list else { return nil }
        switch element {
        case .cell: return nil
        case .header: guard list.header != nil else { return nil }
        case .footer: guard list.footer != nil else { return nil }
        }
        return Supplementary(view: RowDiffHostingSupplementaryView.self, state: section) { [weak self] view, section in
            self?.configure(view, element, of: section)
        }
    }

    private func configure(_ view: RowDiffHostingSupplementaryView, _ element: ListElement, of section: SectionID) {
        guard let list else { return }
        switch element {
        case .cell: return
        case .header:
            guard let header = list.header else { return }
            view.contentConfiguration = UIHostingConfiguration { header(section) }
        case .footer:
            guard let footer = list.footer else { return }
            view.contentConfiguration = UIHostingConfiguration { footer(section) }
        }
    }

    // MARK: Layout, selection, refreshing

    private func applyLayout(for list: List) {
        guard let view = collectionView, let updater else { return }
        let key = (style: list.modifiers.style, header: list.header != nil, footer: list.footer != nil)
        if let layoutKey, layoutKey == key { return }
        layoutKey = key
        var configuration = UICollectionLayoutListConfiguration(appearance: Self.appearance(key.style))
        configuration.headerMode = key.header ? .supplementary : .none
        configuration.footerMode = key.footer ? .supplementary : .none
        configuration.leadingSwipeActionsConfigurationProvider = updater.owner.swipeActionsProvider(.leading)
        configuration.trailingSwipeActionsConfigurationProvider = updater.owner.swipeActionsProvider(.trailing)
        view.setCollectionViewLayout(UICollectionViewCompositionalLayout.list(using: configuration), animated: false)
    }

    private static func appearance(_ style: RowDiffListStyle) -> UICollectionLayoutListConfiguration.Appearance {
        switch style {
        case .plain: .plain
        case .grouped: .grouped
        case .insetGrouped: .insetGrouped
        case .sidebar: .sidebar
        }
    }

    /// Shows the rows the selection binding names as selected (one row, or the set's), wherever
    /// renders have put them; programmatic changes call no delegate method, so nothing is written
    /// back.
    private func showSelection() {
        guard let view = collectionView, let updater, let list, list.selection != nil || list.selectionSet != nil else { return }
        let paths: [ItemPath]
        if list.selectionSet != nil {
            paths = updater.selectedPaths
        } else {
            paths = updater.selectedPath.map { [$0] } ?? []
        }
        let wanted = Set(paths.map { IndexPath(item: $0.item, section: $0.section) })
        let selected = Set(view.indexPathsForSelectedItems ?? [])
        for other in selected.subtracting(wanted) { view.deselectItem(at: other, animated: false) }
        for indexPath in wanted.subtracting(selected) { view.selectItem(at: indexPath, animated: false, scrollPosition: []) }
    }

    /// SwiftUI's `refreshable` on the list: a refresh control that awaits the action.
    private func applyRefresh(_ action: RefreshAction?, to view: UICollectionView) {
        refresh = action
        guard action != nil else {
            if refreshControl != nil {
                view.refreshControl = nil
                refreshControl = nil
            }
            return
        }
        guard refreshControl == nil else { return }
        let control = UIRefreshControl()
        control.addAction(
            UIAction { [weak self, weak control] _ in
                guard let self, let control else { return }
                self.startRefresh(control)
            }, for: .valueChanged)
        view.refreshControl = control
        refreshControl = control
    }

    private func startRefresh(_ control: UIRefreshControl) {
        guard let refresh else {
            control.endRefreshing()
            return
        }
        Task { @MainActor [weak control] in
            await refresh()
            control?.endRefreshing()
        }
    }
}

#endif
