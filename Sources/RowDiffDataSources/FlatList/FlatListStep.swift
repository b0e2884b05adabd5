/// One operation on a flat table, as `NSTableView` takes them between `beginUpdates()` and
/// `endUpdates()`: each applies to the rows left by the previous one (`insertRows(at:)` names the
/// rows' final positions, `moveRow(at:to:)` removes a row and re-inserts it so that it ends at `to`).
public enum FlatListStep: Hashable, Sendable {
    /// New rows at `rows` (positions after the insert), with `animation`.
    case insert(Range<Int>, animation: RowAnimation)
    /// The rows at `rows` go away, with `animation`.
    case remove(Range<Int>, animation: RowAnimation)
    /// The row at `from` goes to `to` (its position once moved); the view keeps its row view.
    case move(from: Int, to: Int)
    /// The rows at `rows` show new content: the view asks for their views again.
    case reload(Range<Int>)
}

extension FlatListStep {
    /// Translates `steps` (a sequential patch of a sectioned model laid out as `layout`) into
    /// flat operations, tracking the sections' sizes as the steps apply. A section's steps become
    /// ranges of flat rows: deleting it removes its group row, the rows it still holds and its
    /// footer row, inserting it inserts its group and footer rows (its rows follow as their own
    /// steps, between them), moving it moves each of its rows (`NSTableView` moves one row at a
    /// time, keeping their views), reloading it reloads its group and footer rows (its rows have
    /// their own update steps).
    ///
    /// - Returns: the flat steps and the layout they leave; nil when a step does not fit the model
    ///   it applies to (the view should then reload).
    /// - Complexity: O(steps × log sections) for row steps, plus O(sections) per section step and,
    ///   for a section move, one step per row it holds.
    public static func steps(
        translating steps: [SequentialStep], from layout: FlatListLayout, animations: TableAnimations = .automatic
    ) -> (steps: [FlatListStep], layout: FlatListLayout)? {
        var sizes = SectionSizes(counts: layout.counts, groupRows: layout.groupRows, footerRows: layout.footerRows)
        var flat: [FlatListStep] = []
        flat.reserveCapacity(steps.count)
        let headerRows = layout.groupRows ? 1 : 0
        let footerRows = layout.footerRows ? 1 : 0
        for step in steps {
            switch step {
            case .deleteSection(let s):
                guard sizes.contains(section: s) else { return nil }
                let start = sizes.start(of: s)
                let length = headerRows + sizes.counts[s] + footerRows
                sizes.removeSection(at: s)
                if length > 0 { flat.append(.remove(start..<start + length, animation: animations.sections.delete)) }
            case .insertSection(let s):
                guard s >= 0, s <= sizes.counts.count else { return nil }
                sizes.insertSection(at: s)
                if headerRows + footerRows > 0 {
                    let start = sizes.start(of: s)
                    flat.append(.insert(start..<start + headerRows + footerRows, animation: animations.sections.insert))
                }
            case .moveSection(let from, let to):
                guard sizes.contains(section: from), sizes.contains(section: to) else { return nil }
                let oldStart = sizes.start(of: from)
                let length = headerRows + sizes.counts[from] + footerRows
                sizes.moveSection(from: from, to: to)
                let newStart = sizes.start(of: to)
                flat.append(contentsOf: blockMove(from: oldStart, to: newStart, length: length))
            case .reloadSection(let s):
                guard sizes.contains(section: s) else { return nil }
                let start = sizes.start(of: s)
                if headerRows > 0 { flat.append(.reload(start..<start + 1)) }
                if footerRows > 0 {
                    let footer = start + headerRows + sizes.counts[s]
                    flat.append(.reload(footer..<footer + 1))
                }
            case .deleteItem(let path):
                guard sizes.contains(path) else { return nil }
                let row = sizes.flatIndex(of: path)
                sizes.add(-1, to: path.section)
                flat.append(.remove(row..<row + 1, animation: animations.rows.delete))
            case .insertItem(let path):
                guard sizes.contains(section: path.section), path.item >= 0, path.item <= sizes.counts[path.section] else { return nil }
                sizes.add(1, to: path.section)
                let row = sizes.flatIndex(of: path)
                flat.append(.insert(row..<row + 1, animation: animations.rows.insert))
            case .moveItem(let from, let to):
                guard sizes.contains(from) else { return nil }
                let source = sizes.flatIndex(of: from)
                sizes.add(-1, to: from.section)
                guard sizes.contains(section: to.section), to.item >= 0, to.item <= sizes.counts[to.section] else { return nil }
                sizes.add(1, to: to.section)
                let destination = sizes.flatIndex(of: to)
                if source != destination { flat.append(.move(from: source, to: destination)) }
            case .reloadItem(let path):
                guard sizes.contains(path) else { return nil }
                let row = sizes.flatIndex(of: path)
                flat.append(.reload(row..<row + 1))
            }
        }
        return (flat, FlatListLayout(counts: sizes.counts, groupRows: layout.groupRows, footerRows: layout.footerRows))
    }

    /// The single-row moves that take the `length` rows at `from` to `to` (the block's start once
    /// moved), in order, each relative to the previous one.
    private static func blockMove(from: Int, to: Int, length: Int) -> [FlatListStep] {
        guard from != to, length > 0 else { return [] }
        if to < from {
            // Upwards: each row of the block, first to last, goes right after the ones already moved.
            return (0..<length).map { .move(from: from + $0, to: to + $0) }
        }
        // Downwards: the block's first row goes to the block's last slot, `length` times; each move
        // shifts the ones moved before it up by one, so they end in order.
        return Array(repeating: .move(from: from, to: to + length - 1), count: length)
    }

    /// Where the row at `row` is once `steps` have applied; nil when a step removed it (or reloaded
    /// it: it then shows something new), or when `row` is out of range of the steps.
    /// - Complexity: O(steps).
    public static func position(of row: Int, after steps: [FlatListStep]) -> Int? {
        var position = row
        for step in steps {
            switch step {
            case .insert(let rows, _):
                if position >= rows.lowerBound { position += rows.count }
            case .remove(let rows, _):
                if rows.contains(position) { return nil }
                if position >= rows.upperBound { position -= rows.count }
            case .move(let from, let to):
                if position == from {
                    position = to
                } else {
                    if position > from { position -= 1 }
                    if position >= to { position += 1 }
                }
            case .reload(let rows):
                if rows.contains(position) { return nil }
            }
        }
        return position
    }
}

/// Section sizes while steps apply: the counts, and a Fenwick tree over them so that the flat
/// index of a section's start is O(log sections) between section steps.
private struct SectionSizes {
    private(set) var counts: [Int]
    let groupRows: Bool
    /// The rows each section has besides its items: its group row and its footer row.
    let extraRows: Int
    /// Fenwick tree (1-based) over `counts`.
    private var tree: [Int]

    init(counts: [Int], groupRows: Bool, footerRows: Bool) {
        self.counts = counts
        self.groupRows = groupRows
        extraRows = (groupRows ? 1 : 0) + (footerRows ? 1 : 0)
        tree = []
        rebuild()
    }

    /// O(sections).
    private mutating func rebuild() {
        tree = [0] + counts
        let n = counts.count
        var i = 1
        while i <= n {
            let parent = i + (i & -i)
            if parent <= n { tree[parent] += tree[i] }
            i += 1
        }
    }

    func contains(section: Int) -> Bool { section >= 0 && section < counts.count }

    func contains(_ path: ItemPath) -> Bool { contains(section: path.section) && path.item >= 0 && path.item < counts[path.section] }

    /// The rows of sections `0..<section`. O(log sections).
    private func rowsBefore(_ section: Int) -> Int {
        var sum = 0
        var i = section
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }

    /// The flat index where `section` starts. O(log sections).
    func start(of section: Int) -> Int { rowsBefore(section) + extraRows * section }

    /// The flat index of the row at `path` (which may be one past the section's end). O(log sections).
    func flatIndex(of path: ItemPath) -> Int { start(of: path.section) + (groupRows ? 1 : 0) + path.item }

    /// O(log sections).
    mutating func add(_ delta: Int, to section: Int) {
        counts[section] += delta
        var i = section + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// O(sections).
    mutating func removeSection(at section: Int) {
        counts.remove(at: section)
        rebuild()
    }

    /// O(sections).
    mutating func insertSection(at section: Int) {
        counts.insert(0, at: section)
        rebuild()
    }

    /// O(sections).
    mutating func moveSection(from: Int, to: Int) {
        counts.insert(counts.remove(at: from), at: to)
        rebuild()
    }
}
