import RowDiff

/// What one applied render replaced: the model the data source showed before it, and the staged
/// changeset whose stages held the intermediate models (content stages as patches of the old
/// model). `Sendable` because the renderer's sections and rows are: it may be released on any thread.
struct ReplacedState<Section: DiffableSection & Sendable>: Sendable where Section.Row: Sendable {
    var old: InstalledModel<Section>
    var staged: StagedChangeset<Section>?
}

extension ListRenderer {
    /// Whether replaced state goes to the background queue: the app's choice, else on for a bare
    /// renderer, and on under an owner where the system frees views and view controllers on the
    /// main thread whoever lets go of them last (`ownerReleasesInBackgroundByDefault`).
    var releasesInBackground: Bool {
        options.releasesReplacedStateInBackground ?? (!isOwned || Self.ownerReleasesInBackgroundByDefault)
    }

    /// Whether an owner frees what its renders replaced on the background queue by default.
    ///
    /// The risk of freeing an owner's rows off the main thread is a row holding the last reference
    /// to a view or a view controller, whose teardown must run on the main thread. UIKit removes
    /// it: `UIView` and `UIViewController` take over the start of their own deallocation (the
    /// Objective-C runtime's custom dealloc initiation, which UIKit turns on in their
    /// `+initialize`) and run it on the main thread when the last release happens on another one.
    /// That was checked in iOS 26.1's UIKit; apps built with the iOS 16 SDK already met its
    /// assertion, and from iOS and tvOS 17 (Mac Catalyst and visionOS alike) it is relied on here.
    /// AppKit's views make no such promise we could check, so on macOS, watchOS and earlier
    /// systems an owner frees on the main thread, in slices (`MainThreadRelease`). Elsewhere (Linux)
    /// no view is tied to the main thread: on, as on iOS 17.
    static var ownerReleasesInBackgroundByDefault: Bool {
        #if os(watchOS)
        return false
        #elseif canImport(UIKit)
        if #available(iOS 17, tvOS 17, *) { return true }
        return false
        #elseif canImport(AppKit)
        return false
        #else
        return true
        #endif
    }

    /// Releases what a render replaced: on `BackgroundRelease`'s queue with
    /// `releasesInBackground` (see `RenderOptions.releasesReplacedStateInBackground`), else on the
    /// main thread in slices of at most a millisecond, one main-queue turn each, after this one
    /// (`MainThreadRelease`). Freeing the rows of a large state costs the thread that does it
    /// O(rows) (about 4 ms for 100,000 `KeyedRow`s, some 30 ms when each row's actions are
    /// closures); only this handover stays in the render's turn.
    /// - Complexity: O(1) with the background release; O(sections) here without, the rows freed
    ///   in later turns.
    func releaseReplaced(_ replaced: consuming ReplacedState<Section>) {
        if releasesInBackground {
            BackgroundRelease.shared.release(consume replaced)
        } else {
            MainThreadRelease.shared.release(consume replaced)
        }
    }

    /// Releases a requested state (its sections, or what would have made them) that a newer
    /// one replaced before it was rendered, as `releaseReplaced` does.
    /// - Complexity: as `releaseReplaced`.
    func releaseSuperseded<State: Sendable>(_ state: consuming State) {
        if releasesInBackground {
            BackgroundRelease.shared.release(consume state)
        } else {
            _ = consume state
        }
    }
}
