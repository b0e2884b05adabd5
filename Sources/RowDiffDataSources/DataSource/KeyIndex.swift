import RowDiff

/// Key ↔ position lookups for one model: section key → section index and row key → index path.
/// Index path → key needs no table (it reads the model), so both directions are O(1).
///
/// A row key maps to a slot, and each slot to its row's path in this model. Slots outlive a
/// model: the table of the next model, made by remapping this one through the diff
/// (`init(remapping:through:)`), shares its key → slot dictionary as it is and writes only new
/// arrays of paths and slots, so a render hashes only the keys it inserts, copies no dictionary,
/// and replacing a table frees only two arrays (on the main thread, where the data source lets
/// go of the old table). A deleted key keeps its slot, holding no path, until a table is built
/// anew (see `init(remapping:through:)`).
///
/// With repeated keys the first occurrence is the one found; the repeats are listed in `duplicates`.
struct KeyIndex<Section: DiffableSection> {
    typealias RowID = Section.Row.DiffIdentity

    let sections: [Section.DiffIdentity: Int]
    let duplicates: DuplicateKeyDiagnostic?
    /// Row key → slot for the keys of the model the table was built for (the first occurrence of
    /// a repeated key); shared, unchanged, by every table remapped from it.
    private let slots: [RowID: Int]
    /// Keys that remapping met for the first time → slot (never also in `slots`).
    private let added: [RowID: Int]
    /// Each slot's path in this model; `absent` where its key is not in the model.
    private let paths: [ItemPath]
    /// Each row's slot, by its flat position in this model (the rows of section 0, then 1, …);
    /// -1 for a row in no table: a repeat of an earlier key, or a key not equal to itself.
    private let slotOfRow: [Int]
    /// The row count of each section of the model.
    private let rowCounts: [Int]

    /// The path of the row with key `key` (with repeated keys, the first occurrence), or nil.
    /// - Complexity: O(1) expected.
    func path(ofRow key: RowID) -> ItemPath? {
        guard let slot = slots[key] ?? added[key] else { return nil }
        let path = paths[slot]
        return path.section < 0 ? nil : path
    }

    /// - Complexity: O(sections + rows) expected; one dictionary sized once, two arrays.
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

    /// The table of `diff.new` made from `old`, the table of `diff.old`: every matched row keeps
    /// its slot (found through the diff's row map, no key hashed), an inserted row's key is looked
    /// up (one hash; a key seen before gets its slot back, a new one a new slot), and a deleted
    /// row's slot is left without a path. The key → slot dictionary is shared with `old`.
    ///
    /// Nil — the caller builds a new table — when either model repeats a section or row key
    /// (which occurrence is first would need the whole scan), when `old` is not the table of
    /// `diff.old` (its section and row counts differ), or when slots of deleted keys would make up
    /// more than half of the table, or keys added since the last new table more than a fifth of
    /// it (about 1,000 more are allowed in small lists): a new table is O(rows), so it is due at
    /// most once per that many inserted or deleted keys.
    /// - Complexity: O(sections + rows) for the arrays, with no hashing but O(1) expected per
    ///   inserted row; amortised over the renders, the new tables that the limits cause add
    ///   O(1) expected per inserted or deleted row.
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

    /// Slots beyond twice the rows (deleted keys) and added keys beyond a fifth of them are allowed
    /// this many more before a table is built anew.
    private static var slack: Int { 1_024 }

    private init?(remapped old: KeyIndex, _ diff: SectionedDiff<Section>) {
        let repeats = diff.duplicates
        guard old.duplicates == nil, repeats.oldSections.isEmpty, repeats.newSections.isEmpty,
            repeats.oldItems.isEmpty, repeats.newItems.isEmpty, old.rowCounts.count == diff.old.count,
            zip(old.rowCounts, diff.old).allSatisfy({ $0 == $1.rows.count })
        else { return nil }
        var rowCounts: [Int] = []
        rowCounts.reserveCapacity(diff.new.count)
        var sectionTable = [Section.DiffIdentity: Int](minimumCapacity: diff.new.count)
        for (s, section) in diff.new.enumerated() {
            rowCounts.append(section.rows.count)
            let id = section.diffIdentity
            if id == id { sectionTable[id] = s }
        }
        let total = rowCounts.reduce(0, +)
        let maximumSlots = 2 * total + Self.slack, maximumAdded = total / 5 + Self.slack
        guard old.paths.count <= maximumSlots else { return nil }
        var paths = [ItemPath](repeating: Self.absent, count: old.paths.count)
        var slotOfRow = [Int](repeating: -1, count: total)
        var added = old.added
        var start = 0
        var full = false
        // Read as arrays: in code not specialised for the section type, a call into the diff per
        // row fetched its generic metadata every time.
        let oldRows = diff.oldRowsOfNewRows
        old.slotOfRow.withUnsafeBufferPointer { oldSlots in
            slotOfRow.withUnsafeMutableBufferPointer { newSlots in
                for (s, section) in diff.new.enumerated() {
                    section.rows.withUnsafeBufferPointer { rows in
                        for r in rows.indices {
                            let row = start + r
                            let slot: Int
                            let oldRow = oldRows[row]
                            if oldRow != UInt32.max {
                                slot = oldSlots[Int(oldRow)]
                            } else {
                                // Keys not equal to themselves are left out, as in a new table.
                                let id = rows[r].diffIdentity
                                guard id == id else { continue }
                                if let known = old.slots[id] ?? added[id] {
                                    slot = known
                                } else {
                                    guard paths.count < maximumSlots, added.count < maximumAdded else {
                                        full = true
                                        return
                                    }
                                    slot = paths.count
                                    paths.append(Self.absent)
                                    added[id] = slot
                                }
                            }
                            newSlots[row] = slot
                            if slot >= 0 { paths[slot] = ItemPath(section: s, item: r) }
                        }
                    }
                    if full { return }
                    start += section.rows.count
                }
            }
        }
        if full { return nil }
        sections = sectionTable
        duplicates = nil
        slots = old.slots
        self.added = added
        self.paths = paths
        self.slotOfRow = slotOfRow
        self.rowCounts = rowCounts
    }

    /// The path of a slot whose key is not in the model.
    private static var absent: ItemPath { ItemPath(section: -1, item: -1) }

    private init(building model: [Section]) {
        var sectionTable = [Section.DiffIdentity: Int](minimumCapacity: model.count)
        var rowCounts: [Int] = []
        rowCounts.reserveCapacity(model.count)
        for section in model { rowCounts.append(section.rows.count) }
        let total = rowCounts.reduce(0, +)
        var slotTable = [RowID: Int](minimumCapacity: total)
        // A row's slot is its flat position: the arrays are written in order.
        var paths = [ItemPath](repeating: Self.absent, count: total)
        var slotOfRow = [Int](repeating: -1, count: total)
        var repeatedSections: [Int] = []
        var repeatedRows: [ItemPath] = []
        var start = 0
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
                    let slot = start + r
                    if let first = slotTable.updateValue(slot, forKey: rowID) {
                        slotTable[rowID] = first
                        repeatedRows.append(ItemPath(section: s, item: r))
                    } else {
                        paths[slot] = ItemPath(section: s, item: r)
                        slotOfRow[slot] = slot
                    }
                }
            }
            start += section.rows.count
        }
        sections = sectionTable
        slots = slotTable
        added = [:]
        self.paths = paths
        self.slotOfRow = slotOfRow
        self.rowCounts = rowCounts
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
