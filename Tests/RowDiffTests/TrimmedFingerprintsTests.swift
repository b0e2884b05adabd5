import Foundation
import Testing
@testable import RowDiff

/// A flat diff hashes the new side's rows only between the ends it shares with the old side, and
/// copies the old fingerprints for the rest (`TrimmedFingerprints`). The copied fingerprints must be
/// exactly the hashed ones, so the core sees the input it saw before: same changes, same
/// duplicates, whether identities repeat inside the ends, across them or not at all.
@Suite("Trimmed fingerprints")
struct TrimmedFingerprintsTests {
    struct UUIDRow: Diffable, Identifiable, Equatable { let id: UUID; var content = 0 }
    struct StringRow: Diffable, Identifiable, Equatable { let id: String; var content = 0 }

    /// Old rows from a small pool of identities (so some repeat), new rows sharing a random prefix
    /// and suffix with old and a random middle, which may reuse identities of the ends.
    static func lists<ID>(_ rng: inout SplitMix64, pool: [ID]) -> (old: [ID], new: [ID]) {
        let count = [0, 1, 5, 70, 300][rng.int(0...4)]
        let old = (0..<count).map { _ in pool[rng.int(0...pool.count - 1)] }
        let prefix = rng.int(0...count), suffix = rng.int(0...count - prefix)
        let middle = (0..<rng.int(0...80)).map { _ in
            rng.chance(20) && !old.isEmpty ? old[rng.int(0...old.count - 1)] : pool[rng.int(0...pool.count - 1)]
        }
        return (old, Array(old[0..<prefix]) + middle + Array(old[(count - suffix)...]))
    }

    /// The new side's fingerprints, written trimmed, equal those written in full; nil when the
    /// trimmed path declined.
    static func check<Row: Diffable>(_ old: [Row], _ new: [Row], mask: UInt64, context: String) -> Bool? {
        let oldSide = FlattenedSide([FlatSection(rows: old)]), newSide = FlattenedSide([FlatSection(rows: new)])
        let types = SideTypes(FlatSection<Row>.self, rowVersions: nil)
        var oldPrints = [UInt64](repeating: 0, count: old.count + 1)
        var full = [UInt64](repeating: 0, count: new.count + 1), trimmed = full
        _ = oldPrints.withUnsafeMutableBufferPointer { FirstPass.prepare(oldSide, mask: mask, types: types, into: $0) }
        _ = full.withUnsafeMutableBufferPointer { FirstPass.prepare(newSide, mask: mask, types: types, into: $0) }
        let wrote = oldPrints.withUnsafeBufferPointer { oldPrints in
            trimmed.withUnsafeMutableBufferPointer {
                TrimmedFingerprints.write(newSide, against: oldSide, oldPrints: oldPrints, mask: mask, types: types, into: $0)
            }
        }
        if wrote, let first = trimmed.indices.first(where: { trimmed[$0] != full[$0] }) {
            Issue.record("fingerprint \(first) of \(full.count): \(trimmed[first]), hashed \(full[first]); \(context)")
        }
        return wrote
    }

    @Test("seeded: UUID and String rows get the fingerprints hashing gives, masked or not")
    func trimmedFingerprints_equalHashedOnes() {
        for seed in TestSeeds.cases(300, salt: 71) {
            var rng = SplitMix64(seed: seed)
            let mask: UInt64 = rng.chance(50) ? .max : 0xFF
            let context = TestSeeds.rerun(seed, filter: "TrimmedFingerprints") + " mask \(mask)"
            let uuidPool = (0..<[3, 400][rng.int(0...1)]).map { _ in
                UUID(uuid: withUnsafeBytes(of: (rng.next(), rng.next())) { $0.load(as: uuid_t.self) })
            }
            let uuids = Self.lists(&rng, pool: uuidPool)
            #expect(Self.check(uuids.old.map { UUIDRow(id: $0) }, uuids.new.map { UUIDRow(id: $0) }, mask: mask,
                               context: context) == true, "\(context)")
            let strings = Self.lists(&rng, pool: (0..<[3, 400][rng.int(0...1)]).map { "row \($0) é" })
            #expect(Self.check(strings.old.map { StringRow(id: $0) }, strings.new.map { StringRow(id: $0) }, mask: mask,
                               context: context) == true, "\(context)")
        }
    }

    @Test("the ends are measured by identity and never overlap")
    func commonEnds_areTheLongestNonOverlappingOnes() {
        func ends(_ old: [Int], _ new: [Int]) -> (Int, Int) {
            let a = old.map { UUIDRow(id: UUID(uuid: withUnsafeBytes(of: (UInt64($0), UInt64(0))) { $0.load(as: uuid_t.self) })) }
            let b = new.map { UUIDRow(id: UUID(uuid: withUnsafeBytes(of: (UInt64($0), UInt64(0))) { $0.load(as: uuid_t.self) })) }
            return a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in TrimmedFingerprints.commonEnds(a, b) } }
        }
        #expect(ends([], []) == (0, 0))
        #expect(ends([1, 2, 3], []) == (0, 0))
        #expect(ends([1, 2, 3], [1, 2, 3]) == (3, 0))
        #expect(ends([1, 2, 3], [1, 9, 3]) == (1, 1))
        #expect(ends([1, 1], [1, 1, 1]) == (2, 0))
        #expect(ends([5, 1, 2], [1, 2]) == (0, 2))
        #expect(ends([1, 2], [7, 1, 2]) == (0, 2))
    }

    @Test("Int and plain Hashable identities are hashed in full")
    func cheapIdentities_areNotTrimmed() {
        struct IntRow: Diffable, Identifiable, Equatable { let id: Int }
        struct Plain: Hashable { let value: Int }
        struct PlainRow: Diffable, Identifiable, Equatable { let id: Plain }
        let rows = (0..<10).map { IntRow(id: $0) }
        #expect(Self.check(rows, rows, mask: .max, context: "Int") == false)
        let plain = (0..<10).map { PlainRow(id: Plain(value: $0)) }
        #expect(Self.check(plain, plain, mask: .max, context: "plain") == false)
    }

    @Test("seeded: a flat diff of UUID rows gives what the untrimmed (parallel) path gives")
    func flatDiffs_equalTheUntrimmedPath() {
        for seed in TestSeeds.cases(300, salt: 72) {
            var rng = SplitMix64(seed: seed)
            let pool = (0..<[4, 500][rng.int(0...1)]).map { _ in
                UUID(uuid: withUnsafeBytes(of: (rng.next(), rng.next())) { $0.load(as: uuid_t.self) })
            }
            let (oldIDs, newIDs) = Self.lists(&rng, pool: pool)
            let old = oldIDs.map { UUIDRow(id: $0, content: rng.int(0...1)) }
            let new = newIDs.map { UUIDRow(id: $0, content: rng.int(0...1)) }
            var serial = DiffOptions(), parallel = DiffOptions()
            serial.parallelRowThreshold = .max
            parallel.parallelRowThreshold = 0 // the two-core path fingerprints both sides in full
            if rng.chance(30) {
                serial.fingerprintMask = 0x3 // collisions: the exact path must agree too
                parallel.fingerprintMask = 0x3
            }
            let trimmed = SectionedDiff(from: [FlatSection(rows: old)], to: [FlatSection(rows: new)], options: serial)
            let full = SectionedDiff(from: [FlatSection(rows: old)], to: [FlatSection(rows: new)], options: parallel)
            let context = "\(TestSeeds.rerun(seed, filter: "TrimmedFingerprints")) old \(oldIDs.count) new \(newIDs.count)"
            #expect(trimmed.changeset == full.changeset, "\(context)")
            #expect(trimmed.duplicates == full.duplicates, "\(context)")
            #expect(trimmed.usedExactIdentities == full.usedExactIdentities, "\(context)")
            if trimmed.changeset != full.changeset { return }
        }
    }
}
