/// What the aligned fingerprint walk (`AlignedFingerprints`) learned about the pairs of a sectioned
/// diff: the runs of new rows it found beside old rows of equal identity, and the new rows it did
/// not (it hashed those).
///
/// On the diff's checked path (no fingerprint repeats on either side), the core pairs the rows of
/// a walked run with each other: equal identities have equal fingerprints, and a fingerprint found
/// once on each side is paired (the argument `CommonEnds` makes for a flat diff's ends). So their
/// identities need no check after the core, and their content can be compared before the core's
/// result exists: beside its matching, on the helper thread (`SideJob`). The matched-row pass then
/// visits only the unwalked rows. At sectioned-100x1000, 11,911 new rows of 100,000 are unwalked,
/// of which 1,011 are paired.
@usableFromInline
struct AlignedPairs {
    /// A run of walked pairs: `count` new rows from `new` beside as many old rows from `old`.
    @usableFromInline
    struct Run {
        @usableFromInline let old: ItemPath
        @usableFromInline let new: ItemPath
        @usableFromInline let count: Int

        @inlinable
        init(old: ItemPath, new: ItemPath, count: Int) {
            self.old = old
            self.new = new
            self.count = count
        }
    }

    /// An unwalked new row found, by fingerprint and identity, beside an unwalked old row
    /// (`foundPairs`), with the update the pair makes if its content differs.
    @usableFromInline
    struct FoundPair {
        /// The new and the old row, global indices.
        @usableFromInline let new: Int
        @usableFromInline let old: Int
        @usableFromInline let update: Move<ItemPath>?

        @inlinable
        init(new: Int, old: Int, update: Move<ItemPath>?) {
            self.new = new
            self.old = old
            self.update = update
        }
    }

    /// The walked runs, by new position.
    @usableFromInline var runs: [Run] = []
    /// The unwalked new rows found beside an old row (`foundPairs`), by new position; set once found.
    @usableFromInline var found: [FoundPair] = []
    /// The new rows (global indices) the walk did not find beside an old row of equal identity,
    /// ascending and disjoint: the rows it hashed. Every other new row's pair is known.
    @usableFromInline var unwalked: [Range<Int>] = []

    @inlinable
    init() {}

    /// Adds `rows` (after every row added so far) to the unwalked rows, joining it to the last
    /// range when they touch: most unwalked rows come one by one, next to each other.
    @inlinable
    mutating func skip(_ rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        if let last = unwalked.last, last.upperBound == rows.lowerBound {
            unwalked[unwalked.count - 1] = last.lowerBound..<rows.upperBound
        } else {
            unwalked.append(rows)
        }
    }

    /// The walk's findings over new sections after those of `self` (the second of two halves).
    @inlinable
    mutating func append(_ later: AlignedPairs) {
        runs.append(contentsOf: later.runs)
        unwalked.append(contentsOf: later.unwalked)
    }

    /// The walked pairs whose content differs, by destination.
    /// - Complexity: O(walked pairs).
    @inlinable
    func contentUpdates<Section: DiffableSection>(
        _ old: FlattenedSide<Section>,
        _ new: FlattenedSide<Section>
    ) -> [Move<ItemPath>] {
        var updates = [Move<ItemPath>]()
        // Runs come in new order, several per section: each side's rows are fetched again only
        // when its section changes.
        let oldRows = old.rows.all, newRows = new.rows.all
        oldRows.withUnsafeBufferPointer { oldSections in
            newRows.withUnsafeBufferPointer { newSections in
                for run in runs {
                    oldSections[run.old.section].withUnsafeBufferPointer { before in
                        newSections[run.new.section].withUnsafeBufferPointer { after in
                            precondition(
                                run.old.item >= 0 && run.old.item + run.count <= before.count
                                    && run.new.item >= 0 && run.new.item + run.count <= after.count,
                                "RowDiff: a walked run outside its sections")
                            for offset in 0..<run.count
                            where !before[run.old.item &+ offset].isContentEqual(to: after[run.new.item &+ offset]) {
                                updates.append(
                                    Move(
                                        from: ItemPath(section: run.old.section, item: run.old.item &+ offset),
                                        to: ItemPath(section: run.new.section, item: run.new.item &+ offset)))
                            }
                        }
                    }
                }
            }
        }
        return updates
    }
}

extension AlignedPairs {
    /// The unwalked new rows whose identity equals that of an old row no walked run holds,
    /// found through a table of those old rows' fingerprints (`oldPrints` and `newPrints`: each
    /// side's row fingerprints, by global row), with the update each pair makes when
    /// `comparesContent` and its content differs. Run beside the core's matching (`SideJob`), this
    /// takes the scattered row reads of the moved rows' pairs (about 1,000 at sectioned-100x1000,
    /// 60 to 80 µs of cache misses after the core) off the calling thread: after the core, a pair
    /// the core made is only looked up here. Which old row a fingerprint finds first does not
    /// matter: a pair is used only if the core made the same one.
    ///
    /// Only sections with walked runs take part: a section without any is deleted or inserted
    /// (or one the walk gave up on), and the core splits the pairs of deleted and inserted
    /// sections, so they are never checked. With all old rows in the table (every row of the
    /// deleted sections too), the search took 290 µs there, longer than the core's match.
    /// - Complexity: O(rows of the sections with runs), whatever the fingerprints (a probe budget).
    @inlinable
    func foundPairs<Section: DiffableSection>(
        _ old: FlattenedSide<Section>, _ new: FlattenedSide<Section>,
        oldPrints: UnsafeBufferPointer<UInt64>, newPrints: UnsafeBufferPointer<UInt64>,
        comparesContent: Bool
    ) -> [FoundPair] {
        let oldStarts = old.rowStart.table, newStarts = new.rowStart.table
        precondition(
            oldPrints.count == old.rowCount && newPrints.count == new.rowCount
                && oldStarts.count == old.rows.count + 1 && newStarts.count == new.rows.count + 1,
            "RowDiff: found pairs need several sections a side and every row's fingerprint")
        // The old rows between the runs of each walked old section: a new section's runs are
        // consecutive, all beside one old section, in old order (the walk only moves forward).
        var newWalked = [Bool](repeating: false, count: new.rows.count)
        var candidates: [Int] = []
        var index = 0
        while index < runs.count {
            let oldSection = runs[index].old.section, newSection = runs[index].new.section
            newWalked[newSection] = true
            var row = oldStarts[oldSection]
            while index < runs.count && runs[index].new.section == newSection {
                let start = oldStarts[oldSection] + runs[index].old.item
                candidates.append(contentsOf: row..<start)
                row = start + runs[index].count
                index += 1
            }
            candidates.append(contentsOf: row..<oldStarts[oldSection + 1])
        }
        var size = 16
        while size < 2 * candidates.count { size *= 2 }
        let slotMask = size - 1
        func home(_ print: UInt64) -> Int { Int(truncatingIfNeeded: (print &* 0x9E37_79B9_7F4A_7C15) >> 32) & slotMask }
        // Open addressing, at most half full: slot value old row + 1, 0 for empty.
        var slots = [Int](repeating: 0, count: size)
        // Probes past the home slot allowed in all, inserts and lookups: distinct fingerprints in
        // a table at most half full take about one each. One identity repeated many times fills
        // one run of slots that every insert of it would walk (quadratic: 20,000 repeats in each
        // of two sections took 58 times what distinct identities take, `HostileInputTests`).
        // Past the budget the search stops and finds nothing: a repeat makes the core report a
        // duplicate, the diff is then redone on exact identities, and no found pair is used.
        var budget = 8 * (candidates.count + newPrints.count) + 64
        for row in candidates {
            var slot = home(oldPrints[row])
            while slots[slot] != 0 {
                budget -= 1
                if budget < 0 { return [] }
                slot = (slot + 1) & slotMask
            }
            slots[slot] = row + 1
        }
        var found: [FoundPair] = [], spent = false
        let oldRows = old.rows.all, newRows = new.rows.all
        oldRows.withUnsafeBufferPointer { oldSections in
            newRows.withUnsafeBufferPointer { newSections in
                var section = 0
                for range in unwalked {
                    for global in range {
                        while newStarts[section + 1] <= global { section += 1 }
                        guard newWalked[section] else { continue }
                        let print = newPrints[global]
                        var slot = home(print)
                        while slots[slot] != 0 {
                            budget -= 1
                            if budget < 0 {
                                spent = true
                                return
                            }
                            let oldGlobal = slots[slot] - 1
                            slot = (slot + 1) & slotMask
                            guard oldPrints[oldGlobal] == print else { continue }
                            let oldPath = rowPath(of: oldGlobal, starts: oldStarts), item = global - newStarts[section]
                            let pair = oldSections[oldPath.section].withUnsafeBufferPointer { before in
                                newSections[section].withUnsafeBufferPointer { after -> FoundPair? in
                                    precondition(
                                        oldPath.item < before.count && item < after.count,
                                        "RowDiff: row starts disagree with the rows")
                                    guard TrimmedFingerprints.same(before[oldPath.item], after[item]) else { return nil }
                                    let differs = comparesContent && !before[oldPath.item].isContentEqual(to: after[item])
                                    return FoundPair(
                                        new: global, old: oldGlobal,
                                        update: differs ? Move(from: oldPath, to: ItemPath(section: section, item: item)) : nil)
                                }
                            }
                            if let pair {
                                found.append(pair)
                                break
                            }
                        }
                    }
                }
            }
        }
        return spent ? [] : found
    }
}

extension Array where Element == Move<ItemPath> {
    /// Merges `others` into these updates, both by destination (no destination in both), in
    /// place: from the back, so that each element moves once. The walked pairs' updates are most
    /// (8,776 of about 9,900 at sectioned-100x1000): merging into a new array cost about 30 µs
    /// there, with its allocation.
    /// - Complexity: O(count + others.count).
    @inlinable
    mutating func merge(_ others: [Move<ItemPath>]) {
        guard !others.isEmpty else { return }
        let kept = count
        append(contentsOf: others)
        withUnsafeMutableBufferPointer { all in
            others.withUnsafeBufferPointer { others in
                var write = all.count, read = kept, other = others.count
                while other > 0 {
                    write -= 1
                    if read > 0 && others[other - 1].to < all[read - 1].to {
                        read -= 1
                        all[write] = all[read]
                    } else {
                        other -= 1
                        all[write] = others[other]
                    }
                }
            }
        }
    }
}
