#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// The `NSCollectionViewDataSource` and `NSCollectionViewDelegate` of an `NSCollectionViewTarget`:
/// each method forwards to the owner (`ListViewSource`).
@MainActor
public final class NSCollectionViewAdapter: NSObject, NSCollectionViewDataSource, NSCollectionViewDelegate {
    /// Who answers; weak, as AppKit's own data source references.
    public weak var source: (any ListViewSource)?

    /// Identifiers of the plain views registered for kinds RowDiff does not describe.
    private var plainIdentifiers: Set<String> = []

    override public init() { super.init() }

    // MARK: NSCollectionViewDataSource

    public func numberOfSections(in collectionView: NSCollectionView) -> Int { source?.numberOfSections ?? 0 }

    public func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int) -> Int {
        source?.numberOfItems(in: section) ?? 0
    }

    public func collectionView(_ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath) -> NSCollectionViewItem
    {
        if let item = source?.cell(at: ItemPath(appKitIndexPath: indexPath)) as? NSCollectionViewItem { return item }
        // Only when the owner is gone: AppKit needs an item, and this one shows nothing.
        let identifier = ViewRegistration.plainReuseIdentifier(.cell)
        if plainIdentifiers.insert(identifier).inserted {
            collectionView.register(NSCollectionViewItem.self, forItemWithIdentifier: NSUserInterfaceItemIdentifier(rawValue: identifier))
        }
        return collectionView.makeItem(withIdentifier: NSUserInterfaceItemIdentifier(rawValue: identifier), for: indexPath)
    }

    public func collectionView(
        _ collectionView: NSCollectionView, viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
        at indexPath: IndexPath
    ) -> NSView {
        if let element = ListElement(appKitElementKind: kind),
            let view = source?.supplementaryView(element, in: indexPath.section) as? NSView
        {
            return view
        }
        // A kind RowDiff does not describe (the app's layout asked for it): AppKit needs a view.
        let identifier = "RowDiff.Plain." + kind
        if plainIdentifiers.insert(identifier).inserted {
            collectionView.register(
                PlainSupplementaryView.self, forSupplementaryViewOfKind: kind,
                withIdentifier: NSUserInterfaceItemIdentifier(rawValue: identifier))
        }
        return collectionView.makeSupplementaryView(
            ofKind: kind, withIdentifier: NSUserInterfaceItemIdentifier(rawValue: identifier), for: indexPath)
    }

    // MARK: NSCollectionViewDelegate

    public func collectionView(_ collectionView: NSCollectionView, shouldSelectItemsAt indexPaths: Set<IndexPath>) -> Set<IndexPath> {
        guard let source else { return [] }
        return indexPaths.filter { source.shouldSelectItem(at: ItemPath(appKitIndexPath: $0)) }
    }

    public func collectionView(_ collectionView: NSCollectionView, didSelectItemsAt indexPaths: Set<IndexPath>) {
        for indexPath in indexPaths.sorted() { source?.didSelectItem(at: ItemPath(appKitIndexPath: indexPath)) }
    }

    public func collectionView(_ collectionView: NSCollectionView, didDeselectItemsAt indexPaths: Set<IndexPath>) {
        for indexPath in indexPaths.sorted() { source?.didDeselectItem(at: ItemPath(appKitIndexPath: indexPath)) }
    }
}
#endif
