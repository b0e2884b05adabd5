#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// An `NSCollectionView` as a list-view host, as UIKit's `CollectionViewTarget`: once an owner is
/// attached (`source`), its `NSCollectionViewAdapter` becomes the view's data source and delegate
/// and the view becomes selectable; the target holds the adapter (AppKit references it weakly).
/// Create it through `ListController(collectionView:)`.
///
/// Items are `NSCollectionViewItem` subclasses (view controllers) conforming to `ReusableView`: a
/// row's binding receives the item, so configure its `view` or outlets there. Section headers and
/// footers are `NSView` subclasses conforming to `NSCollectionViewElement` and `ReusableView`,
/// shown as the layout's `elementKindSectionHeader` / `elementKindSectionFooter` views (a flow
/// layout shows them when its header or footer reference size is not zero).
///
/// Batches: one `performBatchUpdates(_:completionHandler:)` per stage with the data installed
/// first inside the block; NSCollectionView has no reconfigure, so changed items are reloaded.
@MainActor
public final class NSCollectionViewTarget: ListViewHost {
    /// The collection view.
    public let collectionView: NSCollectionView
    /// The collection view's data source and delegate.
    public let adapter = NSCollectionViewAdapter()
    /// Unused: a collection view's layout animates its changes.
    public var animations = TableAnimations.automatic

    /// A host for `collectionView`.
    public init(_ collectionView: NSCollectionView) {
        self.collectionView = collectionView
    }

    public var listKind: ListViewKind { .collectionView }

    /// Setting an owner makes the adapter the view's data source and delegate; without one the
    /// target only applies batches (`ListRenderer` with your own data source).
    public var source: (any ListViewSource)? {
        get { adapter.source }
        set {
            adapter.source = newValue
            if newValue != nil {
                collectionView.dataSource = adapter
                collectionView.delegate = adapter
                // Rows decide whether they can be selected (`RowActions`).
                collectionView.isSelectable = true
            }
        }
    }

    public var isVisible: Bool { collectionView.window != nil }

    public func visibleSupplementaryView(_ element: ListElement, in section: Int) -> AnyObject? {
        guard let kind = element.appKitElementKind, section >= 0, section < collectionView.numberOfSections else { return nil }
        return collectionView.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: section))
    }

    /// Collection views show no titles.
    public func showSupplementaryTitle(_ title: String?, for element: ListElement, in section: Int) {}

    /// The layout sizes its supplementary views again.
    public func invalidateSupplementaryLayout() { collectionView.collectionViewLayout?.invalidateLayout() }

    /// Nothing to do: the adapter answers no question conditionally.
    public func sourceCapabilitiesChanged() {}

    public var updateMode: UpdateMode { .batches(reconfigures: false) }

    public func performBatchUpdates(
        _ update: BatchUpdate, installingData install: @escaping @MainActor () -> Void,
        completion: @escaping @MainActor (Bool) -> Void
    ) {
        // The update block may outlive this call; it captures what it needs. The batch animates
        // as one operation (no `animator()` proxy needed).
        let view = collectionView
        view.performBatchUpdates(
            {
                install()
                if !update.sectionDeletes.isEmpty { view.deleteSections(IndexSet(update.sectionDeletes)) }
                if !update.sectionInserts.isEmpty { view.insertSections(IndexSet(update.sectionInserts)) }
                for move in update.sectionMoves { view.moveSection(move.from, toSection: move.to) }
                if !update.sectionReloads.isEmpty { view.reloadSections(IndexSet(update.sectionReloads)) }
                if !update.itemDeletes.isEmpty { view.deleteItems(at: Set(update.itemDeletes.map(IndexPath.init(appKitItem:)))) }
                if !update.itemInserts.isEmpty { view.insertItems(at: Set(update.itemInserts.map(IndexPath.init(appKitItem:)))) }
                for move in update.itemMoves {
                    view.moveItem(at: IndexPath(appKitItem: move.from), to: IndexPath(appKitItem: move.to))
                }
                // `updateMode` says the view cannot reconfigure, so the renderer sends reloads; a
                // reconfigure from a target of your own is a reload here too.
                let reloads = update.itemReloads + update.itemReconfigures
                if !reloads.isEmpty { view.reloadItems(at: Set(reloads.map(IndexPath.init(appKitItem:)))) }
            }, completionHandler: { finished in MainActor.assumeIsolated { completion(finished) } })
    }

    public func reloadData() { collectionView.reloadData() }

    public func register(_ registration: ViewRegistration) {
        let identifier = NSUserInterfaceItemIdentifier(rawValue: registration.reuseIdentifier)
        guard let kind = registration.element.appKitElementKind else {
            switch registration.source {
            case .prototype: return
            case .viewClass(let viewClass): collectionView.register(viewClass, forItemWithIdentifier: identifier)
            case .nib(let name, let bundle, let viewClass):
                collectionView.register(
                    ViewRegistration.appKitNib(named: name, bundle: bundle, viewClass: viewClass),
                    forItemWithIdentifier: identifier)
            case .plain: collectionView.register(NSCollectionViewItem.self, forItemWithIdentifier: identifier)
            }
            return
        }
        switch registration.source {
        case .prototype: return
        case .viewClass(let viewClass):
            collectionView.register(viewClass, forSupplementaryViewOfKind: kind, withIdentifier: identifier)
        case .nib(let name, let bundle, let viewClass):
            collectionView.register(
                ViewRegistration.appKitNib(named: name, bundle: bundle, viewClass: viewClass),
                forSupplementaryViewOfKind: kind, withIdentifier: identifier)
        case .plain:
            collectionView.register(PlainSupplementaryView.self, forSupplementaryViewOfKind: kind, withIdentifier: identifier)
        }
    }

    public func dequeueView(_ element: ListElement, reuseIdentifier: String, at path: ItemPath) -> AnyObject? {
        let identifier = NSUserInterfaceItemIdentifier(rawValue: reuseIdentifier)
        let indexPath = IndexPath(appKitItem: path)
        guard let kind = element.appKitElementKind else {
            return collectionView.makeItem(withIdentifier: identifier, for: indexPath)
        }
        return collectionView.makeSupplementaryView(ofKind: kind, withIdentifier: identifier, for: indexPath)
    }

    public func deselectItem(at path: ItemPath, animated: Bool) {
        // Programmatic: AppKit calls no delegate method for it (UIKit calls no didDeselect either).
        collectionView.deselectItems(at: [IndexPath(appKitItem: path)])
    }

    public func restoreAfterRefusedMove(from source: ItemPath, to destination: ItemPath) {
        // The owner does not offer drag reorder in collection views; a move refused through
        // `ListController.moveItem` after the view moved an item is repaired on the next turn.
        Task { @MainActor [weak collectionView] in collectionView?.reloadData() }
    }
}

/// The empty supplementary view shown for a header or footer the layout asks for when the
/// section has none (or of a kind RowDiff does not describe).
final class PlainSupplementaryView: NSView, NSCollectionViewElement {}
#endif
