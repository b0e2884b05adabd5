import Testing
@testable import RowDiff
@testable import RowDiffValidation

/// The one-row-at-a-time placement answers exactly what the full layout says, and rejects what it rejects.
@Suite struct BatchUpdateRowMapTests {
    typealias SeededGenerator = ValidationRandomizedTests.SeededGenerator

    /// Every slot's origin and every old row's destination, compared with `layout(of:from:to:)`.
    func expectSameAsLayout(_ batch: BatchUpdate, old: [Int], new: [Int], view: ListViewKind, _ context: String) {
        let validator = BatchUpdateValidator(view: view)
        let full = Result { () throws(BatchUpdateViolation) in
            try validator.layout(of: batch, from: ValidationSnapshot(counts: old), to: ValidationSnapshot(counts: new))
        }
        let sparse = Result { () throws(BatchUpdateViolation) in try validator.rowMap(of: batch, fromCounts: old, toCounts: new) }
        switch (full, sparse) {
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "\(context)")
        case (.success(let layout), .success(let map)):
            #expect(map.sections == layout.sections, "\(context)")
            var destination: [ItemPath: ItemPath] = [:]
            for (t, cells) in layout.cells.enumerated() {
                #expect(map.origins(inNewSection: t) == cells, "\(context) section \(t)")
                // The runs the origins are spelled out from (the stand-ins copy kept runs' heights
                // at once): non-empty, as many slots as the section, one slot each but kept runs
                // and a new section's inserted run.
                let runs = map.originRuns(inNewSection: t)
                #expect(runs.allSatisfy { $0.count >= 1 } && runs.reduce(0) { $0 + $1.count } == cells.count, "\(context) section \(t)")
                #expect(
                    runs.allSatisfy { run in
                        if case .kept = run.origin { return true }
                        if case .inserted = layout.sections[t] { return true }
                        return run.count == 1
                    }, "\(context) section \(t)")
                if map.isUnchanged(newSection: t), case .kept(let o) = layout.sections[t] {
                    #expect(cells == (0..<old[o]).map { .kept(old: ItemPath(section: o, item: $0)) }, "\(context) section \(t)")
                }
                for (j, origin) in cells.enumerated() {
                    let here = ItemPath(section: t, item: j)
                    #expect(map.origin(ofNew: here) == origin, "\(context) slot \(here)")
                    switch origin {
                    case .kept(let old), .reconfigured(let old): destination[old] = here
                    case .inserted: break
                    }
                }
            }
            for (s, count) in old.enumerated() {
                for r in 0..<count {
                    let path = ItemPath(section: s, item: r)
                    #expect(map.newPath(ofOld: path) == destination[path], "\(context) old \(path)")
                }
            }
            #expect(map.origin(ofNew: ItemPath(section: new.count, item: 0)) == nil)
            #expect(map.newPath(ofOld: ItemPath(section: -1, item: 0)) == nil)
        default:
            Issue.record("\(context): the full layout and the row map disagree on whether \(batch) is accepted: \(full) vs \(sparse)")
        }
    }

    @Test(arguments: [UInt64(7), 0xBADC0DE])
    func randomValidBatches_matchTheFullLayout(seed: UInt64) {
        var rng = SeededGenerator(state: seed)
        for iteration in 0..<800 {
            var c = ValidationRandomizedTests.makeCase(&rng, sectionMoves: iteration % 3 != 0, reconfigures: iteration % 2 == 0)
            // Reloads of rows that stay in place, and of sections, in some batches (UIKit accepts them).
            if iteration % 5 == 0, let section = c.before.indices.randomElement(using: &rng), !c.batch.sectionDeletes.contains(section) {
                c.batch.sectionReloads.append(section)
            }
            let old = c.before.map(\.rows.count), new = c.after.map(\.rows.count)
            for view in ListViewKind.allCases {
                expectSameAsLayout(c.batch, old: old, new: new, view: view, "seed \(seed) iteration \(iteration) \(view)")
            }
        }
    }

    @Test(arguments: [UInt64(3), 0x5EED])
    func randomArbitraryBatches_areAcceptedAndPlacedAsTheFullLayoutDoes(seed: UInt64) {
        var rng = SeededGenerator(state: seed)
        func path(_ counts: [Int]) -> ItemPath {
            let section = Int.random(in: -1...counts.count, using: &rng)
            let limit = counts.indices.contains(section) ? counts[section] : 2
            return ItemPath(section: section, item: Int.random(in: -1...limit, using: &rng))
        }
        for iteration in 0..<3000 {
            let old = (0..<Int.random(in: 0...3, using: &rng)).map { _ in Int.random(in: 0...4, using: &rng) }
            var new = old
            var batch = BatchUpdate()
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                switch Int.random(in: 0..<6, using: &rng) {
                case 0: batch.itemDeletes.append(path(old))
                case 1: batch.itemInserts.append(path(new))
                case 2: batch.itemMoves.append(Move(from: path(old), to: path(new)))
                case 3: batch.itemReloads.append(path(old))
                case 4: batch.itemReconfigures.append(path(old))
                default: if !new.isEmpty { new[Int.random(in: new.indices, using: &rng)] += Int.random(in: -1...1, using: &rng) }
                }
            }
            new = new.map { max(0, $0) }
            for view in ListViewKind.allCases {
                expectSameAsLayout(batch, old: old, new: new, view: view, "seed \(seed) iteration \(iteration) \(view)")
            }
        }
    }
}
