import Foundation

/// UUID fingerprints computed in Swift, with exactly the values of the C core's
/// `cdiff_fingerprint` (XXH3, 64-bit, seeded) for the UUID's sixteen bytes.
///
/// XXH3 of a 9-to-16-byte input is a few arithmetic steps on its two 8-byte words. Computed here,
/// straight from the rows, a UUID costs about 15 instructions, against about 29 in the C batch call
/// plus 4 to copy the identity into the batch's contiguous block first: at 1,000 UUID rows, a
/// sixth of a typed diff. The values are XXH3's, so nothing else changes: fingerprints computed
/// here and by the core (`UUID.fingerprint(seed:)`, `Fingerprint.of(bytes:)`) agree.
///
/// The C core hashes with XXH3 only where the system has xxhash; elsewhere (iOS and tvOS app
/// builds) it uses a hash of its own. So this path is taken only after a one-time check that it
/// gives the core's values (`matchesCore`); where it does not, UUIDs go through the core's batch
/// call as before.
@usableFromInline
enum UUIDFingerprints {
    /// XXH3's keys for 9-to-16-byte inputs: its default secret's little-endian words at bytes 24
    /// and 32, xored (`key1`), and at bytes 40 and 48 (`key2`). The seed is added to the first and
    /// subtracted from the second.
    @usableFromInline static let key1: UInt64 = 0x6782_737B_EA42_39B9
    @usableFromInline static let key2: UInt64 = 0xAF56_BC3B_0996_523A

    /// XXH3 (64-bit) of sixteen bytes whose little-endian words are `low` (bytes 0..<8) and `high`
    /// (bytes 8..<16), under `seed`.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    static func hash(low: UInt64, high: UInt64, seed: UInt64) -> UInt64 {
        let mixedLow = low ^ (key1 &+ seed)
        let mixedHigh = high ^ (key2 &- seed)
        let product = mixedLow.multipliedFullWidth(by: mixedHigh)
        var accumulator = 16 &+ mixedLow.byteSwapped &+ mixedHigh &+ (product.high ^ product.low)
        // XXH3's avalanche for short inputs.
        accumulator ^= accumulator >> 37
        accumulator &*= 0x1656_6791_9E37_79F9
        accumulator ^= accumulator >> 32
        return accumulator
    }

    /// `hash` of sixteen bytes, read as their two little-endian words.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        hash(
            low: UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self)),
            high: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)), seed: seed)
    }

    /// The fingerprint of `uuid` under `seed` (`hash` of its bytes).
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    static func of(_ uuid: UUID, seed: UInt64) -> UInt64 {
        withUnsafeBytes(of: uuid) { hash($0, seed: seed) }
    }

    /// Whether `hash` gives the core's fingerprints in this build: checked once per process on a
    /// few fixed keys and seeds (XXH3 either agrees on all of them or is not the core's hash).
    @usableFromInline static let matchesCore: Bool = {
        for seed: UInt64 in [0, 1, 0x9E37_79B9_7F4A_7C15, .max] {
            for key: UInt64 in 1...4 {
                // Keys with bits set all over both words.
                let words = (key &* 0x9E37_79B9_7F4A_7C15, ~key &* 0xC2B2_AE3D_27D4_EB4F)
                let core = withUnsafeBytes(of: words) { CoreBridge.fingerprint($0, seed: seed) }
                let swift = withUnsafeBytes(of: words) { hash($0, seed: seed) }
                if core != swift { return false }
            }
        }
        return true
    }()

    /// Writes the fingerprints of the row identities in `rows[range]` into `output` (as many),
    /// masked, read straight from the rows (no copy of the identities into a block).
    /// - Precondition: `Row.DiffIdentity` is `UUID`, and `matchesCore`.
    /// - Complexity: O(range.count).
    @inlinable
    static func write<Row: Diffable>(
        _ rows: UnsafeBufferPointer<Row>, _ range: Range<Int>, seed: UInt64, mask: UInt64,
        into output: UnsafeMutableBufferPointer<UInt64>
    ) {
        precondition(
            Row.DiffIdentity.self == UUID.self && output.count >= range.count
                && range.lowerBound >= 0 && range.upperBound <= rows.count, "RowDiff: UUID rows expected")
        guard !range.isEmpty, let base = rows.baseAddress, let print = output.baseAddress else { return }
        // Without a mask (every diff but the collision tests), the masking step compiles away.
        if mask == .max {
            walk(from: base + range.lowerBound, to: base + range.upperBound, seed: seed, mask: .max, into: print)
        } else {
            walk(from: base + range.lowerBound, to: base + range.upperBound, seed: seed, mask: mask, into: print)
        }
    }

    /// `write`'s loop over the rows from `row` to `end`, walked by pointer (an indexed loop keeps a
    /// bounds and an overflow check per row), two rows a step: the hash is a dozen instructions,
    /// so the loop's own three were a fifth of the work.
    @inlinable @inline(__always)
    static func walk<Row: Diffable>(
        from start: UnsafePointer<Row>, to end: UnsafePointer<Row>, seed: UInt64,
        mask: UInt64, into output: UnsafeMutablePointer<UInt64>
    ) {
        var row = start, print = output
        if (end - start) & 1 == 1 {
            print.pointee = of(row, seed: seed) & mask
            print += 1
            row += 1
        }
        while row != end {
            let first = of(row, seed: seed), second = of(row + 1, seed: seed)
            print.pointee = first & mask
            (print + 1).pointee = second & mask
            print += 2
            row += 2
        }
    }

    /// The fingerprint of the identity of the row at `row`.
    @inlinable @inline(__always)
    static func of<Row: Diffable>(_ row: UnsafePointer<Row>, seed: UInt64) -> UInt64 {
        withUnsafeBytes(of: row.pointee.diffIdentity) { hash($0, seed: seed) }
    }
}
