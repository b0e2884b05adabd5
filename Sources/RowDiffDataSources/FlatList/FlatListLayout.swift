/// One row of a flat table (NSTableView): a section's group row, one of its rows, or the row
/// after them that shows its footer.
public enum FlatRow: Hashable, Sendable {
    /// The group row that shows the header of `section`.
    case header(section: Int)
    /// The row at `path` in the sectioned model.
    case item(ItemPath)
    /// The row that shows the footer of `section`, after its rows (a plain row, not a group row,
    /// and never selectable).
    case footer(section: Int)
}

/// How a sectioned list is laid out in a view that knows only one list of rows, as `NSTableView`:
/// optionally one group row per section (showing its header), followed by that section's rows,
/// optionally followed by one footer row (showing its footer).
///
/// ```
/// sections [[a, b], [], [c]] with group rows  →  H0 a b H1 H2 c
/// sections [[a, b], [], [c]] without          →  a b c
/// with group and footer rows                  →  H0 a b F0 H1 F1 H2 c F2
/// ```
///
/// Every coordinate is in the model the layout was made from; a layout never changes (make a new
/// one for a new model, or translate steps with `FlatListStep.steps(translating:from:animations:)`).
///
/// - Complexity: O(sections) to make; flat index of a path O(1); path of a flat index
///   O(log sections).
public struct FlatListLayout: Hashable, Sendable {
    /// The number of rows of each section (group rows not included).
    public let counts: [Int]
    /// Whether each section starts with a group row.
    public let groupRows: Bool
    /// Whether each section ends with a footer row.
    public let footerRows: Bool
    /// `starts[s]`: the flat index of section `s`'s first row (its group row when there is one);
    /// one more entry than sections, the last being the number of flat rows.
    private let starts: [Int]

    /// The layout of sections holding `counts` rows (negative counts are taken as empty), with a
    /// group row before each section's rows (`groupRows`) and a footer row after them (`footerRows`).
    public init(counts: [Int], groupRows: Bool = true, footerRows: Bool = false) {
        self.counts = counts.map { max(0, $0) }
        self.groupRows = groupRows
        self.footerRows = footerRows
        let extra = (groupRows ? 1 : 0) + (footerRows ? 1 : 0)
        var starts: [Int] = []
        starts.reserveCapacity(counts.count + 1)
        var next = 0
        for count in self.counts {
            starts.append(next)
            next += count + extra
        }
        starts.append(next)
        self.starts = starts
    }

    /// The layout of what `source` reports now.
    /// - Complexity: O(sections).
    @MainActor
    public init(of source: any ListViewSource, groupRows: Bool = true, footerRows: Bool = false) {
        self.init(
            counts: (0..<max(0, source.numberOfSections)).map(source.numberOfItems(in:)), groupRows: groupRows, footerRows: footerRows)
    }

    /// The number of sections.
    public var numberOfSections: Int { counts.count }

    /// The number of flat rows, group and footer rows included.
    public var numberOfRows: Int { starts[starts.count - 1] }

    /// What the flat row `row` shows; nil when out of range.
    /// - Complexity: O(log sections).
    public func row(at row: Int) -> FlatRow? {
        guard row >= 0, row < numberOfRows else { return nil }
        // The last section starting at or before `row`: empty sections without group rows share
        // their start with the next one, and the last of them is the one holding the row.
        var low = 0, high = counts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= row { low = middle } else { high = middle - 1 }
        }
        let offset = row - starts[low]
        if groupRows && offset == 0 { return .header(section: low) }
        let item = offset - (groupRows ? 1 : 0)
        if footerRows && item == counts[low] { return .footer(section: low) }
        return .item(ItemPath(section: low, item: item))
    }

    /// The flat index of the row at `path`; nil when the model has no such row.
    /// - Complexity: O(1).
    public func flatIndex(of path: ItemPath) -> Int? {
        guard path.section >= 0, path.section < counts.count, path.item >= 0, path.item < counts[path.section] else { return nil }
        return starts[path.section] + (groupRows ? 1 : 0) + path.item
    }

    /// The flat index of `section`'s group row; nil without group rows or for a section out of range.
    /// - Complexity: O(1).
    public func flatIndex(ofHeader section: Int) -> Int? {
        guard groupRows, section >= 0, section < counts.count else { return nil }
        return starts[section]
    }

    /// The flat index of `section`'s footer row; nil without footer rows or for a section out of range.
    /// - Complexity: O(1).
    public func flatIndex(ofFooter section: Int) -> Int? {
        guard footerRows, section >= 0, section < counts.count else { return nil }
        return starts[section + 1] - 1
    }

    /// The flat index where `section` starts (its group row, or where its first row is or would
    /// be); `numberOfRows` for `section == numberOfSections`; nil otherwise.
    /// - Complexity: O(1).
    public func start(ofSection section: Int) -> Int? {
        guard section >= 0, section < starts.count else { return nil }
        return starts[section]
    }
}
