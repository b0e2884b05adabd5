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
    /// renderer and off under an owner.
    var releasesInBackground: Bool { options.releasesReplacedStateInBackground ?? !isOwned }

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
