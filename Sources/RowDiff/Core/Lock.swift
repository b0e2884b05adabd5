import Foundation

/// A small mutex for the context; NSLock is available on every platform Swift ships on.
final class Lock: @unchecked Sendable {
    private let lock = NSLock()

    func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
