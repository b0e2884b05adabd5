// Whether any row of the model declares a height: a view that knows there is none asks no row for
// one (UIKit sizes rows itself; the stand-ins give them their `rowHeight`), so a large list costs
// no height calls.

extension ListController {
    /// Whether a row of the installed model has a height or an estimated height of its own
    /// (`RowActions.height` / `estimatedHeight`). Answered from a scan of the rows, once per
    /// install; a content stage held as a patch (inside a render) keeps the answer of the model
    /// it patches, and the render's final model is scanned again.
    /// - Complexity: O(1) after the first call per install; that one O(rows) (O(1) per row for
    ///   `KeyedRow`s, one `presentation` call per row otherwise), stopping at the first height.
    public var hasExplicitRowHeights: Bool {
        let version = dataSource.version
        if let known = extras.explicitRowHeights, known.version == version { return known.value }
        let installed = dataSource.installedModel
        if installed.patch != nil, let known = extras.explicitRowHeights { return known.value }
        let value = Self.declaresRowHeights(installed.arrays, present)
        extras.explicitRowHeights = (version, value)
        return value
    }

    private static func declaresRowHeights(_ sections: [Section], _ present: (Section.Row) -> RowPresentation) -> Bool {
        if let keyed = sections as? [KeyedSection] {
            // Rows read in place: most have no actions box at all, and a row is one word, so the scan
            // is a load and a test per row (no presentation, no copy of the row's actions or state).
            for section in keyed {
                let found = section.rows.withUnsafeBufferPointer { rows in
                    for index in rows.indices {
                        if let box = rows[index].storage.actions, box.actions.height != nil || box.actions.estimatedHeight != nil { return true }
                    }
                    return false
                }
                if found { return true }
            }
            return false
        }
        return sections.contains { section in
            section.rows.contains { row in
                let actions = present(row).actions
                return actions.height != nil || actions.estimatedHeight != nil
            }
        }
    }
}
