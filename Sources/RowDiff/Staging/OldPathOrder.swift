/// Sorts row updates by their old path (`from`), the order the content stages list them in.
///
/// The diff emits updates by new position. Grouped by old section, they are then almost in old
/// order: a section's rows keep their relative order except the few that move. So the updates
/// are bucketed by old section (a stable counting sort, O(C + S)) and each bucket is put in item
/// order by insertion sort, which is linear on almost sorted runs. A bucket whose insertion sort
/// would cost too much (many moves inside one section) falls back to the standard sort, so the
/// worst case stays O(C log C). Old paths are distinct (a row is updated once), so the result is
/// the one `sort { $0.from < $1.from }` gives.
@usableFromInline
enum OldPathOrder {
    /// Below this many updates the standard sort is as fast as bucketing.
    @usableFromInline static let bucketingThreshold = 256

    /// Sorts `updates` by `from`; every `from.section` is below `sectionCount`.
    /// - Complexity: O(C + S) for C updates over S sections when rows mostly keep their order;
    ///   O(C log C + S) at worst.
    @inlinable
    static func sort(_ updates: inout [Move<ItemPath>], sectionCount: Int) {
        if isSorted(updates) { return }
        guard updates.count >= bucketingThreshold && sectionCount > 1 else {
            updates.sort { $0.from < $1.from }
            return
        }
        // Bucket ends, then each update written at its bucket's next slot (stable). Walked through
        // unsafe buffers: the indexed passes kept overflow and bounds checks (50 instructions an
        // update for the whole sort).
        let count = updates.count
        updates = withUnsafeTemporaryAllocation(of: Int.self, capacity: sectionCount + 1) { next in
            next.initialize(repeating: 0)
            return updates.withUnsafeBufferPointer { source in
                for update in source {
                    // Checked once here: the passes below index by the same sections.
                    precondition(UInt(bitPattern: update.from.section) < UInt(sectionCount), "RowDiff: an update outside the old sections")
                    next[update.from.section &+ 1] &+= 1
                }
                for section in 0..<sectionCount { next[section &+ 1] &+= next[section] }
                return [Move<ItemPath>](unsafeUninitializedCapacity: count) { buffer, initialized in
                    let base = buffer.baseAddress!
                    for update in source {
                        let slot = next[update.from.section]
                        (base + slot).initialize(to: update)
                        next[update.from.section] = slot &+ 1
                    }
                    // Now next[s] is where bucket s ends and bucket s + 1 starts.
                    var start = 0
                    for section in 0..<sectionCount {
                        let end = next[section]
                        sortByItem(UnsafeMutableBufferPointer(start: base + start, count: end &- start))
                        start = end
                    }
                    initialized = count
                }
            }
        }
    }

    /// Whether `updates` are already in old order (e.g. a diff without moves).
    /// - Complexity: O(C).
    @inlinable
    static func isSorted(_ updates: [Move<ItemPath>]) -> Bool {
        updates.withUnsafeBufferPointer { updates in
            guard updates.count > 1 else { return true }
            for index in 1..<updates.count where updates[index].from < updates[index - 1].from { return false }
            return true
        }
    }

    /// Sorts one section's updates by item: insertion sort while it stays cheap (a few shifts per
    /// element), then the standard sort.
    /// - Complexity: O(k + shifts), at most O(k log k), for k updates.
    @inlinable
    static func sortByItem(_ run: UnsafeMutableBufferPointer<Move<ItemPath>>) {
        guard run.count > 1 else { return }
        let budget = 8 * run.count + 64
        var shifts = 0
        for index in 1..<run.count {
            let update = run[index]
            var slot = index
            while slot > 0 && run[slot - 1].from.item > update.from.item {
                run[slot] = run[slot - 1]
                slot -= 1
            }
            run[slot] = update
            shifts += index - slot
            if shifts > budget {
                var whole = run
                whole.sort { $0.from.item < $1.from.item }
                return
            }
        }
    }
}
