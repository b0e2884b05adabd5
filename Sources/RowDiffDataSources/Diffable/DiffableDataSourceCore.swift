/// What UIKit's diffable data sources do, without UIKit: applies snapshots to a list view through
/// a `ListRenderer`, answers the view's questions (counts, identifiers at index paths, index paths
/// of identifiers), keeps section snapshots (outlines), and applies the user's reorders and
/// expansions. `TableViewDiffableDataSource` and `CollectionViewDiffableDataSource` (RowDiffUIKit)
/// translate UIKit's calls to it; `DiffableListSource` drives the stand-in views with it.
///
/// ```swift
/// let core = DiffableDataSourceCore<String, Int>(target: tableViewTarget)
/// var snapshot = DiffableDataSourceSnapshot<String, Int>()
/// snapshot.appendSections(["main"])
/// snapshot.appendItems([1, 2, 3])
/// core.apply(snapshot)                      // returns at once
/// await core.apply(snapshot)                // returns once the view shows it
/// ```
///
/// **When things happen.** Unlike UIKit's `apply`, which diffs before it returns, `apply` here
/// returns at once: the diff and staging run off the main thread, then the view is updated on the
/// main actor (see `ListRenderer`: a burst of applies is coalesced, and every batch keeps the view
/// and the data in step). Two clocks follow:
/// - `snapshot()` and `snapshot(for:)` answer with the last snapshot given to `apply`, at once;
/// - what the view shows — `numberOfSections`, `numberOfItems(in:)`, `itemIdentifier(for:)`,
///   `indexPath(for:)`, `sectionIdentifier(for:)`, `index(for:)` — follows the view: they reflect a
///   snapshot once its `completion` has run, or the `async` apply has returned.
///
/// Bad input never traps: an index path or section index out of range gives nil, 0 or false.
///
/// - Complexity: `apply` costs the main thread O(1) plus the items of sections with a kept outline
///   (see `apply(_:animatingDifferences:completion:)`); wrapping the identifiers as rows (O(S + n),
///   plus hashing the marked items) and the diff (O(n) for usual changes) run off it, in the
///   renderer's background task. Lookups are O(1): the key table is built or remapped off the
///   main thread during the render.
@MainActor
public final class DiffableDataSourceCore<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> {
    /// A snapshot of this data source's identifiers.
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// A section snapshot (an outline) of its items.
    public typealias SectionSnapshot = DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// The sections the renderer renders.
    @usableFromInline package typealias Section = DiffableSnapshotSection<SectionIdentifierType, ItemIdentifierType>

    /// The renderer: its data source is what the view shows; its target is the view.
    package let renderer: ListRenderer<Section>

    /// Handlers for the user's reorders (UIKit's `reorderingHandlers` of a collection view's
    /// diffable data source). Without `canReorderItem`, no item can be reordered.
    public var reorderingHandlers = DiffableReorderingHandlers<SectionIdentifierType, ItemIdentifierType>()

    /// Handlers for expanding and collapsing items of section snapshots (UIKit's
    /// `sectionSnapshotHandlers`), called by `expand(_:)`, `collapse(_:)` and `toggleExpansion(of:)`.
    public var sectionSnapshotHandlers = DiffableSectionSnapshotHandlers<ItemIdentifierType>()

    /// The last snapshot given to `apply` (or made by a reorder or an expansion), without marks.
    var latest = Snapshot()
    /// The outlines applied with `apply(_:to:animatingDifferences:completion:)`, per section, kept
    /// while the section shows exactly their visible items.
    var outlines: [SectionIdentifierType: SectionSnapshot] = [:]

    /// A data source updating `target` (a `TableViewTarget` / `CollectionViewTarget` without an
    /// owner, a stand-in view, a `ValidatingTarget`; nil: the data is only installed).
    /// - Complexity: O(1).
    public init(target: (any BatchUpdating)?, options: RenderOptions = RenderOptions()) {
        renderer = ListRenderer(target: target, options: options)
    }

    /// The data the view shows.
    package var dataSource: SectionedDataSource<Section> { renderer.dataSource }

    // MARK: Applying snapshots

    /// Shows `snapshot`: the view animates from what it shows to it (inserts, deletes, moves, and
    /// the reloads and reconfigures the snapshot marked). With `animatingDifferences` false the
    /// view reloads instead, as UIKit's documentation describes it (no diff). Returns at once;
    /// `completion` runs on the main actor once the view shows the snapshot (or a later one that
    /// replaced it before it was diffed).
    /// - Complexity: O(1) on the main thread (copying the snapshot's storage without its marks
    ///   copies no array), plus O(items of the sections with a kept outline); the rows are made
    ///   and diffed off it (see the type's notes).
    @inlinable
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil) {
        // Inlinable, with the rows made by a closure written here and the diff and staging by the
        // closures of `SpecialisedRenderWork()`: the app's module specialises them for its
        // identifier types (the background task runs that code).
        render(
            snapshot, animated: animatingDifferences, completion: completion, making: { snapshot.renderedSections(shown: $0) },
            work: SpecialisedRenderWork())
    }

    /// Shows `snapshot` as `apply(_:animatingDifferences:completion:)` does, and returns once the
    /// view shows it (the lookups then answer for it).
    /// - Complexity: as `apply(_:animatingDifferences:completion:)`.
    @inlinable
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) async {
        await renderAndWait(
            snapshot, animated: animatingDifferences, making: { snapshot.renderedSections(shown: $0) }, work: SpecialisedRenderWork())
    }

    /// Shows `snapshot` by reloading the view, without a diff (UIKit's
    /// `applySnapshotUsingReloadData`).
    /// - Complexity: as `apply(_:animatingDifferences:completion:)` on the main thread, plus what
    ///   the view's reload costs.
    @inlinable
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (@MainActor () -> Void)? = nil) {
        render(snapshot, animated: false, completion: completion, making: { snapshot.renderedSections(shown: $0) })
    }

    /// Reloads the view with `snapshot`, and returns once it shows it.
    /// - Complexity: as `applySnapshotUsingReloadData(_:completion:)`.
    @inlinable
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot) async {
        await renderAndWait(snapshot, animated: false, making: { snapshot.renderedSections(shown: $0) })
    }

    /// The last snapshot given to `apply` (or the one a reorder or an expansion made), at once,
    /// even if the view does not show it yet. Reload and reconfigure marks are not kept: they
    /// were consumed by the apply that rendered them.
    /// - Complexity: O(1).
    public func snapshot() -> Snapshot { latest }

    /// Renders `snapshot` and makes it the current one; outlines of sections whose items it
    /// changed are dropped.
    func render(_ snapshot: Snapshot, animated: Bool, completion: (@MainActor () -> Void)?) {
        render(
            snapshot, animated: animated, completion: completion, making: { snapshot.renderedSections(shown: $0) },
            work: SpecialisedRenderWork())
    }

    /// `render(_:animated:completion:)` with the rows made by `make` (`snapshot.renderedSections()`,
    /// specialised where the caller is inlined).
    @usableFromInline
    func render(
        _ snapshot: Snapshot, animated: Bool, completion: (@MainActor () -> Void)?,
        making make: @escaping @Sendable (_ shown: [Section]) -> [Section], work: SpecialisedRenderWork<Section>? = nil
    ) {
        latest = snapshot.withoutMarks()
        keepMatchingOutlines()
        // The identifiers are wrapped as rows off the main thread, by the task that diffs them.
        renderer.render(making: make, animated: animated, completion: completion, work: work)
    }

    /// `render(_:animated:completion:making:)`, returning once the view shows the snapshot.
    @usableFromInline
    func renderAndWait(
        _ snapshot: Snapshot, animated: Bool, making make: @escaping @Sendable (_ shown: [Section]) -> [Section],
        work: SpecialisedRenderWork<Section>? = nil
    ) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            render(snapshot, animated: animated, completion: { continuation.resume() }, making: make, work: work)
        }
    }

    // MARK: What the view shows

    /// The number of sections the view shows.
    /// - Complexity: O(1).
    public var numberOfSections: Int { dataSource.numberOfSections }

    /// The number of items the view shows in section `section`; 0 when there is no such section.
    /// - Complexity: O(1).
    public func numberOfItems(in section: Int) -> Int {
        guard section >= 0, section < dataSource.numberOfSections else { return 0 }
        return dataSource.numberOfItems(in: section)
    }

    /// The identifier of the item the view shows at `path`, or nil when there is none.
    /// - Complexity: O(1).
    public func itemIdentifier(for path: ItemPath) -> ItemIdentifierType? {
        guard dataSource.contains(path) else { return nil }
        return dataSource.item(at: path).identifier
    }

    /// Where the view shows `identifier`, or nil when it does not show it.
    /// - Complexity: O(1) expected (the key table is built off the main thread during renders).
    public func indexPath(for identifier: ItemIdentifierType) -> ItemPath? {
        dataSource.indexPath(ofItem: identifier)
    }

    /// The identifier of the section the view shows at `index`, or nil when there is none.
    /// - Complexity: O(1).
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        guard index >= 0, index < dataSource.numberOfSections else { return nil }
        return dataSource.sectionKey(at: index)
    }

    /// Where the view shows the section `identifier`, or nil when it does not show it.
    /// - Complexity: O(1) expected.
    public func index(for identifier: SectionIdentifierType) -> Int? {
        dataSource.index(ofSection: identifier)
    }

    /// The snapshot of what the view shows now (which may differ from `snapshot()` while an
    /// apply is on its way).
    /// - Complexity: O(S + n).
    public func shownSnapshot() -> Snapshot { Snapshot(sections: dataSource.sections) }
}

extension DiffableDataSourceSnapshot {
    /// The snapshot without reload and reconfigure marks.
    /// - Complexity: O(1): with marks, a copy of the storage that shares its arrays.
    func withoutMarks() -> DiffableDataSourceSnapshot {
        guard !storage.reloadedItems.isEmpty || !storage.reconfiguredItems.isEmpty || !storage.reloadedSections.isEmpty
        else { return self }
        var copy = self
        let storage = copy.uniqueStorage()
        storage.reloadedItems = ItemMarks()
        storage.reconfiguredItems = ItemMarks()
        storage.reloadedSections = []
        return copy
    }
}
