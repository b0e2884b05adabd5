/// A content stage's model as the changes it makes to the old model: the old sections, the rows
/// that now show new content (by old position) and the sections whose header or footer changed.
///
/// Content stages (reconfigure, reload) keep the old structure, so their model differs from the
/// old one only in those values. Built as arrays, each such model copies every row of every
/// touched section — with changes spread over all sections, a retain of every row when it is made
/// and a release when it is dropped, for each content stage (about a quarter of a 100k-row
/// `KeyedRow` render's main-thread time). A data source that stores the patch itself
/// (`SectionedDataSource`) reads the changed values from it and never copies a row.
@usableFromInline
struct ContentPatch<Section: DiffableSection> {
    /// The old model: the stage's structure, and every value the stage does not replace.
    @usableFromInline let base: [Section]
    /// The rows that show new content in this stage, by old position (this stage's and the
    /// earlier content stages').
    @usableFromInline let rows: [ItemPath: Section.Row]
    /// The new section values (header, footer) of the sections reloaded so far, by old index;
    /// their rows are not used (a section's rows are `base`'s with `rows` replaced).
    @usableFromInline let sectionSources: [Int: Section]

    @inlinable
    init(base: [Section], rows: [ItemPath: Section.Row], sectionSources: [Int: Section]) {
        self.base = base
        self.rows = rows
        self.sectionSources = sectionSources
    }

    /// The stage's model as arrays: what `StagedChangeset.Stage.data` returns for this stage.
    /// - Complexity: O(S + rows of the touched sections + changed values).
    @inlinable
    var model: [Section] {
        let current = currentRows()
        // As the array-built stages: every section is rebuilt from its source (the old value, or
        // the new one when reloaded) and its current rows.
        return base.indices.map { s in Section(source: sectionSources[s] ?? base[s], rows: current[s]) }
    }

    /// Section `s` of this stage's model, alone.
    /// - Complexity: O(rows of the section, if touched + changed values).
    @inlinable
    func section(at s: Int) -> Section {
        var sectionRows = base[s].rows
        for (path, row) in rows where path.section == s { sectionRows[path.item] = row }
        return Section(source: sectionSources[s] ?? base[s], rows: sectionRows)
    }

    /// The rows of each old section in this stage: untouched sections share `base`'s arrays, a
    /// touched one is copied once (copy-on-write) and then written in place.
    /// - Complexity: O(S + rows of the touched sections + changed values).
    @inlinable
    func currentRows() -> [[Section.Row]] {
        var current = base.map { $0.rows }
        for (path, row) in rows { current[path.section][path.item] = row }
        return current
    }
}

extension ContentPatch: Sendable where Section: Sendable, Section.Row: Sendable {}

/// What a stage installs: a model as arrays, or a content stage's patch of the old model.
@usableFromInline
enum StageContent<Section: DiffableSection> {
    case model([Section])
    case patch(ContentPatch<Section>)
}

extension StageContent: Sendable where Section: Sendable, Section.Row: Sendable {}

/// A content stage's model as a patch of the old model (see `ContentPatch`), for RowDiff's own
/// data sources: `StagedChangeset.Stage.patch` of a changeset staged with `patchesContentStages`.
///
/// Package API: this package's modules share it; apps never see it.
@usableFromInline
package struct StagePatch<Section: DiffableSection> {
    @usableFromInline let patch: ContentPatch<Section>

    @inlinable
    init(_ patch: ContentPatch<Section>) { self.patch = patch }

    /// The old model: the stage has its structure (section and row counts).
    /// - Complexity: O(1).
    @inlinable
    package var base: [Section] { patch.base }

    /// The row at `path` in this stage's model.
    /// - Precondition: `path` is a position of `base`.
    /// - Complexity: O(1) expected.
    @inlinable
    package func row(at path: ItemPath) -> Section.Row {
        patch.rows[path] ?? patch.base[path.section].rows[path.item]
    }

    /// Section `s` of this stage's model (`model[s]`, without building the other sections).
    /// - Precondition: `s` is a section index of `base`.
    /// - Complexity: O(rows of the section, if touched + changed values).
    @inlinable
    package func section(at s: Int) -> Section { patch.section(at: s) }

    /// The stage's model as arrays (the stage's `data`).
    /// - Complexity: O(S + rows of the touched sections + changed values).
    @inlinable
    package var model: [Section] { patch.model }
}

extension StagePatch: Sendable where Section: Sendable, Section.Row: Sendable {}
