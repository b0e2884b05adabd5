import Foundation
import Testing
@testable import RowDiff

/// A sectioned diff copies the old fingerprint of every new row that keeps its place in a section
/// that keeps its identity (`AlignedFingerprints`), and hashes the others; on two cores the work
/// is split into two halves. The fingerprints must be exactly the hashed ones, whatever the edit:
/// the core then sees the input it saw before, so the diff cannot change.
@Suite("Aligned fingerprints")
struct AlignedFingerprintsTests {
    struct UUIDRow: Diffable, Identifiable, Equatable {
        let id: UUID
        var content = 0
    }
    struct Header: Diffable, Identifiable, Equatable {
        let id: UUID
        var content = 0
    }
    typealias Section = ListSection<Header, UUIDRow>

    static func uuid(_ rng: inout SplitMix64) -> UUID {
        UUID(uuid: withUnsafeBytes(of: (rng.next(), rng.next())) { $0.load(as: uuid_t.self) })
    }

    /// Old sections of random sizes, and new sections edited from them the way apps edit lists:
    /// single rows and blocks (some longer than the near window) deleted, inserted and moved,
    /// within and across sections; sections deleted, inserted, moved and repeated; identities
    /// repeated inside a side (a small pool) in some cases.
    static func sides(_ rng: inout SplitMix64) -> (old: [Section], new: [Section]) {
        let pool = rng.chance(25) ? (0..<rng.int(2...40)).map { _ in uuid(&rng) } : []
        func rowID() -> UUID { pool.isEmpty ? uuid(&rng) : pool[rng.int(0...pool.count - 1)] }
        func section() -> Section {
            let rows = (0..<[0, 1, 9, 60, 200][rng.int(0...4)]).map { _ in UUIDRow(id: rowID()) }
            return Section(Header(id: uuid(&rng)), rows: rows)
        }
        let old = (0..<rng.int(2...9)).map { _ in section() }
        var new = old
        for _ in 0..<rng.int(0...12) {
            let s = rng.int(0...new.count - 1)
            let count = new[s].rows.count
            switch rng.int(0...5) {
            case 0 where count > 0: // a block deleted
                let start = rng.int(0...count - 1)
                new[s].rows.removeSubrange(start..<min(count, start + [1, 3, 12, 40][rng.int(0...3)]))
            case 1: // a block inserted
                let rows = (0..<[1, 2, 15][rng.int(0...2)]).map { _ in UUIDRow(id: rowID()) }
                new[s].rows.insert(contentsOf: rows, at: rng.int(0...count))
            case 2 where count > 0: // a row moved, maybe to another section
                let row = new[s].rows.remove(at: rng.int(0...count - 1))
                let t = rng.int(0...new.count - 1)
                new[t].rows.insert(row, at: rng.int(0...new[t].rows.count))
            case 3 where count > 0: // a row repeated
                let row = new[s].rows[rng.int(0...count - 1)]
                new[s].rows.insert(row, at: rng.int(0...count))
            case 4: // a section inserted, deleted or moved
                switch rng.int(0...2) {
                case 0: new.insert(section(), at: rng.int(0...new.count))
                case 1 where new.count > 2: new.remove(at: s)
                default: new.swapAt(s, rng.int(0...new.count - 1))
                }
            default: // a section repeated (two new sections of one identity)
                if rng.chance(30) { new.insert(new[s], at: rng.int(0...new.count)) }
            }
        }
        for s in new.indices where rng.chance(20) { new[s].rows.shuffle(using: &rng) }
        return (old, new)
    }

    /// Both sides' fingerprints, aligned, equal those `FirstPass.prepare` hashes; nil when the
    /// aligned path declined.
    static func check(_ old: [Section], _ new: [Section], parallel: Bool, mask: UInt64, context: String) -> Bool? {
        let oldSide = FlattenedSide(old), newSide = FlattenedSide(new)
        let types = SideTypes(Section.self, rows: RowTypeFacts(versioned: nil, inPlace: nil, identityOffset: nil))
        let oldCount = old.count + oldSide.rowCount, newCount = new.count + newSide.rowCount
        var hashedOld = [UInt64](repeating: 0, count: oldCount), hashedNew = [UInt64](repeating: 0, count: newCount)
        _ = hashedOld.withUnsafeMutableBufferPointer { FirstPass.prepare(oldSide, mask: mask, types: types, into: $0) }
        _ = hashedNew.withUnsafeMutableBufferPointer { FirstPass.prepare(newSide, mask: mask, types: types, into: $0) }
        // Slots start at a value no fingerprint of these tests takes: an unwritten slot shows.
        var alignedOld = [UInt64](repeating: 0xDEAD, count: oldCount), alignedNew = [UInt64](repeating: 0xDEAD, count: newCount)
        let wrote = alignedOld.withUnsafeMutableBufferPointer { oldOutput in
            alignedNew.withUnsafeMutableBufferPointer { newOutput in
                AlignedFingerprints.write(
                    oldSide, newSide, parallel: parallel, mask: mask, types: types,
                    oldOutput: oldOutput, newOutput: newOutput)
            }
        }
        guard wrote != nil else { return false }
        if let first = alignedOld.indices.first(where: { alignedOld[$0] != hashedOld[$0] }) {
            Issue.record("old fingerprint \(first) of \(oldCount): \(alignedOld[first]), hashed \(hashedOld[first]); \(context)")
        }
        if let first = alignedNew.indices.first(where: { alignedNew[$0] != hashedNew[$0] }) {
            Issue.record("new fingerprint \(first) of \(newCount): \(alignedNew[first]), hashed \(hashedNew[first]); \(context)")
        }
        return true
    }

    @Test("seeded: aligned fingerprints equal hashed ones, on one core and on two, masked or not")
    func alignedFingerprints_equalHashedOnes() {
        var serialRuns = 0, parallelRuns = 0
        for seed in TestSeeds.cases(400, salt: 97) {
            var rng = SplitMix64(seed: seed)
            // A narrow mask makes section fingerprints collide: such sections get no partner.
            let mask: UInt64 = [.max, .max, 0xFF, 0x3][rng.int(0...3)]
            let (old, new) = Self.sides(&rng)
            let context = TestSeeds.rerun(seed, filter: "AlignedFingerprints") + " mask \(mask)"
            let enoughRows =
                new.reduce(0) { $0 + $1.rows.count } >= AlignedFingerprints.minimumRows
                && old.contains { !$0.rows.isEmpty }
            let serial = Self.check(old, new, parallel: false, mask: mask, context: "serial " + context)
            #expect(serial == enoughRows, "serial path taken: \(String(describing: serial)); \(context)")
            if serial == true { serialRuns += 1 }
            if Self.check(old, new, parallel: true, mask: mask, context: "parallel " + context) == true { parallelRuns += 1 }
        }
        if TestSeeds.only == nil {
            #expect(serialRuns > 200 && parallelRuns > 100, "cases run: \(serialRuns) serial, \(parallelRuns) parallel")
        }
    }

    @Test("known walks: blocks deleted past the near window, inserts, moves, an empty partner")
    func knownWalks_copyWhatTheyCan() {
        var rng = SplitMix64(seed: 5)
        let ids = (0..<300).map { _ in Self.uuid(&rng) }
        func rows(_ indices: [Int]) -> [UUIDRow] { indices.map { UUIDRow(id: ids[$0]) } }
        let a = Header(id: Self.uuid(&rng)), b = Header(id: Self.uuid(&rng)), c = Header(id: Self.uuid(&rng))
        let cases: [(old: [Section], new: [Section])] = [
            // 30 rows deleted in one block (beyond the near window), then 3 more singly.
            (
                [Section(a, rows: rows(Array(0..<100))), Section(b, rows: [])],
                [Section(a, rows: rows(Array(0..<20) + Array(50..<60) + Array(61..<100))), Section(b, rows: [])]
            ),
            // Inserts at the start and end, a block moved to the front, an empty old partner.
            (
                [Section(a, rows: rows(Array(0..<80))), Section(b, rows: []), Section(c, rows: rows(Array(100..<110)))],
                [
                    Section(b, rows: rows(Array(200..<210))),
                    Section(a, rows: rows(Array(60..<70) + [250] + Array(0..<60) + Array(70..<80) + [251])),
                    Section(c, rows: rows(Array(100..<110).reversed())),
                ]
            ),
            // A shuffled section: the walk gives up searching after its misses, the rest is hashed;
            // the next section is walked again.
            (
                [Section(a, rows: rows(Array(0..<200))), Section(b, rows: rows(Array(200..<260)))],
                [Section(a, rows: rows(Array(0..<200).shuffled(using: &rng))), Section(b, rows: rows(Array(200..<260)))]
            ),
        ]
        for (index, sides) in cases.enumerated() {
            for parallel in [false, true] {
                let wrote = Self.check(sides.old, sides.new, parallel: parallel, mask: .max, context: "case \(index)")
                if !parallel { #expect(wrote == true, "case \(index)") }
            }
        }
    }

    @Test("Int identities, one section a side and small sides are hashed in full")
    func otherSides_areNotAligned() {
        var rng = SplitMix64(seed: 9)
        let big = (0..<100).map { _ in UUIDRow(id: Self.uuid(&rng)) }
        let two = [Section(Header(id: Self.uuid(&rng)), rows: big), Section(Header(id: Self.uuid(&rng)), rows: big)]
        #expect(Self.check([two[0]], [two[0]], parallel: false, mask: .max, context: "one section") == false)
        #expect(Self.check(two, [two[0], Section(two[1].model, rows: [])], parallel: false, mask: .max, context: "") == true)
        let small = two.map { Section($0.model, rows: Array($0.rows.prefix(20))) }
        #expect(Self.check(small, small, parallel: false, mask: .max, context: "small") == false)
        let intSides = FlattenedSide([TestSection(id: 1, rows: (0..<100).map { TestRow(id: $0) }), TestSection(id: 2, rows: [])])
        var prints = [UInt64](repeating: 0, count: 2 * (2 + 100))
        let wrote = prints.withUnsafeMutableBufferPointer { prints in
            AlignedFingerprints.write(
                intSides, intSides, parallel: false, mask: .max,
                types: SideTypes(TestSection.self, rows: RowTypeFacts(versioned: nil, inPlace: nil, identityOffset: nil)),
                oldOutput: UnsafeMutableBufferPointer(rebasing: prints[0..<102]),
                newOutput: UnsafeMutableBufferPointer(rebasing: prints[102...]))
        }
        #expect(wrote == nil)
    }

    /// UUID rows diffed through the aligned path give the changeset Int rows of the same identities
    /// give (those are never aligned), on one core and on two.
    @Test("seeded: sectioned UUID diffs equal the same diffs over Int identities")
    func alignedDiffs_equalIntDiffs() {
        for seed in TestSeeds.cases(120, salt: 98) {
            var rng = SplitMix64(seed: seed)
            let (old, new) = Self.sides(&rng)
            Self.checkAgainstInts(old, new, &rng, context: TestSeeds.rerun(seed, filter: "AlignedFingerprints"))
        }
    }

    /// A diff large enough for the core to finish its rows on two threads, so that the walked
    /// pairs' content, compared on the helper beside the core's matching (`SideJob`), is waited
    /// for by the core's runner rather than after the core.
    @Test("a large sectioned UUID diff equals the same diff over Int identities")
    func largeAlignedDiff_equalsIntDiff() {
        var rng = SplitMix64(seed: 31)
        let old = (0..<60).map { _ in Section(Header(id: Self.uuid(&rng)), rows: (0..<1_000).map { _ in UUIDRow(id: Self.uuid(&rng)) }) }
        var new = old
        for _ in 0..<300 {
            let s = rng.int(0...new.count - 1), t = rng.int(0...new.count - 1)
            let row = new[s].rows.remove(at: rng.int(0...new[s].rows.count - 1))
            new[t].rows.insert(row, at: rng.int(0...new[t].rows.count))
            new[s].rows.remove(at: rng.int(0...new[s].rows.count - 1))
            new[t].rows.insert(UUIDRow(id: Self.uuid(&rng)), at: rng.int(0...new[t].rows.count))
        }
        new.swapAt(3, 40)
        new.remove(at: 7)
        Self.checkAgainstInts(old, new, &rng, context: "large")
    }

    /// Changes the content of about a tenth of `new`'s rows, then checks the diff of the UUID rows
    /// against that of the same rows with Int identities, serially and on two cores.
    static func checkAgainstInts(_ old: [Section], _ new: [Section], _ rng: inout SplitMix64, context: String) {
        var new = new
        for s in new.indices {
            for r in new[s].rows.indices where rng.chance(10) { new[s].rows[r].content += 1 }
        }
        var numbers: [UUID: Int] = [:]
        func number(_ id: UUID) -> Int {
            if let known = numbers[id] { return known }
            numbers[id] = numbers.count
            return numbers.count - 1
        }
        func ints(_ sections: [Section]) -> [TestSection] {
            sections.map { section in
                TestSection(
                    id: number(section.model.id),
                    rows: section.rows.map { TestRow(id: number($0.id), content: $0.content) })
            }
        }
        let oldInts = ints(old), newInts = ints(new)
        for threshold in [Int.max, 0] {
            var options = DiffOptions()
            options.parallelRowThreshold = threshold
            let diff = SectionedDiff(from: old, to: new, options: options)
            let reference = SectionedDiff(from: oldInts, to: newInts, options: options)
            #expect(diff.changeset == reference.changeset, "threshold \(threshold) \(context)")
            #expect(diff.duplicates == reference.duplicates, "threshold \(threshold) \(context)")
        }
    }
}
