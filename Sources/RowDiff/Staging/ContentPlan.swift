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
        // Reloaded old sections as flags (none allocated without section reloads: every flat list).
        let reloaded = sectionReloads.isEmpty ? [] : SectionFlags.marking(sectionReloads.lazy.map(\.from), count: old.count)
        // Most updates land in the style's list: reserving it spares its regrowth copies.
        if style == .reconfigure {
            reconfigures.reserveCapacity(changes.itemUpdates.count)
        } else {
            reloads.reserveCapacity(changes.itemUpdates.count)
        }
        // Consecutive updates mostly share their old and their new section: each side's rows are
        // fetched again only when its section changes, not twice per update.
        var oldSection = -1, newSection = -1
        var oldRows: [Section.Row] = [], newRows: [Section.Row] = []
        for update in changes.itemUpdates {
            if !reloaded.isEmpty && reloaded[update.from.section] {
                rowsOfReloadedSections.append(update)
                continue
            }
            guard style == .reconfigure else {
                reloads.append(update)
                continue
            }
            if update.from.section != oldSection {
                oldSection = update.from.section
                oldRows = old[oldSection].rows
            }
            if update.to.section != newSection {
                newSection = update.to.section
                newRows = new[newSection].rows
            }
            if oldRows[update.from.item].rowKind == newRows[update.to.item].rowKind {
                reconfigures.append(update)
            } else {
                reloads.append(update)
            }
        }
        OldPathOrder.sort(&reconfigures, sectionCount: old.count)
        OldPathOrder.sort(&reloads, sectionCount: old.count)
    }
}
