/// What an owner needs to know of a whole model to tell the view which questions it answers:
/// UIKit caches whether its delegate implements a method, so the adapter answers the row-height
/// and focus questions only when some row needs them, and a list where none does costs no such call.
public struct RowTraits: Sendable, Hashable {
    /// Whether some row gives a height or an estimated height.
    public var hasExplicitRowHeights: Bool
    /// Whether some row says whether it can take focus.
    public var hasFocusRules: Bool

    /// Traits from their parts.
    public init(hasExplicitRowHeights: Bool, hasFocusRules: Bool) {
        self.hasExplicitRowHeights = hasExplicitRowHeights
        self.hasFocusRules = hasFocusRules
    }

    /// The traits of `sections`, read from each row's actions.
    /// - Complexity: O(rows), stopping early once both are found.
    public static func of<Section: DiffableSection>(_ sections: [Section], actions: (Section.Row) -> RowActions) -> RowTraits {
        scanning(sections) { row in
            let rowActions = actions(row)
            return (rowActions.height != nil || rowActions.estimatedHeight != nil, rowActions.canFocus != nil)
        }
    }

    /// The traits of `KeyedSection`s, from the flags their rows keep (no actions are copied).
    /// - Complexity: O(rows), stopping early once both are found.
    static func of(keyed sections: [KeyedSection]) -> RowTraits {
        scanning(sections) { row in (row.declaresHeight, row.declaresFocus) }
    }

    /// Whether some row declares a height and some row a focus rule, as `declares` says of each.
    /// - Complexity: O(rows), stopping early once both are found.
    private static func scanning<Section: DiffableSection>(
        _ sections: [Section], _ declares: (Section.Row) -> (height: Bool, focus: Bool)
    ) -> RowTraits {
        var traits = RowTraits(hasExplicitRowHeights: false, hasFocusRules: false)
        for section in sections {
            for row in section.rows {
                let (height, focus) = declares(row)
                if height { traits.hasExplicitRowHeights = true }
                if focus { traits.hasFocusRules = true }
                if traits.hasExplicitRowHeights && traits.hasFocusRules { return traits }
            }
        }
        return traits
    }
}
