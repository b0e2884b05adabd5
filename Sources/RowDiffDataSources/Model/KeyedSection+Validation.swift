import RowDiffValidation

extension KeyedSection {
    /// How a validator (the stand-in views, a validating target) sees this section: section key,
    /// row keys, cell kinds, every row state by the row's own `isContentEqual(to:)`, and the whole
    /// header and footer.
    /// - Complexity: O(rows of the section).
    package func validationDescription() -> ValidationSnapshot.Section {
        var described = ValidationSnapshot.Section(
            key,
            items: rows.map { row in
                var item = ValidationSnapshot.Item(row.key, kind: row.kind.name)
                item.content = ValidationValue(equatable: KeyedRowContent(row: row))
                return item
            })
        described.content = ValidationValue(equatable: KeyedSectionContent(header: header, footer: footer))
        return described
    }
}

/// A row's content as the validator compares it: the row's own `isContentEqual(to:)`, so a state
/// of any type is checked whichever `KeyedRow` initializer made the row.
struct KeyedRowContent: Equatable, Sendable, CustomDebugStringConvertible {
    let row: KeyedRow

    static func == (lhs: KeyedRowContent, rhs: KeyedRowContent) -> Bool { lhs.row.isContentEqual(to: rhs.row) }

    var debugDescription: String { String(reflecting: row.state) }
}

/// A section's header and footer as the validator compares them: the whole `Supplementary` values
/// (title, kind and state).
struct KeyedSectionContent: Equatable, Sendable, CustomDebugStringConvertible {
    let header: Supplementary?
    let footer: Supplementary?

    var debugDescription: String {
        func text(_ supplementary: Supplementary?) -> String {
            guard let supplementary else { return "none" }
            let state = supplementary.state.map { String(reflecting: $0) } ?? "no state"
            return "\(supplementary.title.map { String(reflecting: $0) } ?? "untitled") (\(state))"
        }
        return "header \(text(header)), footer \(text(footer))"
    }
}
