#if os(Linux) && canImport(Glibc)
import Glibc
#endif
import Dispatch

/// Faults in, on another core, fresh memory the C core is about to write, while the calling
/// thread does work that does not touch it yet.
///
/// A first diff at a new size writes memory the process has never touched, and each fresh 4 KB page
/// costs a page fault (about 2 µs on the README's machine). The row maps of a large diff are
/// fresh arrays; the core writes them only after building its table from the old side, which takes
/// longer than faulting them in. So a worker asks the kernel to map them for writing
/// (`MADV_POPULATE_WRITE`, Linux 5.14 and later) meanwhile, and the core then writes mapped pages.
/// The request reads and writes no byte of the arrays (it does not race with the core's writes);
/// on pages already mapped — every diff after the first at that size — it finds nothing to do.
/// Where the request is unknown (older kernels, other systems) nothing happens.
enum Prefault {
    /// Bytes (all regions together) from which memory is faulted in ahead: below it the worker's
    /// wake-up costs about what the faults do.
    static let minimumBytes = 1 << 20

    /// Starts faulting in the pages that lie wholly inside each region, on a worker, when the
    /// regions hold at least `minimumBytes`; the caller must `wait()` on the result before the
    /// regions' memory is released. Nil when nothing was started.
    static func start(_ regions: [(start: UnsafeMutableRawPointer?, bytes: Int)]) -> DispatchGroup? {
        guard regions.reduce(0, { $0 + $1.bytes }) >= minimumBytes else { return nil }
        #if os(Linux) && canImport(Glibc)
        let pages = regions.compactMap { region -> PageRange? in
            guard let start = region.start else { return nil }
            return PageRange(start: start, bytes: region.bytes)
        }
        guard !pages.isEmpty else { return nil }
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            for range in pages { range.populate() }
        }
        return group
        #else
        return nil
        #endif
    }
}

#if os(Linux) && canImport(Glibc)
/// The whole pages of a region, as addresses: what the worker needs, and nothing it could read.
private struct PageRange: Sendable {
    let first: UInt
    let end: UInt

    init?(start: UnsafeMutableRawPointer, bytes: Int) {
        let size = sysconf(Int32(_SC_PAGESIZE))
        guard size > 0, bytes > 0 else { return nil }
        let page = UInt(size), address = UInt(bitPattern: Int(bitPattern: start))
        let first = (address + page - 1) / page * page, end = (address + UInt(bytes)) / page * page
        guard end > first else { return nil }
        self.first = first
        self.end = end
    }

    /// MADV_POPULATE_WRITE (23 in the Linux ABI; Glibc's headers name it only from 2.35).
    func populate() {
        _ = madvise(UnsafeMutableRawPointer(bitPattern: first), Int(end - first), 23)
    }
}
#endif
