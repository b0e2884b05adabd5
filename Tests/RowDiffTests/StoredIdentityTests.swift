import Foundation
import Testing
@testable import RowDiff

/// Rows that say where they store their identity (`InPlaceRow.storedIdentityOffset`, package only) are
/// fingerprinted where it is stored: every identity type's path (Int, UUID, other
/// `Fingerprintable`, plain `Hashable`) must give exactly the fingerprints read through
/// `diffIdentity`, and a diff of such rows must equal the diff of the same rows without an offset.
@Suite("Stored identities")
struct StoredIdentityTests {
    /// A row generic over its identity, stored last after fields of other types (as the data
    /// sources' diffable and declarative rows are).
    struct StoredRow<ID: Hashable>: InPlaceRow {
        var flag: UInt8 = 0
        var content = 0
        let id: ID
        var diffIdentity: ID { id }
        func isContentEqual(to other: StoredRow) -> Bool { content == other.content }
        static var storedIdentityOffset: Int? { MemoryLayout<StoredRow>.offset(of: \.id) }
        static func contentChanged(_ old: UnsafePointer<StoredRow>, _ new: UnsafePointer<StoredRow>) -> Bool {
            old.pointee.content != new.pointee.content
        }
    }

    /// The same row with no offset: identities are read through `diffIdentity`.
    struct ReadRow<ID: Hashable>: Diffable {
        var flag: UInt8 = 0
        var content = 0
        let id: ID
        var diffIdentity: ID { id }
        func isContentEqual(to other: ReadRow) -> Bool { content == other.content }
    }

    struct Plain: Hashable { let value: Int }

    static func prints<Row: Diffable>(_ sections: [[Row]], mask: UInt64) -> [UInt64] {
        IdentityFingerprints.ofRows(
            sections, total: sections.reduce(0) { $0 + $1.count }, seed: 0, mask: mask,
            fingerprintable: Row.DiffIdentity.self as? any Fingerprintable.Type)
    }

    /// Stored and read rows of the same identities get the same fingerprints.
    static func check<ID: Hashable>(_ ids: [[ID]], mask: UInt64, context: String) {
        let stored = ids.map { $0.map { StoredRow(id: $0) } }, read = ids.map { $0.map { ReadRow(id: $0) } }
        #expect(StoredRow<ID>.storedIdentityOffset != nil)
        #expect(prints(stored, mask: mask) == prints(read, mask: mask), "\(ID.self): \(context)")
    }

    @Test("seeded: Int, UUID, String, Int32 and plain Hashable identities read in place get the fingerprints read through diffIdentity")
    func storedIdentities_getTheFingerprintsOfReadOnes() {
        for seed in TestSeeds.cases(40, salt: 77) {
            var rng = SplitMix64(seed: seed)
            let sizes = (0..<rng.int(0...5)).map { _ in [0, 1, 63, 64, 65, 200, rng.int(0...300)][rng.int(0...6)] }
            let mask: UInt64 = rng.chance(50) ? .max : 0xFFFF
            let context = TestSeeds.rerun(seed, filter: "StoredIdentit") + " sizes \(sizes) mask \(mask)"
            Self.check(sizes.map { (0..<$0).map { _ in Int(truncatingIfNeeded: rng.next()) } }, mask: mask, context: context)
            Self.check(
                sizes.map { (0..<$0).map { _ in UUID(uuid: withUnsafeBytes(of: (rng.next(), rng.next())) { $0.load(as: uuid_t.self) }) } },
                mask: mask, context: context)
            Self.check(sizes.map { (0..<$0).map { _ in "row \(rng.next() % 5000) é" } }, mask: mask, context: context)
            Self.check(sizes.map { (0..<$0).map { _ in Int32(truncatingIfNeeded: rng.next()) } }, mask: mask, context: context)
            Self.check(sizes.map { (0..<$0).map { _ in Plain(value: Int(rng.next() % 1000)) } }, mask: mask, context: context)
        }
    }

    /// A random case's sections as rows of `Row` (identities and contents kept).
    static func sections<Row: Diffable>(_ model: [TestSection], _ make: (TestRow) -> Row) -> [ListSection<Int, Row>] {
        model.map { ListSection($0.id, rows: $0.rows.map(make)) }
    }

    @Test("seeded: diffs of rows with stored Int and String identities equal the diffs of rows read through diffIdentity")
    func storedIdentityDiffs_equalReadOnes() {
        for seed in TestSeeds.cases(150, salt: 78) {
            let (_, old, new) = RandomModels.pair(seed: seed)
            let context = TestSeeds.rerun(seed, filter: "StoredIdentit") + " old \(describe(old)) new \(describe(new))"
            let storedInts = SectionedDiff(
                from: Self.sections(old) { StoredRow(content: $0.content, id: $0.id) },
                to: Self.sections(new) { StoredRow(content: $0.content, id: $0.id) })
            let readInts = SectionedDiff(
                from: Self.sections(old) { ReadRow(content: $0.content, id: $0.id) },
                to: Self.sections(new) { ReadRow(content: $0.content, id: $0.id) })
            #expect(storedInts.changeset == readInts.changeset, "Int: \(context)")
            let storedStrings = SectionedDiff(
                from: Self.sections(old) { StoredRow(content: $0.content, id: "r\($0.id)") },
                to: Self.sections(new) { StoredRow(content: $0.content, id: "r\($0.id)") })
            let readStrings = SectionedDiff(
                from: Self.sections(old) { ReadRow(content: $0.content, id: "r\($0.id)") },
                to: Self.sections(new) { ReadRow(content: $0.content, id: "r\($0.id)") })
            #expect(storedStrings.changeset == readStrings.changeset, "String: \(context)")
        }
    }

    /// An app's row type that declares an offset of its own (a wrong one: `flag`'s) is diffed
    /// through `diffIdentity`: the layout hook is not public, so a static of that name is just a
    /// static. (With the hook public, identities 1, 2, 3 -> 4, 5, 6 diffed as "no change".)
    struct WrongOffsetRow: Diffable {
        var flag: UInt8 = 0
        let id: Int
        var diffIdentity: Int { id }
        func isContentEqual(to other: WrongOffsetRow) -> Bool { true }
        static var storedIdentityOffset: Int? { MemoryLayout<WrongOffsetRow>.offset(of: \.flag) }
    }

    @Test func anAppsRowDeclaringAnOffset_isDiffedByItsIdentity() {
        let old = [1, 2, 3].map { WrongOffsetRow(id: $0) }, new = [4, 5, 6].map { WrongOffsetRow(id: $0) }
        let diff = ListDiff(from: old, to: new)
        #expect(diff.deletes == [0, 1, 2] && diff.inserts == [0, 1, 2])
        #expect(diff.applied(to: old).map(\.id) == [4, 5, 6])
    }
}
