#if canImport(UIKit) && !os(watchOS)
import UIKit

/// A `UITableView` as a list-view host: it translates each call to UIKit and nothing more. Once an
/// owner is attached (`source`), its `TableViewAdapter` becomes the table's data source and
/// delegate; the target holds the adapter (UIKit references it weakly). Create it through
/// `ListController(tableView:)`; alone, it applies a `ListRenderer`'s batches to a table whose data
/// source is yours.
///
/// Batches: one `performBatchUpdates` per stage with the data installed first inside the block,
/// per-operation animations from `animations`, reconfigure in place.
@MainActor
public final class TableViewTarget: ListViewHost {
    /// The table view.
    public let tableView: UITableView
    /// The table's data source and delegate.
    public let adapter = TableViewAdapter()
    /// Per-operation animations.
    public var animations = TableAnimations.automatic

    /// A host for `tableView`.
    public init(_ tableView: UITableView) {
        self.tableView = tableView
    }

    public var listKind: ListViewKind { .tableView }

    /// Setting an owner makes the adapter the view's data source and delegate; without one the
    /// target only applies batches (`ListRenderer` with your own data source). A delegate the table
    /// already had (a `UITableViewController`, one set in a storyboard) becomes the app's
    /// `delegate`, so its `scrollViewDidScroll` and the rest still reach it.
    public var source: (any ListViewSource)? {
        get { adapter.source }
        set {
            adapter.source = newValue
            guard newValue != nil else { return }
            if let existing = tableView.delegate, existing !== adapter, adapter.delegate == nil {
                adapter.delegate = existing
            }
            adapter.refreshCapabilities()
            tableView.dataSource = adapter
            tableView.delegate = adapter
            tableView.prefetchDataSource = adapter
        }
    }

    /// The app's own `UITableViewDelegate`: it receives every delegate and scroll-view call the
    /// owner does not answer (see `TableViewAdapter`). Weak, as UIKit's.
    public var delegate: (any UITableViewDelegate)? {
        get { adapter.delegate }
        set {
            adapter.delegate = newValue
            resetDelegate()
        }
    }

    /// The delegate is set again (UIKit caches which methods it implements) and an empty batch
    /// makes the table ask every height anew, rows already on screen included.
    public func sourceCapabilitiesChanged() {
        adapter.refreshCapabilities()
        resetDelegate()
        tableView.performBatchUpdates(nil)
    }

    /// UIKit reads which methods its delegate implements when the delegate is set: setting it again
    /// makes it read them anew.
    private func resetDelegate() {
        guard tableView.delegate === adapter else { return }
        tableView.delegate = nil
        tableView.delegate = adapter
    }

    public var isVisible: Bool { tableView.window != nil }

    public var hasUncommittedUpdates: Bool { tableView.hasUncommittedUpdates }

    public var updateMode: UpdateMode { .batches(reconfigures: true) }

    public func performBatchUpdates(
        _ update: BatchUpdate, installingData install: @escaping @MainActor () -> Void,
        completion: @escaping @MainActor (Bool) -> Void
    ) {
        // UIKit may keep the update block past this call, so it captures what it needs (the
        // view, the batch, the animations, the escaping `install`) instead of borrowing.
        let view = tableView
        let sections = animations.sections, rows = animations.rows
        view.performBatchUpdates(
            {
                install()
                if !update.sectionDeletes.isEmpty {
                    view.deleteSections(IndexSet(update.sectionDeletes), with: sections.delete.tableViewAnimation)
                }
                if !update.sectionInserts.isEmpty {
                    view.insertSections(IndexSet(update.sectionInserts), with: sections.insert.tableViewAnimation)
                }
                for move in update.sectionMoves { view.moveSection(move.from, toSection: move.to) }
                if !update.sectionReloads.isEmpty {
                    view.reloadSections(IndexSet(update.sectionReloads), with: sections.reload.tableViewAnimation)
                }
                if !update.itemDeletes.isEmpty {
                    view.deleteRows(at: update.itemDeletes.map(IndexPath.init(tableRow:)), with: rows.delete.tableViewAnimation)
                }
                if !update.itemInserts.isEmpty {
                    view.insertRows(at: update.itemInserts.map(IndexPath.init(tableRow:)), with: rows.insert.tableViewAnimation)
                }
                for move in update.itemMoves {
                    view.moveRow(at: IndexPath(tableRow: move.from), to: IndexPath(tableRow: move.to))
                }
                if !update.itemReloads.isEmpty {
                    view.reloadRows(at: update.itemReloads.map(IndexPath.init(tableRow:)), with: rows.reload.tableViewAnimation)
                }
                if !update.itemReconfigures.isEmpty {
                    view.reconfigureRows(at: update.itemReconfigures.map(IndexPath.init(tableRow:)))
                }
            }, completion: { finished in MainActor.assumeIsolated { completion(finished) } })
    }

    public func reloadData() { tableView.reloadData() }

    public func register(_ registration: ViewRegistration) {
        let identifier = registration.reuseIdentifier
        switch (registration.element, registration.source) {
        case (_, .prototype):
            return
        case (.cell, .viewClass(let viewClass)):
            tableView.register(viewClass, forCellReuseIdentifier: identifier)
        case (.cell, .nib(let name, let bundle, let viewClass)):
            tableView.register(ViewRegistration.nib(named: name, bundle: bundle, viewClass: viewClass), forCellReuseIdentifier: identifier)
        case (.cell, .plain):
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: identifier)
        case (.header, .viewClass(let viewClass)), (.footer, .viewClass(let viewClass)):
            tableView.register(viewClass, forHeaderFooterViewReuseIdentifier: identifier)
        case (.header, .nib(let name, let bundle, let viewClass)), (.footer, .nib(let name, let bundle, let viewClass)):
            tableView.register(
                ViewRegistration.nib(named: name, bundle: bundle, viewClass: viewClass),
                forHeaderFooterViewReuseIdentifier: identifier)
        case (.header, .plain), (.footer, .plain):
            tableView.register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: identifier)
        }
    }

    public func dequeueView(_ element: ListElement, reuseIdentifier: String, at path: ItemPath) -> AnyObject? {
        switch element {
        case .cell: tableView.dequeueReusableCell(withIdentifier: reuseIdentifier, for: IndexPath(tableRow: path))
        case .header, .footer: tableView.dequeueReusableHeaderFooterView(withIdentifier: reuseIdentifier)
        }
    }

    public func deselectItem(at path: ItemPath, animated: Bool) {
        tableView.deselectRow(at: IndexPath(tableRow: path), animated: animated)
    }

    public func visibleSupplementaryView(_ element: ListElement, in section: Int) -> AnyObject? {
        guard section >= 0, section < tableView.numberOfSections else { return nil }
        switch element {
        case .cell: return nil
        case .header: return tableView.headerView(forSection: section)
        case .footer: return tableView.footerView(forSection: section)
        }
    }

    /// Replaces the text of the title view on screen (UIKit has no call that refreshes one title).
    public func showSupplementaryTitle(_ title: String?, for element: ListElement, in section: Int) {
        guard let view = visibleSupplementaryView(element, in: section) as? UITableViewHeaderFooterView else { return }
        var configuration = view.contentConfiguration as? UIListContentConfiguration ?? view.defaultContentConfiguration()
        configuration.text = title
        view.contentConfiguration = configuration
        view.setNeedsLayout()
    }

    /// An empty batch: the table asks every height again and animates the change, reloading nothing.
    public func invalidateSupplementaryLayout() { tableView.performBatchUpdates(nil) }

    public func restoreAfterRefusedMove(from source: ItemPath, to destination: ItemPath) {
        // UIKit is still inside `tableView(_:moveRowAt:to:)`; reloading there is not allowed, so
        // the table reloads on the next main-actor turn, from the unchanged data source.
        // A drop still being committed must not be reloaded over: wait for it, a frame at a time.
        Task { @MainActor [weak tableView] in
            while tableView?.hasUncommittedUpdates == true { try? await Task.sleep(nanoseconds: 16_000_000) }
            tableView?.reloadData()
        }
    }
}
#endif
