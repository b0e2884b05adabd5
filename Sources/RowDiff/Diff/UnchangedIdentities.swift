/// A sectioned diff's shortcut for sides whose identities are equal position by position, when
/// the section type promises unique identities (`UniquelyIdentifiedSection`): every section and
/// row pairs with the one in its own place, so nothing is inserted, deleted or moved, no identity
/// repeats, and only the pairs' contents are compared (not even those, for two sections whose rows
/// are alike). No fingerprint is computed and the core is not called.
///
/// The sides' shapes (section identities, row counts) are compared first, so a diff with an insert
/// or a delete pays O(sections) for the attempt; one that keeps the shape but changes an identity
/// (a move, a replacement) pays the comparisons up to the first changed row.
@usableFromInline
enum UnchangedIdentities {
    /// Whether the sides have the same section identities, in order, with as many rows each.
    /// - Complexity: O(sections).
    @inlinable
    static func shapesAgree<Section: DiffableSection>(_ old: FlattenedSide<Section>, _ new: FlattenedSide<Section>) -> Bool {
        guard old.sections.count == new.sections.count, old.rowCount == new.rowCount else { return false }
        for index in old.sections.indices {
            guard old.rows[index].count == new.rows[index].count, old.sectionID(index) == new.sectionID(index) else {
                return false
            }
        }
        return true
    }

    /// The pairs whose content differs (old path equal to new path), or nil when some row's
    /// identity differs from the old row's in its place (compared as `MatchedPairs` compares the
    /// pairs of any diff).
    /// - Precondition: `shapesAgree(old, new)`.
    /// - Complexity: O(rows), no hashing.
    @inlinable
    static func updates<Section: DiffableSection>(
        _ old: FlattenedSide<Section>, _ new: FlattenedSide<Section>, pairs: MatchedPairs<Section.Row>
    ) -> [Move<ItemPath>]? {
        var updates: [Move<ItemPath>] = []
        for section in old.rows.indices {
            // Two sections whose rows are alike (see `UniquelyIdentifiedSection.rowsAreAlike`): their
            // pairs are compared by identity alone.
            let comparesContent = !(rowsAreAlike(old.sections[section]) && rowsAreAlike(new.sections[section]))
            let agree = old.rows[section].withUnsafeBufferPointer { oldRows in
                new.rows[section].withUnsafeBufferPointer { newRows in
                    precondition(oldRows.count == newRows.count, "RowDiff: unchanged identities need sides of one shape")
                    // Emptiness by count: an empty buffer may still have a base address.
                    guard !oldRows.isEmpty else { return true }
                    let oldBase = oldRows.baseAddress!, newBase = newRows.baseAddress!
                    for item in 0..<oldRows.count {
                        let (agrees, changed) = pairs.compare(
                            oldBase + item, newBase + item, checksIdentities: true, comparesContent: comparesContent)
                        guard agrees else { return false }
                        if changed {
                            let path = ItemPath(section: section, item: item)
                            updates.append(Move(from: path, to: path))
                        }
                    }
                    return true
                }
            }
            guard agree else { return nil }
        }
        return updates
    }

    /// `section.rowsAreAlike`, or false for a section type that promises nothing.
    /// - Complexity: O(1).
    @inlinable
    static func rowsAreAlike<Section: DiffableSection>(_ section: Section) -> Bool {
        (section as? any UniquelyIdentifiedSection)?.rowsAreAlike ?? false
    }
}

extension CoreResult {
    /// The result of a diff whose every section and row pairs with the one in its own place.
    /// - Complexity: O(sections + rows).
    @usableFromInline
    static func unchanged(sections: Int, rows: Int) -> CoreResult {
        let sectionMap = (0..<sections).map { UInt32(truncatingIfNeeded: $0) }
        // No rows: the empty array itself. `unsafeUninitializedCapacity: 0` would write the count
        // into the storage every empty array shares (a data race ThreadSanitizer found).
        let rowMap =
            rows == 0
            ? []
            : [UInt32](unsafeUninitializedCapacity: rows) { buffer, count in
                for index in 0..<rows { (buffer.baseAddress! + index).initialize(to: UInt32(truncatingIfNeeded: index)) }
                count = rows
            }
        return CoreResult(
            sectionOldToNew: sectionMap, sectionNewToOld: sectionMap, sectionDeletes: [], sectionInserts: [],
            sectionMoves: [], sectionOldDuplicates: [], sectionNewDuplicates: [], rowOldToNew: rowMap, rowNewToOld: rowMap,
            rowDeletes: [], rowInserts: [], rowMoves: [], rowUpdates: nil, rowOldDuplicates: [], rowNewDuplicates: [],
            steps: nil)
    }
}
