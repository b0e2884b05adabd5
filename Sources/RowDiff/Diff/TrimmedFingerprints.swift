import Foundation

/// The new side's row fingerprints of a flat diff, hashed only between the ends it shares with
/// the old side.
///
/// Most edits leave a list's head or tail alone, and hashing an identity (XXH3 for UUIDs) costs
/// more than comparing it: at 1,000 UUID rows with the last 400 unchanged, hashing was a quarter of
/// a typed diff. Rows whose identity equals the old row at the same distance from the start, or
/// from the end, take that row's fingerprint, already written: `Fingerprintable` promises equal
/// fingerprints for equal values, so the fingerprints are the ones hashing would give, and the core
/// sees the same input (duplicates included: the ends are still fingerprinted, only copied). Only
/// `Fingerprintable` identities other than `Int` are trimmed: an `Int` is its own fingerprint,
/// cheaper to read than to compare, and a `hashValue` is as cheap.
@usableFromInline
enum TrimmedFingerprints {
    /// Writes the fingerprints of `new` (its one section, then its rows) into `output` like
    /// `FirstPass.prepare`, copying those of the rows in the common ends from `oldPrints` (the old
    /// side's, as `prepare` wrote them for its one section), and returns the ends. With
    /// `comparesContent`, the ends' pairs are also compared by content as they are walked (see
    /// `CommonEnds`). Nil, writing nothing, unless both sides are one section and the row
    /// identities are trimmed (see the type).
    /// - Complexity: O(rows): one comparison per row of the common ends (plus one), one hash per
    ///   row between them.
    @inlinable
    static func write<Section: DiffableSection>(
        _ new: FlattenedSide<Section>, against old: FlattenedSide<Section>, oldPrints: UnsafeBufferPointer<UInt64>,
        mask: UInt64, types: SideTypes, comparesContent: Bool = false, into output: UnsafeMutableBufferPointer<UInt64>
    ) -> CommonEnds? {
        guard let ends = writeMiddle(new, against: old, mask: mask, types: types, comparesContent: comparesContent, into: output)
        else { return nil }
        copyEnds(ends, oldPrints: oldPrints, into: output)
        return ends
    }

    /// Whether `write` trims: both sides are one section, and the row identities are trimmed
    /// (see the type).
    /// - Complexity: O(1).
    @inlinable
    static func trims<Section: DiffableSection>(_ new: FlattenedSide<Section>, _ old: FlattenedSide<Section>, types: SideTypes) -> Bool {
        new.sections.count == 1 && old.sections.count == 1 && Section.Row.DiffIdentity.self != Int.self && types.rowIdentity != nil
    }

    /// `write` but for the ends' fingerprints: the section's and the middle rows' are written (the
    /// middle's hashed), and the ends returned; `copyEnds` copies the ends' fingerprints once the
    /// old side's are written. The old side is not read for its fingerprints, so another core may
    /// be writing them meanwhile (the two-core path). Nil, writing nothing, unless `trims`.
    /// - Complexity: as `write`, without the copies.
    @inlinable
    static func writeMiddle<Section: DiffableSection>(
        _ new: FlattenedSide<Section>, against old: FlattenedSide<Section>, mask: UInt64, types: SideTypes,
        comparesContent: Bool, into output: UnsafeMutableBufferPointer<UInt64>
    ) -> CommonEnds? {
        guard trims(new, old, types: types), let fingerprintable = types.rowIdentity else { return nil }
        IdentityFingerprints.write(
            new.sections, seed: 0, mask: mask, fingerprintable: types.sectionIdentity,
            into: UnsafeMutableBufferPointer(rebasing: output[0..<1]))
        let oldRows = old.rows[0], newRows = new.rows[0]
        return oldRows.withUnsafeBufferPointer { oldRows in
            newRows.withUnsafeBufferPointer { newRows in
                let ends = commonEnds(oldRows, newRows, comparesContent: comparesContent)
                let m = newRows.count
                // Row k of a side is its fingerprint k + 1 (the section's comes first).
                hash(
                    newRows, ends.prefix..<m - ends.suffix, as: fingerprintable, mask: mask,
                    into: UnsafeMutableBufferPointer(rebasing: output[1 + ends.prefix..<1 + m - ends.suffix]))
                return ends
            }
        }
    }

    /// Copies the fingerprints of the rows in `ends` from `oldPrints` (the old side's one section,
    /// then its rows, as `FirstPass.prepare` wrote them) into `output` (the new side's, likewise).
    /// - Complexity: O(prefix + suffix).
    @inlinable
    static func copyEnds(_ ends: CommonEnds, oldPrints: UnsafeBufferPointer<UInt64>, into output: UnsafeMutableBufferPointer<UInt64>) {
        precondition(
            ends.newCount == output.count - 1 && ends.prefix + ends.suffix <= min(oldPrints.count, output.count) - 1,
            "RowDiff: the common ends are of another diff")
        let n = oldPrints.count - 1, m = output.count - 1
        for k in 0..<ends.prefix { output[1 + k] = oldPrints[1 + k] }
        for k in 0..<ends.suffix { output[m - k] = oldPrints[n - k] }
    }

    /// The common prefix and suffix of two rows' identities, which never overlap; with
    /// `comparesContent`, the pairs of the ends whose content differs.
    /// - Complexity: O(prefix + suffix).
    @inlinable
    static func commonEnds<Row: Diffable>(
        _ old: UnsafeBufferPointer<Row>, _ new: UnsafeBufferPointer<Row>,
        comparesContent: Bool
    ) -> CommonEnds {
        // Emptiness by count: an empty buffer may still have a base address, which must not be read.
        guard !old.isEmpty, !new.isEmpty else {
            return CommonEnds(prefix: 0, suffix: 0, newCount: new.count, prefixUpdates: [], suffixUpdates: [])
        }
        let oldBase = old.baseAddress!, newBase = new.baseAddress!
        let shorter = min(old.count, new.count)
        var prefixUpdates = [Move<ItemPath>](), suffixUpdates = [Move<ItemPath>]()
        var prefix = 0
        while prefix < shorter && same(oldBase[prefix], newBase[prefix]) {
            // Compared here, while both rows are at hand: the matched-row pass skips the ends.
            if comparesContent && !oldBase[prefix].isContentEqual(to: newBase[prefix]) {
                prefixUpdates.append(Move(from: ItemPath(section: 0, item: prefix), to: ItemPath(section: 0, item: prefix)))
            }
            prefix &+= 1
        }
        // Walked by pointer: indices counted from the end kept an overflow check per step.
        var before = oldBase + old.count, after = newBase + new.count
        let stop = oldBase + (old.count - (shorter - prefix))
        while before != stop && same((before - 1).pointee, (after - 1).pointee) {
            before -= 1
            after -= 1
            if comparesContent && !before.pointee.isContentEqual(to: after.pointee) {
                suffixUpdates.append(
                    Move(
                        from: ItemPath(section: 0, item: before - oldBase),
                        to: ItemPath(section: 0, item: after - newBase)))
            }
        }
        // Found from the end: put in order of destination, as the matched-row pass lists them.
        suffixUpdates.reverse()
        return CommonEnds(
            prefix: prefix, suffix: oldBase + old.count - before, newCount: new.count,
            prefixUpdates: prefixUpdates, suffixUpdates: suffixUpdates)
    }

    /// Whether two rows' identities are equal. UUIDs are compared as two words: their `==` compares
    /// sixteen bytes one by one (about 19 instructions a row here, against 6); they are equal
    /// exactly when their bytes are.
    @inlinable
    static func same<Row: Diffable>(_ a: Row, _ b: Row) -> Bool {
        if Row.DiffIdentity.self == UUID.self {
            return withUnsafeBytes(of: a.diffIdentity) { a in
                withUnsafeBytes(of: b.diffIdentity) { b in
                    a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
                        && a.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                }
            }
        }
        return a.diffIdentity == b.diffIdentity
    }

    /// The fingerprints of `rows[range]`'s identities into `output` (as many), masked: identities
    /// copied into a block on the stack, one batch call per block, as `IdentityFingerprints.writeRows`.
    /// - Complexity: O(range.count).
    @inlinable
    static func hash<Row: Diffable>(
        _ rows: UnsafeBufferPointer<Row>, _ range: Range<Int>, as type: any Fingerprintable.Type,
        mask: UInt64, into output: UnsafeMutableBufferPointer<UInt64>
    ) {
        guard !range.isEmpty, let base = rows.baseAddress else { return }
        if Row.DiffIdentity.self == UUID.self, UUIDFingerprints.matchesCore {
            UUIDFingerprints.write(rows, range, seed: 0, mask: mask, into: output)
            return
        }
        let blockRows = min(
            IdentityFingerprints.blockRows(stride: MemoryLayout<Row.DiffIdentity>.stride),
            IdentityFingerprints.printBlock)
        withUnsafeTemporaryAllocation(of: Row.DiffIdentity.self, capacity: blockRows) { block in
            var start = range.lowerBound
            while start < range.upperBound {
                let count = min(blockRows, range.upperBound - start)
                var row = base + start, slot = block.baseAddress!
                for _ in 0..<count {
                    slot.initialize(to: row.pointee.diffIdentity)
                    slot += 1
                    row += 1
                }
                let written = start - range.lowerBound
                IdentityFingerprints.batch(
                    UnsafeBufferPointer(rebasing: block[0..<count]), as: type, seed: 0,
                    into: UnsafeMutableBufferPointer(rebasing: output[written..<written + count]))
                block.baseAddress!.deinitialize(count: count)
                start += count
            }
        }
        if mask != .max { for index in output.indices { output[index] &= mask } }
    }
}

/// The common prefix and suffix of a flat diff's two sides, as `TrimmedFingerprints` found them by
/// comparing identities, and the pairs among them whose content differs (when it compared content).
///
/// On the diff's checked path (no fingerprint repeats on either side), the core pairs these rows
/// with each other: equal identities have equal fingerprints, and a fingerprint found once on each
/// side is paired. So the matched-row pass need not visit them again: their identities are
/// already known equal and their content compared.
@usableFromInline
struct CommonEnds {
    /// Rows at the start of both sides with equal identities, pairwise.
    @usableFromInline let prefix: Int
    /// Rows at the end of both sides with equal identities, pairwise (never overlapping the prefix).
    @usableFromInline let suffix: Int
    /// The number of rows of the new side.
    @usableFromInline let newCount: Int
    /// The prefix's pairs whose content differs, by destination.
    @usableFromInline var prefixUpdates: [Move<ItemPath>]
    /// The suffix's pairs whose content differs, by destination.
    @usableFromInline var suffixUpdates: [Move<ItemPath>]

    @inlinable
    init(prefix: Int, suffix: Int, newCount: Int, prefixUpdates: [Move<ItemPath>], suffixUpdates: [Move<ItemPath>]) {
        self.prefix = prefix
        self.suffix = suffix
        self.newCount = newCount
        self.prefixUpdates = prefixUpdates
        self.suffixUpdates = suffixUpdates
    }

    /// The new rows between the ends.
    @inlinable
    var newMiddle: Range<Int> { prefix..<newCount - suffix }

    /// All the updates, by destination: the prefix's, `middle` (the updates of the rows between
    /// the ends), the suffix's.
    /// - Complexity: O(updates).
    @inlinable
    func updates(around middle: consuming [Move<ItemPath>]) -> [Move<ItemPath>] {
        if prefixUpdates.isEmpty && suffixUpdates.isEmpty { return middle }
        var all = prefixUpdates
        all.append(contentsOf: middle)
        all.append(contentsOf: suffixUpdates)
        return all
    }
}
