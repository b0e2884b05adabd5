/// One side of a sectioned diff, as the core sees it: the sections, the rows of each section, and
/// where each section's rows start in the section-major order of all rows. Section and row
/// identities are read from the values where needed, never gathered into arrays of their own
/// (each array is an allocation and a release per diff, a visible cost for a 100-row diff).
@usableFromInline
struct FlattenedSide<Section: DiffableSection> {
    @usableFromInline let sections: [Section]
    @usableFromInline let rows: [[Section.Row]]
    /// rowStart[s] is the global index of section s's first row; rowStart[count] is the total.
    @usableFromInline let rowStart: [Int]

    /// - Complexity: O(sections).
    @inlinable
    init(_ sections: [Section]) {
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
        self.sections = sections
        self.rows = rows
        rowStart = start
    }

    @inlinable
    var rowCount: Int { rowStart[rowStart.count - 1] }

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

    /// For each row, section-major, the section holding it; empty for a single section (whose
    /// rows need no table). Lets the old side's rows be reached by global index in O(1).
    /// - Complexity: O(rows) with more than one section, O(1) otherwise.
    @inlinable
    func sectionOfRows() -> [Int32] {
        guard rows.count > 1 else { return [] }
        var table = [Int32](repeating: 0, count: rowCount)
        for section in rows.indices {
            for index in rowStart[section]..<rowStart[section + 1] { table[index] = Int32(section) }
        }
        return table
    }

    @inlinable
    func path(ofRow index: Int) -> ItemPath { rowPath(of: index, starts: rowStart) }
}

/// The protocol conformances a diff's fast paths depend on, looked up once per diff (each lookup
/// costs hundreds of instructions: a tenth of a 100-row diff when done per array).
@usableFromInline
struct SideTypes {
    @usableFromInline let sectionIdentity: (any Fingerprintable.Type)?
    @usableFromInline let rowIdentity: (any Fingerprintable.Type)?
    @usableFromInline let rowVersions: (any ContentVersioned.Type)?

    @inlinable
    init<Section: DiffableSection>(_ section: Section.Type) {
        sectionIdentity = Section.DiffIdentity.self as? any Fingerprintable.Type
        rowIdentity = Section.Row.DiffIdentity.self as? any Fingerprintable.Type
        rowVersions = Section.Row.self as? any ContentVersioned.Type
    }
}

/// Both sides flattened and fingerprinted for the core. Every fingerprint of both sides lives in
/// one array (old sections, old rows, new sections, new rows) and the row counts of both sides in
/// another: two allocations per diff where one per list and side cost eight. The two sides are
/// independent, so above the parallel threshold they are fingerprinted on two cores, each into its
/// own part of the array.
@usableFromInline
struct PreparedSides<Section: DiffableSection> {
    @usableFromInline let old: FlattenedSide<Section>
    @usableFromInline let new: FlattenedSide<Section>
    @usableFromInline let prints: [UInt64]
    @usableFromInline let counts: [Int]
    @usableFromInline let oldVersions: [UInt64]?
    @usableFromInline let newVersions: [UInt64]?
    /// Whether the sides were prepared on two cores (the diff's later passes follow suit).
    @usableFromInline let parallel: Bool

    /// - Complexity: O(sections + rows).
    @inlinable
    init(_ old: [Section], _ new: [Section], mask: UInt64, types: SideTypes, parallelRowThreshold: Int) {
        let oldSide = FlattenedSide(old), newSide = FlattenedSide(new)
        let parallel = oldSide.rowCount + newSide.rowCount >= parallelRowThreshold
        let oldCount = old.count + oldSide.rowCount, total = oldCount + new.count + newSide.rowCount
        var versions: ([UInt64]?, [UInt64]?) = (nil, nil)
        // Empty: `unsafeUninitializedCapacity: 0` would write the count into the shared empty-array
        // storage (a data race with every thread reading an empty array).
        prints = total == 0 ? [] : [UInt64](unsafeUninitializedCapacity: total) { output, count in
            let oldOutput = UnsafeMutableBufferPointer(rebasing: output[0..<oldCount])
            let newOutput = UnsafeMutableBufferPointer(rebasing: output[oldCount..<total])
            if parallel {
                versions = ParallelWork.both(
                    parallel: true,
                    { Self.prepare(oldSide, mask: mask, types: types, into: oldOutput) },
                    { Self.prepare(newSide, mask: mask, types: types, into: newOutput) })
            } else {
                // Called directly: the closures above would each capture a copy of their side.
                versions = (Self.prepare(oldSide, mask: mask, types: types, into: oldOutput),
                            Self.prepare(newSide, mask: mask, types: types, into: newOutput))
            }
            count = total
        }
        var counts = [Int]()
        counts.reserveCapacity(old.count + new.count)
        for rows in oldSide.rows { counts.append(rows.count) }
        for rows in newSide.rows { counts.append(rows.count) }
        self.old = oldSide
        self.new = newSide
        self.counts = counts
        self.parallel = parallel
        (oldVersions, newVersions) = versions
    }

    /// Writes one side's section then row fingerprints into `output`; returns its rows' content
    /// versions (nil when rows have none).
    @inlinable
    static func prepare(_ side: FlattenedSide<Section>, mask: UInt64, types: SideTypes,
                        into output: UnsafeMutableBufferPointer<UInt64>) -> [UInt64]? {
        let sectionCount = side.sections.count
        IdentityFingerprints.write(side.sections, seed: 0, mask: mask, fingerprintable: types.sectionIdentity,
                                   into: UnsafeMutableBufferPointer(rebasing: output[0..<sectionCount]))
        IdentityFingerprints.writeRows(side.rows, seed: 0, mask: mask, fingerprintable: types.rowIdentity,
                                       into: UnsafeMutableBufferPointer(rebasing: output[sectionCount...]))
        // Rows with content versions let the core find updates; versions are exact by contract.
        return ContentVersions.of(side.rows, versioned: types.rowVersions)
    }

    /// The core's diff of the two sides.
    /// - Precondition: the core accepts the input (it fails only beyond its limits or out of memory).
    @inlinable
    func diff(on context: DiffContext, patch: Bool, exclusive: Bool) -> CoreResult {
        do {
            return try context.diff(prints: prints, counts: counts, oldSections: old.sections.count, oldRows: old.rowCount,
                                    oldContents: oldVersions, newContents: newVersions, patch: patch, exclusive: exclusive)
        } catch {
            preconditionFailure("RowDiff: the diff failed: \(error)")
        }
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
