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
    /// One fingerprint per identity, in order.
    /// - Complexity: O(n), one pass (one C call for UUID arrays).
    @inlinable
    static func compute<ID: Hashable>(_ ids: [ID], seed: UInt64) -> [UInt64] {
        compute(ids, seed: seed, fingerprintable: ID.self as? any Fingerprintable.Type)
    }

    /// `compute` with the conformance already looked up (`ID.self as? any Fingerprintable.Type`):
    /// the lookup costs hundreds of instructions, so a diff does it once per identity type, not
    /// once per array.
    @inlinable
    static func compute<ID: Hashable>(_ ids: [ID], seed: UInt64, fingerprintable: (any Fingerprintable.Type)?) -> [UInt64] {
        if let fingerprintable {
            return fast(ids, as: fingerprintable, seed: seed)
        }
        // Any other Hashable: its hashValue agrees with ==, which is all that correctness needs.
        return ids.map { UInt64(bitPattern: Int64($0.hashValue)) ^ seed }
    }

    @inlinable
    static func fast<ID: Hashable, F: Fingerprintable>(_ ids: [ID], as type: F.Type, seed: UInt64) -> [UInt64] {
        // ID and F are the same type here (the cast above succeeded), so the array is reused as is.
        let values = unsafeBitCast(ids, to: [F].self)
        // Empty: `unsafeUninitializedCapacity: 0` would write the count into the shared empty-array
        // storage, a data race with every other thread reading an empty array (ThreadSanitizer).
        if values.isEmpty { return [] }
        return [UInt64](unsafeUninitializedCapacity: values.count) { output, count in
            values.withUnsafeBufferPointer { F.fingerprints(of: $0, seed: seed, into: output) }
            count = values.count
        }
    }
}
