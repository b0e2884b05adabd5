import Foundation
import Testing
@testable import RowDiff
import RowDiffDataSources

/// `KeyedRow` hashes its key once, when it is made, and diffs read that fingerprint instead of
/// hashing the key again (`CarriedFingerprint`). The carried value must be exactly the key's own
/// fingerprint, and narrowed fingerprints (the collision tests' mask) must still give exactly the
/// unmasked results.
@Suite("Carried fingerprints")
struct CarriedFingerprintTests {
    /// Keys of every shape the string fingerprint distinguishes: empty, small and large ASCII,
    /// non-ASCII, and pairs that are equal only through canonical equivalence.
    static let keys = [
        "", "a", "item-12345", "a key longer than fifteen bytes, so not a small string",
        "caf\u{E9}", "cafe\u{301}", "\u{212A}elvin", "Kelvin", "\u{1F600} emoji", "Ωmega-42",
    ]

    static func rows(_ keys: [String]) -> [KeyedRow] {
        keys.map { KeyedRow(key: $0, kind: RowKind(TextCell.self), state: 0) }
    }

    @Test("The carried fingerprint is the key's own, for every shape of key, under any mask")
    func carriedFingerprints_equalTheKeysOwn() {
        let rows = Self.rows(Self.keys)
        for mask: UInt64 in [.max, 0x3, 0] {
            var carried = [UInt64](repeating: 0, count: rows.count)
            let used = carried.withUnsafeMutableBufferPointer { output in
                IdentityFingerprints.writeCarried([rows], mask: mask, into: output)
            }
            #expect(used)
            #expect(carried == Self.keys.map { $0.fingerprint(seed: 0) & mask }, "mask \(mask)")
        }
        // Canonically equivalent keys are equal identities, so their carried values agree.
        #expect(rows[4].diffIdentity == rows[5].diffIdentity)
        var pair = [UInt64](repeating: 0, count: 2)
        _ = pair.withUnsafeMutableBufferPointer { IdentityFingerprints.writeCarried([[rows[4]], [rows[5]]], mask: .max, into: $0) }
        #expect(pair[0] == pair[1])
    }

    @Test("Rows that carry no fingerprint are hashed as before")
    func otherRows_areNotCarried() {
        var output = [UInt64](repeating: 0, count: 2)
        let used = output.withUnsafeMutableBufferPointer { IdentityFingerprints.writeCarried([["a", "b"]], mask: .max, into: $0) }
        #expect(!used)
    }

    @Test("Diffs of keyed rows under colliding fingerprints equal the unmasked diffs", arguments: [40, 9_000])
    func collidingFingerprints_giveTheUnmaskedResults(rowsPerSection: Int) {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        for round in 0..<(rowsPerSection > 1_000 ? 4 : 100) {
            let (old, new) = KeyedRowStorageTests.randomStates(&rng, rows: rowsPerSection)
            let plain = SectionedDiff(from: old, to: new)
            for mask: UInt64 in [0x3, 0] {
                var options = DiffOptions()
                options.fingerprintMask = mask
                let masked = SectionedDiff(from: old, to: new, options: options)
                let context = "seed \(seed), round \(round), mask \(mask) (ROWDIFF_SEED=\(seed) reruns it)"
                #expect(masked.changeset == plain.changeset, "\(context)")
                #expect(masked.duplicates == plain.duplicates, "\(context)")
                #expect(
                    StagedChangeset(masked, updateStyle: .reconfigure).updates == StagedChangeset(plain, updateStyle: .reconfigure).updates,
                    "\(context)")
                let rowCount = old.reduce(0) { $0 + $1.rows.count } + new.reduce(0) { $0 + $1.rows.count }
                if rowCount > 8 { #expect(masked.usedExactIdentities, "\(context)") }
                if masked.changeset != plain.changeset { return }
            }
        }
    }
}
