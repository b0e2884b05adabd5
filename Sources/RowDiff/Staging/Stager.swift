/// Builds the stages of a `StagedChangeset` (the reasoning is at the top of StagedChangeset.swift).
///
/// The stager walks the snapshot chain old → … → new, keeping the current model in old structure
/// (`sections`, `rows`, indexed by old section) until the structural stages, which only need the
/// diff's maps and the final model.
@usableFromInline
struct Stager<Section: DiffableSection> {
    @usableFromInline typealias Stage = StagedChangeset<Section>.Stage

    @usableFromInline let diff: SectionedDiff<Section>
    @usableFromInline let style: StagedChangeset<Section>.UpdateStyle

    /// The current model's section values, by old section index (old structure).
    @usableFromInline var sections: [Section]
    /// The current model's rows, by old section index (old structure).
    @usableFromInline var rows: [[Section.Row]]

    @inlinable
    init(diff: SectionedDiff<Section>, style: StagedChangeset<Section>.UpdateStyle) {
        self.diff = diff
        self.style = style
        self.sections = diff.old
        self.rows = diff.old.map { $0.rows }
    }

    /// All stages, empty ones dropped; the last one installs exactly `diff.new`.
    /// - Complexity: O(S + R + C log C).
    @inlinable
    mutating func stages() -> [Stage] {
        var stages: [Stage] = []
        let content = ContentPlan(diff.changeset, old: diff.old, new: diff.new, style: style)
        if let stage = reconfigureStage(content) { stages.append(stage) }
        if let stage = reloadStage(content) { stages.append(stage) }
        stages += structuralStages()
        if let last = stages.last {
            // Values that are content-equal but not identical (the new model's) belong in the
            // final data source; the stages before it only need the right content.
            stages[stages.count - 1] = Stage(update: last.update, data: diff.new)
        }
        return stages
    }

    // MARK: Content stages (old structure)

    /// Stage 1: reconfigures at old positions (S6: alone, valid before and after).
    @inlinable
    mutating func reconfigureStage(_ plan: ContentPlan) -> Stage? {
        guard !plan.reconfigures.isEmpty else { return nil }
        for update in plan.reconfigures { install(update) }
        return Stage(update: BatchUpdate(itemReconfigures: plan.reconfigures.map { $0.from }), data: oldStructure())
    }

    /// Stage 2: row and section reloads at old positions (S5: reloads alone; rule 1: no row
    /// reload inside a reloaded section).
    @inlinable
    mutating func reloadStage(_ plan: ContentPlan) -> Stage? {
        guard !plan.reloads.isEmpty || !plan.sectionReloads.isEmpty else { return nil }
        for update in plan.reloads { install(update) }
        for update in plan.rowsOfReloadedSections { install(update) }
        for update in plan.sectionReloads {
            sections[update.from] = diff.new[update.to]
        }
        return Stage(
            update: BatchUpdate(sectionReloads: plan.sectionReloads.map { $0.from }, itemReloads: plan.reloads.map { $0.from }),
            data: oldStructure())
    }

    /// The row at `update.from` (old) takes the new value at `update.to`.
    @inlinable
    mutating func install(_ update: Move<ItemPath>) {
        rows[update.from.section][update.from.item] = diff.new[update.to.section].rows[update.to.item]
    }

    /// The current model, in old structure.
    /// - Complexity: O(S); rows are shared copy-on-write.
    @inlinable
    func oldStructure() -> [Section] {
        sections.indices.map { Section(source: sections[$0], rows: rows[$0]) }
    }
}
