/// Work for the helper thread (`HelperThread`) while the calling thread runs the core's matching
/// alone.
///
/// A large sectioned diff matched its rows on two threads, which took 93 % of one thread's time
/// at 100,000 elements (`DiffContext.typedCoreParallelMinimum`): at sectioned-100x1000 the second
/// core saved 80 to 90 µs of a 570 to 600 µs match (probes in a scratch build, alternating runs).
/// Work that does not depend on the match — the content of the pairs the aligned fingerprint walk
/// found, and the search for the unwalked rows' pairs (`AlignedPairs`), about 280 and 190 µs of
/// one core there — uses that core better: it runs on the helper while this thread matches, and
/// the core's first two-thread pass after the match (the rows' finish) waits for it first
/// (`CoreRunner`, through the runner's user data, which the context holds only for that call).
struct SideJob {
    /// The work, as the helper runs it: `function(argument, 1)`.
    let function: @convention(c) (UnsafeMutableRawPointer?, Int) -> Void
    let argument: UnsafeMutableRawPointer?
    /// Posted to the helper and not yet waited for.
    var pending: Bool

    /// Runs `work` on the helper while `body` runs here, with the job for the core's runner (nil
    /// when `work` already ran: the helper was taken, or does not exist before macOS 15 / iOS 18);
    /// returns once both are done.
    static func running<R>(_ work: () -> Void, _ body: (UnsafeMutablePointer<SideJob>?) -> R) -> R {
        #if canImport(Synchronization)
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            return withoutActuallyEscaping(work) { work in
                var closure = work
                return withUnsafeMutablePointer(to: &closure) { closure in
                    // The closure is read and called inside `function`, before `finish` returns:
                    // no reference to it outlives this call.
                    var job = SideJob(
                        function: { argument, _ in argument!.assumingMemoryBound(to: (() -> Void).self).pointee() },
                        argument: UnsafeMutableRawPointer(closure), pending: false)
                    job.pending = HelperThread.shared.start(job.function, job.argument)
                    guard job.pending else {
                        closure.pointee()
                        return body(nil)
                    }
                    let result = withUnsafeMutablePointer(to: &job) { body($0) }
                    job.finish()
                    return result
                }
            }
        }
        #endif
        work()
        return body(nil)
    }

    /// Waits for the job (or runs it here, if the helper has not started it) unless that was done.
    mutating func finish() {
        guard pending else { return }
        pending = false
        #if canImport(Synchronization)
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            HelperThread.shared.finish(function, argument)
        }
        #endif
    }
}
