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
    public var state: any Equatable & Sendable { box.state }
    /// The state as a hashable value when its type is `Hashable` (used by validating targets to
    /// describe content); nil otherwise.
    var hashableState: (any Hashable & Sendable)? { box.hashableState }

    /// The state, boxed once: copying a row retains one object, and comparing two states needs no
    /// dynamic cast (the box knows its state's type; see `StateBox`).
    let box: AnyStateBox

    /// A row shown by a cell of kind `kind`.
    public init<State: Equatable & Sendable>(key: String, kind: RowKind, state: State) {
        self.key = key
        self.kind = kind
        self.box = StateBox(state)
    }

    /// A row shown by a cell of kind `kind`, with a hashable state.
    public init<State: Hashable & Sendable>(key: String, kind: RowKind, state: State) {
        self.key = key
        self.kind = kind
        self.box = HashableStateBox(state)
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
        kind == other.kind && (box === other.box || box.isEqual(to: other.box))
    }
}

/// A row's state behind one reference. Equality first compares the state types by identity, then
/// compares the values as that type: an unchecked downcast after an exact type check, where a
/// comparison of two existentials would need a dynamic cast per row.
class AnyStateBox: @unchecked Sendable {
    /// The state's type; two states are comparable only when these are equal.
    let stateType: ObjectIdentifier

    init(stateType: ObjectIdentifier) { self.stateType = stateType }

    var state: any Equatable & Sendable { fatalError("abstract") }
    var hashableState: (any Hashable & Sendable)? { nil }

    /// Whether `other` holds an equal state of the same type.
    func isEqual(to other: AnyStateBox) -> Bool { fatalError("abstract") }
}

/// A state of type `State`; immutable, so sharing it between threads is safe.
class StateBox<State: Equatable & Sendable>: AnyStateBox, @unchecked Sendable {
    let value: State

    init(_ value: State) {
        self.value = value
        super.init(stateType: ObjectIdentifier(State.self))
    }

    override var state: any Equatable & Sendable { value }

    override func isEqual(to other: AnyStateBox) -> Bool {
        // Equal type identities mean `other` was made by this class with this State (the hashable
        // subclass stores its value here too), so the downcast cannot be wrong.
        guard other.stateType == stateType else { return false }
        return value == unsafeDowncast(other, to: StateBox<State>.self).value
    }
}

/// A hashable state: the same box, which can also describe its content as a hashable value.
final class HashableStateBox<State: Hashable & Sendable>: StateBox<State>, @unchecked Sendable {
    override var hashableState: (any Hashable & Sendable)? { value }
}
