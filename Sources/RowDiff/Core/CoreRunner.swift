import CDiffCore
import Dispatch

/// The core's runner (`cdiff_context_set_runner`): runs the tasks the core splits a large diff's
/// matching into on the cores GCD offers, and returns once all of them returned.
///
/// The core splits only matching passes of at least the context's `coreParallelMinimum` elements
/// (0: `CDIFF_PARALLEL_MIN_ELEMENTS`), and the row finish of sectioned diffs from 49,152 rows:
/// below that a second thread costs more than it saves. The tasks write disjoint memory and the
/// core reads their results only after this returns (`concurrentPerform` returns after its last
/// iteration), so nothing else needs ordering.
enum CoreRunner {
    static let run: cdiff_runner = { _, count, task, argument in
        guard let task else { return }
        let tasks = Tasks(task: task, argument: argument)
        DispatchQueue.concurrentPerform(iterations: count) { index in tasks.run(index) }
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
