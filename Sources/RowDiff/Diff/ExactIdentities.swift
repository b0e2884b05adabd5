/// Exact identities for the collision guard: every distinct identity gets its own number through a
/// dictionary (which compares with ==), so numbers are equal exactly when identities are equal and
/// the core's result cannot be disturbed by a collision.
@usableFromInline
enum ExactIdentities {
    /// - Complexity: O(n + m) expected.
    @inlinable
    static func number<ID: Hashable>(_ old: [ID], _ new: [ID]) -> (old: [UInt64], new: [UInt64]) {
        var numbers = [ID: UInt64](minimumCapacity: old.count + new.count)
        func numbered(_ ids: [ID]) -> [UInt64] {
            ids.map { id in
                if let number = numbers[id] { return number }
                let number = UInt64(numbers.count)
                numbers[id] = number
                return number
            }
        }
        let oldNumbers = numbered(old)
        return (oldNumbers, numbered(new))
    }
}
