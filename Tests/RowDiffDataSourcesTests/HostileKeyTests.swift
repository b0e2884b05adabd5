import Testing
import RowDiff
@testable import RowDiffDataSources

/// Keys not equal to themselves (NaN): every NaN hashes alike, so a dictionary insert would walk
/// all earlier ones. The key index and the drag rebase leave them out (no lookup or state could name
/// them anyway); before that, the rebase took 20 s for a drag among 40,000 NaN rows. The time
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

    @Test("A drag among 40,000 NaN keys: the dragged row is found, and it costs what ordinary keys cost")
    func nanKeys_dragRebaseStaysLinear() {
        let count = 40_000
        func dragFirstToEnd(_ ids: [Double]) -> (before: [FlatSection<Reading>], after: [FlatSection<Reading>]) {
            let rows = ids.map(Reading.init(id:))
            return ([FlatSection(rows: rows)], [FlatSection(rows: Array(rows.dropFirst()) + [rows[0]])])
        }
        // Row 0.5 is the only ordinary key among the NaNs; the user drags it from first to last.
        let hostile = dragFirstToEnd([0.5] + Array(repeating: Double.nan, count: count - 1))
        let ordinary = dragFirstToEnd((0..<count).map { Double($0) + 0.5 })
        var hostilePlacements: [DragRebase.Placement<FlatSection<Reading>>] = []
        var ordinaryPlacements: [DragRebase.Placement<FlatSection<Reading>>] = []
        let ordinaryTime = Self.seconds { ordinaryPlacements = DragRebase.placements(from: ordinary.before, to: ordinary.after) }
        let hostileTime = Self.seconds { hostilePlacements = DragRebase.placements(from: hostile.before, to: hostile.after) }
        // Ordinary keys: the dragged row and its old follower changed place. NaN rows cannot be
        // named by any state, so only the dragged row is a placement.
        #expect(ordinaryPlacements.map(\.row) == [1.5, 0.5])
        #expect(hostilePlacements.map(\.row) == [0.5])
        #expect(hostileTime < 20 * ordinaryTime + 2, "NaN keys took \(hostileTime) s, ordinary ones \(ordinaryTime) s")
    }
}
