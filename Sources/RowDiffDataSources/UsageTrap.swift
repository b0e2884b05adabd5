/// Stops the program: `call` was given arguments that Apple's API raises an exception for, or
/// that break this module's documented contract the same way. The message reads
/// `RowDiff: <call>: <what went wrong>`, naming the identifier, index or stage at fault.
///
/// Every trap that mirrors an Apple trap comes here:
/// - the diffable snapshots (`DiffableDataSourceSnapshot`, `DiffableDataSourceSectionSnapshot`),
///   where `NSDiffableDataSourceSnapshot` raises `NSInternalInconsistencyException` (unknown
///   identifiers, bad destinations);
/// - the data sources' section and row lookups out of range, where `UICollectionView` raises
///   ("request for number of items in section 3 when there are only 2 sections") and
///   `NSFetchedResultsController.object(at:)` raises `NSRangeException`;
/// - `StagedUpdate`'s stages installed out of order, which UIKit reports as an invalid update.
///
/// It calls `fatalError`, not `preconditionFailure`: `-O` builds drop the message of
/// `precondition` and `preconditionFailure` (the process dies of SIGILL with nothing printed),
/// while `fatalError` prints it in every build, as Apple prints an exception's reason.
/// TrapMessageReleaseTests checks this on a release build. Checks of RowDiff's own invariants
/// (not a caller's mistake) stay `precondition`s.
func usageTrap(_ call: String, _ message: String) -> Never {
    fatalError("RowDiff: \(call): \(message)")
}
