import RowDiff

/// Benchmark access to what `DiffableDataSourceCore.apply` computes before it touches the view:
/// the rows of the snapshot, the diff from the rows on screen, and the batches. The "apply's diff"
/// rows of `rowdiff bench --snapshot` and of the Benchmarks package time it.
///
/// Not public API: `@_spi(Bench) import RowDiffDataSources` reaches it (the Benchmarks package is
/// another package, which `package` access cannot reach); apps never see it, and it is free to
/// change. It runs that work the way an app's apply does: the rows, the diff and the stages by code
/// specialised in the calling module (the apply's closures, inlined into the app), the decision
/// by the renderer.
@_spi(Bench)
public struct DiffableApplyBench<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    @usableFromInline let shown: [DiffableSnapshotSection<SectionIdentifierType, ItemIdentifierType>]
    @usableFromInline let options: RenderOptions
    /// A renderer's own context, as a data source's renderer keeps one.
    @usableFromInline let context = DiffContext()

    /// A view showing `snapshot` (its rows are made here, untimed), whose applies render with
    /// `options`. The default animates every change, as UIKit's data source does (a renderer's
    /// default reloads past `RenderOptions.maximumAnimatedChanges`, skipping the stages).
    public init(
        showing snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        options: RenderOptions = RenderOptions(maximumAnimatedChanges: .max)
    ) {
        shown = snapshot.renderedSections()
        self.options = options
    }

    /// Applies `snapshot` over the rows shown, up to the batches: its rows (given the rows shown,
    /// as the renderer gives them), the diff, the decision and the stages. Returns the number of
    /// stages (0 when the options make it a reload).
    /// - Complexity: as `DiffableDataSourceCore.apply(_:animatingDifferences:completion:)` off the
    ///   main thread, without the key table.
    @inlinable
    public func stages(applying snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) -> Int {
        ListRenderer<DiffableSnapshotSection<SectionIdentifierType, ItemIdentifierType>>.benchDecision(
            old: shown, new: snapshot.renderedSections(shown: shown), options: options, work: SpecialisedRenderWork(),
            context: context)
    }
}
