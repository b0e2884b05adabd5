import Foundation
import Testing
@testable import RowDiff

/// Row fingerprints are read straight from the rows, batch-fingerprinted types in blocks of
/// `IdentityFingerprints.blockRows(stride:)`: every row must get exactly the fingerprint its identity gets
/// alone, in section-major order, across block and section boundaries and under a mask.
@Suite("Row fingerprints")
struct RowFingerprintTests {
    struct UUIDRow: Diffable, Identifiable, Equatable { let id: UUID }
    struct StringRow: Diffable, Identifiable, Equatable { let id: String }
    /// An integer id beside other fields, so the id is not the whole row.
    struct IntRow: Diffable, Identifiable, Equatable {
        let id: Int
        var title = ""
    }
    struct Plain: Hashable { let value: Int }
    struct PlainRow: Diffable, Identifiable, Equatable { let id: Plain }

    static func check<Row: Diffable>(
        _ sections: [[Row]], mask: UInt64, context: String,
        expected: (Row.DiffIdentity) -> UInt64
    ) {
        let total = sections.reduce(0) { $0 + $1.count }
        let prints = IdentityFingerprints.ofRows(
            sections, total: total, seed: 0, mask: mask,
            fingerprintable: Row.DiffIdentity.self as? any Fingerprintable.Type)
        let wanted = sections.flatMap { $0.map { expected($0.diffIdentity) & mask } }
        #expect(prints == wanted, "\(context)")
    }

    /// Section sizes around the block size, empty sections included.
    static func sizes(_ rng: inout SplitMix64) -> [Int] {
        let block = IdentityFingerprints.blockRows(stride: MemoryLayout<UUID>.stride)
        let choices = [0, 1, block - 1, block, block + 1, 2 * block + 3, rng.int(0...3 * block)]
        return (0..<rng.int(0...5)).map { _ in choices[rng.int(0...choices.count - 1)] }
    }

    @Test("seeded: UUID, Int, String and plain Hashable rows get their identities' fingerprints, masked or not")
    func rowFingerprints_equalEachIdentitysOwn() {
        for seed in TestSeeds.cases(60, salt: 41) {
            var rng = SplitMix64(seed: seed)
            let sizes = Self.sizes(&rng)
            let mask: UInt64 = rng.chance(50) ? .max : 0xFFFF
            let context = TestSeeds.rerun(seed, filter: "RowFingerprint") + " sizes \(sizes) mask \(mask)"
            let uuids = sizes.map {
                (0..<$0).map { _ in
                    UUIDRow(id: UUID(uuid: withUnsafeBytes(of: (rng.next(), rng.next())) { $0.load(as: uuid_t.self) }))
                }
            }
            Self.check(uuids, mask: mask, context: context) { $0.fingerprint(seed: 0) }
            let ints = sizes.map { (0..<$0).map { _ in IntRow(id: Int(truncatingIfNeeded: rng.next())) } }
            Self.check(ints, mask: mask, context: context) { $0.fingerprint(seed: 0) }
            let strings = sizes.map { (0..<$0).map { _ in StringRow(id: "row \(rng.next() % 5000) é") } }
            Self.check(strings, mask: mask, context: context) { $0.fingerprint(seed: 0) }
            let plain = sizes.map { (0..<$0).map { _ in PlainRow(id: Plain(value: Int(truncatingIfNeeded: rng.next()))) } }
            Self.check(plain, mask: mask, context: context) { UInt64(bitPattern: Int64($0.hashValue)) }
        }
    }
}
