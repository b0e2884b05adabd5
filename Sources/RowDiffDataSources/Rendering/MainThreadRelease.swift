import RowDiff

/// Frees what renders replaced on the main thread, a slice at a time: each slice is its own
/// main-queue turn of at most `sliceBudget`, so that freeing the rows of a large state (100,000
/// rows whose actions are closures are about a million objects: some 30 ms) never holds the main
/// thread for more than a slice, while everything a row holds (closures that may capture view
/// controllers, states that may hold views) is still freed on the main thread.
///
/// A replaced state is taken apart on the handover (`RowArrays.taking`): the row arrays that only
/// the state held are kept, and freed from their ends in later turns; the rest is dropped at once.
///
/// Slices run in the order the states were handed over, one turn after another until nothing is
/// left. More than `maximumPendingStates` states pending (renders coming faster than the main
/// thread has turns to spare) frees the oldest at once, so memory stays bounded.
@MainActor
final class MainThreadRelease {
    /// The queue every `ListRenderer` that releases on the main thread hands its replaced states to.
    static let shared = MainThreadRelease()

    /// The most one turn spends freeing: well inside a frame, beside the app's own work.
    static let sliceBudget = Duration.milliseconds(1)
    /// Rows freed between two readings of the clock.
    static let chunk = 256
    /// States waiting beyond which the oldest is freed at once.
    private static let maximumPendingStates = 4

    /// At most this many rows a slice, whatever the clock says (tests: slices that do not depend
    /// on the machine's speed); nil: as many as the budget allows.
    var rowsPerSliceLimit: Int?

    /// What is left to free, oldest first.
    private var pending: [any SlicedRelease] = []
    private var isScheduled = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// The slices run so far, and the longest (for `rowdiff bench`).
    private(set) var statistics = MainThreadReleaseStatistics()

    /// Takes `replaced` apart (see the type's comment) and frees its rows in the turns that follow.
    /// - Complexity: O(sections) here, plus what dropping the stages' data costs.
    func release<Section: DiffableSection>(_ replaced: consuming ReplacedState<Section>) {
        guard let rows = RowArrays.taking(consume replaced) else { return }
        pending.append(rows)
        while pending.count > Self.maximumPendingStates {
            statistics.statesFreedAtOnce += 1
            _ = pending.removeFirst()
        }
        scheduleSlice()
    }

    /// Returns once everything handed over before the call has been freed.
    func waitUntilReleased() async {
        if pending.isEmpty { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func scheduleSlice() {
        guard !isScheduled else { return }
        isScheduled = true
        // A job of its own on the main actor: the view's events and frames get their turns
        // between two slices.
        Task { @MainActor in MainThreadRelease.shared.runSlice() }
    }

    private func runSlice() {
        isScheduled = false
        let clock = ContinuousClock()
        let start = clock.now, deadline = start.advanced(by: Self.sliceBudget)
        var rowBudget = rowsPerSliceLimit ?? .max
        let chunk = min(Self.chunk, rowBudget)
        while !pending.isEmpty, rowBudget > 0, clock.now < deadline {
            if pending[0].free(chunk: chunk, until: deadline, clock: clock, rowBudget: &rowBudget) {
                pending.removeFirst()
            } else {
                break
            }
        }
        let took = clock.now - start
        statistics.slices += 1
        statistics.totalTime += took
        statistics.longestSlice = max(statistics.longestSlice, took)
        if took > Self.sliceBudget * 2 { statistics.slicesOverTwiceTheBudget += 1 }
        if pending.isEmpty {
            let resumed = waiters
            waiters = []
            for waiter in resumed { waiter.resume() }
        } else {
            scheduleSlice()
        }
    }
}

/// What `MainThreadRelease` has done so far.
package struct MainThreadReleaseStatistics: Sendable {
    /// Turns spent freeing.
    package var slices = 0
    /// Their time in all, and the longest of them (wall-clock time: a slice the system preempted
    /// counts the time it waited).
    package var totalTime = Duration.zero, longestSlice = Duration.zero
    /// Slices that took more than twice `MainThreadRelease.sliceBudget`: a slice checks the clock
    /// between chunks of rows, and one chunk can take long when the allocator does work of its own
    /// in a `free` (glibc consolidates its fast bins, some 4 ms after a million small frees).
    package var slicesOverTwiceTheBudget = 0
    /// States freed in one go because too many were pending.
    package var statesFreedAtOnce = 0
}

/// Work `MainThreadRelease` and `BackgroundRelease` do a chunk at a time.
protocol SlicedRelease {
    /// Frees chunks of `chunk` rows until everything is freed (true), or `deadline` has passed or
    /// `rowBudget` (decreased by the rows freed) is spent (false).
    mutating func free(chunk: Int, until deadline: ContinuousClock.Instant, clock: ContinuousClock, rowBudget: inout Int) -> Bool
}

/// Row arrays that nothing else references, freed from their ends.
struct RowArrays<Row>: SlicedRelease {
    var arrays: [[Row]] = []

    /// Takes `replaced` apart, on whatever thread calls it: its stages' data and patches are
    /// dropped here (they share their rows with the old model, so dropping them frees little),
    /// and so is every section; what is returned are the row arrays that only `replaced` held,
    /// with more than a chunk of rows each. Arrays someone else also holds (an app that keeps its
    /// sections) free nothing when dropped, and are dropped here. Nil: nothing left to free.
    /// - Complexity: O(sections), plus what dropping the rest frees.
    static func taking<Section: DiffableSection>(_ replaced: consuming ReplacedState<Section>) -> RowArrays<Section.Row>?
    where Section.Row == Row {
        var sections = replaced.old.arrays
        // The stages' data and patches share the old model's sections and rows: once they are
        // gone, `sections` is usually all that holds them.
        _ = consume replaced
        guard ArrayStorage.isUniquelyReferenced(&sections) else { return nil } // someone else holds them
        var taken = RowArrays()
        while let section = sections.popLast() {
            var sectionRows = rows(taking: consume section)
            if sectionRows.count > minimumRows, ArrayStorage.isUniquelyReferenced(&sectionRows) {
                taken.arrays.append(sectionRows)
            }
            // Otherwise dropped here: a few rows, or rows someone else still holds.
        }
        return taken.arrays.isEmpty ? nil : taken
    }

    /// Arrays of this many rows or fewer are freed at once.
    static var minimumRows: Int { 256 }

    /// `section`'s rows; the section itself (its header and footer, its reference to the rows)
    /// is gone when this returns.
    private static func rows<Section: DiffableSection>(taking section: consuming Section) -> [Row] where Section.Row == Row {
        section.rows
    }

    mutating func free(chunk: Int, until deadline: ContinuousClock.Instant, clock: ContinuousClock, rowBudget: inout Int) -> Bool {
        while var rows = arrays.popLast() {
            while !rows.isEmpty {
                // In place: the array is uniquely referenced, so no element is copied.
                let freed = min(chunk, rows.count)
                rows.removeLast(freed)
                rowBudget -= freed
                if rowBudget <= 0 || clock.now >= deadline {
                    if !rows.isEmpty { arrays.append(rows) }
                    return arrays.isEmpty
                }
            }
        }
        return true
    }
}

/// Whether an array's storage is referenced by that array alone, so that removing its elements
/// frees them in place rather than copying the rest first. The standard library has no public
/// test for it. An array is one reference to its storage, a native Swift object (on Apple
/// platforms too, for element types that are not classes), and `isKnownUniquelyReferenced` reads
/// only a native object's reference count: the reference is read in place as one to a class of
/// this file's own (an `AnyObject` would be opened into a copy in Swift 6 mode, and never be
/// unique). The layout is checked once, on arrays whose answer is known; where it does not hold,
/// every array counts as shared, and replaced rows are freed at once, as without slices.
enum ArrayStorage {
    /// Names the storage object's type for `isKnownUniquelyReferenced`; never made, never called.
    private final class NativeObject {}

    /// Whether `array`'s storage has no other reference; false for empty arrays, and for arrays
    /// of class instances (on Apple platforms those may be an `NSArray` bridged in, whose object
    /// is not a native one: such arrays count as shared and are freed at once).
    static func isUniquelyReferenced<Element>(_ array: inout [Element]) -> Bool {
        guard layoutHolds, !array.isEmpty, !(Element.self is AnyObject.Type) else { return false }
        return test(&array)
    }

    private static func test<Element>(_ array: inout [Element]) -> Bool {
        guard MemoryLayout<[Element]>.size == MemoryLayout<NativeObject>.size else { return false }
        return withUnsafeMutablePointer(to: &array) { pointer in
            pointer.withMemoryRebound(to: NativeObject.self, capacity: 1) { isKnownUniquelyReferenced(&$0.pointee) }
        }
    }

    /// Whether the test answers right for an array held once and for one held twice.
    private static let layoutHolds: Bool = {
        struct Probe { var value: Int }
        // Made at run time: a literal of constants may be a static object, never unique.
        var single: [Probe] = []
        single.append(Probe(value: .random(in: 0...9)))
        guard test(&single) else { return false }
        var shared = single
        defer { withExtendedLifetime(shared) {} }
        return !test(&shared) && !test(&single)
    }()
}

/// Returns once the rows handed to the main thread's sliced release have been freed (for
/// `rowdiff bench`, which counts those slices in a render's main-thread time). Package API.
@MainActor
package func waitForMainThreadReleases() async {
    await MainThreadRelease.shared.waitUntilReleased()
}

/// What the main thread's sliced release has done so far (for `rowdiff bench`). Package API.
@MainActor
package var mainThreadReleaseStatistics: MainThreadReleaseStatistics { MainThreadRelease.shared.statistics }
