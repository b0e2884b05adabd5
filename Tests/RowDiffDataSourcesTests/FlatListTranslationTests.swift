import Testing
import RowDiffDataSources

/// The flat layout of sections (NSTableView's group rows) and the translation of a sequential patch
/// into flat operations: applied one after another to the old flat rows, they give the new ones.
@Suite struct FlatListTranslationTests {
    /// What a flat row shows, with its content.
    enum Token: Hashable, CustomStringConvertible {
        case header(String, String?)
        case row(String, Int)
        case footer(String, String?)

        var description: String {
            switch self {
            case .header(let key, let title): "H\(key):\(title ?? "-")"
            case .row(let key, let state): "\(key)@\(state)"
            case .footer(let key, let title): "F\(key):\(title ?? "-")"
            }
        }
    }

    static func flat(_ sections: [KeyedSection], groupRows: Bool, footerRows: Bool = false) -> [Token] {
        sections.flatMap { section in
            (groupRows ? [Token.header(section.key, section.headerTitle)] : [])
                + section.rows.map { Token.row($0.key, $0.state as? Int ?? -1) }
                + (footerRows ? [Token.footer(section.key, section.footerTitle)] : [])
        }
    }

    /// The four layouts: with and without group rows, with and without footer rows.
    static let layouts = [(true, false), (false, false), (true, true), (false, true)]

    // MARK: Layout

    @Test func layout_mapsGroupRowsAndRowsBothWays() {
        let layout = FlatListLayout(counts: [2, 0, 1])
        #expect(layout.numberOfRows == 6)
        #expect(
            (0..<6).map { layout.row(at: $0) } == [
                .header(section: 0), .item(ItemPath(section: 0, item: 0)), .item(ItemPath(section: 0, item: 1)),
                .header(section: 1), .header(section: 2), .item(ItemPath(section: 2, item: 0)),
            ])
        #expect(layout.flatIndex(of: ItemPath(section: 2, item: 0)) == 5)
        #expect(layout.flatIndex(ofHeader: 1) == 3)
        #expect(layout.row(at: -1) == nil && layout.row(at: 6) == nil)
        #expect(layout.flatIndex(of: ItemPath(section: 1, item: 0)) == nil)
        #expect(layout.flatIndex(of: ItemPath(section: 3, item: 0)) == nil && layout.flatIndex(ofHeader: -1) == nil)
    }

    @Test func layoutWithoutGroupRows_skipsEmptySections() {
        let layout = FlatListLayout(counts: [0, 2, 0, 0, 1, 0], groupRows: false)
        #expect(layout.numberOfRows == 3)
        #expect(
            (0..<3).map { layout.row(at: $0) } == [
                .item(ItemPath(section: 1, item: 0)), .item(ItemPath(section: 1, item: 1)), .item(ItemPath(section: 4, item: 0)),
            ])
        #expect(layout.flatIndex(ofHeader: 1) == nil)
        #expect(FlatListLayout(counts: []).row(at: 0) == nil)
    }

    @Test func layoutWithFooterRows_endsEachSectionWithItsFooter() {
        let layout = FlatListLayout(counts: [2, 0, 1], groupRows: true, footerRows: true)
        #expect(layout.numberOfRows == 9)
        #expect(
            (0..<9).map { layout.row(at: $0) } == [
                .header(section: 0), .item(ItemPath(section: 0, item: 0)), .item(ItemPath(section: 0, item: 1)), .footer(section: 0),
                .header(section: 1), .footer(section: 1), .header(section: 2), .item(ItemPath(section: 2, item: 0)),
                .footer(section: 2),
            ])
        #expect(layout.flatIndex(ofFooter: 0) == 3 && layout.flatIndex(ofFooter: 1) == 5 && layout.flatIndex(ofFooter: 2) == 8)
        #expect(layout.flatIndex(of: ItemPath(section: 2, item: 0)) == 7)
        #expect(layout.flatIndex(ofFooter: 3) == nil && FlatListLayout(counts: [1]).flatIndex(ofFooter: 0) == nil)
        // Without group rows, an empty section still has its footer row.
        let plain = FlatListLayout(counts: [0, 2], groupRows: false, footerRows: true)
        #expect(
            (0..<4).map { plain.row(at: $0) } == [
                .footer(section: 0), .item(ItemPath(section: 1, item: 0)), .item(ItemPath(section: 1, item: 1)), .footer(section: 1),
            ])
    }

    @Test(arguments: layouts)
    func layout_roundTripsEveryRow(groupRows: Bool, footerRows: Bool) {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let counts = (0..<Int.random(in: 0...8, using: &rng)).map { _ in Int.random(in: 0...4, using: &rng) }
            let layout = FlatListLayout(counts: counts, groupRows: groupRows, footerRows: footerRows)
            let extra = (groupRows ? 1 : 0) + (footerRows ? 1 : 0)
            #expect(layout.numberOfRows == counts.reduce(0, +) + extra * counts.count, "seed \(seed)")
            for row in 0..<layout.numberOfRows {
                switch layout.row(at: row) {
                case .item(let path): #expect(layout.flatIndex(of: path) == row, "seed \(seed) \(counts)")
                case .header(let section): #expect(layout.flatIndex(ofHeader: section) == row, "seed \(seed) \(counts)")
                case .footer(let section): #expect(layout.flatIndex(ofFooter: section) == row, "seed \(seed) \(counts)")
                case nil: Issue.record("seed \(seed): \(counts) has no row \(row)")
                }
            }
        }
    }

    // MARK: Translation

    @Test func sectionSteps_becomeRangesOfFlatRows() throws {
        let layout = FlatListLayout(counts: [2, 1, 0])
        // H0 a b H1 c H2 → delete section 0 → H1 c H2 → insert section 0 → H* H1 c H2 → move
        // section 1 (H1 c) last: its two rows, one at a time, to the end → H* H2 H1 c
        let steps: [SequentialStep] = [.deleteSection(0), .insertSection(0), .moveSection(from: 1, to: 2), .reloadSection(0)]
        let translated = try #require(FlatListStep.steps(translating: steps, from: layout))
        #expect(
            translated.steps == [
                .remove(0..<3, animation: .automatic), .insert(0..<1, animation: .automatic),
                .move(from: 1, to: 3), .move(from: 1, to: 3), .reload(0..<1),
            ])
        #expect(translated.layout == FlatListLayout(counts: [0, 0, 1]))
    }

    @Test func sectionAnimationsAndRowAnimations_areKeptApart() throws {
        let animations = TableAnimations(sections: .init(insert: .top, delete: .bottom), rows: .init(insert: .left, delete: .right))
        let translated = try #require(
            FlatListStep.steps(
                translating: [
                    .deleteItem(ItemPath(section: 0, item: 0)), .deleteSection(0), .insertSection(0),
                    .insertItem(ItemPath(section: 0, item: 0)),
                ],
                from: FlatListLayout(counts: [2]), animations: animations))
        #expect(
            translated.steps == [
                .remove(1..<2, animation: .right), .remove(0..<2, animation: .bottom),
                .insert(0..<1, animation: .top), .insert(1..<2, animation: .left),
            ])
    }

    @Test func stepsThatDoNotFitTheModel_giveNil() {
        let layout = FlatListLayout(counts: [1])
        #expect(FlatListStep.steps(translating: [.deleteItem(ItemPath(section: 0, item: 1))], from: layout) == nil)
        #expect(FlatListStep.steps(translating: [.insertItem(ItemPath(section: 1, item: 0))], from: layout) == nil)
        #expect(FlatListStep.steps(translating: [.moveSection(from: 0, to: 1)], from: layout) == nil)
        #expect(FlatListStep.steps(translating: [.insertSection(2)], from: layout) == nil)
        #expect(
            FlatListStep.steps(
                translating: [.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1))], from: layout) == nil)
        #expect(FlatListStep.steps(translating: [.reloadSection(-1)], from: layout) == nil)
    }

    /// Random old and new sectioned lists: the diff's sequential patch, translated, applied to the
    /// old flat rows one step at a time (as NSTableView does), gives the new flat rows; rows kept
    /// by the steps show unchanged content (changed ones were reloaded or re-inserted).
    @Test(arguments: layouts)
    func randomPatches_reproduceTheNewFlatRows(groupRows: Bool, footerRows: Bool) throws {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        for round in 0..<300 {
            let old = Self.randomModel(using: &rng)
            let new = Self.mutate(old, using: &rng)
            let diff = SectionedDiff(from: old, to: new, options: DiffOptions(computesPatch: true))
            let steps = try #require(SequentialStep.steps(of: diff), "seed \(seed)")
            let layout = FlatListLayout(counts: old.map(\.rows.count), groupRows: groupRows, footerRows: footerRows)
            guard let translated = FlatListStep.steps(translating: steps, from: layout) else {
                Issue.record("seed \(seed), round \(round): the patch does not fit \(old.map(\.key))")
                return
            }
            #expect(
                translated.layout == FlatListLayout(counts: new.map(\.rows.count), groupRows: groupRows, footerRows: footerRows),
                "seed \(seed), round \(round)")
            var rows: [Token?] = Self.flat(old, groupRows: groupRows, footerRows: footerRows)
            let tracked = rows.indices.randomElement(using: &rng)
            for step in translated.steps {
                switch step {
                case .insert(let range, _): rows.insert(contentsOf: repeatElement(nil, count: range.count), at: range.lowerBound)
                case .remove(let range, _): rows.removeSubrange(range)
                case .move(let from, let to): rows.insert(rows.remove(at: from), at: to)
                case .reload(let range): for index in range { rows[index] = nil }
                }
            }
            let expected = Self.flat(new, groupRows: groupRows, footerRows: footerRows)
            #expect(rows.count == expected.count, "seed \(seed), round \(round)")
            guard rows.count == expected.count else { return }
            for (index, token) in rows.enumerated() {
                if let token, token != expected[index] {
                    Issue.record("seed \(seed), round \(round): flat row \(index) kept \(token), the new model has \(expected[index])")
                    return
                }
            }
            // The position of one old row, followed through the steps, is where that row ends.
            if let tracked, let position = FlatListStep.position(of: tracked, after: translated.steps) {
                let token = Self.flat(old, groupRows: groupRows, footerRows: footerRows)[tracked]
                if case .row(let key, _) = token, case .row(let newKey, _) = expected[position] {
                    #expect(key == newKey, "seed \(seed), round \(round): tracked row \(tracked)")
                }
            }
        }
    }

    static func randomModel(using rng: inout SeededGenerator) -> [KeyedSection] {
        var next = 0
        return (0..<Int.random(in: 0...5, using: &rng)).map { s in
            KeyedSection(
                key: "s\(s)",
                rows: (0..<Int.random(in: 0...5, using: &rng)).map { _ in
                    next += 1
                    return row("r\(next)", Int.random(in: 0...2, using: &rng))
                }, headerTitle: "h\(Int.random(in: 0...1, using: &rng))")
        }
        .map { KeyedSection(key: $0.key, rows: $0.rows, headerTitle: $0.headerTitle, footerTitle: Self.footerTitle($0.headerTitle)) }
    }

    /// A footer title that changes with the header's, so that reloaded sections reload their footer.
    static func footerTitle(_ headerTitle: String?) -> String? { headerTitle.map { "f" + $0 } }

    static func mutate(_ old: [KeyedSection], using rng: inout SeededGenerator) -> [KeyedSection] {
        var sections = old.map { (key: $0.key, title: $0.headerTitle, rows: $0.rows) }
        var fresh = 1000
        for _ in 0..<Int.random(in: 0...6, using: &rng) {
            let action = Int.random(in: 0..<9, using: &rng)
            if sections.isEmpty || action == 0 {
                fresh += 1
                sections.insert((key: "s\(fresh)", title: "h0", rows: []), at: Int.random(in: 0...sections.count, using: &rng))
                continue
            }
            let s = Int.random(in: 0..<sections.count, using: &rng)
            switch action {
            case 1: sections.remove(at: s)
            case 2: sections[s].title = sections[s].title == "h0" ? "h1" : "h0"
            case 3:
                let moved = sections.remove(at: s)
                sections.insert(moved, at: Int.random(in: 0...sections.count, using: &rng))
            case 4:
                fresh += 1
                sections[s].rows.insert(row("r\(fresh)", 0), at: Int.random(in: 0...sections[s].rows.count, using: &rng))
            case 5 where !sections[s].rows.isEmpty:
                sections[s].rows.remove(at: Int.random(in: 0..<sections[s].rows.count, using: &rng))
            case 6 where !sections[s].rows.isEmpty:
                let r = Int.random(in: 0..<sections[s].rows.count, using: &rng)
                let current = sections[s].rows[r]
                sections[s].rows[r] = row(current.key, (current.state as? Int ?? 0) + 1)
            case 7, 8:
                guard !sections[s].rows.isEmpty else { break }
                let moved = sections[s].rows.remove(at: Int.random(in: 0..<sections[s].rows.count, using: &rng))
                let t = Int.random(in: 0..<sections.count, using: &rng)
                sections[t].rows.insert(moved, at: Int.random(in: 0...sections[t].rows.count, using: &rng))
            default: break
            }
        }
        return sections.map { KeyedSection(key: $0.key, rows: $0.rows, headerTitle: $0.title, footerTitle: footerTitle($0.title)) }
    }
}
