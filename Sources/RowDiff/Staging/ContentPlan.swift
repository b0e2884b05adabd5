/// Which updated rows and sections are reconfigured or reloaded.
@usableFromInline
struct ContentPlan {
    /// Rows reconfigured in stage 1 (old → new); none inside reloaded sections.
    @usableFromInline var reconfigures: [Move<ItemPath>] = []
    /// Rows reloaded in stage 2 (old → new); none inside reloaded sections.
    @usableFromInline var reloads: [Move<ItemPath>] = []
    /// Updated rows inside reloaded sections: refreshed by their section's reload.
    @usableFromInline var rowsOfReloadedSections: [Move<ItemPath>] = []
    /// Sections reloaded in stage 2 (old → new).
    @usableFromInline var sectionReloads: [Move<Int>]

    /// - Complexity: O(C + S) for C updates when rows mostly keep their order (see
    ///   `OldPathOrder`), O(C log C + S) at worst.
    @inlinable
    init<Section: DiffableSection>(
        _ changes: Changeset, old: [Section], new: [Section], style: StagedChangeset<Section>.UpdateStyle
    ) {
        sectionReloads = changes.sectionUpdates.sorted { $0.from < $1.from }
        // No set when no section reloads (every flat list).
        let reloaded = sectionReloads.isEmpty ? Set<Int>() : Set(sectionReloads.map { $0.from })
        // Most updates land in the style's list: reserving it spares its regrowth copies.
        if style == .reconfigure {
            reconfigures.reserveCapacity(changes.itemUpdates.count)
        } else {
            reloads.reserveCapacity(changes.itemUpdates.count)
        }
        for update in changes.itemUpdates {
            if !reloaded.isEmpty && reloaded.contains(update.from.section) {
                rowsOfReloadedSections.append(update)
                continue
            }
            let before = old[update.from.section].rows[update.from.item]
            let after = new[update.to.section].rows[update.to.item]
            if style == .reconfigure && before.rowKind == after.rowKind {
                reconfigures.append(update)
            } else {
                reloads.append(update)
            }
        }
        OldPathOrder.sort(&reconfigures, sectionCount: old.count)
        OldPathOrder.sort(&reloads, sectionCount: old.count)
    }
}
