/// What a `FlatTableHost` drives: the few calls of `NSTableView` it needs, in flat row indices.
/// RowDiffUIKit's `NSTableViewAdapter` implements it by calling `NSTableView`;
/// `StandInFlatTableView` implements it on every platform, behaving as `NSTableView` does, for tests.
///
/// The view asks its host (`host`, held weakly, as `NSTableView.delegate`) for rows, views,
/// group rows, selection permissions, row actions and drops.
@MainActor
public protocol FlatTableView: AnyObject {
    /// Who answers the view's questions; set by `FlatTableHost.init`. Implementations hold it weakly.
    var host: FlatTableHost? { get set }

    /// Whether the view is on screen (AppKit: it has a window).
    var isVisible: Bool { get }

    /// Registers a view for `registration.element` under its identifier (`NSTableView` takes nibs;
    /// a class is kept and instantiated when no view of that identifier can be reused).
    func register(_ registration: ViewRegistration)

    /// A view registered under `reuseIdentifier`, reused when one is free
    /// (`makeView(withIdentifier:owner:)`); nil when nothing is registered under it.
    func makeView(_ element: ListElement, reuseIdentifier: String) -> AnyObject?

    /// Applies `steps` in one animated group (`beginUpdates()` … `endUpdates()`), each relative
    /// to the rows left by the previous one. The host's model already is the final one.
    func performUpdates(_ steps: [FlatListStep])

    /// Discards every row and asks the host again.
    func reloadData()

    /// Deselects `row` (programmatically: the view tells the host, as `NSTableView` posts
    /// `selectionDidChangeNotification`).
    func deselectRow(_ row: Int)

    /// The selected rows.
    var selectedRows: Set<Int> { get }
}
