import Dispatch

/// Two independent pieces of a large diff (one per side) run on two cores.
///
/// Below `DiffOptions.parallelRowThreshold` rows (old plus new) they run one after the other:
/// waking a second thread costs tens of microseconds, more than the halved work saves. Above it,
/// the first runs on the calling thread and the second on the helper thread (`HelperThread`),
/// which a large diff keeps awake between its passes; where there is none (before macOS 15 /
/// iOS 18) or another pass holds it, the two run as the two iterations of `concurrentPerform`.
/// Both results are returned once both are done. Each closure reads only its own side's values,
/// so nothing is shared but immutable arrays.
@usableFromInline
enum ParallelWork {
    /// Runs `first` and `second`, on two threads when `parallel`.
    /// - Complexity: the larger of the two closures' costs when parallel, their sum otherwise.
    @inlinable
    static func both<A, B>(parallel: Bool, _ first: () -> A, _ second: () -> B) -> (A, B) {
        guard parallel else { return (first(), second()) }
        if let results = onHelper(first, second) { return results }
        let results = ResultSlots<A, B>()
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                let work = UncheckedPair(first: first, second: second, results: results)
                // concurrentPerform returns only after both iterations finished: the closures
                // never outlive this call, and the slots are read after it.
                DispatchQueue.concurrentPerform(iterations: 2) { index in work.run(index) }
            }
        }
        return results.take()
    }
}

extension ParallelWork {
    /// `first` here and `second` on the helper thread (`HelperThread`), or nil, having run
    /// nothing, where there is none or another pass holds it.
    @inlinable
    static func onHelper<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B)? {
        #if canImport(Synchronization)
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return nil }
        var a: A?, b: B?
        guard runOnHelper({ a = first() }, { b = second() }), let a, let b else { return nil }
        return (a, b)
        #else
        return nil
        #endif
    }

    /// `first` here and `second` on the helper thread when `parallel` and the helper is free,
    /// else both here: for passes short enough (tens of microseconds) that waking a GCD worker
    /// would cost what the second core saves.
    /// - Complexity: the larger of the two closures' costs on the helper, their sum otherwise.
    @inlinable
    static func helped<A, B>(parallel: Bool, _ first: () -> A, _ second: () -> B) -> (A, B) {
        if parallel, let results = onHelper(first, second) { return results }
        return (first(), second())
    }

    /// Tells the helper thread that a large diff's passes are coming (see `HelperThread.prepare`).
    @inlinable
    static func prepare() {
        #if canImport(Synchronization)
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) { prepareHelper() }
        #endif
    }

    #if canImport(Synchronization)
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @usableFromInline
    static func runOnHelper(_ first: () -> Void, _ second: () -> Void) -> Bool {
        HelperThread.shared.run(first, second)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @usableFromInline
    static func prepareHelper() { HelperThread.shared.prepare() }
    #endif
}

/// Where the two results land: each slot is written by exactly one iteration, and read by the
/// caller only after `concurrentPerform` returned (which orders the writes before the reads).
@usableFromInline
final class ResultSlots<A, B>: @unchecked Sendable {
    @usableFromInline var first: A?
    @usableFromInline var second: B?

    @inlinable init() {}

    @inlinable func take() -> (A, B) {
        guard let first, let second else { preconditionFailure("RowDiff: a parallel half did not run") }
        return (first, second)
    }
}

/// The two closures for `concurrentPerform`. They are not `Sendable` in general (they read the
/// caller's rows), which is safe here: each runs once, on one thread, while the caller waits.
@usableFromInline
struct UncheckedPair<A, B>: @unchecked Sendable {
    @usableFromInline let first: () -> A
    @usableFromInline let second: () -> B
    @usableFromInline let results: ResultSlots<A, B>

    @inlinable init(first: @escaping () -> A, second: @escaping () -> B, results: ResultSlots<A, B>) {
        self.first = first
        self.second = second
        self.results = results
    }

    @inlinable func run(_ index: Int) {
        if index == 0 { results.first = first() } else { results.second = second() }
    }
}
