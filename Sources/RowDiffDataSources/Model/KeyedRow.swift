/// A row of declarative state, FunctionalTableData-style: a key, the cell type that shows it, an
/// `Equatable` state the cell is configured from, and the row's actions.
///
/// ```swift
/// final class ContactCell: UITableViewCell, ReusableView {}
/// struct ContactState: Equatable, Sendable { var name: String }
///
/// KeyedRow(key: "contact-42", cell: ContactCell.self, state: ContactState(name: "Ada")) { cell, state in
///     cell.textLabel?.text = state.name   // `cell` is a ContactCell, `state` a ContactState: no casts
/// }
/// ```
///
/// - The key is the row's identity. Keys are unique across the whole list (as item identifiers
///   in a diffable data source snapshot), so a row can move between sections with an animation.
///   A repeated key never crashes: it is reported and handled by the renderer's `DuplicatePolicy`.
/// - The kind is the cell type; `reuseIdentifier` is derived from it (as CellKit does). A row
///   whose state changed is reconfigured in place; one whose kind changed is reloaded.
/// - Content equality is the state's `==` (and the kind). The configuration closures and the
///   actions are not content: they never make two rows unequal.
public struct KeyedRow: Diffable, Sendable {
    /// The row's identity, unique across the list.
    public let key: String
    /// The kind of cell that shows the row.
    public let kind: RowKind
    /// The state the cell is configured from.
    public var state: any Equatable & Sendable { box.state }

    /// The state, boxed once: copying a row retains one object, and comparing two states needs no
    /// dynamic cast (the box knows its state's type; see `StateBox`).
    let box: AnyStateBox

    /// The typed cell binding and the actions, behind one reference so that rows stay small for
    /// the diff; nil for rows that have neither.
    let extras: RowExtras?

    /// How the cell is registered and configured; nil for a row made from a kind alone.
    var cellBinding: AnyViewBinding? { extras?.cell }

    /// What the row does when the user acts on it (not content).
    public var actions: RowActions { extras?.actions ?? RowActions() }

    /// A row shown by a cell of kind `kind`, with no typed cell: a `ListController` shows it in a
    /// plain cell. Use it with a UI that dequeues and configures cells itself (from `reuseIdentifier`
    /// and `state(as:)`), or for tests of the diff.
    public init<State: Equatable & Sendable>(key: String, kind: RowKind, state: State) {
        self.key = key
        self.kind = kind
        self.box = StateBox(state)
        self.extras = nil
    }

    /// A row of kind `RowKind(Cell.self)` with no typed cell (see `init(key:kind:state:)`).
    public init<Cell, State: Equatable & Sendable>(key: String, cell: Cell.Type, state: State) {
        self.init(key: key, kind: RowKind(cell), state: state)
    }

    // MARK: Typed cells

    /// A row shown by a `Cell`, configured from `state` by `configure` (FunctionalTableData's
    /// `HostCell` update closure). The view owner registers `Cell` as it declares (class, nib or
    /// prototype) before the first dequeue, calls `reset` when a cell that showed another row is
    /// reused for this one, and `configure` whenever the cell must show this row.
    public init<Cell: ReusableView, State: Equatable & Sendable>(
        key: String, cell: Cell.Type, state: State, actions: RowActions = RowActions(),
        reset: (@MainActor @Sendable (Cell) -> Void)? = nil,
        configure: @escaping @MainActor @Sendable (Cell, State) -> Void
    ) {
        self.init(key: key, kind: RowKind(cell), box: StateBox(state),
                  binding: ViewBinding<Cell, State>(configure: configure, reset: reset), actions: actions)
    }

    /// A row shown by a `ConfigurableView` cell (CellKit's `CellConfigurable`): the cell's own
    /// `configure(with:)` and `reset()` are used.
    public init<Cell: ConfigurableView>(key: String, cell: Cell.Type, state: Cell.State) {
        self.init(key: key, kind: RowKind(cell), box: StateBox(state), binding: Cell.selfBinding, actions: RowActions())
    }

    /// A row shown by a `ConfigurableView` cell, with actions.
    public init<Cell: ConfigurableView>(key: String, cell: Cell.Type, state: Cell.State, actions: RowActions) {
        self.init(key: key, kind: RowKind(cell), box: StateBox(state), binding: Cell.selfBinding, actions: actions)
    }

    private init(key: String, kind: RowKind, box: AnyStateBox, binding: AnyViewBinding?, actions: RowActions) {
        self.key = key
        self.kind = kind
        self.box = box
        self.extras = binding == nil && actions.isEmpty ? nil : RowExtras(cell: binding, actions: actions)
    }

    /// This row with `actions` instead of its own (the state, kind and cell are kept).
    /// - Complexity: O(1).
    public func with(actions: RowActions) -> KeyedRow {
        KeyedRow(key: key, kind: kind, box: box, binding: cellBinding, actions: actions)
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

/// A row's typed cell and actions; immutable, so sharing it between threads is safe.
final class RowExtras: @unchecked Sendable {
    let cell: AnyViewBinding?
    let actions: RowActions

    init(cell: AnyViewBinding?, actions: RowActions) {
        self.cell = cell
        self.actions = actions
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
        // Equal type identities mean `other` was made by this class with this State, so the
        // downcast cannot be wrong.
        guard other.stateType == stateType else { return false }
        return value == unsafeDowncast(other, to: StateBox<State>.self).value
    }
}
