#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one input, in memory from `malloc`.
///
/// Swift arrays end the process when an allocation fails; reading an input of unknown size
/// (standard input, a pipe, `/dev/zero`) must instead be able to say "not enough memory" and exit
/// with status 2. So the bytes live in a buffer this type grows with `realloc` and frees itself.
final class InputBuffer {
    private var base: UnsafeMutablePointer<UInt8>?
    private(set) var count = 0
    private(set) var capacity = 0

    /// An empty buffer; nothing is allocated until `reserve`.
    init() {}

    /// A buffer holding a copy of `bytes` (tests and in-process runs).
    convenience init(_ bytes: [UInt8]) {
        self.init()
        // Test-sized inputs: a failure here is a bug in the test, not bad input.
        precondition(reserve(bytes.count), "cannot allocate \(bytes.count) bytes")
        bytes.withUnsafeBufferPointer { source in
            if let from = source.baseAddress { base!.update(from: from, count: source.count) }
        }
        count = bytes.count
    }

    deinit { free(base) }

    /// Makes room for at least `size` bytes in total.
    /// - Returns: false, leaving the buffer as it was, when the memory is not available.
    /// - Complexity: O(count) when the buffer moves.
    func reserve(_ size: Int) -> Bool {
        guard size > capacity else { return true }
        guard let grown = realloc(base, max(size, 1)) else { return false }
        base = grown.assumingMemoryBound(to: UInt8.self)
        capacity = size
        return true
    }

    /// The free space after the bytes, for `read(2)` to fill; then `commit` what it wrote.
    var spare: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: base.map { UnsafeMutableRawPointer($0 + count) }, count: capacity - count)
    }

    /// Counts `written` more bytes of `spare` as part of the input.
    func commit(_ written: Int) {
        precondition(written >= 0 && written <= capacity - count)
        count += written
    }

    /// Calls `body` with the bytes.
    func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}
