/// The diff of two flat lists, with flat indices. It is a `SectionedDiff` of one section each.
///
/// ```swift
/// let diff = ListDiff(from: ["a", "b", "c"], to: ["c", "a", "b", "d"])
/// diff.moves   // [2 → 0]: one move, the minimum
/// diff.inserts // [3]
/// ```
/// - Complexity: O((n + m) log(n + m)); expected O(n + m) when few elements move.
public struct ListDiff<Row: Diffable> {
    /// The same diff as one section on each side; staging and patches come from it.
    public let sectioned: SectionedDiff<FlatSection<Row>>

    /// Diffs `old` against `new`.
    @inlinable
    public init(from old: [Row], to new: [Row], options: DiffOptions = DiffOptions()) {
        sectioned = SectionedDiff(from: [FlatSection(rows: old)], to: [FlatSection(rows: new)], options: options)
    }

    /// The old list.
    public var old: [Row] { sectioned.old[0].rows }
    /// The new list.
    public var new: [Row] { sectioned.new[0].rows }
    /// Deleted elements (old indices), ascending.
    public var deletes: [Int] { sectioned.changeset.itemDeletes.map { $0.item } }
    /// Inserted elements (new indices), ascending.
    public var inserts: [Int] { sectioned.changeset.itemInserts.map { $0.item } }
    /// Moved elements (old → new), the minimum number, sorted by destination.
    public var moves: [Move<Int>] { sectioned.changeset.itemMoves.map { Move(from: $0.from.item, to: $0.to.item) } }
    /// Matched elements whose content changed (old → new), sorted by destination.
    public var updates: [Move<Int>] { sectioned.changeset.itemUpdates.map { Move(from: $0.from.item, to: $0.to.item) } }
    /// Old indices of elements whose identity occurs more than once in old.
    public var oldDuplicates: [Int] { sectioned.duplicates.oldItems.map { $0.item } }
    /// New indices of elements whose identity occurs more than once in new.
    public var newDuplicates: [Int] { sectioned.duplicates.newItems.map { $0.item } }

    /// The new index of old element `index`, or nil if it was deleted.
    /// - Complexity: O(1).
    public func newIndex(ofOld index: Int) -> Int? { sectioned.newPath(ofOldItem: ItemPath(section: 0, item: index))?.item }
    /// The old index of new element `index`, or nil if it was inserted.
    /// - Complexity: O(1).
    public func oldIndex(ofNew index: Int) -> Int? { sectioned.oldPath(ofNewItem: ItemPath(section: 0, item: index))?.item }
}

extension ListDiff: Sendable where Row: Sendable {}
