import CDiffCore
import Dispatch

/// The core's runner (`cdiff_context_set_runner`): runs the tasks the core splits a large diff's
/// matching into, the first here and the second on the helper thread (`HelperThread`, awake
/// between a diff's passes), or on the cores GCD offers where the helper is not available, and
/// returns once all of them returned.
///
/// The core splits only matching passes of at least the context's `coreParallelMinimum` elements
/// (0: `CDIFF_PARALLEL_MIN_ELEMENTS`), and the row finish of sectioned diffs from 49,152 rows:
/// below that a second thread costs more than it saves. The tasks write disjoint memory and the
/// core reads their results only after this returns (after the helper's release of its result,
/// or `concurrentPerform`'s last iteration), so nothing else needs ordering.
enum CoreRunner {
    static let run: cdiff_runner = { data, count, task, argument in
        // A side job (`SideJob`, the user data) runs on the helper during the match: it is waited
        // for before the helper takes this pass.
        data?.assumingMemoryBound(to: SideJob.self).pointee.finish()
        guard let task else { return }
        if count == 2 && onHelper(task, argument) { return }
        let tasks = Tasks(task: task, argument: argument)
        DispatchQueue.concurrentPerform(iterations: count) { index in tasks.run(index) }
    }

    /// Both tasks of a two-task pass, the first here and the second on the helper thread
    /// (`HelperThread`); false, having run nothing, where there is none or it is taken.
    private static func onHelper(_ task: cdiff_task, _ argument: UnsafeMutableRawPointer?) -> Bool {
        #if canImport(Synchronization)
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return false }
        return HelperThread.shared.run(task, argument)
        #else
        return false
        #endif
    }

    /// The core's task and its argument, for `concurrentPerform`'s iterations: a C function
    /// pointer and the core's own state, which the core hands to exactly these iterations while it
    /// waits for them.
    private struct Tasks: @unchecked Sendable {
        let task: cdiff_task
        let argument: UnsafeMutableRawPointer?

        func run(_ index: Int) { task(argument, index) }
    }
}
