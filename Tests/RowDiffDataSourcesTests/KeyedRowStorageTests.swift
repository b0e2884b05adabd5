import Testing
import RowDiff
import RowDiffDataSources

/// `KeyedRow` keeps everything behind one storage reference and compares states by the storage's
/// class (one per state type) and, for a row and its own copy, by the storage's identity. These
/// checks hold both shortcuts against the general comparison (open the existential, cast, `==`),
/// row by row and through whole diffs.
@Suite("KeyedRow storage")
struct KeyedRowStorageTests {
    struct Badge: Equatable, Sendable {
        var label: String
        var count: Int
    }

    /// A state larger than an existential's inline buffer.
    struct Message: Equatable, Sendable {
        var title: String
        var revision: Int
        var unread: Bool
        var detail: Double
    }

    static let kinds = [RowKind(TextCell.self), RowKind(DetailCell.self), RowKind(named: "storage-test-kind")]

    /// A random state of one of several types; small value ranges so that equal states of
    /// different rows (and equal values of different types: 1 and "1") are common.
    static func randomState(_ rng: inout SeededGenerator) -> any Equatable & Sendable {
        switch rng.next() % 6 {
        case 0: return Int(rng.next() % 4)
        case 1: return String(rng.next() % 4)
        case 2: return Badge(label: String(rng.next() % 2), count: Int(rng.next() % 2))
        case 3: return Message(title: "m\(rng.next() % 2)", revision: Int(rng.next() % 2), unread: rng.next() % 2 == 0, detail: 0.5)
        case 4: return Int?.some(Int(rng.next() % 3))
        default: return [Int(rng.next() % 2), 1]
        }
    }

    static func makeRow(key: String, kind: RowKind, state: any Equatable & Sendable) -> KeyedRow {
        func make<State: Equatable & Sendable>(_ state: State) -> KeyedRow { KeyedRow(key: key, kind: kind, state: state) }
        return make(state)
    }

    /// The general comparison: same kind, same heights (the actions' height and estimated height),
    /// and the second state cast to the first one's type is equal.
    static func referenceEqual(_ a: KeyedRow, _ b: KeyedRow) -> Bool {
        func open<State: Equatable>(_ lhs: State) -> Bool {
            guard let rhs = b.state as? State else { return false }
            return lhs == rhs
        }
        // Exact types: a cast alone would also unwrap an optional (`Int?.some(1) as? Int`).
        let state: any Equatable & Sendable = a.state
        guard a.kind == b.kind, type(of: state) == type(of: b.state), a.actions.height == b.actions.height,
            a.actions.estimatedHeight == b.actions.estimatedHeight
        else { return false }
        return open(state)
    }

    /// A row that shows the same as `row`, or nearly, made one of several ways: the same value
    /// (shared storage), other actions with the same heights (new storage), other heights (new
    /// storage, other content unless the height drawn is the row's), or rebuilt from its parts
    /// (new storage, equal state).
    static func sameContent(as row: KeyedRow, _ rng: inout SeededGenerator) -> KeyedRow {
        switch rng.next() % 4 {
        case 0: return row
        case 1:
            return row.with(
                actions: RowActions(onSelect: { .deselects }, height: row.actions.height, estimatedHeight: row.actions.estimatedHeight))
        case 2: return row.with(actions: RowActions(height: rng.next() % 2 == 0 ? nil : Double(rng.next() % 3)))
        default: return makeRow(key: row.key, kind: row.kind, state: row.state)
        }
    }

    @Test("isContentEqual agrees with the general comparison, for copies, rebuilt rows and other states")
    func contentEquality_agreesWithTheGeneralComparison() {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        var rows: [KeyedRow] = []
        for k in 0..<300 {
            if !rows.isEmpty && rng.next() % 3 == 0 {
                rows.append(Self.sameContent(as: rows[Int(rng.next() % UInt64(rows.count))], &rng))
            } else {
                rows.append(Self.makeRow(key: "k\(k % 40)", kind: Self.kinds[Int(rng.next() % 3)], state: Self.randomState(&rng)))
            }
        }
        var mismatches = 0
        for a in rows {
            for b in rows where a.isContentEqual(to: b) != Self.referenceEqual(a, b) {
                mismatches += 1
                if mismatches <= 3 {
                    Issue.record(
                        "seed \(seed): \(a.key) (\(a.kind), \(a.state)) vs \(b.key) (\(b.kind), \(b.state)): isContentEqual \(a.isContentEqual(to: b))"
                    )
                }
            }
        }
        #expect(mismatches == 0, "seed \(seed)")
    }

    @Test("A row keeps its key, kind, state and actions; with(actions:) replaces only the actions")
    func rowParts_surviveTheStorage() {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        for k in 0..<200 {
            let state = Self.randomState(&rng)
            let kind = Self.kinds[Int(rng.next() % 3)]
            let row = Self.makeRow(key: "row-\(k)", kind: kind, state: state)
            let height = Double(rng.next() % 100)
            let acting = row.with(actions: RowActions(height: height))
            for candidate in [row, acting] {
                #expect(candidate.key == "row-\(k)" && candidate.diffIdentity == "row-\(k)", "seed \(seed)")
                #expect(candidate.kind == kind && candidate.rowKind == kind && candidate.reuseIdentifier == kind.name, "seed \(seed)")
            }
            // A height is content: the row with one differs from the row without.
            #expect(row.isContentEqual(to: row) && !acting.isContentEqual(to: row) && !row.isContentEqual(to: acting), "seed \(seed)")
            #expect(acting.isContentEqual(to: row.with(actions: RowActions(onDelete: {}, height: height))), "seed \(seed)")
            #expect(row.actions.height == nil && acting.actions.height == height, "seed \(seed)")
            if let value = state as? Int { #expect(row.state(as: Int.self) == value, "seed \(seed)") }
            if let value = state as? Message { #expect(acting.state(as: Message.self) == value, "seed \(seed)") }
            #expect(row.state(as: Float.self) == nil, "seed \(seed)")
        }
    }

    /// The same rows as a plain `Diffable` value compared the general way: identity the key,
    /// content the kind and the state compared through the existential.
    struct PlainRow: Diffable {
        var row: KeyedRow
        var diffIdentity: String { row.key }
        func isContentEqual(to other: PlainRow) -> Bool { KeyedRowStorageTests.referenceEqual(row, other.row) }
        var rowKind: RowKind { row.kind }
    }

    struct PlainHeader: Identifiable, Equatable, Diffable {
        var id: String
        var title: String?
    }

    static func plain(_ sections: [KeyedSection]) -> [ListSection<PlainHeader, PlainRow>] {
        sections.map { ListSection(PlainHeader(id: $0.key, title: $0.headerTitle), rows: $0.rows.map { PlainRow(row: $0) }) }
    }

    /// Random sections, then a new state: rows kept as they are, rebuilt with the same content,
    /// given a new state or kind, deleted, inserted, moved within and across sections; sometimes
    /// a repeated key.
    static func randomStates(_ rng: inout SeededGenerator, rows perSection: Int) -> (old: [KeyedSection], new: [KeyedSection]) {
        let sectionCount = 1 + Int(rng.next() % 4)
        var next = 0
        func fresh() -> KeyedRow {
            next += 1
            return makeRow(key: "r\(next)", kind: kinds[Int(rng.next() % 3)], state: randomState(&rng))
        }
        let old = (0..<sectionCount).map { s in
            KeyedSection(key: "s\(s)", rows: (0..<Int(rng.next() % UInt64(perSection + 1))).map { _ in fresh() }, headerTitle: "S\(s)")
        }
        var newRows = old.map { section in
            section.rows.compactMap { row -> KeyedRow? in
                switch rng.next() % 10 {
                case 0: return nil
                case 1: return makeRow(key: row.key, kind: row.kind, state: randomState(&rng))
                case 2: return makeRow(key: row.key, kind: kinds[Int(rng.next() % 3)], state: row.state)
                default: return sameContent(as: row, &rng)
                }
            }
        }
        for _ in 0..<Int(rng.next() % UInt64(perSection / 4 + 2)) {
            let from = Int(rng.next() % UInt64(sectionCount)), to = Int(rng.next() % UInt64(sectionCount))
            guard !newRows[from].isEmpty else { continue }
            let moved = newRows[from].remove(at: Int(rng.next() % UInt64(newRows[from].count)))
            newRows[to].insert(moved, at: Int(rng.next() % UInt64(newRows[to].count + 1)))
        }
        for _ in 0..<Int(rng.next() % UInt64(perSection / 4 + 2)) {
            let to = Int(rng.next() % UInt64(sectionCount))
            newRows[to].insert(fresh(), at: Int(rng.next() % UInt64(newRows[to].count + 1)))
        }
        if rng.next() % 8 == 0, let first = newRows.first(where: { !$0.isEmpty })?.first {
            newRows[sectionCount - 1].append(makeRow(key: first.key, kind: first.kind, state: first.state)) // a repeated key
        }
        var new = zip(old, newRows).map { KeyedSection(key: $0.key, rows: $1, headerTitle: $0.headerTitle) }
        if rng.next() % 3 == 0 { new.shuffle(using: &rng) }
        return (old, new)
    }

    @Test("Diffs of keyed rows equal diffs of the same rows compared the general way", arguments: [40, 9_000])
    func keyedDiffs_equalGeneralDiffs(rowsPerSection: Int) {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        for round in 0..<(rowsPerSection > 1_000 ? 6 : 150) {
            let (old, new) = Self.randomStates(&rng, rows: rowsPerSection)
            let keyed = SectionedDiff(from: old, to: new)
            let general = SectionedDiff(from: Self.plain(old), to: Self.plain(new))
            #expect(keyed.changeset == general.changeset, "seed \(seed), round \(round)")
            #expect(keyed.duplicates == general.duplicates, "seed \(seed), round \(round)")
            #expect(
                StagedChangeset(keyed, updateStyle: .reconfigure).updates == StagedChangeset(general, updateStyle: .reconfigure).updates,
                "seed \(seed), round \(round)")
        }
    }
}
