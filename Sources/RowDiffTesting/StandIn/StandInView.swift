import RowDiffDataSources
/// A view a stand-in list view makes: what `UITableViewCell`, `UICollectionViewCell`,
/// `UITableViewHeaderFooterView` and `UICollectionReusableView` are to UIKit. Subclass it for the
/// cell and header types of your tests, and conform the subclasses to `ReusableView`.
@MainActor
open class StandInView {
    /// The identifier it was dequeued with.
    public internal(set) var reuseIdentifier: String?
    /// How many times the stand-in reused it (UIKit calls `prepareForReuse()` then).
    public internal(set) var reuseCount = 0

    /// Stand-ins make views with this initializer (UIKit: `init(style:reuseIdentifier:)`,
    /// `init(frame:)` or a nib).
    public required init() {}

    /// Called before the view is handed out again, as UIKit's `prepareForReuse()`.
    open func prepareForReuse() {}
}

/// A dequeue that UIKit would not satisfy.
public struct DequeueFailure: Sendable, Hashable, CustomStringConvertible {
    /// Why it failed.
    public enum Reason: Sendable, Hashable {
        /// Nothing is registered under the identifier. UIKit raises
        /// `NSInternalInconsistencyException` for cells and collection supplementary views; a
        /// table's `dequeueReusableHeaderFooterView(withIdentifier:)` returns nil.
        case unregistered
        /// The registered nib does not exist in the bundle ("Could not load NIB in bundle").
        case nibNotFound(String)
        /// The nib's view is not of the registered class (the cell cannot be configured).
        case nibHoldsAnotherClass(String)
        /// The registered class cannot be instantiated by the stand-in (not a `StandInView`).
        case notAStandInView
    }

    /// Cell, header or footer.
    public var element: ListElement
    /// The identifier asked for.
    public var reuseIdentifier: String
    /// Why it failed.
    public var reason: Reason
    /// Whether UIKit raises (crashing the app) rather than returning nil.
    public var raisesInUIKit: Bool

    /// A failure from its parts.
    public init(element: ListElement, reuseIdentifier: String, reason: Reason, raisesInUIKit: Bool) {
        self.element = element
        self.reuseIdentifier = reuseIdentifier
        self.reason = reason
        self.raisesInUIKit = raisesInUIKit
    }

    public var description: String {
        "dequeue of \(element) '\(reuseIdentifier)' failed: \(reason)\(raisesInUIKit ? " (UIKit raises)" : " (UIKit returns nil)")"
    }
}
