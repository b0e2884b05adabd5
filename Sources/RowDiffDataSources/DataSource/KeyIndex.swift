/// Key ↔ position lookups for one model: section key → section index and row key → index path,
/// built in one pass. Index path → key needs no table (it reads the model), so both directions
/// are O(1).
///
/// With repeated keys the first occurrence is the one found; the repeats are listed in `duplicates`.
struct KeyIndex<Section: DiffableSection> {
    let sections: [Section.DiffIdentity: Int]
    let rows: [Section.Row.DiffIdentity: ItemPath]
    let duplicates: DuplicateKeyDiagnostic?

    /// - Complexity: O(sections + rows) expected; two dictionaries sized once.
    init(_ model: [Section]) {
        // The data sources' own section type gets code specialised for it: called from the
        // generic data source and renderer, the general version hashes and compares every key
        // through the Hashable witnesses (about ten times slower at 100k rows). The two types are
        // the same here, so both casts reinterpret a value as its own type.
        if Section.self == KeyedSection.self {
            let keyed = KeyIndex<KeyedSection>(building: unsafeBitCast(model, to: [KeyedSection].self))
            self = unsafeBitCast(keyed, to: KeyIndex<Section>.self)
        } else {
            self.init(building: model)
        }
    }

    /// The table of `diff.new` made from `old`, the table of `diff.old`: the matched rows' entries
    /// keep their places and get their new paths from the diff's maps, so no matched key is hashed
    /// again; deleted keys are removed and inserted ones added (one hash each). At 1 % changed that
    /// is 2 % of the hashing a new table does. Nil when either model repeats a section or row key
    /// (which occurrence is first would need the whole scan), when `old` is not `diff.old`'s table,
    /// or when the new model has fewer than half the rows (the remapped table keeps the old one's
    /// capacity: a list that shrank gets a table of its own size).
    /// - Complexity: O(sections + rows log sections) reading the diff's maps, plus O(changed rows)
    ///   expected for the hashing.
    init?(remapping old: KeyIndex, through diff: SectionedDiff<Section>) {
        // The data sources' own section type gets code specialised for it (see `init(_:)`).
        if Section.self == KeyedSection.self {
            guard
                let keyed = KeyIndex<KeyedSection>(
                    remapped: unsafeBitCast(old, to: KeyIndex<KeyedSection>.self),
                    unsafeBitCast(diff, to: SectionedDiff<KeyedSection>.self))
            else { return nil }
            self = unsafeBitCast(keyed, to: KeyIndex<Section>.self)
        } else {
            self.init(remapped: old, diff)
        }
    }

    private init?(remapped old: KeyIndex, _ diff: SectionedDiff<Section>) {
        let repeats = diff.duplicates
        guard old.duplicates == nil, repeats.oldSections.isEmpty, repeats.newSections.isEmpty,
            repeats.oldItems.isEmpty, repeats.newItems.isEmpty,
            old.sections.count == diff.old.count, old.rows.count == diff.old.reduce(0, { $0 + $1.rows.count }),
            diff.new.reduce(0, { $0 + $1.rows.count }) >= old.rows.count / 2
        else { return nil }
        var sectionTable = [Section.DiffIdentity: Int](minimumCapacity: diff.new.count)
        for (s, section) in diff.new.enumerated() {
            let id = section.diffIdentity
            if id == id { sectionTable[id] = s }
        }
        // Same keys, same buckets (`mapValues` keeps the table's layout): only the paths change. A
        // deleted row's entry gets a placeholder, removed below.
        var rowTable = old.rows.mapValues { diff.newPath(ofOldItem: $0) ?? Self.removed }
        // The rows without a counterpart are the changeset's deletes (old paths) and inserts (new
        // paths): no scan of every row and look-up of its counterpart, which `mapValues` just did.
        for path in diff.changeset.itemDeletes {
            let rowID = diff.old[path.section].rows[path.item].diffIdentity
            if rowID == rowID { rowTable[rowID] = nil }
        }
        for path in diff.changeset.itemInserts {
            // Keys not equal to themselves are left out, as in a new table.
            let rowID = diff.new[path.section].rows[path.item].diffIdentity
            if rowID == rowID { rowTable[rowID] = path }
        }
        sections = sectionTable
        rows = rowTable
        duplicates = nil
    }

    /// The placeholder path of a deleted row's entry while a table is remapped.
    private static var removed: ItemPath { ItemPath(section: -1, item: -1) }

    private init(building model: [Section]) {
        var sectionTable = [Section.DiffIdentity: Int](minimumCapacity: model.count)
        var total = 0
        for section in model { total += section.rows.count }
        var rowTable = [Section.Row.DiffIdentity: ItemPath](minimumCapacity: total)
        var repeatedSections: [Int] = []
        var repeatedRows: [ItemPath] = []
        for (s, section) in model.enumerated() {
            // One hash per key: insert, and put the first occurrence back on the rare repeat.
            // A key not equal to itself (NaN) can never be looked up, and every NaN hashes alike:
            // inserting them would walk all the earlier ones. They are left out.
            let id = section.diffIdentity
            if id == id, let first = sectionTable.updateValue(s, forKey: id) {
                sectionTable[id] = first
                repeatedSections.append(s)
            }
            // Rows are read in place: iterating them would copy each one only to read its key.
            section.rows.withUnsafeBufferPointer { rows in
                for r in rows.indices {
                    let rowID = rows[r].diffIdentity
                    if rowID != rowID { continue }
                    let path = ItemPath(section: s, item: r)
                    if let first = rowTable.updateValue(path, forKey: rowID) {
                        rowTable[rowID] = first
                        repeatedRows.append(path)
                    }
                }
            }
        }
        sections = sectionTable
        rows = rowTable
        duplicates =
            repeatedSections.isEmpty && repeatedRows.isEmpty
            ? nil : DuplicateKeyDiagnostic(model: model, repeatedSections: repeatedSections, repeatedRows: repeatedRows)
    }
}

/// Keys that occur more than once in a model: which keys, and where.
///
/// Duplicates never crash RowDiff; the renderer reports them with this value and then follows its
/// `DuplicatePolicy`.
public struct DuplicateKeyDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// One repeated key: its description and every position it occurs at (ascending).
    public struct Entry: Sendable, Hashable {
        /// The key, as `String(describing:)` shows it.
        public var key: String
        /// Section indices (for section keys) or flat positions (for row keys), ascending.
        public var sections: [Int]
        /// Index paths, for row keys; empty for section keys.
        public var indexPaths: [ItemPath]
    }

    /// Section keys that repeat among sections.
    public var sectionKeys: [Entry]
    /// Row keys that repeat among all rows of the list.
    public var rowKeys: [Entry]

    /// A diagnostic from explicit entries.
    public init(sectionKeys: [Entry] = [], rowKeys: [Entry] = []) {
        self.sectionKeys = sectionKeys
        self.rowKeys = rowKeys
    }

    /// Builds entries for the repeated positions (later occurrences) found in `model`.
    /// - Complexity: O(sections + rows) — only run when duplicates exist.
    init<Section: DiffableSection>(model: [Section], repeatedSections: [Int], repeatedRows: [ItemPath]) {
        var sectionEntries: [Section.DiffIdentity: Entry] = [:]
        var sectionOrder: [Section.DiffIdentity] = []
        let repeatedSectionIDs = Set(repeatedSections.map { model[$0].diffIdentity })
        for (s, section) in model.enumerated() where repeatedSectionIDs.contains(section.diffIdentity) {
            let id = section.diffIdentity
            if sectionEntries[id] == nil {
                sectionOrder.append(id)
                sectionEntries[id] = Entry(key: String(describing: id), sections: [], indexPaths: [])
            }
            sectionEntries[id]!.sections.append(s)
        }
        var rowEntries: [Section.Row.DiffIdentity: Entry] = [:]
        var rowOrder: [Section.Row.DiffIdentity] = []
        let repeatedRowIDs = Set(repeatedRows.map { model[$0.section].rows[$0.item].diffIdentity })
        for (s, section) in model.enumerated() {
            for (r, row) in section.rows.enumerated() where repeatedRowIDs.contains(row.diffIdentity) {
                let id = row.diffIdentity
                if rowEntries[id] == nil {
                    rowOrder.append(id)
                    rowEntries[id] = Entry(key: String(describing: id), sections: [], indexPaths: [])
                }
                rowEntries[id]!.indexPaths.append(ItemPath(section: s, item: r))
            }
        }
        self.sectionKeys = sectionOrder.map { sectionEntries[$0]! }
        self.rowKeys = rowOrder.map { rowEntries[$0]! }
    }

    /// Builds a diagnostic from a diff's duplicate report (the new side).
    init<Section: DiffableSection>(newSide report: DuplicateReport, model: [Section]) {
        self.init(model: model, repeatedSections: report.newSections, repeatedRows: report.newItems)
    }

    /// True when nothing repeats.
    public var isEmpty: Bool { sectionKeys.isEmpty && rowKeys.isEmpty }

    /// One line naming every repeated key and where it is, e.g.
    /// `duplicate keys (keys must be unique: section keys among sections, row keys across the list):
    /// row a at (0, 1), (2, 0); section s at 0, 3` (keys as `String(describing:)` shows them).
    public var description: String {
        var parts: [String] = []
        for entry in rowKeys {
            parts.append("row \(entry.key) at \(entry.indexPaths.map(\.description).joined(separator: ", "))")
        }
        for entry in sectionKeys {
            parts.append("section \(entry.key) at \(entry.sections.map(String.init).joined(separator: ", "))")
        }
        return "duplicate keys (keys must be unique: section keys among sections, row keys across the list): "
            + parts.joined(separator: "; ")
    }
}
