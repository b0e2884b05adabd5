import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Peak resident memory of one call, from the kernel's own bookkeeping.
///
/// Method (Linux): return freed heap to the system (`malloc_trim(0)`), reset the peak RSS
/// (`echo 5 > /proc/self/clear_refs`), read `VmRSS` as the baseline, run, read `VmHWM`; the peak
/// is `VmHWM − baseline`. It counts pages touched, not bytes requested, so it is rounded to pages
/// and includes anything the call maps, and it misses memory reused from pages already resident.
/// Elsewhere (no /proc) it reports nil.
enum PeakMemory {
    static let method =
        "peak RSS delta: VmHWM after the call − VmRSS before it, peak reset through /proc/self/clear_refs, "
        + "malloc_trim(0) first"

    static var isAvailable: Bool { readStatus("VmHWM") != nil && resetPeak() }

    /// The peak bytes `body` added to the resident set, or nil where it cannot be measured.
    static func measure(_ body: () -> Void) -> Int? {
        trimHeap()
        guard resetPeak(), let baseline = readStatus("VmRSS") else {
            body()
            return nil
        }
        body()
        guard let peak = readStatus("VmHWM") else { return nil }
        return max(0, peak - baseline)
    }

    /// glibc's `malloc_trim(0)`, looked up at run time: Swift's Glibc module does not import
    /// <malloc.h>, and other C libraries (musl) have no such function.
    static func trimHeap() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        #endif
    }

    @discardableResult
    private static func resetPeak() -> Bool {
        #if canImport(Glibc)
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
        #else
        return false
        #endif
    }

    /// A `kB` field of /proc/self/status, in bytes.
    private static func readStatus(_ field: String) -> Int? {
        guard let text = procText("/proc/self/status") else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let number = line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
            return number.map { $0 * 1024 }
        }
        return nil
    }

    /// A /proc file's text. They report a size of 0, so whole-file readers that trust the size
    /// (`String(contentsOfFile:)`) see them empty: read until end of file instead.
    static func procText(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
