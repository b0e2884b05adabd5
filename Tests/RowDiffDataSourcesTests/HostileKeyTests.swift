import Testing
import RowDiff
import RowDiffDataSources

/// Keys not equal to themselves (NaN): every NaN hashes alike, so a dictionary insert would walk
/// all earlier ones. The key index leaves them out (no lookup could find them anyway). The time
/// bound is generous: the quadratic build took seconds, the linear one milliseconds, and both are
/// measured in this test.
@MainActor
@Suite("Hostile keys")
struct HostileKeyTests {
    struct Reading: Identifiable, Equatable, Diffable {
        let id: Double
    }

    static func seconds(_ body: () -> Void) -> Double {
        let elapsed = ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    @Test("40,000 NaN keys: lookups find no NaN, find ordinary keys, and cost what ordinary keys cost")
    func nanKeys_areLeftOutOfTheKeyIndex() {
        let count = 40_000
        let hostile = SectionedDataSource([FlatSection(rows: (0..<count).map { Reading(id: $0 == 7 ? 7.5 : .nan) })])
        let ordinary = SectionedDataSource([FlatSection(rows: (0..<count).map { Reading(id: Double($0) + 0.5) })])
        var found: ItemPath?
        let ordinaryTime = Self.seconds { _ = ordinary.indexPath(ofItem: 1.5) }
        let hostileTime = Self.seconds { found = hostile.indexPath(ofItem: 7.5) }
        #expect(found == ItemPath(section: 0, item: 7))
        #expect(hostile.indexPath(ofItem: .nan) == nil)
        #expect(hostile.duplicateKeys == nil)
        #expect(hostileTime < 20 * ordinaryTime + 2, "NaN keys took \(hostileTime) s, ordinary ones \(ordinaryTime) s")
    }
}
