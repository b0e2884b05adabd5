import Foundation
import Testing
@testable import RowDiff

/// A flat diff hashes the new side's rows only between the ends it shares with the old side, and
/// copies the old fingerprints for the rest (`TrimmedFingerprints`). The copied fingerprints must be
/// exactly the hashed ones, so the core sees the input it saw before: same changes, same
/// duplicates, whether identities repeat inside the ends, across them or not at all.
@Suite("Trimmed fingerprints")
struct TrimmedFingerprintsTests {
    struct UUIDRow: Diffable, Identifiable, Equatable {
        let id: UUID
        var content = 0
    }
    struct StringRow: Diffable, Identifiable, Equatable {
        let id: String
        var content = 0
    }

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

    /// Lists without repeated identities (the diff's checked path, where the ends' pairs are not
    /// visited again): new keeps a random prefix and suffix of old, and between them some of old's
    /// other rows, shuffled, and fresh ones.
    static func distinctLists<ID>(_ rng: inout SplitMix64, fresh: (inout SplitMix64) -> ID) -> (old: [ID], new: [ID]) {
        let count = [0, 1, 5, 70, 300][rng.int(0...4)]
        let old = (0..<count).map { _ in fresh(&rng) }
        let prefix = rng.int(0...count), suffix = rng.int(0...count - prefix)
        var middle = old[prefix..<count - suffix].filter { _ in rng.chance(60) }
        middle += (0..<rng.int(0...40)).map { _ in fresh(&rng) }
        for i in middle.indices.reversed() where i > 0 { middle.swapAt(i, rng.int(0...i)) }
        return (old, Array(old[0..<prefix]) + middle + Array(old[(count - suffix)...]))
    }

    /// The new side's fingerprints, written trimmed, equal those written in full; nil when the
    /// trimmed path declined.
    static func check<Row: Diffable>(_ old: [Row], _ new: [Row], mask: UInt64, context: String) -> Bool? {
        let oldSide = FlattenedSide([FlatSection(rows: old)]), newSide = FlattenedSide([FlatSection(rows: new)])
        let types = SideTypes(FlatSection<Row>.self, rows: RowTypeFacts(versioned: nil, inPlace: nil, identityOffset: nil))
        var oldPrints = [UInt64](repeating: 0, count: old.count + 1)
        var full = [UInt64](repeating: 0, count: new.count + 1), trimmed = full
        _ = oldPrints.withUnsafeMutableBufferPointer { FirstPass.prepare(oldSide, mask: mask, types: types, into: $0) }
        _ = full.withUnsafeMutableBufferPointer { FirstPass.prepare(newSide, mask: mask, types: types, into: $0) }
        let wrote =
            oldPrints.withUnsafeBufferPointer { oldPrints in
                trimmed.withUnsafeMutableBufferPointer {
                    TrimmedFingerprints.write(newSide, against: oldSide, oldPrints: oldPrints, mask: mask, types: types, into: $0)
                }
            } != nil
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
            #expect(
                Self.check(
                    uuids.old.map { UUIDRow(id: $0) }, uuids.new.map { UUIDRow(id: $0) }, mask: mask,
                    context: context) == true, "\(context)")
            let strings = Self.lists(&rng, pool: (0..<[3, 400][rng.int(0...1)]).map { "row \($0) é" })
            #expect(
                Self.check(
                    strings.old.map { StringRow(id: $0) }, strings.new.map { StringRow(id: $0) }, mask: mask,
                    context: context) == true, "\(context)")
        }
    }

    @Test("the ends are measured by identity and never overlap")
    func commonEnds_areTheLongestNonOverlappingOnes() {
        func ends(_ old: [Int], _ new: [Int]) -> (Int, Int) {
            let a = old.map { UUIDRow(id: UUID(uuid: withUnsafeBytes(of: (UInt64($0), UInt64(0))) { $0.load(as: uuid_t.self) })) }
            let b = new.map { UUIDRow(id: UUID(uuid: withUnsafeBytes(of: (UInt64($0), UInt64(0))) { $0.load(as: uuid_t.self) })) }
            let found = a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in TrimmedFingerprints.commonEnds(a, b, comparesContent: false) }
            }
            return (found.prefix, found.suffix)
        }
        #expect(ends([], []) == (0, 0))
        #expect(ends([1, 2, 3], []) == (0, 0))
        #expect(ends([1, 2, 3], [1, 2, 3]) == (3, 0))
        #expect(ends([1, 2, 3], [1, 9, 3]) == (1, 1))
        #expect(ends([1, 1], [1, 1, 1]) == (2, 0))
        #expect(ends([5, 1, 2], [1, 2]) == (0, 2))
        #expect(ends([1, 2], [7, 1, 2]) == (0, 2))
    }

    @Test("the ends' pairs whose content differs are listed by destination, the suffix's counted from the end")
    func commonEnds_listTheEndsContentUpdates() {
        func ends(_ old: [(Int, Int)], _ new: [(Int, Int)], comparesContent: Bool = true) -> CommonEnds {
            func rows(_ values: [(Int, Int)]) -> [UUIDRow] {
                values.map {
                    UUIDRow(
                        id: UUID(uuid: withUnsafeBytes(of: (UInt64($0.0), UInt64(0))) { $0.load(as: uuid_t.self) }),
                        content: $0.1)
                }
            }
            let a = rows(old), b = rows(new)
            return a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in TrimmedFingerprints.commonEnds(a, b, comparesContent: comparesContent) }
            }
        }
        func move(_ from: Int, _ to: Int) -> Move<ItemPath> {
            Move(from: ItemPath(section: 0, item: from), to: ItemPath(section: 0, item: to))
        }
        // Prefix 1, 2 (2 changed); middle 3 -> 9, 8; suffix 4, 5, 6 (4 and 6 changed), one row longer.
        let found = ends(
            [(1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0)],
            [(1, 0), (2, 1), (9, 0), (8, 0), (4, 1), (5, 0), (6, 1)])
        #expect(found.prefix == 2 && found.suffix == 3 && found.newMiddle == 2..<4)
        #expect(found.prefixUpdates == [move(1, 1)])
        #expect(found.suffixUpdates == [move(3, 4), move(5, 6)])
        #expect(found.updates(around: [move(2, 3)]) == [move(1, 1), move(2, 3), move(3, 4), move(5, 6)])
        let identities = ends([(1, 0), (2, 0)], [(1, 1), (2, 1)], comparesContent: false)
        #expect(identities.prefix == 2 && identities.prefixUpdates.isEmpty && identities.suffixUpdates.isEmpty)
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

    /// Rows whose content versions the core compares (the ends then only skip identity checks).
    struct VersionedRow: Diffable, Identifiable, Equatable, ContentVersioned {
        let id: UUID
        var content = 0
        var contentVersion: UInt64 { UInt64(content) }
    }

    @Test("seeded: a flat diff of UUID rows, on one core and on two, gives what the untrimmed path gives")
    func flatDiffs_equalTheUntrimmedPath() {
        for seed in TestSeeds.cases(300, salt: 72) {
            var rng = SplitMix64(seed: seed)
            let pool = (0..<[4, 500][rng.int(0...1)]).map { _ in
                UUID(uuid: withUnsafeBytes(of: (rng.next(), rng.next())) { $0.load(as: uuid_t.self) })
            }
            let (oldIDs, newIDs) =
                rng.chance(50)
                ? Self.lists(&rng, pool: pool)
                : Self.distinctLists(&rng) { rng in
                    UUID(uuid: withUnsafeBytes(of: (rng.next(), rng.next())) { $0.load(as: uuid_t.self) })
                }
            // Content changes anywhere: the ends' pairs are compared while the ends are found.
            let old = oldIDs.map { UUIDRow(id: $0, content: rng.int(0...1)) }
            let new = newIDs.map { UUIDRow(id: $0, content: rng.int(0...1)) }
            if !Self.serialEqualsParallel(old, new, &rng, seed: seed) { return }
            let versionedOld = old.map { VersionedRow(id: $0.id, content: $0.content) }
            let versionedNew = new.map { VersionedRow(id: $0.id, content: $0.content) }
            if !Self.serialEqualsParallel(versionedOld, versionedNew, &rng, seed: seed) { return }
        }
    }

    @Test("seeded: a flat diff of String rows, on one core and on two, gives what the untrimmed path gives")
    func flatStringDiffs_equalTheUntrimmedPath() {
        for seed in TestSeeds.cases(200, salt: 73) {
            var rng = SplitMix64(seed: seed)
            let pool = (0..<[4, 500][rng.int(0...1)]).map { "row \($0) é" }
            let (oldIDs, newIDs) =
                rng.chance(50)
                ? Self.lists(&rng, pool: pool)
                : Self.distinctLists(&rng) { rng in "row \(rng.next()) é" }
            let old = oldIDs.map { StringRow(id: $0, content: rng.int(0...1)) }
            let new = newIDs.map { StringRow(id: $0, content: rng.int(0...1)) }
            if !Self.serialEqualsParallel(old, new, &rng, seed: seed) { return }
        }
    }

    /// The trimmed diffs of two flat lists, on one core and on two (where the old side is hashed
    /// while the new side's ends are found), equal the untrimmed one (`trimsCommonEnds` off);
    /// false, after recording the issue, when they do not.
    static func serialEqualsParallel<Row: Diffable>(
        _ old: [Row], _ new: [Row], _ rng: inout SplitMix64,
        seed: UInt64
    ) -> Bool {
        var serial = DiffOptions(), parallel = DiffOptions(), reference = DiffOptions()
        serial.parallelRowThreshold = .max
        parallel.parallelRowThreshold = 0
        reference.parallelRowThreshold = .max
        reference.trimsCommonEnds = false
        if rng.chance(30) {
            // Collisions: the exact path must agree too.
            serial.fingerprintMask = 0x3
            parallel.fingerprintMask = 0x3
            reference.fingerprintMask = 0x3
        }
        let full = SectionedDiff(from: [FlatSection(rows: old)], to: [FlatSection(rows: new)], options: reference)
        let context = "\(TestSeeds.rerun(seed, filter: "TrimmedFingerprints")) \(Row.self) old \(old.count) new \(new.count)"
        for (name, options) in [("one core", serial), ("two cores", parallel)] {
            let trimmed = SectionedDiff(from: [FlatSection(rows: old)], to: [FlatSection(rows: new)], options: options)
            #expect(trimmed.changeset == full.changeset, "\(name): \(context)")
            #expect(trimmed.duplicates == full.duplicates, "\(name): \(context)")
            #expect(trimmed.usedExactIdentities == full.usedExactIdentities, "\(name): \(context)")
            if trimmed.changeset != full.changeset { return false }
        }
        return true
    }
}
