/// How a `ListRenderer` decides between animating and reloading, and what it does with
/// duplicate keys.
///
/// The library never writes to standard output or standard error. Diagnostics (duplicate keys)
/// go to `onDuplicateKeys`, a handler the app sets — to log them, assert in debug builds, or
/// record them in tests; without one they are dropped (and the `DuplicatePolicy` still applies).
public struct RenderOptions: Sendable {
    /// Above this many changes (every kind counted, as `Changeset.changeCount`) the renderer
    /// reloads instead of animating: a big animation costs more than it shows.
    public var maximumAnimatedChanges: Int
    /// Whether the first render animates from the empty list. By default it reloads.
    public var animatesFirstRender: Bool
    /// What to do when the new state repeats a key.
    public var duplicatePolicy: DuplicatePolicy
    /// Whether reconfigure is used where the target supports it (otherwise updated rows reload).
    public var prefersReconfigure: Bool
    /// Whether key lookups are built off the main thread during every render (the default), so the
    /// first lookup after a render costs O(1) on the main thread. Off, they are built on the main
    /// thread by the first lookup after a render (O(rows)), which saves the work for apps that
    /// never look up keys.
    public var buildsLookupsEagerly: Bool
    /// Whether what a render replaced (the old model, the stages' data) is released on a background
    /// queue (the default) rather than on the main thread. Freeing 100,000 `KeyedRow`s takes about
    /// 4 ms; in the background, the main thread only hands them over. Everything released there is
    /// `Sendable` (the renderer's sections and rows must be), which Swift allows to be released on
    /// any thread. Turn it off when a row's state, actions or closures may hold the last reference
    /// to an object that must be freed on the main thread (a view, a view controller): with it on,
    /// such an object's `deinit` could run on the background queue. `ListRenderer.waitUntilIdle()`
    /// waits for these releases, so tests can check what was freed.
    public var releasesReplacedStateInBackground: Bool
    /// Receives every duplicate-key diagnostic, on the main actor, before the render is applied.
    /// Default: none (nothing is printed).
    public var onDuplicateKeys: (@MainActor @Sendable (DuplicateKeyDiagnostic) -> Void)?

    /// Options with the defaults: 1,000 changes, first render reloads, duplicates reload, lookups
    /// built off the main thread, replaced state released off the main thread, no diagnostic handler.
    public init(
        maximumAnimatedChanges: Int = 1_000, animatesFirstRender: Bool = false,
        duplicatePolicy: DuplicatePolicy = .reload, prefersReconfigure: Bool = true,
        buildsLookupsEagerly: Bool = true, releasesReplacedStateInBackground: Bool = true,
        onDuplicateKeys: (@MainActor @Sendable (DuplicateKeyDiagnostic) -> Void)? = nil
    ) {
        self.maximumAnimatedChanges = maximumAnimatedChanges
        self.animatesFirstRender = animatesFirstRender
        self.duplicatePolicy = duplicatePolicy
        self.prefersReconfigure = prefersReconfigure
        self.buildsLookupsEagerly = buildsLookupsEagerly
        self.releasesReplacedStateInBackground = releasesReplacedStateInBackground
        self.onDuplicateKeys = onDuplicateKeys
    }
}

/// What the renderer does when a new state repeats a section key or a row key. It never crashes.
public enum DuplicatePolicy: Sendable, Hashable {
    /// Report the keys and reload (the default): nothing can mis-animate.
    case reload
    /// Report the keys and animate anyway: the k-th occurrence pairs with the k-th, which is
    /// always a valid batch but may animate a different row than the user expects.
    case animate
}

/// What one applied render did.
public enum RenderOutcome: Sendable, Hashable {
    /// The changes were animated in this many batches (0: nothing changed).
    case animated(batches: Int)
    /// The target was told to reload.
    case reloaded(ReloadReason)
    /// The changes were applied as one sequential patch of this many steps.
    case patched(steps: Int)

    /// Why a render reloaded instead of animating.
    public enum ReloadReason: Sendable, Hashable {
        case firstRender
        case notAnimated
        case notVisible
        case tooManyChanges(Int)
        case duplicateKeys
    }
}

