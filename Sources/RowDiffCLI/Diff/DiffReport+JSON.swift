import RowDiff

extension DiffReport {
    /// The report as the JSON object of the contract (docs/JSON.md).
    ///
    /// Keys are always in the contract's order and each list is on one line, each stage key,
    /// stage section and patch step on its own, so outputs diff well and golden files stay
    /// readable. Ends with a newline.
    /// - Complexity: O(changes + stages × model size + patch steps).
    func json() -> [UInt8] {
        var out = JSONWriter(reservingCapacity: 4096)
        out.raw("{")
        out.newline(indent: 2)
        out.key("changes")
        writeChanges(&out)
        out.raw(",")
        out.newline(indent: 2)
        out.key("stages")
        writeStages(&out)
        out.raw(",")
        out.newline(indent: 2)
        out.key("patch")
        writePatch(&out)
        out.raw(",")
        out.newline(indent: 2)
        out.key("duplicates")
        out.raw("{")
        out.key("sections")
        out.list(duplicateSections) { $0.value($1) }
        out.raw(", ")
        out.key("items")
        out.list(duplicateItems) { $0.value($1) }
        out.raw("},")
        out.newline(indent: 2)
        out.key("stats")
        writeStats(&out)
        out.newline(indent: 0)
        out.raw("}\n")
        return out.bytes
    }

    private func writeChanges(_ out: inout JSONWriter) {
        let changes = diff.changeset
        out.raw("{")
        out.newline(indent: 4)
        out.key("sectionDeletes")
        out.list(changes.sectionDeletes) { $0.int($1) }
        out.raw(",")
        out.newline(indent: 4)
        out.key("sectionInserts")
        out.list(changes.sectionInserts) { $0.int($1) }
        out.raw(",")
        out.newline(indent: 4)
        out.key("sectionMoves")
        out.list(changes.sectionMoves) { $0.sectionPair($1) }
        out.raw(",")
        out.newline(indent: 4)
        out.key("sectionUpdates")
        out.list(changes.sectionUpdates) { $0.sectionPair($1) }
        out.raw(",")
        out.newline(indent: 4)
        out.key("itemDeletes")
        out.list(changes.itemDeletes) { $0.path($1) }
        out.raw(",")
        out.newline(indent: 4)
        out.key("itemInserts")
        out.list(changes.itemInserts) { $0.path($1) }
        out.raw(",")
        out.newline(indent: 4)
        out.key("itemMoves")
        out.list(changes.itemMoves) { $0.pathPair($1) }
        out.raw(",")
        out.newline(indent: 4)
        out.key("itemUpdates")
        out.list(changes.itemUpdates) { $0.pathPair($1) }
        out.newline(indent: 2)
        out.raw("}")
    }

    private func writeStages(_ out: inout JSONWriter) {
        guard !stages.isEmpty else { return out.raw("[]") }
        out.raw("[")
        for (index, stage) in stages.enumerated() {
            let update = stage.update
            out.newline(indent: 4)
            out.raw("{")
            out.newline(indent: 6)
            out.key("sectionDeletes")
            out.list(update.sectionDeletes) { $0.int($1) }
            out.raw(",")
            out.newline(indent: 6)
            out.key("sectionInserts")
            out.list(update.sectionInserts) { $0.int($1) }
            out.raw(",")
            out.newline(indent: 6)
            out.key("sectionMoves")
            out.list(update.sectionMoves) { $0.sectionPair($1) }
            out.raw(",")
            out.newline(indent: 6)
            out.key("sectionReloads")
            out.list(update.sectionReloads) { $0.int($1) }
            out.raw(",")
            out.newline(indent: 6)
            out.key("itemDeletes")
            out.list(update.itemDeletes) { $0.path($1) }
            out.raw(",")
            out.newline(indent: 6)
            out.key("itemInserts")
            out.list(update.itemInserts) { $0.path($1) }
            out.raw(",")
            out.newline(indent: 6)
            out.key("itemMoves")
            out.list(update.itemMoves) { $0.pathPair($1) }
            out.raw(",")
            out.newline(indent: 6)
            // The contract has no reconfigures (no cell kinds); a reconfigure is reported as the
            // reload it stands for, both in old coordinates.
            out.key("itemReloads")
            out.list(update.itemReloads + update.itemReconfigures) { $0.path($1) }
            out.raw(",")
            out.newline(indent: 6)
            out.key("after")
            if stage.after.isEmpty {
                out.raw("[]")
            } else {
                out.raw("[")
                for (s, section) in stage.after.enumerated() {
                    out.newline(indent: 8)
                    out.raw("{")
                    out.key("id")
                    out.value(section.identity)
                    out.raw(", ")
                    out.key("items")
                    out.list(section.rows) { $0.value($1.identity) }
                    out.raw(s == stage.after.count - 1 ? "}" : "},")
                }
                out.newline(indent: 6)
                out.raw("]")
            }
            out.newline(indent: 4)
            out.raw(index == stages.count - 1 ? "}" : "},")
        }
        out.newline(indent: 2)
        out.raw("]")
    }

    private func writePatch(_ out: inout JSONWriter) {
        let steps = patch
        guard !steps.isEmpty else { return out.raw("[]") }
        out.raw("[")
        for (index, step) in steps.enumerated() {
            out.newline(indent: 4)
            out.raw("{")
            out.key("op")
            switch step {
            case .deleteSection(let at):
                out.raw("\"deleteSection\", ")
                out.key("at")
                out.int(at)
            case .insertSection(let at, let section):
                out.raw("\"insertSection\", ")
                out.key("at")
                out.int(at)
                out.raw(", ")
                out.key("id")
                out.value(section.identity)
            case .moveSection(let from, let to):
                out.raw("\"moveSection\", ")
                out.key("from")
                out.int(from)
                out.raw(", ")
                out.key("to")
                out.int(to)
            case .updateSection(let at, _):
                out.raw("\"updateSection\", ")
                out.key("at")
                out.int(at)
            case .deleteItem(let at):
                out.raw("\"delete\", ")
                out.key("at")
                out.path(at)
            case .insertItem(let at, let row):
                out.raw("\"insert\", ")
                out.key("at")
                out.path(at)
                out.raw(", ")
                out.key("id")
                out.value(row.identity)
            case .moveItem(let from, let to):
                out.raw("\"move\", ")
                out.key("from")
                out.path(from)
                out.raw(", ")
                out.key("to")
                out.path(to)
            case .updateItem(let at, _):
                out.raw("\"update\", ")
                out.key("at")
                out.path(at)
            }
            out.raw(index == steps.count - 1 ? "}" : "},")
        }
        out.newline(indent: 2)
        out.raw("]")
    }

    private func writeStats(_ out: inout JSONWriter) {
        out.raw("{")
        out.key("oldSections")
        out.int(diff.old.count)
        out.raw(", ")
        out.key("oldItems")
        out.int(oldItemCount)
        out.raw(", ")
        out.key("newSections")
        out.int(diff.new.count)
        out.raw(", ")
        out.key("newItems")
        out.int(newItemCount)
        out.raw(", ")
        out.key("moves")
        out.int(diff.changeset.itemMoves.count)
        out.raw(", ")
        out.key("millis")
        out.raw(Self.formatMillis(millis))
        out.raw("}")
    }

    /// Milliseconds rounded to the microsecond, as a JSON number ("0.042", "12.5").
    static func formatMillis(_ millis: Double) -> String {
        let micros = Int((max(0, millis) * 1000).rounded())
        let fraction = String(micros % 1000)
        var text = String(micros / 1000)
        if micros % 1000 != 0 {
            text += "." + String(repeating: "0", count: 3 - fraction.count) + fraction
            while text.hasSuffix("0") { text.removeLast() }
        }
        return text
    }
}

extension JSONWriter {
    mutating func path(_ path: ItemPath) { self.path(section: path.section, item: path.item) }

    /// `[from, to]`.
    mutating func sectionPair(_ move: Move<Int>) {
        raw("[")
        int(move.from)
        raw(", ")
        int(move.to)
        raw("]")
    }

    /// `[[s, r], [s, r]]`.
    mutating func pathPair(_ move: Move<ItemPath>) {
        raw("[")
        path(move.from)
        raw(", ")
        path(move.to)
        raw("]")
    }
}
