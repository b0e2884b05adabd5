import Testing
import RowDiffDataSources

/// Random renders, bursts, hidden tables, drags and deletes through an owner on the stand-in flat
/// table: after every step the table's rows are the model's (a group row per section, then its
/// rows), every view shows current content, and nothing failed to be made.
@MainActor
@Suite struct FlatOwnerRandomizedTests {
    @Test(arguments: [(true, false), (false, false), (true, true), (false, true)])
    func randomRenders_dragsAndDeletes_showTheState(groupRows: Bool, footerRows: Bool) async {
        let seed = testSeed()
        var rng = SeededGenerator(seed: seed)
        let (owner, host, table) = makeFlatOwner(groupRows: groupRows, footerRows: footerRows)
        owner.dataSource.didMoveItem = { _, _ in }
        var model = OwnerRandomizedTests.Model()
        let onDelete: @MainActor @Sendable (String) -> Void = { _ in }
        var drags = 0, deletes = 0
        for step in 0..<400 {
            let action = Int.random(in: 0..<10, using: &rng)
            let itemRows = (0..<host.numberOfRows).filter { !host.isGroupRow($0) && !host.isFooterRow($0) }
            if action <= 1, let row = itemRows.randomElement(using: &rng) {
                // The user drags a row somewhere; the app mirrors accepted moves in its model.
                if table.userDrags(row, toAbove: Int.random(in: 0...host.numberOfRows, using: &rng)) {
                    drags += 1
                    var rows: [String: (key: String, badge: Bool, value: Int)] = [:]
                    for section in model.sections { for row in section.rows { rows[row.key] = row } }
                    for (s, section) in owner.dataSource.sections.enumerated() {
                        model.sections[s].rows = section.rows.compactMap { rows[$0.key] }
                    }
                }
            } else if action == 2, let row = itemRows.randomElement(using: &rng), case .item(let path)? = host.row(at: row) {
                // The user deletes a row with the trailing row action; the app renders without it.
                var performed = false
                table.userSwipes(.trailing, on: row)?.actions.first?.handler { performed = $0 }
                #expect(performed, "seed \(seed), step \(step)")
                deletes += 1
                model.sections[path.section].rows.remove(at: path.item)
                await owner.renderer.renderAndWait(model.keyed(onDelete: onDelete))
            } else if action == 3 {
                table.isVisible = Int.random(in: 0..<4, using: &rng) != 0
                model.mutate(using: &rng)
                await owner.renderer.renderAndWait(model.keyed(onDelete: onDelete), animated: Bool.random(using: &rng))
            } else if action == 4 {
                for _ in 0..<Int.random(in: 2...4, using: &rng) {
                    model.mutate(using: &rng)
                    owner.render(model.keyed(onDelete: onDelete))
                }
                await owner.renderer.waitUntilIdle()
            } else {
                model.mutate(using: &rng)
                await owner.renderer.renderAndWait(model.keyed(onDelete: onDelete))
            }
            let expected = model.sections.flatMap { (groupRows ? ["#"] : []) + $0.rows.map(\.key) + (footerRows ? ["F"] : []) }
            let shown = table.rows.indices.map { index in
                let row = table.rows[index]
                if row.isGroupRow { return "#" }
                if host.isFooterRow(index) { return row.view == nil ? "F" : "F?" }
                return row.view.flatMap { owner.row(shownBy: $0)?.key } ?? "?"
            }
            #expect(shown == expected, "seed \(seed), step \(step): the rows differ from the model")
            #expect(table.problems.isEmpty, "seed \(seed), step \(step): \(table.problems.first ?? "")")
            #expect(table.dequeueFailures.isEmpty, "seed \(seed), step \(step)")
            if shown != expected || !table.problems.isEmpty { break }
        }
        #expect(!table.updates.isEmpty && drags > 0 && deletes > 0, "seed \(seed)")
        #expect(table.updates.contains { $0.contains { if case .reload = $0 { true } else { false } } }, "seed \(seed): some rows reload")
    }
}
