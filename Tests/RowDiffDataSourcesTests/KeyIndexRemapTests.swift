import Testing
import RowDiff
import RowDiffDataSources

/// A renderer that builds lookups eagerly makes each render's key table from the previous one,
/// remapped through the diff (only changed keys are hashed). These checks hold every lookup after
/// every render against a table built from scratch for the same model: row keys (present and
/// absent), section keys, index path → key, and the duplicate diagnostic, through small edits,
/// large ones, repeated keys (which fall back to a new table) and keys not equal to themselves.
@MainActor
@Suite("Key table remapped through the diff")
struct KeyIndexRemapTests {
    /// A model edited in place, as an app edits its state: rows keep their keys unless they are
    /// deleted, and new rows get keys never used before (or, now and then, a key already shown).
    struct EditedModel {
        var sections: [KeyedSection] = []
        var nextKey = 0
        var nextSection = 0

        mutating func freshRow(_ rng: inout SeededGenerator) -> KeyedRow {
            nextKey += 1
            return row("k\(nextKey)", Int(rng.next() % 3), cell: rng.next() % 2 == 0 ? TextCell.self : DetailCell.self)
        }

        mutating func freshSection(_ rng: inout SeededGenerator) -> KeyedSection {
            nextSection += 1
            return section("s\(nextSection)", (0..<Int(rng.next() % 30)).map { _ in freshRow(&rng) }, header: "S\(nextSection)")
        }

        /// A few random edits; `repeats` allows edits that repeat a row or section key.
        mutating func edit(_ rng: inout SeededGenerator, repeats: Bool) {
            for _ in 0..<(1 + Int(rng.next() % 6)) {
                let choice = rng.next() % 100
                let s = sections.isEmpty ? 0 : Int(rng.next() % UInt64(sections.count))
                let rows = sections.isEmpty ? 0 : sections[s].rows.count
                switch choice {
                case 0..<8:
                    sections.insert(freshSection(&rng), at: Int(rng.next() % UInt64(sections.count + 1)))
                case 8..<13 where !sections.isEmpty:
                    sections.remove(at: s)
                case 13..<18 where sections.count > 1:
                    let moved = sections.remove(at: s)
                    sections.insert(moved, at: Int(rng.next() % UInt64(sections.count + 1)))
                case 18..<40 where !sections.isEmpty:
                    sections[s].rows.insert(freshRow(&rng), at: Int(rng.next() % UInt64(rows + 1)))
                case 40..<55 where rows > 0:
                    sections[s].rows.remove(at: Int(rng.next() % UInt64(rows)))
                case 55..<75 where rows > 0:
                    // A move within or across sections.
                    let moved = sections[s].rows.remove(at: Int(rng.next() % UInt64(rows)))
                    let to = Int(rng.next() % UInt64(sections.count))
                    sections[to].rows.insert(moved, at: Int(rng.next() % UInt64(sections[to].rows.count + 1)))
                case 75..<90 where rows > 0:
                    // New content or a new cell kind, same key.
                    let r = Int(rng.next() % UInt64(rows))
                    let key = sections[s].rows[r].key
                    sections[s].rows[r] = row(key, Int(rng.next() % 3), cell: rng.next() % 2 == 0 ? TextCell.self : DetailCell.self)
                case 90..<95 where repeats && rows > 0:
                    // A row key shown twice.
                    let key = sections[s].rows[Int(rng.next() % UInt64(rows))].key
                    let to = Int(rng.next() % UInt64(sections.count))
                    sections[to].rows.insert(row(key, 0), at: Int(rng.next() % UInt64(sections[to].rows.count + 1)))
                case 95..<98 where repeats && !sections.isEmpty:
                    // A section key shown twice.
                    sections.append(section(sections[s].key, [freshRow(&rng)]))
                default:
                    // Removes what repeats, so models without repeated keys keep coming.
                    var seenRows = Set<String>(), seenSections = Set<String>()
                    sections = sections.filter { seenSections.insert($0.key).inserted }
                    for index in sections.indices {
                        sections[index].rows = sections[index].rows.filter { seenRows.insert($0.key).inserted }
                    }
                }
            }
        }
    }

    /// Every lookup of `shown` equals the same lookup in a table built from scratch for its model.
    static func expectFreshLookups(
        _ shown: SectionedDataSource<KeyedSection>, askingFor keys: Set<String>,
        sectionKeys: Set<String>, _ context: String
    ) {
        let fresh = SectionedDataSource(shown.sections)
        for key in keys.union(["absent"]) {
            #expect(shown.indexPath(ofItem: key) == fresh.indexPath(ofItem: key), "\(context): row \(key)")
        }
        for key in sectionKeys.union(["absent"]) {
            #expect(shown.index(ofSection: key) == fresh.index(ofSection: key), "\(context): section \(key)")
        }
        for (s, section) in shown.sections.enumerated() {
            for item in section.rows.indices {
                let path = ItemPath(section: s, item: item)
                #expect(shown.itemKey(at: path) == section.rows[item].key, "\(context): \(path)")
            }
        }
        #expect(shown.duplicateKeys == fresh.duplicateKeys, "\(context): duplicate diagnostic")
    }

    @Test("KeyedSection renders: lookups after every render equal a new table's", arguments: [DuplicatePolicy.reload, .animate])
    func keyedRenders_lookupsEqualNewTables(policy: DuplicatePolicy) async {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        let renderer = ListRenderer<KeyedSection>(options: RenderOptions(duplicatePolicy: policy))
        var model = EditedModel()
        for _ in 0..<4 { model.sections.append(model.freshSection(&rng)) }
        await renderer.renderAndWait(model.sections)
        var everKeys = Set<String>(), everSections = Set<String>()
        for step in 0..<300 {
            model.edit(&rng, repeats: step % 3 == 0)
            if rng.next() % 25 == 0 {
                // A large change: most rows replaced.
                model.sections = model.sections.map { _ in model.freshSection(&rng) }
            }
            for section in model.sections {
                everSections.insert(section.key)
                for row in section.rows { everKeys.insert(row.key) }
            }
            await renderer.renderAndWait(model.sections)
            #expect(renderer.dataSource.sections.map(\.rows.count) == model.sections.map(\.rows.count), "seed \(seed), step \(step)")
            Self.expectFreshLookups(
                renderer.dataSource, askingFor: everKeys, sectionKeys: everSections,
                "seed \(seed), policy \(policy), step \(step)")
        }
    }

    /// The general (unspecialised) path, with keys that are not equal to themselves: rows with a
    /// NaN key are in no table, remapped or new.
    struct Reading: Identifiable, Equatable, Diffable, Sendable {
        var id: Double
        var value: Int
    }

    @Test("Generic sections with NaN keys: lookups after every render equal a new table's")
    func genericRenders_withNaNKeys_lookupsEqualNewTables() async {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        let renderer = ListRenderer<FlatSection<Reading>>()
        var rows = (0..<50).map { Reading(id: Double($0), value: 0) }
        var next = 50.0
        await renderer.renderAndWait([FlatSection(rows: rows)])
        for step in 0..<200 {
            for _ in 0..<(1 + Int(rng.next() % 5)) {
                switch rng.next() % 5 {
                case 0:
                    next += 1
                    rows.insert(Reading(id: rng.next() % 6 == 0 ? .nan : next, value: 0), at: Int(rng.next() % UInt64(rows.count + 1)))
                case 1 where !rows.isEmpty:
                    rows.remove(at: Int(rng.next() % UInt64(rows.count)))
                case 2 where !rows.isEmpty:
                    let moved = rows.remove(at: Int(rng.next() % UInt64(rows.count)))
                    rows.insert(moved, at: Int(rng.next() % UInt64(rows.count + 1)))
                case 3 where !rows.isEmpty:
                    rows[Int(rng.next() % UInt64(rows.count))].value += 1
                default:
                    break
                }
            }
            await renderer.renderAndWait([FlatSection(rows: rows)])
            let shown = renderer.dataSource
            let fresh = SectionedDataSource(rows: rows)
            for key in Set(rows.map(\.id).filter { !$0.isNaN }).union([-1, .nan]) {
                #expect(shown.indexPath(ofItem: key) == fresh.indexPath(ofItem: key), "seed \(seed), step \(step), key \(key)")
            }
            #expect(shown.duplicateKeys == fresh.duplicateKeys, "seed \(seed), step \(step)")
        }
    }
}
