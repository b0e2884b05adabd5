/// The changes that turn one sectioned list into another, as index sets.
///
/// Coordinates: deletes and move sources are old positions; inserts and move destinations are new
/// positions; updates name both. Every list is sorted (moves and updates by destination).
/// Rows of deleted sections are in `itemDeletes`, rows of inserted sections in `itemInserts`; a row
/// whose old or new section is deleted or inserted is a delete plus an insert, never a move.
/// A row that moves and changes is in both `itemMoves` and `itemUpdates`.
public struct Changeset: Hashable, Sendable {
    /// Deleted sections (old indices).
    public var sectionDeletes: [Int]
    /// Inserted sections (new indices).
    public var sectionInserts: [Int]
    /// Moved sections (old → new): the fewest possible, matched sections outside a longest increasing subsequence.
    public var sectionMoves: [Move<Int>]
    /// Matched sections whose content (header, footer) changed (old → new).
    public var sectionUpdates: [Move<Int>]
    /// Deleted rows (old coordinates).
    public var itemDeletes: [ItemPath]
    /// Inserted rows (new coordinates).
    public var itemInserts: [ItemPath]
    /// Moved rows (old → new): rows that change section, and the fewest others that must move.
    public var itemMoves: [Move<ItemPath>]
    /// Matched rows whose content changed (old → new).
    public var itemUpdates: [Move<ItemPath>]

    /// A changeset with the given changes; every list defaults to empty.
    public init(
        sectionDeletes: [Int] = [], sectionInserts: [Int] = [], sectionMoves: [Move<Int>] = [],
        sectionUpdates: [Move<Int>] = [], itemDeletes: [ItemPath] = [], itemInserts: [ItemPath] = [],
        itemMoves: [Move<ItemPath>] = [], itemUpdates: [Move<ItemPath>] = []
    ) {
        self.sectionDeletes = sectionDeletes
        self.sectionInserts = sectionInserts
        self.sectionMoves = sectionMoves
        self.sectionUpdates = sectionUpdates
        self.itemDeletes = itemDeletes
        self.itemInserts = itemInserts
        self.itemMoves = itemMoves
        self.itemUpdates = itemUpdates
    }

    /// True when old and new are the same list.
    public var isEmpty: Bool {
        sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty && sectionUpdates.isEmpty
            && itemDeletes.isEmpty && itemInserts.isEmpty && itemMoves.isEmpty && itemUpdates.isEmpty
    }

    /// The number of changes of every kind together.
    public var changeCount: Int {
        sectionDeletes.count + sectionInserts.count + sectionMoves.count + sectionUpdates.count
            + itemDeletes.count + itemInserts.count + itemMoves.count + itemUpdates.count
    }

    /// The changeset from new back to old: deletes and inserts swap, moves and updates reverse.
    /// - Complexity: O(changes log changes) (lists are re-sorted by destination).
    public var inverse: Changeset {
        Changeset(
            sectionDeletes: sectionInserts, sectionInserts: sectionDeletes,
            sectionMoves: sectionMoves.map { Move(from: $0.to, to: $0.from) }.sorted { $0.to < $1.to },
            sectionUpdates: sectionUpdates.map { Move(from: $0.to, to: $0.from) }.sorted { $0.to < $1.to },
            itemDeletes: itemInserts, itemInserts: itemDeletes,
            itemMoves: itemMoves.map { Move(from: $0.to, to: $0.from) }.sorted { $0.to < $1.to },
            itemUpdates: itemUpdates.map { Move(from: $0.to, to: $0.from) }.sorted { $0.to < $1.to })
    }
}
