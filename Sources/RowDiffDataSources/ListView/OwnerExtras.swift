/// What `ListController`'s extensions keep between calls, in one object the owner holds, so that
/// each extension stays in its own file.
@MainActor
final class OwnerExtras<Section: DiffableSection> {
    /// The owner's prefetch handlers (ListController+Display.swift).
    var onPrefetch: (@MainActor ([Section.Row.DiffIdentity]) -> Void)?
    var onCancelPrefetch: (@MainActor ([Section.Row.DiffIdentity]) -> Void)?
    /// The scroll anchor, and what was captured before the render being applied (ListController+ScrollAnchor.swift).
    var scrollAnchor = ScrollAnchor.none
    var anchorCapture: AnchorCapture<Section.Row.DiffIdentity>?
    /// How many of the view's cells show each row, between their `willDisplay` and
    /// `didEndDisplaying` (ListController+Display.swift); rows no cell shows are absent.
    var displayingCells: [Section.Row.DiffIdentity: Int] = [:]
}
