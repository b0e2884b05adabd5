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

    /// Fingerprints of many values at once, in order; the default calls `fingerprint(seed:)`.
    /// Override it where one call can do the whole array (UUIDs do).
    /// - Complexity: O(n).
    static func fingerprints(of values: UnsafeBufferPointer<Self>, seed: UInt64, into output: UnsafeMutableBufferPointer<UInt64>)
}

extension Fingerprintable {
    public static func fingerprints(of values: UnsafeBufferPointer<Self>, seed: UInt64, into output: UnsafeMutableBufferPointer<UInt64>) {
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

    /// One fingerprint per identity, in order, with the conformance already looked up
    /// (`ID.self as? any Fingerprintable.Type`): the lookup costs hundreds of instructions, so a
    /// diff does it once per identity type, not once per array.
    /// - Complexity: O(n), one pass (batched C calls for UUIDs).
    @inlinable
    static func compute<ID: Hashable>(_ ids: [ID], seed: UInt64, fingerprintable: (any Fingerprintable.Type)?) -> [UInt64] {
        if ids.isEmpty { return [] }
        // Built by appending to a reserved array: the stdlib's uninitialized-array initializers go
        // through an unspecialised allocation that looks the array's type up at run time (about
        // 500 instructions each, a tenth of the Swift work of a 100-row diff).
        var prints = [UInt64]()
        prints.reserveCapacity(ids.count)
        guard let fingerprintable else {
            for id in ids { prints.append(byHashValue(id, seed: seed)) }
            return prints
        }
        // The values are handed over in place: no array of the conformance's type is made (its
        // metadata would be looked up at run time on every call).
        ids.withUnsafeBufferPointer { ids in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: printBlock) { block in
                var start = 0
                while start < ids.count {
                    let end = min(start + printBlock, ids.count)
                    let output = UnsafeMutableBufferPointer(rebasing: block[0..<end - start])
                    batch(UnsafeBufferPointer(rebasing: ids[start..<end]), as: fingerprintable, seed: seed, into: output)
                    prints.append(contentsOf: output)
                    start = end
                }
            }
        }
        return prints
    }
}

extension IdentityFingerprints {
    /// One fingerprint per row identity, section-major, read straight from the rows: identities
    /// are never gathered into an array of their own. Batch-fingerprinted types (UUIDs) get their
    /// identities copied into a small block on the stack, one block at a time, so the batch call still
    /// sees contiguous values while the diff's memory stays one 8-byte word per row (a first diff
    /// pays a page fault for every new page it touches; at 100k UUID rows per side the gathered
    /// identities were 3 MB of them).
    /// - Complexity: O(rows).
    @inlinable
    static func ofRows<Row: Diffable>(_ sections: [[Row]], total: Int, seed: UInt64, mask: UInt64,
                                      fingerprintable: (any Fingerprintable.Type)?) -> [UInt64] {
        if total == 0 { return [] }
        // A reserved array filled by appending (see `compute` for why not an uninitialized one).
        var prints = [UInt64]()
        prints.reserveCapacity(total)
        if let fingerprintable {
            blocks(sections, as: fingerprintable, seed: seed, mask: mask, into: &prints)
        } else {
            for rows in sections {
                rows.withUnsafeBufferPointer { rows in
                    for index in rows.indices { prints.append(byHashValue(rows[index].diffIdentity, seed: seed) & mask) }
                }
            }
        }
        return prints
    }

    /// Fingerprints per block on the stack before they are appended (512 bytes).
    @usableFromInline static let printBlock = 64

    /// Bytes per block: the most the standard library places on the stack without checking how
    /// much stack is left (a larger block is a heap allocation per diff). 64 UUIDs amortise a
    /// batch call well.
    @usableFromInline static let blockBytes = 1024

    /// Identities per block for a type of `stride` bytes.
    @inlinable
    static func blockRows(stride: Int) -> Int { max(1, blockBytes / max(1, stride)) }

    /// Copies the identities into the block in code specialised for `Row` (the copy is the
    /// per-row work); only the batch call goes through the conformance found at run time.
    @inlinable
    static func blocks<Row: Diffable>(_ sections: [[Row]], as type: any Fingerprintable.Type, seed: UInt64, mask: UInt64,
                                      into prints: inout [UInt64]) {
        let blockRows = min(blockRows(stride: MemoryLayout<Row.DiffIdentity>.stride), printBlock)
        withUnsafeTemporaryAllocation(of: Row.DiffIdentity.self, capacity: blockRows) { block in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: blockRows) { output in
                var filled = 0
                func flush() {
                    let written = UnsafeMutableBufferPointer(rebasing: output[0..<filled])
                    batch(UnsafeBufferPointer(rebasing: block[0..<filled]), as: type, seed: seed, into: written)
                    block.baseAddress!.deinitialize(count: filled)
                    if mask != .max { for index in written.indices { written[index] &= mask } }
                    prints.append(contentsOf: written)
                    filled = 0
                }
                for rows in sections {
                    rows.withUnsafeBufferPointer { rows in
                        for index in rows.indices {
                            (block.baseAddress! + filled).initialize(to: rows[index].diffIdentity)
                            filled += 1
                            if filled == blockRows { flush() }
                        }
                    }
                }
                if filled > 0 { flush() }
            }
        }
    }

    @inlinable
    static func batch<ID>(_ ids: UnsafeBufferPointer<ID>, as type: any Fingerprintable.Type, seed: UInt64,
                          into output: UnsafeMutableBufferPointer<UInt64>) {
        func run<F: Fingerprintable>(_: F.Type) {
            // ID is F (the caller's cast succeeded): the same memory, seen as what it is.
            ids.withMemoryRebound(to: F.self) { F.fingerprints(of: $0, seed: seed, into: output) }
        }
        run(type)
    }
}
