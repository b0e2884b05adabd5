import RowDiff

/// A render's diff and staging, written where a caller's module specialises them for the section
/// type.
///
/// The renderer is generic, and no module specialises it for a section type it does not know: run
/// there, the diff and the stages copy, compare and hash every row through protocol witnesses
/// (two to three times the time; measured, 100 sections × 1,000 rows: 6.4 ms against 1.9). A
/// caller whose entry points are inlinable into the app (the diffable data sources' applies) makes
/// this value there, with the app's types, and hands it to the render: its closures then run the
/// specialised code, and the renderer decides as before. The owner's `KeyedSection` needs none:
/// the renderer specialises for it itself.
@usableFromInline
package struct SpecialisedRenderWork<Section: DiffableSection & Sendable>: Sendable where Section.Row: Sendable {
    /// `SectionedDiff(from:to:options:)`.
    @usableFromInline let diff: @Sendable (_ old: [Section], _ new: [Section], _ options: DiffOptions) -> SectionedDiff<Section>
    /// The stages a render applies: content stages as patches (see `ListRenderer`).
    @usableFromInline let stage:
        @Sendable (_ diff: SectionedDiff<Section>, _ style: StagedChangeset<Section>.UpdateStyle) -> StagedChangeset<Section>

    /// The work, specialised where this is inlined.
    @inlinable
    package init() {
        diff = { old, new, options in SectionedDiff(from: old, to: new, options: options) }
        stage = { diff, style in StagedChangeset(diff, updateStyle: style, patchesContentStages: true) }
    }
}

extension SpecialisedRenderWork {
    /// The work, specialised where this is inlined, for a render of `Section`; nil for
    /// `KeyedSection`, whose renders the renderer specialises itself.
    @inlinable
    static var unlessRendererSpecialises: SpecialisedRenderWork? {
        Section.self == KeyedSection.self ? nil : SpecialisedRenderWork()
    }
}
