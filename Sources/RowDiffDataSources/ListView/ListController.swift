import RowDiffValidation
/// The one object that owns a list view, as FunctionalTableData's `FunctionalTableData` and
/// CellKit's data sources: created with the view, it holds the data source, the renderer and the
/// view's host (which holds the UIKit data source and delegate adapters) strongly, and answers
/// everything the view asks. `render(_:)` is all an app calls.
///
/// ```swift
/// let list = ListController(tableView: tableView)   // RowDiffUIKit; keep it in a property
/// list.render([KeyedSection(key: "all", rows: rows)])
/// ```
///
/// All its logic is platform-independent: registration before the first dequeue, typed
/// configuration, reset on reuse, headers and footers, actions, editing and moves. RowDiffUIKit
/// only translates UIKit's calls; tests drive it through `StandInTableView` and
/// `StandInCollectionView`.
///
/// - Complexity: a render as `ListRenderer`; each question the view asks is O(1) (a dequeue adds
///   the configuration closure's cost).
@MainActor
public final class ListController<Section: DiffableSection & Sendable>: ListViewSource where Section.Row: Sendable {
    /// The model the view shows, with its editing hooks (`canEditItem`, `canMoveItem`, `didMoveItem`).
    public let dataSource: SectionedDataSource<Section>
    /// Diffs renders and applies them to `host`.
    public let renderer: ListRenderer<Section>
    /// The view.
    public let host: any ListViewHost
    /// Called when the user deletes a row whose actions have no `onDelete` of their own. Rows are
    /// deletable only when one of the two is set (UIKit's rule: no delete handler, no delete).
    public var onDelete: (@MainActor (ItemPath, Section.Row) -> Void)?

    /// The title of each section in the index beside a table (UIKit's `sectionIndexTitles`); nil
    /// for a section without an entry. Without it, no index is shown.
    public var sectionIndexTitle: (@MainActor (Section) -> String?)?

    /// Where a dragged row lands when the user holds it over a proposed index path (UIKit's
    /// `targetIndexPathForMoveFromRowAt`), e.g. to keep a row in its section:
    /// `owner.targetPathForMove = { from, proposed in proposed.section == from.section ? proposed : from }`.
    /// Without it, where the user holds it.
    public var targetPathForMove: (@MainActor (_ from: ItemPath, _ proposed: ItemPath) -> ItemPath)?

    /// Whether rows give heights of their own; nil (the default): found from the model after each
    /// render — off the main thread for `KeyedSection`s, by building each row's presentation on
    /// the main thread for section models of your own (O(rows)). Set it and
    /// `declaresFocusRules` to skip that scan (while either is nil, the scan runs and finds the
    /// other). The view asks row heights only when this is true.
    package var declaresRowHeights: Bool? {
        didSet { refreshTraits(traits) }
    }

    /// Whether rows say whether they can take focus (`RowActions.canFocus`); nil (the default):
    /// found from the model after each render, as `declaresRowHeights` is. The view asks the
    /// owner about focus only when this is true.
    package var declaresFocusRules: Bool? {
        didSet { refreshTraits(traits) }
    }

    /// Whether some row of the last render gives a height (see `declaresRowHeights`).
    public private(set) var hasExplicitRowHeights = false
    /// Whether some row of the last render says whether it can take focus (see `declaresFocusRules`).
    public private(set) var hasFocusRules = false

    /// Per-operation animations (tables).
    public var animations: TableAnimations {
        get { host.animations }
        set { host.animations = newValue }
    }

    let present: @MainActor (Section.Row) -> RowPresentation
    private let supplementary: @MainActor (Section, ListElement) -> Supplementary?
    private let describe: ((Section) -> ValidationSnapshot.Section)?

    /// The registration of each view type (nil: the plain view) per element, made and sent to the
    /// view on first use, so a dequeue neither re-derives the type's reuse identifier nor registers twice.
    private var registrations: [RegistrationKey: ViewRegistration] = [:]
    /// What each view this owner configured shows, to reset it when it is reused for something
    /// else and to answer `isShowingCurrentContent`.
    private var shown: [ObjectIdentifier: ShownView<Section.Row>] = [:]
    private var sweepThreshold = 64
    /// The actions of a row without building its presentation (set for `KeyedSection`s).
    private var rowActions: ((Section.Row) -> RowActions)?
    /// The height and estimated height of the row at a path, nil for a path outside the model,
    /// without copying the row's actions (set for `KeyedSection`s, where the lookup is specialised).
    private var rowHeights: ((ItemPath) -> (height: Double?, estimated: Double?)?)?
    /// The traits of the last render's model.
    private var traits = RowTraits(hasExplicitRowHeights: false, hasFocusRules: false)
    /// What the owner's extensions keep (display and prefetch hooks, the scroll anchor).
    let extras = OwnerExtras<Section>()

    /// An owner for `host`, showing each row as `presentation` says and each header/footer as
    /// `supplementary` says (default: the section's `TitledSection` titles).
    /// - Parameters:
    ///   - host: the list view; the owner becomes its source.
    ///   - dataSource: the model the view shows, with its editing hooks.
    ///   - options: the renderer's thresholds and policies; by default an owner frees replaced
    ///     rows on a background queue from iOS and tvOS 17, on the main thread on macOS and
    ///     earlier systems (see `RenderOptions.releasesReplacedStateInBackground`).
    ///   - presentation: each row's cell, state and actions.
    ///   - supplementary: each section's header and footer.
    ///   - describe: how the stand-ins' validator sees a section (nil: counts only).
    public init(
        host: any ListViewHost, dataSource: SectionedDataSource<Section> = SectionedDataSource(),
        options: RenderOptions = RenderOptions(),
        presentation: @escaping @MainActor (Section.Row) -> RowPresentation,
        supplementary: @escaping @MainActor (Section, ListElement) -> Supplementary? = ListController.titles,
        describe: ((Section) -> ValidationSnapshot.Section)? = nil
    ) {
        self.host = host
        self.dataSource = dataSource
        self.renderer = ListRenderer(dataSource: dataSource, target: host, options: options)
        self.present = presentation
        self.supplementary = supplementary
        self.describe = describe
        host.source = self
        renderer.isOwned = true
        renderer.sectionsUpdatedInPlace = { [weak self] updates in self?.showInPlace(updates) }
        renderer.willApply = { [weak self] final, traits in self?.willApply(final, traits) }
        renderer.didApply = { [weak self] in
            self?.isApplyingRender = false
            self?.tellHostOfNewTraits()
        }
    }

    // MARK: What the view asks

    /// Whether the traits changed since the host was last told.
    private var traitsChanged = false
    /// True between a render's `willApply` and its `didApply`.
    private var isApplyingRender = false

    /// Before a render reaches the view: its model's traits, so that the view asks heights and
    /// focus exactly when some row needs them. The host hears of a change once the render is
    /// applied (`tellHostOfNewTraits`): the view then asks anew, rows already laid out included.
    private func willApply(_ final: [Section], _ found: RowTraits?) {
        isApplyingRender = true
        if let found {
            refreshTraits(found)
        } else if declaresRowHeights == nil || declaresFocusRules == nil {
            refreshTraits(RowTraits.of(final) { present($0).actions })
        } else {
            refreshTraits(traits)
        }
    }

    private func refreshTraits(_ found: RowTraits) {
        traits = found
        let heights = declaresRowHeights ?? found.hasExplicitRowHeights
        let focus = declaresFocusRules ?? found.hasFocusRules
        guard heights != hasExplicitRowHeights || focus != hasFocusRules else { return }
        hasExplicitRowHeights = heights
        hasFocusRules = focus
        traitsChanged = true
        if !isApplyingRender { tellHostOfNewTraits() }
    }

    private func tellHostOfNewTraits() {
        guard traitsChanged else { return }
        traitsChanged = false
        host.sourceCapabilitiesChanged()
    }

    /// Headers and footers from `TitledSection` titles.
    public static func titles(_ section: Section, _ element: ListElement) -> Supplementary? {
        guard let titled = section as? any TitledSection else { return nil }
        switch element {
        case .cell: return nil
        case .header: return titled.headerTitle.map(Supplementary.init(title:))
        case .footer: return titled.footerTitle.map(Supplementary.init(title:))
        }
    }

    /// Renders `sections` (see `ListRenderer.render`): diffed off the main thread, animated in
    /// batches UIKit accepts, `completion` once on screen.
    @inlinable
    public func render(_ sections: [Section], animated: Bool = true, completion: (@MainActor () -> Void)? = nil) {
        renderer.render(sections, animated: animated, completion: completion)
    }

    /// FunctionalTableData's name for ``render(_:animated:completion:)``.
    @inlinable
    public func renderAndDiff(_ sections: [Section], animated: Bool = true, completion: (@MainActor () -> Void)? = nil) {
        render(sections, animated: animated, completion: completion)
    }

    /// The row whose content `view` was last configured with, if this owner configured it as a
    /// cell and it still exists.
    /// - Complexity: O(1).
    public func row(shownBy view: AnyObject) -> Section.Row? {
        guard let record = shown[ObjectIdentifier(view)], record.view === view, case .row(let row) = record.content else { return nil }
        return row
    }

    /// The rows the views this owner configured as cells were last configured with (a view that
    /// is gone counts no more): the rows whose presentation the owner may still ask for, e.g. when
    /// a view showing a deleted row leaves the screen.
    /// - Complexity: O(views configured), a screenful or two.
    var rowsShownByViews: [Section.Row] {
        shown.values.compactMap { record in
            guard record.view != nil, case .row(let row) = record.content else { return nil }
            return row
        }
    }

    // MARK: Counts and titles

    public var numberOfSections: Int { dataSource.numberOfSections }

    public func numberOfItems(in section: Int) -> Int {
        guard section >= 0, section < dataSource.numberOfSections else { return 0 }
        return dataSource.numberOfItems(in: section)
    }

    public func title(for element: ListElement, in section: Int) -> String? {
        guard section >= 0, section < dataSource.numberOfSections else { return nil }
        return supplementary(dataSource.section(at: section), element)?.title
    }

    public func validationSnapshot() -> ValidationSnapshot {
        guard let describe else { return ValidationSnapshot(counts: dataSource.sections.map(\.rows.count)) }
        return ValidationSnapshot(sections: dataSource.sections.map(describe))
    }

    // MARK: Views

    public func cell(at path: ItemPath) -> AnyObject? {
        guard dataSource.contains(path) else { return nil }
        let row = dataSource.item(at: path)
        let presentation = present(row)
        return dequeue(.cell, at: path, showing: .row(row), binding: presentation.binding, state: presentation.state)
    }

    public func supplementaryView(_ element: ListElement, in section: Int) -> AnyObject? {
        guard element != .cell, section >= 0, section < dataSource.numberOfSections else { return nil }
        let model = dataSource.section(at: section)
        let path = ItemPath(section: section, item: 0)
        let content = supplementary(model, element)
        let shows = ShownView<Section.Row>.Content.supplementary(AnyHashable(model.diffIdentity), element, content)
        if let content, let binding = content.binding {
            return dequeue(element, at: path, showing: shows, binding: binding, state: content.state)
        }
        // A table shows the title (or nothing); a collection view's layout that asks for a
        // supplementary view must get one, so it gets the plain, empty view.
        guard host.listKind == .collectionView else { return nil }
        return dequeue(element, at: path, showing: shows, binding: nil, state: nil)
    }

    public func isShowingCurrentContent(_ view: AnyObject, for element: ListElement, at path: ItemPath) -> Bool {
        guard let record = shown[ObjectIdentifier(view)], record.view === view else { return false }
        switch record.content {
        case .row(let row):
            guard element == .cell, dataSource.contains(path) else { return false }
            let current = dataSource.item(at: path)
            return row.diffIdentity == current.diffIdentity && row.isContentEqual(to: current)
        case .supplementary(let section, let shownElement, let content):
            guard element == shownElement, path.section >= 0, path.section < dataSource.numberOfSections else { return false }
            let model = dataSource.section(at: path.section)
            return section == AnyHashable(model.diffIdentity) && content == supplementary(model, element)
        }
    }

    /// The registration of `binding`'s view type (nil: the plain view) for `element`; the first
    /// time, it is sent to the view — before any dequeue of that type.
    /// - Complexity: O(1) expected after the first use of a type.
    private func registration(for binding: AnyViewBinding?, _ element: ListElement) -> ViewRegistration {
        let key = RegistrationKey(element: element, kind: binding?.kind)
        if let known = registrations[key] { return known }
        let registration = binding?.registration(for: element) ?? .plain(for: element)
        registrations[key] = registration
        // A storyboard registered its prototypes; registering a class over one would replace it.
        if case .prototype = registration.source {} else { host.register(registration) }
        return registration
    }

    /// Registers (once per type) before dequeuing, resets a reused view that showed something
    /// else, configures it and records what it shows.
    private func dequeue(
        _ element: ListElement, at path: ItemPath, showing content: ShownView<Section.Row>.Content,
        binding: AnyViewBinding?, state: (any Sendable)?
    ) -> AnyObject? {
        let registration = registration(for: binding, element)
        guard let view = host.dequeueView(element, reuseIdentifier: registration.reuseIdentifier, at: path) else {
            return nil
        }
        let id = ObjectIdentifier(view)
        if let previous = shown[id], previous.view === view, !previous.content.isSameElement(as: content) {
            previous.binding?.reset(view)
        }
        if let binding, let state { _ = binding.configure(view, with: state) }
        shown[id] = ShownView(view: view, content: content, binding: binding)
        sweepIfNeeded()
        return view
    }

    /// Drops the records of views that no longer exist, when the table has doubled since the last sweep.
    private func sweepIfNeeded() {
        guard shown.count > sweepThreshold else { return }
        shown = shown.filter { $0.value.view != nil }
        sweepThreshold = max(64, shown.count * 2)
    }

    // MARK: Headers and footers updated in place

    /// Shows the new headers and footers of sections the renderer did not reload (their view types
    /// are unchanged): a view on screen is configured again in place, a table's title is replaced,
    /// and a changed height only lays the view out again. Views not on screen get the new content
    /// when the view asks for them.
    /// - Complexity: O(updates) plus the configuration closures.
    private func showInPlace(_ updates: [(old: Section, new: Int)]) {
        var relayout = false
        for (old, index) in updates where index < dataSource.numberOfSections {
            let section = dataSource.section(at: index)
            for element in [ListElement.header, .footer] {
                let before = supplementary(old, element), after = supplementary(section, element)
                guard before != after else { continue }
                if before?.height != after?.height || before?.estimatedHeight != after?.estimatedHeight { relayout = true }
                if let after, let binding = after.binding, let state = after.state {
                    guard let view = host.visibleSupplementaryView(element, in: index) else { continue }
                    _ = binding.configure(view, with: state)
                    shown[ObjectIdentifier(view)] = ShownView(
                        view: view, content: .supplementary(AnyHashable(section.diffIdentity), element, after), binding: binding)
                } else if host.listKind == .tableView {
                    if before?.title != after?.title { host.showSupplementaryTitle(after?.title, for: element, in: index) }
                } else if let view = host.visibleSupplementaryView(element, in: index) {
                    // A collection view shows a title (or a view type without a binding) as the
                    // plain, empty view: nothing on it changes, but it now stands for the new
                    // content, which `isShowingCurrentContent` compares against.
                    shown[ObjectIdentifier(view)] = ShownView(
                        view: view, content: .supplementary(AnyHashable(section.diffIdentity), element, after), binding: nil)
                }
            }
        }
        if relayout { host.invalidateSupplementaryLayout() }
    }

    // MARK: Selection and actions

    /// - Complexity: O(1); for `KeyedSection`s without allocating (the presentation is not built).
    private func actions(at path: ItemPath) -> RowActions? {
        guard dataSource.contains(path) else { return nil }
        let row = dataSource.item(at: path)
        if let rowActions { return rowActions(row) }
        return present(row).actions
    }

    public func shouldSelectItem(at path: ItemPath) -> Bool {
        guard let actions = actions(at: path) else { return false }
        return actions.canSelect ?? (actions.onSelect != nil)
    }

    public func shouldHighlightItem(at path: ItemPath) -> Bool {
        guard let actions = actions(at: path) else { return false }
        return actions.canHighlight ?? shouldSelectItem(at: path)
    }

    public func didSelectItem(at path: ItemPath) {
        guard let actions = actions(at: path) else { return }
        let result = actions.onSelect?() ?? .deselects
        if result == .deselects { host.deselectItem(at: path, animated: true) }
    }

    public func didDeselectItem(at path: ItemPath) {
        actions(at: path)?.onDeselect?()
    }

    /// The row's own swipe actions. A table adds its own Delete action to a deletable row without
    /// trailing actions; a collection view's list layout has no such default, so there the owner
    /// offers a destructive "Delete" that reaches the delete handler.
    public func swipeActions(_ edge: SwipeEdge, at path: ItemPath) -> SwipeActions? {
        guard let actions = actions(at: path) else { return nil }
        switch edge {
        case .leading: return actions.leadingSwipe
        case .trailing:
            if let trailing = actions.trailingSwipe { return trailing }
            guard host.listKind == .collectionView, editingStyle(at: path) == .delete else { return nil }
            return SwipeActions.delete { [weak self] in self?.commitDelete(at: path) }
        }
    }

    public func contextMenu(at path: ItemPath) -> ContextMenu? { actions(at: path)?.contextMenu }

    public func canFocusItem(at path: ItemPath) -> Bool? { actions(at: path)?.canFocus }

    public func sectionIndexTitles() -> [String]? {
        guard let sectionIndexTitle else { return nil }
        return dataSource.sections.compactMap(sectionIndexTitle)
    }

    /// The `index`-th section that has an index title.
    /// - Complexity: O(sections).
    public func section(forSectionIndexAt index: Int) -> Int? {
        guard let sectionIndexTitle, index >= 0 else { return nil }
        var seen = 0
        for section in 0..<dataSource.numberOfSections where sectionIndexTitle(dataSource.section(at: section)) != nil {
            if seen == index { return section }
            seen += 1
        }
        return nil
    }

    public func targetPathForMove(from source: ItemPath, proposed: ItemPath) -> ItemPath {
        targetPathForMove?(source, proposed) ?? proposed
    }

    /// - Complexity: O(1); for `KeyedSection`s without copying the row's actions (a table asks
    ///   this of every row it lays out).
    public func height(at path: ItemPath) -> Double? {
        guard let rowHeights else { return actions(at: path)?.height }
        return rowHeights(path)?.height
    }

    /// - Complexity: as `height(at:)`.
    public func estimatedHeight(at path: ItemPath) -> Double? {
        guard let rowHeights else { return actions(at: path)?.estimatedHeight }
        return rowHeights(path)?.estimated
    }

    public func supplementaryHeight(_ element: ListElement, in section: Int) -> Double? {
        sectionSupplementary(element, in: section)?.height
    }

    public func estimatedSupplementaryHeight(_ element: ListElement, in section: Int) -> Double? {
        sectionSupplementary(element, in: section)?.estimatedHeight
    }

    /// The header or footer `supplementary` describes for `section`; nil for cells and invalid sections.
    private func sectionSupplementary(_ element: ListElement, in section: Int) -> Supplementary? {
        guard element != .cell, section >= 0, section < dataSource.numberOfSections else { return nil }
        return supplementary(dataSource.section(at: section), element)
    }

    // MARK: Editing

    /// Whether a delete handler exists for the row: its own `onDelete` or the owner's.
    private func hasDeleteHandler(_ actions: RowActions) -> Bool { actions.onDelete != nil || onDelete != nil }

    /// UIKit's rule, as FunctionalTableData follows it: a table row takes part in editing — swipe
    /// actions, the delete control, the reorder control — only when it is editable. So a row is
    /// editable when it can be deleted, has swipe actions of its own, or can move, unless
    /// `dataSource.canEditItem` says no.
    public func canEditItem(at path: ItemPath) -> Bool {
        guard let actions = actions(at: path) else { return false }
        guard hasDeleteHandler(actions) || actions.leadingSwipe != nil || actions.trailingSwipe != nil || canMoveItem(at: path)
        else { return false }
        return dataSource.canEditItem?(path, dataSource.item(at: path)) ?? true
    }

    /// `.delete` only for an editable row with a delete handler; `.none` otherwise (no delete
    /// control, no swipe-to-delete, no indentation in editing mode).
    public func editingStyle(at path: ItemPath) -> EditingStyle {
        guard let actions = actions(at: path), hasDeleteHandler(actions), canEditItem(at: path) else { return .none }
        return .delete
    }

    public func commitDelete(at path: ItemPath) {
        guard editingStyle(at: path) == .delete, let actions = actions(at: path) else { return }
        if let handler = actions.onDelete {
            handler()
        } else {
            onDelete?(path, dataSource.item(at: path))
        }
    }

    public func canMoveItem(at path: ItemPath) -> Bool {
        guard let actions = actions(at: path) else { return false }
        if actions.onMove != nil { return dataSource.canMoveItem?(path, dataSource.item(at: path)) ?? true }
        return dataSource.canMoveItem(at: path)
    }

    @discardableResult
    public func moveItem(from source: ItemPath, to destination: ItemPath) -> Bool {
        guard canMoveItem(at: source), dataSource.isValidMove(from: source, to: destination),
            actions(at: source)?.onMove?(source, destination) ?? true,
            dataSource.applyInteractiveMove(from: source, to: destination)
        else {
            host.restoreAfterRefusedMove(from: source, to: destination)
            return false
        }
        return true
    }
}

extension ListController where Section == KeyedSection {
    /// An owner for `KeyedSection`s: each row's own cell and actions, each section's own header
    /// and footer.
    public convenience init(
        host: any ListViewHost, dataSource: SectionedDataSource<KeyedSection> = SectionedDataSource(),
        options: RenderOptions = RenderOptions()
    ) {
        self.init(
            host: host, dataSource: dataSource, options: options, presentation: RowPresentation.init,
            supplementary: { section, element in
                switch element {
                case .cell: nil
                case .header: section.header
                case .footer: section.footer
                }
            }, describe: ListController.describeKeyed)
        renderer.updatesSectionInPlace = { old, new in
            KeyedSection.viewTypes(of: old) == KeyedSection.viewTypes(of: new)
        }
        renderer.findsTraits = { RowTraits.of(keyed: $0) }
        rowActions = { $0.actions }
        // Here the data source's type is known: the lookup is specialised (the owner's generic
        // path copies the section, through value witnesses, to read one row).
        rowHeights = { [dataSource] path in
            guard dataSource.contains(path) else { return nil }
            let row = dataSource.item(at: path)
            return (row.height, row.estimatedHeight)
        }
    }

    /// How the stand-ins' validator sees a `KeyedSection` under an owner: keys, cell kinds, every
    /// row state by its `==`, and of the header and footer only their view types — the owner
    /// reloads a section only when those change and updates the rest in place, which the stand-in
    /// checks on the views themselves.
    nonisolated public static func describeKeyed(_ section: KeyedSection) -> ValidationSnapshot.Section {
        var described = section.validationDescription()
        described.content = ValidationValue(KeyedSection.viewTypes(of: section))
        return described
    }
}

/// A view type (nil: the plain view) in one element's registry.
struct RegistrationKey: Hashable {
    let element: ListElement
    let kind: RowKind?
}

/// What a configured view shows.
struct ShownView<Row: Diffable> {
    enum Content {
        case row(Row)
        /// A header or footer: the section's identity, the element and what it shows.
        case supplementary(AnyHashable, ListElement, Supplementary?)

        /// Whether both show the same row, or the same section's same element (their content may differ).
        func isSameElement(as other: Content) -> Bool {
            switch (self, other) {
            case (.row(let a), .row(let b)): a.diffIdentity == b.diffIdentity
            case (.supplementary(let a, let x, _), .supplementary(let b, let y, _)): a == b && x == y
            default: false
            }
        }
    }

    weak var view: AnyObject?
    let content: Content
    let binding: AnyViewBinding?
}
