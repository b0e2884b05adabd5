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
/// - Identities are SwiftUI's `ForEach`'s: an item's `id` is read with every update, and an item
///   whose `id` changed is a new item, even when its bytes did not change (a struct wrapping a
///   model object whose id changed). The one exception is exact: an item of plain bytes (no
///   references: `Int`s, `Double`s, `Bool`s and the like) whose bytes equal those of the item at
///   its row's place in the last value is that very value, so its `id` is too.
/// - An item of a value type (not a class) whose bytes equal those of the item at its row's place
///   in the last value is that value copied (its references point to the same storage): once its
///   `id` is confirmed, it keeps its row without a call to `==`. `==` is taken to be a function of
///   an item's value, as `Equatable` asks; so a copied item with a NaN field keeps its row, where
///   `==` alone would call it changed on every update. Class instances are always compared.
/// - Actions (`actions`) are read when the view asks, so they always see the latest closures.
///
/// - Complexity: an update is O(items) on the main thread, then a render: a comparison of the
///   item's bytes for each item copied unchanged at its place (and of its identity, unless the
///   item is plain bytes), an identity and an `==` for each other item; an item that moved costs a
///   hash lookup (the table is built on the first move).
@MainActor
public final class ListUpdater<SectionID: Hashable & Sendable, ID: Hashable & Sendable, Item: Equatable> {
    /// The section type of the owner's model.
    package typealias Section = ListViewSectionModel<SectionID, ID, Item>
    /// The row type of the owner's model.
    public typealias Row = ListViewRow<ID, Item>

    /// The owner of the view: the renderer, the data source and the answers to the view.
    package let owner: ListController<Section>
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
    package private(set) var sections: [Section] = []
    /// The number of updates received.
    public private(set) var updateCount = 0
    /// The number of updates that requested a render (the others were equal to their predecessor).
    public private(set) var renderRequestCount = 0

    /// Each item's identity, read where the item is stored: made in the caller's module (the
    /// public initializers are inlinable), where it reads a concrete type's `id` in place. (A
    /// closure taking the item, called from the updater's unspecialised pass, got a copy of the
    /// item and read `id` through its protocol witness: the bench's SwiftUI row went from 2.33 to
    /// 1.70 ms of main thread with this, back to back.)
    private let identity: (UnsafePointer<Item>) -> ID
    /// How many of the `count` items from the first pointer on have the identity stored at the
    /// given offset in the rows from the raw pointer on (the given stride apart): the run check of
    /// the updater's pass, one call per run, made in the caller's module like `identity`.
    private let matchingIdentities: (UnsafePointer<Item>, UnsafeRawPointer, _ stride: Int, _ offset: Int, _ count: Int) -> Int
    private var items: [[Item]] = []
    /// The item stores of the render requests from the one on screen on (see `retireStores`).
    private let heldStores = HeldStores()
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
    @inlinable
    public convenience init(
        host: any ListViewHost, id: @escaping (Item) -> ID, options: RenderOptions = RenderOptions(),
        presentation: @escaping @MainActor (_ row: ListViewRow<ID, Item>, _ actions: RowActions) -> RowPresentation,
        supplementary: @escaping @MainActor (_ section: SectionID, _ element: ListElement) -> Supplementary? = { _, _ in nil }
    ) {
        self.init(
            host: host, identityAt: { id($0.pointee) },
            matchingIdentities: { items, rows, stride, offset, count in
                var matched = 0
                while matched < count, id(items[matched]) == (rows + matched &* stride + offset).assumingMemoryBound(to: ID.self).pointee {
                    matched &+= 1
                }
                return matched
            }, options: options, presentation: presentation, supplementary: supplementary)
    }

    /// An updater of `host` whose items' identities `identityAt` reads where they are stored.
    @usableFromInline
    init(
        host: any ListViewHost, identityAt: @escaping (UnsafePointer<Item>) -> ID,
        matchingIdentities: @escaping (UnsafePointer<Item>, UnsafeRawPointer, _ stride: Int, _ offset: Int, _ count: Int) -> Int,
        options: RenderOptions,
        presentation: @escaping @MainActor (_ row: ListViewRow<ID, Item>, _ actions: RowActions) -> RowPresentation,
        supplementary: @escaping @MainActor (_ section: SectionID, _ element: ListElement) -> Supplementary?
    ) {
        identity = identityAt
        self.matchingIdentities = matchingIdentities
        // The closures below reach the updater through a box filled once the owner exists.
        let box = WeakUpdater<SectionID, ID, Item>()
        // Replaced rows go to the background queue unless the app says otherwise: they hold no
        // reference (they name their update's item store by number, see `ListItemStores`), and
        // the updater itself lets go of the stores on the main thread (see `retireStores`).
        var options = options
        if options.releasesReplacedStateInBackground == nil { options.releasesReplacedStateInBackground = true }
        owner = ListController<Section>(
            host: host, options: options,
            presentation: { row in presentation(row, box.updater?.rowActions(for: row) ?? RowActions()) },
            supplementary: { section, element in element == .cell ? nil : supplementary(section.id, element) },
            describe: { section in
                ValidationSnapshot.Section(section.id, items: section.rows.map { ValidationSnapshot.Item($0.id, content: $0.version) })
            })
        box.updater = self
        // Row heights come from the cells themselves and rows have no focus rules: no O(rows) scan
        // of presentations after a render.
        owner.declaresRowHeights = false
        owner.declaresFocusRules = false
        // SwiftUI's `onMove` reorders one `ForEach`: a row stays in its section.
        owner.targetPathForMove = { [weak self] from, proposed in self?.keepInSection(from: from, proposed: proposed) ?? from }
    }

    /// A convenience for `Identifiable` items: their `id` is their identity.
    /// - Complexity: O(1).
    @inlinable
    public convenience init(
        host: any ListViewHost, options: RenderOptions = RenderOptions(),
        presentation: @escaping @MainActor (_ row: ListViewRow<ID, Item>, _ actions: RowActions) -> RowPresentation,
        supplementary: @escaping @MainActor (_ section: SectionID, _ element: ListElement) -> Supplementary? = { _, _ in nil }
    ) where Item: Identifiable, Item.ID == ID {
        self.init(
            host: host, identityAt: { $0.pointee.id },
            matchingIdentities: { items, rows, stride, offset, count in
                var matched = 0
                while matched < count, items[matched].id == (rows + matched &* stride + offset).assumingMemoryBound(to: ID.self).pointee {
                    matched &+= 1
                }
                return matched
            }, options: options, presentation: presentation, supplementary: supplementary)
    }

    // MARK: Updates

    /// Takes a new value of the list: when it differs from the previous one, one render request
    /// whose rows keep their versions where their items are `==` to the previous ones.
    /// Returns whether a render was requested.
    /// - Complexity: O(items) on the main thread; the diff runs off it.
    @discardableResult
    public func update(_ newSections: [ListViewSection<SectionID, Item>], animated: Bool = true) -> Bool {
        updateCount += 1
        let store = ListItemStore(newSections.map(\.items))
        let number = ListItemStores.shared.register(store)
        let (model, changed) = makeModel(newSections, store: store, update: number)
        guard changed else {
            ListItemStores.shared.release([number])
            return false
        }
        sections = model
        items = store.items
        renderRequestCount += 1
        let request = renderRequestCount
        heldStores.held.append(HeldStore(request: request, number: number))
        owner.render(model, animated: animated) { [weak self] in self?.rendered(request) }
        return true
    }

    /// The rows of `newSections`, versioned against the last model, and whether they differ from it.
    ///
    /// This runs on the main thread for every new value, in code that is generic over the app's
    /// types (SwiftUI calls a generic view's update through its protocol witness, so it is never
    /// specialised): it walks buffers by index and builds each section's rows in place, with no
    /// generic iterator or tuple (each would look up type metadata per item).
    ///
    /// One pass lines the items up with the old rows by place. An item not at its place is either
    /// a few places on (the rows between were removed or moved away), or unknown there: unknown
    /// items are resolved after the pass against the old rows the pass did not meet (a table of
    /// those only), so an insertion or removal costs no table of the whole list. Only when the
    /// places stop lining up (a long run of unknown items) is a table of every old row built.
    private func makeModel(
        _ newSections: [ListViewSection<SectionID, Item>], store: ListItemStore<Item>, update: UInt64
    ) -> (model: [Section], changed: Bool) {
        let old = sections
        var pass = Pass(oldSectionCount: old.count)
        pass.changed = old.count != newSections.count
        var oldSectionIndex: [SectionID: Int]?
        var allRows: [[Row]] = []
        allRows.reserveCapacity(newSections.count)
        for sectionIndex in newSections.indices {
            let sectionID = newSections[sectionIndex].id
            var oldIndex: Int?
            if sectionIndex < old.count, old[sectionIndex].id == sectionID {
                oldIndex = sectionIndex
            } else {
                pass.changed = true
                if oldSectionIndex == nil {
                    var index: [SectionID: Int] = [:]
                    for offset in old.indices where index[old[offset].id] == nil { index[old[offset].id] = offset }
                    oldSectionIndex = index
                }
                oldIndex = oldSectionIndex?[sectionID]
            }
            if let oldIndex { pass.sectionsMet[oldIndex] = true }
            let rows = makeRows(
                newSections[sectionIndex].items, section: sectionIndex, oldIndex: oldIndex, update: update, pass: &pass)
            if rows.count != (oldIndex.map { old[$0].rows.count } ?? 0) { pass.changed = true }
            allRows.append(rows)
        }
        resolveUnknownRows(&allRows, store: store, pass: &pass)
        var model: [Section] = []
        model.reserveCapacity(newSections.count)
        for sectionIndex in newSections.indices {
            model.append(Section(id: newSections[sectionIndex].id, rows: allRows[sectionIndex]))
        }
        return (model, pass.changed)
    }

    /// What the pass over a new value has found so far (places packed, see `Place`).
    private struct Pass {
        var changed = false
        /// New rows whose items were not at their places: version 0 until resolved.
        var unknown: [Int] = []
        /// Old rows the pass went past without meeting their items.
        var passedOver: [Int] = []
        /// The old sections some new section was lined up with.
        var sectionsMet: [Bool]
        /// Where every old identity was, once the places stopped lining up.
        var table: OldPlaces?

        init(oldSectionCount: Int) { sectionsMet = Array(repeating: false, count: oldSectionCount) }

        /// The old rows `offsets` of old section `section`, gone past without meeting their items.
        mutating func passOver(_ offsets: Range<Int>, of section: Int) {
            for offset in offsets { passedOver.append(Place.packed(section, offset)) }
        }
    }

    /// Items in a row not found at or near their places after which the pass builds the table
    /// of every old row and goes on by identity.
    private static var unknownRunLimit: Int { 16 }
    /// How many old rows past the expected one the pass looks for an item.
    private static var lookahead: Int { 4 }

    /// One section's rows, lined up by place with the old section's: an item keeps its row's
    /// version when it is `==` to the item that row was made from. Items not found at or near
    /// their places get version 0 and are listed in `pass.unknown`.
    private func makeRows(
        _ newItems: [Item], section: Int, oldIndex: Int?, update: UInt64, pass: inout Pass
    ) -> [Row] {
        let oldRows = oldIndex.map { sections[$0].rows } ?? []
        let oldItems = oldIndex.map { items[$0] } ?? []
        let oldSection = oldIndex ?? -1
        // A value type's copy has the same bytes as the original (its references point to the same
        // objects): an item whose bytes equal the old item's is that item, `==` to it, and costs
        // no call of `==`. A class instance may have changed since.
        let compareBits = !(Item.self is AnyObject.Type) && MemoryLayout<Item>.size > 0
        // Plain bytes (no references) are the whole value, so equal bytes are an equal `id` too.
        // Otherwise `id` may read through a reference (a model object whose id changed), so it is
        // read for every item, as SwiftUI's `ForEach` does.
        let itemIsPlain = _isPOD(Item.self)
        let itemSize = MemoryLayout<Item>.size, writer = Row.writer
        // Runs of unchanged items are scanned and copied in blocks where the items lie without
        // padding between them and identities are plain bytes (the run's ids are read and compared
        // first unless the items are plain bytes).
        let copiesRuns = compareBits && itemSize == MemoryLayout<Item>.stride && writer.idIsPlain
        // Empty: `unsafeUninitializedCapacity: 0` would write the count into the shared empty-array
        // storage (a data race with every thread reading an empty array); the old rows were passed over.
        guard !newItems.isEmpty else {
            pass.passOver(oldRows.indices, of: oldSection)
            return []
        }
        return newItems.withUnsafeBufferPointer { newItems in
            oldRows.withUnsafeBufferPointer { oldRows in
                oldItems.withUnsafeBufferPointer { oldItems in
                    [Row](unsafeUninitializedCapacity: newItems.count) { buffer, initialized in
                        var next = 0 // the old row expected at this place
                        var unknownRun = 0
                        var offset = 0
                        while offset < newItems.count {
                            defer { offset += 1 }
                            if copiesRuns, next < oldRows.count {
                                // The run of items equal to the old ones from here, found in one scan,
                                // gets its rows copied from the old ones in one block.
                                var run = equalItemCount(
                                    newItems.baseAddress! + offset, oldItems.baseAddress! + next,
                                    min(newItems.count - offset, oldRows.count - next), size: itemSize)
                                if !itemIsPlain, run > 0 {
                                    // The run ends at the first item whose `id` is not its old row's.
                                    run = matchingIdentities(
                                        newItems.baseAddress! + offset, UnsafeRawPointer(oldRows.baseAddress! + next), writer.stride,
                                        writer.id, run)
                                }
                                if run > 0 {
                                    Row.initialize(
                                        buffer.baseAddress! + offset, count: run, keeping: oldRows.baseAddress! + next, section: section,
                                        offset: offset, update: update, writer: writer)
                                    offset += run - 1 // the `defer` adds the last one
                                    initialized = offset + 1
                                    next += run
                                    unknownRun = 0
                                    continue
                                }
                            }
                            // (Where runs are copied, the item here differs from the old one, in its
                            // bytes or its `id`.)
                            let sameBytes =
                                compareBits && !copiesRuns && next < oldRows.count
                                && bytesEqual(
                                    UnsafeRawPointer(newItems.baseAddress! + offset), UnsafeRawPointer(oldItems.baseAddress! + next),
                                    itemSize)
                            if sameBytes && itemIsPlain {
                                // The very value the old row was made from: same identity, `==`.
                                Row.initialize(
                                    buffer.baseAddress! + offset, keeping: oldRows.baseAddress! + next, section: section, offset: offset,
                                    update: update, writer: writer)
                                initialized = offset + 1
                                next += 1
                                unknownRun = 0
                                continue
                            }
                            let id = identity(newItems.baseAddress! + offset)
                            var found = -1 // where the item's old row is in this old section
                            if next < oldRows.count, writer.identity(in: oldRows.baseAddress! + next).pointee == id {
                                if sameBytes {
                                    // The value the old row was made from, with the same `id`: `==` to it.
                                    Row.initialize(
                                        buffer.baseAddress! + offset, keeping: oldRows.baseAddress! + next, section: section,
                                        offset: offset, update: update, writer: writer)
                                    initialized = offset + 1
                                    next += 1
                                    unknownRun = 0
                                    continue
                                }
                                found = next
                            } else {
                                pass.changed = true
                                if pass.table == nil {
                                    var ahead = next + 1
                                    while ahead < min(oldRows.count, next + 1 + Self.lookahead) {
                                        if oldRows[ahead].id == id {
                                            found = ahead
                                            break
                                        }
                                        ahead += 1
                                    }
                                }
                                if found < 0, let place = pass.table?.place(of: id), Place.section(place) == oldSection {
                                    found = Place.offset(place)
                                }
                            }
                            var version: UInt64 = 0
                            if found >= 0 {
                                // Rows between the expected one and the found one were passed over.
                                if found > next { pass.passOver(next..<found, of: oldSection) }
                                if oldItems[found] == newItems[offset] {
                                    version = oldRows[found].version
                                } else {
                                    version = freshVersion()
                                    pass.changed = true
                                }
                                if found >= next { next = found + 1 }
                                unknownRun = 0
                            } else {
                                pass.unknown.append(Place.packed(section, offset))
                                unknownRun += 1
                                if unknownRun == Self.unknownRunLimit, pass.table == nil { pass.table = OldPlaces(sections) }
                            }
                            (buffer.baseAddress! + offset).initialize(
                                to: Row(id: id, version: version, section: section, offset: offset, update: update))
                            initialized = offset + 1
                        }
                        if next < oldRows.count { pass.passOver(next..<oldRows.count, of: oldSection) }
                    }
                }
            }
        }
    }

    /// Gives each unknown row its version: its old row's, when its identity was among the old rows
    /// the pass did not meet (or anywhere, once the table of every old row exists) with an `==`
    /// item; a fresh one otherwise.
    /// - Complexity: O(unknown + passed over) hash operations, O(1) without unknown rows.
    private func resolveUnknownRows(_ rows: inout [[Row]], store: ListItemStore<Item>, pass: inout Pass) {
        guard !pass.unknown.isEmpty else { return }
        pass.changed = true
        var notMet: [ID: Int] = [:]
        if pass.table == nil {
            // Old sections no new section was lined up with were passed over whole.
            for section in sections.indices where !pass.sectionsMet[section] {
                pass.passOver(sections[section].rows.indices, of: section)
            }
            notMet.reserveCapacity(pass.passedOver.count)
            for place in pass.passedOver {
                let id = sections[Place.section(place)].rows[Place.offset(place)].id
                if notMet[id] == nil { notMet[id] = place }
            }
        }
        for place in pass.unknown {
            let (section, offset) = (Place.section(place), Place.offset(place))
            let row = rows[section][offset]
            var version: UInt64 = 0
            if let old = pass.table?.place(of: row.id) ?? notMet[row.id] {
                let (oldSection, oldOffset) = (Place.section(old), Place.offset(old))
                if items[oldSection][oldOffset] == store.items[section][offset] {
                    version = sections[oldSection].rows[oldOffset].version
                }
            }
            if version == 0 { version = freshVersion() }
            rows[section][offset] = Row(id: row.id, version: version, section: section, offset: offset, update: row.update)
        }
    }

    private func freshVersion() -> UInt64 {
        nextVersion &+= 1
        return nextVersion
    }

    /// Where each identity of a model is (the first place of a repeated one), packed (`Place`).
    private struct OldPlaces {
        private var packed: [ID: Int] = [:]

        /// - Complexity: O(rows).
        init(_ model: [Section]) {
            packed.reserveCapacity(model.reduce(0) { $0 + $1.rows.count })
            for section in model.indices {
                model[section].rows.withUnsafeBufferPointer { rows in
                    for offset in 0..<rows.count where packed[rows[offset].id] == nil {
                        packed[rows[offset].id] = Place.packed(section, offset)
                    }
                }
            }
        }

        func place(of id: ID) -> Int? { packed[id] }
    }

    /// The render request `request` is on screen (with every earlier one).
    private func rendered(_ request: Int) {
        shownRequest = max(shownRequest, request)
        retireStores()
        if let pending = pendingScroll, shownRequest == renderRequestCount {
            pendingScroll = nil
            if let path = owner.dataSource.indexPath(ofItem: pending.id) { pending.perform(path) }
        }
        onRendered?()
    }

    /// Lets go of the item stores of requests older than the one on screen, on the main thread.
    ///
    /// The rows of a model name the store of the update that made it (`ListItemStores`), and a
    /// row's `item` is read when the owner asks for its presentation: for the rows of the models
    /// the view shows or will show, and for the row a cell was last configured with (a cell whose
    /// row kept its version is not configured again, and one showing a deleted row is asked for
    /// its actions as it leaves the screen). So a store is held until a newer request is on
    /// screen and no cell shows a row of it. The rows hold no reference to it, so replaced rows
    /// freed on the renderer's background queue never free the app's values there: they are
    /// freed here, on the main thread.
    /// - Complexity: O(stores held + cells configured), a few dozen, plus freeing the retired
    ///   stores' items.
    private func retireStores() {
        guard heldStores.held.first.map({ $0.request < shownRequest }) == true else { return }
        let shown = Set(owner.rowsShownByViews.map(\.update))
        var retired: [UInt64] = []
        heldStores.held.removeAll { store in
            let retires = store.request < shownRequest && !shown.contains(store.number)
            if retires { retired.append(store.number) }
            return retires
        }
        ListItemStores.shared.release(retired)
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

/// Whether the `count` bytes at `first` and `second` are equal: `memcmp` written out in words, as
/// the updater's pass compares an item with its predecessor (a call of `memcmp` per item of a few
/// words cost more than the comparison).
@inline(__always)
private func bytesEqual(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, _ count: Int) -> Bool {
    var index = 0
    while index &+ 8 <= count {
        if first.loadUnaligned(fromByteOffset: index, as: UInt64.self) != second.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
            return false
        }
        index &+= 8
    }
    while index < count {
        if first.load(fromByteOffset: index, as: UInt8.self) != second.load(fromByteOffset: index, as: UInt8.self) { return false }
        index &+= 1
    }
    return true
}

/// How many of the `count` items from `first` and `second` on have equal bytes, in order (the
/// length of their common run): one scan of words over items that lie without padding between
/// them (`size` their stride), ending at the first word that differs.
@inline(__always)
private func equalItemCount<T>(_ first: UnsafePointer<T>, _ second: UnsafePointer<T>, _ count: Int, size: Int) -> Int {
    let first = UnsafeRawPointer(first), second = UnsafeRawPointer(second)
    let bytes = count &* size, words = bytes >> 3
    var word = 0
    while word < words,
        first.loadUnaligned(fromByteOffset: word &<< 3, as: UInt64.self)
            == second.loadUnaligned(fromByteOffset: word &<< 3, as: UInt64.self)
    {
        word &+= 1
    }
    var equal = (word &<< 3) / size
    // Items whose size is not a multiple of 8 may end inside the first differing word, or after
    // the last whole word: settle the item there byte by byte.
    while equal < count, bytesEqual(first + equal &* size, second + equal &* size, size) { equal &+= 1 }
    return equal
}

/// A row's place packed in one integer, `section << 32 | offset`, as the updater's pass keeps
/// places: collections of tuples would look up type metadata per access in its unspecialised code.
/// Outside the generic updater, so that using it needs no metadata of a nested generic type.
private enum Place {
    static func packed(_ section: Int, _ offset: Int) -> Int { section << 32 | offset }
    static func section(_ place: Int) -> Int { place >> 32 }
    static func offset(_ place: Int) -> Int { place & 0xFFFF_FFFF }
}

/// An update's item store (its number in `ListItemStores`), held by the updater while a render
/// request of it may be shown.
private struct HeldStore {
    let request: Int
    let number: UInt64
}

/// The item stores an updater holds in `ListItemStores`, in request order; let go of when the
/// updater goes away.
private final class HeldStores {
    var held: [HeldStore] = []

    deinit { ListItemStores.shared.release(held.map(\.number)) }
}

/// The updater, reached weakly from the owner's closures (the updater holds the owner).
@MainActor
private final class WeakUpdater<SectionID: Hashable & Sendable, ID: Hashable & Sendable, Item: Equatable> {
    weak var updater: ListUpdater<SectionID, ID, Item>?
}
