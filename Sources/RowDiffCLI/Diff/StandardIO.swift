#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX calls of `rowdiff diff`, in one place: reading whole files and standard input, and
/// writing whole buffers. Failures come back as the system's reason ("No such file or directory").
enum StandardIO {
    /// The bytes of the file at `path`.
    /// - Complexity: O(file size); one allocation when the file's size is known up front.
    static func readFile(atPath path: String) -> Result<[UInt8], SystemReason> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(.current()) }
        defer { _ = close(descriptor) }
        var info = stat()
        let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
        return readAll(descriptor, expectedSize: size)
    }

    /// Everything on standard input, up to its end.
    static func readStandardInput() -> Result<[UInt8], SystemReason> {
        readAll(STDIN_FILENO, expectedSize: 0)
    }

    /// Writes all of `bytes` to standard output (`descriptor` 1) or standard error (2); gives up
    /// silently when the other end is gone (there is nowhere left to report it).
    static func write(_ bytes: [UInt8], to descriptor: Int32) {
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
                    return
                }
                offset += written
            }
        }
    }

    private static func readAll(_ descriptor: Int32, expectedSize: Int) -> Result<[UInt8], SystemReason> {
        var bytes: [UInt8] = []
        // One more than the size, so the read that reports the end needs no growth.
        bytes.reserveCapacity(expectedSize + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(.current())
            }
            if got == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[..<got])
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
