/// One side of a sectioned diff, flattened for the core: section identities, all row identities
/// section-major, and where each section's rows start.
@usableFromInline
struct FlattenedSide<Section: DiffableSection> {
    @usableFromInline let sectionIDs: [Section.DiffIdentity]
    @usableFromInline let rowIDs: [Section.Row.DiffIdentity]
    @usableFromInline let rows: [[Section.Row]]
    /// rowStart[s] is the global index of section s's first row; rowStart[count] is the total.
    @usableFromInline let rowStart: [Int]

    /// - Complexity: O(sections + rows).
    @inlinable
    init(_ sections: [Section]) {
        sectionIDs = sections.map { $0.diffIdentity }
        rows = sections.map { $0.rows }
        var start = [Int]()
        start.reserveCapacity(sections.count + 1)
        var total = 0
        for section in rows {
            start.append(total)
            total += section.count
        }
        start.append(total)
        rowStart = start
        var ids = [Section.Row.DiffIdentity]()
        ids.reserveCapacity(total)
        // Rows are read in place: iterating them would copy every row (retaining its fields) only
        // to read its identity.
        for section in rows {
            section.withUnsafeBufferPointer { rows in
                for index in rows.indices { ids.append(rows[index].diffIdentity) }
            }
        }
        rowIDs = ids
    }

    @inlinable
    var rowCounts: [Int] { rows.map { $0.count } }

    @inlinable
    func path(ofRow index: Int) -> ItemPath { rowPath(of: index, starts: rowStart) }
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
