import RowDiff

/// Silent failures: UIKit accepts the batch, but the screen is wrong. Found by comparing the
/// layout UIKit builds from the batch (``FlatLayout``) with what the data source reports.
extension BatchAnalysis {
    /// Identity corruption, stale content and stale cell kinds: compares what UIKit keeps in each
    /// slot with what the data source has there. Unknown (`nil`) values are never compared.
    /// - Complexity: O(sections + new rows), with one `==` per kept cell and compared field.
    func silentViolations(_ flat: FlatLayout, before: ValidationSnapshot, after: ValidationSnapshot) -> [BatchUpdateViolation] {
        var found: [BatchUpdateViolation] = []
        for t in 0..<new.count where flat.map.newToOld[t] >= 0 {
            let o = flat.map.newToOld[t]
            let was = before.sectionInfos[o]
            let now = after.sectionInfos[t]
            if let a = was.identity, let b = now.identity, a != b {
                found.append(
                    violation(
                        .identityCorruption, sections: [t],
                        "new section \(t) keeps old section \(o) (\(a)), but the data source has section \(b) there"))
            } else if let a = was.content, let b = now.content, a != b {
                found.append(
                    violation(
                        .staleContent, sections: [t],
                        "new section \(t) keeps old section \(o)\(was.identity.map { " (\($0))" } ?? "") whose header/footer content "
                            + "changed from \(a.short) to \(b.short); the section was not reloaded"))
            }
        }
        guard let oldColumns = before.columns, let newColumns = after.columns else { return found }
        // Fields are compared only when both sides know them; a slot reports at most one
        // violation, the most fundamental: identity, then cell kind, then content.
        // Unwrapped once, outside the loop: binding optional arrays per row costs a retain and a
        // release each, which dominated the profile.
        let (oldIDs, newIDs) = both(oldColumns.identities, newColumns.identities) ?? ([], [])
        let (oldKinds, newKinds) = both(oldColumns.kinds, newColumns.kinds) ?? ([], [])
        let (oldContents, newContents) = both(oldColumns.contents, newColumns.contents) ?? ([], [])
        let checkIDs = !oldIDs.isEmpty
        let (oldInts, newInts) = both(oldColumns.intIdentities, newColumns.intIdentities) ?? ([], [])
        let intIDs = !oldInts.isEmpty
        let checkKinds = !oldKinds.isEmpty
        let checkContents = !oldContents.isEmpty
        let slots = flat.slots
        let newOffsets = flat.newOffsets
        let newToOld = flat.map.newToOld
        for t in 0..<new.count where newToOld[t] >= 0 {
            for j in newOffsets[t]..<newOffsets[t + 1] {
                let k = slots[j]
                guard k >= 0 else { continue }
                let identity: (ValidationValue, ValidationValue)? =
                    intIDs
                    ? (oldInts[k] == newInts[j] ? nil : (oldIDs[k]!, newIDs[j]!))
                    : checkIDs ? ValidationValue.differing(oldIDs[k], newIDs[j]) : nil
                if let (a, b) = identity {
                    let here = ItemPath(section: t, item: j - flat.newOffsets[t])
                    let from = flat.oldPath(k)
                    found.append(
                        violation(
                            .identityCorruption, paths: [here, from],
                            "row \(here) after the update keeps the cell of old row \(from) (\(a)), but the data source has \(b) there"))
                } else if checkKinds, let (a, b) = ValidationValue.differing(oldKinds[k], newKinds[j]) {
                    let here = ItemPath(section: t, item: j - flat.newOffsets[t])
                    let from = flat.oldPath(k)
                    let why =
                        flat.reconfigured.contains(k)
                        ? "a reconfigure keeps the cell, so the row must be reloaded"
                        : "the row was not reloaded"
                    found.append(
                        violation(
                            .staleCellKind, paths: [here, from],
                            "row \(here) after the update keeps the \(a.short) cell of old row \(from)\(named(k, oldColumns)), "
                                + "but the data source needs a \(b.short) cell: \(why)"))
                } else if checkContents, let (a, b) = ValidationValue.differing(oldContents[k], newContents[j]),
                    !flat.reconfigured.contains(k)
                {
                    let here = ItemPath(section: t, item: j - flat.newOffsets[t])
                    let from = flat.oldPath(k)
                    found.append(
                        violation(
                            .staleContent, paths: [here, from],
                            "row \(here) after the update keeps the cell of old row \(from)\(named(k, oldColumns)), "
                                + "whose content changed from \(a.short) to \(b.short); it was neither reloaded nor reconfigured"))
                }
            }
        }
        return found
    }
}

/// Both columns, when both sides know the field.
private func both<T>(_ a: [T]?, _ b: [T]?) -> ([T], [T])? {
    guard let a, let b else { return nil }
    return (a, b)
}

private func named(_ k: Int, _ columns: ValidationSnapshot.Columns) -> String {
    columns.identities?[k].map { " (\($0))" } ?? ""
}
