import Foundation

/// Where a reusable view's instances come from, and so how RowDiff registers its type with a list
/// view before the first dequeue.
public enum ViewSource: Sendable, Hashable {
    /// The class itself (`register(_:forCellReuseIdentifier:)` and its relatives).
    case viewClass
    /// A nib holding one view of this class. `nil` names the nib after the type's unqualified name
    /// (`ContactCell.xib` for `MyApp.ContactCell`, which is how Xcode names a new cell's nib).
    case nib(named: String?)
    /// A storyboard prototype: the storyboard registered it under the type's `reuseIdentifier`,
    /// so RowDiff registers nothing (CellKit's prototype cells).
    case prototype
}

/// A cell, header, footer or supplementary view class that RowDiff registers and dequeues from
/// its type, as CellKit does. The defaults need no code: `final class ContactCell: UITableViewCell,
/// ReusableView {}` is registered as a class under the reuse identifier `RowKind(ContactCell.self).name`.
///
/// Override the static members in the class itself to load a nib or use a storyboard prototype.
/// They are read through the protocol, so a subclass does not override its superclass's choice:
/// declare the conformance on the class whose members you set.
@MainActor
public protocol ReusableView: AnyObject {
    /// How instances are made. Default: `.viewClass`.
    static var viewSource: ViewSource { get }
    /// The identifier it is registered and dequeued with. Default: the kind's name (module-qualified,
    /// so two modules' `ContactCell`s never share a reuse pool). A prototype's must match the
    /// identifier set in the storyboard.
    static var reuseIdentifier: String { get }
    /// The bundle holding the nib; nil means the bundle that holds the class (UIKit's
    /// `Bundle(for:)`). Only read for `.nib`.
    static var nibBundle: Bundle? { get }
}

extension ReusableView {
    public static var viewSource: ViewSource { .viewClass }
    public static var reuseIdentifier: String { RowKind(Self.self).name }
    public static var nibBundle: Bundle? { nil }

    /// The type's name without its module: the default nib name.
    /// - Complexity: O(length of the name).
    public static var unqualifiedTypeName: String { String(describing: Self.self) }
}

/// The places a list view shows reusable views.
public enum ListElement: Sendable, Hashable, CaseIterable {
    /// A row's cell (table) or an item's cell (collection).
    case cell
    /// A section header: a table's header view, a collection view's section-header supplementary view.
    case header
    /// A section footer, as `header`.
    case footer
}

/// One registration a list view receives: what to register, for which element, under which
/// identifier. The UIKit layer turns it into `register(_:forCellReuseIdentifier:)`,
/// `register(_:forHeaderFooterViewReuseIdentifier:)`, `register(_:forSupplementaryViewOfKind:…)`
/// or their nib forms.
public struct ViewRegistration {
    /// Where instances come from.
    public enum Source {
        /// Register this class.
        case viewClass(AnyClass)
        /// Register the nib `name` in `bundle` (nil: the bundle holding `viewClass`).
        case nib(name: String, bundle: Bundle?, viewClass: AnyClass)
        /// Registered by a storyboard; nothing to do.
        case prototype
        /// The view's plain base class (`UITableViewCell`, `UICollectionViewCell`,
        /// `UICollectionReusableView`), for rows and supplementary views that name no type.
        case plain
    }

    /// Which element the view is registered for.
    public var element: ListElement
    /// The identifier to register and dequeue with.
    public var reuseIdentifier: String
    /// Where instances come from.
    public var source: Source

    /// A registration from explicit parts.
    public init(element: ListElement, reuseIdentifier: String, source: Source) {
        self.element = element
        self.reuseIdentifier = reuseIdentifier
        self.source = source
    }

    /// The registration `View` declares for `element`.
    /// - Complexity: O(length of the type's name).
    @MainActor
    public init<View: ReusableView>(_ view: View.Type, for element: ListElement) {
        let source: Source
        switch View.viewSource {
        case .viewClass: source = .viewClass(View.self)
        case .nib(let name): source = .nib(name: name ?? View.unqualifiedTypeName, bundle: View.nibBundle, viewClass: View.self)
        case .prototype: source = .prototype
        }
        self.init(element: element, reuseIdentifier: View.reuseIdentifier, source: source)
    }

    /// The registration of the plain view for `element` (see `Source.plain`).
    public static func plain(for element: ListElement) -> ViewRegistration {
        ViewRegistration(element: element, reuseIdentifier: plainReuseIdentifier(element), source: .plain)
    }

    /// The reuse identifier of the plain view for `element`.
    public static func plainReuseIdentifier(_ element: ListElement) -> String {
        switch element {
        case .cell: "RowDiff.PlainCell"
        case .header: "RowDiff.PlainHeader"
        case .footer: "RowDiff.PlainFooter"
        }
    }
}
