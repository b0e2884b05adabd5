import Foundation

/// Releases what renders replaced on a background queue, so that freeing a large state does not
/// take the main thread's time (100,000 `KeyedRow`s are 100,000 objects: about 4 ms to free).
///
/// Only `Sendable` values are handed over (a `Sendable` value may be released on any thread),
/// and only values the caller gives up: `release(_:)` consumes its argument into a locked list
/// the queue empties, so once it returns the caller holds no reference, and the queue's is the
/// last one unless someone else kept the value (then whoever lets go last frees it, wherever that
/// is). Releases happen in the order they were handed over.
final class BackgroundRelease: @unchecked Sendable {
    /// The queue every `ListRenderer` hands its replaced states to.
    static let shared = BackgroundRelease()

    /// Freeing memory must never take the main thread's turn on a busy core, nor wait so long that
    /// replaced states pile up. On Apple platforms utility runs below the main thread, and
    /// background work may be held back for long stretches (in Low Power Mode, for one), while
    /// renders keep handing states over: utility. On Linux, libdispatch runs utility work at nice
    /// 2, which still preempts the main thread when both share a core; background runs at nice 10.
    #if canImport(Darwin)
    private static let qos = DispatchQoS.utility
    #else
    private static let qos = DispatchQoS.background
    #endif
    private let queue = DispatchQueue(label: "RowDiff.ListRenderer.release", qos: BackgroundRelease.qos)
    private let lock = NSLock()
    /// Values handed over and not released yet; only touched under `lock`.
    private var pending: [any Sendable] = []
    /// How many values were handed over, and how many of them released; under `lock`.
    private var handedOver = 0, released = 0

    /// Hands `value` over: it is released on the queue.
    /// - Complexity: O(1) here; the release runs on the queue.
    func release<Value: Sendable>(_ value: consuming Value) {
        lock.lock()
        // Moved, not copied: no reference is left with the caller when the lock is released.
        pending.append(consume value)
        handedOver += 1
        let first = pending.count == 1
        lock.unlock()
        // One drain serves everything that arrives before it runs.
        if first { queue.async { self.drain() } }
    }

    private func drain() {
        lock.lock()
        var batch = pending
        pending = []
        lock.unlock()
        let count = batch.count
        batch = [] // the last reference to what was handed over ends here
        lock.lock()
        released += count
        lock.unlock()
    }

    /// Whether everything handed over so far has been released.
    private var isDrained: Bool {
        lock.lock()
        defer { lock.unlock() }
        return released == handedOver
    }

    /// Returns once everything handed over before the call has been released; at once (without
    /// suspending on the queue) when nothing is left.
    func waitUntilReleased() async {
        if isDrained { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // Serial: this runs after the drains of everything handed over before it.
            queue.async { continuation.resume() }
        }
    }

    /// `waitUntilReleased()` for callers that can block (the bench, between timed runs).
    func waitUntilReleasedBlocking() {
        if isDrained { return }
        queue.sync {}
    }
}

/// Hands `value` to the queue `ListRenderer` releases replaced states on, for `rowdiff bench`,
/// which mirrors a render's steps one by one. Package API: shared by this package's modules, never seen by apps.
/// - Complexity: O(1).
package func releaseInBackground<Value: Sendable>(_ value: consuming Value) {
    BackgroundRelease.shared.release(consume value)
}

/// Blocks until everything handed to `releaseInBackground` (or released by a renderer) before the
/// call has been released. For `rowdiff bench`; not public API.
package func waitForBackgroundReleases() {
    BackgroundRelease.shared.waitUntilReleasedBlocking()
}
