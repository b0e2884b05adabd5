/// A row type of this package's own modules whose diff reads matched pairs where the rows are
/// stored: the diffable data source's and the SwiftUI path's rows, which are generic over an app's
/// types, so their diff runs in code no module specialises (there, every read of a whole row is a
/// copy through its value witnesses, its references retained and released).
///
/// `package`, not `public`: it speaks of memory layout, which apps never see. A user's `Diffable`
/// type is diffed through `diffIdentity` and `isContentEqual(to:)` alone.
@usableFromInline
package protocol InPlaceRow: Diffable {
    /// The byte offset in the row of a stored property that holds `diffIdentity` unchanged,
    /// from `MemoryLayout<Self>.offset(of:)` (SE-0210), never from a layout the language does not
    /// promise; nil when there is none. A diff fingerprints and compares identities there.
    /// - Complexity: O(1), a key path's instantiation; asked once per diff.
    static var storedIdentityOffset: Int? { get }

    /// Whether the content of a matched pair differs (`!old.isContentEqual(to: new)`), read where
    /// the rows are stored.
    /// - Complexity: O(1); called once per matched pair.
    static func contentChanged(_ old: UnsafePointer<Self>, _ new: UnsafePointer<Self>) -> Bool
}

/// How a diff compares its matched pairs: through `InPlaceRow` where the row type is one, with
/// its identity's offset looked up once; otherwise through `diffIdentity` and `isContentEqual(to:)`.
@usableFromInline
struct MatchedPairs<Row: Diffable> {
    @usableFromInline let inPlace: (any InPlaceRow.Type)?
    @usableFromInline let identityOffset: Int?

    @inlinable
    init(inPlace: (any InPlaceRow.Type)?, identityOffset: Int?) {
        self.inPlace = inPlace
        self.identityOffset = identityOffset
    }

    /// Whether the pair's identities are equal (only asked when `checksIdentities`; true
    /// otherwise) and whether its content changed (only when `comparesContent`; false otherwise).
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    func compare(
        _ old: UnsafePointer<Row>, _ new: UnsafePointer<Row>, checksIdentities: Bool, comparesContent: Bool
    ) -> (identitiesEqual: Bool, contentChanged: Bool) {
        guard let inPlace else {
            let old = old.pointee, new = new.pointee
            if checksIdentities && old.diffIdentity != new.diffIdentity { return (false, false) }
            return (true, comparesContent && !old.isContentEqual(to: new))
        }
        if checksIdentities {
            if let identityOffset {
                let oldID = (UnsafeRawPointer(old) + identityOffset).assumingMemoryBound(to: Row.DiffIdentity.self)
                let newID = (UnsafeRawPointer(new) + identityOffset).assumingMemoryBound(to: Row.DiffIdentity.self)
                if oldID.pointee != newID.pointee { return (false, false) }
            } else if old.pointee.diffIdentity != new.pointee.diffIdentity {
                return (false, false)
            }
        }
        return (true, comparesContent && Self.contentChanged(inPlace, UnsafeRawPointer(old), UnsafeRawPointer(new)))
    }

    /// `R.contentChanged` of two rows of type `Row`, which is `R` (the caller's cast succeeded).
    @inlinable @inline(__always)
    static func contentChanged<R: InPlaceRow>(_: R.Type, _ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
        R.contentChanged(old.assumingMemoryBound(to: R.self), new.assumingMemoryBound(to: R.self))
    }
}

/// A metatype and an offset: immutable values, safe to share between the diff's two threads.
extension MatchedPairs: @unchecked Sendable {}
