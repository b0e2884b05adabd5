import Testing
@testable import RowDiff
import RowDiffValidation

/// Seeded self-check: batches derived from random model changes with UIKit's semantics must
/// validate; the same batches against a perturbed count must fail rule 14 or 15.
@Suite("Validation randomized self-check")
struct ValidationRandomizedTests {
    /// SplitMix64: tiny, seedable, the same sequence on every platform.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    struct Case {
        var before: [(id: Int, rows: [Int])]
        var after: [(id: Int, rows: [Int])]
        var batch: BatchUpdate
        /// Rows whose content changes (reconfigured in the batch), by identity.
        var changed: Set<Int>
        /// New sections with an old counterpart.
        var survivingNewSections: [Int]

        func snapshot(_ sections: [(id: Int, rows: [Int])], changedContent: Bool) -> ValidationSnapshot {
            ValidationSnapshot(
                sections: sections.map { section in
                    .init(
                        section.id, content: 0,
                        items: section.rows.map {
                            .init($0, content: changedContent && changed.contains($0) ? 1 : 0, kind: "Cell")
                        })
                })
        }
        var beforeSnapshot: ValidationSnapshot { snapshot(before, changedContent: false) }
        var afterSnapshot: ValidationSnapshot { snapshot(after, changedContent: true) }
    }

    /// A random old model, a random new model reachable by deletes, inserts and moves, and the
    /// batch that expresses it in UIKit's coordinates — derived by identity, independently of the
    /// validator's own simulation.
    static func makeCase(_ rng: inout SeededGenerator, sectionMoves: Bool, reconfigures: Bool) -> Case {
        var nextID = 0
        func fresh() -> Int {
            nextID += 1
            return nextID
        }
        let before: [(id: Int, rows: [Int])] = (0..<Int.random(in: 0...5, using: &rng)).map { _ in
            (fresh(), (0..<Int.random(in: 0...6, using: &rng)).map { _ in fresh() })
        }
        var batch = BatchUpdate()
        let deletedSections = Set(before.indices.filter { _ in Int.random(in: 0..<5, using: &rng) == 0 })
        var survivors = before.indices.filter { !deletedSections.contains($0) }
        if sectionMoves && survivors.count > 1 && Bool.random(using: &rng) {
            survivors.swapAt(Int.random(in: survivors.indices, using: &rng), Int.random(in: survivors.indices, using: &rng))
        }
        // New section list: survivors (by old index) with fresh sections mixed in.
        var order: [Int?] = survivors
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            order.insert(nil, at: Int.random(in: 0...order.count, using: &rng))
        }
        var rows: [[Int]] = order.map { old in
            guard let old else { return (0..<Int.random(in: 0...3, using: &rng)).map { _ in fresh() } }
            return before[old].rows.filter { _ in Int.random(in: 0..<5, using: &rng) != 0 }
        }
        let kept = order.indices.filter { order[$0] != nil }
        // Moves within and across surviving sections, then fresh inserts.
        if !kept.isEmpty {
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let from = kept.randomElement(using: &rng)!
                guard !rows[from].isEmpty else { continue }
                let row = rows[from].remove(at: Int.random(in: rows[from].indices, using: &rng))
                let to = kept.randomElement(using: &rng)!
                rows[to].insert(row, at: Int.random(in: 0...rows[to].count, using: &rng))
            }
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let to = kept.randomElement(using: &rng)!
                rows[to].insert(fresh(), at: Int.random(in: 0...rows[to].count, using: &rng))
            }
        }
        let after: [(id: Int, rows: [Int])] = order.indices.map { (order[$0].map { before[$0].id } ?? fresh(), rows[$0]) }

        // Sections: deletes, inserts, and moves for the survivors outside a greedy increasing run
        // (the rest then fill the free slots in ascending order, as UIKit does).
        batch.sectionDeletes = deletedSections.sorted()
        batch.sectionInserts = order.indices.filter { order[$0] == nil }
        var oldToNew: [Int: Int] = [:]
        for (t, old) in order.enumerated() { if let old { oldToNew[old] = t } }
        var lastKept = -1
        for o in before.indices.filter({ oldToNew[$0] != nil }) {
            let t = oldToNew[o]!
            if t > lastKept { lastKept = t } else { batch.sectionMoves.append(Move(from: o, to: t)) }
        }
        // Rows, by identity.
        var oldPath: [Int: ItemPath] = [:]
        for (s, section) in before.enumerated() { for (r, id) in section.rows.enumerated() { oldPath[id] = ItemPath(section: s, item: r) } }
        var newPath: [Int: ItemPath] = [:]
        for (t, section) in after.enumerated() { for (j, id) in section.rows.enumerated() { newPath[id] = ItemPath(section: t, item: j) } }
        for (s, section) in before.enumerated() {
            for (r, id) in section.rows.enumerated() where newPath[id] == nil {
                // Row deletes inside a deleted section are optional: UIKit drops them.
                if !deletedSections.contains(s) || Bool.random(using: &rng) { batch.itemDeletes.append(ItemPath(section: s, item: r)) }
            }
        }
        var changed = Set<Int>()
        for (t, section) in after.enumerated() {
            var lastStayer = -1
            for (j, id) in section.rows.enumerated() {
                let here = ItemPath(section: t, item: j)
                guard let from = oldPath[id] else {
                    if order[t] != nil || Bool.random(using: &rng) { batch.itemInserts.append(here) }
                    continue
                }
                if reconfigures && Int.random(in: 0..<4, using: &rng) == 0 {
                    changed.insert(id)
                    batch.itemReconfigures.append(from)
                }
                // New order within the section is increasing in old order for the stayers.
                if oldToNew[from.section] == t && from.item > lastStayer {
                    lastStayer = from.item
                } else {
                    batch.itemMoves.append(Move(from: from, to: here))
                }
            }
        }
        return Case(before: before, after: after, batch: batch, changed: changed, survivingNewSections: kept)
    }

    static let seeds: [UInt64] = [1, 0xC0FFEE, 20_251_122]

    @Test(arguments: seeds)
    func randomValidBatches_validate(seed: UInt64) {
        var rng = SeededGenerator(state: seed)
        for iteration in 0..<1500 {
            let sectionMoves = iteration % 3 != 0
            let reconfigures = iteration % 2 == 0
            let c = Self.makeCase(&rng, sectionMoves: sectionMoves, reconfigures: reconfigures)
            for view in ListViewKind.allCases {
                let uikit = BatchUpdateValidator(view: view, profile: .uikit)
                let found = uikit.violations(c.batch, from: c.beforeSnapshot, to: c.afterSnapshot)
                #expect(
                    found.isEmpty,
                    "seed \(seed) iteration \(iteration) \(view): \(c.batch) → \(found.first.map(String.init(describing:)) ?? "")")
                // Without section moves and reconfigures the batch is in the strict shape too.
                if c.batch.sectionMoves.isEmpty && c.batch.itemReconfigures.isEmpty {
                    let strict = BatchUpdateValidator(view: view).violations(c.batch, from: c.beforeSnapshot, to: c.afterSnapshot)
                    #expect(
                        strict.isEmpty,
                        "seed \(seed) iteration \(iteration) \(view) strict: \(strict.first.map(String.init(describing:)) ?? "")")
                }
                // The layout agrees with the identities: every kept cell shows its own row.
                if let layout = try? uikit.layout(of: c.batch, from: c.beforeSnapshot, to: c.afterSnapshot) {
                    for (t, cells) in layout.cells.enumerated() {
                        for (j, cell) in cells.enumerated() {
                            if case .kept(let old) = cell {
                                #expect(c.before[old.section].rows[old.item] == c.after[t].rows[j], "seed \(seed) iteration \(iteration)")
                            }
                        }
                    }
                } else {
                    Issue.record("seed \(seed) iteration \(iteration): no layout")
                }
            }
        }
    }

    @Test(arguments: seeds)
    func randomBatchesAgainstAPerturbedCount_failRule14Or15(seed: UInt64) {
        var rng = SeededGenerator(state: seed)
        for iteration in 0..<1500 {
            var c = Self.makeCase(&rng, sectionMoves: true, reconfigures: false)
            let expected: BatchUpdateViolation.Rule
            if let t = c.survivingNewSections.randomElement(using: &rng), Bool.random(using: &rng) {
                c.after[t].rows.append(-1) // one row more than the batch accounts for
                expected = .rowCountMismatch
            } else {
                c.after.append((id: -1, rows: [])) // one section more than the batch accounts for
                expected = .sectionCountMismatch
            }
            let counts = (ValidationSnapshot(counts: c.before.map(\.rows.count)), ValidationSnapshot(counts: c.after.map(\.rows.count)))
            for view in ListViewKind.allCases {
                for profile in ValidationProfile.allCases {
                    let validator = BatchUpdateValidator(view: view, profile: profile)
                    let described = validator.violations(c.batch, from: c.beforeSnapshot, to: c.afterSnapshot).first?.rule
                    let counted = validator.violations(c.batch, from: counts.0, to: counts.1).first?.rule
                    #expect(described == expected, "seed \(seed) iteration \(iteration) \(view) \(profile): \(c.batch)")
                    #expect(counted == expected, "seed \(seed) iteration \(iteration) \(view) \(profile) counts: \(c.batch)")
                }
            }
        }
    }

    /// Not a benchmark (no timing): a long chain over 100 sections × 100 rows must stay valid,
    /// which exercises the row-walking paths at the size the stress tests use.
    @Test
    func longChainOverALargeModel_validates() throws {
        var rng = SeededGenerator(state: 7)
        var nextID = 1_000_000
        var model: [[Int]] = (0..<100).map { s in (0..<100).map { s * 100 + $0 } }
        let initial = ValidationSnapshot(model)
        var stages: [BatchUpdateValidator.Stage] = []
        for _ in 0..<50 {
            // Each stage: delete one row, insert one, in different sections (strict shape).
            let s = Int.random(in: 0..<100, using: &rng)
            var batch = BatchUpdate()
            if !model[s].isEmpty {
                let r = Int.random(in: model[s].indices, using: &rng)
                model[s].remove(at: r)
                batch.itemDeletes.append(ItemPath(section: s, item: r))
            }
            let t = Int.random(in: 0..<100, using: &rng)
            let j = Int.random(in: 0...model[t].count, using: &rng)
            nextID += 1
            model[t].insert(nextID, at: j)
            batch.itemInserts.append(ItemPath(section: t, item: j))
            stages.append((batch, ValidationSnapshot(model)))
        }
        try BatchUpdateValidator(view: .collectionView).validate(stages: stages, from: initial, to: ValidationSnapshot(model))
    }
}
