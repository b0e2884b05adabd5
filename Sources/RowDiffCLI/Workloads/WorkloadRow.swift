import Foundation
import RowDiff

// Shared by `rowdiff bench`, the tests and the Benchmarks package (which compiles this folder
// through a symbolic link), so it imports nothing but Foundation and RowDiff.

/// A row of the benchmark workloads: a random 16-byte identity and an `Equatable` content field,
/// the shape of a typical app model (`Identifiable & Equatable`, so RowDiff uses `id` as identity
/// and `==` as content equality).
struct WorkloadRow: Identifiable, Hashable, Sendable, Diffable {
    var id: UUID
    /// Stands in for the displayed fields; an edit changes it.
    var content: Int
}

/// A section header of the sectioned workload: identity and header content.
struct WorkloadHeader: Identifiable, Hashable, Sendable, Diffable {
    var id: UUID
    var content: Int
}

typealias WorkloadSection = ListSection<WorkloadHeader, WorkloadRow>

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast and fully specified, so a seed gives the same
/// workloads on every platform and Swift version (the system generator is not seedable).
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly random index in 0..<bound (bound > 0), without modulo bias.
    mutating func index(below bound: Int) -> Int { Int(next(upperBound: UInt64(bound))) }

    /// A random identity: 16 random bytes (not a version-4 UUID; the identity's bits are all that matter).
    mutating func uuid() -> UUID {
        let a = next(), b = next()
        return withUnsafeBytes(of: (a, b)) { bytes in
            UUID(uuid: bytes.load(as: uuid_t.self))
        }
    }

    mutating func row() -> WorkloadRow { WorkloadRow(id: uuid(), content: Int(truncatingIfNeeded: next())) }

    mutating func rows(_ count: Int) -> [WorkloadRow] { (0..<count).map { _ in row() } }

    /// Fisher–Yates over `range` of `array`, spelled out so the order never depends on the
    /// standard library's shuffle algorithm.
    mutating func shuffle<T>(_ array: inout [T], in range: Range<Int>) {
        guard range.count > 1 else { return }
        for i in stride(from: range.upperBound - 1, to: range.lowerBound, by: -1) {
            array.swapAt(i, range.lowerBound + index(below: i - range.lowerBound + 1))
        }
    }

    /// `count` distinct indices from 0..<bound, ascending (a partial Fisher–Yates over a lazy map).
    mutating func distinctIndices(_ count: Int, below bound: Int) -> [Int] {
        precondition(count <= bound, "more indices than positions")
        var swapped = [Int: Int]()
        var picked = [Int]()
        picked.reserveCapacity(count)
        for i in 0..<count {
            let j = i + index(below: bound - i)
            let atJ = swapped[j] ?? j
            swapped[j] = swapped[i] ?? i
            picked.append(atJ)
        }
        return picked.sorted()
    }
}
