#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks, before parsing and again before diffing, that the next phase can get its memory.
///
/// Parsing, diffing and staging allocate through Swift collections, which end the process when an
/// allocation fails. Rather than abort halfway with a backtrace, `rowdiff diff` first asks the
/// allocator once for an upper bound of what the next phase can need and gives it straight back:
/// under `ulimit -v`, a container's memory limit with strict overcommit, or on a machine that is
/// simply too small, the request fails and the command exits with status 2 and one line instead.
///
/// The bounds come from measured peaks (release build, 2026-11-23, this repository's CI machine
/// kind), with a margin:
/// - parsing and decoding cost at most 39 bytes per input byte (`[0,0,…]`, two bytes per row),
///   10–23 for numbers, strings, objects, nested arrays and wide objects;
/// - the diff, its stages, patch and output then cost at most 257 bytes per row or section
///   (`[0,0,…]` against `[1,1,…]`: every row deleted and inserted), 145–164 for shuffled or
///   changed rows.
enum MemoryBudget {
    /// Upper bound of parsing and decoding memory per input byte, both sides together.
    static let bytesPerInputByte = 48
    /// Upper bound of diffing, staging and output memory per row or section, both sides together.
    static let bytesPerElement = 384

    /// The memory parsing `inputBytes` bytes (both sides) may need.
    static func parsing(inputBytes: Int) -> Int { scaled(inputBytes, by: bytesPerInputByte) }

    /// The memory diffing `elements` rows and sections (both sides) may need, once parsed.
    static func diffing(elements: Int) -> Int { scaled(elements, by: bytesPerElement) }

    private static func scaled(_ count: Int, by factor: Int) -> Int {
        let (product, overflow) = count.multipliedReportingOverflow(by: factor)
        return overflow ? Int.max : product
    }

    /// True when `bytes` can be allocated now. The address space is reserved and released at once;
    /// pages are never touched, so this costs no real memory. It asks the kernel directly (`mmap`,
    /// which is what the allocator does for blocks this large): the limits that matter — `ulimit -v`
    /// and strict overcommit — are the kernel's, and a sanitizer's allocator would treat an absurd
    /// `malloc` size as a fatal error instead of returning nil.
    static func isAvailable(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        let probe = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1, 0)
        guard let probe, probe != MAP_FAILED else { return false }
        munmap(probe, bytes)
        return true
    }
}
