/// How one row is shown: its cell type, the state the cell is configured from, and its actions.
/// `KeyedRow` carries its own; for section models of your own types (RxDataSources' `configureCell`)
/// a `ListController` builds one per row with the closure you give it.
public struct RowPresentation: Sendable {
    /// The typed cell; nil shows a plain cell.
    let binding: AnyViewBinding?
    /// What the binding configures the cell from.
    let state: (any Sendable)?
    /// What the row does when the user acts on it.
    public var actions: RowActions

    /// A row shown by a `Cell` configured from `state` by `configure`, with `actions`.
    public init<Cell: ReusableView, State: Sendable>(
        cell: Cell.Type, state: State, actions: RowActions = RowActions(),
        reset: (@MainActor @Sendable (Cell) -> Void)? = nil,
        configure: @escaping @MainActor @Sendable (Cell, State) -> Void
    ) {
        self.binding = ViewBinding<Cell, State>(configure: configure, reset: reset)
        self.state = state
        self.actions = actions
    }

    /// A row shown by a `ConfigurableView` cell.
    public init<Cell: ConfigurableView>(cell: Cell.Type, state: Cell.State, actions: RowActions = RowActions()) {
        self.binding = Cell.selfBinding
        self.state = state
        self.actions = actions
    }

    /// A row shown by the view's plain cell (nothing to configure), with `actions`.
    public static func plain(actions: RowActions = RowActions()) -> RowPresentation {
        RowPresentation(binding: nil, state: nil, actions: actions)
    }

    /// The presentation a `KeyedRow` declares.
    /// - Complexity: O(1).
    public init(_ row: KeyedRow) {
        self.init(binding: row.cellBinding, state: row.state, actions: row.actions)
    }

    private init(binding: AnyViewBinding?, state: (any Sendable)?, actions: RowActions) {
        self.binding = binding
        self.state = state
        self.actions = actions
    }
}
