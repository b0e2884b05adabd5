#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX calls of `rowdiff diff`, in one place: reading whole inputs within a size limit, and
/// writing whole buffers. Failures come back as values, never as a crash, so the command can
/// print one line and exit with status 2 whatever the input is.
enum StandardIO {
    /// The largest input `rowdiff diff` reads, per side: 1 GiB (docs/JSON.md). Regular files
    /// are checked before reading; streams (standard input, pipes, devices) stop one byte past it.
    static let maximumInputSize = 1 << 30

    /// The bytes of the file at `path`, given as the bytes the shell passed (file names are
    /// bytes on POSIX; they need not be UTF-8).
    /// - Complexity: O(file size); one allocation when the file's size is known up front.
    static func readFile(atPath path: [UInt8], limit: Int = maximumInputSize) -> Result<InputBuffer, ReadFailure> {
        let descriptor = (path + [0]).withUnsafeBufferPointer { name in
            name.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY) }
        }
        guard descriptor >= 0 else { return .failure(.system(.current())) }
        defer { _ = close(descriptor) }
        var info = stat()
        var size = 0
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
            size = Int(info.st_size)
            if size > limit { return .failure(.tooLarge(limit: limit)) }
        }
        return readAll(descriptor, expectedSize: size, limit: limit)
    }

    /// Everything on standard input, up to its end or one byte past `limit`.
    static func readStandardInput(limit: Int = maximumInputSize) -> Result<InputBuffer, ReadFailure> {
        readAll(STDIN_FILENO, expectedSize: 0, limit: limit)
    }

    /// Reads `descriptor` to its end into a buffer that grows geometrically up to `limit` + 1
    /// bytes (enough to tell "exactly the limit" from "more"); a failed allocation is reported, not
    /// fatal.
    static func readAll(_ descriptor: Int32, expectedSize: Int, limit: Int) -> Result<InputBuffer, ReadFailure> {
        let buffer = InputBuffer()
        // One more than the size, so the read that reports the end needs no growth.
        var wanted = min(max(expectedSize, (1 << 16) - 1), limit) + 1
        while true {
            if buffer.count == buffer.capacity {
                if buffer.count > limit { return .failure(.tooLarge(limit: limit)) }
                guard buffer.reserve(wanted) else { return .failure(.outOfMemory(bytes: wanted)) }
                wanted = min(wanted.multipliedReportingOverflow(by: 2).partialValue, limit + 1)
            }
            let spare = buffer.spare
            let got = read(descriptor, spare.baseAddress!, spare.count)
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(.system(.current()))
            }
            if got == 0 { return .success(buffer) }
            buffer.commit(got)
            if buffer.count > limit { return .failure(.tooLarge(limit: limit)) }
        }
    }

    /// Writes all of `bytes` to `descriptor`.
    /// - Returns: the system's reason when a write fails (a full disk, a closed descriptor).
    @discardableResult
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Result<Void, SystemReason> {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Darwin)
                let written = Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #elseif canImport(Glibc)
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                let written = Musl.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    return .failure(.current())
                }
                offset += written
            }
            return .success(())
        }
    }
}

/// Why an input could not be read.
enum ReadFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// A system call failed.
    case system(SystemReason)
    /// The input is larger than `limit` bytes.
    case tooLarge(limit: Int)
    /// The buffer for the input could not grow to `bytes` bytes.
    case outOfMemory(bytes: Int)

    var description: String {
        switch self {
        case .system(let reason): return reason.description
        case .tooLarge(let limit): return "input larger than the limit of \(ByteCount(limit)) (see docs/JSON.md)"
        case .outOfMemory(let bytes): return "not enough memory to read the input (\(ByteCount(bytes)) needed)"
        }
    }
}

/// Why a system call failed, in the system's words.
struct SystemReason: Error, Hashable, Sendable, CustomStringConvertible {
    var description: String

    static func current() -> SystemReason {
        SystemReason(description: String(cString: strerror(errno)))
    }
}

/// A size for messages: "1 GiB", "64 MiB", "1500 bytes" (whole units only when exact).
struct ByteCount: CustomStringConvertible {
    var bytes: Int
    init(_ bytes: Int) { self.bytes = bytes }

    var description: String {
        for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where bytes >= 1 << shift {
            if bytes == (bytes >> shift) << shift { return "\(bytes >> shift) \(unit)" }
        }
        return "\(bytes) bytes"
    }
}
