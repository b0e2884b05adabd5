/// A list view's vertical scroll geometry, in points: which rows are visible, where each row is
/// in the content, and the content offset. An owner keeps the user's place through it
/// (`ListController.scrollAnchor`). `StandInTableView` / `StandInCollectionView` model it;
/// `TableViewTarget` and `CollectionViewTarget` (RowDiffUIKit) read and set UIKit's; a
/// `FlatTableHost` translates its flat table's (`FlatScrollGeometry`: `NSTableViewAdapter`,
/// `StandInFlatTableView`) to sections and rows.
///
/// Coordinates are the content's: a row at `frameOfItem(at:).minY == contentOffset` is at the
/// top edge of the view, so its on-screen position is `minY − contentOffset`.
@MainActor
public protocol ScrollGeometry: AnyObject {
    /// The rows whose frames intersect the visible area, top to bottom.
    var visibleItemPaths: [ItemPath] { get }
    /// The frame of the row at `path` in content coordinates; nil when `path` is not a row the
    /// view has (out-of-range paths never crash).
    func frameOfItem(at path: ItemPath) -> ItemFrame?
    /// The vertical content offset (UIKit: `contentOffset.y`). Setting it moves the content
    /// without an animation and without clamping, as UIKit's setter does.
    var contentOffset: Double { get set }
    /// The height of the visible area (UIKit: `bounds.height`).
    var visibleHeight: Double { get }
    /// The height of the content (UIKit: `contentSize.height`).
    var contentHeight: Double { get }
    /// The offsets at which the view rests: from the top of the content to its bottom edge at the
    /// bottom of the visible area (UIKit: with the adjusted content insets).
    var contentOffsetBounds: ClosedRange<Double> { get }
    /// Brings the frames up to date with the last change (UIKit: `layoutIfNeeded()`).
    func layoutIfNeeded()
}

/// A row's vertical extent in a list's content, in points.
public struct ItemFrame: Sendable, Hashable {
    /// The top edge, in content coordinates.
    public var minY: Double
    /// The height.
    public var height: Double
    /// The bottom edge.
    public var maxY: Double { minY + height }

    /// A frame from its top edge and height.
    public init(minY: Double, height: Double) {
        self.minY = minY
        self.height = height
    }
}
