#if canImport(os)
import Foundation
import os
#endif

/// How a `ListRenderer` decides between animating and reloading, and what it does with
/// duplicate keys.
///
/// The library never writes to standard output or standard error. Diagnostics (duplicate keys)
/// go to `onDuplicateKeys`: by default the system log on Apple platforms (a fault, which Xcode's
/// console shows while you develop; `logsDuplicateKeys`), nothing elsewhere. Set your own handler
/// to assert in debug builds or record them in tests, or nil to drop them; the
/// `DuplicatePolicy` applies either way.
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
    /// first lookup after a render costs O(1) on the main thread. Off (the bench's comparison),
    /// they are built on the main thread by the first lookup after a render (O(rows)).
    package var buildsLookupsEagerly = true
    /// Whether what a render replaced (the old model, the stages' data) is released on a background
    /// queue rather than on the main thread. nil (the default) leaves the choice to the context: on
    /// for a bare `ListRenderer`; on under a `ListUpdater` (its rows hold identities and versions;
    /// the updater frees the app's items on the main thread itself); under a `ListController`, on
    /// from iOS and tvOS 17 and where there is no UIKit or AppKit (Linux), off on macOS, watchOS
    /// and earlier systems. An owner's rows often capture
    /// view controllers; UIKit runs the deallocation of a `UIView` or a `UIViewController` on the
    /// main thread whichever thread releases it last (relied on from iOS 17), so rows that hold
    /// the last reference to one may be freed anywhere. AppKit's views give no such promise.
    /// Freeing 100,000 `KeyedRow`s takes about 4 ms, and some 30 ms when every row's actions are
    /// closures; in the background, the main thread only hands them over. Everything released
    /// there is `Sendable` (the renderer's sections and rows must be), which Swift allows to be
    /// released on any thread. Turn it off when a row's state, actions or closures may hold the
    /// last reference to an object of your own whose `deinit` must run on the main thread (one
    /// that touches main-thread state from its `deinit`): with it on, that `deinit` could run on
    /// the background queue. Off, the rows are freed on the
    /// main thread after the render's turn, in slices of at most a millisecond (one main-queue turn
    /// each), so that freeing a large state never holds the main thread for long. `ListRenderer.waitUntilIdle()`
    /// waits for these releases, so tests can check what was freed.
    public var releasesReplacedStateInBackground: Bool?
    /// Receives every duplicate-key diagnostic, on the main actor, before the render is applied.
    /// Default: `logsDuplicateKeys` (the system log on Apple platforms; nothing is printed).
    public var onDuplicateKeys: (@MainActor @Sendable (DuplicateKeyDiagnostic) -> Void)?

    /// Options with the defaults: 1,000 changes, first render reloads, duplicates animate (paired
    /// in order), replaced state released as the context says
    /// (see `releasesReplacedStateInBackground`), duplicates reported to the system log.
    public init(
        maximumAnimatedChanges: Int = 1_000, animatesFirstRender: Bool = false,
        duplicatePolicy: DuplicatePolicy = .animate, prefersReconfigure: Bool = true,
        releasesReplacedStateInBackground: Bool? = nil,
        onDuplicateKeys: (@MainActor @Sendable (DuplicateKeyDiagnostic) -> Void)? = RenderOptions.logsDuplicateKeys
    ) {
        self.maximumAnimatedChanges = maximumAnimatedChanges
        self.animatesFirstRender = animatesFirstRender
        self.duplicatePolicy = duplicatePolicy
        self.prefersReconfigure = prefersReconfigure
        self.releasesReplacedStateInBackground = releasesReplacedStateInBackground
        self.onDuplicateKeys = onDuplicateKeys
    }
}

extension RenderOptions {
    /// The default duplicate-key handler: on Apple platforms a fault in the unified system log
    /// (subsystem "RowDiff", category "duplicate-keys"), which Xcode's console shows in a debug
    /// session and Console.app in a release build; elsewhere it does nothing. It never writes to
    /// standard output or standard error.
    public static let logsDuplicateKeys: @MainActor @Sendable (DuplicateKeyDiagnostic) -> Void = { diagnostic in
        #if canImport(os)
        os_log(
            .fault, log: OSLog(subsystem: "RowDiff", category: "duplicate-keys"), "%{public}@",
            diagnostic.description as NSString)
        #endif
    }
}

/// What the renderer does when a new state repeats a section key or a row key. It never crashes.
public enum DuplicatePolicy: Sendable, Hashable {
    /// Report the keys and reload the whole list: nothing can mis-animate, but every cell is
    /// recreated (selection and first responder lost). Only when asked for.
    case reload
    /// Report the keys and animate (the default): the k-th occurrence pairs with the k-th, which
    /// is always a valid batch; a repeated row may animate from another repeat's place.
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
        /// The first render, unless `RenderOptions.animatesFirstRender`.
        case firstRender
        /// The render was requested with `animated: false`.
        case notAnimated
        /// The view was not on screen (no window).
        case notVisible
        /// The render had this many changes, more than `RenderOptions.maximumAnimatedChanges`.
        case tooManyChanges(Int)
        /// The new state repeated a key under `DuplicatePolicy.reload`.
        case duplicateKeys
    }
}
