import Foundation
import Testing
import RowDiffDataSources
import RowDiffTesting

/// `ListRenderer` releases what a render replaced (the old rows, the stages' data) and states
/// superseded before they were rendered on a background queue, unless
/// `RenderOptions.releasesReplacedStateInBackground` is off. Rows whose state is a tracked object
/// show which rows were freed, and on which thread: after `waitUntilIdle()`, exactly the rows the
/// list no longer shows are freed (nothing the test holds is counted: every state is built inside
/// the call that hands it over), and none of them on the main thread.
@MainActor
@Suite("Background release")
struct BackgroundReleaseTests {
    /// Marks the main queue. The main actor runs its jobs there; under `swift test` on Linux the
    /// queue is drained by a thread other than the process's first one, so `Thread.isMainThread`
    /// cannot tell, but the queue's specific value can.
    nonisolated static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Which tracked states were freed, and whether on the main queue (the main actor's).
    final class FreeLog: @unchecked Sendable {
        private let lock = NSLock()
        private var freed: [Int: Bool] = [:]

        init() { _ = BackgroundReleaseTests.mainQueueKey }

        func record(_ id: Int) {
            let onMain = DispatchQueue.getSpecific(key: BackgroundReleaseTests.mainQueueKey) == true
            lock.lock()
            freed[id] = onMain
            lock.unlock()
        }

        var snapshot: [Int: Bool] {
            lock.lock()
            defer { lock.unlock() }
            return freed
        }
    }

    /// A row state that logs its release. Content: `value` (two states with equal values are
    /// equal, so a rebuilt unchanged row is not an update).
    final class TrackedState: Equatable, Sendable {
        let id: Int
        let value: Int
        let log: FreeLog

        init(id: Int, value: Int, log: FreeLog) {
            self.id = id
            self.value = value
            self.log = log
        }

        deinit { log.record(id) }

        static func == (lhs: TrackedState, rhs: TrackedState) -> Bool { lhs.value == rhs.value }
    }

    /// A row as the test plans it: its key, its content, and the tracked state's id.
    struct PlannedRow: Equatable {
        var key: String
        var value: Int
        var id: Int
    }

    /// A view that installs each batch's data and keeps nothing (a `ValidatingTarget` keeps the
    /// rows it last showed, to compare them with the next batch). Batches and reloads are counted.
    final class InstallingTarget: BatchUpdating {
        var isVisible: Bool { true }
        var updateMode: UpdateMode { .batches(reconfigures: true) }
        private(set) var batches = 0
        private(set) var reloads = 0

        func performBatchUpdates(
            _ update: BatchUpdate, installingData install: @escaping @MainActor () -> Void,
            completion: @escaping @MainActor (Bool) -> Void
        ) {
            install()
            batches += 1
            completion(true)
        }

        func reloadData() { reloads += 1 }
    }

    /// Makes states from plans, with a fresh tracked id for every row it builds.
    final class Builder {
        let log = FreeLog()
        private(set) var made = 0

        func row(key: String, value: Int) -> (PlannedRow, KeyedRow) {
            made += 1
            let state = TrackedState(id: made, value: value, log: log)
            return (PlannedRow(key: key, value: value, id: made), KeyedRow(key: key, kind: RowKind(TextCell.self), state: state))
        }
    }

    static func plan(of sections: [KeyedSection]) -> [[PlannedRow]] {
        sections.map { section in
            section.rows.map { row in
                let state = row.state(as: TrackedState.self)!
                return PlannedRow(key: row.key, value: state.value, id: state.id)
            }
        }
    }

    /// The next state after what `dataSource` shows: rows kept as they are (the same objects),
    /// rebuilt with the same content, given a new value, deleted, inserted or moved; built here, so
    /// no caller holds it once it is handed over. Returns the state and its plan.
    static func nextState(
        after dataSource: SectionedDataSource<KeyedSection>, builder: Builder, nextKey: inout Int,
        _ rng: inout SeededGenerator
    ) -> ([KeyedSection], [[PlannedRow]]) {
        let current = dataSource.sections
        var rows: [[(PlannedRow, KeyedRow)]] = (0..<3).map { s in
            s < current.count
                ? current[s].rows.compactMap { row -> (PlannedRow, KeyedRow)? in
                    let state = row.state(as: TrackedState.self)!
                    switch rng.next() % 8 {
                    case 0: return nil
                    case 1: return builder.row(key: row.key, value: state.value + 1)
                    case 2, 3: return builder.row(key: row.key, value: state.value)
                    default: return (PlannedRow(key: row.key, value: state.value, id: state.id), row)
                    }
                } : []
        }
        for _ in 0..<Int(rng.next() % 6) {
            nextKey += 1
            let s = Int(rng.next() % 3)
            rows[s].insert(builder.row(key: "k\(nextKey)", value: 0), at: Int(rng.next() % UInt64(rows[s].count + 1)))
        }
        for _ in 0..<Int(rng.next() % 3) {
            let from = Int(rng.next() % 3), to = Int(rng.next() % 3)
            guard !rows[from].isEmpty else { continue }
            let moved = rows[from].remove(at: Int(rng.next() % UInt64(rows[from].count)))
            rows[to].insert(moved, at: Int(rng.next() % UInt64(rows[to].count + 1)))
        }
        let sections = rows.enumerated().map { s, rows in KeyedSection(key: "s\(s)", rows: rows.map(\.1), headerTitle: "S\(s)") }
        return (sections, rows.map { $0.map(\.0) })
    }

    /// Renders random states (some in bursts that supersede each other, some not animated), and
    /// after each one checks the data source against the plan and the log: freed is every tracked
    /// state the list no longer shows, on the thread the option says.
    func run(background: Bool, seed: UInt64) async {
        var rng = SeededGenerator(seed: seed)
        let target = InstallingTarget()
        let renderer = ListRenderer<KeyedSection>(
            target: target, options: RenderOptions(releasesReplacedStateInBackground: background, onDuplicateKeys: nil))
        let builder = Builder()
        var nextKey = 0
        for round in 0..<40 {
            var plan: [[PlannedRow]] = []
            // A burst: the states before the last are superseded (or rendered, if the diff of an
            // earlier one is already running); either way the test holds none of them.
            for _ in 0..<(rng.next() % 4 == 0 ? 3 : 1) {
                let (state, statePlan) = Self.nextState(after: renderer.dataSource, builder: builder, nextKey: &nextKey, &rng)
                plan = statePlan
                renderer.render(state, animated: rng.next() % 5 != 0)
            }
            await renderer.waitUntilIdle()
            let context = "seed \(seed), round \(round) (ROWDIFF_SEED=\(seed) reruns it)"
            #expect(Self.plan(of: renderer.dataSource.sections) == plan, "\(context)")
            #expect(target.batches + target.reloads > 0, "\(context)")
            let shown = Set(plan.joined().map(\.id))
            let freed = builder.log.snapshot
            let expected = Set((0..<builder.made).map { $0 + 1 }).subtracting(shown)
            let notFreed = expected.subtracting(freed.keys).count, freedWhileShown = Set(freed.keys).subtracting(expected).count
            #expect(Set(freed.keys) == expected, "\(context): \(notFreed) rows not freed, \(freedWhileShown) freed while shown")
            let onMain = freed.values.filter { $0 }.count
            if background {
                #expect(onMain == 0, "\(context): \(onMain) of \(freed.count) rows freed on the main thread")
            } else {
                #expect(onMain == freed.count, "\(context): \(freed.count - onMain) of \(freed.count) rows freed off the main thread")
            }
            if Set(freed.keys) != expected || (background ? onMain != 0 : onMain != freed.count) { return }
        }
    }

    @Test("Replaced and superseded rows are freed off the main thread, and exactly those")
    func replacedRows_areFreedInTheBackground() async {
        await run(background: true, seed: testSeed())
    }

    @Test("With the option off, replaced rows are freed on the main thread")
    func optionOff_freesOnTheMainThread() async {
        await run(background: false, seed: testSeed())
    }

    @Test("A render with no target releases the old rows in the background too")
    func noTarget_releasesInTheBackground() async {
        let builder = Builder()
        let renderer = ListRenderer<KeyedSection>()
        func state(_ values: [Int]) -> [KeyedSection] {
            [KeyedSection(key: "s", rows: values.enumerated().map { builder.row(key: "r\($0)", value: $1).1 })]
        }
        await renderer.renderAndWait(state([0, 0, 0, 0]))
        await renderer.renderAndWait(state([0, 1, 0]))
        await renderer.waitUntilIdle()
        #expect(renderer.lastOutcome == .animated(batches: 2) || renderer.lastOutcome == .animated(batches: 1))
        #expect(Self.plan(of: renderer.dataSource.sections).joined().map(\.value) == [0, 1, 0])
        let freed = builder.log.snapshot
        #expect(Set(freed.keys) == [1, 2, 3, 4])
        #expect(freed.values.allSatisfy { !$0 })
    }
}
