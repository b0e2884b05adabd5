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
        // Rows 0.5 and 1.5 are the only ordinary keys; the user drags 0.5 from first to last, after 1.5.
        let hostile = dragFirstToEnd([0.5] + Array(repeating: Double.nan, count: count - 2) + [1.5])
        let ordinary = dragFirstToEnd((0..<count).map { Double($0) + 0.5 })
        var hostilePlacements: [DragRebase.Placement<FlatSection<Reading>>] = []
        var ordinaryPlacements: [DragRebase.Placement<FlatSection<Reading>>] = []
        let ordinaryTime = Self.seconds { ordinaryPlacements = DragRebase.placements(from: ordinary.before, to: ordinary.after) }
        let hostileTime = Self.seconds { hostilePlacements = DragRebase.placements(from: hostile.before, to: hostile.after) }
        // Ordinary keys: the dragged row and its old follower changed place. NaN rows cannot be
        // named by any state, nor can a NaN follower (1.5 stays after one): only the dragged row is a
        // placement, after 1.5.
        #expect(ordinaryPlacements.map(\.row) == [1.5, 0.5])
        #expect(hostilePlacements.map(\.row) == [0.5])
        #expect(hostilePlacements.map(\.follows) == [1.5])
        #expect(hostileTime < 20 * ordinaryTime + 2, "NaN keys took \(hostileTime) s, ordinary ones \(ordinaryTime) s")
    }

    /// A row after a NaN key that the drag left in place must not be rebased: its follower cannot be
    /// found again, and placing it would move it to the front of its section.
    @Test("A pending state keeps a row that follows a NaN key where it is, and still keeps the drag")
    func nanFollower_isNotRebasedToTheFront() {
        let rows = [0.5, .nan, 1.5, 2.5].map(Reading.init(id:))
        let before = [FlatSection(rows: rows)]
        let after = [FlatSection(rows: [rows[3], rows[0], rows[1], rows[2]])] // 2.5 dragged to the top
        let placements = DragRebase.placements(from: before, to: after)
        #expect(placements.map(\.row) == [2.5, 0.5])
        let rebased = DragRebase.apply(placements, to: before)
        #expect(rebased[0].rows.map(\.id).map { $0.isNaN ? -1 : $0 } == [2.5, 0.5, -1, 1.5])
    }
}
