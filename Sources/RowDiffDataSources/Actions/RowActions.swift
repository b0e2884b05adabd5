/// What a row does when the user acts on it, declared on the row as FunctionalTableData's
/// `CellActions`: selection, highlighting, swipe actions, a context menu, editing and its height.
///
/// Actions are not content, but for the heights: two rows with equal states and equal `height`
/// and `estimatedHeight` are equal whatever their other actions are, so changing a closure never
/// reloads a cell, and changing a height updates the row (a table lays it out again). The owner always reads the actions of the rows it last
/// installed, so a closure sees the state of the latest render.
public struct RowActions: Sendable {
    /// Called when the row is selected; its result says whether it stays selected. A row with an
    /// `onSelect` is selectable unless `canSelect` says otherwise.
    public var onSelect: (@MainActor @Sendable () -> SelectionResult)?
    /// Called when the row is deselected (by the user or by another selection).
    public var onDeselect: (@MainActor @Sendable () -> Void)?
    /// Whether the row can be selected; nil: when it has an `onSelect`.
    public var canSelect: Bool?
    /// Whether the row highlights when touched; nil: as `canSelect` resolves.
    public var canHighlight: Bool?
    /// Actions revealed by swiping from the leading edge (iOS tables; not tvOS).
    public var leadingSwipe: SwipeActions?
    /// Actions revealed by swiping from the trailing edge (iOS tables; not tvOS).
    public var trailingSwipe: SwipeActions?
    /// The menu shown on a long press (not tvOS).
    public var contextMenu: ContextMenu?
    /// Called when the user deletes the row (swipe to delete, the Edit mode's delete button). The
    /// row is editable only when it has one (or the owner has an `onDelete`). Remove the row from
    /// your state and render: the renderer animates the deletion.
    public var onDelete: (@MainActor @Sendable () -> Void)?
    /// Called when the user drags the row from one index path to another (`from` in the order
    /// before the move, `to` after it); return false to refuse, and the view moves it back. The
    /// row is movable only when it has one (or the data source allows moves; see `canMoveItem`).
    public var onMove: (@MainActor @Sendable (_ from: ItemPath, _ to: ItemPath) -> Bool)?
    /// The row's height in points (tables); nil: automatic. Content: a change updates the row.
    public var height: Double?
    /// The row's estimated height in points (tables); nil: automatic. Content, as `height`.
    public var estimatedHeight: Double?
    /// Whether the row can take focus (tvOS, iPadOS with a keyboard); nil: the view's default.
    public var canFocus: Bool?
    /// Called with true when the row's cell comes on screen and false when it leaves
    /// (FunctionalTableData's visibility action; UIKit's `willDisplay` / `didEndDisplaying`).
    /// The row is the one the cell showed, even when a batch has moved or removed it since.
    public var onVisibilityChange: (@MainActor @Sendable (_ isVisible: Bool) -> Void)?

    /// Actions; every one is optional.
    public init(
        onSelect: (@MainActor @Sendable () -> SelectionResult)? = nil, onDeselect: (@MainActor @Sendable () -> Void)? = nil,
        canSelect: Bool? = nil, canHighlight: Bool? = nil,
        leadingSwipe: SwipeActions? = nil, trailingSwipe: SwipeActions? = nil, contextMenu: ContextMenu? = nil,
        onDelete: (@MainActor @Sendable () -> Void)? = nil,
        onMove: (@MainActor @Sendable (_ from: ItemPath, _ to: ItemPath) -> Bool)? = nil,
        height: Double? = nil, estimatedHeight: Double? = nil, canFocus: Bool? = nil,
        onVisibilityChange: (@MainActor @Sendable (_ isVisible: Bool) -> Void)? = nil
    ) {
        self.onSelect = onSelect
        self.onDeselect = onDeselect
        self.canSelect = canSelect
        self.canHighlight = canHighlight
        self.leadingSwipe = leadingSwipe
        self.trailingSwipe = trailingSwipe
        self.contextMenu = contextMenu
        self.onDelete = onDelete
        self.onMove = onMove
        self.height = height
        self.estimatedHeight = estimatedHeight
        self.canFocus = canFocus
        self.onVisibilityChange = onVisibilityChange
    }

    /// True when no action, height or permission is set (such rows need no storage).
    var isEmpty: Bool {
        onSelect == nil && onDeselect == nil && canSelect == nil && canHighlight == nil && leadingSwipe == nil
            && trailingSwipe == nil && contextMenu == nil && onDelete == nil && onMove == nil && height == nil
            && estimatedHeight == nil && canFocus == nil && onVisibilityChange == nil
    }
}

/// What a selected row does next (FunctionalTableData's `ActionResult`).
public enum SelectionResult: Sendable, Hashable {
    /// It stays selected (a detail shown beside the list, a checkmark).
    case staysSelected
    /// It is deselected at once, with an animation (a tap that navigates or toggles).
    case deselects
}

/// How a table row takes part in editing (UIKit's `UITableViewCell.EditingStyle`, without insert).
public enum EditingStyle: Sendable, Hashable {
    /// No delete control and no indentation in editing mode; swipe actions of its own still show.
    case none
    /// A delete control in editing mode, and swipe-to-delete.
    case delete
}

/// Which edge a swipe starts from.
public enum SwipeEdge: Sendable, Hashable {
    /// The leading edge (the left in left-to-right languages).
    case leading
    /// The trailing edge, where a table's swipe-to-delete is.
    case trailing
}

/// The actions one swipe reveals (UIKit's `UISwipeActionsConfiguration`).
public struct SwipeActions: Sendable {
    /// The actions, from the edge inwards.
    public var actions: [SwipeAction]
    /// Whether a full swipe performs the first action.
    public var performsFirstActionWithFullSwipe: Bool

    /// Swipe actions; a full swipe performs the first by default, as UIKit's default.
    public init(_ actions: [SwipeAction], performsFirstActionWithFullSwipe: Bool = true) {
        self.actions = actions
        self.performsFirstActionWithFullSwipe = performsFirstActionWithFullSwipe
    }
}

extension SwipeActions {
    /// A full-swipe destructive "Delete" that calls `delete`: what a table offers by itself for a
    /// deletable row without trailing actions.
    /// - Complexity: O(1).
    public static func delete(_ delete: @escaping @MainActor @Sendable () -> Void) -> SwipeActions {
        SwipeActions([
            SwipeAction(title: "Delete", style: .destructive) { completion in
                delete()
                completion(true)
            }
        ])
    }
}

/// One swipe action (UIKit's `UIContextualAction`).
public struct SwipeAction: Sendable {
    /// Destructive actions are red and, when performed, UIKit animates the row away.
    public enum Style: Sendable, Hashable {
        /// A plain action, grey unless it has a colour.
        case normal
        /// A destructive action, red.
        case destructive
    }

    /// The button's title.
    public var title: String?
    /// Its style.
    public var style: Style
    /// An SF Symbol shown on the button.
    public var systemImageName: String?
    /// The button's colour; nil: the style's.
    public var backgroundColor: ActionColor?
    /// Performs the action; call `completion(true)` when it was performed, `false` when not.
    public var handler: @MainActor @Sendable (_ completion: @escaping @MainActor (Bool) -> Void) -> Void

    /// A swipe action.
    public init(
        title: String?, style: Style = .normal, systemImageName: String? = nil, backgroundColor: ActionColor? = nil,
        handler: @escaping @MainActor @Sendable (_ completion: @escaping @MainActor (Bool) -> Void) -> Void
    ) {
        self.title = title
        self.style = style
        self.systemImageName = systemImageName
        self.backgroundColor = backgroundColor
        self.handler = handler
    }
}

/// A colour without UIKit: sRGB components in 0...1.
public struct ActionColor: Sendable, Hashable {
    /// The red component, 0...1.
    public var red: Double
    /// The green component, 0...1.
    public var green: Double
    /// The blue component, 0...1.
    public var blue: Double
    /// The opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    /// A colour from sRGB components in 0...1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// A context menu (UIKit's `UIContextMenuConfiguration` with a `UIMenu`).
public struct ContextMenu: Sendable {
    /// The menu's title (may be empty).
    public var title: String
    /// The entries, top to bottom.
    public var actions: [MenuAction]

    /// A menu.
    public init(title: String = "", actions: [MenuAction]) {
        self.title = title
        self.actions = actions
    }
}

/// One entry of a context menu (UIKit's `UIAction`).
public struct MenuAction: Sendable {
    /// The entry's title.
    public var title: String
    /// An SF Symbol shown beside it.
    public var systemImageName: String?
    /// Shown in red.
    public var isDestructive: Bool
    /// Shown dimmed and not selectable.
    public var isDisabled: Bool
    /// Performs the action.
    public var handler: @MainActor @Sendable () -> Void

    /// A menu entry.
    public init(
        title: String, systemImageName: String? = nil, isDestructive: Bool = false, isDisabled: Bool = false,
        handler: @escaping @MainActor @Sendable () -> Void
    ) {
        self.title = title
        self.systemImageName = systemImageName
        self.isDestructive = isDestructive
        self.isDisabled = isDisabled
        self.handler = handler
    }
}
