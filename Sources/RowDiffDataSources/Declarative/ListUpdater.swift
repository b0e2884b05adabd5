import Foundation
import RowDiffValidation

/// The path from a new value of a declarative list (SwiftUI's `List { Section { ForEach } }`) to
/// a render of its `ListController`, platform-independent: RowDiffSwiftUI's list views hand it
/// every new value and only translate what it decides to UIKit or AppKit.
///
/// ```swift
/// let updater = ListUpdater<String, Int, Contact>(host: view, id: \.id) { row, actions in
///     RowPresentation(cell: ContactCell.self, state: row.version, actions: actions) { cell, _ in
///         cell.show(row.item)
///     }
/// }
/// updater.update([ListViewSection(id: "all", items: contacts)])
/// ```
///
/// - Each update becomes at most one render request; an update equal to the previous one (same
///   sections, same identities in the same order, every item `==` to its predecessor) renders
///   nothing. The renderer coalesces requests (at most two renders per burst) and diffs off the
///   main thread.
/// - Rows carry an identity and a content version, never a view: an item whose value changed
///   gets a new version, and the owner reconfigures its cell in place. Row content is built only
///   when the view configures a cell (`presentation`), so a list of 100,000 items costs one pass
///   over the items and no view for rows off screen.
/// - Actions (`actions`) are read when the view asks, so they always see the latest closures.
///
/// - Complexity: an update is O(items) on the main thread (one identity and, for items still at
///   their place, one `==` each; an item that moved costs a hash lookup), then a render.
@MainActor
public final class ListUpdater<SectionID: Hashable & Sendable, ID: Hashable & Sendable, Item: Equatable> {
    /// The section type of the owner's model.
    public typealias Section = ListViewSectionModel<SectionID, ID, Item>
    /// The row type of the owner's model.
    public typealias Row = ListViewRow<ID, Item>

    /// The owner of the view: the renderer, the data source and the answers to the view.
    public let owner: ListController<Section>
    /// What the list's modifiers do; replace it with each update.
    public var actions = ListViewActions<SectionID, ID, Item>()
    /// The identity the selection binding holds now (set it with each update); the view shows it
    /// selected at `selectedPath`.
    public var selectedID: ID?
    /// The identities a set-selection binding holds now (`ListViewActions.selectionSetChanged`; set
    /// it with each update); the view shows them selected at `selectedPaths`.
    public var selectedIDs: Set<ID> = []
    /// Called after each render the updater requested is on screen (UIKit: after its animation),
    /// e.g. to show the selection at its new place.
    public var onRendered: (@MainActor () -> Void)?

    /// The model of the last update that rendered: what the view shows once its renders land.
    public private(set) var sections: [Section] = []
    /// The number of updates received.
    public private(set) var updateCount = 0
    /// The number of updates that requested a render (the others were equal to their predecessor).
    public private(set) var renderRequestCount = 0

    private let identity: (Item) -> ID
    private var items: [[Item]] = []
    private var nextVersion: UInt64 = 0
    /// The newest render request on screen.
    private var shownRequest = 0
    private var pendingScroll: (id: ID, perform: @MainActor (ItemPath) -> Void)?

    /// An updater of `host`.
    /// - Parameters:
    ///   - host: the list view; an owner is made for it.
    ///   - id: each item's identity (its `id` for `Identifiable` items). Identities are unique
    ///     across the list; a repeated one never crashes (see `RenderOptions.duplicatePolicy`).
    ///   - options: the renderer's thresholds and policies.
    ///   - presentation: a row's cell, given the row (its `item` is the app's value) and the actions
    ///     the modifiers give it; called only when the view configures a cell.
    ///   - supplementary: each section's header and footer, from its identity; nil for none.
    /// - Complexity: O(1).
    public init(
        host: any ListViewHost, id: @escaping (Item) -> ID, options: RenderOptions = RenderOptions(),
        presentation: @escaping @MainActor (_ row: ListViewRow<ID, Item>, _ actions: RowActions) -> RowPresentation,
        supplementary: @escaping @MainActor (_ section: SectionID, _ element: ListElement) -> Supplementary? = { _, _ in nil }
    ) {
        identity = id
        // The closures below reach the updater through a box filled once the owner exists.
        let box = WeakUpdater<SectionID, ID, Item>()
        owner = ListController<Section>(
            host: host, options: options,
            presentation: { row in presentation(row, box.updater?.rowActions(for: row) ?? RowActions()) },
            supplementary: { section, element in element == .cell ? nil : supplementary(section.id, element) },
            describe: { section in
                ValidationSnapshot.Section(section.id, items: section.rows.map { ValidationSnapshot.Item($0.id, content: $0.version) })
            })
        box.updater = self
        // Row heights come from the cells themselves: no O(rows) scan of presentations after a render.
        owner.declaresRowHeights = false
        // SwiftUI's `onMove` reorders one `ForEach`: a row stays in its section.
        owner.targetPathForMove = { [weak self] from, proposed in self?.keepInSection(from: from, proposed: proposed) ?? from }
    }

    /// A convenience for `Identifiable` items: their `id` is their identity.
    /// - Complexity: O(1).
    public convenience init(
        host: any ListViewHost, options: RenderOptions = RenderOptions(),
        presentation: @escaping @MainActor (_ row: ListViewRow<ID, Item>, _ actions: RowActions) -> RowPresentation,
        supplementary: @escaping @MainActor (_ section: SectionID, _ element: ListElement) -> Supplementary? = { _, _ in nil }
    ) where Item: Identifiable, Item.ID == ID {
        self.init(host: host, id: { $0.id }, options: options, presentation: presentation, supplementary: supplementary)
    }

    // MARK: Updates

    /// Takes a new value of the list: when it differs from the previous one, one render request
    /// whose rows keep their versions where their items are `==` to the previous ones.
    /// Returns whether a render was requested.
    /// - Complexity: O(items) on the main thread; the diff runs off it.
    @discardableResult
    public func update(_ newSections: [ListViewSection<SectionID, Item>], animated: Bool = true) -> Bool {
        updateCount += 1
        let (model, changed) = makeModel(newSections)
        guard changed else { return false }
        sections = model
        items = newSections.map(\.items)
        renderRequestCount += 1
        let request = renderRequestCount
        owner.render(model, animated: animated) { [weak self] in self?.rendered(request) }
        return true
    }

    /// The rows of `newSections`, versioned against the last model, and whether they differ from it.
    private func makeModel(_ newSections: [ListViewSection<SectionID, Item>]) -> (model: [Section], changed: Bool) {
        let store = ListItemStore(newSections.map(\.items))
        let old = sections
        var changed = old.count != newSections.count
        // Built on first need: where each identity was, for items that left their place.
        var oldPlaces: [ID: (section: Int, offset: Int)]?
        var oldSectionIndex: [SectionID: Int]?
        var model: [Section] = []
        model.reserveCapacity(newSections.count)
        for (sectionIndex, section) in newSections.enumerated() {
            var oldIndex: Int?
            if sectionIndex < old.count, old[sectionIndex].id == section.id {
                oldIndex = sectionIndex
            } else {
                changed = true
                if oldSectionIndex == nil {
                    oldSectionIndex = Dictionary(
                        old.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
                }
                oldIndex = oldSectionIndex?[section.id]
            }
            let oldRows = oldIndex.map { old[$0].rows } ?? []
            let oldItems = oldIndex.map { items[$0] } ?? []
            var rows: [Row] = []
            rows.reserveCapacity(section.items.count)
            var next = 0 // the old row expected at this place
            for (offset, item) in section.items.enumerated() {
                let id = identity(item)
                let version: UInt64
                if next < oldRows.count, oldRows[next].id == id {
                    if oldItems[next] == item {
                        version = oldRows[next].version
                    } else {
                        version = freshVersion()
                        changed = true
                    }
                    next += 1
                } else {
                    changed = true
                    if oldPlaces == nil { oldPlaces = places(of: old) }
                    if let place = oldPlaces?[id] {
                        version =
                            items[place.section][place.offset] == item ? old[place.section].rows[place.offset].version : freshVersion()
                        if place.section == oldIndex { next = place.offset + 1 }
                    } else {
                        version = freshVersion()
                    }
                }
                rows.append(Row(id: id, version: version, section: sectionIndex, offset: offset, store: store))
            }
            if rows.count != oldRows.count { changed = true }
            model.append(Section(id: section.id, rows: rows))
        }
        return (model, changed)
    }

    private func freshVersion() -> UInt64 {
        nextVersion &+= 1
        return nextVersion
    }

    /// Where each identity of `model` is (the first place of a repeated one).
    /// - Complexity: O(rows).
    private func places(of model: [Section]) -> [ID: (section: Int, offset: Int)] {
        var places: [ID: (section: Int, offset: Int)] = [:]
        places.reserveCapacity(model.reduce(0) { $0 + $1.rows.count })
        for (section, rows) in model.map(\.rows).enumerated() {
            for (offset, row) in rows.enumerated() where places[row.id] == nil {
                places[row.id] = (section, offset)
            }
        }
        return places
    }

    /// The render request `request` is on screen (with every earlier one).
    private func rendered(_ request: Int) {
        shownRequest = max(shownRequest, request)
        if let pending = pendingScroll, shownRequest == renderRequestCount {
            pendingScroll = nil
            if let path = owner.dataSource.indexPath(ofItem: pending.id) { pending.perform(path) }
        }
        onRendered?()
    }

    // MARK: Selection and scrolling

    /// Where the view shows the row `selectedID` names; nil when none is selected or the view does
    /// not show it (yet).
    /// - Complexity: O(1) after a render (the renderer builds the lookup table off the main thread).
    public var selectedPath: ItemPath? {
        guard let selectedID else { return nil }
        return owner.dataSource.indexPath(ofItem: selectedID)
    }

    /// The place of the row `id` names in the view; nil when the view does not show it.
    /// - Complexity: O(1) after a render.
    public func path(of id: ID) -> ItemPath? { owner.dataSource.indexPath(ofItem: id) }

    /// Scrolls to the row `id` names: `perform` receives its place in the view now, or, while a
    /// render is on its way, once the newest one is on screen (a newer request replaces an older one). Returns
    /// false, and does nothing, when the row is not shown and no render is on its way.
    /// - Complexity: O(1).
    @discardableResult
    public func scroll(to id: ID, perform: @escaping @MainActor (ItemPath) -> Void) -> Bool {
        if shownRequest < renderRequestCount {
            pendingScroll = (id, perform)
            return true
        }
        pendingScroll = nil
        guard let path = owner.dataSource.indexPath(ofItem: id) else { return false }
        perform(path)
        return true
    }

    // MARK: Actions

    /// The actions `actions` gives the row.
    /// - Complexity: O(1) plus the swipe and menu closures.
    func rowActions(for row: Row) -> RowActions {
        var rowActions = RowActions()
        if actions.selectionSetChanged != nil {
            setSelectionActions(of: row.id, in: &rowActions)
        } else if actions.selectionChanged != nil {
            rowActions.onSelect = { [weak self] in
                self?.userSelected(row.id)
                return .staysSelected
            }
            rowActions.onDeselect = { [weak self] in self?.userDeselected(row.id) }
        }
        if actions.onDelete != nil {
            rowActions.onDelete = { [weak self] in self?.userDeleted(row.id) }
        }
        if actions.onMove != nil {
            rowActions.onMove = { [weak self] from, to in self?.userMoved(from: from, to: to) ?? false }
        }
        if let leading = actions.leadingSwipe { rowActions.leadingSwipe = leading(row.item) }
        if let trailing = actions.trailingSwipe { rowActions.trailingSwipe = trailing(row.item) }
        if let menu = actions.contextMenu { rowActions.contextMenu = menu(row.item) }
        return rowActions
    }

    /// The binding is written only when its value changes: a view that reports the selection the
    /// updater itself showed (AppKit does) writes nothing back during the view's update.
    private func userSelected(_ id: ID) {
        guard selectedID != id else { return }
        selectedID = id
        actions.selectionChanged?(id)
    }

    private func userDeselected(_ id: ID) {
        guard selectedID == id else { return }
        selectedID = nil
        actions.selectionChanged?(nil)
    }

    /// Where `id` is in the items the app last gave: the section and the offset.
    /// - Complexity: O(1) when the row made for `id` is still at its place; O(items) otherwise.
    private func latestPlace(of id: ID, near hint: ItemPath? = nil) -> (section: Int, offset: Int)? {
        if let hint, hint.section >= 0, hint.section < sections.count, hint.item >= 0,
            hint.item < sections[hint.section].rows.count, sections[hint.section].rows[hint.item].id == id
        {
            return (hint.section, hint.item)
        }
        for (section, model) in sections.enumerated() {
            if let offset = model.rows.firstIndex(where: { $0.id == id }) { return (section, offset) }
        }
        return nil
    }

    private func userDeleted(_ id: ID) {
        guard let onDelete = actions.onDelete, let place = latestPlace(of: id, near: owner.dataSource.indexPath(ofItem: id)) else { return }
        onDelete(sections[place.section].id, IndexSet(integer: place.offset))
    }

    /// A row the user dragged from `from` to `to` (the view's places before the move): SwiftUI's
    /// `onMove` arguments in the items the app last gave — the moved offset, and the offset of the
    /// item it now precedes (or the count, at the end). Refused across sections, and when the app
    /// no longer has the row.
    private func userMoved(from: ItemPath, to: ItemPath) -> Bool {
        guard let onMove = actions.onMove, from.section == to.section, owner.dataSource.contains(from) else { return false }
        let shown = owner.dataSource.section(at: from.section)
        let moved = shown.rows[from.item].id
        guard let source = latestPlace(of: moved, near: from) else { return false }
        let latestRows = sections[source.section].rows
        // The row it lands before, in the view's order before the move.
        let successorIndex = to.item >= from.item ? to.item + 1 : to.item
        var destination = latestRows.count
        if successorIndex < shown.rows.count {
            let successor = shown.rows[successorIndex].id
            guard let offset = latestRows.firstIndex(where: { $0.id == successor }) else { return false }
            destination = offset
        }
        onMove(sections[source.section].id, IndexSet(integer: source.offset), destination)
        return true
    }

    /// The proposed place, kept inside the dragged row's section.
    private func keepInSection(from: ItemPath, proposed: ItemPath) -> ItemPath {
        guard from.section >= 0, from.section < owner.numberOfSections else { return from }
        if proposed.section == from.section { return proposed }
        if proposed.section < from.section { return ItemPath(section: from.section, item: 0) }
        return ItemPath(section: from.section, item: max(0, owner.numberOfItems(in: from.section) - 1))
    }
}

/// The updater, reached weakly from the owner's closures (the updater holds the owner).
@MainActor
private final class WeakUpdater<SectionID: Hashable & Sendable, ID: Hashable & Sendable, Item: Equatable> {
    weak var updater: ListUpdater<SectionID, ID, Item>?
}
