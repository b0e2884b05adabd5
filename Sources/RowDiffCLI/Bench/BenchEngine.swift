@_spi(Bench) import RowDiff

/// The engines `rowdiff bench` runs side by side on every workload.
enum BenchEngine: String, CaseIterable, Codable, Sendable {
    /// `cdiff_diff` / `cdiff_diff_sectioned` alone on precomputed fingerprints (UUIDs hashed by
    /// XXH3 in one batch call, contents as their integer value), through the `@_spi(Bench)`
    /// `CoreBench` hook, on one reused core context. Nothing of the Swift layer is timed.
    case core
    /// The typed Swift API end to end: `[Row]` with UUID identities and `Equatable` content →
    /// `SectionedDiff` (fingerprinting, C core, collision guard, content comparison, typed
    /// changeset) → `StagedChangeset` (UIKit-safe batches with their data).
    case typed
    /// ``DictionaryDiff``: the Dictionary-and-"index changed" diff of typical Swift libraries.
    case dictionary
    /// The standard library's `new.difference(from: old).inferringMoves()` (Myers, O((n+m)·D)),
    /// flat lists only, and only where the edit script is short enough to finish in seconds.
    case stdlib

    var label: String {
        switch self {
        case .core: return "C core"
        case .typed: return "RowDiff typed+staged"
        case .dictionary: return "dictionary (Heckel)"
        case .stdlib: return "stdlib difference"
        }
    }
}

/// A workload with every engine's input precomputed, so that only the diff itself is timed.
final class PreparedWorkload {
    let workload: Workload
    /// The typed engine's options (default ones unless `rowdiff bench --parallel-threshold`).
    var typedOptions = DiffOptions()
    private let core: CoreWorkload
    private let coreContext = CoreBench.Context()
    /// The workload's memory floor: both sides' fingerprints read once, a word written per row.
    let floor: MemoryFloor

    /// Myers' edit distance D is at most deletes + inserts + 2·(moves + updates) (the matched rows
    /// outside an increasing subsequence, and changed rows, which `==` sees as different); the
    /// stdlib's cost grows with n·D and its memory with D², so beyond this it takes too long.
    static let stdlibEditLimit = 8_000

    init(_ workload: Workload) {
        self.workload = workload
        core = CoreWorkload(workload)
        floor = MemoryFloor(core)
    }

    /// The C core's counts on this workload (its moves are the minimum).
    func coreCounts(freshContext: Bool = false) -> CoreBench.Counts {
        core.diff(freshContext ? CoreBench.Context() : coreContext)
    }

    /// Why `engine` does not run here, or nil when it does.
    func skipReason(_ engine: BenchEngine, reference: CoreBench.Counts) -> String? {
        guard engine == .stdlib else { return nil }
        if workload.isSectioned { return "n/a (flat lists only)" }
        let edits = reference.deletes + reference.inserts + 2 * (reference.moves + reference.updates)
        return edits > Self.stdlibEditLimit ? "skipped (too slow)" : nil
    }

    /// One run of `engine` (set `freshContext` for a memory measurement that includes the core's
    /// scratch allocation); returns the number of moves it emitted (sections plus rows).
    func run(_ engine: BenchEngine, freshContext: Bool = false) -> Int {
        switch engine {
        case .core:
            let counts = coreCounts(freshContext: freshContext)
            return counts.moves + counts.sectionMoves
        case .typed:
            return workload.diffAndStage(options: typedOptions).moves
        case .dictionary:
            switch workload.lists {
            case .flat(let old, let new): return DictionaryDiff.diff(old, new).moves.count
            case .sectioned(let old, let new): return DictionaryDiff.diff(old, new).moveCount
            }
        case .stdlib:
            guard case .flat(let old, let new) = workload.lists else { return 0 }
            let difference = new.difference(from: old).inferringMoves()
            var moves = 0
            for change in difference.removals {
                if case .remove(_, _, let associated) = change, associated != nil { moves += 1 }
            }
            return moves
        }
    }
}

/// Keeps the optimizer from dropping work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
