import Foundation
import Testing
@testable import RowDiff

/// UUID fingerprints are computed in Swift (`UUIDFingerprints`) where that gives the C core's
/// values: every path (one UUID, a batch, rows read in place, trimmed rows) must give exactly what
/// the core's byte hash (`Fingerprint.of(bytes:)`) gives for the UUID's sixteen bytes.
@Suite("UUID fingerprints")
struct UUIDFingerprintsTests {
    struct UUIDRow: Diffable, Identifiable, Equatable {
        let id: UUID
        var title = ""
    }

    static func uuid(_ rng: inout SplitMix64) -> UUID {
        UUID(uuid: withUnsafeBytes(of: (rng.next(), rng.next())) { $0.load(as: uuid_t.self) })
    }

    /// The core's fingerprint of the UUID's bytes.
    static func core(_ uuid: UUID, seed: UInt64) -> UInt64 {
        withUnsafeBytes(of: uuid.uuid) { Fingerprint.of(bytes: $0, seed: seed) }
    }

    @Test("XXH3 known answers: sixteen bytes 3, 20, 37, ... (mod 256) under seeds 0 and 5")
    func hash_givesXXH3sValues() {
        let words = (0..<16).map { UInt8(truncatingIfNeeded: $0 * 17 + 3) }.withUnsafeBytes {
            ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
        // From the system's xxhash (XXH3_64bits_withSeed) of the bytes i * 17 + 3 (mod 256), i = 0 ..< 16.
        #expect(
            UUIDFingerprints.hash(low: UInt64(littleEndian: words.0), high: UInt64(littleEndian: words.1), seed: 0)
                == 0x4F6C_31CF_36C7_7266)
        #expect(
            UUIDFingerprints.hash(low: UInt64(littleEndian: words.0), high: UInt64(littleEndian: words.1), seed: 5)
                == 0x6DA5_55F6_54B1_477F)
    }

    #if os(Linux)
    @Test("the core hashes with XXH3 here (the system has xxhash), so the Swift path is taken")
    func swiftPath_isTakenWhereTheCoreUsesXXH3() {
        #expect(UUIDFingerprints.matchesCore)
    }
    #endif

    @Test("seeded: one UUID, a batch and rows read in place give the core's fingerprints, masked or not")
    func everyPath_givesTheCoresFingerprints() {
        for seed in TestSeeds.cases(60, salt: 91) {
            var rng = SplitMix64(seed: seed)
            let context = TestSeeds.rerun(seed, filter: "UUIDFingerprints")
            let hashSeed: UInt64 = [0, 1, rng.next(), .max][rng.int(0...3)]
            let uuids = (0..<rng.int(0...200)).map { _ in Self.uuid(&rng) }
            let wanted = uuids.map { Self.core($0, seed: hashSeed) }
            #expect(uuids.map { $0.fingerprint(seed: hashSeed) } == wanted, "\(context) one by one")
            var batch = [UInt64](repeating: 0, count: uuids.count)
            uuids.withUnsafeBufferPointer { values in
                batch.withUnsafeMutableBufferPointer { UUID.fingerprints(of: values, seed: hashSeed, into: $0) }
            }
            #expect(batch == wanted, "\(context) batch")
            // Rows: seed 0, as diffs use, over a random range, under a mask or not.
            let rows = uuids.map { UUIDRow(id: $0) }
            let mask: UInt64 = rng.chance(50) ? .max : 0xFF
            let lower = rng.int(0...rows.count), upper = rng.int(lower...rows.count)
            var prints = [UInt64](repeating: 0, count: upper - lower)
            if UUIDFingerprints.matchesCore {
                rows.withUnsafeBufferPointer { rows in
                    prints.withUnsafeMutableBufferPointer {
                        UUIDFingerprints.write(rows, lower..<upper, seed: 0, mask: mask, into: $0)
                    }
                }
                #expect(prints == uuids[lower..<upper].map { Self.core($0, seed: 0) & mask }, "\(context) rows")
            }
        }
    }
}
