/// Where a row type generic over an app's identity type keeps that identity: as its last stored
/// property, after fields of fixed types. Code not specialised for the row type (a diff run by a
/// generic renderer) then finds the identity from its own type's alignment, without looking up
/// the row type's metadata for its field offsets on every row.
enum LastStoredField {
    /// The offset of a last stored property of type `Field` in a struct whose earlier stored
    /// properties end at `prefix` bytes. Swift lays a struct's stored properties out in the order
    /// they are declared, each at the next offset its alignment allows; the row types' tests
    /// check the result against `MemoryLayout.offset(of:)` for identities of every alignment.
    /// - Complexity: O(1).
    @inline(__always)
    static func offset<Field>(after prefix: Int, of _: Field.Type) -> Int {
        let alignment = MemoryLayout<Field>.alignment
        return (prefix + alignment - 1) & ~(alignment - 1)
    }

    /// The last stored property, of type `Field`, of the struct at `row`, whose earlier stored
    /// properties end at `prefix` bytes (see `offset(after:of:)`), where it is stored.
    /// - Complexity: O(1).
    @inline(__always)
    static func pointer<Row, Field>(to _: Field.Type, in row: UnsafePointer<Row>, after prefix: Int) -> UnsafePointer<Field> {
        (UnsafeRawPointer(row) + offset(after: prefix, of: Field.self)).assumingMemoryBound(to: Field.self)
    }
}
