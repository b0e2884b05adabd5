import RowDiffValidation
/// A list view for every platform that behaves as `UITableView` / `UICollectionView` do for what
/// an owner relies on: registration and dequeuing (with a reuse pool, `prepareForReuse`, nibs
/// and storyboard prototypes), headers and footers, batch updates judged by `BatchUpdateValidator`
/// (strict profile) and applied the way UIKit places cells (`BatchUpdateLayout`), reconfigures
/// that hand back the existing cell, selection, swipe actions, context menus, editing and
/// interactive moves. Use `StandInTableView` or `StandInCollectionView`.
///
/// Every row is on screen (there is no scrolling). A dequeue UIKit would refuse is recorded in
/// `dequeueFailures` and returns nil, instead of raising. After every update it checks that each
/// cell, header and footer shows its row's or section's current content; what went wrong is in
/// `problems`.
///
/// - Complexity: a batch costs O(sections + rows) plus the validator's work and one dequeue per
///   new or reconfigured cell.
@MainActor
public class StandInListView: ListViewHost {
    public let listKind: ListViewKind
    public weak var source: (any ListViewSource)?
    public var animations = TableAnimations.automatic
    /// The validator every batch goes through.
    public var validator: BatchUpdateValidator
    /// Whether the view is on screen; the renderer reloads while it is not.
    public var isVisible = true
    /// Whether a drop or reorder is in progress with changes not committed yet (UIKit's
    /// `hasUncommittedUpdates`): a batch or a reload handed to the view then is recorded in
    /// `problems`, as Apple says not to do it.
    public var hasUncommittedUpdates = false
    /// How the view takes changes; reconfigures need iOS 15.
    public var updateMode: UpdateMode = .batches(reconfigures: true)
    /// When true, completions run in a later main-actor turn (as UIKit calls them after the animation).
    public var completesAsynchronously = false
    /// Whether the view shows section headers and footers (a collection view's layout decides).
    public var showsSupplementaryViews = true

    /// The storyboard's prototype cells: reuse identifier → class (registered before any code runs).
    public var prototypes: [String: StandInView.Type] = [:]
    /// The nibs of the bundle: nib name → the class of its one view.
    public var nibs: [String: StandInView.Type] = [:]

    /// The cells on screen, per section.
    public private(set) var cells: [[StandInView?]] = []
    /// Each section's header view (nil: none, or a title).
    public private(set) var headers: [StandInView?] = []
    /// Each section's footer view.
    public private(set) var footers: [StandInView?] = []
    /// Each section's header and footer titles, as a table shows them.
    public private(set) var titles: [(header: String?, footer: String?)] = []
    /// The paths of the selected rows.
    public private(set) var selectedPaths: Set<ItemPath> = []

    /// Registrations received, in order.
    public private(set) var registrations: [(element: ListElement, reuseIdentifier: String)] = []
    /// Dequeues UIKit would not satisfy.
    public private(set) var dequeueFailures: [DequeueFailure] = []
    /// Every batch applied, with the animations in force.
    public private(set) var batches: [(update: BatchUpdate, animations: TableAnimations)] = []
    /// The number of `reloadData` calls.
    public private(set) var reloadCount = 0
    /// The number of views made (not reused).
    public private(set) var madeViewCount = 0
    /// The number of refused moves the view was restored from.
    public private(set) var restoredMoves = 0
    /// The number of times the view was laid out again for new header or footer heights.
    public private(set) var supplementaryLayoutCount = 0
    /// Validator violations, stale views, data changed outside an update block, interleaved
    /// batches, and failed dequeues. Headers, footers and titles are checked once the main actor
    /// is done with the render that changed them (when this is read, or the user acts): an owner
    /// updates them in place right after handing the view its batches, as on a device the user
    /// sees only the end of that main-actor turn.
    public var problems: [String] {
        checkPendingSupplementaries()
        return recordedProblems
    }

    private var recordedProblems: [String] = []
    /// When headers and footers were last changed without being checked since.
    private var pendingSupplementaryCheck: String?

    /// What the view shows, as the validator sees it.
    public private(set) var shown = ValidationSnapshot(counts: [])

    private var registered: [ListElement: [String: ViewRegistration.Source]] = [:]
    private var pool: [ListElement: [String: [StandInView]]] = [:]
    private var reconfiguring: (path: ItemPath, cell: StandInView)?
    private var insideUpdate = false

    init(kind: ListViewKind) {
        listKind = kind
        validator = BatchUpdateValidator(view: kind, profile: .strict)
    }

    // MARK: Registration and dequeuing

    public func register(_ registration: ViewRegistration) {
        registered[registration.element, default: [:]][registration.reuseIdentifier] = registration.source
        registrations.append((registration.element, registration.reuseIdentifier))
    }

    public func dequeueView(_ element: ListElement, reuseIdentifier: String, at path: ItemPath) -> AnyObject? {
        if element == .cell, let reconfiguring, reconfiguring.path == path, reconfiguring.cell.reuseIdentifier == reuseIdentifier {
            // iOS 15 reconfigure: the dequeue inside `cellForRowAt` returns the cell already there.
            return reconfiguring.cell
        }
        let source: ViewRegistration.Source
        if let registeredSource = registered[element]?[reuseIdentifier] {
            source = registeredSource
        } else if element == .cell, prototypes[reuseIdentifier] != nil {
            source = .prototype
        } else {
            // A table's header/footer dequeue returns nil; everything else raises in UIKit.
            return fail(element, reuseIdentifier, .unregistered, raises: !(listKind == .tableView && element != .cell))
        }
        if let reused = pool[element]?[reuseIdentifier]?.popLast() {
            reused.reuseCount += 1
            reused.prepareForReuse()
            return reused
        }
        let type: StandInView.Type
        switch source {
        case .viewClass(let viewClass):
            guard let standIn = viewClass as? StandInView.Type else {
                return fail(element, reuseIdentifier, .notAStandInView, raises: true)
            }
            type = standIn
        case .nib(let name, _, let viewClass):
            guard let inNib = nibs[name] else { return fail(element, reuseIdentifier, .nibNotFound(name), raises: true) }
            guard ObjectIdentifier(inNib) == ObjectIdentifier(viewClass) else {
                return fail(element, reuseIdentifier, .nibHoldsAnotherClass(name), raises: false)
            }
            type = inNib
        case .prototype:
            guard let prototype = prototypes[reuseIdentifier] else {
                return fail(element, reuseIdentifier, .unregistered, raises: true)
            }
            type = prototype
        case .plain:
            type = StandInView.self
        }
        let view = type.init()
        view.reuseIdentifier = reuseIdentifier
        madeViewCount += 1
        return view
    }

    private func fail(_ element: ListElement, _ identifier: String, _ reason: DequeueFailure.Reason, raises: Bool) -> AnyObject? {
        let failure = DequeueFailure(element: element, reuseIdentifier: identifier, reason: reason, raisesInUIKit: raises)
        dequeueFailures.append(failure)
        recordedProblems.append(failure.description)
        return nil
    }

    private func enqueue(_ view: StandInView?, as element: ListElement) {
        guard let view, let identifier = view.reuseIdentifier else { return }
        pool[element, default: [:]][identifier, default: []].append(view)
    }

    // MARK: BatchUpdating

    public func reloadData() {
        if hasUncommittedUpdates { recordedProblems.append("reloadData while the view had uncommitted updates") }
        reloadCount += 1
        rebuildAll()
    }

    public func performBatchUpdates(
        _ update: BatchUpdate, installingData install: @escaping @MainActor () -> Void, completion: @escaping @MainActor (Bool) -> Void
    ) {
        guard let source else {
            install()
            completion(false)
            return
        }
        if insideUpdate { recordedProblems.append("a batch started inside another batch's update block (interleaving)") }
        if hasUncommittedUpdates { recordedProblems.append("batch \(batches.count): applied while the view had uncommitted updates") }
        if !Self.sameModel(source.validationSnapshot(), shown) {
            recordedProblems.append("batch \(batches.count): the data source changed outside an update block")
        }
        insideUpdate = true
        install()
        insideUpdate = false
        let after = source.validationSnapshot()
        for violation in validator.violations(update, from: shown, to: after) {
            recordedProblems.append("batch \(batches.count) \(update): \(violation)")
        }
        batches.append((update, animations))
        if let layout = try? validator.layout(of: update, from: shown, to: after) {
            apply(layout, after: after)
        } else {
            rebuildAll() // UIKit raised (recorded above); start from the data source again
        }
        finish(completion)
    }

    private func finish(_ completion: @escaping @MainActor (Bool) -> Void) {
        if completesAsynchronously {
            Task { @MainActor in completion(true) }
        } else {
            completion(true)
        }
    }

    /// Places cells and section views as UIKit does after a batch: kept ones stay, reconfigured
    /// ones are configured again in place, the rest are dequeued; views no longer shown go back
    /// to the pool first, so a batch can reuse them.
    private func apply(_ layout: BatchUpdateLayout, after: ValidationSnapshot) {
        guard let source else { return }
        var keptCells = Set<ObjectIdentifier>()
        var keptSections = Set<Int>()
        for (s, origin) in layout.sections.enumerated() {
            if case .kept(let old) = origin { keptSections.insert(old) }
            for cellOrigin in layout.cells[s] {
                switch cellOrigin {
                case .kept(let old), .reconfigured(let old):
                    if let cell = cells[old.section][old.item] { keptCells.insert(ObjectIdentifier(cell)) }
                case .inserted: break
                }
            }
        }
        for (s, section) in cells.enumerated() {
            for cell in section where cell.map({ !keptCells.contains(ObjectIdentifier($0)) }) ?? false { enqueue(cell, as: .cell) }
            if !keptSections.contains(s) {
                enqueue(headers[s], as: .header)
                enqueue(footers[s], as: .footer)
            }
        }
        var newCells: [[StandInView?]] = []
        var newHeaders: [StandInView?] = [], newFooters: [StandInView?] = []
        var newTitles: [(header: String?, footer: String?)] = []
        for (s, origin) in layout.sections.enumerated() {
            switch origin {
            case .kept(let old):
                newHeaders.append(headers[old])
                newFooters.append(footers[old])
                newTitles.append(titles[old])
            case .inserted:
                let (header, footer, title) = sectionViews(s, source)
                newHeaders.append(header)
                newFooters.append(footer)
                newTitles.append(title)
            }
            var row: [StandInView?] = []
            for (r, cellOrigin) in layout.cells[s].enumerated() {
                let path = ItemPath(section: s, item: r)
                switch cellOrigin {
                case .kept(let old):
                    row.append(cells[old.section][old.item])
                case .reconfigured(let old):
                    let existing = cells[old.section][old.item]
                    if let existing { reconfiguring = (path, existing) }
                    let cell = source.cell(at: path) as? StandInView
                    reconfiguring = nil
                    if cell !== existing { recordedProblems.append("reconfigure of \(path) did not hand back the cell already there") }
                    row.append(cell)
                case .inserted:
                    row.append(source.cell(at: path) as? StandInView)
                }
            }
            newCells.append(row)
        }
        cells = newCells
        headers = newHeaders
        footers = newFooters
        titles = newTitles
        shown = after
        checkViews("after batch \(batches.count - 1)")
    }

    private func sectionViews(_ s: Int, _ source: any ListViewSource) -> (StandInView?, StandInView?, (header: String?, footer: String?)) {
        guard showsSupplementaryViews else { return (nil, nil, (nil, nil)) }
        return (source.supplementaryView(.header, in: s) as? StandInView, source.supplementaryView(.footer, in: s) as? StandInView,
                (source.title(for: .header, in: s), source.title(for: .footer, in: s)))
    }

    private func rebuildAll() {
        for section in cells { for cell in section { enqueue(cell, as: .cell) } }
        for view in headers { enqueue(view, as: .header) }
        for view in footers { enqueue(view, as: .footer) }
        cells = []
        headers = []
        footers = []
        titles = []
        selectedPaths = []
        guard let source else {
            shown = ValidationSnapshot(counts: [])
            return
        }
        for s in 0..<source.numberOfSections {
            let (header, footer, title) = sectionViews(s, source)
            headers.append(header)
            footers.append(footer)
            titles.append(title)
            cells.append((0..<source.numberOfItems(in: s)).map { source.cell(at: ItemPath(section: s, item: $0)) as? StandInView })
        }
        shown = source.validationSnapshot()
        checkViews("after reloadData")
    }

    /// Every cell and section view must show the current content of what it stands for.
    private func checkViews(_ when: String) {
        guard let source else { return }
        for (s, section) in cells.enumerated() {
            for (r, cell) in section.enumerated() {
                let path = ItemPath(section: s, item: r)
                guard let cell else {
                    recordedProblems.append("\(when): no cell at \(path)")
                    continue
                }
                if !source.isShowingCurrentContent(cell, for: .cell, at: path) {
                    recordedProblems.append("\(when): the cell at \(path) shows stale or other content")
                }
            }
        }
        pendingSupplementaryCheck = when
    }

    /// Every header and footer view, and every title, must show its section's current content.
    private func checkPendingSupplementaries() {
        guard let when = pendingSupplementaryCheck, let source else { return }
        pendingSupplementaryCheck = nil
        for s in headers.indices {
            let path = ItemPath(section: s, item: 0)
            for (element, view) in [(ListElement.header, headers[s]), (.footer, footers[s])] {
                if let view, !source.isShowingCurrentContent(view, for: element, at: path) {
                    recordedProblems.append("\(when): the \(element) of section \(s) shows stale content")
                }
            }
            // A section with a header or footer view of its own shows no title there.
            if showsSupplementaryViews, headers[s] == nil && titles[s].header != source.title(for: .header, in: s)
                || footers[s] == nil && titles[s].footer != source.title(for: .footer, in: s) {
                recordedProblems.append("\(when): the titles of section \(s) are stale")
            }
        }
    }

    private static func sameModel(_ a: ValidationSnapshot, _ b: ValidationSnapshot) -> Bool {
        a.counts == b.counts && (!a.hasItems || !b.hasItems || a == b)
    }

    // MARK: Headers and footers in place

    public func visibleSupplementaryView(_ element: ListElement, in section: Int) -> AnyObject? {
        guard headers.indices.contains(section) else { return nil }
        switch element {
        case .cell: return nil
        case .header: return headers[section]
        case .footer: return footers[section]
        }
    }

    public func showSupplementaryTitle(_ title: String?, for element: ListElement, in section: Int) {
        guard listKind == .tableView, showsSupplementaryViews, titles.indices.contains(section) else { return }
        switch element {
        case .cell: break
        case .header: titles[section].header = title
        case .footer: titles[section].footer = title
        }
    }

    public func invalidateSupplementaryLayout() { supplementaryLayoutCount += 1 }

    // MARK: What the view asks its source

    /// How many times the source said its capabilities changed (UIKit: the delegate set again).
    public private(set) var capabilityChangeCount = 0
    /// How many row heights the view asked for.
    public private(set) var heightQueryCount = 0

    public func sourceCapabilitiesChanged() { capabilityChangeCount += 1 }

    /// The section index beside the table, as UIKit shows it (nil: none; tables only).
    public var sectionIndexTitles: [String]? {
        guard listKind == .tableView else { return nil }
        return source?.sectionIndexTitles()
    }

    /// The user taps the `index`-th entry of the section index: the section the view scrolls to.
    public func userTapsSectionIndex(_ index: Int) -> Int? {
        guard let titles = sectionIndexTitles, titles.indices.contains(index),
              let section = source?.section(forSectionIndexAt: index), cells.indices.contains(section)
        else { return nil }
        return section
    }

    /// Whether the row can take focus: what the source says when it has focus rules, the view's
    /// default (focusable) otherwise — UIKit does not ask a delegate that does not implement it.
    public func canFocus(_ path: ItemPath) -> Bool {
        guard contains(path) else { return false }
        guard let source, source.hasFocusRules else { return true }
        return source.canFocusItem(at: path) ?? true
    }

    // MARK: Selection and editing, as the user does them

    public func deselectItem(at path: ItemPath, animated: Bool) {
        selectedPaths.remove(path)
    }

    /// The user taps the row: it highlights and is selected only when the source allows both (a
    /// previous selection is deselected first, as in a single-selection view). Returns whether it
    /// was selected (it may have been deselected again at once).
    @discardableResult
    public func userTaps(_ path: ItemPath) -> Bool {
        guard let source, source.shouldHighlightItem(at: path), source.shouldSelectItem(at: path) else { return false }
        for previous in selectedPaths where previous != path {
            selectedPaths.remove(previous)
            source.didDeselectItem(at: previous)
        }
        selectedPaths.insert(path)
        source.didSelectItem(at: path)
        return true
    }

    /// The user deletes the row. A table offers it (the Edit mode's delete control, swipe to
    /// delete) only for an editable row whose editing style is `.delete`; a collection view has no
    /// delete of its own, so there the user performs the first trailing swipe action (a full swipe)
    /// of a row whose editing style is `.delete`. Returns whether the delete reached the source.
    @discardableResult
    public func userDeletes(_ path: ItemPath) -> Bool {
        guard let source, contains(path), source.editingStyle(at: path) == .delete else { return false }
        switch listKind {
        case .tableView:
            guard source.canEditItem(at: path) else { return false }
            source.commitDelete(at: path)
        case .collectionView:
            guard let swipe = source.swipeActions(.trailing, at: path), swipe.performsFirstActionWithFullSwipe,
                  let first = swipe.actions.first
            else { return false }
            first.handler { _ in }
        }
        return true
    }

    /// The user drags a row by its reorder control: a table shows one only on an editable row that
    /// can move; a collection view asks only whether it can move. The view moves the cell, then
    /// tells the source. Returns whether the source took the move (when not, it restored the view).
    /// The row lands where the source's `targetPathForMove` puts it for the place the user holds it.
    @discardableResult
    public func userMoves(from start: ItemPath, to proposed: ItemPath) -> Bool {
        guard let source, contains(start) else { return false }
        let end = source.targetPathForMove(from: start, proposed: proposed)
        guard source.canMoveItem(at: start), listKind == .collectionView || source.canEditItem(at: start),
              cells.indices.contains(start.section),
              cells[start.section].indices.contains(start.item), cells.indices.contains(end.section),
              end.item >= 0, end.item <= cells[end.section].count - (start.section == end.section ? 1 : 0)
        else { return false }
        let cell = cells[start.section].remove(at: start.item)
        cells[end.section].insert(cell, at: end.item)
        var sections = shown.sections
        let item = sections[start.section].items.remove(at: start.item)
        sections[end.section].items.insert(item, at: end.item)
        let counts = sections.map(\.items.count)
        shown = shown.hasItems ? ValidationSnapshot(sections: sections) : ValidationSnapshot(counts: counts)
        let accepted = source.moveItem(from: start, to: end)
        checkViews(accepted ? "after a move" : "after a refused move")
        return accepted
    }

    public func restoreAfterRefusedMove(from source: ItemPath, to destination: ItemPath) {
        // UIKit has already moved the cell; reloading is the one repair it takes mid-gesture.
        restoredMoves += 1
        reloadData()
    }

    /// The actions a swipe from `edge` reveals on the row; nil: UIKit shows nothing. A table
    /// reveals them only on an editable row, and adds its own Delete to a row whose editing style
    /// is `.delete` and that has no trailing actions; a collection view's list layout shows what
    /// its swipe provider (the owner's `swipeActions`) returns.
    public func userSwipes(_ edge: SwipeEdge, on path: ItemPath) -> SwipeActions? {
        guard let source, contains(path) else { return nil }
        guard listKind == .tableView else { return source.swipeActions(edge, at: path) }
        guard source.canEditItem(at: path) else { return nil }
        if let actions = source.swipeActions(edge, at: path) { return actions }
        guard edge == .trailing, source.editingStyle(at: path) == .delete else { return nil }
        return SwipeActions.delete { [weak source] in source?.commitDelete(at: path) }
    }

    /// Whether the row is indented in the table's editing mode (UIKit: `shouldIndentWhileEditingRowAt`,
    /// answered from the editing style).
    public func indentsWhileEditing(_ path: ItemPath) -> Bool {
        guard let source, contains(path), source.canEditItem(at: path) else { return false }
        return source.editingStyle(at: path) != .none
    }

    /// Whether `path` names a row the view shows.
    private func contains(_ path: ItemPath) -> Bool {
        cells.indices.contains(path.section) && cells[path.section].indices.contains(path.item)
    }

    /// The user opens the row's context menu.
    public func userOpensContextMenu(on path: ItemPath) -> ContextMenu? { source?.contextMenu(at: path) }

    /// The row's height as the table would lay it out (nil: automatic). UIKit asks the delegate
    /// only when it implements the height method, which the adapter does only while the source
    /// has explicit row heights; each question counts in `heightQueryCount`.
    public func heightOfRow(at path: ItemPath) -> Double? {
        guard let source, source.hasExplicitRowHeights else { return nil }
        heightQueryCount += 1
        return source.height(at: path)
    }

    /// The height of a section's header or footer as the table would lay it out (nil: the table's
    /// own, automatic by default), and its estimate.
    public func heightOfSupplementary(_ element: ListElement, in section: Int) -> (height: Double?, estimated: Double?) {
        (source?.supplementaryHeight(element, in: section), source?.estimatedSupplementaryHeight(element, in: section))
    }
}

/// A stand-in for `UITableView` (see `StandInListView`).
@MainActor
public final class StandInTableView: StandInListView {
    /// An empty table view; give it to an owner (`ListController(host:)`).
    public init() { super.init(kind: .tableView) }
}

/// A stand-in for `UICollectionView` (see `StandInListView`): supplementary views raise when
/// unregistered, and its validator applies the collection view's rules.
@MainActor
public final class StandInCollectionView: StandInListView {
    /// An empty collection view whose layout shows section headers and footers.
    public init() { super.init(kind: .collectionView) }
}
