import Foundation

/// A row type of this package's own modules whose diff reads matched pairs where the rows are
/// stored: the diffable data source's and the SwiftUI path's rows, which are generic over an app's
/// types, so their diff may run in code no module specialises (the SwiftUI path's; the diffable
/// data source's applies are specialised in the app's module). There, every
/// read of a whole row is a copy through its value witnesses, its references retained and released.
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
    /// With an identity offset, the 8-byte words an `Int` (1) or `UUID` (2) identity is compared
    /// as: their `==` is their bytes' equality, and a call of it through the protocol witness costs
    /// more than the load (code not specialised for the row). 0 for other identities (`==`).
    @usableFromInline let identityWords: Int

    @inlinable
    init(inPlace: (any InPlaceRow.Type)?, identityOffset: Int?) {
        self.inPlace = inPlace
        self.identityOffset = identityOffset
        let identity: Any.Type = Row.DiffIdentity.self
        let words = identity == Int.self ? 1 : identity == UUID.self ? 2 : 0
        identityWords = (identityOffset ?? -1) >= 0 ? words : 0
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
                let oldID = UnsafeRawPointer(old) + identityOffset, newID = UnsafeRawPointer(new) + identityOffset
                if identityWords != 0 {
                    if oldID.loadUnaligned(as: UInt64.self) != newID.loadUnaligned(as: UInt64.self)
                        || identityWords == 2
                            && oldID.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                                != newID.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    {
                        return (false, false)
                    }
                } else if oldID.assumingMemoryBound(to: Row.DiffIdentity.self).pointee
                    != newID.assumingMemoryBound(to: Row.DiffIdentity.self).pointee
                {
                    return (false, false)
                }
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
