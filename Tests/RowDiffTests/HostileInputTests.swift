import Foundation
import Testing
@testable import RowDiff

/// Identities built to be slow: integers that all want one slot of the C core's table (as the
/// slot function of 1.0.0 mapped them; an `Int` is its own fingerprint), and identities that are
/// not equal to themselves (NaN). Each must cost about what ordinary identities cost. The time
/// bounds are generous — the quadratic behaviour they guard against is 10 to 100 times slower —
/// and each compares against ordinary input diffed in the same test, so a busy machine slows both.
@Suite("Hostile input")
struct HostileInputTests {
    /// A row whose identity is a `Double` (not `Fingerprintable`: it is fingerprinted by
    /// `hashValue`, and every NaN hashes alike).
    struct Reading: Identifiable, Equatable, Diffable {
        let id: Double
    }

    /// Equal to nothing, itself included, and hashing alike: the worst a `Hashable` type may do
    /// while keeping `==` and `hash(into:)` consistent.
    struct Loner: Hashable, Diffable {
        let tag: Int
        static func == (lhs: Loner, rhs: Loner) -> Bool { false }
        func hash(into hasher: inout Hasher) {}
    }

    static func seconds(_ body: () -> Void) -> Double {
        let elapsed = ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    @Test("40,000 NaN identities: each is its own identity, at the cost of ordinary ones")
    func nanIdentities_areAllDistinct_andCostWhatOrdinaryIdentitiesCost() {
        let count = 40_000
        let nans = (0..<count).map { _ in Reading(id: .nan) }
        let ordinaryOld = (0..<count).map { Reading(id: Double($0) + 0.5) }
        let ordinaryNew = (0..<count).map { Reading(id: -Double($0) - 0.5) }
        var diff: ListDiff<Reading>?
        let ordinary = Self.seconds { _ = ListDiff(from: ordinaryOld, to: ordinaryNew) }
        let hostile = Self.seconds { diff = ListDiff(from: nans, to: nans) }
        guard let diff else { return }
        #expect(diff.deletes == Array(0..<count))
        #expect(diff.inserts == Array(0..<count))
        #expect(diff.moves.isEmpty && diff.updates.isEmpty)
        #expect(diff.oldDuplicates.isEmpty && diff.newDuplicates.isEmpty)
        #expect(diff.sectioned.usedExactIdentities) // every NaN shares a fingerprint: the guard decided
        #expect(hostile < 20 * ordinary + 2, "NaN identities took \(hostile) s, ordinary ones \(ordinary) s")
    }

    @Test func nanBesideOrdinaryIdentities_onlyTheNaNIsDeletedAndInserted() {
        let old = [1.0, .nan, 2.0, .nan].map(Reading.init(id:)), new = [2.0, .nan, 1.0].map(Reading.init(id:))
        let diff = ListDiff(from: old, to: new)
        #expect(diff.deletes == [1, 3])
        #expect(diff.inserts == [1])
        #expect(diff.moves.count == 1)
        #expect(diff.oldDuplicates.isEmpty && diff.newDuplicates.isEmpty)
    }

    @Test func identitiesEqualToNothing_areAllDistinct() {
        let old = (0..<5_000).map(Loner.init(tag:)), new = (0..<5_000).map(Loner.init(tag:))
        let diff = ListDiff(from: old, to: new)
        #expect(diff.deletes.count == 5_000 && diff.inserts.count == 5_000)
        #expect(diff.moves.isEmpty && diff.oldDuplicates.isEmpty && diff.newDuplicates.isEmpty)
    }

    /// 200,000 `Int` ids that all map to one slot of the table 1.0.0 would have sized for this
    /// diff, under its fixed slot function (x ^= x >> 33; x *= 0xff51afd7ed558ccd; x ^= x >> 33;
    /// slot = high 64 bits of x * capacity): inverting it gives as many as wanted. 1.0.0 spent
    /// ~20 s on them; with a per-context secret they are ordinary integers to the core.
    static func flooding(count: Int) -> [Int] {
        let capacity = UInt64(2 * count + count + 16) // match.c: n + m + (n + m) / 2 + 16, n = m = count
        let width = UInt64.max / capacity
        let base = (UInt64.max / 3 / width) * width + width / 4
        let inverse = Self.inverse(of: 0xff51_afd7_ed55_8ccd)
        func fold(_ x: UInt64) -> UInt64 { x ^ (x >> 33) }
        return (0..<UInt64(count)).map { k in Int(bitPattern: UInt(fold(fold(base + k) &* inverse))) }
    }

    /// The inverse of an odd number modulo 2^64 (Newton's iteration doubles the correct bits).
    static func inverse(of odd: UInt64) -> UInt64 {
        var inverse = odd
        for _ in 0..<5 { inverse = inverse &* (2 &- odd &* inverse) }
        return inverse
    }

    static func legacySlot(_ id: Int, capacity: UInt64) -> UInt64 {
        var x = UInt64(bitPattern: Int64(id))
        x ^= x >> 33
        x = x &* 0xff51_afd7_ed55_8ccd
        x ^= x >> 33
        return x.multipliedFullWidth(by: capacity).high
    }

    @Test("200,000 Int ids that flooded 1.0.0's table cost what random ids cost")
    func intIdsBuiltToCollide_costWhatRandomIdsCost() {
        let count = 200_000
        let hostile = Self.flooding(count: count)
        let capacity = UInt64(3 * count + 16)
        #expect(Set(hostile).count == count)
        #expect(Set(hostile.prefix(1_000).map { Self.legacySlot($0, capacity: capacity) }).count == 1)
        var rng = SplitMix64(seed: TestSeeds.base ^ 0xF100D)
        let random = (0..<count).map { _ in Int(bitPattern: UInt(rng.next())) }

        var hostileDiff: ListDiff<Int>?
        let randomTime = Self.seconds { _ = ListDiff(from: random, to: random.reversed()) }
        let hostileTime = Self.seconds { hostileDiff = ListDiff(from: hostile, to: hostile.reversed()) }
        guard let hostileDiff else { return }
        #expect(hostileDiff.moves.count == count - 1)
        #expect(hostileDiff.deletes.isEmpty && hostileDiff.inserts.isEmpty)
        #expect(hostileTime < 5 * randomTime + 1, "crafted ids took \(hostileTime) s, random ones \(randomTime) s")
    }

    struct UUIDRow: Diffable, Identifiable, Equatable { let id: UUID }
    struct Header: Diffable, Identifiable, Equatable { let id: Int }
    typealias UUIDSection = ListSection<Header, UUIDRow>

    /// Two sections a side, each a row that keeps its place and then `count` rows that do not: in
    /// old, one identity repeated (or `count` distinct ones), in new others. Two sections of equal
    /// size, so that the aligned fingerprint walk runs on two cores (it needs balanced halves).
    static func repeatedAfterAKeptRow(count: Int, repeated: Bool, seed: UInt64) -> (old: [UUIDSection], new: [UUIDSection]) {
        var rng = SplitMix64(seed: seed)
        func uuid() -> UUID { UUID(uuid: withUnsafeBytes(of: (rng.next(), rng.next())) { $0.load(as: uuid_t.self) }) }
        func rows() -> [UUIDRow] {
            let one = uuid()
            return (0..<count).map { _ in UUIDRow(id: repeated ? one : uuid()) }
        }
        let kept = [UUIDRow(id: uuid()), UUIDRow(id: uuid())]
        let old = (0..<2).map { UUIDSection(Header(id: $0), rows: [kept[$0]] + rows()) }
        let new = (0..<2).map { UUIDSection(Header(id: $0), rows: [kept[$0]] + rows()) }
        return (old, new)
    }

    /// The search for the pairs of rows that left their place (`AlignedPairs.foundPairs`, beside
    /// the core's matching) keeps a table of the old rows' fingerprints: one identity repeated
    /// 50,000 times in each of two sections fills one run of its slots, and before the search had
    /// a probe budget each insert walked the whole run (quadratic: 58 times the distinct
    /// identities' time at 20,000, 8 s against 0.05 at 50,000 in a debug build).
    @Test("50,000 repeats of one UUID in each of two sections cost about what distinct UUIDs cost")
    func repeatedUUIDsInASectionedDiff_costWhatDistinctOnesCost() {
        let count = 50_000
        let (old, new) = Self.repeatedAfterAKeptRow(count: count, repeated: true, seed: TestSeeds.base ^ 0xD0B)
        let (distinctOld, distinctNew) = Self.repeatedAfterAKeptRow(count: count, repeated: false, seed: TestSeeds.base ^ 0xD0C)
        var options = DiffOptions()
        options.parallelRowThreshold = 0 // the search runs only beside a two-thread diff
        var diff: SectionedDiff<UUIDSection>?
        let distinctTime = Self.seconds { _ = SectionedDiff(from: distinctOld, to: distinctNew, options: options) }
        let repeatedTime = Self.seconds { diff = SectionedDiff(from: old, to: new, options: options) }
        guard let diff else { return }
        #expect(diff.changeset.itemDeletes.count == 2 * count && diff.changeset.itemInserts.count == 2 * count)
        #expect(diff.changeset.itemMoves.isEmpty && diff.changeset.itemUpdates.isEmpty)
        #expect(diff.duplicates.oldItems.count == 2 * count && diff.duplicates.newItems.count == 2 * count)
        #expect(repeatedTime < 20 * distinctTime + 2, "repeated UUIDs took \(repeatedTime) s, distinct ones \(distinctTime) s")
    }
}
