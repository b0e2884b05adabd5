extension RowKind {
    /// A kind equal only to the kinds made from the same `anchor` object, named after `type`.
    ///
    /// RowDiffDataSources' snapshot rows use it to mark a row for reloading in one apply: staging
    /// reloads an updated row whose kind changed, and a kind made from a fresh object differs from
    /// every kind an older row can carry, including another apply's reload kind. Names cannot do
    /// this without interning a new name per apply for the life of the process.
    ///
    /// The caller keeps `anchor` alive as long as any value carrying the kind: the kind holds only
    /// the object's address, which a later object may reuse once this one is freed. An address of
    /// a live object is never a type's metadata, so such a kind never equals a type's kind.
    /// - Complexity: O(1).
    @inlinable
    package init(anchor: AnyObject, named type: Any.Type) {
        identity = .type(ObjectIdentifier(anchor))
        typeBox = TypeBox(type)
    }
}
