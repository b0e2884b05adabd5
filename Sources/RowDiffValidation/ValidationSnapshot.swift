import RowDiff

/// What a list view shows, or what its data source reports, at one moment: sections, each with an
/// identity, header/footer content and rows; each row with an identity, content and cell kind.
///
/// Built from counts only (`ValidationSnapshot(counts: [3, 0, 5])`) the validator checks the
/// structural rules (1–16 of Sources/RowDiffValidation/Documentation.docc/BatchRules.md) and nothing else. Built from identities it also
/// simulates which cell UIKit keeps in each slot and reports identity corruption; add content and
/// kinds and it reports stale content and stale cell kinds. A `nil` identity, content or kind
/// means "unknown" and is never compared, so partial descriptions are fine.
///
/// Rows are stored flat (section-major) with per-section counts, so a snapshot of a million rows
/// is one array and the validator indexes it without hashing.
public struct ValidationSnapshot: Sendable, Hashable {
    /// One row: identity, content and cell kind (the reuse identifier or cell type).
    public struct Item: Sendable, Hashable {
        /// Which model element the row shows; `nil` when unknown.
        public var identity: ValidationValue?
        /// What the cell displays; a kept cell whose content changed is stale. `nil` when unknown.
        public var content: ValidationValue?
        /// The cell type needed to display the row; a kept or reconfigured cell whose kind changed
        /// has the wrong type. `nil` when unknown.
        public var kind: ValidationValue?

        /// A row; content and kind default to unknown.
        public init(
            _ identity: (any Hashable & Sendable)?, content: (any Hashable & Sendable)? = nil,
            kind: (any Hashable & Sendable)? = nil
        ) {
            self.identity = identity.map { ValidationValue($0) }
            self.content = content.map { ValidationValue($0) }
            self.kind = kind.map { ValidationValue($0) }
        }
    }

    /// One section: identity, header/footer content and rows.
    public struct Section: Sendable, Hashable {
        /// Which model section this is; `nil` when unknown.
        public var identity: ValidationValue?
        /// Header/footer content; a kept section whose content changed is stale. `nil` when unknown.
        public var content: ValidationValue?
        /// The rows, top to bottom.
        public var items: [Item]

        /// A section; content defaults to unknown.
        public init(_ identity: (any Hashable & Sendable)?, content: (any Hashable & Sendable)? = nil, items: [Item]) {
            self.identity = identity.map { ValidationValue($0) }
            self.content = content.map { ValidationValue($0) }
            self.items = items
        }

        /// A section whose rows are given by identity only.
        public init<I: Hashable & Sendable>(
            _ identity: (any Hashable & Sendable)?, content: (any Hashable & Sendable)? = nil, identities: [I]
        ) {
            self.init(identity, content: content, items: identities.map { Item($0) })
        }
    }

    /// Section identity and content (parallel to `counts`).
    @usableFromInline
    struct SectionInfo: Sendable, Hashable {
        var identity: ValidationValue?
        var content: ValidationValue?
    }

    /// The rows' fields as columns, section-major. A column is `nil` when no row knows that field,
    /// so the validator skips it instead of comparing `nil` with `nil` row by row; separate columns
    /// also keep the comparison loops tight (no copying of whole items).
    @usableFromInline
    struct Columns: Sendable, Hashable {
        var identities: [ValidationValue?]?
        var contents: [ValidationValue?]?
        var kinds: [ValidationValue?]?
        /// The identities again as plain integers when every row has an `Int` identity (the
        /// common case in tests), so the identity pass compares machine words.
        var intIdentities: [Int]?

        init(identities: [ValidationValue?], contents: [ValidationValue?], kinds: [ValidationValue?]) {
            self.identities = identities.contains { $0 != nil } ? identities : nil
            var ints: [Int] = []
            ints.reserveCapacity(identities.count)
            for identity in identities {
                guard case .int(let value)? = identity?.storage else { break }
                ints.append(value)
            }
            self.intIdentities = !identities.isEmpty && ints.count == identities.count ? ints : nil
            self.contents = contents.contains { $0 != nil } ? contents : nil
            self.kinds = kinds.contains { $0 != nil } ? kinds : nil
        }

        var isEmpty: Bool { identities == nil && contents == nil && kinds == nil }

        func item(_ k: Int) -> Item {
            var item = Item(nil)
            item.identity = identities?[k]
            item.content = contents?[k]
            item.kind = kinds?[k]
            return item
        }
    }

    /// The number of rows in each section.
    public let counts: [Int]
    @usableFromInline let sectionInfos: [SectionInfo]
    /// Row descriptions; `nil` for a count-only snapshot (or one whose rows are all unknown).
    @usableFromInline let columns: Columns?
    /// `offsets[s]` is the flat index of row 0 of section `s`; `offsets.last` is the row total.
    @usableFromInline let offsets: [Int]

    /// A snapshot that knows only how many rows each section has: only the structural rules apply.
    /// Negative counts are clamped to 0.
    /// - Complexity: O(number of sections).
    public init(counts: [Int]) {
        self.counts = counts.map { max(0, $0) }
        self.sectionInfos = Array(repeating: SectionInfo(), count: counts.count)
        self.columns = nil
        self.offsets = prefixSums(self.counts)
    }

    /// A snapshot with full section and row descriptions.
    /// - Complexity: O(number of sections + rows).
    public init(sections: [Section]) {
        let total = sections.reduce(0) { $0 + $1.items.count }
        var identities: [ValidationValue?] = []
        var contents: [ValidationValue?] = []
        var kinds: [ValidationValue?] = []
        identities.reserveCapacity(total)
        contents.reserveCapacity(total)
        kinds.reserveCapacity(total)
        for section in sections {
            for item in section.items {
                identities.append(item.identity)
                contents.append(item.content)
                kinds.append(item.kind)
            }
        }
        self.init(
            counts: sections.map(\.items.count),
            sectionInfos: sections.map { SectionInfo(identity: $0.identity, content: $0.content) },
            columns: Columns(identities: identities, contents: contents, kinds: kinds))
    }

    private init(counts: [Int], sectionInfos: [SectionInfo], columns: Columns) {
        self.counts = counts
        self.sectionInfos = sectionInfos
        self.columns = columns.isEmpty ? nil : columns
        self.offsets = prefixSums(counts)
    }

    /// Anonymous sections whose rows are given by identity: `ValidationSnapshot([["a", "b"], []])`.
    /// Section identities are unknown, so section-level identity corruption is not checked.
    /// - Complexity: O(number of sections + rows).
    public init<I: Hashable & Sendable>(_ rows: [[I]]) {
        self.init(identifiedSections: rows.map { (nil as ValidationValue?, $0) })
    }

    /// Identified sections whose rows are given by identity:
    /// `ValidationSnapshot([(section: "A", items: [1, 2]), (section: "B", items: [])])`.
    /// - Complexity: O(number of sections + rows).
    public init<S: Hashable & Sendable, I: Hashable & Sendable>(_ sections: [(section: S, items: [I])]) {
        self.init(identifiedSections: sections.map { (ValidationValue($0.section), $0.items) })
    }

    /// Identities only: built straight into the identity column, with `Int` and `String` rows
    /// wrapped without a dynamic cast per row (stress tests build thousands of these).
    private init<I: Hashable & Sendable>(identifiedSections sections: [(ValidationValue?, [I])]) {
        var identities: [ValidationValue?] = []
        identities.reserveCapacity(sections.reduce(0) { $0 + $1.1.count })
        for (_, rows) in sections {
            if I.self == Int.self {
                for row in rows { identities.append(ValidationValue(integerLiteral: unsafeBitCast(row, to: Int.self))) }
            } else if I.self == String.self {
                for row in rows { identities.append(ValidationValue(stringLiteral: unsafeBitCast(row, to: String.self))) }
            } else {
                for row in rows { identities.append(ValidationValue(row)) }
            }
        }
        self.init(
            counts: sections.map(\.1.count),
            sectionInfos: sections.map { SectionInfo(identity: $0.0) },
            columns: Columns(identities: identities, contents: [], kinds: []))
    }

    /// True when at least one row carries a description (identity, content or kind), so the
    /// row-level silent-failure checks can run.
    public var hasItems: Bool { columns != nil }

    /// The number of sections.
    public var sectionCount: Int { counts.count }

    /// The sections with their rows; rows of a count-only snapshot have unknown identity.
    /// - Complexity: O(number of sections + rows).
    public var sections: [Section] {
        counts.indices.map { s in
            var section = Section(nil, items: [])
            section.identity = sectionInfos[s].identity
            section.content = sectionInfos[s].content
            section.items = (offsets[s]..<offsets[s + 1]).map { columns?.item($0) ?? Item(nil) }
            return section
        }
    }

    /// The row at `path`, or `nil` when the snapshot is count-only or `path` is out of bounds.
    /// - Complexity: O(1).
    public func item(at path: ItemPath) -> Item? {
        guard let columns, contains(path) else { return nil }
        return columns.item(offsets[path.section] + path.item)
    }

    /// The identity of section `section`, or `nil` when unknown or out of bounds.
    public func sectionIdentity(_ section: Int) -> ValidationValue? {
        counts.indices.contains(section) ? sectionInfos[section].identity : nil
    }

    /// True when `path` names an existing row.
    /// - Complexity: O(1).
    @inlinable
    public func contains(_ path: ItemPath) -> Bool {
        path.section >= 0 && path.section < counts.count && path.item >= 0 && path.item < counts[path.section]
    }
}
