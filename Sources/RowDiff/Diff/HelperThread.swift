#if canImport(Synchronization)
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// A second thread that stays awake between the two-core passes of a large diff, so that each
/// pass hands its second half over in well under a microsecond.
///
/// A large sectioned diff runs seven passes on two cores (its fingerprints, the core's four
/// matching and finishing passes, the matched rows, the staging copies), a few hundred
/// microseconds apart. Through `concurrentPerform`, each pass waited for GCD to wake a worker
/// whose core had gone idle: about 25 µs a pass on the 2-core VM (20 to 30 µs measured around a
/// 100 µs pass, against none with a thread already spinning), a tenth of the diff in all. This
/// thread instead spins (yielding its core to any other thread that wants it) for
/// `spinNanoseconds` after its last pass or after a diff announced passes (`prepare()`), and then
/// sleeps until the next one.
///
/// The caller always runs the first half itself, and takes the second half back if the helper
/// has not started it by then (asleep, or its core busy with another process): a pass never waits
/// for a wake-up longer than its first half takes, and never runs slower than serially. One caller
/// at a time: a pass that finds the helper taken (another thread's diff, or a pass inside a pass)
/// gets `false` and uses GCD.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class HelperThread: @unchecked Sendable {
    /// The process's helper, started on first use.
    static let shared = HelperThread()

    /// How long the helper spins after its last pass or `prepare()` before it sleeps: longer than
    /// the gaps between a large diff's passes (at most about 100 µs measured), short enough that
    /// an idle process gives its second core back at once.
    static let spinNanoseconds: UInt64 = 400_000

    // The hand-over, one value: idle → claimed (by a caller, setting up the job) → posted →
    // running (the helper took it) → done → idle; or posted → claimed (the caller took it back).
    private static let idle = 0, claimed = 1, posted = 2, running = 3, done = 4

    private let state = Atomic<Int>(0)
    /// Set by the helper before it sleeps, so that a caller posting a job knows to wake it.
    private let asleep = Atomic<Bool>(false)
    /// When the helper last finished a job or was told passes are coming (uptime nanoseconds).
    private let lastActivity = Atomic<UInt64>(0)
    private let wakeup = DispatchSemaphore(value: 0)
    /// The posted job: a C-style function, its argument and index. Written by the caller before
    /// it publishes `posted` (release), read by the helper after it takes the job (acquire).
    private let job: UnsafeMutablePointer<Job>

    private struct Job {
        var function: @convention(c) (UnsafeMutableRawPointer?, Int) -> Void
        var argument: UnsafeMutableRawPointer?
        var index: Int
    }

    private init() {
        job = .allocate(capacity: 1)
        job.initialize(to: Job(function: { _, _ in }, argument: nil, index: 0))
        lastActivity.store(Self.now(), ordering: .relaxed)
        let thread = Thread { [unowned(unsafe) self] in self.serve() }
        thread.name = "RowDiff helper"
        // The passes' temporary buffers stay within a few kilobytes of stack.
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Tells the helper that passes are coming: it wakes if asleep and spins for another
    /// `spinNanoseconds`. Called at the start of a large diff, so that the wake-up overlaps the
    /// work before the first pass.
    func prepare() {
        lastActivity.store(Self.now(), ordering: .sequentiallyConsistent)
        if asleep.load(ordering: .sequentiallyConsistent) { wakeup.signal() }
    }

    /// Runs `function(argument, 0)` on the calling thread and `function(argument, 1)` on the
    /// helper (or on the calling thread too, if the helper has not started it when the first
    /// returns), and returns once both returned. False, having run nothing, when another caller
    /// holds the helper.
    func run(
        _ function: @convention(c) (UnsafeMutableRawPointer?, Int) -> Void,
        _ argument: UnsafeMutableRawPointer?
    ) -> Bool {
        guard start(function, argument) else { return false }
        function(argument, 0)
        finish(function, argument)
        return true
    }

    /// Posts `function(argument, 1)` to the helper and returns at once; false, having posted
    /// nothing, when another caller holds the helper. The caller must call `finish` with the same
    /// function and argument before it posts anything else, and before the argument's memory is
    /// released: until then the helper is this caller's.
    func start(
        _ function: @convention(c) (UnsafeMutableRawPointer?, Int) -> Void,
        _ argument: UnsafeMutableRawPointer?
    ) -> Bool {
        guard state.compareExchange(expected: Self.idle, desired: Self.claimed, ordering: .acquiring).exchanged else {
            return false
        }
        job.pointee = Job(function: function, argument: argument, index: 1)
        state.store(Self.posted, ordering: .sequentiallyConsistent)
        if asleep.load(ordering: .sequentiallyConsistent) { wakeup.signal() }
        return true
    }

    /// Returns once the job `start` posted has run: on the helper, or here if the helper has not
    /// started it by now. The helper is then free for the next caller.
    func finish(
        _ function: @convention(c) (UnsafeMutableRawPointer?, Int) -> Void,
        _ argument: UnsafeMutableRawPointer?
    ) {
        if state.compareExchange(expected: Self.posted, desired: Self.claimed, ordering: .acquiring).exchanged {
            // Not started: the helper is asleep or its core is busy elsewhere.
            function(argument, 1)
        } else {
            var waits = 0
            while state.load(ordering: .acquiring) != Self.done {
                waits &+= 1
                // The second half is running; after a while, let another thread of this core run.
                if waits & 255 == 0 { sched_yield() }
            }
        }
        state.store(Self.idle, ordering: .releasing)
    }

    /// Runs `first` here and `second` on the helper (see `run(_:_:)`); false, having run nothing,
    /// when another caller holds the helper.
    func run(_ first: () -> Void, _ second: () -> Void) -> Bool {
        withoutActuallyEscaping(second) { second in
            var halves = (first: { () -> Void in }, second: second)
            return withoutActuallyEscaping(first) { first in
                halves.first = first
                defer { halves.first = {} }
                return withUnsafeMutablePointer(to: &halves) { pointer in
                    // The closures are read and called inside the function: no reference to them
                    // outlives `run`.
                    run(
                        { argument, index in
                            let halves = argument!.assumingMemoryBound(to: (first: () -> Void, second: () -> Void).self)
                            if index == 0 { halves.pointee.first() } else { halves.pointee.second() }
                        }, UnsafeMutableRawPointer(pointer))
                }
            }
        }
    }

    /// The helper's loop: take posted jobs, spin while passes may come, sleep otherwise.
    private func serve() {
        var spins = 0
        while true {
            let current = state.load(ordering: .acquiring)
            if current == Self.posted {
                if state.compareExchange(expected: Self.posted, desired: Self.running, ordering: .acquiring).exchanged {
                    let taken = job.pointee
                    taken.function(taken.argument, taken.index)
                    lastActivity.store(Self.now(), ordering: .relaxed)
                    state.store(Self.done, ordering: .releasing)
                }
                continue
            }
            spins &+= 1
            // Every spin yields: the helper never holds its core from another thread (the
            // caller's own, when both share a core), and the next post is still seen within a
            // microsecond. The clock is read every few spins.
            sched_yield()
            guard spins & 15 == 0, idleLongEnough() else { continue }
            asleep.store(true, ordering: .sequentiallyConsistent)
            if state.load(ordering: .sequentiallyConsistent) != Self.posted && idleLongEnough() {
                wakeup.wait()
            }
            asleep.store(false, ordering: .sequentiallyConsistent)
        }
    }

    /// Whether nothing happened for `spinNanoseconds` (a `prepare()` racing with the clock read
    /// may be newer than it).
    private func idleLongEnough() -> Bool {
        let last = lastActivity.load(ordering: .sequentiallyConsistent), time = Self.now()
        return time > last && time - last > Self.spinNanoseconds
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
#endif
