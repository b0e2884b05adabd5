/// A row of declarative state, FunctionalTableData-style: a key, the kind of cell that shows it,
/// and an `Equatable` state the cell is configured from.
///
/// ```swift
/// KeyedRow(key: "contact-42", cell: ContactCell.self, state: ContactState(name: "Ada"))
/// ```
///
/// - The key is the row's identity. Keys are unique across the whole list (as item identifiers
///   in a diffable data source snapshot), so a row can move between sections with an animation.
///   A repeated key never crashes: it is reported and handled by the renderer's `DuplicatePolicy`.
/// - The kind is the cell type; `reuseIdentifier` is derived from it (as CellKit does). A row
///   whose state changed is reconfigured in place; one whose kind changed is reloaded.
public struct KeyedRow: Diffable, Sendable {
    /// The row's identity, unique across the list.
    public let key: String
    /// The kind of cell that shows the row.
    public let kind: RowKind
    /// The state the cell is configured from.
    public var state: any Equatable & Sendable {
        switch storage {
        case .equatable(let state): return state
        case .hashable(let state): return state
        }
    }
    /// The state as a hashable value when its type is `Hashable` (used by validating targets to
    /// describe content); nil otherwise.
    var hashableState: (any Hashable & Sendable)? {
        if case .hashable(let state) = storage { return state }
        return nil
    }

    /// The state, stored once: one box per row where a large state needs one, not two. Staging
    /// and installing copy every row of a changed section, so each row's retains count.
    enum Storage: Sendable {
        case equatable(any Equatable & Sendable)
        case hashable(any Hashable & Sendable)
    }
    let storage: Storage

    /// A row shown by a cell of kind `kind`.
    public init<State: Equatable & Sendable>(key: String, kind: RowKind, state: State) {
        self.key = key
        self.kind = kind
        self.storage = .equatable(state)
    }

    /// A row shown by a cell of kind `kind`, with a hashable state.
    public init<State: Hashable & Sendable>(key: String, kind: RowKind, state: State) {
        self.key = key
        self.kind = kind
        self.storage = .hashable(state)
    }

    /// A row shown by a `Cell`; its kind and reuse identifier are derived from the type.
    public init<Cell, State: Equatable & Sendable>(key: String, cell: Cell.Type, state: State) {
        self.init(key: key, kind: RowKind(cell), state: state)
    }

    /// A row shown by a `Cell`, with a hashable state.
    public init<Cell, State: Hashable & Sendable>(key: String, cell: Cell.Type, state: State) {
        self.init(key: key, kind: RowKind(cell), state: state)
    }

    /// The reuse identifier to register and dequeue the cell with: the kind's name.
    public var reuseIdentifier: String { kind.name }

    /// The state as `State`, or nil when it has another type.
    public func state<State>(as type: State.Type) -> State? { state as? State }

    public var diffIdentity: String { key }

    public var rowKind: RowKind { kind }

    /// Same kind and equal state (states of different types are never equal).
    /// - Complexity: O(1) plus the state's `==`.
    public func isContentEqual(to other: KeyedRow) -> Bool {
        guard kind == other.kind else { return false }
        switch (storage, other.storage) {
        case (.hashable(let a), .hashable(let b)): return statesEqual(a, b)
        case (.equatable(let a), .equatable(let b)): return statesEqual(a, b)
        case (.hashable(let a), .equatable(let b)): return statesEqual(a, b)
        case (.equatable(let a), .hashable(let b)): return statesEqual(a, b)
        }
    }
}

/// `==` across two existentials: opens the first, casts the second to its type.
@inline(__always)
func statesEqual(_ lhs: any Equatable & Sendable, _ rhs: any Equatable & Sendable) -> Bool {
    func open<T: Equatable>(_ lhs: T) -> Bool {
        guard let rhs = rhs as? T else { return false }
        return lhs == rhs
    }
    return open(lhs)
}

/// `==` across two hashable existentials (no re-boxing as `any Equatable`).
@inline(__always)
func statesEqual(_ lhs: any Hashable & Sendable, _ rhs: any Hashable & Sendable) -> Bool {
    func open<T: Hashable>(_ lhs: T) -> Bool {
        guard let rhs = rhs as? T else { return false }
        return lhs == rhs
    }
    return open(lhs)
}
