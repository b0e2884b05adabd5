import RowDiff
import RowDiffValidation
import RowDiffDataSources

/// A list view for every platform that behaves as `UITableView` / `UICollectionView` do for what
/// an owner relies on: registration and dequeuing (with a reuse pool, `prepareForReuse`, nibs
/// and storyboard prototypes), headers and footers, batch updates judged by `BatchUpdateValidator`
/// (strict profile) and applied the way UIKit places cells, reconfigures that hand back the
/// existing cell, selection, swipe actions, context menus, editing and interactive moves. Use
/// `StandInTableView` or `StandInCollectionView`.
///
/// **Every row on screen** (the default): `cells` holds a cell for every row, as a view tall
/// enough for the whole list would. **A viewport** (`viewportHeight` set): the view lays rows out
/// top to bottom — headers, rows and footers with the heights described under "Geometry" — and
/// makes, configures and reuses cells only for the rows whose frames intersect the visible area
/// (`contentOffset ..< contentOffset + viewportHeight`), as UIKit does; the test scrolls with
/// `scroll(toOffset:)` and `scrollToItem(at:position:)`. Then `cells` holds the visible rows' cells.
///
/// **Geometry.** A row's height is the source's `height(at:)` (else `estimatedHeight(at:)`, else
/// `rowHeight`) when the source has explicit row heights (`hasExplicitRowHeights`), and `rowHeight`
/// otherwise, when the source is never asked (`heightQueryCount` counts the questions). Rows are
/// asked on `reloadData` and when a batch inserts, reloads or reconfigures them; kept and moved
/// rows keep their heights. A header or footer is the source's `supplementaryHeight` high, else
/// `sectionHeaderHeight` / `sectionFooterHeight` when the section shows one (a view or a title),
/// else 0. Section views are made for every section.
///
/// **Checks.** A dequeue UIKit would refuse is recorded in `dequeueFailures` and returns nil,
/// instead of raising. Every batch goes through the validator; with `modelCheck == .full` (the
/// default) against full snapshots of the model (identities, content, kinds) before and after,
/// with `.countsAndVisibleRows` against the row counts only — O(sections + operations), what a
/// large list needs. Either way, after every update each visible cell, header and footer must
/// show its row's or section's current content. What went wrong is in `problems`.
///
/// - Complexity: a batch costs O(sections + operations · log operations) plus one dequeue per new,
///   reloaded or reconfigured visible cell and the validator's work (O(rows) with full
///   snapshots); with every row on screen, O(rows) to place the cells.
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

    /// How much of the model each batch is checked against.
    public enum ModelCheck: Sendable, Hashable {
        /// Full snapshots of the model before and after every batch (identities, content, kinds):
        /// the validator also finds identity corruption and stale content in rows off screen.
        /// O(rows) per batch; the default, for small tests.
        case full
        /// The row counts before and after every batch (every rule UIKit raises on, and the strict
        /// profile), and the visible rows' identities and content. O(sections + operations) per
        /// batch: for large lists in a viewport.
        case countsAndVisibleRows
    }

    /// How much of the model each batch is checked against; `.full` by default.
    public var modelCheck = ModelCheck.full

    /// The storyboard's prototype cells: reuse identifier → class (registered before any code runs).
    public var prototypes: [String: StandInView.Type] = [:]
    /// The nibs of the bundle: nib name → the class of its one view.
    public var nibs: [String: StandInView.Type] = [:]

    // MARK: What the view shows

    /// The cells on screen, per section: with every row on screen, the cell of every row
    /// (`cells[s][r]` for row `r` of section `s`; nil where the dequeue failed). With a viewport,
    /// each section's visible rows' cells, top to bottom (`cells[s][0]` is the first visible row
    /// of section `s`, not row 0; see `visibleCells` for their paths).
    /// - Complexity: O(sections + rows on screen).
    public var cells: [[StandInView?]] {
        if viewportHeight == nil {
            return counts.indices.map { s in (0..<counts[s]).map { cellAt[ItemPath(section: s, item: $0)] } }
        }
        var bySection = [[StandInView?]](repeating: [], count: counts.count)
        for path in visiblePaths { bySection[path.section].append(cellAt[path]) }
        return bySection
    }

    /// The visible rows and their cells, top to bottom (nil where the dequeue failed).
    public var visibleCells: [(path: ItemPath, cell: StandInView?)] { visiblePaths.map { ($0, cellAt[$0]) } }

    /// The visible rows, top to bottom (UIKit: `indexPathsForVisibleRows`).
    public var indexPathsForVisibleRows: [ItemPath] { visiblePaths }

    /// The cell of the row at `path` if it is visible (UIKit: `cellForRow(at:)`); nil otherwise.
    /// - Complexity: O(1).
    public func cell(at path: ItemPath) -> StandInView? { cellAt[path] }

    /// Each section's header view (nil: none, or a title).
    public private(set) var headers: [StandInView?] = []
    /// Each section's footer view.
    public private(set) var footers: [StandInView?] = []
    /// Each section's header and footer titles, as a table shows them.
    public private(set) var titles: [(header: String?, footer: String?)] = []
    /// The paths of the selected rows (moved with their rows by batches, as UIKit does).
    public internal(set) var selectedPaths: Set<ItemPath> = []
    /// Whether the user can select several rows (UIKit's `allowsMultipleSelection`): a tap then
    /// toggles a row and leaves the others selected.
    public var allowsMultipleSelection = false

    /// Registrations received, in order.
    public private(set) var registrations: [(element: ListElement, reuseIdentifier: String)] = []
    /// Dequeues UIKit would not satisfy.
    public private(set) var dequeueFailures: [DequeueFailure] = []
    /// The most recent batches applied, with the animations in force, oldest first: at most
    /// `maximumRecordedBatches` of them (all of them when it is nil).
    public var batches: [(update: BatchUpdate, animations: TableAnimations)] {
        guard let limit = maximumRecordedBatches, batchLog.count > limit else { return batchLog }
        return Array(batchLog.suffix(limit))
    }
    /// How many batches `batches` keeps (nil: every one, which a long run pays for in memory).
    public var maximumRecordedBatches: Int? = 1_000
    /// The number of batches applied since the view was made.
    public private(set) var batchCount = 0
    /// The number of `reloadData` calls.
    public private(set) var reloadCount = 0
    /// The number of views made (not reused).
    public private(set) var madeViewCount = 0
    /// The number of refused moves the view was restored from.
    public internal(set) var restoredMoves = 0
    /// The number of row-height questions asked of the source (`height(at:)` and
    /// `estimatedHeight(at:)`): none when it has no explicit row heights.
    public internal(set) var heightQueryCount = 0
    /// The number of times the view was laid out again for new header or footer heights.
    public private(set) var supplementaryLayoutCount = 0
    /// How many times the source said its capabilities changed (UIKit: the delegate set again).
    public internal(set) var capabilityChangeCount = 0
    /// Validator violations, stale views, data changed outside an update block, interleaved
    /// batches, failed dequeues, updates during a drop, and scrolls UIKit would refuse. Headers,
    /// footers and titles are checked once the main actor is done with the render that changed
    /// them (when this is read, or the user acts): an owner updates them in place right after
    /// handing the view its batches, and on a device the user sees only the end of that turn.
    /// Those of the sections a batch, a reload or a scroll changed are named for it ("after batch
    /// 3"); the others on screen are checked too, named for the check ("when read", "before a
    /// move"): a render that changes only headers and footers hands the view no batch at all.
    public var problems: [String] {
        settleSupplementaryChecks("when read")
        return recordedProblems
    }

    var recordedProblems: [String] = []
    /// The sections whose headers and footers were last changed, and when, not checked since.
    private var pendingSupplementaryCheck: (when: String, sections: [Int])?

    /// The time spent on checks UIKit does not make: the validator's rules, comparing the data
    /// source with what the view shows before a batch (and building full snapshots, with
    /// `modelCheck == .full`), and whether each view on screen shows current content. The view's
    /// own work — asking counts, mapping rows, placing, dequeuing and configuring cells — is not
    /// in it, so a benchmark can tell what the source costs from what the stand-in's checks cost.
    package private(set) var checkingTime = Duration.zero

    /// The time spent laying the rows out after a reload or a batch (`layOut`): each section's row
    /// heights, kept or asked, and their prefix sums, as a table keeps its row data. UIKit does
    /// this work itself, in its own way; the time includes the source's answers to the height
    /// questions (the owner's cost). Not part of `checkingTime`: a benchmark reports it beside it.
    package internal(set) var layoutTime = Duration.zero

    /// Runs `body`, adding its time to `checkingTime`.
    private func checking<T>(_ body: () -> T) -> T {
        let start = ContinuousClock.now
        defer { checkingTime += ContinuousClock.now - start }
        return body()
    }

    /// What the view shows, as the validator sees it: the model's full snapshot with
    /// `modelCheck == .full`, its row counts with `.countsAndVisibleRows`.
    public internal(set) var shown = ValidationSnapshot(counts: [])

    // MARK: Viewport and geometry

    /// The height of the visible area; nil (the default): every row is on screen.
    public var viewportHeight: Double? {
        didSet { layoutChanged() }
    }
    /// The height of a row without one of its own (UIKit: `rowHeight`, or the estimate).
    public var rowHeight = 44.0 {
        didSet { layoutChanged() }
    }
    /// The height of a section's header when it shows one and the source gives no height.
    public var sectionHeaderHeight = 28.0 {
        didSet { layoutChanged() }
    }
    /// The height of a section's footer when it shows one and the source gives no height.
    public var sectionFooterHeight = 28.0 {
        didSet { layoutChanged() }
    }
    /// How many rows ahead of the viewport, in the direction of a scroll, the view asks the
    /// source to prefetch (`prefetchItems(at:)`); 0: no prefetching. Rows prefetched and then
    /// left behind by a scroll the other way (neither shown nor ahead) are cancelled
    /// (`cancelPrefetchingItems(at:)`); rows that come on screen were used. Batches move the
    /// rows with their paths (deleted ones are forgotten); `reloadData` forgets them all.
    public var prefetchDistance = 10
    /// The rows asked for with `prefetchItems(at:)` and neither shown nor cancelled since.
    public var prefetchedPaths: Set<ItemPath> { prefetched }

    // MARK: Internal state

    /// The row counts the view shows.
    var counts: [Int] = []
    /// The visible rows, top to bottom, and the cell of each (absent where the dequeue failed).
    var visiblePaths: [ItemPath] = []
    var cellAt: [ItemPath: StandInView] = [:]
    var geometry = StandInGeometry()
    /// The vertical content offset.
    var offset = 0.0
    /// Increases on every `reloadData`: a move finishes placing cells only if none came between.
    var reloadGeneration = 0
    var prefetched = Set<ItemPath>()

    private var registered: [ListElement: [String: ViewRegistration.Source]] = [:]
    private var pool: [ListElement: [String: [StandInView]]] = [:]
    private var reconfiguring: (path: ItemPath, cell: StandInView)?
    private var insideUpdate = false
    private var batchLog: [(update: BatchUpdate, animations: TableAnimations)] = []

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

    func enqueue(_ view: StandInView?, as element: ListElement) {
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
        let number = batchCount
        if insideUpdate { recordedProblems.append("a batch started inside another batch's update block (interleaving)") }
        if hasUncommittedUpdates { recordedProblems.append("batch \(number): applied while the view had uncommitted updates") }
        let before: ValidationSnapshot
        switch modelCheck {
        case .full:
            before = shown
            checking {
                if !Self.sameModel(source.validationSnapshot(), shown) {
                    recordedProblems.append("batch \(number): the data source changed outside an update block")
                }
            }
        case .countsAndVisibleRows:
            before = ValidationSnapshot(counts: counts)
            checking {
                if Self.counts(of: source) != counts {
                    recordedProblems.append("batch \(number): the data source changed outside an update block")
                }
            }
        }
        insideUpdate = true
        install()
        insideUpdate = false
        let newCounts = Self.counts(of: source)
        let after = modelCheck == .full ? checking { source.validationSnapshot() } : ValidationSnapshot(counts: newCounts)
        checking {
            for violation in validator.violations(update, from: before, to: after) {
                recordedProblems.append("batch \(number) \(update): \(violation)")
            }
        }
        record(update)
        if let map = try? validator.rowMap(of: update, fromCounts: counts, toCounts: newCounts) {
            let placement = place(map, counts: newCounts, shown: after, reconfiguring: true)
            fill(placement)
            checkViews("after batch \(number)")
        } else {
            rebuildAll() // UIKit raised (recorded above); start from the data source again
        }
        finish(completion)
    }

    private func record(_ update: BatchUpdate) {
        batchCount += 1
        batchLog.append((update, animations))
        // Trimmed in steps of the limit, so keeping the last `limit` costs O(1) per batch on average.
        if let limit = maximumRecordedBatches, batchLog.count >= 2 * max(1, limit) { batchLog.removeFirst(batchLog.count - limit) }
    }

    /// Forgets the recorded batches (`batches`); `batchCount` keeps counting.
    public func removeRecordedBatches() { batchLog.removeAll() }

    private func finish(_ completion: @escaping @MainActor (Bool) -> Void) {
        if completesAsynchronously {
            Task { @MainActor in completion(true) }
        } else {
            completion(true)
        }
    }

    /// A batch's effect on screen before the new rows get cells: the cells that left, and the
    /// visible rows that still need one.
    struct Placement {
        /// Cells no longer shown, with the path they had (before the change), in that order.
        var leaving: [(cell: StandInView, path: ItemPath)] = []
        /// Visible rows without a cell yet (new coordinates), top to bottom.
        var entering: [ItemPath] = []
        /// `reloadGeneration` when it was made.
        var generation: Int
    }

    /// Places cells and section views as UIKit does after a batch: kept ones stay (moved to their
    /// new paths), reconfigured ones are configured again in place, the rest go back to the pool
    /// — before anything new is dequeued, so a batch can reuse them. Then the content is laid out
    /// again with `counts`, the offset kept (within the new bounds), and the rows that are visible
    /// and have no cell are returned for `fill`.
    /// - Complexity: O(sections + operations · log operations + visible rows), and O(rows of the
    ///   changed sections) when rows have explicit heights.
    func place(_ map: BatchUpdateRowMap, counts newCounts: [Int], shown after: ValidationSnapshot, reconfiguring: Bool) -> Placement {
        var placement = Placement(generation: reloadGeneration)
        guard let source else { return placement }
        // Where each visible cell goes; a cell whose row or section went leaves.
        var kept: [(cell: StandInView?, from: ItemPath, to: ItemPath)] = []
        for path in visiblePaths {
            let cell = cellAt[path]
            if let target = map.newPath(ofOld: path) {
                kept.append((cell, path, target))
            } else if let cell {
                placement.leaving.append((cell, path))
            }
        }
        for (cell, _) in placement.leaving { enqueue(cell, as: .cell) }
        var keptSections = Set<Int>()
        for origin in map.sections { if case .kept(let old) = origin { keptSections.insert(old) } }
        for s in headers.indices where !keptSections.contains(s) {
            enqueue(headers[s], as: .header)
            enqueue(footers[s], as: .footer)
        }
        var newHeaders: [StandInView?] = [], newFooters: [StandInView?] = []
        var newTitles: [(header: String?, footer: String?)] = []
        for (s, origin) in map.sections.enumerated() {
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
        }
        headers = newHeaders
        footers = newFooters
        titles = newTitles
        selectedPaths = Set(selectedPaths.compactMap { map.newPath(ofOld: $0) })
        prefetched = Set(prefetched.compactMap { map.newPath(ofOld: $0) })
        counts = newCounts
        shown = after
        layOut(source, remapping: map)

        let nowVisible = visibleRows()
        let visibleSet = Set(nowVisible)
        var keptAt: [ItemPath: (cell: StandInView?, from: ItemPath)] = [:]
        for (cell, from, to) in kept {
            if visibleSet.contains(to) {
                keptAt[to] = (cell, from)
            } else if let cell {
                enqueue(cell, as: .cell)
                placement.leaving.append((cell, from))
            }
        }
        // Told before anything is dequeued: a cell is not reused while it is still on screen.
        for (cell, path) in placement.leaving { source.didEndDisplaying(cell, at: path) }
        var newCellAt: [ItemPath: StandInView] = [:]
        for path in nowVisible {
            guard let (existing, _) = keptAt[path] else {
                placement.entering.append(path)
                continue
            }
            if reconfiguring, case .reconfigured? = map.origin(ofNew: path) {
                if let existing { self.reconfiguring = (path, existing) }
                let cell = source.cell(at: path) as? StandInView
                self.reconfiguring = nil
                if cell !== existing { recordedProblems.append("reconfigure of \(path) did not hand back the cell already there") }
                if let cell { newCellAt[path] = cell }
            } else if let existing {
                newCellAt[path] = existing
            }
        }
        cellAt = newCellAt
        visiblePaths = nowVisible
        return placement
    }

    /// Dequeues the cells `placement` left to make, unless the view reloaded since, and tells
    /// the source it shows them.
    func fill(_ placement: Placement) {
        guard let source, placement.generation == reloadGeneration else { return }
        for path in placement.entering {
            if let cell = source.cell(at: path) as? StandInView { cellAt[path] = cell }
        }
        for path in placement.entering { if let cell = cellAt[path] { source.willDisplay(cell, at: path) } }
    }

    func sectionViews(_ s: Int, _ source: any ListViewSource) -> (StandInView?, StandInView?, (header: String?, footer: String?)) {
        guard showsSupplementaryViews else { return (nil, nil, (nil, nil)) }
        return (
            source.supplementaryView(.header, in: s) as? StandInView, source.supplementaryView(.footer, in: s) as? StandInView,
            (source.title(for: .header, in: s), source.title(for: .footer, in: s))
        )
    }

    func rebuildAll() {
        reloadGeneration += 1
        for path in visiblePaths { enqueue(cellAt[path], as: .cell) }
        for view in headers { enqueue(view, as: .header) }
        for view in footers { enqueue(view, as: .footer) }
        let leaving = visiblePaths.compactMap { path in cellAt[path].map { (cell: $0, path: path) } }
        cellAt = [:]
        visiblePaths = []
        headers = []
        footers = []
        titles = []
        selectedPaths = []
        prefetched = []
        for (cell, path) in leaving { source?.didEndDisplaying(cell, at: path) }
        guard let source else {
            counts = []
            geometry.set(counts: [], headers: [], footers: [], explicit: [])
            shown = ValidationSnapshot(counts: [])
            return
        }
        counts = Self.counts(of: source)
        for s in counts.indices {
            let (header, footer, title) = sectionViews(s, source)
            headers.append(header)
            footers.append(footer)
            titles.append(title)
        }
        layOut(source, remapping: nil)
        visiblePaths = visibleRows()
        for path in visiblePaths {
            if let cell = source.cell(at: path) as? StandInView { cellAt[path] = cell }
        }
        shown = modelCheck == .full ? checking { source.validationSnapshot() } : ValidationSnapshot(counts: counts)
        checkViews("after reloadData")
        for path in visiblePaths { if let cell = cellAt[path] { source.willDisplay(cell, at: path) } }
    }

    /// Every visible cell and every section view (on screen, with `.countsAndVisibleRows`) must
    /// show the current content of what it stands for.
    func checkViews(_ when: String) {
        guard let source else { return }
        let start = ContinuousClock.now
        defer { checkingTime += ContinuousClock.now - start }
        for path in visiblePaths {
            guard let cell = cellAt[path] else {
                recordedProblems.append("\(when): no cell at \(path)")
                continue
            }
            if !source.isShowingCurrentContent(cell, for: .cell, at: path) {
                recordedProblems.append("\(when): the cell at \(path) shows stale or other content")
            }
        }
        pendingSupplementaryCheck = (when, supplementarySectionsOnScreen())
    }

    /// The sections whose views the checks look at: all of them with full checks or no
    /// viewport; else those on screen.
    private func supplementarySectionsOnScreen() -> [Int] {
        modelCheck == .full || viewportHeight == nil
            ? Array(counts.indices) : geometry.sections(intersecting: offset, offset + max(0, viewportHeight ?? 0))
    }

    /// Checks the headers, footers and titles the user sees now, at the end of a main-actor turn:
    /// those of the sections last changed, named for that change, then the others on screen,
    /// named `now` (a render whose changes are all shown in place hands the view no batch, and
    /// only this finds a view it left stale). Each must show its section's current content. The
    /// rows on screen must be laid out as high as the source says (see `checkRowHeights`).
    /// Called when `problems` is read and before the user acts (a user acts between turns).
    /// - Complexity: O(sections checked + rows on screen), plus `isShowingCurrentContent` for
    ///   each view.
    func settleSupplementaryChecks(_ now: String) {
        guard let source else { return }
        let pending = pendingSupplementaryCheck
        pendingSupplementaryCheck = nil
        let start = ContinuousClock.now
        defer { checkingTime += ContinuousClock.now - start }
        var checked = Set<Int>()
        for s in pending?.sections ?? [] where checked.insert(s).inserted { checkSupplementaries(of: s, pending?.when ?? now, source) }
        for s in supplementarySectionsOnScreen() where checked.insert(s).inserted { checkSupplementaries(of: s, now, source) }
        checkRowHeights(now, source)
    }

    /// Each row on screen is laid out as high as the source says now, when the source gives row
    /// heights. A table asks a row's height when it lays the row out (a reload, or a batch that
    /// inserts, reloads or reconfigures it) and keeps it otherwise: a row whose height changed
    /// with no update for it keeps its old height on a device. Not counted as height questions.
    /// - Complexity: O(rows on screen).
    private func checkRowHeights(_ when: String, _ source: any ListViewSource) {
        guard source.hasExplicitRowHeights else { return }
        for path in visiblePaths {
            guard let frame = geometry.frame(of: path) else { continue }
            let expected = max(0, source.height(at: path) ?? source.estimatedHeight(at: path) ?? rowHeight)
            if frame.height != expected {
                recordedProblems.append(
                    "\(when): the row at \(path) is laid out \(frame.height) high, its source says \(expected) (a stale height)")
            }
        }
    }

    private func checkSupplementaries(of s: Int, _ when: String, _ source: any ListViewSource) {
        guard headers.indices.contains(s) else { return }
        let path = ItemPath(section: s, item: 0)
        for (element, view) in [(ListElement.header, headers[s]), (.footer, footers[s])] {
            if let view, !source.isShowingCurrentContent(view, for: element, at: path) {
                recordedProblems.append("\(when): the \(element) of section \(s) shows stale content")
            }
        }
        // A section with a header or footer view of its own shows no title there.
        if showsSupplementaryViews,
            headers[s] == nil && titles[s].header != source.title(for: .header, in: s)
                || footers[s] == nil && titles[s].footer != source.title(for: .footer, in: s)
        {
            recordedProblems.append("\(when): the titles of section \(s) are stale")
        }
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

    public func invalidateSupplementaryLayout() {
        supplementaryLayoutCount += 1
        layoutChanged()
    }

    static func sameModel(_ a: ValidationSnapshot, _ b: ValidationSnapshot) -> Bool {
        a.counts == b.counts && (!a.hasItems || !b.hasItems || a == b)
    }

    static func counts(of source: any ListViewSource) -> [Int] {
        (0..<max(0, source.numberOfSections)).map { source.numberOfItems(in: $0) }
    }
}

/// A stand-in for `UITableView` (see `StandInListView`).
@MainActor
public final class StandInTableView: StandInListView {
    /// An empty table view; give it to an owner (`ListController(host:)`). With `viewportHeight`,
    /// only the rows in a window of that height are on screen.
    public init(viewportHeight: Double? = nil) {
        super.init(kind: .tableView)
        self.viewportHeight = viewportHeight
    }
}

/// A stand-in for `UICollectionView` (see `StandInListView`): supplementary views raise when
/// unregistered, and its validator applies the collection view's rules.
@MainActor
public final class StandInCollectionView: StandInListView {
    /// An empty collection view whose layout shows section headers and footers. With
    /// `viewportHeight`, only the rows in a window of that height are on screen.
    public init(viewportHeight: Double? = nil) {
        super.init(kind: .collectionView)
        self.viewportHeight = viewportHeight
    }
}
