import Testing
import RowDiff
import RowDiffDataSources

/// The key tables of `KeyedSection` models are built by code specialised for that type; any other
/// section type takes the general path. These checks hold the two against each other on the same
/// keys: every lookup, and the duplicate diagnostic.
@MainActor
@Suite("Key index specialisation")
struct KeyIndexSpecialisationTests {
    /// The same rows, but not `KeyedSection`: the general path.
    typealias Plain = ListSection<KeyedRowStorageTests.PlainHeader, KeyedRowStorageTests.PlainRow>

    /// Sections (some keys repeated among sections) of rows with keys from a small pool, so that
    /// repeated row keys are common in some models and absent in others.
    static func randomModel(_ rng: inout SeededGenerator) -> [KeyedSection] {
        let sectionCount = Int(rng.next() % 5)
        let keyPool = 1 + Int(rng.next() % 400)
        return (0..<sectionCount).map { _ in
            let rows = (0..<Int(rng.next() % 120)).map { _ in
                row("r\(rng.next() % UInt64(keyPool))", Int(rng.next() % 3), cell: rng.next() % 2 == 0 ? TextCell.self : DetailCell.self)
            }
            return section("s\(rng.next() % 6)", rows)
        }
    }

    @Test("Lookups in KeyedSection models equal lookups of the same keys through the general path")
    func keyedLookups_equalGeneralLookups() {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        for round in 0..<200 {
            let model = Self.randomModel(&rng)
            let keyed = SectionedDataSource(model)
            let general = SectionedDataSource(KeyedRowStorageTests.plain(model))
            var rowKeys = Set(model.flatMap { $0.rows.map(\.key) })
            rowKeys.insert("absent")
            for key in rowKeys {
                #expect(keyed.indexPath(ofItem: key) == general.indexPath(ofItem: key), "seed \(seed), round \(round), row \(key)")
            }
            for key in Set(model.map(\.key)).union(["absent"]) {
                #expect(keyed.index(ofSection: key) == general.index(ofSection: key), "seed \(seed), round \(round), section \(key)")
            }
            for (s, section) in model.enumerated() {
                for item in section.rows.indices {
                    let path = ItemPath(section: s, item: item)
                    #expect(keyed.itemKey(at: path) == general.itemKey(at: path), "seed \(seed), round \(round)")
                }
            }
        }
    }

    @Test("The duplicate diagnostic of a KeyedSection model equals the general path's")
    func keyedDuplicates_equalGeneralDuplicates() async {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        for round in 0..<60 {
            let model = Self.randomModel(&rng)
            var keyedReport: DuplicateKeyDiagnostic?, generalReport: DuplicateKeyDiagnostic?
            // A first render reloads and builds the key table, which reports repeated keys.
            let keyed = ListRenderer<KeyedSection>(options: RenderOptions(onDuplicateKeys: { keyedReport = $0 }))
            let general = ListRenderer<Plain>(options: RenderOptions(onDuplicateKeys: { generalReport = $0 }))
            await keyed.renderAndWait(model)
            await general.renderAndWait(KeyedRowStorageTests.plain(model))
            #expect(keyedReport == generalReport, "seed \(seed), round \(round)")
        }
    }
}
