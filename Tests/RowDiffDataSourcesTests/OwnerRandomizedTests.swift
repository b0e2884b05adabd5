import Testing
import RowDiffDataSources

/// Random renders, bursts, hidden views, non-animated renders, user moves and deletes through an
/// owner on both stand-ins, validator in the strict profile: after every step each cell and header
/// shows the state, nothing was dequeued unregistered, and every batch passed.
@MainActor
@Suite struct OwnerRandomizedTests {
    struct Model {
        var sections: [(key: String, header: Int?, rows: [(key: String, badge: Bool, value: Int)])] = []
        var next = 0

        mutating func fresh() -> String {
            next += 1
            return "\(next)"
        }

        mutating func mutate(using rng: inout SeededGenerator) {
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let action = Int.random(in: 0..<10, using: &rng)
                if sections.isEmpty || action == 0 {
                    sections.insert((fresh(), Bool.random(using: &rng) ? 0 : nil, []), at: Int.random(in: 0...sections.count, using: &rng))
                    continue
                }
                let s = Int.random(in: 0..<sections.count, using: &rng)
                switch action {
                case 1 where sections.count > 1: sections.remove(at: s)
                case 2: sections[s].header = sections[s].header.map { $0 + 1 } ?? (Bool.random(using: &rng) ? 0 : nil)
                case 3: sections.swapAt(s, Int.random(in: 0..<sections.count, using: &rng))
                default:
                    var rows = sections[s].rows
                    let r = rows.isEmpty ? 0 : Int.random(in: 0..<rows.count, using: &rng)
                    switch Int.random(in: 0..<5, using: &rng) {
                    case 0 where !rows.isEmpty: rows.remove(at: r)
                    case 1 where !rows.isEmpty: rows[r].value += 1
                    case 2 where !rows.isEmpty: rows[r].badge.toggle()
                    case 3 where !rows.isEmpty:
                        let row = rows.remove(at: r)
                        let t = Int.random(in: 0..<sections.count, using: &rng)
                        if t == s {
                            rows.insert(row, at: Int.random(in: 0...rows.count, using: &rng))
                        } else {
                            sections[t].rows.insert(row, at: Int.random(in: 0...sections[t].rows.count, using: &rng))
                        }
                    default: rows.insert((fresh(), Bool.random(using: &rng), 0), at: Int.random(in: 0...rows.count, using: &rng))
                    }
                    sections[s].rows = rows
                }
            }
        }

        func keyed(onDelete: @escaping @MainActor @Sendable (String) -> Void) -> [KeyedSection] {
            sections.map { section in
                KeyedSection(
                    key: section.key,
                    rows: section.rows.map { row in
                        let key = row.key
                        let actions = RowActions(onDelete: { onDelete(key) })
                        return row.badge
                            ? KeyedRow(key: row.key, cell: BadgeCell.self, state: row.value, actions: actions)
                            : nameRow(row.key, "\(row.key)@\(row.value)", actions: actions)
                    }, header: section.header.map { titleHeader("h\($0)") })
            }
        }
    }

    @Test(arguments: [false, true])
    func randomRendersThroughOwner_showTheStateWithoutFailures(collection: Bool) async {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        let (owner, view) = makeOwner(collection: collection)
        view.updateMode = .batches(reconfigures: Bool.random(using: &rng))
        view.completesAsynchronously = Bool.random(using: &rng)
        var model = Model()
        owner.dataSource.didMoveItem = { _, _ in }
        // Deleting needs a handler; the test mirrors deletes in its model itself.
        let onDelete: @MainActor @Sendable (String) -> Void = { _ in }
        for step in 0..<400 {
            let action = Int.random(in: 0..<10, using: &rng)
            if action == 0, let s = model.sections.indices.filter({ !model.sections[$0].rows.isEmpty }).randomElement(using: &rng) {
                // The user drags a row; the app mirrors the move in its model.
                let from = ItemPath(section: s, item: Int.random(in: 0..<model.sections[s].rows.count, using: &rng))
                let t = Int.random(in: 0..<model.sections.count, using: &rng)
                let limit = model.sections[t].rows.count - (t == s ? 1 : 0)
                let to = ItemPath(section: t, item: Int.random(in: 0...limit, using: &rng))
                if view.userMoves(from: from, to: to) {
                    let row = model.sections[s].rows.remove(at: from.item)
                    model.sections[t].rows.insert(row, at: to.item)
                }
            } else if action == 1, let s = model.sections.indices.filter({ !model.sections[$0].rows.isEmpty }).randomElement(using: &rng) {
                // The user deletes a row; the handler tells the app, which renders without it.
                let path = ItemPath(section: s, item: Int.random(in: 0..<model.sections[s].rows.count, using: &rng))
                #expect(view.userDeletes(path), "seed \(seed), step \(step)")
                model.sections[s].rows.remove(at: path.item)
                await owner.renderer.renderAndWait(model.keyed(onDelete: onDelete))
            } else if action == 2, Bool.random(using: &rng) {
                // Off screen the renderer reloads; a non-animated render reloads too.
                view.isVisible.toggle()
                model.mutate(using: &rng)
                await owner.renderer.renderAndWait(model.keyed(onDelete: onDelete), animated: Bool.random(using: &rng))
            } else if action == 2 {
                for _ in 0..<Int.random(in: 2...4, using: &rng) {
                    model.mutate(using: &rng)
                    owner.render(model.keyed(onDelete: onDelete))
                }
                await owner.renderer.waitUntilIdle()
            } else {
                model.mutate(using: &rng)
                await owner.renderer.renderAndWait(model.keyed(onDelete: onDelete))
            }
            let expected = model.sections.map { $0.rows.map(\.key) }
            let shown = view.cells.map { $0.map { $0.flatMap { owner.row(shownBy: $0)?.key } } }
            #expect(shown == expected, "seed \(seed), step \(step): the cells differ from the model")
            #expect(view.problems.isEmpty, "seed \(seed), step \(step): \(view.problems.first ?? "")")
            #expect(view.dequeueFailures.isEmpty, "seed \(seed), step \(step)")
            if shown != expected || !view.problems.isEmpty { break }
        }
        #expect(!view.batches.isEmpty, "seed \(seed): some renders animate")
        #expect(view.batches.contains { !$0.update.itemReconfigures.isEmpty || !$0.update.itemReloads.isEmpty }, "seed \(seed)")
    }
}
