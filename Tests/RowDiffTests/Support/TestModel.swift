@testable import RowDiff

/// A row for randomized tests: identity `id`, content `content`, cell kind `kind`.
/// Content equality covers content and kind, as any real row's `==` would.
struct TestRow: Diffable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var content: Int = 0
    var kind: Int = 0

    var diffIdentity: Int { id }
    func isContentEqual(to other: TestRow) -> Bool { self == other }
    var rowKind: RowKind { RowKind(named: "Cell\(kind)") }

    /// `7`, `7.c2` (content 2), `7.c2k1` (kind 1).
    var description: String {
        var text = "\(id)"
        if content != 0 || kind != 0 { text += ".c\(content)" }
        if kind != 0 { text += "k\(kind)" }
        return text
    }
}

/// A section for randomized tests: identity `id`, header content `header`, rows.
struct TestSection: DiffableSection, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var header: Int = 0
    var rows: [TestRow]

    init(id: Int, header: Int = 0, rows: [TestRow]) {
        self.id = id
        self.header = header
        self.rows = rows
    }

    init(source: TestSection, rows: [TestRow]) { self.init(id: source.id, header: source.header, rows: rows) }

    var diffIdentity: Int { id }
    func isContentEqual(to other: TestSection) -> Bool { header == other.header }

    /// `S3h1[1 2.c4 9]`.
    var description: String { "S\(id)\(header == 0 ? "" : "h\(header)")[\(rows.map(\.description).joined(separator: " "))]" }
}

extension TestSection {
    /// A section whose rows are given by identity (content and kind 0).
    init(_ id: Int, header: Int = 0, _ rows: [Int]) {
        self.init(id: id, header: header, rows: rows.map { TestRow(id: $0) })
    }
}

/// A model for messages: `[S1[1 2] S2h1[]]`, truncated when long.
func describe(_ model: [TestSection], limit: Int = 4_000) -> String {
    let text = "[\(model.map(\.description).joined(separator: " "))]"
    return text.count <= limit
        ? text : String(text.prefix(limit)) + "… (\(model.count) sections, \(model.reduce(0) { $0 + $1.rows.count }) rows)"
}
