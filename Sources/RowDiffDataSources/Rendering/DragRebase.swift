/// Keeps a user's drag when a state requested before it is rendered.
///
/// The rule (Sources/RowDiffDataSources/Documentation.docc/DataSources.md, "Drags and pending renders"): a state requested before the user
/// moved a row is rebased onto the move — the row stays in the section and after the neighbour the
/// user gave it — unless that state removes the row, or puts it in another section than it had
/// before the drag (then the state decides). States requested after the move render as they are
/// (an app that rejects a move renders its old state again).
///
/// Runs off the main thread, inside the render's background task.
enum DragRebase {
    /// Where one row was put: its key, the section key it had before, and the section key and the
    /// row key it follows after (nil: first in its section).
    struct Placement<Section: DiffableSection> {
        var row: Section.Row.DiffIdentity
        var sectionBefore: Section.DiffIdentity
        var sectionAfter: Section.DiffIdentity
        var follows: Section.Row.DiffIdentity?
    }

    /// More rows than this changing place is not a drag (the app installed a model of its own):
    /// nothing is rebased then.
    static let maximumPlacements = 64

    /// The rows whose place (section, or the row before them) differs between `before` and `after`,
    /// in `after`'s order. A drag changes at most three places: the row, its old and its new follower.
    /// Rows whose key is not equal to itself (NaN) are left out: no state could name them, and every
    /// NaN hashes alike, so putting them in the table would walk all the earlier ones. So is a row
    /// that follows such a key: `apply` could not find its follower again (the state decides).
    /// - Complexity: O(rows) expected, whatever the keys.
    static func placements<Section: DiffableSection>(from before: [Section], to after: [Section]) -> [Placement<Section>] {
        var old: [Section.Row.DiffIdentity: (section: Int, previous: Section.Row.DiffIdentity?)] = [:]
        old.reserveCapacity(before.reduce(0) { $0 + $1.rows.count })
        for (s, section) in before.enumerated() {
            var previous: Section.Row.DiffIdentity?
            for row in section.rows {
                let id = row.diffIdentity
                if id == id, old[id] == nil { old[id] = (s, previous) }
                previous = id
            }
        }
        var result: [Placement<Section>] = []
        for section in after {
            var previous: Section.Row.DiffIdentity?
            for row in section.rows {
                let id = row.diffIdentity
                defer { previous = id }
                guard id == id, let place = old[id] else { continue }
                if let follows = previous, follows != follows { continue }
                let sectionBefore = before[place.section].diffIdentity
                if sectionBefore == section.diffIdentity && place.previous == previous { continue }
                result.append(Placement(row: id, sectionBefore: sectionBefore, sectionAfter: section.diffIdentity, follows: previous))
                if result.count > maximumPlacements { return [] }
            }
        }
        return result
    }

    /// `state` with every placement applied that the rule allows.
    /// - Complexity: O(rows) per placement applied (placements are few).
    static func apply<Section: DiffableSection>(_ placements: [Placement<Section>], to state: [Section]) -> [Section] {
        var result = state
        for placement in placements {
            guard let from = position(of: placement.row, in: result),
                result[from.section].diffIdentity == placement.sectionBefore,
                let destination = result.firstIndex(where: { $0.diffIdentity == placement.sectionAfter })
            else { continue } // removed, or placed elsewhere by the state itself
            var rows = result[from.section].rows
            let row = rows.remove(at: from.item)
            result[from.section] = Section(source: result[from.section], rows: rows)
            rows = result[destination].rows
            let at = placement.follows.flatMap { key in rows.firstIndex { $0.diffIdentity == key }.map { $0 + 1 } } ?? 0
            rows.insert(row, at: at)
            result[destination] = Section(source: result[destination], rows: rows)
        }
        return result
    }

    private static func position<Section: DiffableSection>(of key: Section.Row.DiffIdentity, in model: [Section]) -> ItemPath? {
        for (s, section) in model.enumerated() {
            if let r = section.rows.firstIndex(where: { $0.diffIdentity == key }) { return ItemPath(section: s, item: r) }
        }
        return nil
    }
}
