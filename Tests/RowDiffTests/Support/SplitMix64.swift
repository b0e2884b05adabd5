import Foundation

/// SplitMix64: a tiny seedable generator with the same sequence on every platform, so a failing
/// case is reproduced from its seed alone.
struct SplitMix64: RandomNumberGenerator {
    private(set) var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }

    /// A uniformly chosen value of `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}

/// Seeds for randomized tests. Every case is derived from one `UInt64`, printed on failure:
///
///     ROWDIFF_SEED=1234 swift test --scratch-path .build-staging --filter ModelCheck
///
/// reruns exactly that case (and nothing else) in every seeded test. `ROWDIFF_BASE_SEED=n`
/// explores a different run of cases.
enum TestSeeds {
    /// The single case seed to run, from `ROWDIFF_SEED`.
    static var only: UInt64? {
        ProcessInfo.processInfo.environment["ROWDIFF_SEED"].flatMap { UInt64($0) }
    }

    /// The base of this run's case seeds, from `ROWDIFF_BASE_SEED` (default: fixed, so CI is deterministic).
    static var base: UInt64 {
        ProcessInfo.processInfo.environment["ROWDIFF_BASE_SEED"].flatMap { UInt64($0) } ?? 0x5EED_0000
    }

    /// `count` case seeds for the test named `salt` (distinct across tests), or just the
    /// `ROWDIFF_SEED` one.
    static func cases(_ count: Int, salt: UInt64) -> [UInt64] {
        if let only { return [only] }
        let start = base &+ salt &* 1_000_000
        return (0..<UInt64(count)).map { start &+ $0 }
    }

    /// How to rerun one case, for failure messages.
    static func rerun(_ seed: UInt64, filter: String) -> String {
        "seed \(seed) (rerun: ROWDIFF_SEED=\(seed) swift test --scratch-path .build-staging --filter \(filter))"
    }
}
