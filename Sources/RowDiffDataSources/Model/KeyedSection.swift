/// A header or footer: a title, and optionally a view of its own type configured from a state,
/// and optionally its height in a table (`with(height:estimatedHeight:)`).
/// It is compared by title, view type, state and heights (not by its closures). Under a
/// `ListController` a change is shown in place (the view on screen is configured again, a new
/// height lays the view out again); only a change of view type reloads its section. A renderer
/// without an owner reloads the section.
///
/// ```swift
/// KeyedSection(key: "all", rows: rows,
///              header: Supplementary(view: TitleHeader.self, state: "All contacts") { header, title in
///                  header.label.text = title
///              })
/// ```
public struct Supplementary: Equatable, Sendable {
    /// The title a plain table view shows when there is no view.
    public var title: String?
    /// The kind of view that shows it, when it is a custom view.
    public var kind: RowKind?
    /// The state a custom view is configured from.
    public var state: (any Equatable & Sendable)?
    /// Its height in points in a table view; nil: the table's own (`sectionHeaderHeight` /
    /// `sectionFooterHeight`, automatic unless the app set them). Collection views size
    /// supplementary views through their layout and ignore it.
    public var height: Double?
    /// Its estimated height in points in a table view; nil: the table's own
    /// (`estimatedSectionHeaderHeight` / `estimatedSectionFooterHeight`).
    public var estimatedHeight: Double?
    /// How the view is registered and configured; nil for titles and untyped kinds.
    let binding: AnyViewBinding?

    /// A plain title.
    public init(title: String) {
        self.title = title
        self.kind = nil
        self.state = nil
        self.binding = nil
    }

    /// A view of kind `kind` with no typed view (an owner shows `title`, or a plain view), configured
    /// by whoever dequeues it.
    public init<State: Equatable & Sendable>(kind: RowKind, state: State, title: String? = nil) {
        self.title = title
        self.kind = kind
        self.state = state
        self.binding = nil
    }

    /// A `View` configured from `state` by `configure`; `title` is for views that only show text
    /// (and for accessibility). Table views show it as the section's header/footer view;
    /// collection views as the section-header/footer supplementary view.
    public init<View: ReusableView, State: Equatable & Sendable>(
        view: View.Type, state: State, title: String? = nil, reset: (@MainActor @Sendable (View) -> Void)? = nil,
        configure: @escaping @MainActor @Sendable (View, State) -> Void
    ) {
        self.title = title
        self.kind = RowKind(view)
        self.state = state
        self.binding = ViewBinding<View, State>(configure: configure, reset: reset)
    }

    /// A `ConfigurableView` header or footer showing `state`.
    public init<View: ConfigurableView>(view: View.Type, state: View.State, title: String? = nil) {
        self.title = title
        self.kind = RowKind(view)
        self.state = state
        self.binding = View.selfBinding
    }

    /// This header or footer with a fixed height and an estimated one in a table view
    /// (FunctionalTableData's header heights); nil keeps the table's own.
    /// - Complexity: O(1).
    public func with(height: Double?, estimatedHeight: Double? = nil) -> Supplementary {
        var sized = self
        sized.height = height
        sized.estimatedHeight = estimatedHeight
        return sized
    }

    public static func == (lhs: Supplementary, rhs: Supplementary) -> Bool {
        guard lhs.title == rhs.title, lhs.kind == rhs.kind, lhs.height == rhs.height,
            lhs.estimatedHeight == rhs.estimatedHeight
        else { return false }
        switch (lhs.state, rhs.state) {
        case (nil, nil): return true
        case (let a?, let b?): return statesEqual(a, b)
        default: return false
        }
    }
}

/// A section of declarative state, FunctionalTableData-style: a key, rows and an optional header
/// and footer.
///
/// Section keys are unique among sections. The header and footer are the section's content; a
/// `ListController` updates them in place unless their view type changes (see `Supplementary`).
public struct KeyedSection: DiffableSection, TitledSection, Sendable {
    /// The section's identity, unique among sections.
    public var key: String
    /// The rows, top to bottom.
    public var rows: [KeyedRow]
    /// The header, if any.
    public var header: Supplementary?
    /// The footer, if any.
    public var footer: Supplementary?

    /// A section with `rows` and an optional header and footer.
    public init(key: String, rows: [KeyedRow], header: Supplementary? = nil, footer: Supplementary? = nil) {
        self.key = key
        self.rows = rows
        self.header = header
        self.footer = footer
    }

    /// A section whose header and footer are plain titles.
    public init(key: String, rows: [KeyedRow], headerTitle: String?, footerTitle: String? = nil) {
        self.init(
            key: key, rows: rows, header: headerTitle.map(Supplementary.init(title:)),
            footer: footerTitle.map(Supplementary.init(title:)))
    }

    public init(source: KeyedSection, rows: [KeyedRow]) {
        self.init(key: source.key, rows: rows, header: source.header, footer: source.footer)
    }

    public var diffIdentity: String { key }

    /// Header and footer equal.
    public func isContentEqual(to other: KeyedSection) -> Bool { header == other.header && footer == other.footer }

    /// What decides whether a list owner reloads the section: whether it has a header and a
    /// footer, and their view types (nil for a title). Anything else changes in place.
    /// - Complexity: O(1).
    static func viewTypes(of section: KeyedSection) -> SupplementaryViewTypes {
        SupplementaryViewTypes(header: section.header.map { $0.kind }, footer: section.footer.map { $0.kind })
    }

    public var headerTitle: String? { header?.title }
    public var footerTitle: String? { footer?.title }
}

/// A section's header and footer view types, with their presence (see `KeyedSection.viewTypes(of:)`).
struct SupplementaryViewTypes: Hashable, Sendable {
    let header: RowKind??
    let footer: RowKind??
}

/// `==` across two existentials: opens the first, casts the second to its type. Headers and
/// footers are few, so the dynamic cast is fine here (rows use `AnyStateBox`).
private func statesEqual(_ lhs: any Equatable & Sendable, _ rhs: any Equatable & Sendable) -> Bool {
    func open<T: Equatable>(_ lhs: T) -> Bool {
        guard let rhs = rhs as? T else { return false }
        return lhs == rhs
    }
    return open(lhs)
}
