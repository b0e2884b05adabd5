/// Handlers for expanding and collapsing items of section snapshots: UIKit's
/// `UICollectionViewDiffableDataSource.SectionSnapshotHandlers`, with the same members. Called on
/// the main actor by `DiffableDataSourceCore.expand(_:)`, `collapse(_:)` and
/// `toggleExpansion(of:)`, which stand for the user's tap on an outline disclosure.
public struct DiffableSectionSnapshotHandlers<ItemIdentifierType: Hashable & Sendable> {
    /// Whether the item may be expanded; nil: every item may.
    public var shouldExpandItem: ((ItemIdentifierType) -> Bool)?
    /// Called before the item is expanded.
    public var willExpandItem: ((ItemIdentifierType) -> Void)?
    /// Whether the item may be collapsed; nil: every item may.
    public var shouldCollapseItem: ((ItemIdentifierType) -> Bool)?
    /// Called before the item is collapsed.
    public var willCollapseItem: ((ItemIdentifierType) -> Void)?
    /// The children to show under a parent being expanded, given its current children (as a
    /// section snapshot whose roots are the children); nil: the children it has.
    public var snapshotForExpandingParent:
        (
            (ItemIdentifierType, DiffableDataSourceSectionSnapshot<ItemIdentifierType>)
                -> DiffableDataSourceSectionSnapshot<ItemIdentifierType>
        )?

    /// No handlers: every item may be expanded and collapsed, and keeps its children.
    /// - Complexity: O(1).
    public init() {}
}

// Section snapshots: a section shows its outline's visible items. The outline is kept while the
// section shows exactly those items; a snapshot (or another section's outline) that changes the
// section's items drops it, and `snapshot(for:)` then gives the section's items as a flat outline.
extension DiffableDataSourceCore {
    /// Shows `sectionSnapshot` in `section`: the section's items become its visible items (the
    /// section is appended when the snapshot lacks it; a visible item found in another section
    /// moves here), and `snapshot(for:)` returns it until the section's items change otherwise.
    /// Returns at once; `completion` runs once the view shows it.
    /// - Complexity: O(visible items + length of the sections touched), plus an apply's cost.
    public func apply(
        _ sectionSnapshot: SectionSnapshot, to section: SectionIdentifierType, animatingDifferences: Bool = true,
        completion: (@MainActor () -> Void)? = nil
    ) {
        render(replacing: section, with: sectionSnapshot, animated: animatingDifferences, completion: completion)
    }

    /// `apply(_:to:animatingDifferences:completion:)`, returning once the view shows the result.
    /// - Complexity: as `apply(_:to:animatingDifferences:completion:)`.
    public func apply(_ sectionSnapshot: SectionSnapshot, to section: SectionIdentifierType, animatingDifferences: Bool = true) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            render(replacing: section, with: sectionSnapshot, animated: animatingDifferences) { continuation.resume() }
        }
    }

    /// The outline last applied to `section`, while the section shows its visible items;
    /// otherwise the section's items as a flat outline (empty when `snapshot()` has no such
    /// section).
    /// - Complexity: O(1) for a kept outline; O(items of the section) otherwise.
    public func snapshot(for section: SectionIdentifierType) -> SectionSnapshot {
        if let outline = outlines[section] { return outline }
        var flat = SectionSnapshot()
        if latest.indexOfSection(section) != nil { flat.append(latest.itemIdentifiers(inSection: section)) }
        return flat
    }

    /// Expands `item` as the user's tap on its outline disclosure does: asks
    /// `sectionSnapshotHandlers.shouldExpandItem`, calls `willExpandItem`, takes the children
    /// `snapshotForExpandingParent` gives, then applies the section's outline with the item
    /// expanded (its children appear). Returns false, changing nothing, when the item is in no
    /// outline, is expanded already, or the handler refused.
    /// - Complexity: as `apply(_:to:animatingDifferences:completion:)`, plus the handlers.
    @discardableResult
    public func expand(_ item: ItemIdentifierType, animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil) -> Bool {
        guard let (section, current) = outline(holding: item), !current.isExpanded(item) else { return false }
        if let shouldExpand = sectionSnapshotHandlers.shouldExpandItem, !shouldExpand(item) { return false }
        sectionSnapshotHandlers.willExpandItem?(item)
        // The handler may have applied something: expand the outline as it is now.
        guard var next = outlines[section], next.contains(item) else { return false }
        if let children = sectionSnapshotHandlers.snapshotForExpandingParent {
            next.replace(childrenOf: item, using: children(item, next.snapshot(of: item)))
        }
        next.expand([item])
        apply(next, to: section, animatingDifferences: animatingDifferences, completion: completion)
        return true
    }

    /// Collapses `item` as the user's tap on its outline disclosure does: asks
    /// `sectionSnapshotHandlers.shouldCollapseItem`, calls `willCollapseItem`, then applies the
    /// section's outline with the item collapsed (its descendants disappear). Returns false,
    /// changing nothing, when the item is in no outline, is collapsed already, or the handler
    /// refused.
    /// - Complexity: as `apply(_:to:animatingDifferences:completion:)`, plus the handlers.
    @discardableResult
    public func collapse(_ item: ItemIdentifierType, animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil) -> Bool
    {
        guard let (section, current) = outline(holding: item), current.isExpanded(item) else { return false }
        if let shouldCollapse = sectionSnapshotHandlers.shouldCollapseItem, !shouldCollapse(item) { return false }
        sectionSnapshotHandlers.willCollapseItem?(item)
        guard var next = outlines[section], next.contains(item) else { return false }
        next.collapse([item])
        apply(next, to: section, animatingDifferences: animatingDifferences, completion: completion)
        return true
    }

    /// Collapses `item` when it is expanded, expands it otherwise: what an outline disclosure's
    /// action does. Returns whether anything changed.
    /// - Complexity: as `expand(_:animatingDifferences:completion:)`.
    @discardableResult
    public func toggleExpansion(
        of item: ItemIdentifierType, animatingDifferences: Bool = true,
        completion: (@MainActor () -> Void)? = nil
    ) -> Bool {
        guard let (_, current) = outline(holding: item) else { return false }
        return current.isExpanded(item)
            ? collapse(item, animatingDifferences: animatingDifferences, completion: completion)
            : expand(item, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Whether `item` is expanded in its section's outline (false when it is in none).
    /// - Complexity: O(1) expected.
    public func isExpanded(_ item: ItemIdentifierType) -> Bool {
        outline(holding: item)?.outline.isExpanded(item) ?? false
    }

    // MARK: Keeping outlines

    /// Makes `section` show `sectionSnapshot`'s visible items and keeps the outline.
    func render(
        replacing section: SectionIdentifierType, with sectionSnapshot: SectionSnapshot, animated: Bool,
        completion: (@MainActor () -> Void)?
    ) {
        var next = latest
        next.replaceItems(inSection: section, withVisibleItemsOf: sectionSnapshot)
        outlines[section] = sectionSnapshot
        render(next, animated: animated, completion: completion)
    }

    /// The kept outline holding `item`, and its section.
    /// - Complexity: O(1) expected when the item is visible; O(kept outlines) otherwise.
    func outline(holding item: ItemIdentifierType) -> (section: SectionIdentifierType, outline: SectionSnapshot)? {
        if let section = latest.sectionIdentifier(containingItem: item), let outline = outlines[section], outline.contains(item) {
            return (section, outline)
        }
        for (section, outline) in outlines where outline.contains(item) { return (section, outline) }
        return nil
    }

    /// Drops the outlines whose section no longer shows exactly their visible items in `latest`.
    /// - Complexity: O(items of the sections with an outline).
    func keepMatchingOutlines() {
        for (section, outline) in outlines {
            guard latest.indexOfSection(section) != nil, latest.itemIdentifiers(inSection: section) == outline.visibleItems else {
                outlines[section] = nil
                continue
            }
        }
    }

    /// Whether the section the view shows at `index` may take part in a reorder: it has no kept
    /// outline, or a flat one (the items of a hierarchy have no place a row move could name).
    /// - Complexity: O(1) amortized.
    func isFlatSection(at index: Int) -> Bool {
        guard let section = sectionIdentifier(for: index), let outline = outlines[section] else { return true }
        return outline.items.count == outline.rootItems.count
    }
}
