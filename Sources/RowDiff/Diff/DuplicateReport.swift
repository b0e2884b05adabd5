/// Identities that occur more than once on one side of a diff.
///
/// Duplicates never crash a diff: the k-th occurrence in old pairs with the k-th occurrence in new
/// and the rest are deletes or inserts. They are reported here so callers can act (warn, or fall
/// back to a full reload). Every position of every duplicated identity is listed, ascending.
public struct DuplicateReport: Hashable, Sendable {
    /// Old section indices whose identity occurs more than once among old sections.
    public var oldSections: [Int]
    /// New section indices whose identity occurs more than once among new sections.
    public var newSections: [Int]
    /// Old rows whose identity occurs more than once among all old rows (old coordinates).
    public var oldItems: [ItemPath]
    /// New rows whose identity occurs more than once among all new rows (new coordinates).
    public var newItems: [ItemPath]

    /// A report listing the given positions.
    public init(oldSections: [Int] = [], newSections: [Int] = [], oldItems: [ItemPath] = [], newItems: [ItemPath] = []) {
        self.oldSections = oldSections
        self.newSections = newSections
        self.oldItems = oldItems
        self.newItems = newItems
    }

    /// True when no identity repeats on either side.
    public var isEmpty: Bool { oldSections.isEmpty && newSections.isEmpty && oldItems.isEmpty && newItems.isEmpty }
}
