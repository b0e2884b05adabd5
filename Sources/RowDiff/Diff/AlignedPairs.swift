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

    /// The walked runs, by new position.
    @usableFromInline var runs: [Run] = []
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
    func contentUpdates<Section: DiffableSection>(_ old: FlattenedSide<Section>,
                                                 _ new: FlattenedSide<Section>) -> [Move<ItemPath>] {
        var updates = [Move<ItemPath>]()
        // Runs come in new order, several per section: each side's rows are fetched again only
        // when its section changes.
        let oldRows = old.rows.all, newRows = new.rows.all
        oldRows.withUnsafeBufferPointer { oldSections in
            newRows.withUnsafeBufferPointer { newSections in
                for run in runs {
                    oldSections[run.old.section].withUnsafeBufferPointer { before in
                        newSections[run.new.section].withUnsafeBufferPointer { after in
                            precondition(run.old.item >= 0 && run.old.item + run.count <= before.count
                                         && run.new.item >= 0 && run.new.item + run.count <= after.count,
                                         "RowDiff: a walked run outside its sections")
                            for offset in 0..<run.count
                            where !before[run.old.item &+ offset].isContentEqual(to: after[run.new.item &+ offset]) {
                                updates.append(Move(from: ItemPath(section: run.old.section, item: run.old.item &+ offset),
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
