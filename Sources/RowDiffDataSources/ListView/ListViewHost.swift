import RowDiffValidation
/// A list view as an owner drives it: batch updates (`BatchUpdating`), registration, dequeuing,
/// selection and the repair after a refused move. `TableViewTarget` and `CollectionViewTarget`
/// (RowDiffUIKit) implement it by translating each call to UIKit; `StandInTableView` and
/// `StandInCollectionView` implement it on every platform, behaving as UIKit does, for tests.
@MainActor
public protocol ListViewHost: BatchUpdating {
    /// Table or collection view (their batch rules and supplementary views differ).
    var listKind: ListViewKind { get }

    /// What the view asks for counts, cells, titles and actions. Views hold it weakly, as
    /// `UITableView.dataSource`; the owner sets it to itself.
    var source: (any ListViewSource)? { get set }

    /// Per-operation animations (tables; collection views ignore them).
    var animations: TableAnimations { get set }

    /// Registers a view for `registration.element` under its reuse identifier.
    func register(_ registration: ViewRegistration)

    /// Dequeues a view registered for `element` under `reuseIdentifier`, for the row at `path`
    /// (for headers and footers, item 0 of the section). UIKit raises for an unregistered cell or
    /// collection supplementary identifier and returns nil for a table header/footer one; owners
    /// register every identifier before its first dequeue.
    func dequeueView(_ element: ListElement, reuseIdentifier: String, at path: ItemPath) -> AnyObject?

    /// Deselects the row at `path`.
    func deselectItem(at path: ItemPath, animated: Bool)

    /// The header or footer view the view shows for `section` now; nil when it is not on screen
    /// or the section shows a title (tables) or nothing there.
    func visibleSupplementaryView(_ element: ListElement, in section: Int) -> AnyObject?

    /// Shows `title` as `section`'s header or footer title in place, without reloading the section
    /// (tables; a header or footer without a view of its own).
    func showSupplementaryTitle(_ title: String?, for element: ListElement, in section: Int)

    /// Lays the view out again so that it asks header and footer heights anew, reloading nothing.
    func invalidateSupplementaryLayout()

    /// The source's `hasExplicitRowHeights` or `hasFocusRules` changed: the view must ask it again
    /// which questions it answers (UIKit caches that when its delegate is set).
    func sourceCapabilitiesChanged()

    /// The user dragged a row from `source` to `destination` and the model refused the move: the
    /// view shows the row at `destination` while the data source still has it at `source`. Brings
    /// the view back in step with the data source.
    func restoreAfterRefusedMove(from source: ItemPath, to destination: ItemPath)
}

/// What a list view asks its owner: UIKit's data source and delegate questions, in
/// platform-independent terms. `ListController` answers them; the UIKit adapters and the stand-ins
/// only forward.
@MainActor
public protocol ListViewSource: AnyObject {
    /// The number of sections.
    var numberOfSections: Int { get }
    /// The number of rows in `section`.
    func numberOfItems(in section: Int) -> Int
    /// The configured cell for the row at `path`, dequeued from the view.
    func cell(at path: ItemPath) -> AnyObject?
    /// The configured header or footer view of `section`, dequeued from the view; nil when the
    /// section has none (a table view then shows `title(for:in:)`).
    func supplementaryView(_ element: ListElement, in section: Int) -> AnyObject?
    /// The header or footer title of `section`.
    func title(for element: ListElement, in section: Int) -> String?
    /// Whether `view` shows the current content of the row at `path` (`.cell`) or of the
    /// section's header/footer (path item 0) — what a stale-content check asks.
    func isShowingCurrentContent(_ view: AnyObject, for element: ListElement, at path: ItemPath) -> Bool

    // Selection
    /// Whether the row highlights when touched.
    func shouldHighlightItem(at path: ItemPath) -> Bool
    /// Whether the row can be selected.
    func shouldSelectItem(at path: ItemPath) -> Bool
    /// The row was selected.
    func didSelectItem(at path: ItemPath)
    /// The row was deselected.
    func didDeselectItem(at path: ItemPath)

    // Actions
    /// The actions a swipe from `edge` reveals; nil for none.
    func swipeActions(_ edge: SwipeEdge, at path: ItemPath) -> SwipeActions?
    /// The row's context menu; nil for none.
    func contextMenu(at path: ItemPath) -> ContextMenu?
    /// The row's height; nil: automatic.
    func height(at path: ItemPath) -> Double?
    /// The row's estimated height; nil: automatic.
    func estimatedHeight(at path: ItemPath) -> Double?
    /// Whether any row has a height of its own (`height(at:)` or `estimatedHeight(at:)` not nil).
    /// When false the view sizes rows by itself and never asks for their heights (UIKit: the
    /// adapter does not respond to the row-height selectors), so a large list costs no height calls.
    var hasExplicitRowHeights: Bool { get }
    /// The height of `section`'s header or footer in a table; nil: the table's own
    /// (`sectionHeaderHeight` / `sectionFooterHeight`, automatic by default).
    func supplementaryHeight(_ element: ListElement, in section: Int) -> Double?
    /// The estimated height of `section`'s header or footer in a table; nil: the table's own.
    func estimatedSupplementaryHeight(_ element: ListElement, in section: Int) -> Double?

    // Focus, index and moves
    /// Whether any row says whether it can be focused; when false the view decides alone (UIKit:
    /// the adapter does not respond to the focus selector).
    var hasFocusRules: Bool { get }
    /// Whether the row can take focus (tvOS, iPadOS with a keyboard); nil: the view's default.
    func canFocusItem(at path: ItemPath) -> Bool?
    /// The titles of the section index beside a table, top to bottom; nil: no index.
    func sectionIndexTitles() -> [String]?
    /// The section the index entry at `index` scrolls to; nil: none.
    func section(forSectionIndexAt index: Int) -> Int?
    /// Where a row dragged from `source` lands when the user holds it over `proposed` (both in the
    /// model's current coordinates, `proposed` as the view computed it).
    func targetPathForMove(from source: ItemPath, proposed: ItemPath) -> ItemPath

    // Editing
    /// Whether the row takes part in editing: a table shows its swipe actions, delete control and
    /// reorder control only when this is true.
    func canEditItem(at path: ItemPath) -> Bool
    /// Whether an editable row shows a delete control (and swipe-to-delete) or nothing.
    func editingStyle(at path: ItemPath) -> EditingStyle
    /// The user deleted the row at `path`.
    func commitDelete(at path: ItemPath)
    /// Whether the row shows a reorder control.
    func canMoveItem(at path: ItemPath) -> Bool
    /// The user moved a row (the view already shows the move). Returns whether the model took it;
    /// when not, the owner has told the view to restore.
    @discardableResult
    func moveItem(from source: ItemPath, to destination: ItemPath) -> Bool

    /// The model as the validator sees it (identities, content and kinds where known).
    func validationSnapshot() -> ValidationSnapshot

    // Display and prefetching (defaults that do nothing: ListViewSource+Display.swift)
    /// The view is about to show `view`, the cell it dequeued for the row at `path`.
    func willDisplay(_ view: AnyObject, at path: ItemPath)
    /// The view no longer shows `view`. `path` is where its row was when the view last placed
    /// it: after a batch it may name another row, or none; the row is the one `view` showed.
    func didEndDisplaying(_ view: AnyObject, at path: ItemPath)
    /// The view expects to show these rows soon, nearest first (UIKit's prefetching).
    func prefetchItems(at paths: [ItemPath])
    /// Rows of an earlier `prefetchItems(at:)` the view no longer expects to show soon.
    func cancelPrefetchingItems(at paths: [ItemPath])
}

extension ListViewSource {
    /// Sources written before focus rules existed have none.
    public var hasFocusRules: Bool { false }
    /// The view's default.
    public func canFocusItem(at path: ItemPath) -> Bool? { nil }
    /// No section index.
    public func sectionIndexTitles() -> [String]? { nil }
    /// No section index.
    public func section(forSectionIndexAt index: Int) -> Int? { nil }
    /// Where the user holds it.
    public func targetPathForMove(from source: ItemPath, proposed: ItemPath) -> ItemPath { proposed }
    /// Sources written before this existed may answer heights for any row: the view asks them all.
    public var hasExplicitRowHeights: Bool { true }
    /// Sources written before editing styles existed: an editable row is deletable, as it was then.
    public func editingStyle(at path: ItemPath) -> EditingStyle { canEditItem(at: path) ? .delete : .none }
    /// No header or footer height of its own: the table's applies.
    public func supplementaryHeight(_ element: ListElement, in section: Int) -> Double? { nil }
    /// No estimated header or footer height of its own: the table's applies.
    public func estimatedSupplementaryHeight(_ element: ListElement, in section: Int) -> Double? { nil }
}
