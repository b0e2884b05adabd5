import Testing
@testable import RowDiff
import RowDiffValidation

/// RxDataSources-style stress: 100 sections × 100 rows, 1,000 consecutive random steps. Each step
/// is diffed and staged; every stage is validated (strict profile, identities, content, kinds) and
/// the data after the last stage is the step's target, which the next step starts from.
@Suite("Stress: 1,000 consecutive random steps over 100 × 100")
struct StressTests {
    @Test func consecutiveRandomSteps_everyStageValid_andEndsAtTarget() {
        let seed = TestSeeds.only ?? TestSeeds.base &+ 4
        var rng = SplitMix64(seed: seed)
        var ids = IdentitySource()
        var model = (0..<100).map { _ in
            TestSection(id: ids.fresh(), rows: (0..<100).map { _ in TestRow(id: ids.fresh()) })
        }
        let context = DiffContext() // reused, as a data source would
        var snapshot = ValidationSnapshot(model: model)
        for step in 0..<1_000 {
            let target = Self.step(model, ids: &ids, using: &rng)
            let diff = SectionedDiff(from: model, to: target, options: DiffOptions(context: context))
            let staged = StagedChangeset(diff, updateStyle: step % 5 == 4 ? .reload : .reconfigure)
            // Both view kinds on alternate steps keeps the run short; ModelCheck covers both on every case.
            let view: ListViewKind = step % 2 == 0 ? .tableView : .collectionView
            let targetSnapshot = ValidationSnapshot(model: target)
            let problems = StagingInvariants.problems(
                staged, old: model, new: target, changeset: diff.changeset, views: [view],
                oldSnapshot: snapshot, newSnapshot: targetSnapshot)
            #expect(
                problems.isEmpty,
                """
                stress step \(step) of \(TestSeeds.rerun(seed, filter: "Stress")) (\(view))
                \(StagingInvariants.describe(staged))
                \(problems.joined(separator: "\\n"))
                """)
            if !problems.isEmpty { return }
            model = staged.last?.data ?? model
            snapshot = targetSnapshot
        }
    }

    /// One random step: a handful of operations of every kind, keeping about 100 sections of
    /// about 100 rows.
    static func step(_ old: [TestSection], ids: inout IdentitySource, using rng: inout SplitMix64) -> [TestSection] {
        var model = old
        for _ in 0..<rng.int(1...12) {
            let nonEmpty = model.indices.filter { !model[$0].rows.isEmpty }
            func anySection() -> Int { rng.int(0...(model.count - 1)) }
            func anyRow() -> ItemPath {
                let s = nonEmpty[rng.int(0...(nonEmpty.count - 1))]
                return ItemPath(section: s, item: rng.int(0...(model[s].rows.count - 1)))
            }
            switch rng.int(0...11) {
            case 0 where model.count > 90: // delete a section
                model.remove(at: anySection())
            case 1 where model.count < 110: // insert a section
                let rows = (0..<rng.int(0...100)).map { _ in TestRow(id: ids.fresh()) }
                model.insert(TestSection(id: ids.fresh(), rows: rows), at: rng.int(0...model.count))
            case 2: // move a section
                let section = model.remove(at: anySection())
                model.insert(section, at: rng.int(0...model.count))
            case 3: // change a header
                model[anySection()].header = rng.int(0...3)
            case 4 where !nonEmpty.isEmpty: // delete a row
                let p = anyRow()
                model[p.section].rows.remove(at: p.item)
            case 5: // insert a row
                let s = anySection()
                model[s].rows.insert(TestRow(id: ids.fresh()), at: rng.int(0...model[s].rows.count))
            case 6 where !nonEmpty.isEmpty: // move a row within its section
                let p = anyRow()
                let row = model[p.section].rows.remove(at: p.item)
                model[p.section].rows.insert(row, at: rng.int(0...model[p.section].rows.count))
            case 7 where !nonEmpty.isEmpty: // move a row to another section
                let p = anyRow()
                let row = model[p.section].rows.remove(at: p.item)
                let s = anySection()
                model[s].rows.insert(row, at: rng.int(0...model[s].rows.count))
            case 8 where !nonEmpty.isEmpty, 9 where !nonEmpty.isEmpty: // change content
                let p = anyRow()
                model[p.section].rows[p.item].content = rng.int(0...5)
            case 10 where !nonEmpty.isEmpty: // change the cell kind
                let p = anyRow()
                model[p.section].rows[p.item].kind = 1 - model[p.section].rows[p.item].kind
            case 11 where !nonEmpty.isEmpty: // duplicate a row identity
                let p = anyRow()
                let s = anySection()
                model[s].rows.insert(model[p.section].rows[p.item], at: rng.int(0...model[s].rows.count))
            default:
                break
            }
        }
        return model
    }
}
