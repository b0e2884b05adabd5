import RowDiff

extension ListRenderer {
    /// What a render of `new` over `old` decides off the main thread with `options` and the
    /// caller's `work`, for `DiffableApplyBench`: the diff and, when it animates, the stages, as
    /// the render's background task runs them. The key table a render also builds or remaps is
    /// left out. Returns the number of stages (0: reload).
    /// - Complexity: as a render's background work.
    @usableFromInline
    nonisolated static func benchDecision(
        old: [Section], new: [Section], options: RenderOptions, work: SpecialisedRenderWork<Section>?, context: DiffContext
    ) -> Int {
        let input = Input(
            old: old, new: .sections(new), plan: .diff(reconfigure: options.prefersReconfigure, sequential: false),
            maximumChanges: options.maximumAnimatedChanges, duplicatePolicy: options.duplicatePolicy,
            updatesSectionInPlace: nil, findsTraits: nil, buildsLookups: false, marksDiff: false, drags: [], oldIndex: nil,
            work: work)
        switch decide(old: old, new: new, input: input, context: context).decision {
        case .staged(let staged): return staged.stages.count
        case .sequential(let steps): return steps.count
        case .reload: return 0
        }
    }
}
