import RowDiff

/// One way a batch update fails on UIKit, or breaks RowDiff's strict profile.
///
/// `description` is one sentence naming the rule, the index paths and the counts, e.g.
/// `stage 2: rule 15 (row count mismatch): section 1 has 4 rows after the update, expected 5 =
/// 3 old + 2 inserted − 0 deleted + 0 moved in − 0 moved out`. The rule's part of it
/// (`rule 15 (row count mismatch)`) is a heading of Sources/RowDiffValidation/Documentation.docc/BatchRules.md, which explains the rule.
public struct BatchUpdateViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule that was broken. Numbered cases follow Sources/RowDiffValidation/Documentation.docc/BatchRules.md ("Rules on which UIKit
    /// throws", 1–16); each rule's `description` is a heading there.
    public enum Rule: Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// Rule 1: a reload and a delete of the same index path (or of the same section).
        case reloadAndDeleteSameIndexPath
        /// Rule 2: a delete (explicit, or the delete half of a reload) equal to a move source.
        case deleteOfMoveSource
        /// Rule 3 (collection view): a row moved out of a deleted (or reloaded) section.
        case moveOutOfDeletedSection
        /// Rule 4: a section delete (or section reload) outside the old sections.
        case sectionDeleteOutOfBounds
        /// Rule 5: a row delete, reload or reconfigure outside the old rows.
        case rowDeleteOutOfBounds
        /// Rule 6: an insert (explicit, or the insert half of a reload) equal to a move destination.
        case insertAtMoveDestination
        /// Rule 7 (collection view): a row moved into an inserted (or reloaded) section.
        case moveIntoInsertedSection
        /// Rule 8: a section insert (or the insert half of a section reload) outside the new sections.
        case sectionInsertOutOfBounds
        /// Rule 9: a row insert (or the insert half of a row reload) outside the new rows.
        case rowInsertOutOfBounds
        /// Rule 10: a section move whose source or destination is out of bounds.
        case sectionMoveOutOfBounds
        /// Rule 11: a row move whose source or destination is out of bounds.
        case rowMoveOutOfBounds
        /// Rule 12: one source moved more than once.
        case sourceMovedTwice
        /// Rule 13: two sources moved to one destination.
        case destinationMovedToTwice
        /// Rule 14: new section count ≠ old + inserted − deleted.
        case sectionCountMismatch
        /// Rule 15: a section's new row count ≠ old + inserted − deleted + moved in − moved out.
        case rowCountMismatch
        /// Rule 16 (iOS 16.4+): the data source's counts before the batch differ from the view's —
        /// data changed outside the update block.
        case countsChangedOutsideUpdate
        /// Table view only: a row moved out of a deleted or into an inserted section. UITableView
        /// does not throw but silently falls back to `reloadData`, losing the animation (rules 3, 7).
        case reloadDataFallback
        /// Silent: UIKit keeps the cell (or section) of one identity in a slot where the data
        /// source has another.
        case identityCorruption
        /// Silent: a kept cell or section whose content changed was neither reloaded nor
        /// reconfigured (sections: not reloaded).
        case staleContent
        /// Silent: a kept or reconfigured cell whose cell kind changed; only a reload replaces the
        /// cell, a reconfigure keeps its type.
        case staleCellKind
        /// Strict S1: a row operation touches a section that moves in the same batch.
        case strictS1
        /// Strict S2: a reloaded row moves (explicitly, with its section, or is shifted by moves).
        case strictS2
        /// Strict S3: a row moves out of a deleted or into an inserted section. UIKit already
        /// rejects every such move (rules 3, 7 or ``reloadDataFallback``), which is reported
        /// instead, so this case is never produced; it exists to keep the S-numbering complete.
        case strictS3
        /// Strict S4: a duplicate entry within one list of the batch.
        case strictS4
        /// Strict S5: reloads beside inserts, deletes or moves.
        case strictS5
        /// Strict S6: a reconfigure beside any other operation, or at a path invalid before or after.
        case strictS6
        /// Chains: the last stage's snapshot is not the expected final snapshot.
        case chainEndsElsewhere

        /// The rule number in Sources/RowDiffValidation/Documentation.docc/BatchRules.md (1–16), or `nil` for the others.
        public var number: Int? {
            switch self {
            case .reloadAndDeleteSameIndexPath: 1
            case .deleteOfMoveSource: 2
            case .moveOutOfDeletedSection: 3
            case .sectionDeleteOutOfBounds: 4
            case .rowDeleteOutOfBounds: 5
            case .insertAtMoveDestination: 6
            case .moveIntoInsertedSection: 7
            case .sectionInsertOutOfBounds: 8
            case .rowInsertOutOfBounds: 9
            case .sectionMoveOutOfBounds: 10
            case .rowMoveOutOfBounds: 11
            case .sourceMovedTwice: 12
            case .destinationMovedToTwice: 13
            case .sectionCountMismatch: 14
            case .rowCountMismatch: 15
            case .countsChangedOutsideUpdate: 16
            default: nil
            }
        }

        /// True for the rules on which UIKit throws `NSInternalInconsistencyException`.
        public var raisesOnUIKit: Bool { number != nil }

        /// True for the rules only the strict profile checks.
        public var isStrict: Bool {
            switch self {
            case .strictS1, .strictS2, .strictS3, .strictS4, .strictS5, .strictS6: true
            default: false
            }
        }

        /// A short name, e.g. `row count mismatch`.
        public var title: String {
            switch self {
            case .reloadAndDeleteSameIndexPath: "reload and delete of the same index path"
            case .deleteOfMoveSource: "delete of a move source"
            case .moveOutOfDeletedSection: "row moved out of a deleted section"
            case .sectionDeleteOutOfBounds: "section delete out of bounds"
            case .rowDeleteOutOfBounds: "row delete out of bounds"
            case .insertAtMoveDestination: "insert at a move destination"
            case .moveIntoInsertedSection: "row moved into an inserted section"
            case .sectionInsertOutOfBounds: "section insert out of bounds"
            case .rowInsertOutOfBounds: "row insert out of bounds"
            case .sectionMoveOutOfBounds: "section move out of bounds"
            case .rowMoveOutOfBounds: "row move out of bounds"
            case .sourceMovedTwice: "one source moved twice"
            case .destinationMovedToTwice: "two sources moved to one destination"
            case .sectionCountMismatch: "section count mismatch"
            case .rowCountMismatch: "row count mismatch"
            case .countsChangedOutsideUpdate: "counts changed outside the update"
            case .reloadDataFallback: "reloadData fallback"
            case .identityCorruption: "identity corruption"
            case .staleContent: "stale content"
            case .staleCellKind: "stale cell kind"
            case .strictS1: "row operation in a moving section"
            case .strictS2: "reloaded row moves"
            case .strictS3: "row moved across a deleted or inserted section"
            case .strictS4: "duplicate index path"
            case .strictS5: "reload beside other changes"
            case .strictS6: "reconfigure not on its own"
            case .chainEndsElsewhere: "stages end elsewhere"
            }
        }

        /// `rule 15 (row count mismatch)`, `S1 (row operation in a moving section)`, `identity corruption`.
        public var description: String {
            if let number { return "rule \(number) (\(title))" }
            switch self {
            case .strictS1: return "S1 (\(title))"
            case .strictS2: return "S2 (\(title))"
            case .strictS3: return "S3 (\(title))"
            case .strictS4: return "S4 (\(title))"
            case .strictS5: return "S5 (\(title))"
            case .strictS6: return "S6 (\(title))"
            default: return title
            }
        }
    }

    /// The terms of a count rule (14, 15): `actual` must equal
    /// `old + inserted − deleted + movedIn − movedOut`. For sections (rule 14) the moves are 0.
    public struct Counts: Sendable, Hashable {
        /// What the data source reports after the update.
        public var actual: Int
        /// What the view had before the update (for rule 15: in the old counterpart section).
        public var old: Int
        /// Inserts that count (explicit, and the insert halves of reloads; none inside new sections).
        public var inserted: Int
        /// Deletes that count (explicit, and the delete halves of reloads; none inside deleted sections).
        public var deleted: Int
        /// Rows moved in from another section (rule 15 only).
        public var movedIn: Int
        /// Rows moved out to another section (rule 15 only).
        public var movedOut: Int
        /// `old + inserted − deleted + movedIn − movedOut`.
        public var expected: Int { old + inserted - deleted + movedIn - movedOut }

        /// The terms of a count rule; the moves default to 0 (as for sections).
        public init(actual: Int, old: Int, inserted: Int, deleted: Int, movedIn: Int = 0, movedOut: Int = 0) {
            self.actual = actual
            self.old = old
            self.inserted = inserted
            self.deleted = deleted
            self.movedIn = movedIn
            self.movedOut = movedOut
        }
    }

    /// The rule broken.
    public var rule: Rule
    /// The kind of view judged.
    public var view: ListViewKind
    /// The index of the stage in a chain (0-based, as in the array passed), `nil` for one batch.
    public var stage: Int?
    /// The sections involved. Each message says whether they are old or new indices.
    public var sections: [Int]
    /// The index paths involved. Each message says whether they are old or new coordinates.
    public var indexPaths: [ItemPath]
    /// The terms of a count rule (14, 15), `nil` otherwise.
    public var counts: Counts?
    /// The sentence after the rule name: what is wrong, where, with which counts.
    public var detail: String

    /// A violation; validators build these, tests may compare against them.
    public init(
        rule: Rule, view: ListViewKind, stage: Int? = nil, sections: [Int] = [], indexPaths: [ItemPath] = [],
        counts: Counts? = nil, detail: String
    ) {
        self.rule = rule
        self.view = view
        self.stage = stage
        self.sections = sections
        self.indexPaths = indexPaths
        self.counts = counts
        self.detail = detail
    }

    /// `stage 2: rule 15 (row count mismatch): section 1 has 4 rows after the update, …`
    public var description: String {
        let prefix = stage.map { "stage \($0): " } ?? ""
        return "\(prefix)\(rule): \(detail)"
    }
}
