/// One side of a sectioned diff, as the core sees it: the sections, the rows of each section, and
/// where each section's rows start in the section-major order of all rows. Section and row
/// identities are read from the values where needed, never gathered into arrays of their own
/// (each array is an allocation and a release per diff, a visible cost for a 100-row diff).
@usableFromInline
struct FlattenedSide<Section: DiffableSection> {
    @usableFromInline let sections: [Section]
    @usableFromInline let rows: SideRows<Section.Row>
    @usableFromInline let rowStart: RowStarts

    /// - Complexity: O(sections).
    @inlinable
    init(_ sections: [Section]) {
        self.sections = sections
        if sections.count == 1 {
            // Every flat list: no table of rows or starts to allocate.
            let only = sections[0].rows
            rows = SideRows(single: only)
            rowStart = RowStarts(single: only.count)
            return
        }
        // One pass, appending to reserved arrays: `map` and the uninitialized-array initializers
        // cost a run-time type lookup per array.
        var rows = [[Section.Row]](), start = [Int]()
        rows.reserveCapacity(sections.count)
        start.reserveCapacity(sections.count + 1)
        var total = 0
        for section in sections {
            let sectionRows = section.rows
            rows.append(sectionRows)
            start.append(total)
            total += sectionRows.count
        }
        start.append(total)
        self.rows = SideRows(sections: rows)
        rowStart = RowStarts(table: start)
    }

    @inlinable
    var rowCount: Int { rowStart.total }

    /// The identity of section `index`.
    @inlinable
    func sectionID(_ index: Int) -> Section.DiffIdentity { sections[index].diffIdentity }

    /// Every section identity: only the collision guard's exact path needs them as an array.
    /// - Complexity: O(sections).
    @inlinable
    func sectionIDs() -> [Section.DiffIdentity] { sections.map { $0.diffIdentity } }

    /// The number of rows of each section (the exact path's core input).
    /// - Complexity: O(sections).
    @inlinable
    var rowCounts: [Int] { rows.map { $0.count } }

    /// Every row identity, section-major: only the collision guard's exact path needs them as an array.
    /// - Complexity: O(rows).
    @inlinable
    func rowIdentities() -> [Section.Row.DiffIdentity] {
        var ids = [Section.Row.DiffIdentity]()
        ids.reserveCapacity(rowCount)
        // Rows are read in place: iterating them would copy every row (retaining its fields) only
        // to read its identity.
        for section in rows {
            section.withUnsafeBufferPointer { rows in
                for index in rows.indices { ids.append(rows[index].diffIdentity) }
            }
        }
        return ids
    }

    @inlinable
    func path(ofRow index: Int) -> ItemPath { rowStart.path(of: index) }
}

/// The protocol conformances a diff's fast paths depend on, looked up once per diff (each lookup
/// costs hundreds of instructions: a tenth of a 100-row diff when done per array).
@usableFromInline
struct SideTypes {
    @usableFromInline let sectionIdentity: (any Fingerprintable.Type)?
    @usableFromInline let rowIdentity: (any Fingerprintable.Type)?
    @usableFromInline let rowVersions: (any ContentVersioned.Type)?
    /// The row type as an `InPlaceRow`, when it is one (the package's own generic rows).
    @usableFromInline let rowInPlace: (any InPlaceRow.Type)?
    /// Where rows store their identity, for `InPlaceRow` rows that say so.
    @usableFromInline let rowIdentityOffset: Int?

    /// `rows` is what the context may have remembered of the row type (the identity casts fold
    /// to constants once the code is specialised).
    @inlinable
    init<Section: DiffableSection>(_ section: Section.Type, rows: RowTypeFacts) {
        sectionIdentity = Section.DiffIdentity.self as? any Fingerprintable.Type
        rowIdentity = Section.Row.DiffIdentity.self as? any Fingerprintable.Type
        rowVersions = rows.versioned
        rowInPlace = rows.inPlace
        rowIdentityOffset = rows.identityOffset
    }
}

/// The first core pass of a typed diff. Both sides' fingerprints and row counts exist only for
/// the core call: the fingerprints in the scratch a pooled context keeps between diffs (or in
/// temporary memory, for a context the caller gave), the counts on the stack. Arrays for them cost
/// an allocation and a release each per diff (the fingerprints' through the standard library's
/// unspecialised path). The two sides are independent, so above the parallel threshold they are
/// fingerprinted on two cores, each into its own part of the scratch.
@usableFromInline
enum FirstPass<Section: DiffableSection> {
    /// The core's diff of the two sides, with the rows' content versions of each side (nil when
    /// rows have none; the exact pass reuses them), when the new side's fingerprints were trimmed,
    /// the common ends (see `CommonEnds`), and when they were aligned, the pairs the walk found
    /// (see `AlignedPairs`); the content of the ends' and the walked pairs is compared unless rows
    /// have versions. With `parallel`, the sides are fingerprinted on two cores.
    /// - Precondition: the core accepts the input (it fails only beyond its limits or out of memory).
    /// - Complexity: O(sections + rows) here, plus the core's diff.
    @inlinable
    static func diff(
        _ old: FlattenedSide<Section>, _ new: FlattenedSide<Section>, parallel: Bool,
        on context: DiffContext, mask: UInt64, types: SideTypes, patch: Bool, exclusive: Bool, trims: Bool
    )
        -> (
            core: CoreResult, oldVersions: [UInt64]?, newVersions: [UInt64]?, ends: CommonEnds?, aligned: AlignedPairs?,
            walkedUpdates: [Move<ItemPath>]
        )
    {
        let total = old.sections.count + old.rowCount + new.sections.count + new.rowCount
        // A pooled context is this diff's alone: its kept scratch holds the fingerprints. A
        // context the caller gave may be shared, and it is locked only for the core call.
        if exclusive {
            return diff(
                old, new, parallel: parallel, prints: context.fingerprintScratch(count: total), on: context,
                mask: mask, types: types, patch: patch, exclusive: true, trims: trims)
        }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: total) { prints in
            diff(
                old, new, parallel: parallel, prints: prints, on: context, mask: mask, types: types, patch: patch,
                exclusive: false, trims: trims)
        }
    }

    /// `diff` with `prints` for the fingerprints: old sections, old rows, new sections, new rows.
    @inlinable
    static func diff(
        _ old: FlattenedSide<Section>, _ new: FlattenedSide<Section>, parallel: Bool,
        prints: UnsafeMutableBufferPointer<UInt64>, on context: DiffContext, mask: UInt64,
        types: SideTypes, patch: Bool, exclusive: Bool, trims: Bool
    )
        -> (
            core: CoreResult, oldVersions: [UInt64]?, newVersions: [UInt64]?, ends: CommonEnds?, aligned: AlignedPairs?,
            walkedUpdates: [Move<ItemPath>]
        )
    {
        let oldCount = old.sections.count + old.rowCount, total = prints.count
        let oldOutput = UnsafeMutableBufferPointer(rebasing: prints[0..<oldCount])
        let newOutput = UnsafeMutableBufferPointer(rebasing: prints[oldCount..<total])
        let versions: ([UInt64]?, [UInt64]?)
        var ends: CommonEnds?
        let aligned = AlignedFingerprints.write(
            old, new, parallel: parallel, mask: mask, types: types,
            oldOutput: oldOutput, newOutput: newOutput)
        if aligned != nil {
            // Several sections a side: new rows that keep their place copied the old fingerprints.
            versions = (
                ContentVersions.of(old.rows, versioned: types.rowVersions),
                ContentVersions.of(new.rows, versioned: types.rowVersions)
            )
        } else if parallel && trims && TrimmedFingerprints.trims(new, old, types: types) {
            // One section a side: as on one core, the new side's rows in the ends it shares with the
            // old side take the old fingerprints, copied once the other core has written them; its
            // middle is hashed meanwhile, and the ends' pairs compared (when rows have no versions).
            let (oldVersions, trimmed) = ParallelWork.both(
                parallel: true,
                { prepare(old, mask: mask, types: types, into: oldOutput) },
                {
                    TrimmedFingerprints.writeMiddle(
                        new, against: old, mask: mask, types: types, comparesContent: types.rowVersions == nil, into: newOutput)
                })
            guard let trimmed else { preconditionFailure("RowDiff: a trimmed side was not trimmed") }
            TrimmedFingerprints.copyEnds(trimmed, oldPrints: UnsafeBufferPointer(oldOutput), into: newOutput)
            ends = trimmed
            versions = (oldVersions, ContentVersions.of(new.rows, versioned: types.rowVersions))
        } else if parallel {
            versions = ParallelWork.both(
                parallel: true,
                { prepare(old, mask: mask, types: types, into: oldOutput) },
                { prepare(new, mask: mask, types: types, into: newOutput) })
        } else {
            // Called directly: the closures above would each capture a copy of their side. The new
            // side's rows in the ends it shares with the old side take the old fingerprints.
            let oldVersions = prepare(old, mask: mask, types: types, into: oldOutput)
            // Rows without versions have their content compared in Swift: the ends' pairs now.
            ends =
                trims
                ? TrimmedFingerprints.write(
                    new, against: old, oldPrints: UnsafeBufferPointer(oldOutput), mask: mask,
                    types: types, comparesContent: types.rowVersions == nil, into: newOutput) : nil
            if ends != nil {
                versions = (oldVersions, ContentVersions.of(new.rows, versioned: types.rowVersions))
            } else {
                versions = (oldVersions, prepare(new, mask: mask, types: types, into: newOutput))
            }
        }
        // Rows without versions have their content compared in Swift: the walked pairs' beside
        // the core's matching (see `SideJob`).
        guard var walk = aligned, types.rowVersions == nil else {
            let core = core(
                old, new, prints: prints, versions: versions, on: context, patch: patch, exclusive: exclusive,
                parallel: parallel, beside: nil)
            return (core, versions.0, versions.1, ends, aligned, [])
        }
        let (core, walkedUpdates) = core(
            old, new, prints: prints, versions: versions, on: context, patch: patch,
            exclusive: exclusive, parallel: parallel, comparing: &walk)
        return (core, versions.0, versions.1, ends, walk, walkedUpdates)
    }

    /// `core(...)` with the content of `walk`'s walked pairs compared beside the core's matching
    /// (on the helper when `parallel`), and there, on the helper, the unwalked rows' pairs found
    /// too (into `walk.found`; on one core, that search would cost about what it saves). Returns
    /// the walked pairs' updates. A function of its own: the results the job writes are boxed for
    /// its closure, which a diff without aligned rows (every flat list) should not pay for (about
    /// 1,000 instructions of a 100-row diff, with the closure).
    @inlinable
    static func core(
        _ old: FlattenedSide<Section>, _ new: FlattenedSide<Section>,
        prints: UnsafeMutableBufferPointer<UInt64>, versions: ([UInt64]?, [UInt64]?), on context: DiffContext,
        patch: Bool, exclusive: Bool, parallel: Bool, comparing walk: inout AlignedPairs
    )
        -> (core: CoreResult, walkedUpdates: [Move<ItemPath>])
    {
        let oldCount = old.sections.count + old.rowCount
        let oldRowPrints = UnsafeBufferPointer(rebasing: prints[old.sections.count..<oldCount])
        let newRowPrints = UnsafeBufferPointer(rebasing: prints[(oldCount + new.sections.count)...])
        var walkedUpdates: [Move<ItemPath>] = [], found: [AlignedPairs.FoundPair] = []
        let pairs = walk
        let core = core(
            old, new, prints: prints, versions: versions, on: context, patch: patch, exclusive: exclusive,
            parallel: parallel
        ) {
            walkedUpdates = pairs.contentUpdates(old, new)
            if parallel {
                found = pairs.foundPairs(old, new, oldPrints: oldRowPrints, newPrints: newRowPrints, comparesContent: true)
            }
        }
        walk.found = found
        return (core, walkedUpdates)
    }

    /// The core's diff of the fingerprints in `prints`, with `work` beside it (see
    /// `DiffContext.diff(prints:...)`).
    @inlinable
    static func core(
        _ old: FlattenedSide<Section>, _ new: FlattenedSide<Section>,
        prints: UnsafeMutableBufferPointer<UInt64>, versions: ([UInt64]?, [UInt64]?), on context: DiffContext,
        patch: Bool, exclusive: Bool, parallel: Bool, beside work: (() -> Void)?
    ) -> CoreResult {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: old.rows.count + new.rows.count) { counts in
            var next = 0
            for rows in old.rows {
                counts.initializeElement(at: next, to: rows.count)
                next += 1
            }
            for rows in new.rows {
                counts.initializeElement(at: next, to: rows.count)
                next += 1
            }
            do {
                return try context.diff(
                    prints: UnsafeBufferPointer(prints), counts: UnsafeBufferPointer(counts),
                    oldSections: old.sections.count, oldRows: old.rowCount,
                    oldContents: versions.0, newContents: versions.1, patch: patch,
                    exclusive: exclusive, parallel: parallel, beside: work)
            } catch {
                preconditionFailure("RowDiff: the diff failed: \(error)")
            }
        }
    }

    /// Writes one side's section then row fingerprints into `output`; returns its rows' content
    /// versions (nil when rows have none).
    @inlinable
    static func prepare(
        _ side: FlattenedSide<Section>, mask: UInt64, types: SideTypes,
        into output: UnsafeMutableBufferPointer<UInt64>
    ) -> [UInt64]? {
        let sectionCount = side.sections.count
        IdentityFingerprints.write(
            side.sections, seed: 0, mask: mask, fingerprintable: types.sectionIdentity,
            into: UnsafeMutableBufferPointer(rebasing: output[0..<sectionCount]))
        IdentityFingerprints.writeRows(
            side.rows, seed: 0, mask: mask, fingerprintable: types.rowIdentity, storedIdentity: types.rowIdentityOffset,
            into: UnsafeMutableBufferPointer(rebasing: output[sectionCount...]))
        // Rows with content versions let the core find updates; versions are exact by contract.
        return ContentVersions.of(side.rows, versioned: types.rowVersions)
    }
}

/// The (section, row) of global row `index`, given where each section's rows start.
/// - Complexity: O(log sections).
@inlinable
func rowPath(of index: Int, starts: [Int]) -> ItemPath {
    var low = 0, high = starts.count - 1 // starts[low] <= index < starts[high]
    while high - low > 1 {
        let middle = (low + high) / 2
        if starts[middle] <= index { low = middle } else { high = middle }
    }
    // Empty sections share a start with the next one; the owner is the last section starting at or before index.
    return ItemPath(section: low, item: index - starts[low])
}
