extension SectionedDiff {
    /// This diff with the section updates that `inPlace` accepts taken out of its changeset, and
    /// those updates (old index → new index). A list owner that can update a section's header and
    /// footer on the views already on screen stages only the other updates as section reloads, so
    /// the rows of a section whose header alone changed are neither reloaded nor recreated.
    ///
    /// The sequential patch, when there is one, is left as it is.
    /// - Complexity: O(section updates) calls of `inPlace`.
    package func takingSectionUpdates(inPlace: (_ old: Section, _ new: Section) -> Bool) -> (diff: SectionedDiff, inPlace: [Move<Int>]) {
        guard !changeset.sectionUpdates.isEmpty else { return (self, []) }
        var kept: [Move<Int>] = [], taken: [Move<Int>] = []
        for update in changeset.sectionUpdates {
            if inPlace(old[update.from], new[update.to]) { taken.append(update) } else { kept.append(update) }
        }
        guard !taken.isEmpty else { return (self, []) }
        var changeset = changeset
        changeset.sectionUpdates = kept
        return (SectionedDiff(self, changeset: changeset), taken)
    }

    /// `diff` with another changeset (same sides, same mapping).
    private init(_ diff: SectionedDiff, changeset: Changeset) {
        old = diff.old
        new = diff.new
        self.changeset = changeset
        duplicates = diff.duplicates
        patch = diff.patch
        sectionOldToNew = diff.sectionOldToNew
        sectionNewToOld = diff.sectionNewToOld
        rowOldToNew = diff.rowOldToNew
        rowNewToOld = diff.rowNewToOld
        oldRowStart = diff.oldRowStart
        newRowStart = diff.newRowStart
        usedExactIdentities = diff.usedExactIdentities
    }
}
