import CDiffCore

/// Benchmark access to the C core alone, for `rowdiff bench` and the Benchmarks package.
///
/// Not public API: the separate Benchmarks package (which `package` access cannot reach) and
/// `rowdiff bench` import it with `@_spi(Bench) import RowDiff`; apps never see it, and it is free
/// to change.
///
/// It diffs precomputed `UInt64` fingerprints on a reused core context and returns only the
/// counts of the result, so a timed call measures `cdiff_diff` / `cdiff_diff_sectioned` and
/// nothing of the Swift layer (no fingerprinting, no copying results into Swift arrays, no
/// collision guard). It borrows `DiffContext`'s raw context and `CoreInput`'s list layout rather
/// than `DiffContext.diff`, which copies every result array out (Swift-layer work).
@_spi(Bench)
public enum CoreBench {
    /// What one core diff found: counts only (section counts are 0 for a flat diff).
    public struct Counts: Hashable, Sendable {
        public var deletes = 0, inserts = 0, moves = 0, updates = 0
        public var sectionDeletes = 0, sectionInserts = 0, sectionMoves = 0, sectionUpdates = 0
        public init() {}
    }

    /// One side of a sectioned core diff, as fingerprints.
    public struct SectionedInput: Sendable {
        public var sectionIDs: [UInt64]
        public var sectionContents: [UInt64]
        public var rowCounts: [Int]
        public var rowIDs: [UInt64]
        public var rowContents: [UInt64]

        public init(sectionIDs: [UInt64], sectionContents: [UInt64], rowCounts: [Int], rowIDs: [UInt64], rowContents: [UInt64]) {
            self.sectionIDs = sectionIDs
            self.sectionContents = sectionContents
            self.rowCounts = rowCounts
            self.rowIDs = rowIDs
            self.rowContents = rowContents
        }
    }

    /// A core context (one per thread, as the C API requires). Reusing it across runs is the
    /// intended use: after the first diff of a size it allocates nothing. Like the typed path's,
    /// it may match a large diff (from `CDIFF_PARALLEL_MIN_ELEMENTS` elements) on two cores.
    public final class Context {
        fileprivate let context = DiffContext()

        public init() {
            context.withRawContext { cdiff_context_set_runner($0, CoreRunner.run, nil, 0) }
        }

        /// Bytes of scratch memory the context holds.
        public var memoryInUse: Int { context.memoryInUse }
    }

    /// 16-byte keys (UUIDs) fingerprinted in one C call, as the typed layer does.
    /// - Complexity: O(n).
    public static func fingerprints<Key>(ofKeys keys: [Key], seed: UInt64 = 0) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: keys.count) { output, count in
            keys.withUnsafeBytes { bytes in
                CoreBridge.fingerprintBatch(bytes, keySize: MemoryLayout<Key>.stride, count: keys.count, seed: seed, into: output)
            }
            count = keys.count
        }
    }

    /// Diffs two flat lists of fingerprints with `cdiff_diff`; contents may be empty (no updates).
    /// - Precondition: contents are empty or as long as their ids; the core returns CDIFF_OK.
    /// - Complexity: the core's: O((n + m) log(n + m)), expected O(n + m) for few moves.
    public static func diff(
        _ context: Context, old: [UInt64], oldContents: [UInt64] = [],
        new: [UInt64], newContents: [UInt64] = []
    ) -> Counts {
        precondition(oldContents.isEmpty || oldContents.count == old.count, "content count mismatch")
        precondition(newContents.isEmpty || newContents.count == new.count, "content count mismatch")
        var changes = cdiff_changes()
        let status = old.withUnsafeBufferPointer { oldIDs in
            new.withUnsafeBufferPointer { newIDs in
                oldContents.withUnsafeBufferPointer { oldContents in
                    newContents.withUnsafeBufferPointer { newContents in
                        // An empty array may still have a base address; the core must see NULL for "no contents".
                        var oldList = cdiff_list(
                            ids: oldIDs.baseAddress, contents: oldContents.isEmpty ? nil : oldContents.baseAddress,
                            count: oldIDs.count)
                        var newList = cdiff_list(
                            ids: newIDs.baseAddress, contents: newContents.isEmpty ? nil : newContents.baseAddress,
                            count: newIDs.count)
                        return context.context.withRawContext { cdiff_diff($0, &oldList, &newList, &changes) }
                    }
                }
            }
        }
        precondition(status == CDIFF_OK, "cdiff_diff: \(CoreStatus(status))")
        var counts = Counts()
        counts.deletes = changes.delete_count
        counts.inserts = changes.insert_count
        counts.moves = changes.move_count
        counts.updates = changes.update_count
        return counts
    }

    /// Diffs two sectioned lists of fingerprints with `cdiff_diff_sectioned`.
    /// - Precondition: each side's contents are empty or as long as its ids; the core returns CDIFF_OK.
    /// - Complexity: as ``diff(_:old:oldContents:new:newContents:)`` over sections plus rows.
    public static func diff(_ context: Context, old: SectionedInput, new: SectionedInput) -> Counts {
        var sections = cdiff_changes()
        var rows = cdiff_row_changes()
        let status = old.core.withList { oldList in
            new.core.withList { newList in
                context.context.withRawContext { cdiff_diff_sectioned($0, oldList, newList, &sections, &rows) }
            }
        }
        precondition(status == CDIFF_OK, "cdiff_diff_sectioned: \(CoreStatus(status))")
        var counts = Counts()
        counts.sectionDeletes = sections.delete_count
        counts.sectionInserts = sections.insert_count
        counts.sectionMoves = sections.move_count
        counts.sectionUpdates = sections.update_count
        counts.deletes = rows.delete_count
        counts.inserts = rows.insert_count
        counts.moves = rows.move_count
        counts.updates = rows.update_count
        return counts
    }
}

extension CoreBench.SectionedInput {
    /// The same input in the bridge's layout.
    var core: CoreInput {
        var input = CoreInput(sections: sectionIDs, rowCounts: rowCounts, rows: rowIDs)
        input.sectionContents = sectionContents
        input.rowContents = rowContents
        return input
    }
}

extension DiffOptions {
    /// From how many rows (old plus new) the typed layer uses two cores; `Int.max` keeps every
    /// diff serial (to measure the threshold), 0 makes every diff parallel.
    package var benchParallelRowThreshold: Int {
        get { parallelRowThreshold }
        set { parallelRowThreshold = newValue }
    }
}
