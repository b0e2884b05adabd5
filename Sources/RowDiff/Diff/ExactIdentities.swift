/// Exact identities for the collision guard: every distinct identity gets its own number through a
/// dictionary (which compares with ==), so numbers are equal exactly when identities are equal and
/// the core's result cannot be disturbed by a collision.
///
/// An identity that is not equal to itself (a NaN `Double`, or a type whose `==` says so) is equal
/// to nothing, so it is its own identity: it gets a fresh number without touching the dictionary.
/// Looking it up would never find it, and since every NaN hashes alike, each lookup would walk all
/// the earlier ones — quadratic time for a list of NaNs.
@usableFromInline
enum ExactIdentities {
    /// - Complexity: O(n + m) expected (Swift's `Dictionary` hashes with a per-process seed).
    @inlinable
    static func number<ID: Hashable>(_ old: [ID], _ new: [ID]) -> (old: [UInt64], new: [UInt64]) {
        var numbers = [ID: UInt64](minimumCapacity: old.count + new.count)
        var next: UInt64 = 0
        func numbered(_ ids: [ID]) -> [UInt64] {
            ids.map { id in
                if id != id {
                    // Equal to nothing, so never stored: no later lookup could find it.
                } else if let known = numbers[id] {
                    return known
                } else {
                    numbers[id] = next
                }
                next += 1
                return next - 1
            }
        }
        let oldNumbers = numbered(old)
        return (oldNumbers, numbered(new))
    }
}
