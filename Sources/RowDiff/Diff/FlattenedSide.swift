/// One side of a sectioned diff, as the core sees it: section identities, the rows of each
/// section, and where each section's rows start in the section-major order of all rows. Row
/// identities are read from the rows where needed, never gathered into an array of their own.
@usableFromInline
struct FlattenedSide<Section: DiffableSection> {
    @usableFromInline let sectionIDs: [Section.DiffIdentity]
    @usableFromInline let rows: [[Section.Row]]
    /// rowStart[s] is the global index of section s's first row; rowStart[count] is the total.
    @usableFromInline let rowStart: [Int]
    /// The number of rows of each section (the core's input).
    @usableFromInline let rowCounts: [Int]

    /// - Complexity: O(sections).
    @inlinable
    init(_ sections: [Section]) {
        // One pass, appending to reserved arrays: `map` and the uninitialized-array initializers
        // cost a run-time type lookup per array, a measurable share of a 100-row diff.
        var ids = [Section.DiffIdentity](), rows = [[Section.Row]](), start = [Int](), counts = [Int]()
        ids.reserveCapacity(sections.count)
        rows.reserveCapacity(sections.count)
        start.reserveCapacity(sections.count + 1)
        counts.reserveCapacity(sections.count)
        var total = 0
        for section in sections {
            let sectionRows = section.rows
            ids.append(section.diffIdentity)
            rows.append(sectionRows)
            start.append(total)
            counts.append(sectionRows.count)
            total += sectionRows.count
        }
        start.append(total)
        sectionIDs = ids
        self.rows = rows
        rowStart = start
        rowCounts = counts
    }

    @inlinable
    var rowCount: Int { rowStart[rowStart.count - 1] }

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

/// One side flattened and fingerprinted for the core: what each side needs before the diff,
/// independent of the other side (so the two can be prepared on two cores).
@usableFromInline
struct PreparedSide<Section: DiffableSection> {
    @usableFromInline let side: FlattenedSide<Section>
    @usableFromInline let input: CoreInput

    /// - Complexity: O(sections + rows).
    @inlinable
    init(_ sections: [Section], mask: UInt64, types: SideTypes) {
        let side = FlattenedSide(sections)
        let sectionPrints = IdentityFingerprints.compute(side.sectionIDs, seed: 0, fingerprintable: types.sectionIdentity)
        let rowPrints = IdentityFingerprints.ofRows(side.rows, total: side.rowCount, seed: 0, mask: mask,
                                                   fingerprintable: types.rowIdentity)
        var input = CoreInput(sections: mask == .max ? sectionPrints : sectionPrints.map { $0 & mask },
                              rowCounts: side.rowCounts, rows: rowPrints)
        // Rows with content versions let the core find updates; versions are exact by contract.
        input.rowContents = ContentVersions.of(side.rows, versioned: types.rowVersions)
        self.side = side
        self.input = input
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
