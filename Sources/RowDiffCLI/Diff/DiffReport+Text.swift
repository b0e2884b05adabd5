import RowDiff

extension DiffReport {
    /// A summary for people (`--format text`): counts first, then one line per change with the
    /// identity involved, e.g. `move    "b"  (0,1) → (0,0)`. Coordinates are (section,row); the
    /// left one is old, the right one new. Not a stable format: scripts should read the JSON.
    /// - Complexity: O(changes).
    func text() -> [UInt8] {
        let changes = diff.changeset
        var lines: [String] = []
        lines.append("old: \(Self.count(diff.old.count, "section")), \(Self.count(oldItemCount, "item"))")
        lines.append("new: \(Self.count(diff.new.count, "section")), \(Self.count(newItemCount, "item"))")
        lines.append(
            "sections: \(changes.sectionDeletes.count) deleted, \(changes.sectionInserts.count) inserted, "
                + "\(changes.sectionMoves.count) moved, \(changes.sectionUpdates.count) updated")
        lines.append(
            "items: \(changes.itemDeletes.count) deleted, \(changes.itemInserts.count) inserted, "
                + "\(changes.itemMoves.count) moved, \(changes.itemUpdates.count) updated")
        lines.append(
            "\(Self.count(stages.count, "stage")), \(Self.count(patch.count, "patch step")), "
                + "diff took \(Self.formatMillis(millis)) ms")
        if !duplicateSections.isEmpty {
            lines.append("duplicate section ids: " + duplicateSections.map(JSONWriter.compact).joined(separator: ", "))
        }
        if !duplicateItems.isEmpty {
            lines.append("duplicate item ids: " + duplicateItems.map(JSONWriter.compact).joined(separator: ", "))
        }

        var entries: [(verb: String, rest: String)] = []
        func section(_ index: Int, in sections: [JSONSection]) -> String { JSONWriter.compact(sections[index].identity) }
        func row(_ path: ItemPath, in sections: [JSONSection]) -> String {
            JSONWriter.compact(sections[path.section].rows[path.item].identity)
        }
        func at(_ path: ItemPath) -> String { "(\(path.section),\(path.item))" }
        for s in changes.sectionDeletes { entries.append(("delete section", "\(section(s, in: diff.old))  \(s)")) }
        for s in changes.sectionInserts { entries.append(("insert section", "\(section(s, in: diff.new))  \(s)")) }
        for m in changes.sectionMoves { entries.append(("move section", "\(section(m.to, in: diff.new))  \(m.from) → \(m.to)")) }
        for m in changes.sectionUpdates { entries.append(("update section", "\(section(m.to, in: diff.new))  \(m.from) → \(m.to)")) }
        for p in changes.itemDeletes { entries.append(("delete", "\(row(p, in: diff.old))  \(at(p))")) }
        for p in changes.itemInserts { entries.append(("insert", "\(row(p, in: diff.new))  \(at(p))")) }
        for m in changes.itemMoves { entries.append(("move", "\(row(m.to, in: diff.new))  \(at(m.from)) → \(at(m.to))")) }
        for m in changes.itemUpdates { entries.append(("update", "\(row(m.to, in: diff.new))  \(at(m.from)) → \(at(m.to))")) }

        lines.append("")
        if entries.isEmpty {
            lines.append("no changes")
        } else {
            let width = entries.map(\.verb.count).max() ?? 0
            for entry in entries {
                lines.append(entry.verb + String(repeating: " ", count: width - entry.verb.count + 2) + entry.rest)
            }
        }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// "1 section", "3 sections".
    private static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
}
