#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks, before parsing, that a diff of inputs this large can get its memory.
///
/// Parsing, diffing and staging allocate through Swift collections, which end the process when an
/// allocation fails. Rather than abort halfway with a backtrace, `rowdiff diff` first asks the
/// allocator once for an upper bound of what the run can need and gives it straight back: under
/// `ulimit -v`, a container's memory limit with strict overcommit, or on a machine that is simply
/// too small, the request fails and the command exits with status 2 and one line instead.
enum MemoryBudget {
    /// Peak memory per input byte, both sides together, rounded up from measurement: `[0,0,…]`
    /// (two bytes per row, every row a duplicate) peaks at about 68 bytes per input byte, shuffled
    /// integers at 30, objects with a string field at 17.
    static let bytesPerInputByte = 80

    /// The memory a diff of `inputBytes` bytes (both sides) may need.
    static func estimate(inputBytes: Int) -> Int {
        let (product, overflow) = inputBytes.multipliedReportingOverflow(by: bytesPerInputByte)
        return overflow ? Int.max : product
    }

    /// True when `bytes` can be allocated now. The memory is reserved and released at once; pages
    /// are never touched, so this costs no real memory.
    static func isAvailable(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        guard let probe = malloc(bytes) else { return false }
        free(probe)
        return true
    }
}
