/// What a reorder by the user changed: UIKit's `NSDiffableDataSourceTransaction`, with the same
/// members.
public struct DiffableDataSourceTransaction<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    /// What the view showed before the reorder.
    public let initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// What it shows after it.
    public let finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The change of `initialSnapshot.itemIdentifiers` (all sections, in order) into
    /// `finalSnapshot.itemIdentifiers`: a removal and an insertion associated with each other.
    /// `backingStore.applying(difference)` updates a flat backing store.
    public let difference: CollectionDifference<ItemIdentifierType>
    /// One transaction per section the reorder touched (its source, and its destination when
    /// that is another section).
    public let sectionTransactions: [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]
}

/// What a reorder changed in one section: UIKit's `NSDiffableDataSourceSectionTransaction`.
public struct DiffableDataSourceSectionTransaction<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    Sendable
{
    /// The section.
    public let sectionIdentifier: SectionIdentifierType
    /// The section's items before the reorder, as a flat outline.
    public let initialSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// The section's items after it.
    public let finalSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// The change of the section's items.
    public let difference: CollectionDifference<ItemIdentifierType>
}

/// Handlers for the user's reorders: UIKit's `UICollectionViewDiffableDataSource.ReorderingHandlers`,
/// with the same members, called on the main actor.
public struct DiffableReorderingHandlers<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> {
    /// Whether the user may reorder the item; nil: no item may be reordered.
    public var canReorderItem: ((ItemIdentifierType) -> Bool)?
    /// Called before a reorder is applied to the data source.
    public var willReorder: ((DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
    /// Called after it: update your backing store (`transaction.difference`, or `finalSnapshot`),
    /// so the next snapshot you apply keeps the new order.
    public var didReorder: ((DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?

    /// No handlers: reordering is off.
    /// - Complexity: O(1).
    public init() {}
}

extension DiffableDataSourceCore {
    /// Whether the user may reorder the item the view shows at `path`: `reorderingHandlers`
    /// has `canReorderItem` and it says yes. False for a path out of range, and for an item in a
    /// section whose outline has children (see `moveItem(from:to:)`).
    /// - Complexity: O(1) plus the handler.
    public func canReorderItem(at path: ItemPath) -> Bool {
        guard let item = itemIdentifier(for: path), let canReorder = reorderingHandlers.canReorderItem,
            isFlatSection(at: path.section)
        else { return false }
        return canReorder(item)
    }

    /// Applies a move the user made on screen (`tableView(_:moveRowAt:to:)`,
    /// `collectionView(_:moveItemAt:to:)`): the view already shows it, so no batch is sent.
    /// Calls `reorderingHandlers.willReorder`, moves the item in the data source, updates
    /// `snapshot()`, then calls `didReorder` with the same transaction. A snapshot applied before
    /// the move and not yet shown is rebased onto it (the item keeps the place the user gave it;
    /// see `ListRenderer`), and so is `snapshot()`.
    ///
    /// - Returns: false, changing nothing, when a path is out of range (`destination` counts the
    ///   positions after the item was taken out, as UIKit reports it) or a section involved shows
    ///   an outline with children: the caller restores the view (`restoreAfterRefusedMove`).
    /// - Complexity: O(S + n) (the transaction's snapshots), plus the handlers.
    @discardableResult
    public func moveItem(from source: ItemPath, to destination: ItemPath) -> Bool {
        guard dataSource.isValidMove(from: source, to: destination),
            isFlatSection(at: source.section), isFlatSection(at: destination.section)
        else { return false }
        if source == destination { return true }
        let before = dataSource.sections
        let item = before[source.section].rows[source.item].identifier
        let sourceSection = before[source.section].identifier, destinationSection = before[destination.section].identifier
        let initial = Snapshot(sections: before)
        var final = initial
        final.deleteItems([item])
        let destinationItems = final.itemIdentifiers(inSection: destinationSection)
        if destination.item < destinationItems.count {
            final.insertItems([item], beforeItem: destinationItems[destination.item])
        } else {
            final.appendItems([item], toSection: destinationSection)
        }
        let touched = sourceSection == destinationSection ? [sourceSection] : [sourceSection, destinationSection]
        let transaction = DiffableDataSourceTransaction(
            initialSnapshot: initial, finalSnapshot: final,
            difference: final.itemIdentifiers.difference(from: initial.itemIdentifiers).inferringMoves(),
            sectionTransactions: touched.map { section in
                let old = initial.itemIdentifiers(inSection: section), new = final.itemIdentifiers(inSection: section)
                return DiffableDataSourceSectionTransaction(
                    sectionIdentifier: section, initialSnapshot: flatOutline(of: old, in: section),
                    finalSnapshot: flatOutline(of: new, in: section), difference: new.difference(from: old).inferringMoves())
            })
        reorderingHandlers.willReorder?(transaction)
        guard dataSource.applyInteractiveMove(from: source, to: destination) else { return false }
        // Idle, the current snapshot is what the view showed; otherwise it is the state still on
        // its way, which the renderer rebases onto the move: the same rebase keeps them equal.
        latest = renderer.isRendering ? rebased(latest, from: before, to: dataSource.sections) : final
        for section in touched where outlines[section] != nil {
            outlines[section] = latest.indexOfSection(section).map { _ in
                flatOutline(of: latest.itemIdentifiers(inSection: section), in: section)
            }
        }
        keepMatchingOutlines()
        reorderingHandlers.didReorder?(transaction)
        return true
    }

    /// `snapshot` with the move between `before` and `after` applied as the renderer applies it
    /// to a state requested before the move (`DragRebase`).
    /// - Complexity: O(S + n).
    func rebased(_ snapshot: Snapshot, from before: [Section], to after: [Section]) -> Snapshot {
        let placements = DragRebase.placements(from: before, to: after)
        return Snapshot(sections: DragRebase.apply(placements, to: snapshot.renderedSections()))
    }

    /// `items` as a flat outline, with the expanded states the section's kept outline gives them
    /// (a leaf can be expanded).
    /// - Complexity: O(items).
    func flatOutline(of items: [ItemIdentifierType], in section: SectionIdentifierType) -> SectionSnapshot {
        var outline = SectionSnapshot()
        outline.append(items)
        if let kept = outlines[section] { outline.expand(items.filter { kept.contains($0) && kept.isExpanded($0) }) }
        return outline
    }
}

extension DiffableDataSourceSnapshot {
    /// The snapshot of rendered sections: their identifiers and their items', without marks.
    /// - Complexity: O(S + n); items are not hashed until the first lookup.
    init(sections: [DiffableSnapshotSection<SectionIdentifierType, ItemIdentifierType>]) {
        self.init()
        appendSections(sections.map(\.identifier))
        for section in sections where !section.rows.isEmpty {
            appendItems(section.rows.map(\.identifier), toSection: section.identifier)
        }
    }
}
