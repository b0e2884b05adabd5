@testable import RowDiff
import RowDiffValidation

extension ValidationSnapshot {
    /// Everything the validator can check: section identity and header, row identity, content
    /// and cell kind — so identity corruption, stale content and stale kinds are caught.
    /// Values are built with `ValidationValue(integerLiteral:)`, which skips the dynamic casts of
    /// the generic initializer: the stress test builds millions of them in debug builds.
    init(model: [TestSection]) {
        var sections: [ValidationSnapshot.Section] = []
        sections.reserveCapacity(model.count)
        for section in model {
            var items: [ValidationSnapshot.Item] = []
            items.reserveCapacity(section.rows.count)
            var item = ValidationSnapshot.Item(nil)
            for row in section.rows {
                item.identity = ValidationValue(integerLiteral: row.id)
                item.content = ValidationValue(integerLiteral: row.content)
                item.kind = ValidationValue(integerLiteral: row.kind)
                items.append(item)
            }
            var described = ValidationSnapshot.Section(nil, items: items)
            described.identity = ValidationValue(integerLiteral: section.id)
            described.content = ValidationValue(integerLiteral: section.header)
            sections.append(described)
        }
        self.init(sections: sections)
    }
}

/// The invariants every staged changeset must keep, as a list of problems (empty: all good).
enum StagingInvariants {
    static let views: [ListViewKind] = [.tableView, .collectionView]

    /// - every stage passes the strict validator for both views, starting at `old`;
    /// - the stages end exactly at `new` (validator's chain check, and `==` of the data);
    /// - no stage is empty, and at most four exist;
    /// - no moves are added: Σ row moves == the changeset's, Σ section moves likewise;
    /// - structure takes two stages only when there are section moves.
    ///
    /// `oldSnapshot` and `newSnapshot`, when given, must be the snapshots of `old` and `new`
    /// (the stress test reuses them from step to step).
    static func problems(
        _ staged: StagedChangeset<TestSection>, old: [TestSection], new: [TestSection], changeset: Changeset,
        views: [ListViewKind] = views, oldSnapshot: ValidationSnapshot? = nil, newSnapshot: ValidationSnapshot? = nil
    ) -> [String] {
        var problems: [String] = []
        let initial = oldSnapshot ?? ValidationSnapshot(model: old), target = newSnapshot ?? ValidationSnapshot(model: new)
        let lastIsNew = staged.last?.data == new
        let chain = staged.indices.map { k in
            // The last stage's data is checked to be `new` below, so its snapshot is the target's.
            (update: staged[k].update, after: k == staged.count - 1 && lastIsNew ? target : ValidationSnapshot(model: staged[k].data))
        }
        for view in views {
            let found = BatchUpdateValidator(view: view, profile: .strict).violations(stages: chain, from: initial, to: target)
            problems += found.prefix(5).map { "\(view): \($0)" }
        }
        if !(lastIsNew || (staged.isEmpty && old == new)) { problems.append("the last stage's data is not the new model") }
        if staged.contains(where: { $0.update.isEmpty }) { problems.append("an empty stage") }
        if staged.count > 4 { problems.append("\(staged.count) stages, at most 4 expected") }
        let rowMoves = staged.reduce(0) { $0 + $1.update.itemMoves.count }
        let sectionMoves = staged.reduce(0) { $0 + $1.update.sectionMoves.count }
        if rowMoves != changeset.itemMoves.count {
            problems.append("stages move \(rowMoves) rows, the changeset \(changeset.itemMoves.count)")
        }
        if sectionMoves != changeset.sectionMoves.count {
            problems.append("stages move \(sectionMoves) sections, the changeset \(changeset.sectionMoves.count)")
        }
        let structural = staged.filter { stage in
            let u = stage.update
            return u.operationCount != u.itemReloads.count + u.sectionReloads.count + u.itemReconfigures.count
        }.count
        if structural > (changeset.sectionMoves.isEmpty ? 1 : 2) {
            problems.append("\(structural) structural stages with \(changeset.sectionMoves.count) section moves")
        }
        return problems
    }

    /// The stages, one per line, for failure messages.
    static func describe(_ staged: StagedChangeset<TestSection>) -> String {
        staged.enumerated().map {
            "  stage \($0.offset): \($0.element.update.listDescription)\n    data \(RowDiffTests.describe($0.element.data, limit: 600))"
        }
        .joined(separator: "\n")
    }
}
