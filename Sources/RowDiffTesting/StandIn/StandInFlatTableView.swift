import RowDiffDataSources
/// A flat table for every platform that behaves as `NSTableView` does for what a `FlatTableHost`
/// relies on: rows asked from the host (group rows, views made by identifier and reused, titles),
/// updates applied step by step, each relative to the previous one, with new and reloaded rows'
/// views asked for once the group ends (`endUpdates()`), selection that follows the rows through
/// updates and is reported after each change (programmatic deselection included), row actions,
/// and drag reorder (single rows, dropped in the gap above a row).
///
/// Give it to an owner through a host: `ListController(host: FlatTableHost(view: table))`.
/// Without a viewport every row is on screen; with one (`init(viewportHeight:)`) it scrolls as
/// `NSTableView` in its scroll view does (StandInFlatTableView+Scrolling.swift): rows have the
/// heights the host gives (the table's `rowHeight` otherwise), asked when a row comes and kept
/// until it is reloaded; the offset stays when rows change, within the content. Views are made
/// for every row, on screen or not. After every update and reload it checks that
/// the table has the host's number of rows, that group rows are where the host says, and that
/// each view shows its row's or section's current content (`ListViewSource.isShowingCurrentContent`);
/// what went wrong is in `problems`. A view that cannot be made is recorded in `dequeueFailures`
/// (AppKit does not raise: the row stays empty).
///
/// - Complexity: an update costs O(rows) plus one view per new or reloaded row.
@MainActor
public final class StandInFlatTableView: FlatTableView {
    /// One row as the table shows it.
    public struct Row {
        /// The row's view (a cell, a typed header, or nil for a title or nothing).
        public var view: StandInView?
        /// Whether the table draws it as a group row.
        public var isGroupRow: Bool
        /// The title a group or footer row without a view shows.
        public var title: String?
    }

    public weak var host: FlatTableHost?
    /// Whether the table is on screen; the renderer reloads while it is not.
    public var isVisible = true
    /// Whether the user can select several rows (command-click).
    public var allowsMultipleSelection = false
    /// The cell views of the table's own nib (Interface Builder): identifier → class.
    public var prototypes: [String: StandInView.Type] = [:]
    /// The nibs of the bundle: nib name → the class of its one view.
    public var nibs: [String: StandInView.Type] = [:]

    /// The rows, top to bottom.
    public private(set) var rows: [Row] = []
    public private(set) var selectedRows: Set<Int> = []
    /// Every update applied, in order.
    public private(set) var updates: [[FlatListStep]] = []
    /// The number of `reloadData` calls.
    public private(set) var reloadCount = 0
    /// The number of views made (not reused).
    public private(set) var madeViewCount = 0
    /// Registrations received, in order.
    public private(set) var registrations: [(element: ListElement, reuseIdentifier: String)] = []
    /// Views that could not be made.
    public private(set) var dequeueFailures: [DequeueFailure] = []
    /// The number of selection changes the table reported to its host.
    public private(set) var selectionNotifications = 0
    /// Updates that did not fit the rows, wrong group rows, stale views, failed views.
    public private(set) var problems: [String] = []

    /// The height of a row the host gives none (`NSTableView.rowHeight`); changing it lays the
    /// rows out again at the next reload.
    public var rowHeight = 24.0
    /// The visible area's height (the clip view's); nil: every row is on screen and the table
    /// does not scroll.
    public var viewportHeight: Double? {
        didSet { constrainOffset() }
    }
    /// The scroll view's content insets (a toolbar above the rows, say): the content can rest
    /// `topInset` below the top of the visible area and `bottomInset` above its bottom.
    public var topInset = 0.0 {
        didSet { constrainOffset() }
    }
    /// See `topInset`.
    public var bottomInset = 0.0 {
        didSet { constrainOffset() }
    }
    /// The number of row heights asked of the host.
    public internal(set) var heightQueryCount = 0

    /// The rows' heights as the table knows them, laid out as one section.
    var geometry = StandInGeometry()
    /// The clip view's bounds origin.
    var offset = 0.0

    private var registered: [String: ViewRegistration.Source] = [:]
    private var pool: [String: [StandInView]] = [:]

    /// An empty table; give it to a `FlatTableHost`. With `viewportHeight` it shows that much of
    /// its rows and scrolls; without, every row is on screen.
    public init(viewportHeight: Double? = nil) {
        self.viewportHeight = viewportHeight
    }

    // MARK: FlatTableView

    public func register(_ registration: ViewRegistration) {
        registered[registration.reuseIdentifier] = registration.source
        registrations.append((registration.element, registration.reuseIdentifier))
    }

    public func makeView(_ element: ListElement, reuseIdentifier: String) -> AnyObject? {
        if let reused = pool[reuseIdentifier]?.popLast() {
            reused.reuseCount += 1
            reused.prepareForReuse()
            return reused
        }
        let type: StandInView.Type
        switch registered[reuseIdentifier] {
        case .viewClass(let viewClass)?:
            guard let standIn = viewClass as? StandInView.Type else { return fail(element, reuseIdentifier, .notAStandInView) }
            type = standIn
        case .nib(let name, _, let viewClass)?:
            guard let inNib = nibs[name] else { return fail(element, reuseIdentifier, .nibNotFound(name)) }
            guard ObjectIdentifier(inNib) == ObjectIdentifier(viewClass) else {
                return fail(element, reuseIdentifier, .nibHoldsAnotherClass(name))
            }
            type = inNib
        case .plain?:
            type = StandInView.self
        case .prototype?, nil:
            guard let prototype = prototypes[reuseIdentifier] else { return fail(element, reuseIdentifier, .unregistered) }
            type = prototype
        }
        let view = type.init()
        view.reuseIdentifier = reuseIdentifier
        madeViewCount += 1
        return view
    }

    private func fail(_ element: ListElement, _ identifier: String, _ reason: DequeueFailure.Reason) -> AnyObject? {
        let failure = DequeueFailure(element: element, reuseIdentifier: identifier, reason: reason, raisesInUIKit: false)
        dequeueFailures.append(failure)
        problems.append(failure.description)
        return nil
    }

    public func reloadData() {
        reloadCount += 1
        for row in rows { enqueue(row.view) }
        rows = []
        guard let host else { return }
        rows = (0..<host.numberOfRows).map { makeRow($0, host) }
        // NSTableView keeps the selection of rows that still exist, and its scroll position.
        selectedRows = selectedRows.filter { $0 < rows.count }
        layOut(rows.indices.map { askHeight($0, host) })
        check("after reloadData")
    }

    public func performUpdates(_ steps: [FlatListStep]) {
        updates.append(steps)
        let label = "update \(updates.count - 1)"
        // nil: a row whose view is asked for at the end of the group.
        var slots: [Row?] = rows
        // The heights the table keeps (moved rows keep theirs); nil: asked at the end of the group.
        var heights: [Double?] = geometry.rowHeights
        if heights.count != slots.count { heights = Array(repeating: nil, count: slots.count) }
        var freed: [StandInView?] = []
        // Reloaded rows' group style by position; the host's reloads come last, at final positions.
        var reloadedGroupRows: [Int: Bool] = [:]
        for step in steps {
            switch step {
            case .insert(let range, _):
                guard range.lowerBound >= 0, range.lowerBound <= slots.count else { return misfit(step, label) }
                slots.insert(contentsOf: repeatElement(nil, count: range.count), at: range.lowerBound)
                heights.insert(contentsOf: repeatElement(nil, count: range.count), at: range.lowerBound)
                selectedRows = Set(selectedRows.map { $0 >= range.lowerBound ? $0 + range.count : $0 })
            case .remove(let range, _):
                guard range.lowerBound >= 0, range.upperBound <= slots.count else { return misfit(step, label) }
                freed.append(contentsOf: slots[range].map { $0?.view })
                slots.removeSubrange(range)
                heights.removeSubrange(range)
                selectedRows = Set(selectedRows.compactMap { range.contains($0) ? nil : $0 >= range.upperBound ? $0 - range.count : $0 })
            case .move(let from, let to):
                guard slots.indices.contains(from), to >= 0, to < slots.count else { return misfit(step, label) }
                slots.insert(slots.remove(at: from), at: to)
                heights.insert(heights.remove(at: from), at: to)
                selectedRows = Set(selectedRows.map { FlatListStep.position(of: $0, after: [step]) ?? $0 })
            case .reload(let range):
                guard range.lowerBound >= 0, range.upperBound <= slots.count else { return misfit(step, label) }
                for index in range {
                    // The row view stays (and with it the group style); only its views are asked again.
                    if let row = slots[index] {
                        freed.append(row.view)
                        reloadedGroupRows[index] = row.isGroupRow
                    }
                    slots[index] = nil
                    // NSTableView keeps a reloaded row's height; the adapter then notes it changed
                    // (`noteHeightOfRows(withIndexesChanged:)`), and the table asks it again.
                    heights[index] = nil
                }
            }
        }
        guard let host else { return }
        guard slots.count == host.numberOfRows else {
            problems.append("\(label): the table has \(slots.count) rows, the host \(host.numberOfRows)")
            rows = slots.map { $0 ?? Row(view: nil, isGroupRow: false, title: nil) }
            return reloadData()
        }
        for view in freed { enqueue(view) }
        rows = slots.enumerated().map { index, slot in
            if let slot { return slot }
            let row = makeRow(index, host)
            if let wasGroup = reloadedGroupRows[index], wasGroup != row.isGroupRow {
                problems.append("\(label): reloading row \(index) changed whether it is a group row (NSTableView keeps the row view)")
            }
            return row
        }
        // The clip view keeps its bounds origin: content changed above it moves what is on screen.
        layOut(heights.enumerated().map { index, height in height ?? askHeight(index, host) })
        check("after \(label)")
    }

    private func misfit(_ step: FlatListStep, _ label: String) {
        problems.append("\(label): \(step) does not fit the table's rows (NSTableView raises)")
        reloadData()
    }

    public func deselectRow(_ row: Int) {
        guard selectedRows.remove(row) != nil else { return }
        notifySelection()
    }

    // MARK: Checks

    private func makeRow(_ index: Int, _ host: FlatTableHost) -> Row {
        let isGroup = host.isGroupRow(index)
        let view = host.view(forRow: index) as? StandInView
        return Row(view: view, isGroupRow: isGroup, title: view == nil ? host.title(forRow: index) : nil)
    }

    private func enqueue(_ view: StandInView?) {
        guard let view, let identifier = view.reuseIdentifier else { return }
        pool[identifier, default: []].append(view)
    }

    /// Every row must be what the host says it is and show its current content.
    private func check(_ when: String) {
        guard let host, let source = host.source else { return }
        for (index, row) in rows.enumerated() {
            switch host.row(at: index) {
            case .item(let path):
                if row.isGroupRow { problems.append("\(when): row \(index) is drawn as a group row but shows \(path)") }
                guard let view = row.view else {
                    problems.append("\(when): no view at row \(index) \(path)")
                    continue
                }
                if !source.isShowingCurrentContent(view, for: .cell, at: path) {
                    problems.append("\(when): the view at row \(index) \(path) shows stale or other content")
                }
            case .header(let section):
                if !row.isGroupRow { problems.append("\(when): row \(index) is section \(section)'s group row but drawn as a row") }
                if let view = row.view {
                    if !source.isShowingCurrentContent(view, for: .header, at: ItemPath(section: section, item: 0)) {
                        problems.append("\(when): the header view of section \(section) shows stale content")
                    }
                } else if row.title != source.title(for: .header, in: section) {
                    problems.append("\(when): the group row of section \(section) shows a stale title")
                }
            case .footer(let section):
                if row.isGroupRow { problems.append("\(when): row \(index) is section \(section)'s footer row but drawn as a group row") }
                if let view = row.view {
                    if !source.isShowingCurrentContent(view, for: .footer, at: ItemPath(section: section, item: 0)) {
                        problems.append("\(when): the footer view of section \(section) shows stale content")
                    }
                } else if row.title != source.title(for: .footer, in: section) {
                    problems.append("\(when): the footer row of section \(section) shows a stale title")
                }
            case nil:
                problems.append("\(when): row \(index) is beyond the host's \(host.numberOfRows) rows")
            }
        }
        if rows.count != host.numberOfRows { problems.append("\(when): \(rows.count) rows, the host has \(host.numberOfRows)") }
        if geometry.rowHeights.count != rows.count {
            problems.append("\(when): \(geometry.rowHeights.count) row heights for \(rows.count) rows")
        }
    }

    private func notifySelection() {
        selectionNotifications += 1
        host?.selectionDidChange(to: selectedRows)
    }

    // MARK: The user

    /// The user clicks `row`: it becomes the selection when the host allows it
    /// (`tableView(_:shouldSelectRow:)`); with `extending` (command-click, multiple selection) it
    /// is toggled instead. Returns whether the selection changed.
    @discardableResult
    public func userClicks(_ row: Int, extending: Bool = false) -> Bool {
        guard let host, rows.indices.contains(row) else { return false }
        if extending && allowsMultipleSelection && selectedRows.contains(row) {
            selectedRows.remove(row)
            notifySelection()
            return true
        }
        guard host.shouldSelectRow(row) else { return false }
        let new: Set<Int> = extending && allowsMultipleSelection ? selectedRows.union([row]) : [row]
        guard new != selectedRows else { return false }
        selectedRows = new
        notifySelection()
        return true
    }

    /// The user opens the context menu of `row` (a secondary click; `NSTableView.clickedRow` is
    /// `row`): the menu the host builds, nil when the table shows none.
    public func userOpensContextMenu(onRow row: Int) -> ContextMenu? {
        guard rows.indices.contains(row) else { return nil }
        return host?.contextMenu(forRow: row)
    }

    /// The app selects `rows` (`selectRowIndexes(_:byExtendingSelection: false)`): they become the
    /// selection, whatever the host allows the user, and the change is reported as AppKit posts
    /// `selectionDidChangeNotification` for it. Rows out of range are ignored.
    public func selectRows(_ rows: Set<Int>) {
        let new = rows.filter(self.rows.indices.contains)
        guard new != selectedRows else { return }
        selectedRows = new
        notifySelection()
    }

    /// The row actions a swipe from `edge` reveals on `row` (none: the table shows nothing).
    public func userSwipes(_ edge: SwipeEdge, on row: Int) -> SwipeActions? { host?.rowActions(edge, forRow: row) }

    /// The user drags `row` and drops it in the gap above `target` (`rows.count`: below the last
    /// row); `on: true` proposes a drop onto `target` instead, which the host retargets. The
    /// table moves the row only if the host validated the drop and the owner accepted it. Returns
    /// whether the row moved.
    @discardableResult
    public func userDrags(_ row: Int, toAbove target: Int, on: Bool = false) -> Bool {
        userDrags(rows: [row], toAbove: target, on: on)
    }

    /// The user drags several selected rows at once (RowDiff drops single rows only).
    @discardableResult
    public func userDrags(rows dragged: Set<Int>, toAbove target: Int, on: Bool = false) -> Bool {
        guard let host else { return false }
        let draggable = dragged.filter { host.canDragRow($0) }
        guard !draggable.isEmpty else { return false }
        host.beginDrag(rows: draggable)
        defer { host.endDrag() }
        let gap = on ? host.dropRow(forDropOn: target) : target
        guard host.move(forDropAbove: gap) != nil else { return false }
        return host.acceptDrop(above: gap)
    }
}
