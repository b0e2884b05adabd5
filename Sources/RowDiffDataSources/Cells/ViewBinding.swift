/// A view type together with how to configure it from a state and reset it on reuse: the typed
/// part of a row's cell or a section's header. It is not content: two rows with equal states are
/// equal whatever their closures are (their kinds already say which type shows them).
///
/// Type erasure happens here, once: app code writes `(ContactCell, ContactState) -> Void` and
/// never casts; the owner hands over the dequeued view, which this checks against `View`.
public class AnyViewBinding: @unchecked Sendable {
    /// The view type's kind (`RowKind(View.self)`).
    let kind: RowKind

    init(kind: RowKind) { self.kind = kind }

    /// The registration the view type declares for `element`.
    @MainActor func registration(for element: ListElement) -> ViewRegistration { fatalError("abstract") }

    /// Configures `view` from `state`; false (and nothing done) when either has another type.
    @MainActor func configure(_ view: AnyObject, with state: Any) -> Bool { fatalError("abstract") }

    /// Resets `view` before it shows another row (FunctionalTableData's nil-state `prepare`).
    @MainActor func reset(_ view: AnyObject) { fatalError("abstract") }
}

/// The binding of `View` to `State`. Immutable: its closures are `@Sendable`, main-actor functions.
@usableFromInline
final class ViewBinding<View: ReusableView, State>: AnyViewBinding, @unchecked Sendable {
    private let configureView: @MainActor @Sendable (View, State) -> Void
    private let resetView: (@MainActor @Sendable (View) -> Void)?

    @usableFromInline
    init(configure: @escaping @MainActor @Sendable (View, State) -> Void, reset: (@MainActor @Sendable (View) -> Void)?) {
        self.configureView = configure
        self.resetView = reset
        super.init(kind: RowKind(View.self))
    }

    @MainActor override func registration(for element: ListElement) -> ViewRegistration {
        ViewRegistration(View.self, for: element)
    }

    @MainActor override func configure(_ view: AnyObject, with state: Any) -> Bool {
        guard let view = view as? View, let state = state as? State else { return false }
        configureView(view, state)
        return true
    }

    @MainActor override func reset(_ view: AnyObject) {
        guard let resetView, let view = view as? View else { return }
        resetView(view)
    }
}

/// A view that configures itself from a state, CellKit's `CellConfigurable`: rows and headers can
/// then name just the type and the state (`KeyedRow(key:cell:state:)`).
@MainActor
public protocol ConfigurableView: ReusableView {
    /// What the view shows; its `==` is the row's content equality.
    associatedtype State: Equatable & Sendable
    /// Shows `state`.
    func configure(with state: State)
    /// Clears what `configure(with:)` set, before the view shows another row. Default: nothing.
    func reset()
}

extension ConfigurableView {
    public func reset() {}

    /// The binding that calls `configure(with:)` and `reset()`.
    @usableFromInline
    nonisolated static var selfBinding: AnyViewBinding {
        ViewBinding<Self, State>(configure: { view, state in view.configure(with: state) }, reset: { view in view.reset() })
    }
}
