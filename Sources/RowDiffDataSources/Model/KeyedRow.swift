import RowDiff

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
/// - Content equality is the state's `==`, the kind, and the height and estimated height the
///   actions give: a row whose height alone changed is updated, so the view lays it out again. The
///   configuration closures and the other actions are not content: they never make two rows unequal.
public struct KeyedRow: Diffable, Sendable {
    /// Everything the row holds, behind one reference: copying a row (the diff, staging and every
    /// stage's data copy rows by the hundred thousand) is one retain, and a row is one word.
    @usableFromInline let storage: RowStorage

    /// The row's identity, unique across the list.
    @inlinable public var key: String { storage.key }
    /// The kind of cell that shows the row.
    @inlinable public var kind: RowKind { storage.kind }
    /// The state the cell is configured from.
    public var state: any Equatable & Sendable { storage.state }

    /// How the cell is registered and configured; nil for a row made from a kind alone.
    var cellBinding: AnyViewBinding? { storage.binding }

    /// What the row does when the user acts on it (not content, but for its heights).
    public var actions: RowActions { storage.actions?.actions ?? RowActions() }

    /// Whether the row's actions give a height or an estimated height.
    /// - Complexity: O(1), no allocation.
    var declaresHeight: Bool { storage.heights.declaresAny }

    /// Whether the row's actions say whether it can take focus.
    /// - Complexity: O(1), no allocation.
    var declaresFocus: Bool { storage.actions?.actions.canFocus != nil }

    /// The row's height (`RowActions.height`), read in place: a table asks it of every row it lays
    /// out, and `actions` would copy (retain and release) every closure of the row's actions.
    /// - Complexity: O(1), no reference counting, read from the row's storage.
    var height: Double? { storage.heights.height }

    /// The row's estimated height (`RowActions.estimatedHeight`), read as `height` is.
    /// - Complexity: O(1), no reference counting, read from the row's storage.
    var estimatedHeight: Double? { storage.heights.estimated }

    // The initializers are inlinable so that they are specialised for the caller's state type:
    // a generic one looks the storage class's metadata up in the runtime's table on every row.

    /// A row shown by a cell of kind `kind`, with no typed cell: a `ListController` shows it in a
    /// plain cell. Use it with a UI that dequeues and configures cells itself (from `reuseIdentifier`
    /// and `state(as:)`), or for tests of the diff.
    @inlinable
    public init<State: Equatable & Sendable>(key: String, kind: RowKind, state: State) {
        storage = TypedRowStorage(key: key, kind: kind, binding: nil, actions: nil, value: state)
    }

    /// A row of kind `RowKind(Cell.self)` with no typed cell (see `init(key:kind:state:)`).
    @inlinable
    public init<Cell, State: Equatable & Sendable>(key: String, cell: Cell.Type, state: State) {
        self.init(key: key, kind: RowKind(cell), state: state)
    }

    // MARK: Typed cells

    /// A row shown by a `Cell`, configured from `state` by `configure` (FunctionalTableData's
    /// `HostCell` update closure). The view owner registers `Cell` as it declares (class, nib or
    /// prototype) before the first dequeue, calls `reset` when a cell that showed another row is
    /// reused for this one, and `configure` whenever the cell must show this row.
    @inlinable
    public init<Cell: ReusableView, State: Equatable & Sendable>(
        key: String, cell: Cell.Type, state: State, actions: RowActions = RowActions(),
        reset: (@MainActor @Sendable (Cell) -> Void)? = nil,
        configure: @escaping @MainActor @Sendable (Cell, State) -> Void
    ) {
        storage = TypedRowStorage(
            key: key, kind: RowKind(cell), binding: ViewBinding<Cell, State>(configure: configure, reset: reset),
            actions: ActionsBox(actions), value: state)
    }

    /// A row shown by a `ConfigurableView` cell (CellKit's `CellConfigurable`): the cell's own
    /// `configure(with:)` and `reset()` are used.
    @inlinable
    public init<Cell: ConfigurableView>(key: String, cell: Cell.Type, state: Cell.State) {
        self.init(key: key, cell: cell, state: state, actions: RowActions())
    }

    /// A row shown by a `ConfigurableView` cell, with actions.
    @inlinable
    public init<Cell: ConfigurableView>(key: String, cell: Cell.Type, state: Cell.State, actions: RowActions) {
        storage = TypedRowStorage(key: key, kind: RowKind(cell), binding: Cell.selfBinding, actions: ActionsBox(actions), value: state)
    }

    private init(storage: RowStorage) { self.storage = storage }

    /// This row with `actions` instead of its own (the state, kind and cell are kept).
    /// - Complexity: O(1).
    public func with(actions: RowActions) -> KeyedRow {
        KeyedRow(storage: storage.with(actions: ActionsBox(actions)))
    }

    /// The reuse identifier to register and dequeue the cell with: the kind's name.
    public var reuseIdentifier: String { kind.name }

    /// The state as `State`, or nil when it has another type.
    public func state<State>(as type: State.Type) -> State? { state as? State }

    // The diff calls these once or twice per row: inlined, they read the row in place.

    @inlinable
    public var diffIdentity: String { storage.key }

    @inlinable
    public var rowKind: RowKind { storage.kind }

    /// Same kind, same height and estimated height, and equal state (states of different types
    /// are never equal). A row compared with a copy of itself is equal without calling the
    /// state's `==`.
    /// - Complexity: O(1) plus the state's `==`.
    @inlinable
    public func isContentEqual(to other: KeyedRow) -> Bool {
        if storage === other.storage { return true }
        // The heights sit in the storage the kind is read from: comparing them costs no load of
        // the actions.
        guard storage.kind == other.storage.kind, storage.heights == other.storage.heights else { return false }
        // The storage class compares the states, given the two objects as pointers: a method
        // called with the objects themselves made the caller retain and release both around the
        // call (four atomic operations per matched pair of a diff). Both rows are alive for the
        // whole call (they are this call's arguments), and with them their storage.
        return type(of: storage).statesEqual(
            Unmanaged.passUnretained(storage).toOpaque(),
            Unmanaged.passUnretained(other.storage).toOpaque())
    }
}

extension KeyedRow: CarriedFingerprint {
    /// The keys' fingerprints, computed once when each row was made: a diff reads them instead
    /// of hashing the keys (see `CarriedFingerprint`).
    /// - Complexity: O(rows).
    package static func writeCarriedFingerprints(
        of rows: UnsafeBufferPointer<KeyedRow>, mask: UInt64,
        into output: UnsafeMutablePointer<UInt64>
    ) {
        for index in rows.indices { output[index] = rows[index].storage.fingerprint & mask }
    }
}

/// A row's actions when it has any; immutable, so sharing it between threads is safe.
@usableFromInline
final class ActionsBox: @unchecked Sendable {
    let actions: RowActions

    /// nil for empty actions: most rows have none, and they then cost no allocation.
    @usableFromInline
    init?(_ actions: RowActions) {
        if actions.isEmpty { return nil }
        self.actions = actions
    }
}

/// A row's key, kind, cell binding, actions and state in one object. Immutable, so sharing it
/// between threads is safe. Comparing two states first compares the storages' classes (one per
/// state type), then the values as that type: an unchecked downcast after an exact type check,
/// where a comparison of two existentials would need a dynamic cast per row.
@usableFromInline
class RowStorage: @unchecked Sendable {
    @usableFromInline let key: String
    @usableFromInline let kind: RowKind
    /// `key.fingerprint(seed: 0)`, hashed once here rather than by every diff the row is in (a
    /// row is diffed at least twice: as the new state, then as the old one).
    @usableFromInline let fingerprint: UInt64
    let binding: AnyViewBinding?
    let actions: ActionsBox?
    /// The actions' height and estimated height: content (see `KeyedRow.isContentEqual(to:)`).
    @usableFromInline let heights: RowHeights

    /// - Precondition: `fingerprint` is `key.fingerprint(seed: 0)`.
    init(key: String, fingerprint: UInt64, kind: RowKind, binding: AnyViewBinding?, actions: ActionsBox?) {
        self.key = key
        self.kind = kind
        self.fingerprint = fingerprint
        self.binding = binding
        self.actions = actions
        heights = RowHeights(height: actions?.actions.height, estimated: actions?.actions.estimatedHeight)
    }

    var state: any Equatable & Sendable { fatalError("abstract") }

    /// Whether the storage at `other` holds a state of the same type as the one at `storage`,
    /// and an equal one. Called on `storage`'s class, which compares the states as its own type.
    /// - Precondition: both point to live storage objects, and `storage`'s class is `Self`.
    @usableFromInline
    class func statesEqual(_ storage: UnsafeMutableRawPointer, _ other: UnsafeMutableRawPointer) -> Bool { fatalError("abstract") }

    /// The same row with other actions.
    func with(actions: ActionsBox?) -> RowStorage { fatalError("abstract") }
}

/// The storage of a row whose state is a `State`.
@usableFromInline
final class TypedRowStorage<State: Equatable & Sendable>: RowStorage, @unchecked Sendable {
    let value: State

    @usableFromInline
    convenience init(key: String, kind: RowKind, binding: AnyViewBinding?, actions: ActionsBox?, value: State) {
        // Hashed before anything is stored: an opaque call between storing `value` and the end of
        // the initializer made the store a copy of the state and a destroy of the argument, where
        // it is otherwise a move (about 100 instructions more per row made).
        let fingerprint = key.fingerprint(seed: 0)
        self.init(key: key, fingerprint: fingerprint, kind: kind, binding: binding, actions: actions, value: consume value)
    }

    /// - Precondition: `fingerprint` is `key.fingerprint(seed: 0)`.
    init(key: String, fingerprint: UInt64, kind: RowKind, binding: AnyViewBinding?, actions: ActionsBox?, value: State) {
        self.value = consume value
        super.init(key: key, fingerprint: fingerprint, kind: kind, binding: binding, actions: actions)
    }

    override var state: any Equatable & Sendable { value }

    @usableFromInline
    override class func statesEqual(_ storage: UnsafeMutableRawPointer, _ other: UnsafeMutableRawPointer) -> Bool {
        // The class is final and generic over State alone: the same class means the same State,
        // so reading `other` as this class cannot be wrong. Borrowed through the pointers: no
        // reference counting (the caller keeps both objects alive).
        // `self` is this class (the caller's dynamic type): naming `TypedRowStorage<State>.self`
        // here instead looked the generic class's metadata up in the runtime's cache on every call.
        guard Unmanaged<RowStorage>.fromOpaque(other)._withUnsafeGuaranteedRef({ type(of: $0) == self }) else { return false }
        return Unmanaged<TypedRowStorage<State>>.fromOpaque(storage)._withUnsafeGuaranteedRef { lhs in
            Unmanaged<TypedRowStorage<State>>.fromOpaque(other)._withUnsafeGuaranteedRef { rhs in lhs.value == rhs.value }
        }
    }

    override func with(actions: ActionsBox?) -> RowStorage {
        // The same key: its fingerprint is reused, not hashed again.
        TypedRowStorage(key: key, fingerprint: fingerprint, kind: kind, binding: binding, actions: actions, value: value)
    }
}

/// A row's height and estimated height as two words, compared as the heights' `==` compares them
/// (0 and -0 are one height; every NaN is one value, and nil another), without optionals.
@usableFromInline
struct RowHeights: Equatable, Sendable {
    /// The word nil is stored as: a NaN whose payload no canonical NaN has.
    private static let absent = UInt64.max

    @usableFromInline let heightBits: UInt64
    @usableFromInline let estimatedBits: UInt64

    init(height: Double?, estimated: Double?) {
        heightBits = Self.bits(height)
        estimatedBits = Self.bits(estimated)
    }

    var height: Double? { Self.value(heightBits) }
    var estimated: Double? { Self.value(estimatedBits) }
    /// Whether there is a height or an estimated height (what an owner scans for).
    var declaresAny: Bool { heightBits != Self.absent || estimatedBits != Self.absent }

    private static func bits(_ value: Double?) -> UInt64 {
        guard let value else { return absent }
        if value.isNaN { return Double.nan.bitPattern }
        return value == 0 ? 0 : value.bitPattern
    }

    private static func value(_ bits: UInt64) -> Double? { bits == absent ? nil : Double(bitPattern: bits) }
}
