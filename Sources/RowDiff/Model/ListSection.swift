/// A generic section: a model value (its identity and header/footer content) and its rows.
///
/// Use it when your sections need no type of their own, as RxDataSources' `AnimatableSectionModel`.
public struct ListSection<Model: Diffable, Row: Diffable>: DiffableSection {
    /// The section's model: identity and content of the section itself.
    public var model: Model
    /// The rows, in display order.
    public var rows: [Row]

    /// A section for `model` holding `rows`.
    public init(_ model: Model, rows: [Row]) {
        self.model = model
        self.rows = rows
    }

    public init(source: ListSection, rows: [Row]) {
        self.init(source.model, rows: rows)
    }

    public var diffIdentity: Model.DiffIdentity { model.diffIdentity }

    public func isContentEqual(to other: ListSection) -> Bool { model.isContentEqual(to: other.model) }
}

extension ListSection: Sendable where Model: Sendable, Row: Sendable {}
extension ListSection: Equatable where Model: Equatable, Row: Equatable {}
extension ListSection: Hashable where Model: Hashable, Row: Hashable {}

/// The single section a flat list is diffed as. Its identity is always the same (`nil` in the
/// JSON contract), so two flat lists' sections always match.
public struct FlatSection<Row: Diffable>: DiffableSection {
    /// The rows of the flat list.
    public var rows: [Row]

    /// The section holding `rows`.
    public init(rows: [Row]) { self.rows = rows }

    public init(source: FlatSection, rows: [Row]) { self.rows = rows }

    public var diffIdentity: Int { 0 }

    public func isContentEqual(to other: FlatSection) -> Bool { true }
}

extension FlatSection: Sendable where Row: Sendable {}
extension FlatSection: Equatable where Row: Equatable {}
