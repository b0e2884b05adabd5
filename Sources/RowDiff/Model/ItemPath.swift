/// The position of a row: a section index and a row (item) index within that section.
///
/// Whether a path is in old or new coordinates is stated by the property that holds it.
/// UIKit adapters convert it to `IndexPath`; the engine uses this two-word value because it is
/// cheaper to hash, compare and store than `IndexPath`.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section index.
    public var section: Int
    /// The row index within the section.
    public var item: Int

    /// A path to row `item` of section `section`.
    @inlinable
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Section-major order.
    @inlinable
    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
    }

    public var description: String { "(\(section), \(item))" }
}

/// A move of one element: `from` in old coordinates, `to` in new coordinates.
public struct Move<Index: Hashable & Sendable>: Hashable, Sendable {
    /// The position before the change (old coordinates).
    public var from: Index
    /// The position after the change (new coordinates).
    public var to: Index

    /// A move from `from` (old) to `to` (new).
    @inlinable
    public init(from: Index, to: Index) {
        self.from = from
        self.to = to
    }
}

extension Move: CustomStringConvertible {
    public var description: String { "\(from)→\(to)" }
}
