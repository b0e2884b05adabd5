extension RowKind {
    /// A kind equal only to the kinds made from the same `stamp`, named after `type`.
    ///
    /// RowDiffDataSources' snapshot rows use it to mark a row for reloading in one apply: staging
    /// reloads an updated row whose kind changed, and a kind made from a stamp never used before
    /// (each apply's render draws the next number of a process-wide counter) differs from every
    /// kind an older row can carry, including another apply's reload kind. Names cannot do this
    /// without interning a new name per apply for the life of the process; a number needs no
    /// object, so the rows that carry it stay plain values (copied as bytes, with no reference
    /// count), and a stamped kind never equals a type's or a name's kind.
    /// - Complexity: O(1).
    @inlinable
    package init(stamp: UInt64, named type: Any.Type) {
        identity = .stamped(stamp)
        typeBox = TypeBox(type)
    }
}
