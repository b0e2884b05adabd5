/// Builds the stages of a `StagedChangeset` (the reasoning is at the top of StagedChangeset.swift).
///
/// The stager walks the snapshot chain old → … → new, keeping the current model in old structure
/// (`CurrentModel`, indexed by old section) until the structural stages, which only need the
/// diff's maps, those rows and the final model.
///
/// The diff is passed to each step rather than stored: storing it would copy a struct of fifteen
/// arrays (a retain and a release of each), a visible share of staging a small diff.
@usableFromInline
enum Stager<Section: DiffableSection> {
    @usableFromInline typealias Stage = StagedChangeset<Section>.Stage

    /// From this many rows in the old sections that have updated rows, those sections' rows are
    /// copied for the content stages on a second core while the content plan is made (about the
    /// same work at 100 sections of 1,000 rows, where the copies alone are 2.4 MB); below it, the
    /// copies cost less than waking a thread.
    @usableFromInline static var parallelCopyRows: Int { 32_768 }

    /// All stages, empty ones dropped; the last one installs exactly `diff.new`. The content
    /// stages' row copies run on a second core from `parallelCopyRows` copied rows on (tests
    /// pass other thresholds).
    /// - Complexity: O(S + R + C log C).
    @inlinable
    static func stages(
        _ diff: SectionedDiff<Section>, style: StagedChangeset<Section>.UpdateStyle,
        parallelCopyRows: Int = parallelCopyRows
    ) -> [Stage] {
        var stages: [Stage] = []
        // The content stages and their model exist only when something was updated.
        var currentRows: [[Section.Row]]?
        if !(diff.changeset.itemUpdates.isEmpty && diff.changeset.sectionUpdates.isEmpty) {
            var model = CurrentModel(diff.old)
            let (plan, installed) = model.copyingUpdatedSections(
                diff.changeset.itemUpdates, rowCount: diff.oldRowStart.total, parallelFrom: parallelCopyRows,
                reconfiguring: style == .reconfigure ? diff : nil
            ) {
                ContentPlan(diff.changeset, old: diff.old, new: diff.new, style: style)
            }
            if let stage = model.reconfigureStage(plan, diff, installed: installed) { stages.append(stage) }
            if let stage = model.reloadStage(plan, diff) { stages.append(stage) }
            currentRows = model.rows
        }
        let contentStages = stages.count
        appendStructuralStages(diff, currentRows: { currentRows }, to: &stages)
        endWithNewModel(&stages, contentStages: contentStages, diff)
        return stages
    }

    /// The same stages as `stages`, with the content stages held as patches of the old model
    /// (`ContentPatch`): no row array is copied, only the replaced values are listed.
    /// - Complexity: O(S + C log C), plus O(R) when a row operation touches a moving section.
    @inlinable
    static func patchedStages(_ diff: SectionedDiff<Section>, style: StagedChangeset<Section>.UpdateStyle) -> [Stage] {
        var stages: [Stage] = []
        var last: ContentPatch<Section>?
        if !(diff.changeset.itemUpdates.isEmpty && diff.changeset.sectionUpdates.isEmpty) {
            let plan = ContentPlan(diff.changeset, old: diff.old, new: diff.new, style: style)
            var rows = [ItemPath: Section.Row](minimumCapacity: diff.changeset.itemUpdates.count)
            var sources = [Int: Section]()
            func take(_ update: Move<ItemPath>) { rows[update.from] = diff.new[update.to.section].rows[update.to.item] }
            if !plan.reconfigures.isEmpty {
                plan.reconfigures.forEach(take)
                let patch = ContentPatch(base: diff.old, rows: rows, sectionSources: sources)
                stages.append(Stage(update: BatchUpdate(itemReconfigures: plan.reconfigures.map { $0.from }), content: .patch(patch)))
                last = patch
            }
            if !plan.reloads.isEmpty || !plan.sectionReloads.isEmpty {
                plan.reloads.forEach(take)
                plan.rowsOfReloadedSections.forEach(take)
                for update in plan.sectionReloads { sources[update.from] = diff.new[update.to] }
                let patch = ContentPatch(base: diff.old, rows: rows, sectionSources: sources)
                stages.append(
                    Stage(
                        update: BatchUpdate(sectionReloads: plan.sectionReloads.map { $0.from }, itemReloads: plan.reloads.map { $0.from }),
                        content: .patch(patch)))
                last = patch
            }
        }
        let contentStages = stages.count
        // Only a structure in two batches reads the current rows (its section batch carries them).
        appendStructuralStages(diff, currentRows: { last?.currentRows() }, to: &stages)
        endWithNewModel(&stages, contentStages: contentStages, diff)
        return stages
    }

    /// Structural stages end with exactly `diff.new`; a content stage that comes last gets it too:
    /// values that are content-equal but not identical (the new model's) belong in the final data
    /// source, while the stages before it only need the right content.
    @inlinable
    static func endWithNewModel(_ stages: inout [Stage], contentStages: Int, _ diff: SectionedDiff<Section>) {
        if stages.count == contentStages, let last = stages.last {
            stages[stages.count - 1] = Stage(update: last.update, data: diff.new)
        }
    }
}

/// The model of the content stages: the current section values and rows, by old section index
/// (old structure), starting from the old model.
@usableFromInline
struct CurrentModel<Section: DiffableSection> {
    @usableFromInline typealias Stage = StagedChangeset<Section>.Stage

    /// The current model's section values, by old section index (old structure).
    @usableFromInline var sections: [Section]
    /// The current model's rows, by old section index (old structure).
    @usableFromInline var rows: [[Section.Row]]

    @inlinable
    init(_ old: [Section]) {
        sections = old
        rows = old.map { $0.rows }
    }

    /// Stage 1: reconfigures at old positions (S6: alone, valid before and after). `installed`:
    /// their rows were already written (by `copyingUpdatedSections`).
    @inlinable
    mutating func reconfigureStage(_ plan: ContentPlan, _ diff: SectionedDiff<Section>, installed: Bool = false) -> Stage? {
        guard !plan.reconfigures.isEmpty else { return nil }
        if !installed { install(plan.reconfigures, diff.new) }
        return Stage(update: BatchUpdate(itemReconfigures: plan.reconfigures.map { $0.from }), data: oldStructure())
    }

    /// Stage 2: row and section reloads at old positions (S5: reloads alone; rule 1: no row
    /// reload inside a reloaded section).
    @inlinable
    mutating func reloadStage(_ plan: ContentPlan, _ diff: SectionedDiff<Section>) -> Stage? {
        guard !plan.reloads.isEmpty || !plan.sectionReloads.isEmpty else { return nil }
        install(plan.reloads, diff.new)
        install(plan.rowsOfReloadedSections, diff.new)
        for update in plan.sectionReloads {
            sections[update.from] = diff.new[update.to]
        }
        return Stage(
            update: BatchUpdate(sectionReloads: plan.sectionReloads.map { $0.from }, itemReloads: plan.reloads.map { $0.from }),
            data: oldStructure())
    }

    /// The row at each `update.from` (old) takes the new value at `update.to`. Consecutive
    /// updates of one old section (the plan's lists are sorted by old path) are written through
    /// one buffer: one uniqueness check (and copy-on-write copy) per run, not per row.
    /// - Complexity: O(U) for U updates, plus the copy of each section written to.
    @inlinable
    mutating func install(_ updates: [Move<ItemPath>], _ new: [Section]) {
        updates.withUnsafeBufferPointer { updates in
            var index = 0
            while index < updates.count {
                let section = updates[index].from.section
                rows[section].withUnsafeMutableBufferPointer { rows in
                    repeat {
                        let update = updates[index]
                        // Checked: the buffer's own subscript is not in release builds.
                        precondition(update.from.item >= 0 && update.from.item < rows.count, "RowDiff: an update outside its old section")
                        rows[update.from.item] = new[update.to.section].rows[update.to.item]
                        index += 1
                    } while index < updates.count && updates[index].from.section == section
                }
            }
        }
    }

    /// Returns `work()`; meanwhile, on a second core when the old sections that `updates` write to
    /// hold `parallelFrom` rows or more (of `rowCount` old rows in all), gives each of those
    /// sections a row array of its own (the copy-on-write copy `install` would make) and, with
    /// `reconfiguring` (the diff, staged with `UpdateStyle.reconfigure`), writes into it stage 1's
    /// rows, the updates `ContentPlan` makes reconfigures: those rows would otherwise be written
    /// after the plan, on one core, into arrays the other core had just copied. Both threads read
    /// only the old model; each section's array is replaced by one thread only. `installed`: the
    /// reconfigures' rows were written.
    ///
    /// The copies take longer than `work` (the plan): at sectioned-100x1000, 300 to 380 µs against
    /// 80 to 95 (in a slow phase of the VM), so the calling thread waited for the helper most of
    /// the staging. The copies are therefore split at an old section (`copyCut`): the helper
    /// copies the sections before it while this thread makes the plan, then this thread copies
    /// the sections from it on. A flat list's one section stays the helper's.
    /// - Complexity: O(S + U) plus the copies, for U updates.
    @inlinable
    mutating func copyingUpdatedSections<T>(
        _ updates: [Move<ItemPath>], rowCount total: Int, parallelFrom threshold: Int,
        reconfiguring diff: SectionedDiff<Section>? = nil,
        while work: () -> T
    ) -> (result: T, installed: Bool) {
        // Fewer old rows than the threshold: nothing to count (and no flags allocated).
        guard !updates.isEmpty && !rows.isEmpty && total >= threshold else { return (work(), false) }
        let touched = SectionFlags.marking(updates.lazy.map(\.from.section), count: rows.count)
        var copied = 0
        for section in rows.indices where touched[section] { copied += rows[section].count }
        guard copied >= threshold else { return (work(), false) }
        // Rows of reloaded sections are refreshed by their section's reload, not reconfigured.
        let reloaded = diff.map { diff in
            SectionFlags.marking(diff.changeset.sectionUpdates.lazy.map(\.from), count: rows.count)
        }
        let cut = Self.copyCut(rows, touched: touched, copied: copied, updates: updates.count)
        return rows.withUnsafeMutableBufferPointer { rows in
            let sections = rows
            // Sections with reconfigures are copied as their first run of updates is written, so
            // that the run writes into a copy still in cache rather than after all the copies
            // (2.4 MB at sectioned-100x1000); then the other sections of the share.
            func copy(_ share: Range<Int>) {
                if let diff, let reloaded {
                    Self.installReconfigures(updates, into: sections, diff.new, reloaded: reloaded, sections: share)
                }
                for section in share where touched[section] {
                    // Makes the array unique (copies it, if no run did) without writing a row.
                    sections[section].withUnsafeMutableBufferPointer { _ in }
                }
            }
            let (result, _) = ParallelWork.both(
                parallel: true,
                {
                    let result = work()
                    copy(cut..<sections.count)
                    return result
                }, { copy(0..<cut) })
            return (result, diff != nil)
        }
    }

    /// The old section from which the calling thread copies (see `copyingUpdatedSections`): the
    /// helper's sections before it hold about half of the copied rows plus the plan's cost,
    /// counted as `planRowsPerUpdate` rows per update.
    /// - Complexity: O(S).
    @inlinable
    static func copyCut(_ rows: [[Section.Row]], touched: [Bool], copied: Int, updates: Int) -> Int {
        let helperRows = (copied + planRowsPerUpdate * updates) / 2
        var cut = 0, taken = 0
        while cut < rows.count && taken < helperRows {
            if touched[cut] { taken += rows[cut].count }
            cut += 1
        }
        return cut
    }

    /// The plan's cost per update, in rows copied in the same time. At sectioned-100x1000 (10,000
    /// updates, 100,000 rows copied), split as if an update cost 2 rows, the plan took 77 µs, the
    /// helper's 60,000 rows 86 µs and this thread's 40,000 rows 49 µs more: an update costs about
    /// 5 rows. In-process A/B, alternating runs: 5 was 0.3-2.7 % faster than 2, 8 slower than 5.
    @usableFromInline static var planRowsPerUpdate: Int { 5 }

    /// Writes the new value of each update `ContentPlan` makes a reconfigure (outside a reloaded
    /// section, row kind unchanged) into `sections` (by old section), copying each section's
    /// array on its first write; only updates from old sections in `share`. The
    /// updates come in new order, which keeps runs of one old section (and mostly of one new
    /// section): each run is written through one buffer.
    /// - Complexity: O(U) for U updates.
    @inlinable
    static func installReconfigures(
        _ updates: [Move<ItemPath>], into sections: UnsafeMutableBufferPointer<[Section.Row]>,
        _ new: [Section], reloaded: [Bool], sections share: Range<Int>
    ) {
        updates.withUnsafeBufferPointer { updates in
            var index = 0
            // The new section's rows are fetched again only when the new section changes.
            var newSection = -1, newRows: [Section.Row] = []
            while index < updates.count {
                let section = updates[index].from.section
                guard !reloaded[section] && share.contains(section) else {
                    index += 1
                    continue
                }
                sections[section].withUnsafeMutableBufferPointer { rows in
                    repeat {
                        let update = updates[index]
                        // Checked: the buffer's own subscript is not in release builds.
                        precondition(update.from.item >= 0 && update.from.item < rows.count, "RowDiff: an update outside its old section")
                        if update.to.section != newSection {
                            newSection = update.to.section
                            newRows = new[newSection].rows
                        }
                        let row = newRows[update.to.item]
                        if ContentPlan.reconfigures(rows[update.from.item], to: row) { rows[update.from.item] = row }
                        index += 1
                    } while index < updates.count && updates[index].from.section == section
                }
            }
        }
    }

    /// The current model, in old structure.
    /// - Complexity: O(S); rows are shared copy-on-write.
    @inlinable
    func oldStructure() -> [Section] {
        sections.indices.map { Section(source: sections[$0], rows: rows[$0]) }
    }
}
