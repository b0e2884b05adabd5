/// One batch update, as handed to `UITableView.performBatchUpdates` or
/// `UICollectionView.performBatchUpdates`.
///
/// The order of calls inside a batch does not matter to UIKit: deletes, reloads, reconfigures and
/// move sources are in the coordinates the view had before the batch (old); inserts and move
/// destinations are in the coordinates the data source reports after it (new).
public struct BatchUpdate: Hashable, Sendable {
    /// Sections to delete (old indices).
    public var sectionDeletes: [Int]
    /// Sections to insert (new indices).
    public var sectionInserts: [Int]
    /// Sections to move (old index → new index).
    public var sectionMoves: [Move<Int>]
    /// Sections to reload (old indices): UIKit deletes and re-inserts them.
    public var sectionReloads: [Int]
    /// Rows to delete (old coordinates).
    public var itemDeletes: [ItemPath]
    /// Rows to insert (new coordinates).
    public var itemInserts: [ItemPath]
    /// Rows to move (old → new coordinates).
    public var itemMoves: [Move<ItemPath>]
    /// Rows to reload (old coordinates): UIKit replaces the cell with a new one.
    public var itemReloads: [ItemPath]
    /// Rows to reconfigure (old coordinates; iOS 15+): the existing cell is configured again.
    public var itemReconfigures: [ItemPath]

    /// A batch with the given operations; every list defaults to empty.
    public init(
        sectionDeletes: [Int] = [], sectionInserts: [Int] = [], sectionMoves: [Move<Int>] = [],
        sectionReloads: [Int] = [], itemDeletes: [ItemPath] = [], itemInserts: [ItemPath] = [],
        itemMoves: [Move<ItemPath>] = [], itemReloads: [ItemPath] = [], itemReconfigures: [ItemPath] = []
    ) {
        self.sectionDeletes = sectionDeletes
        self.sectionInserts = sectionInserts
        self.sectionMoves = sectionMoves
        self.sectionReloads = sectionReloads
        self.itemDeletes = itemDeletes
        self.itemInserts = itemInserts
        self.itemMoves = itemMoves
        self.itemReloads = itemReloads
        self.itemReconfigures = itemReconfigures
    }

    /// True when the batch holds no operation.
    public var isEmpty: Bool {
        sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty && sectionReloads.isEmpty
            && itemDeletes.isEmpty && itemInserts.isEmpty && itemMoves.isEmpty && itemReloads.isEmpty
            && itemReconfigures.isEmpty
    }

    /// The number of operations in the batch.
    public var operationCount: Int {
        sectionDeletes.count + sectionInserts.count + sectionMoves.count + sectionReloads.count
            + itemDeletes.count + itemInserts.count + itemMoves.count + itemReloads.count + itemReconfigures.count
    }
}
