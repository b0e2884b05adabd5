#if canImport(UIKit) && !os(watchOS)
import UIKit

/// The `UICollectionViewDataSource` and `UICollectionViewDelegate` of a `CollectionViewTarget`:
/// each method forwards to the owner (`ListViewSource`).
///
/// The app's own `delegate` receives every `UICollectionViewDelegate`,
/// `UICollectionViewDelegateFlowLayout` and `UIScrollViewDelegate` call the owner does not answer
/// (item sizes, `scrollViewDidScroll`, display, drag and drop, …), forwarded by the Objective-C
/// runtime, and also `didSelectItemAt` / `didDeselectItemAt` after the owner; a focus question the
/// rows do not answer goes to it when it implements it.
@MainActor
public final class CollectionViewAdapter: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
    /// Who answers; weak, as UIKit's own data source references.
    public weak var source: (any ListViewSource)?
    /// The app's own delegate (weak, as UIKit's). Set it through the target
    /// (`CollectionViewTarget.delegate`), which makes the view ask again what is implemented.
    public weak var delegate: (any UICollectionViewDelegate)? {
        didSet { forwardee = delegate }
    }

    /// `delegate`, readable where the Objective-C runtime asks (see `TableViewAdapter`).
    nonisolated(unsafe) private weak var forwardee: (any NSObjectProtocol)?
    /// Whether the focus question is answered (see `refreshCapabilities()`).
    nonisolated(unsafe) private var answersFocus = false

    /// Reads the source's traits again: the focus method is implemented only while some row has a
    /// focus rule. The target sets the view's delegate again afterwards.
    public func refreshCapabilities() {
        answersFocus = source?.hasFocusRules ?? false
    }

    // MARK: Forwarding to the app's delegate

    nonisolated override public func responds(to aSelector: Selector!) -> Bool {
        if aSelector == #selector(UICollectionViewDelegate.collectionView(_:canFocusItemAt:)), !answersFocus {
            return forwardee?.responds(to: aSelector) ?? false
        }
        return super.responds(to: aSelector) || (forwardee?.responds(to: aSelector) ?? false)
    }

    nonisolated override public func forwardingTarget(for aSelector: Selector!) -> Any? {
        if let forwardee, forwardee.responds(to: aSelector) { return forwardee }
        return super.forwardingTarget(for: aSelector)
    }
    /// The app's own prefetch data source: it receives the prefetch calls after the owner (CollectionViewAdapter+Display.swift).
    public weak var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)?

    /// Identifiers of the plain views registered for kinds RowDiff does not describe.
    private var plainIdentifiers: Set<String> = []

    override public init() { super.init() }

    // MARK: UICollectionViewDataSource

    public func numberOfSections(in collectionView: UICollectionView) -> Int { source?.numberOfSections ?? 0 }

    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        source?.numberOfItems(in: section) ?? 0
    }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        if let cell = source?.cell(at: ItemPath(indexPath)) as? UICollectionViewCell { return cell }
        // Only when the owner is gone: UIKit needs a dequeued cell, and this one shows nothing.
        return plainCell(in: collectionView, at: indexPath)
    }

    public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        if let element = ListElement(collectionViewElementKind: kind),
            let view = source?.supplementaryView(element, in: indexPath.section) as? UICollectionReusableView
        {
            return view
        }
        // A kind RowDiff does not describe (the app's layout asked for it): UIKit needs a view.
        return plainSupplementaryView(in: collectionView, kind: kind, at: indexPath)
    }

    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        source?.canMoveItem(at: ItemPath(indexPath)) ?? false
    }

    public func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        source?.moveItem(from: ItemPath(sourceIndexPath), to: ItemPath(destinationIndexPath))
    }

    /// An empty cell, registered on first use.
    private func plainCell(in collectionView: UICollectionView, at indexPath: IndexPath) -> UICollectionViewCell {
        let identifier = ViewRegistration.plainReuseIdentifier(.cell)
        if plainIdentifiers.insert(identifier).inserted {
            collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: identifier)
        }
        return collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
    }

    /// An empty supplementary view of `kind`, registered on first use.
    private func plainSupplementaryView(
        in collectionView: UICollectionView, kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        let identifier = "RowDiff.Plain." + kind
        if plainIdentifiers.insert(identifier).inserted {
            collectionView.register(UICollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
        }
        return collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: identifier, for: indexPath)
    }

    // MARK: UICollectionViewDelegate

    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        source?.shouldHighlightItem(at: ItemPath(indexPath)) ?? false
    }

    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        source?.shouldSelectItem(at: ItemPath(indexPath)) ?? false
    }

    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        source?.didSelectItem(at: ItemPath(indexPath))
        delegate?.collectionView?(collectionView, didSelectItemAt: indexPath)
    }

    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        source?.didDeselectItem(at: ItemPath(indexPath))
        delegate?.collectionView?(collectionView, didDeselectItemAt: indexPath)
    }

    public func collectionView(_ collectionView: UICollectionView, canFocusItemAt indexPath: IndexPath) -> Bool {
        if let canFocus = source?.canFocusItem(at: ItemPath(indexPath)) { return canFocus }
        return delegate?.collectionView?(collectionView, canFocusItemAt: indexPath) ?? true
    }

    #if os(iOS) || os(tvOS)
    /// The owner's `targetPathForMove`, from the item's place when the drag began.
    public func collectionView(
        _ collectionView: UICollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        guard let source else { return proposedIndexPath }
        return IndexPath(collectionItem: source.targetPathForMove(from: ItemPath(originalIndexPath), proposed: ItemPath(proposedIndexPath)))
    }
    #endif

    /// The section index of a list.
    public func indexTitles(for collectionView: UICollectionView) -> [String]? { source?.sectionIndexTitles() }

    public func collectionView(_ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int) -> IndexPath {
        IndexPath(item: 0, section: source?.section(forSectionIndexAt: index) ?? index)
    }

    #if os(iOS)
    /// Context menus: a menu for a single item (multi-item selections get none).
    public func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
    ) -> UIContextMenuConfiguration? {
        guard indexPaths.count == 1, let indexPath = indexPaths.first else { return nil }
        return source?.contextMenu(at: ItemPath(indexPath))?.configuration
    }
    #endif
}
#endif
