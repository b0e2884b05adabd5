// Keeping the user's place. When rows are inserted or removed above the visible area (a feed
// loading newer items, a chat loading history), UIKit and AppKit keep the content offset, so the rows on
// screen jump. With a scroll anchor the owner notes, right before a render is applied, where the
// visible rows are on screen, and right after it (in the same main-actor step, so no frame is
// drawn between) scrolls so that the anchor row is where it was. The anchor is a row key; its new
// index path comes from the model's key table, its new frame from the view.

/// Which row keeps its place on screen when a render changes the rows around it
/// (`ListController.scrollAnchor`).
public enum ScrollAnchor: Sendable, Hashable {
    /// UIKit's behaviour (the default): the content offset stays, so rows inserted or removed
    /// above the visible area move the rows on screen.
    case none
    /// The first visible row keeps its on-screen position. If the render removes it, the next
    /// visible row that survives keeps its position; if none survives, the offset stays.
    case firstVisibleRow
    /// A list scrolled to its bottom (a chat) stays at its bottom, however much is added or
    /// removed; scrolled anywhere else, as `firstVisibleRow`.
    case bottom
}

/// The visible rows before a render (identities and on-screen positions, top to bottom), and
/// whether the view was at its bottom.
struct AnchorCapture<Identity: Hashable> {
    var rows: [(identity: Identity, screenY: Double)]
    var wasAtBottom: Bool
}

extension ListController {
    /// Which row keeps its place when a render changes the rows around it: `.none` (UIKit's
    /// behaviour, the default), `.firstVisibleRow` or `.bottom`. Needs a host with scroll
    /// geometry (`ScrollGeometry`: the UIKit targets, the stand-ins, and a `FlatTableHost` whose
    /// view is a `FlatScrollGeometry`, as the `NSTableView` adapter). The correction is made
    /// after every applied render, animated or reloaded, within the offsets the view rests at
    /// (`contentOffsetBounds`): a row that would have to move past the top or bottom of the
    /// content moves as little as the bounds allow. With a stand-in whose completions run at once
    /// (`completesAsynchronously == false`), a render's completion runs before the correction.
    /// - Complexity: per render, O(visible rows) before and O(1) expected after (the row's key is
    ///   looked up in the model's key table, which the renderer builds off the main thread).
    public var scrollAnchor: ScrollAnchor {
        get { extras.scrollAnchor }
        set {
            extras.scrollAnchor = newValue
            extras.anchorCapture = nil
            guard newValue != .none else {
                renderer.applyObserver = nil
                return
            }
            renderer.applyObserver = { [weak self] (phase: RenderApplyPhase) in
                guard let self else { return }
                switch phase {
                case .willApply: self.captureAnchor()
                case .didApply: self.restoreAnchor()
                }
            }
        }
    }

    /// Notes the visible rows' identities and on-screen positions, before anything changes.
    private func captureAnchor() {
        extras.anchorCapture = nil
        guard scrollAnchor != .none, let geometry = host as? any ScrollGeometry else { return }
        geometry.layoutIfNeeded()
        let offset = geometry.contentOffset
        // Half a point: a view scrolled to its bottom by the user may rest a fraction above it.
        let wasAtBottom = scrollAnchor == .bottom && offset >= geometry.contentOffsetBounds.upperBound - 0.5
        var rows: [(identity: Section.Row.DiffIdentity, screenY: Double)] = []
        for path in geometry.visibleItemPaths where dataSource.contains(path) {
            guard let frame = geometry.frameOfItem(at: path) else { continue }
            rows.append((dataSource.item(at: path).diffIdentity, frame.minY - offset))
        }
        extras.anchorCapture = AnchorCapture(rows: rows, wasAtBottom: wasAtBottom)
    }

    /// Scrolls so that the first noted row still in the model is where it was on screen (or, at
    /// the bottom, to the bottom).
    private func restoreAnchor() {
        guard let capture = extras.anchorCapture, let geometry = host as? any ScrollGeometry else { return }
        extras.anchorCapture = nil
        geometry.layoutIfNeeded()
        let bounds = geometry.contentOffsetBounds
        if capture.wasAtBottom {
            if geometry.contentOffset != bounds.upperBound { geometry.contentOffset = bounds.upperBound }
            return
        }
        for row in capture.rows {
            guard let path = dataSource.indexPath(ofItem: row.identity), let frame = geometry.frameOfItem(at: path) else { continue }
            let target = min(max(frame.minY - row.screenY, bounds.lowerBound), bounds.upperBound)
            if geometry.contentOffset != target { geometry.contentOffset = target }
            return
        }
    }
}
