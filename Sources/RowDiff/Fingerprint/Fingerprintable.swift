import Foundation

/// An identity type with a fast 64-bit fingerprint.
///
/// Equal values must get equal fingerprints (for a given seed); unequal values should rarely
/// collide. Collisions never make a diff wrong — RowDiff checks matched identities with `==` and
/// redoes the diff exactly when a collision shows up — they only cost time. Identity types that
/// are not `Fingerprintable` use their `hashValue`.
///
/// Fingerprints are in-process values: they may differ between runs and builds. Never persist them.
public protocol Fingerprintable: Hashable {
    /// This value's fingerprint under `seed`.
    func fingerprint(seed: UInt64) -> UInt64
}

extension Fingerprintable {
    /// Fingerprints of many values at once, in order: UUIDs in one pass (one C call where the
    /// Swift hash is not the core's), any other type one `fingerprint(seed:)` at a time.
    /// Package API: the engine and the snapshots fingerprint arrays through it.
    /// - Complexity: O(n).
    @inlinable
    package static func fingerprints(
        of values: UnsafeBufferPointer<Self>, seed: UInt64, into output: UnsafeMutableBufferPointer<UInt64>
    ) {
        if Self.self == UUID.self {
            // `Self` is `UUID`: the same memory, seen as what it is.
            values.withMemoryRebound(to: UUID.self) { UUID.batchFingerprints(of: $0, seed: seed, into: output) }
            return
        }
        for index in values.indices { output[index] = values[index].fingerprint(seed: seed) }
    }
}

/// Building blocks for your own `Fingerprintable` types (composite identities).
public enum Fingerprint {
    /// The fingerprint of raw bytes (XXH3 64-bit where the system has xxhash).
    public static func of(bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        CoreBridge.fingerprint(bytes, seed: seed)
    }

    /// Mixes two fingerprints into one, order-sensitive: for identities made of several parts,
    /// `combine(combine(a.fingerprint(seed: s), b.fingerprint(seed: s)), c.fingerprint(seed: s))`.
    public static func combine(_ first: UInt64, _ second: UInt64) -> UInt64 {
        CoreBridge.combine(first, second)
    }
}

/// Fingerprints for identities of any `Hashable` type, taking the fastest path the type allows.
@usableFromInline
enum IdentityFingerprints {
    /// The fingerprint of an identity that is not `Fingerprintable`: its hashValue agrees with ==,
    /// which is all that correctness needs.
    @inlinable
    static func byHashValue<ID: Hashable>(_ id: ID, seed: UInt64) -> UInt64 {
        UInt64(bitPattern: Int64(id.hashValue)) ^ seed
    }

    /// Writes the fingerprint of each section's identity into `output` (as many as sections), with
    /// the conformance already looked up (`ID.self as? any Fingerprintable.Type`): the lookup costs
    /// hundreds of instructions, so a diff does it once per identity type, not once per array.
    /// - Complexity: O(n), one pass (batched C calls for UUIDs).
    @inlinable
    static func write<Section: DiffableSection>(
        _ sections: [Section], seed: UInt64, mask: UInt64,
        fingerprintable: (any Fingerprintable.Type)?,
        into output: UnsafeMutableBufferPointer<UInt64>
    ) {
        guard let fingerprintable else {
            for index in sections.indices { output[index] = byHashValue(sections[index].diffIdentity, seed: seed) & mask }
            return
        }
        let blockRows = blockRows(stride: MemoryLayout<Section.DiffIdentity>.stride)
        withUnsafeTemporaryAllocation(of: Section.DiffIdentity.self, capacity: blockRows) { block in
            var start = 0
            while start < sections.count {
                let end = min(start + blockRows, sections.count)
                for index in start..<end { (block.baseAddress! + index - start).initialize(to: sections[index].diffIdentity) }
                let written = UnsafeMutableBufferPointer(rebasing: output[start..<end])
                batch(UnsafeBufferPointer(rebasing: block[0..<end - start]), as: fingerprintable, seed: seed, into: written)
                block.baseAddress!.deinitialize(count: end - start)
                if mask != .max { for index in written.indices { written[index] &= mask } }
                start = end
            }
        }
    }
}

extension IdentityFingerprints {
    /// One fingerprint per row identity, section-major, as an array (see `writeRows`).
    /// - Complexity: O(rows).
    @inlinable
    static func ofRows<Row: Diffable>(
        _ sections: [[Row]], total: Int, seed: UInt64, mask: UInt64,
        fingerprintable: (any Fingerprintable.Type)?
    ) -> [UInt64] {
        // Empty: `unsafeUninitializedCapacity: 0` would write the count into the shared empty-array
        // storage (a data race with every thread reading an empty array).
        if total == 0 { return [] }
        return [UInt64](unsafeUninitializedCapacity: total) { output, count in
            writeRows(
                sections, seed: seed, mask: mask, fingerprintable: fingerprintable,
                storedIdentity: (Row.self as? any InPlaceRow.Type)?.storedIdentityOffset, into: output)
            count = total
        }
    }

    /// Writes one fingerprint per row identity, section-major, into `output` (as many as rows),
    /// read straight from the rows: identities are never gathered into an array of their own.
    /// Int identities (their own fingerprint) are read in place, row by row, and so are UUIDs
    /// where their XXH3 is computed in Swift (see `UUIDFingerprints`). Other `Fingerprintable`
    /// types (UUIDs elsewhere: XXH3 in one C call per block) get their identities copied
    /// into a small block on the stack, one block at a time, so their batch call still sees
    /// contiguous values while the diff's memory stays one 8-byte word per row (a first diff pays
    /// a page fault for every new page it touches; at 100k UUID rows per side, gathered
    /// identities were 3 MB of them).
    /// - Parameter stored: where `InPlaceRow` rows store their identity (`storedIdentityOffset`,
    ///   looked up once per diff); nil for every other row type.
    /// - Complexity: O(rows).
    @inlinable
    static func writeRows<Row: Diffable, Sections: Collection<[Row]>>(
        _ sections: Sections, seed: UInt64, mask: UInt64, fingerprintable: (any Fingerprintable.Type)?,
        storedIdentity stored: Int?, into output: UnsafeMutableBufferPointer<UInt64>
    ) {
        if Row.DiffIdentity.self == Int.self, stored == nil {
            intRows(sections, seed: seed, mask: mask, into: output)
            return
        }
        // Rows that hashed their string key when they were made (see `CarriedFingerprint`).
        // (The string check folds to a constant once `Row` is known: other identities never ask.)
        if Row.DiffIdentity.self == String.self, seed == 0, writeCarried(sections, mask: mask, into: output) { return }
        // Rows that say where they store their identity are read there (see `storedRows`).
        if let stored {
            storedRows(sections, at: stored, seed: seed, mask: mask, fingerprintable: fingerprintable, into: output)
            return
        }
        // UUIDs hashed in Swift, straight from the rows, where that gives the core's values (see
        // `UUIDFingerprints`). (The UUID check folds to a constant once `Row` is known.)
        if Row.DiffIdentity.self == UUID.self, UUIDFingerprints.matchesCore {
            var next = 0
            for rows in sections {
                rows.withUnsafeBufferPointer { rows in
                    UUIDFingerprints.write(
                        rows, 0..<rows.count, seed: seed, mask: mask,
                        into: UnsafeMutableBufferPointer(rebasing: output[next..<next + rows.count]))
                }
                next += rows.count
            }
            return
        }
        if let fingerprintable {
            blocks(sections, as: fingerprintable, seed: seed, into: output)
            if mask != .max { for index in output.indices { output[index] &= mask } }
            return
        }
        var next = 0
        for rows in sections {
            rows.withUnsafeBufferPointer { rows in
                for index in rows.indices {
                    output[next] = byHashValue(rows[index].diffIdentity, seed: seed) & mask
                    next += 1
                }
            }
        }
    }

    /// `writeRows` for rows that store their identity at `offset` (`InPlaceRow.storedIdentityOffset`):
    /// each identity is read where it is stored, with no call of `diffIdentity` and no copy of the
    /// row. Code not specialised for `Row` (a generic renderer's) otherwise fetched the row type's
    /// metadata and copied the row through its value witnesses for every identity. Int identities
    /// are their own fingerprints, UUIDs are hashed in place where `UUIDFingerprints` matches the
    /// core, other `Fingerprintable` identities are copied into blocks, the rest hashed.
    /// - Complexity: O(rows).
    @inlinable
    static func storedRows<Row: Diffable, Sections: Collection<[Row]>>(
        _ sections: Sections, at offset: Int, seed: UInt64, mask: UInt64, fingerprintable: (any Fingerprintable.Type)?,
        into output: UnsafeMutableBufferPointer<UInt64>
    ) {
        precondition(
            offset >= 0 && offset + MemoryLayout<Row.DiffIdentity>.size <= MemoryLayout<Row>.size
                && output.count >= sections.reduce(0) { $0 + $1.count }, "RowDiff: a stored identity inside the row expected")
        guard !output.isEmpty else { return }
        let first = output.baseAddress!
        let stride = MemoryLayout<Row>.stride
        let isInt = Row.DiffIdentity.self == Int.self
        let isUUID = Row.DiffIdentity.self == UUID.self && UUIDFingerprints.matchesCore
        if !isInt && !isUUID, let fingerprintable {
            storedBlocks(sections, at: offset, as: fingerprintable, seed: seed, into: output)
            if mask != .max { for index in output.indices { output[index] &= mask } }
            return
        }
        var print = first
        for rows in sections {
            rows.withUnsafeBufferPointer { rows in
                // Emptiness by count: an empty array's buffer may still have a base address (past
                // the shared empty storage), which must not be read.
                guard !rows.isEmpty else { return }
                let base = rows.baseAddress!
                assert(
                    base.pointee.diffIdentity == (UnsafeRawPointer(base) + offset).assumingMemoryBound(to: Row.DiffIdentity.self).pointee,
                    "RowDiff: InPlaceRow.storedIdentityOffset of \(Row.self) does not point at diffIdentity")
                var identity = UnsafeRawPointer(base) + offset
                let end = identity + rows.count * stride
                if isInt {
                    while identity != end {
                        print.pointee = identity.loadUnaligned(as: Int.self).fingerprint(seed: seed) & mask
                        print += 1
                        identity += stride
                    }
                } else if isUUID {
                    while identity != end {
                        print.pointee =
                            UUIDFingerprints.hash(UnsafeRawBufferPointer(start: identity, count: MemoryLayout<UUID>.size), seed: seed)
                            & mask
                        print += 1
                        identity += stride
                    }
                } else {
                    while identity != end {
                        print.pointee = byHashValue(identity.assumingMemoryBound(to: Row.DiffIdentity.self).pointee, seed: seed) & mask
                        print += 1
                        identity += stride
                    }
                }
            }
        }
    }

    /// `blocks` for identities stored at `offset` in the rows.
    @inlinable
    static func storedBlocks<Row: Diffable, Sections: Collection<[Row]>>(
        _ sections: Sections, at offset: Int, as type: any Fingerprintable.Type,
        seed: UInt64, into output: UnsafeMutableBufferPointer<UInt64>
    ) {
        let blockRows = min(blockRows(stride: MemoryLayout<Row.DiffIdentity>.stride), printBlock)
        let stride = MemoryLayout<Row>.stride
        withUnsafeTemporaryAllocation(of: Row.DiffIdentity.self, capacity: blockRows) { block in
            var filled = 0, written = 0
            for rows in sections {
                rows.withUnsafeBufferPointer { rows in
                    guard !rows.isEmpty else { return }
                    var identity = UnsafeRawPointer(rows.baseAddress!) + offset
                    for _ in 0..<rows.count {
                        (block.baseAddress! + filled).initialize(to: identity.assumingMemoryBound(to: Row.DiffIdentity.self).pointee)
                        identity += stride
                        filled += 1
                        if filled == blockRows {
                            flushBlock(block, &filled, &written, as: type, seed: seed, into: output)
                        }
                    }
                }
            }
            if filled > 0 { flushBlock(block, &filled, &written, as: type, seed: seed, into: output) }
        }
    }

    /// Fingerprints the `filled` identities of `block` into `output` from `written` on, and empties
    /// the block.
    @inlinable
    static func flushBlock<ID>(
        _ block: UnsafeMutableBufferPointer<ID>, _ filled: inout Int, _ written: inout Int, as type: any Fingerprintable.Type,
        seed: UInt64, into output: UnsafeMutableBufferPointer<UInt64>
    ) {
        precondition(written + filled <= output.count, "RowDiff: more rows than fingerprint slots")
        batch(
            UnsafeBufferPointer(rebasing: block[0..<filled]), as: type, seed: seed,
            into: UnsafeMutableBufferPointer(rebasing: output[written..<written + filled]))
        block.baseAddress!.deinitialize(count: filled)
        written += filled
        filled = 0
    }

    /// Int identities (database ids) read straight from the rows, in code specialised for `Row`:
    /// exactly `Int.fingerprint(seed:)`'s values, without the block copy and the call per block.
    /// - Precondition: `Row.DiffIdentity` is `Int`.
    @inlinable
    static func intRows<Row: Diffable, Sections: Collection<[Row]>>(
        _ sections: Sections, seed: UInt64, mask: UInt64,
        into output: UnsafeMutableBufferPointer<UInt64>
    ) {
        precondition(
            MemoryLayout<Row.DiffIdentity>.size == MemoryLayout<Int>.size
                && output.count >= sections.reduce(0) { $0 + $1.count }, "RowDiff: Int rows expected")
        guard !output.isEmpty else { return }
        var print = output.baseAddress!
        for rows in sections {
            rows.withUnsafeBufferPointer { rows in
                guard !rows.isEmpty else { return }
                var row = rows.baseAddress!
                let end = row + rows.count
                while row != end {
                    let id = withUnsafeBytes(of: row.pointee.diffIdentity) { $0.loadUnaligned(as: Int.self) }
                    print.pointee = id.fingerprint(seed: seed) & mask
                    print += 1
                    row += 1
                }
            }
        }
    }

    /// Bytes per block: the most the standard library places on the stack without checking how
    /// much stack is left (a larger block is a heap allocation per diff). 64 UUIDs amortise a
    /// batch call well.
    @usableFromInline static let blockBytes = 1024

    /// Identities per block for a type of `stride` bytes.
    @inlinable
    static func blockRows(stride: Int) -> Int { max(1, blockBytes / max(1, stride)) }

    /// Copies the identities into the block in code specialised for `Row` (the copy is the
    /// per-row work); only the batch call goes through the conformance found at run time. The
    /// batch writes its fingerprints straight into `output`.
    @inlinable
    static func blocks<Row: Diffable, Sections: Collection<[Row]>>(
        _ sections: Sections, as type: any Fingerprintable.Type,
        seed: UInt64, into output: UnsafeMutableBufferPointer<UInt64>
    ) {
        let blockRows = min(blockRows(stride: MemoryLayout<Row.DiffIdentity>.stride), printBlock)
        withUnsafeTemporaryAllocation(of: Row.DiffIdentity.self, capacity: blockRows) { block in
            var filled = 0, written = 0
            func flush() { flushBlock(block, &filled, &written, as: type, seed: seed, into: output) }
            for rows in sections {
                rows.withUnsafeBufferPointer { rows in
                    // Walked by pointer, as many rows at a time as the block has room for: an
                    // indexed loop here compiled to 16 instructions per row (a bounds check and
                    // an overflow check the optimizer kept), a pointer walk checking the block
                    // after every row to 9, this inner loop to about 6.
                    guard !rows.isEmpty else { return }
                    var row = rows.baseAddress!
                    let end = row + rows.count
                    while row != end {
                        let count = min(end - row, blockRows - filled)
                        var slot = block.baseAddress! + filled
                        let stop = row + count
                        while row != stop {
                            slot.initialize(to: row.pointee.diffIdentity)
                            slot += 1
                            row += 1
                        }
                        filled &+= count
                        if filled == blockRows { flush() }
                    }
                }
            }
            if filled > 0 { flush() }
        }
    }

    /// At most this many identities per block (and batch call).
    @usableFromInline static let printBlock = 64

    @inlinable
    static func batch<ID>(
        _ ids: UnsafeBufferPointer<ID>, as type: any Fingerprintable.Type, seed: UInt64,
        into output: UnsafeMutableBufferPointer<UInt64>
    ) {
        func run<F: Fingerprintable>(_: F.Type) {
            // ID is F (the caller's cast succeeded): the same memory, seen as what it is.
            ids.withMemoryRebound(to: F.self) { F.fingerprints(of: $0, seed: seed, into: output) }
        }
        run(type)
    }
}
