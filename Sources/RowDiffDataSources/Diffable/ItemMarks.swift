/// The items a snapshot marked with `reloadItems(_:)` or `reconfigureItems(_:)`.
///
/// Marking is a record of the call, not a set insertion: the identifiers are kept as the call gave
/// them (the array is shared, not copied or hashed), and folded into a set only when a change
/// needs one (a delete that must drop marks) or once many calls piled up. Reads that need every
/// mark (`renderedSections()`, the marked identifiers in snapshot order, equality) read both.
/// So `reloadItems` costs its presence check, as UIKit's does, and no hashing of its own.
@usableFromInline
struct ItemMarks<Item: Hashable> {
    /// Marks folded into a set.
    @usableFromInline var settled: Set<Item> = []
    /// Marks as the calls gave them, in call order; never an empty array. They may repeat each
    /// other and `settled`.
    @usableFromInline var given: [[Item]] = []

    /// More calls than this are folded into `settled`, so that reads stay O(marks).
    @usableFromInline static var foldedAfter: Int { 32 }

    @inlinable
    init() {}

    /// Whether no item is marked.
    /// - Complexity: O(1).
    @inlinable
    var isEmpty: Bool { settled.isEmpty && given.isEmpty }

    /// Marks `items`.
    /// - Complexity: O(1) amortized (O(m) hash operations once every `foldedAfter` calls).
    @inlinable
    mutating func mark(_ items: [Item]) {
        guard !items.isEmpty else { return }
        given.append(items)
        if given.count > Self.foldedAfter { settle() }
    }

    /// The marked items as one set.
    /// - Complexity: O(1) when settled; O(m) hash operations otherwise.
    @inlinable
    var set: Set<Item> {
        guard !given.isEmpty else { return settled }
        var all = settled
        for list in given { all.formUnion(list) }
        return all
    }

    /// Folds the given marks into `settled`.
    /// - Complexity: O(m) hash operations for m given marks.
    @inlinable
    mutating func settle() {
        guard !given.isEmpty else { return }
        settled = set
        given = []
    }

    /// Unmarks `items`.
    /// - Complexity: O(m + k) hash operations.
    @inlinable
    mutating func unmark(_ items: some Sequence<Item>) {
        guard !isEmpty else { return }
        settle()
        settled.subtract(items)
    }

    /// Calls `body` with every marked item, at least once each (an item marked by several calls
    /// comes several times).
    /// - Complexity: O(m).
    @inlinable
    func forEach(_ body: (Item) -> Void) {
        for item in settled { body(item) }
        for list in given {
            for item in list { body(item) }
        }
    }
}

extension ItemMarks: Equatable {
    /// The same items marked, however the calls gave them.
    /// - Complexity: O(m) hash operations (O(1) for two empty marks).
    @inlinable
    static func == (lhs: ItemMarks, rhs: ItemMarks) -> Bool {
        if lhs.isEmpty || rhs.isEmpty { return lhs.isEmpty == rhs.isEmpty }
        return lhs.set == rhs.set
    }
}
