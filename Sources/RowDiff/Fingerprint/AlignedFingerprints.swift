/// Both sides' fingerprints of a sectioned diff, with the new side's copied from the old side for
/// rows that keep their place in a section that keeps its identity.
///
/// Most rows of a sectioned edit stay where they were: at 100 sections of 1,000 UUID rows with
/// some thousand rows deleted, inserted and moved, nine rows in ten of the new side sit right after
/// the row that preceded them in the old side. Hashing a UUID (XXH3, plus copying it into the
/// batch) costs about 35 instructions; comparing it with the old row expected at that place and
/// copying the old fingerprint, about 11. So each new section is walked beside the old section of
/// the same identity (its partner), right after that section's rows were hashed: a row whose
/// identity equals the expected old row takes that row's fingerprint, and only the others are
/// hashed. `Fingerprintable` promises equal fingerprints for equal values, so the fingerprints are
/// exactly the ones hashing gives and the core sees the same input (duplicates included: copied
/// fingerprints are still in the input). Which rows are copied only changes the cost, never the
/// result.
///
/// The work comes in independent parts (a partnered pair, a section without partner), so on two
/// cores it is split into two halves of about equal cost, each writing its own sections' slots,
/// instead of one side per core.
///
/// `Int` identities are their own fingerprint (cheaper to read than to compare) and `String`
/// identities may carry theirs (`CarriedFingerprint`): neither is aligned.
@usableFromInline
enum AlignedFingerprints {
    /// From this many new rows on: below it, matching the sections costs about what the skipped
    /// hashes save.
    @usableFromInline static let minimumRows = 64

    /// Old rows searched past the expected one for a new row before it is hashed: a block of up to
    /// this many rows deleted or moved away keeps the walk aligned. Longer blocks are found by the
    /// far search (`walk`).
    @usableFromInline static let nearWindow = 8

    /// Writes both sides' fingerprints like `FirstPass.prepare` (each side's sections, then its
    /// rows) into `oldOutput` and `newOutput`, on two cores when `parallel`, and returns the pairs
    /// the walks found (see `AlignedPairs`). Nil, writing nothing, when the rows are not aligned
    /// (see the type), either side has one section (a flat diff has its own trimming), the new
    /// side has fewer than `minimumRows` rows, or, when `parallel`, the work does not split into
    /// two halves of similar cost.
    /// - Complexity: O(S + R) expected for S sections and R rows: about one comparison per aligned
    ///   row, a hash per other row, and for each section's far searches at most a quarter as
    ///   many comparisons again as its old partner has rows.
    @inlinable
    static func write<Section: DiffableSection>(
        _ old: FlattenedSide<Section>, _ new: FlattenedSide<Section>, parallel: Bool, mask: UInt64, types: SideTypes,
        oldOutput: UnsafeMutableBufferPointer<UInt64>, newOutput: UnsafeMutableBufferPointer<UInt64>
    ) -> AlignedPairs? {
        guard Section.Row.DiffIdentity.self != Int.self, Section.Row.DiffIdentity.self != String.self,
            let fingerprintable = types.rowIdentity, old.sections.count > 1, new.sections.count > 1,
            new.rowCount >= minimumRows, old.rowCount > 0
        else { return nil }
        let oldSectionCount = old.sections.count, newSectionCount = new.sections.count
        precondition(
            oldOutput.count == oldSectionCount + old.rowCount && newOutput.count == newSectionCount + new.rowCount,
            "RowDiff: fingerprint slots disagree with the sides")
        // Scratch on the stack where it fits (no allocation per diff): each new section's
        // partner, and which old sections are some new section's partner.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: newSectionCount) { partners in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: oldSectionCount) { taken in
                IdentityFingerprints.write(
                    old.sections, seed: 0, mask: mask, fingerprintable: types.sectionIdentity,
                    into: UnsafeMutableBufferPointer(rebasing: oldOutput[0..<oldSectionCount]))
                IdentityFingerprints.write(
                    new.sections, seed: 0, mask: mask, fingerprintable: types.sectionIdentity,
                    into: UnsafeMutableBufferPointer(rebasing: newOutput[0..<newSectionCount]))
                SectionPartners.find(
                    old, new, oldPrints: UnsafeBufferPointer(rebasing: oldOutput[0..<oldSectionCount]),
                    newPrints: UnsafeBufferPointer(rebasing: newOutput[0..<newSectionCount]),
                    into: partners, taken: taken)
                let partnerOf = UnsafeBufferPointer(partners), isTaken = UnsafeBufferPointer(taken)
                let parts = Parts(old, new, partners: partnerOf, taken: isTaken)
                func run(_ sections: Range<Int>, untaken: Bool) -> AlignedPairs {
                    hash(
                        old, new, sections, untaken: untaken, partners: partnerOf, taken: isTaken, as: fingerprintable,
                        mask: mask, oldOutput: oldOutput, newOutput: newOutput)
                }
                guard parallel else { return run(0..<newSectionCount, untaken: true) }
                guard parts.balanced else { return nil }
                var halves = ParallelWork.both(
                    parallel: true, { run(0..<parts.split, untaken: false) },
                    { run(parts.split..<newSectionCount, untaken: true) })
                halves.0.append(halves.1)
                return halves.0
            }
        }
    }

    /// The rows of new sections `sections`, with their partners' rows (each hashed, then its new
    /// section walked beside it), and with `untaken`, the rows of old sections that are nobody's
    /// partner. Writes only those rows' slots; returns what the walks found of those new sections.
    @inlinable
    static func hash<Section: DiffableSection>(
        _ old: FlattenedSide<Section>, _ new: FlattenedSide<Section>, _ sections: Range<Int>, untaken: Bool,
        partners: UnsafeBufferPointer<Int>, taken: UnsafeBufferPointer<Bool>, as type: any Fingerprintable.Type,
        mask: UInt64, oldOutput: UnsafeMutableBufferPointer<UInt64>, newOutput: UnsafeMutableBufferPointer<UInt64>
    ) -> AlignedPairs {
        let oldSectionCount = old.sections.count, newSectionCount = new.sections.count
        var pairs = AlignedPairs()
        HashQueue<Section.Row.DiffIdentity>.with(type: type, mask: mask, output: newOutput) { queue in
            for section in sections {
                let firstRow = new.rowStart[section], outputStart = newSectionCount + firstRow
                let partner = partners[section]
                new.rows[section].withUnsafeBufferPointer { newRows in
                    guard partner >= 0 else {
                        TrimmedFingerprints.hash(
                            newRows, 0..<newRows.count, as: type, mask: mask,
                            into: UnsafeMutableBufferPointer(rebasing: newOutput[outputStart..<outputStart + newRows.count]))
                        pairs.skip(firstRow..<firstRow + newRows.count)
                        return
                    }
                    let printStart = oldSectionCount + old.rowStart[partner]
                    old.rows[partner].withUnsafeBufferPointer { oldRows in
                        let oldPrints = UnsafeMutableBufferPointer(rebasing: oldOutput[printStart..<printStart + oldRows.count])
                        TrimmedFingerprints.hash(oldRows, 0..<oldRows.count, as: type, mask: mask, into: oldPrints)
                        walk(
                            oldRows, newRows, oldPrints: UnsafePointer(oldPrints.baseAddress!),
                            output: newOutput.baseAddress! + outputStart, outputStart: outputStart, queue: &queue,
                            sections: (old: partner, new: section), firstRow: firstRow, pairs: &pairs)
                    }
                }
            }
        }
        guard untaken else { return pairs }
        for section in 0..<oldSectionCount where !taken[section] {
            let printStart = oldSectionCount + old.rowStart[section]
            old.rows[section].withUnsafeBufferPointer { oldRows in
                TrimmedFingerprints.hash(
                    oldRows, 0..<oldRows.count, as: type, mask: mask,
                    into: UnsafeMutableBufferPointer(rebasing: oldOutput[printStart..<printStart + oldRows.count]))
            }
        }
        return pairs
    }

    /// Where the new sections split into two halves of about equal cost for two cores: hashing a
    /// row counts 3, walking a row beside its partner 1 (about the measured ratio). The second
    /// half also hashes the old sections without partner.
    @usableFromInline
    struct Parts {
        /// The first new section of the second half.
        @usableFromInline let split: Int
        /// Whether the larger half costs at most 60 % of the whole: otherwise one side per core
        /// (`FirstPass.prepare`) is as fast.
        @usableFromInline let balanced: Bool

        @inlinable
        init<Section: DiffableSection>(
            _ old: FlattenedSide<Section>, _ new: FlattenedSide<Section>,
            partners: UnsafeBufferPointer<Int>, taken: UnsafeBufferPointer<Bool>
        ) {
            func cost(_ section: Int) -> Int {
                let rows = new.rowStart[section + 1] - new.rowStart[section], partner = partners[section]
                guard partner >= 0 else { return 3 * rows }
                return rows + 3 * (old.rowStart[partner + 1] - old.rowStart[partner])
            }
            var total = 0
            for section in 0..<old.sections.count where !taken[section] {
                total += 3 * (old.rowStart[section + 1] - old.rowStart[section])
            }
            for section in partners.indices { total += cost(section) }
            // The first half grows while it stays below half the total, or while adding the next
            // section brings it closer to half than leaving it out.
            var first = 0, split = 0
            while split < partners.count {
                let next = cost(split)
                if 2 * (first + next) > total && 2 * (first + next) - total > total - 2 * first { break }
                first += next
                split += 1
            }
            self.split = split
            balanced = 10 * max(first, total - first) <= 6 * total
        }
    }

    /// Walks one new section beside its old partner: a new row equal to the expected old row (the
    /// one after the last aligned row) copies its fingerprint. Any other row is looked for among
    /// the next `nearWindow` old rows (rows deleted or moved away before it); found, the walk
    /// skips there. Not found, it is queued for hashing, and after the third such row in a row
    /// the rest of the old section is searched too (a long deleted block), within a budget of a
    /// quarter of the old section's rows plus 16 comparisons. Once `minimumMisses` rows or more,
    /// and more than half the rows walked, were missed, the rest of the section is hashed without
    /// search (a diff of 100 shuffled sections of 1,000 UUID rows then costs 1.7 % more
    /// instructions than with every row hashed).
    ///
    /// The walk records in `pairs` its aligned runs (`sections`: the old and the new section's
    /// indices) and the rows it hashed (the new section's rows start at global row `firstRow`).
    /// - Complexity: O(n + m) for n old and m new rows.
    @inlinable
    static func walk<Row: Diffable>(
        _ oldRows: UnsafeBufferPointer<Row>, _ newRows: UnsafeBufferPointer<Row>,
        oldPrints: UnsafePointer<UInt64>, output: UnsafeMutablePointer<UInt64>,
        outputStart: Int, queue: inout HashQueue<Row.DiffIdentity>,
        sections: (old: Int, new: Int), firstRow: Int, pairs: inout AlignedPairs
    ) {
        // Emptiness by count: an empty buffer may still have a base address, which must not be read.
        guard !newRows.isEmpty else { return }
        let newBase = newRows.baseAddress!
        let n = oldRows.count, m = newRows.count
        guard n > 0 else {
            TrimmedFingerprints.hash(
                newRows, 0..<m, as: queue.type, mask: queue.mask,
                into: UnsafeMutableBufferPointer(start: output, count: m))
            pairs.skip(firstRow..<firstRow + m)
            return
        }
        let oldBase = oldRows.baseAddress!
        var i = 0, j = 0, misses = 0, missed = 0, budget = n / 4 + 16
        while j < m {
            // The aligned run from (i, j), walked by pointer: indexed, it kept overflow checks and
            // reloads (19 instructions a row).
            var before = oldBase + i, after = newBase + j, print = oldPrints + i, slot = output + j
            let stop = after + min(n - i, m - j)
            while after != stop && TrimmedFingerprints.same(before.pointee, after.pointee) {
                slot.pointee = print.pointee
                before += 1
                after += 1
                print += 1
                slot += 1
            }
            let aligned = after - (newBase + j)
            if aligned > 0 {
                pairs.runs.append(
                    AlignedPairs.Run(
                        old: ItemPath(section: sections.old, item: i),
                        new: ItemPath(section: sections.new, item: j), count: aligned))
                i &+= aligned
                j &+= aligned
                misses = 0
                guard j < m else { return }
            }
            let row = after.pointee
            var found = -1
            let nearEnd = min(n, i + 1 + nearWindow)
            var probe = i + 1
            while probe < nearEnd {
                if TrimmedFingerprints.same(oldBase[probe], row) {
                    found = probe
                    break
                }
                probe &+= 1
            }
            if found < 0 && misses >= 2 && budget > 0 {
                let farEnd = min(n, nearEnd + budget)
                budget -= farEnd - probe
                while probe < farEnd {
                    if TrimmedFingerprints.same(oldBase[probe], row) {
                        found = probe
                        break
                    }
                    probe &+= 1
                }
            }
            if found >= 0 {
                i = found
                continue
            }
            queue.add(row.diffIdentity, at: outputStart + j)
            pairs.skip(firstRow + j..<firstRow + j + 1)
            j += 1
            misses += 1
            missed += 1
            // Most rows missed (a shuffled or re-sorted section): each miss paid up to nine
            // comparisons before its hash, more than the copies save, so the rest of the section
            // is hashed without searching, in place like a section without partner (through the
            // queue, its per-row slots cost about 13 instructions a row more).
            if missed >= minimumMisses && 2 * missed > j {
                TrimmedFingerprints.hash(
                    newRows, j..<m, as: queue.type, mask: queue.mask,
                    into: UnsafeMutableBufferPointer(start: output + j, count: m - j))
                pairs.skip(firstRow + j..<firstRow + m)
                return
            }
        }
    }

    /// Misses in a section after which the walk may give up on it (see `walk`).
    @usableFromInline static let minimumMisses = 32
}

/// Which old section each new section is walked beside: the old section of equal identity, found
/// by fingerprint and confirmed with `==`, or -1 (none; a fingerprint that repeats on the old
/// side, where no single partner is known; or an old section already another's partner).
@usableFromInline
enum SectionPartners {
    /// Writes each new section's partner into `partners` (one slot per new section), and into
    /// `taken` (one flag per old section) whether the old section is a partner.
    /// - Complexity: O(S) expected for S sections (old plus new).
    @inlinable
    static func find<Section: DiffableSection>(
        _ old: FlattenedSide<Section>, _ new: FlattenedSide<Section>,
        oldPrints: UnsafeBufferPointer<UInt64>,
        newPrints: UnsafeBufferPointer<UInt64>,
        into partners: UnsafeMutableBufferPointer<Int>,
        taken: UnsafeMutableBufferPointer<Bool>
    ) {
        precondition(
            partners.count == newPrints.count && taken.count == oldPrints.count,
            "RowDiff: one partner per new section, one flag per old section")
        partners.initialize(repeating: -1)
        taken.initialize(repeating: false)
        guard !oldPrints.isEmpty else { return }
        // Open addressing over the old prints, at most half full: slot value old index + 1, 0 for
        // empty, -1 for a print held by several old sections.
        var size = 4
        while size < 2 * oldPrints.count { size *= 2 }
        let slotMask = size - 1
        withUnsafeTemporaryAllocation(of: Int.self, capacity: size) { slots in
            slots.initialize(repeating: 0)
            func home(_ print: UInt64) -> Int { Int(truncatingIfNeeded: (print &* 0x9E37_79B9_7F4A_7C15) >> 32) & slotMask }
            for index in oldPrints.indices {
                let print = oldPrints[index]
                var slot = home(print)
                while slots[slot] != 0 {
                    let held = slots[slot]
                    if held == -1 || oldPrints[held - 1] == print { break }
                    slot = (slot + 1) & slotMask
                }
                // An empty slot takes the section; the slot of an equal print becomes ambiguous.
                slots[slot] = slots[slot] == 0 ? index + 1 : -1
            }
            for index in newPrints.indices {
                let print = newPrints[index]
                var slot = home(print)
                while slots[slot] != 0 {
                    let held = slots[slot]
                    if held == -1 {
                        // Ambiguous slots keep the print of the section that took them first.
                        break
                    }
                    if oldPrints[held - 1] == print {
                        // Each old section is one new section's partner at most (repeated new
                        // identities): each pair is hashed by one core.
                        if !taken[held - 1] && old.sectionID(held - 1) == new.sectionID(index) {
                            partners[index] = held - 1
                            taken[held - 1] = true
                        }
                        break
                    }
                    slot = (slot + 1) & slotMask
                }
            }
        }
    }
}

/// New rows waiting to be hashed: their identities gathered in a block on the stack, one batch
/// call per block, each fingerprint then written (masked) to its row's slot.
@usableFromInline
struct HashQueue<ID> {
    @usableFromInline let type: any Fingerprintable.Type
    @usableFromInline let mask: UInt64
    @usableFromInline let output: UnsafeMutableBufferPointer<UInt64>
    @usableFromInline let ids: UnsafeMutablePointer<ID>
    @usableFromInline let slots: UnsafeMutablePointer<Int>
    @usableFromInline let prints: UnsafeMutablePointer<UInt64>
    @usableFromInline let capacity: Int
    @usableFromInline var count = 0

    @inlinable
    init(
        type: any Fingerprintable.Type, mask: UInt64, output: UnsafeMutableBufferPointer<UInt64>,
        ids: UnsafeMutablePointer<ID>, slots: UnsafeMutablePointer<Int>, prints: UnsafeMutablePointer<UInt64>,
        capacity: Int
    ) {
        self.type = type
        self.mask = mask
        self.output = output
        self.ids = ids
        self.slots = slots
        self.prints = prints
        self.capacity = capacity
    }

    /// Runs `body` with an empty queue whose blocks live on the stack, then hashes what is left.
    @inlinable
    static func with(
        type: any Fingerprintable.Type, mask: UInt64, output: UnsafeMutableBufferPointer<UInt64>,
        _ body: (inout HashQueue) -> Void
    ) {
        let capacity = min(IdentityFingerprints.blockRows(stride: MemoryLayout<ID>.stride), IdentityFingerprints.printBlock)
        withUnsafeTemporaryAllocation(of: ID.self, capacity: capacity) { ids in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { slots in
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: capacity) { prints in
                    var queue = HashQueue(
                        type: type, mask: mask, output: output, ids: ids.baseAddress!,
                        slots: slots.baseAddress!, prints: prints.baseAddress!, capacity: capacity)
                    body(&queue)
                    queue.hash()
                }
            }
        }
    }

    /// Queues `id`, whose fingerprint goes to `output[slot]`.
    @inlinable
    mutating func add(_ id: ID, at slot: Int) {
        (ids + count).initialize(to: id)
        slots[count] = slot
        count += 1
        if count == capacity { hash() }
    }

    /// Hashes the queued identities and writes their fingerprints.
    @inlinable
    mutating func hash() {
        guard count > 0 else { return }
        IdentityFingerprints.batch(
            UnsafeBufferPointer(start: ids, count: count), as: type, seed: 0,
            into: UnsafeMutableBufferPointer(start: prints, count: count))
        ids.deinitialize(count: count)
        for index in 0..<count {
            precondition(slots[index] >= 0 && slots[index] < output.count, "RowDiff: a row outside its fingerprint slots")
            output[slots[index]] = prints[index] & mask
        }
        count = 0
    }
}
