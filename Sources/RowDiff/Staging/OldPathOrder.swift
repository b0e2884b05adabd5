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
        // Bucket starts, then each update written at its bucket's next slot (stable).
        var next = [Int](repeating: 0, count: sectionCount + 1)
        for update in updates { next[update.from.section + 1] += 1 }
        for section in 0..<sectionCount { next[section + 1] += next[section] }
        let starts = next
        let sorted = [Move<ItemPath>](unsafeUninitializedCapacity: updates.count) { buffer, initialized in
            next.withUnsafeMutableBufferPointer { next in
                for update in updates {
                    let slot = next[update.from.section]
                    (buffer.baseAddress! + slot).initialize(to: update)
                    next[update.from.section] = slot + 1
                }
            }
            for section in 0..<sectionCount {
                sortByItem(UnsafeMutableBufferPointer(rebasing: buffer[starts[section]..<starts[section + 1]]))
            }
            initialized = updates.count
        }
        updates = sorted
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
