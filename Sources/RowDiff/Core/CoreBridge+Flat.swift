import CDiffCore

/// One section on each side, with equal fingerprints (every flat list): the rows are diffed as a
/// flat list. The sectioned core would match the two sections with each other and finish the
/// rows with the flat diff's own step (its one-section path), so the changes are the same; the
/// flat call skips the section level, the checks and scratch of a sectioned diff and the widening
/// of its results into paths (about 2,000 of the core's 13,000 instructions at 100 rows, 7,000 of
/// its 130,000 at 1,000), and the paths are made here, in the pass that copies the lists anyway.
extension DiffContext {
    /// Rows (old plus new) below which a flat-list diff takes the flat call. From there the
    /// sectioned call writes the row maps straight into Swift arrays, which spares copying them and
    /// the context memory for them (a first diff of a large list pays that memory in page faults).
    static let flatDiffMaximum = 16_384

    /// The flat core diff of the two sides' rows, as the sectioned result of one section matched
    /// with one section. `prints` is laid out as in `diff(prints:counts:...)`, one section a side.
    func flatDiff(
        prints: UnsafeBufferPointer<UInt64>, oldRows: Int, oldContents: [UInt64]?,
        newContents: [UInt64]?, patch: Bool
    ) throws(CoreStatus) -> CoreResult {
        var changes = cdiff_changes()
        let newRows = prints.count - oldRows - 2
        let status = CoreInput.withOptional(oldContents) { oldContents in
            CoreInput.withOptional(newContents) { newContents in
                let base = prints.baseAddress
                var old = cdiff_list(ids: base.map { $0 + 1 }, contents: oldContents, count: oldRows)
                var new = cdiff_list(ids: base.map { $0 + oldRows + 2 }, contents: newContents, count: newRows)
                return cdiff_diff(context, &old, &new, &changes)
            }
        }
        guard status == CDIFF_OK else { throw CoreStatus(status) }
        let steps = patch ? try patchSteps() : nil
        let hasContents = oldContents != nil && newContents != nil
        return CoreResult(
            sectionOldToNew: Self.firstToFirst, sectionNewToOld: Self.firstToFirst, sectionDeletes: [],
            sectionInserts: [], sectionMoves: [], sectionOldDuplicates: [], sectionNewDuplicates: [],
            rowOldToNew: Self.copy(changes.old_to_new, changes.old_count),
            rowNewToOld: Self.copy(changes.new_to_old, changes.new_count),
            rowDeletes: Self.firstSectionPaths(changes.deletes, changes.delete_count),
            rowInserts: Self.firstSectionPaths(changes.inserts, changes.insert_count),
            rowMoves: Self.converted(changes.moves, changes.move_count, Move.init(firstSection:)),
            rowUpdates: hasContents ? Self.converted(changes.updates, changes.update_count, Move.init(firstSection:)) : nil,
            rowOldDuplicates: Self.indices(changes.old_duplicates, changes.old_duplicate_count),
            rowNewDuplicates: Self.indices(changes.new_duplicates, changes.new_duplicate_count),
            steps: steps)
    }
}

extension DiffContext {
    /// Rows of a flat list as rows of section 0.
    static func firstSectionPaths(_ pointer: UnsafePointer<UInt32>?, _ count: Int) -> [ItemPath] {
        guard let pointer, count > 0 else { return [] }
        return [ItemPath](unsafeUninitializedCapacity: count) { buffer, initialized in
            var source = pointer, target = buffer.baseAddress!
            let end = pointer + count
            while source != end {
                target.initialize(to: ItemPath(section: 0, item: Int(source.pointee)))
                source += 1
                target += 1
            }
            initialized = count
        }
    }
}

extension Move where Index == ItemPath {
    /// A flat pair as a pair of rows of section 0.
    init(firstSection pair: cdiff_move) {
        self.init(from: ItemPath(section: 0, item: Int(pair.from)), to: ItemPath(section: 0, item: Int(pair.to)))
    }
}
