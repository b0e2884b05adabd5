import CDiffCore

/// The one place Swift calls CDiffCore. Pointers live only inside the `withUnsafe…` closures here.
enum CoreBridge {
    static func fingerprint(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        cdiff_fingerprint(bytes.baseAddress, bytes.count, seed)
    }

    static func combine(_ first: UInt64, _ second: UInt64) -> UInt64 {
        cdiff_fingerprint_combine(first, second)
    }

    static func fingerprintBatch(
        _ keys: UnsafeRawBufferPointer, keySize: Int, count: Int, seed: UInt64,
        into output: UnsafeMutableBufferPointer<UInt64>
    ) {
        precondition(output.count >= count && keys.count >= keySize * count, "fingerprint buffers too small")
        let status = cdiff_fingerprint_batch(keys.baseAddress, keySize, count, seed, output.baseAddress)
        precondition(status == CDIFF_OK || count == 0, "cdiff_fingerprint_batch: \(CoreStatus(status))")
    }

    /// The version of the linked C core, e.g. "1.0.0".
    static var version: String { String(cString: cdiff_version_string()) }
}

/// A status code of the C core, mirrored so that unknown values still round-trip.
public struct CoreStatus: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    init(_ status: cdiff_status) { self.rawValue = Int32(bitPattern: status.rawValue) }

    /// The C enumerator's name, e.g. "CDIFF_ERR_TOO_LARGE".
    public var name: String { String(cString: cdiff_status_name(rawValue)) }
    public var description: String { "\(name): \(String(cString: cdiff_status_description(rawValue)))" }

    /// A count exceeded the core's limit (2,147,483,646 sections or rows per side).
    public static let tooLarge = CoreStatus(rawValue: Int32(CDIFF_ERR_TOO_LARGE.rawValue))
    /// Memory could not be allocated.
    public static let outOfMemory = CoreStatus(rawValue: Int32(CDIFF_ERR_OUT_OF_MEMORY.rawValue))
}

/// One side of a diff as the core sees it: fingerprints, per-section row counts and, optionally,
/// content fingerprints (the typed layer compares content in Swift and passes none).
/// The exact-identity pass and the benchmark hook use it; the typed diff's first pass hands the
/// core its two shared buffers directly (`diff(prints:counts:...)`).
@usableFromInline
struct CoreInput {
    @usableFromInline var sections: [UInt64]
    @usableFromInline var rowCounts: [Int]
    @usableFromInline var rows: [UInt64]
    @usableFromInline var sectionContents: [UInt64]? = nil
    @usableFromInline var rowContents: [UInt64]? = nil

    @inlinable
    init(sections: [UInt64], rowCounts: [Int], rows: [UInt64], rowContents: [UInt64]? = nil) {
        self.sections = sections
        self.rowCounts = rowCounts
        self.rows = rows
        self.rowContents = rowContents
    }

    /// Runs `body` with the core's view of this input; pointers live only inside it.
    func withList<R>(_ body: (UnsafePointer<cdiff_sectioned_list>) -> R) -> R {
        sections.withUnsafeBufferPointer { sections in
            rows.withUnsafeBufferPointer { rows in
                rowCounts.withUnsafeBufferPointer { counts in
                    Self.withOptional(sectionContents) { sectionContents in
                        Self.withOptional(rowContents) { rowContents in
                            var list = cdiff_sectioned_list(
                                sections: sections.baseAddress, sectionContents: sectionContents, count: sections.count,
                                rowCounts: counts.baseAddress, rows: rows.baseAddress, rowContents: rowContents, rowCount: rows.count)
                            return withUnsafePointer(to: &list) { body($0) }
                        }
                    }
                }
            }
        }
    }

    /// NULL for "no contents"; an empty array may still have a base address.
    static func withOptional<R>(_ values: [UInt64]?, _ body: (UnsafePointer<UInt64>?) -> R) -> R {
        guard let values, !values.isEmpty else { return body(nil) }
        return values.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}

/// What a diff asks of its row type at run time, once: its content versions and in-place reads.
@usableFromInline
struct RowTypeFacts {
    @usableFromInline let versioned: (any ContentVersioned.Type)?
    @usableFromInline let inPlace: (any InPlaceRow.Type)?
    /// `inPlace`'s `storedIdentityOffset`.
    @usableFromInline let identityOffset: Int?

    init(versioned: (any ContentVersioned.Type)?, inPlace: (any InPlaceRow.Type)?, identityOffset: Int?) {
        (self.versioned, self.inPlace, self.identityOffset) = (versioned, inPlace, identityOffset)
    }

    init(_ row: Any.Type) {
        let inPlace = row as? any InPlaceRow.Type
        self.init(versioned: row as? any ContentVersioned.Type, inPlace: inPlace, identityOffset: inPlace?.storedIdentityOffset)
    }
}

/// What the core found, copied out of the context into Swift arrays. Row indices in the maps and
/// duplicate lists are global (section-major); `UInt32.max` marks "no counterpart".
@usableFromInline
struct CoreResult: Sendable {
    @usableFromInline static let none = UInt32.max

    // No default values: with them the initializer built a default result first and copied it
    // (a retain and a release of each of its sixteen arrays, ~800 instructions of a 100-row diff).
    @usableFromInline let sectionOldToNew: [UInt32]
    @usableFromInline let sectionNewToOld: [UInt32]
    @usableFromInline let sectionDeletes: [Int]
    @usableFromInline let sectionInserts: [Int]
    @usableFromInline let sectionMoves: [Move<Int>]
    @usableFromInline let sectionOldDuplicates: [Int]
    @usableFromInline let sectionNewDuplicates: [Int]
    @usableFromInline let rowOldToNew: [UInt32]
    @usableFromInline let rowNewToOld: [UInt32]
    @usableFromInline let rowDeletes: [ItemPath]
    @usableFromInline let rowInserts: [ItemPath]
    @usableFromInline let rowMoves: [Move<ItemPath>]
    /// Rows whose content versions differ; nil when no versions were given.
    @usableFromInline let rowUpdates: [Move<ItemPath>]?
    @usableFromInline let rowOldDuplicates: [Int]
    @usableFromInline let rowNewDuplicates: [Int]
    @usableFromInline let steps: [CoreStep]?

    init(
        sectionOldToNew: [UInt32], sectionNewToOld: [UInt32], sectionDeletes: [Int], sectionInserts: [Int],
        sectionMoves: [Move<Int>], sectionOldDuplicates: [Int], sectionNewDuplicates: [Int],
        rowOldToNew: [UInt32], rowNewToOld: [UInt32], rowDeletes: [ItemPath], rowInserts: [ItemPath],
        rowMoves: [Move<ItemPath>], rowUpdates: [Move<ItemPath>]?, rowOldDuplicates: [Int], rowNewDuplicates: [Int],
        steps: [CoreStep]?
    ) {
        self.sectionOldToNew = sectionOldToNew
        self.sectionNewToOld = sectionNewToOld
        self.sectionDeletes = sectionDeletes
        self.sectionInserts = sectionInserts
        self.sectionMoves = sectionMoves
        self.sectionOldDuplicates = sectionOldDuplicates
        self.sectionNewDuplicates = sectionNewDuplicates
        self.rowOldToNew = rowOldToNew
        self.rowNewToOld = rowNewToOld
        self.rowDeletes = rowDeletes
        self.rowInserts = rowInserts
        self.rowMoves = rowMoves
        self.rowUpdates = rowUpdates
        self.rowOldDuplicates = rowOldDuplicates
        self.rowNewDuplicates = rowNewDuplicates
        self.steps = steps
    }

    @usableFromInline var hasDuplicates: Bool {
        !(sectionOldDuplicates.isEmpty && sectionNewDuplicates.isEmpty && rowOldDuplicates.isEmpty && rowNewDuplicates.isEmpty)
    }
}

/// A step of the core's sequential patch.
@usableFromInline
struct CoreStep: Sendable, Hashable {
    @usableFromInline
    enum Operation: UInt32, Sendable {
        case deleteSection = 0, insertSection, moveSection, updateSection, deleteRow, insertRow, moveRow, updateRow
    }
    @usableFromInline var operation: Operation
    /// Old index for delete/move/update steps, new index for inserts (section index, or global row).
    @usableFromInline var source: Int
    @usableFromInline var from: ItemPath
    @usableFromInline var to: ItemPath
}

/// A reusable diff context: the C core's scratch memory, kept between diffs so that diffing
/// lists of similar size repeatedly allocates nothing in the core.
///
/// Safe to share: diffs on one context run one at a time (a lock), and results are copied out.
/// For diffs that should run in parallel, use one context per task.
@usableFromInline
package final class DiffContext: @unchecked Sendable {
    /// The C context; only the bridge's files use it, each call under `lock` or `exclusive`.
    let context: OpaquePointer
    private let lock = Lock()
    /// Memory for a typed diff's fingerprints, kept between diffs like the core's scratch (see
    /// `fingerprintScratch(count:)`). Behind a pointer: a class's stored `var` pays run-time
    /// exclusivity checks on every access.
    private let scratch: UnsafeMutablePointer<UnsafeMutableBufferPointer<UInt64>>
    /// The row type whose conformances the last diff on this context looked up (`RowTypeFacts`),
    /// and what it found (behind a pointer, as `scratch`).
    private let versionedLookup: UnsafeMutablePointer<(row: ObjectIdentifier?, facts: RowTypeFacts)>

    /// Elements of a matching pass from which the core matches on two cores when a diff allows it
    /// (0: the core's own threshold, `CDIFF_PARALLEL_MIN_ELEMENTS`); tests lower it.
    let coreParallelMinimum: Int

    /// `coreParallelMinimum` of the contexts diffs use: old rows plus new's untrimmed middle.
    /// Measured on the 2-core VM through `CoreRunner`, both cores free: DK-100k (about 140,000
    /// elements) 1.33 -> 1.20 ms, DK-100k spread 2.20 -> 1.93, sectioned-100x1000 2.0 -> 1.85;
    /// with the C runner, matching on two threads took 93% of one thread's time at 100,000 elements
    /// and 89% at 200,000. The two-thread passes cost more instructions in all (DK-100k 19.5M ->
    /// 22.2M, all threads): with the second core busy with other processes, sectioned-100x1000
    /// went 2.62 -> 2.89 ms instead.
    static let typedCoreParallelMinimum = 131_072

    /// A new context. Traps only if the process is out of memory for a few hundred bytes.
    package convenience init() { self.init(coreParallelMinimum: Self.typedCoreParallelMinimum) }

    init(coreParallelMinimum: Int) {
        guard let context = cdiff_context_create() else { fatalError("RowDiff: out of memory creating a diff context") }
        self.context = context
        self.coreParallelMinimum = coreParallelMinimum
        scratch = .allocate(capacity: 1)
        scratch.initialize(to: UnsafeMutableBufferPointer(start: nil, count: 0))
        versionedLookup = .allocate(capacity: 1)
        versionedLookup.initialize(to: (nil, RowTypeFacts(versioned: nil, inPlace: nil, identityOffset: nil)))
    }

    deinit {
        cdiff_context_free(context)
        scratch.pointee.deallocate()
        scratch.deallocate()
        versionedLookup.deinitialize(count: 1)
        versionedLookup.deallocate()
    }

    /// Bytes of scratch memory the context holds.
    package var memoryInUse: Int { lock.withLock { exclusiveMemoryInUse } }

    /// `memoryInUse` for the pool, which owns the context it is given back outright (no lock).
    fileprivate var exclusiveMemoryInUse: Int {
        cdiff_context_memory(context) + scratch.pointee.count * MemoryLayout<UInt64>.stride
    }

    /// Releases the scratch memory; the context stays usable.
    package func reset() {
        lock.withLock {
            cdiff_context_reset(context)
            scratch.pointee.deallocate()
            scratch.pointee = UnsafeMutableBufferPointer(start: nil, count: 0)
        }
    }

    /// `row`'s `ContentVersioned` and `InPlaceRow` conformances (`RowTypeFacts`). A run-time
    /// lookup costs about 280 instructions (a hundredth of a 100-row diff); a pooled context
    /// remembers the last row type's answers, since an app diffs the same types again and again.
    /// - Precondition: with `exclusive`, the caller owns the context outright (a pooled context).
    @usableFromInline
    func rowFacts(_ row: Any.Type, exclusive: Bool) -> RowTypeFacts {
        guard exclusive else { return RowTypeFacts(row) }
        let key = ObjectIdentifier(row)
        if versionedLookup.pointee.row == key { return versionedLookup.pointee.facts }
        let facts = RowTypeFacts(row)
        versionedLookup.pointee = (key, facts)
        return facts
    }

    /// Room for `count` fingerprints, kept for the next diff: a warm diff of a similar size
    /// allocates nothing for them (a temporary allocation of a 100-row diff's fingerprints is
    /// already a heap allocation: the standard library puts at most 1 KB on the stack unchecked).
    /// - Precondition: the caller owns the context outright (`exclusive`: a pooled context), so
    ///   nothing else reads or writes the scratch until the diff is done.
    @usableFromInline
    func fingerprintScratch(count: Int) -> UnsafeMutableBufferPointer<UInt64> {
        if scratch.pointee.count < count {
            scratch.pointee.deallocate()
            // Half again as much: lists that grow a little between diffs do not reallocate each time.
            scratch.pointee = .allocate(capacity: max(count, scratch.pointee.count + scratch.pointee.count / 2))
        }
        return UnsafeMutableBufferPointer(rebasing: scratch.pointee[0..<count])
    }

    /// The contexts diffs use when `DiffOptions.context` is nil.
    @usableFromInline static let pool = ContextPool()

    /// Frees the scratch memory of the contexts kept for diffs that name no context (call it on a
    /// memory warning, for instance). They are recreated on demand.
    package static func releasePooledMemory() { pool.drain() }

    /// Diffs two sectioned inputs; with `patch`, also computes the core's sequential patch.
    ///
    /// `exclusive`: the caller owns the context outright (it came from the pool and goes back
    /// after the diff), so no other thread can reach it and the lock is skipped.
    @usableFromInline
    func diff(_ old: CoreInput, _ new: CoreInput, patch: Bool, exclusive: Bool = false) throws(CoreStatus) -> CoreResult {
        if exclusive { return try unlockedDiff(old, new, patch: patch) }
        return try lock.withLock { () throws(CoreStatus) -> CoreResult in try unlockedDiff(old, new, patch: patch) }
    }

    /// Diffs both sides of a typed diff as prepared in two shared buffers: `prints` holds the old
    /// side's section then row fingerprints, then the new side's; `counts` the old side's row
    /// counts, then the new side's. Taking the buffers themselves spares building, copying and
    /// releasing two inputs per diff (about 1,000 instructions of a 100-row diff). `parallel`: the
    /// core may match a large diff on two cores (see `CoreRunner`). `beside`: work that runs on
    /// the helper thread meanwhile (see `SideJob`); the core then matches on this thread alone,
    /// and still finishes on two.
    @usableFromInline
    func diff(
        prints: UnsafeBufferPointer<UInt64>, counts: UnsafeBufferPointer<Int>, oldSections: Int, oldRows: Int,
        oldContents: [UInt64]?, newContents: [UInt64]?, patch: Bool, exclusive: Bool,
        parallel: Bool = true, beside work: (() -> Void)? = nil
    ) throws(CoreStatus) -> CoreResult {
        let run = { () throws(CoreStatus) -> CoreResult in
            guard let work, parallel else {
                work?()
                return try self.sectionedDiff(
                    prints: prints, counts: counts, oldSections: oldSections, oldRows: oldRows,
                    oldContents: oldContents, newContents: newContents, patch: patch,
                    parallel: parallel, side: nil)
            }
            let outcome = SideJob.running(work) { side -> Result<CoreResult, CoreStatus> in
                do throws(CoreStatus) {
                    return .success(
                        try self.sectionedDiff(
                            prints: prints, counts: counts, oldSections: oldSections, oldRows: oldRows,
                            oldContents: oldContents, newContents: newContents, patch: patch, parallel: parallel, side: side))
                } catch {
                    return .failure(error)
                }
            }
            return try outcome.get()
        }
        if exclusive { return try run() }
        return try lock.withLock(run)
    }

    /// `diff(prints:...)` with the side job `side` (nil: none running) for the core's runner.
    /// Inlined into both calls: called, it cost a 100-row diff about 40 instructions.
    @inline(__always)
    private func sectionedDiff(
        prints: UnsafeBufferPointer<UInt64>, counts: UnsafeBufferPointer<Int>, oldSections: Int,
        oldRows: Int, oldContents: [UInt64]?, newContents: [UInt64]?, patch: Bool,
        parallel: Bool, side: UnsafeMutablePointer<SideJob>?
    ) throws(CoreStatus) -> CoreResult {
        var sections = cdiff_changes()
        var rows = cdiff_row_changes()
        let newSections = counts.count - oldSections
        let newStart = oldSections + oldRows
        let newRows = prints.count - newStart - newSections
        if oldSections == 1 && newSections == 1 && prints[0] == prints[newStart]
            && oldRows + newRows < Self.flatDiffMaximum
        {
            return try flatDiff(
                prints: prints, oldRows: oldRows, oldContents: oldContents,
                newContents: newContents, patch: patch)
        }
        // With a side job on the helper, no matching pass is split (the largest minimum there is);
        // the rows' finish still is, from its own minimum.
        cdiff_context_set_runner(
            context, parallel ? CoreRunner.run : nil, side.map { UnsafeMutableRawPointer($0) },
            side == nil ? coreParallelMinimum : Int.max)
        let (status, maps) = Self.withRowMaps(oldRows: oldRows, newRows: newRows) { maps in
            CoreInput.withOptional(oldContents) { oldContents in
                CoreInput.withOptional(newContents) { newContents in
                    let base = prints.baseAddress
                    var old = cdiff_sectioned_list(
                        sections: base, sectionContents: nil, count: oldSections, rowCounts: counts.baseAddress,
                        rows: base.map { $0 + oldSections }, rowContents: oldContents, rowCount: oldRows)
                    var new = cdiff_sectioned_list(
                        sections: base.map { $0 + newStart }, sectionContents: nil, count: newSections,
                        rowCounts: counts.baseAddress.map { $0 + oldSections },
                        rows: base.map { $0 + newStart + newSections }, rowContents: newContents, rowCount: newRows)
                    return sectioned(&old, &new, into: maps, &sections, &rows)
                }
            }
        }
        if let side {
            // The job's memory ends with this diff: later calls (the flat and exact paths set no
            // runner) must not find it; and the helper is needed free for the conversions below.
            cdiff_context_set_runner(context, parallel ? CoreRunner.run : nil, nil, coreParallelMinimum)
            side.pointee.finish()
        }
        return try result(
            status, sections, rows, maps, hasContents: oldContents != nil && newContents != nil,
            patch: patch, parallel: parallel)
    }

    private func unlockedDiff(_ old: CoreInput, _ new: CoreInput, patch: Bool) throws(CoreStatus) -> CoreResult {
        var sections = cdiff_changes()
        var rows = cdiff_row_changes()
        let (status, maps) = Self.withRowMaps(oldRows: old.rows.count, newRows: new.rows.count) { maps in
            old.withList { oldList in
                new.withList { newList in sectioned(oldList, newList, into: maps, &sections, &rows) }
            }
        }
        return try result(status, sections, rows, maps, hasContents: old.rowContents != nil && new.rowContents != nil, patch: patch)
    }

    /// The sectioned core call: with `maps`, the row maps go straight into them
    /// (`cdiff_diff_sectioned_into`); without, into the context (`cdiff_diff_sectioned`).
    private func sectioned(
        _ old: UnsafePointer<cdiff_sectioned_list>, _ new: UnsafePointer<cdiff_sectioned_list>,
        into maps: (old: UnsafeMutablePointer<UInt32>?, new: UnsafeMutablePointer<UInt32>?)?,
        _ sections: inout cdiff_changes, _ rows: inout cdiff_row_changes
    ) -> cdiff_status {
        guard let maps else { return cdiff_diff_sectioned(context, old, new, &sections, &rows) }
        return cdiff_diff_sectioned_into(context, old, new, maps.old, maps.new, &sections, &rows)
    }

    /// The core's result in Swift arrays (and its patch, with `patch`), or the failure's status.
    /// With `parallel`, row deletes and inserts of large diffs are converted on two cores.
    private func result(
        _ status: cdiff_status, _ sections: cdiff_changes, _ rows: cdiff_row_changes,
        _ rowMaps: (old: [UInt32], new: [UInt32])?, hasContents: Bool, patch: Bool, parallel: Bool = false
    )
        throws(CoreStatus) -> CoreResult
    {
        guard status == CDIFF_OK else { throw CoreStatus(status) }
        // The patch first (cdiff_patch leaves the diff's result valid), so that the result is
        // built once, in the return statement: a result built in a variable and then returned was
        // copied twice (a retain and a release of each of its seventeen arrays per copy).
        let steps = patch ? try patchSteps() : nil
        // The row deletes and inserts are the long lists (every row of a deleted or inserted
        // section): from `parallelConversionMinimum` paths, the inserts are converted on the
        // helper thread (awake from the core's passes) while this one converts the deletes.
        let (rowDeletes, rowInserts) = ParallelWork.helped(
            parallel: parallel && rows.delete_count + rows.insert_count >= Self.parallelConversionMinimum,
            { Self.converted(rows.deletes, rows.delete_count, ItemPath.init) },
            { Self.converted(rows.inserts, rows.insert_count, ItemPath.init) })
        // Each list is converted in one pass into an array of its exact size (`Array(buffer)` and
        // `map` allocate once, in code specialised for the element type).
        return CoreResult(
            sectionOldToNew: Self.copy(sections.old_to_new, sections.old_count),
            sectionNewToOld: Self.copy(sections.new_to_old, sections.new_count),
            sectionDeletes: Self.indices(sections.deletes, sections.delete_count),
            sectionInserts: Self.indices(sections.inserts, sections.insert_count),
            sectionMoves: Self.converted(sections.moves, sections.move_count) { Move(from: Int($0.from), to: Int($0.to)) },
            sectionOldDuplicates: Self.indices(sections.old_duplicates, sections.old_duplicate_count),
            sectionNewDuplicates: Self.indices(sections.new_duplicates, sections.new_duplicate_count),
            rowOldToNew: rowMaps?.old ?? Self.copy(rows.old_to_new, rows.old_count),
            rowNewToOld: rowMaps?.new ?? Self.copy(rows.new_to_old, rows.new_count),
            rowDeletes: rowDeletes,
            rowInserts: rowInserts,
            rowMoves: Self.converted(rows.moves, rows.move_count, Move.init),
            rowUpdates: hasContents ? Self.converted(rows.updates, rows.update_count, Move.init) : nil,
            rowOldDuplicates: Self.indices(rows.old_duplicates, rows.old_duplicate_count),
            rowNewDuplicates: Self.indices(rows.new_duplicates, rows.new_duplicate_count),
            steps: steps)
    }

    /// Row deletes plus inserts from which a diff allowed two cores converts them on two: about
    /// 1.5 ns a path, so 8,192 paths take about 12 µs, several times the hand-over to the helper.
    static let parallelConversionMinimum = 8_192

    /// The core's sequential patch of its last diff.
    func patchSteps() throws(CoreStatus) -> [CoreStep] {
        var pointer: UnsafePointer<cdiff_step>?
        var count = 0
        let patchStatus = cdiff_patch(context, &pointer, &count)
        guard patchStatus == CDIFF_OK else { throw CoreStatus(patchStatus) }
        return UnsafeBufferPointer(start: pointer, count: count).map { step in
            CoreStep(
                operation: CoreStep.Operation(rawValue: step.op)!, source: Int(step.source),
                from: ItemPath(step.from), to: ItemPath(step.to))
        }
    }

    static func copy(_ pointer: UnsafePointer<UInt32>?, _ count: Int) -> [UInt32] {
        guard let pointer, count > 0 else { return [] }
        // One section matched to one section (every flat list): a shared array, not a new one.
        if count == 1 && pointer[0] == 0 { return firstToFirst }
        return Array(UnsafeBufferPointer(start: pointer, count: count))
    }

    /// The map of a single element matched to the single element of the other side.
    static let firstToFirst: [UInt32] = [0]

    /// Storage for the two row maps, when a diff is large enough for it to pay: `call` passes it
    /// to `cdiff_diff_sectioned_into`, and the core writes the maps straight into the arrays
    /// returned — no copy of them, and no context memory for them (8 bytes a row, each page of
    /// which a first diff pays in faults). Below `rowMapsInPlaceMinimum` rows (old plus new),
    /// `call` gets nil and runs `cdiff_diff_sectioned`; the maps are then copied from its result
    /// (an array made for the core to fill costs an unspecialised allocation, about 800
    /// instructions, more than copying a few hundred values). Nil maps: copy them, or the call
    /// failed.
    private static func withRowMaps(
        oldRows: Int, newRows: Int, _ call: ((old: UnsafeMutablePointer<UInt32>?, new: UnsafeMutablePointer<UInt32>?)?) -> cdiff_status
    ) -> (cdiff_status, (old: [UInt32], new: [UInt32])?) {
        guard oldRows + newRows >= rowMapsInPlaceMinimum else { return (call(nil), nil) }
        var status = CDIFF_OK
        var newToOld: [UInt32] = []
        let oldToNew = filled(count: oldRows) { oldMap in
            newToOld = filled(count: newRows) { newMap in
                // Large maps are faulted in on another core while the core builds its table.
                let stride = MemoryLayout<UInt32>.stride
                let prefault = Prefault.start([
                    (UnsafeMutableRawPointer(oldMap), oldRows * stride),
                    (UnsafeMutableRawPointer(newMap), newRows * stride),
                ])
                status = call((oldMap, newMap))
                prefault?.wait()
                return status == CDIFF_OK
            }
            return status == CDIFF_OK
        }
        return (status, (oldToNew, newToOld))
    }

    /// Rows (old plus new) from which the core writes the row maps into Swift arrays (measured:
    /// 1,750 instructions more at 200 rows, 1,200 fewer at 2,000).
    private static let rowMapsInPlaceMinimum = 1_024

    /// `count` values the core writes in place (`body` gets the storage, nil when `count` is 0,
    /// and says whether it was filled); empty when it was not.
    private static func filled(count: Int, _ body: (UnsafeMutablePointer<UInt32>?) -> Bool) -> [UInt32] {
        // Empty: `unsafeUninitializedCapacity: 0` would write the count into the shared empty-array
        // storage (a data race with every thread reading an empty array).
        if count == 0 {
            _ = body(nil)
            return []
        }
        return [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = body(buffer.baseAddress) ? count : 0
        }
    }

    static func indices(_ pointer: UnsafePointer<UInt32>?, _ count: Int) -> [Int] {
        converted(pointer, count) { Int($0) }
    }

    /// The C list as a Swift array (no array for an empty list: nothing is allocated).
    static func converted<Source, Target>(
        _ pointer: UnsafePointer<Source>?, _ count: Int,
        _ transform: (Source) -> Target
    ) -> [Target] {
        guard let pointer, count > 0 else { return [] }
        return UnsafeBufferPointer(start: pointer, count: count).map(transform)
    }

    /// Runs `body` with the raw context, under the lock (for the benchmark hook).
    func withRawContext<R>(_ body: (OpaquePointer) -> R) -> R { lock.withLock { body(context) } }
}

/// A few contexts kept for diffs that name none, so that repeated diffs reuse scratch memory
/// instead of allocating and faulting it in each time. Contexts are kept while the pool holds at
/// most `retainLimit` bytes in all — enough for one diff of about two million elements, or several
/// smaller ones — and a context that would push it past that is freed instead.
@usableFromInline
final class ContextPool: @unchecked Sendable {
    /// The free contexts, with the scratch bytes each held when it was given back (so that giving
    /// one back costs one look at its memory, not one per pooled context), and their sum.
    private struct State {
        var free: [(context: DiffContext, bytes: Int)] = []
        var held = 0
    }

    private let lock = Lock()
    /// Behind a pointer rather than in stored `var`s: every access to a class's stored `var` is
    /// checked for exclusivity at run time (about 270 instructions per diff for the take and the
    /// give); `lock` already makes each access exclusive.
    private let state: UnsafeMutablePointer<State>
    private let capacity = 4
    private let retainLimit = 96 << 20

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    @usableFromInline
    func take() -> DiffContext {
        let entry: (context: DiffContext, bytes: Int)? = lock.withLock {
            guard let entry = state.pointee.free.popLast() else { return nil }
            state.pointee.held -= entry.bytes
            return entry
        }
        return entry?.context ?? DiffContext()
    }

    @usableFromInline
    func give(_ context: DiffContext) {
        let bytes = context.exclusiveMemoryInUse
        lock.withLock {
            if state.pointee.free.count < capacity && state.pointee.held + bytes <= retainLimit {
                state.pointee.free.append((context, bytes))
                state.pointee.held += bytes
            }
        }
    }

    func drain() {
        lock.withLock {
            state.pointee.free.removeAll()
            state.pointee.held = 0
        }
    }
}

extension ItemPath {
    init(_ path: cdiff_path) { self.init(section: Int(path.section), item: Int(path.row)) }
}

extension Move where Index == ItemPath {
    init(_ pair: cdiff_path_move) { self.init(from: ItemPath(pair.from), to: ItemPath(pair.to)) }
}

extension cdiff_sectioned_list {
    /// One side as the core reads it; the pointers must stay valid for the call. (`row_counts` is
    /// `size_t`, which Swift imports as `Int`.)
    init(
        sections: UnsafePointer<UInt64>?, sectionContents: UnsafePointer<UInt64>?, count: Int,
        rowCounts: UnsafePointer<Int>?, rows: UnsafePointer<UInt64>?, rowContents: UnsafePointer<UInt64>?, rowCount: Int
    ) {
        self.init()
        section_ids = sections
        section_contents = sectionContents
        section_count = count
        row_counts = rowCounts
        row_ids = rows
        row_contents = rowContents
        row_count = rowCount
    }
}
