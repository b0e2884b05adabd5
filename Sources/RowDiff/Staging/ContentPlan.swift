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
        // Most updates land in the style's list: it is written in place into an array of room for
        // every update (an append checked the array's uniqueness in a call, per update); the
        // other lists are appended to.
        var others: [Move<ItemPath>] = [], ofReloaded: [Move<ItemPath>] = []
        let count = changes.itemUpdates.count
        let main =
            count == 0
            ? []
            : [Move<ItemPath>](unsafeUninitializedCapacity: count) { buffer, written in
                var next = buffer.baseAddress!
                // Consecutive updates mostly share their old and their new section: each side's rows
                // are fetched again only when its section changes, not twice per update.
                var oldSection = -1, newSection = -1
                var oldRows: [Section.Row] = [], newRows: [Section.Row] = []
                changes.itemUpdates.withUnsafeBufferPointer { updates in
                    for update in updates {
                        if !reloaded.isEmpty && reloaded[update.from.section] {
                            ofReloaded.append(update)
                            continue
                        }
                        guard style == .reconfigure else {
                            next.initialize(to: update)
                            next += 1
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
                        if Self.reconfigures(oldRows[update.from.item], to: newRows[update.to.item]) {
                            next.initialize(to: update)
                            next += 1
                        } else {
                            others.append(update)
                        }
                    }
                }
                written = next - buffer.baseAddress!
            }
        if style == .reconfigure {
            reconfigures = main
            reloads = others
        } else {
            reloads = main
        }
        rowsOfReloadedSections = ofReloaded
        OldPathOrder.sort(&reconfigures, sectionCount: old.count)
        OldPathOrder.sort(&reloads, sectionCount: old.count)
    }

    /// Whether an updated row outside a reloaded section is reconfigured (its cell kind is
    /// unchanged) rather than reloaded, with `UpdateStyle.reconfigure`. The staging copies write
    /// stage 1's rows by the same rule (`CurrentModel.installReconfigures`).
    @inlinable
    static func reconfigures<Row: Diffable>(_ old: Row, to new: Row) -> Bool { old.rowKind == new.rowKind }
}
