@_spi(Bench) import RowDiff

/// A workload as the C core sees it: identity fingerprints (UUIDs by XXH3, the values the typed
/// layer computes) and content fingerprints (the integer content itself), computed once so
/// that a timed core diff measures the core alone.
struct CoreWorkload {
    enum Input {
        case flat(old: [UInt64], oldContents: [UInt64], new: [UInt64], newContents: [UInt64])
        case sectioned(old: CoreBench.SectionedInput, new: CoreBench.SectionedInput)
    }

    let input: Input

    init(_ workload: Workload) {
        switch workload.lists {
        case .flat(let old, let new):
            input = .flat(
                old: CoreBench.fingerprints(ofKeys: old.map(\.id)), oldContents: old.map(\.contentFingerprint),
                new: CoreBench.fingerprints(ofKeys: new.map(\.id)), newContents: new.map(\.contentFingerprint))
        case .sectioned(let old, let new):
            input = .sectioned(old: Self.sectioned(old), new: Self.sectioned(new))
        }
    }

    private static func sectioned(_ sections: [WorkloadSection]) -> CoreBench.SectionedInput {
        let rows = sections.flatMap(\.rows)
        return CoreBench.SectionedInput(
            sectionIDs: CoreBench.fingerprints(ofKeys: sections.map(\.model.id)),
            sectionContents: sections.map { UInt64(bitPattern: Int64($0.model.content)) },
            rowCounts: sections.map(\.rows.count),
            rowIDs: CoreBench.fingerprints(ofKeys: rows.map(\.id)),
            rowContents: rows.map(\.contentFingerprint))
    }

    /// One core diff on `context`.
    func diff(_ context: CoreBench.Context) -> CoreBench.Counts {
        switch input {
        case .flat(let old, let oldContents, let new, let newContents):
            return CoreBench.diff(context, old: old, oldContents: oldContents, new: new, newContents: newContents)
        case .sectioned(let old, let new):
            return CoreBench.diff(context, old: old, new: new)
        }
    }
}

extension WorkloadRow {
    var contentFingerprint: UInt64 { UInt64(bitPattern: Int64(content)) }
}

extension Workload {
    /// The typed API end to end, as an app calls it: `SectionedDiff` over the typed rows (a flat
    /// list is one `FlatSection`), then `StagedChangeset`. Returns the moves (sections plus rows)
    /// and the number of stages.
    func diffAndStage(options: DiffOptions = DiffOptions()) -> (moves: Int, stages: Int) {
        switch lists {
        case .flat(let old, let new): return Self.diffAndStage([FlatSection(rows: old)], [FlatSection(rows: new)], options)
        case .sectioned(let old, let new): return Self.diffAndStage(old, new, options)
        }
    }

    private static func diffAndStage<Section: DiffableSection>(
        _ old: [Section], _ new: [Section], _ options: DiffOptions
    ) -> (moves: Int, stages: Int) {
        let diff = SectionedDiff(from: old, to: new, options: options)
        let staged = StagedChangeset(diff)
        return (diff.changeset.itemMoves.count + diff.changeset.sectionMoves.count, staged.stages.count)
    }
}
