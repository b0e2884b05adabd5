import Foundation
import RowDiff

/// One benchmark input: an old and a new list, flat or sectioned, built from a fixed seed.
struct Workload: Sendable {
    enum Lists: Sendable {
        case flat(old: [WorkloadRow], new: [WorkloadRow])
        case sectioned(old: [WorkloadSection], new: [WorkloadSection])
    }

    /// A name without spaces (package-benchmark looks thresholds up by it), e.g. `DK-100k`.
    let name: String
    /// What the edit is, in a line.
    let summary: String
    let lists: Lists

    var isSectioned: Bool {
        if case .sectioned = lists { return true }
        return false
    }

    var oldRowCount: Int {
        switch lists {
        case .flat(let old, _): return old.count
        case .sectioned(let old, _): return old.reduce(0) { $0 + $1.rows.count }
        }
    }

    var newRowCount: Int {
        switch lists {
        case .flat(_, let new): return new.count
        case .sectioned(_, let new): return new.reduce(0) { $0 + $1.rows.count }
        }
    }

    /// Both sides as sections (a flat list is one `FlatSection`), for engines that only take sections.
    var flatSections: (old: [FlatSection<WorkloadRow>], new: [FlatSection<WorkloadRow>])? {
        guard case .flat(let old, let new) = lists else { return nil }
        return ([FlatSection(rows: old)], [FlatSection(rows: new)])
    }
}

/// The standard workloads. Every one is a pure function of its name, the seed and the scale, so
/// runs, tests and the Benchmarks package see identical data.
///
/// `scale` multiplies every size and count (rounded), keeping the shape: tests use 0.01 or less.
/// The sectioned workload keeps its 100 sections and scales the rows.
enum WorkloadCatalog {
    static let seed: UInt64 = 0x0000_5EED_D1FF

    /// The names, in report order.
    static let names = [
        "small-100", "small-1k", "DK-5k", "DK-100k", "DK-100k-spread", "1M", "1M-spread", "sectioned-100x1000",
        "reverse-10k", "last-to-front-10k", "first-to-end-10k", "one-edit-100k",
    ]

    /// Every workload at `scale`, in report order.
    static func all(scale: Double = 1) -> [Workload] { names.map { make($0, scale: scale)! } }

    /// The workload called `name`, or nil if there is none.
    static func make(_ name: String, scale: Double = 1) -> Workload? {
        precondition(scale > 0, "scale must be positive")
        var generator = SeededGenerator(seed: seed ^ stableHash(name))
        func s(_ count: Int) -> Int { max(0, Int((Double(count) * scale).rounded())) }
        switch name {
        case "small-100":
            // The size most screens show: where fixed costs (context, allocations, the C call) dominate.
            return blockEdit(
                name, count: s(100), deleting: s(20)..<s(40), inserting: s(20), at: s(40),
                shufflingFirst: s(4), &generator)
        case "small-1k":
            return blockEdit(
                name, count: s(1_000), deleting: s(200)..<s(400), inserting: s(200), at: s(400),
                shufflingFirst: s(40), &generator)
        case "DK-5k":
            return blockEdit(
                name, count: s(5_000), deleting: s(2_000)..<s(3_000), inserting: s(1_000), at: s(3_000),
                shufflingFirst: s(200), &generator)
        case "DK-100k":
            return blockEdit(
                name, count: s(100_000), deleting: s(20_000)..<s(30_000), inserting: s(10_000), at: s(30_000),
                shufflingFirst: s(2_000), &generator)
        case "1M":
            return blockEdit(
                name, count: s(1_000_000), deleting: s(200_000)..<s(300_000), inserting: s(100_000),
                at: s(300_000), shufflingFirst: s(20_000), &generator)
        case "DK-100k-spread":
            return spreadEdit(name, count: s(100_000), deleting: s(10_000), inserting: s(10_000), shuffling: s(2_000), &generator)
        case "1M-spread":
            return spreadEdit(
                name, count: s(1_000_000), deleting: s(100_000), inserting: s(100_000), shuffling: s(20_000),
                &generator)
        case "sectioned-100x1000":
            return sectioned(
                name, rowsPerSection: s(1_000), rowDeletes: s(900), rowInserts: s(900),
                movesAcross: s(500), movesWithin: s(500), &generator)
        case "reverse-10k":
            let old = generator.rows(s(10_000))
            return Workload(name: name, summary: "\(n(old.count)) rows reversed", lists: .flat(old: old, new: old.reversed()))
        case "last-to-front-10k":
            let old = generator.rows(s(10_000))
            return Workload(
                name: name, summary: "\(n(old.count)) rows, the last moves to the front",
                lists: .flat(old: old, new: old.suffix(1) + old.dropLast()))
        case "first-to-end-10k":
            let old = generator.rows(s(10_000))
            return Workload(
                name: name, summary: "\(n(old.count)) rows, the first moves to the end",
                lists: .flat(old: old, new: Array(old.dropFirst()) + old.prefix(1)))
        case "one-edit-100k":
            let old = generator.rows(s(100_000))
            var new = old
            if !new.isEmpty { new[new.count / 2].content &+= 1 }
            return Workload(
                name: name, summary: "\(n(old.count)) rows, one row's content changes (middle)",
                lists: .flat(old: old, new: new))
        default:
            return nil
        }
    }

    /// DifferenceKit's benchmark shape: a block deleted, a block inserted, the head shuffled.
    /// The insert position and the shuffled prefix are positions in the list after the delete.
    private static func blockEdit(
        _ name: String, count: Int, deleting deleted: Range<Int>, inserting insertCount: Int,
        at insertAt: Int, shufflingFirst shuffled: Int, _ generator: inout SeededGenerator
    ) -> Workload {
        let old = generator.rows(count)
        var new = old
        new.removeSubrange(deleted)
        new.insert(contentsOf: generator.rows(insertCount), at: min(insertAt, new.count))
        generator.shuffle(&new, in: 0..<min(shuffled, new.count))
        let summary =
            "\(n(old.count)) → \(n(new.count)) rows: delete \(deleted.lowerBound)..<\(deleted.upperBound), "
            + "insert \(n(insertCount)) at \(insertAt), shuffle the first \(n(shuffled))"
        return Workload(name: name, summary: summary, lists: .flat(old: old, new: new))
    }

    /// The same counts as `blockEdit`, at random positions over the whole list: deleted rows are
    /// random old positions, inserted rows land at random final positions, and the shuffled rows
    /// are random final positions permuted among themselves.
    private static func spreadEdit(
        _ name: String, count: Int, deleting deleteCount: Int, inserting insertCount: Int,
        shuffling shuffled: Int, _ generator: inout SeededGenerator
    ) -> Workload {
        let old = generator.rows(count)
        var isDeleted = [Bool](repeating: false, count: count)
        for index in generator.distinctIndices(deleteCount, below: count) { isDeleted[index] = true }
        var kept = old.indices.lazy.filter { !isDeleted[$0] }.map { old[$0] }.makeIterator()
        let finalCount = count - deleteCount + insertCount
        var isInserted = [Bool](repeating: false, count: finalCount)
        for index in generator.distinctIndices(insertCount, below: finalCount) { isInserted[index] = true }
        var new = [WorkloadRow]()
        new.reserveCapacity(finalCount)
        for position in 0..<finalCount { new.append(isInserted[position] ? generator.row() : kept.next()!) }
        let positions = generator.distinctIndices(min(shuffled, finalCount), below: finalCount)
        var picked = positions.map { new[$0] }
        generator.shuffle(&picked, in: picked.indices)
        for (position, row) in zip(positions, picked) { new[position] = row }
        let summary =
            "\(n(old.count)) → \(n(new.count)) rows: delete \(n(deleteCount)), insert \(n(insertCount)), "
            + "shuffle \(n(shuffled)), all at random positions"
        return Workload(name: name, summary: summary, lists: .flat(old: old, new: new))
    }

    /// 100 sections; 10 deleted, 10 inserted (with fresh rows), 10 moved; rows deleted, inserted,
    /// moved within and across sections; about 10 % of the surviving rows change content.
    private static func sectioned(
        _ name: String, rowsPerSection: Int, rowDeletes: Int, rowInserts: Int,
        movesAcross: Int, movesWithin: Int, _ generator: inout SeededGenerator
    ) -> Workload {
        let sectionCount = 100, changedSections = 10
        func section() -> WorkloadSection {
            ListSection(
                WorkloadHeader(id: generator.uuid(), content: Int(truncatingIfNeeded: generator.next())),
                rows: generator.rows(rowsPerSection))
        }
        let old = (0..<sectionCount).map { _ in section() }
        var new = old
        for index in generator.distinctIndices(changedSections, below: new.count).reversed() { new.remove(at: index) }
        for s in new.indices {
            for r in new[s].rows.indices where generator.index(below: 10) == 0 { new[s].rows[r].content &+= 1 }
        }
        // Random non-empty section (every section starts full, and far more rows than edits exist).
        func anySection() -> Int {
            while true {
                let s = generator.index(below: new.count)
                if !new[s].rows.isEmpty { return s }
            }
        }
        for _ in 0..<rowDeletes {
            let s = anySection()
            new[s].rows.remove(at: generator.index(below: new[s].rows.count))
        }
        for _ in 0..<movesAcross {
            let from = anySection()
            var to = generator.index(below: new.count - 1)
            if to >= from { to += 1 }
            let row = new[from].rows.remove(at: generator.index(below: new[from].rows.count))
            new[to].rows.insert(row, at: generator.index(below: new[to].rows.count + 1))
        }
        for _ in 0..<movesWithin {
            let s = anySection()
            let row = new[s].rows.remove(at: generator.index(below: new[s].rows.count))
            new[s].rows.insert(row, at: generator.index(below: new[s].rows.count + 1))
        }
        for _ in 0..<rowInserts {
            let s = generator.index(below: new.count)
            new[s].rows.insert(generator.row(), at: generator.index(below: new[s].rows.count + 1))
        }
        for _ in 0..<changedSections { new.insert(section(), at: generator.index(below: new.count + 1)) }
        // Move surviving old sections only (moving a fresh one would not be a move).
        let oldIDs = Set(old.map(\.model.id))
        for _ in 0..<changedSections {
            var from: Int
            repeat { from = generator.index(below: new.count) } while !oldIDs.contains(new[from].model.id)
            let moved = new.remove(at: from)
            new.insert(moved, at: generator.index(below: new.count + 1))
        }
        let summary =
            "\(sectionCount) × \(n(rowsPerSection)) rows: \(changedSections) sections deleted, \(changedSections) "
            + "inserted, \(changedSections) moved; \(n(rowDeletes)) rows deleted, \(n(rowInserts)) inserted, "
            + "\(n(movesAcross)) moved across and \(n(movesWithin)) within sections, ~10 % changed content"
        return Workload(name: name, summary: summary, lists: .sectioned(old: old, new: new))
    }

    /// FNV-1a of the UTF-8 bytes: a per-workload seed that does not depend on `Hasher`'s per-process key.
    static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    /// 12345 → "12,345".
    static func n(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return value < 0 ? "-" + out : out
    }
}
