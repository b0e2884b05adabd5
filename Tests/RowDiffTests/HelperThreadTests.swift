import Dispatch
import Foundation
import Testing
@testable import RowDiff

/// The helper thread that takes the second half of each two-core pass (`HelperThread`): every
/// half runs exactly once and its result reaches the caller, whether the helper is spinning,
/// asleep (the caller may take the half back), or held by another caller (GCD runs the pass).
/// Run under ThreadSanitizer as well:
/// `swift test --sanitize=thread --scratch-path .build-tsan --filter HelperThread`.
@Suite("Helper thread")
struct HelperThreadTests {
    /// Both halves of `passes` passes of seeded sizes, each summing a range: the results must be
    /// the sums, in their slots.
    static func checkPasses(_ passes: Int, seed: UInt64, pauseEvery: Int = 0) -> [String] {
        var rng = SplitMix64(seed: seed)
        var problems: [String] = []
        for pass in 0..<passes {
            let first = Int(rng.next() % 500), second = Int(rng.next() % 500)
            var ranFirst = 0, ranSecond = 0
            let (a, b) = ParallelWork.both(
                parallel: true,
                {
                    ranFirst += 1
                    return (0..<first).reduce(0, &+)
                },
                {
                    ranSecond += 1
                    return (0..<second).reduce(0, &+)
                })
            if a != first * (first - 1) / 2 || b != second * (second - 1) / 2 || ranFirst != 1 || ranSecond != 1 {
                problems.append("pass \(pass): sums \(a), \(b) for \(first), \(second); runs \(ranFirst), \(ranSecond)")
            }
            // A pause past the helper's spin: it falls asleep, and the next pass wakes it or takes
            // its half back.
            if pauseEvery > 0 && pass % pauseEvery == pauseEvery - 1 { usleep(1_000) }
        }
        return problems
    }

    @Test("seeded passes back to back: each half runs once and returns its result")
    func passesBackToBack() {
        for seed in TestSeeds.cases(4, salt: 131) {
            let problems = Self.checkPasses(2_000, seed: seed)
            #expect(problems.count == 0, "\(TestSeeds.rerun(seed, filter: "HelperThread")): \(problems.prefix(3))")
        }
    }

    @Test("seeded passes with pauses that put the helper to sleep")
    func passesAfterSleep() {
        for seed in TestSeeds.cases(2, salt: 132) {
            let problems = Self.checkPasses(200, seed: seed, pauseEvery: 3)
            #expect(problems.count == 0, "\(TestSeeds.rerun(seed, filter: "HelperThread")): \(problems.prefix(3))")
        }
    }

    @Test("passes from several threads at once: those that find the helper taken run on GCD")
    func concurrentCallers() {
        // One slot per caller thread, each written by its caller only.
        final class Slots: @unchecked Sendable {
            let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 4)
            init() { counts.initialize(repeating: -1) }
            deinit { counts.deallocate() }
        }
        let slots = Slots()
        DispatchQueue.concurrentPerform(iterations: 4) { caller in
            slots.counts[caller] = Self.checkPasses(500, seed: UInt64(caller) &+ 7).count
        }
        #expect(Array(slots.counts) == [0, 0, 0, 0])
    }

    @Test("a pass inside a pass's half runs (on GCD) and returns its results")
    func nestedPass() {
        let (outer, inner) = ParallelWork.both(
            parallel: true,
            {
                ParallelWork.both(parallel: true, { 1 }, { 2 })
            },
            {
                ParallelWork.both(parallel: true, { 3 }, { 4 })
            })
        #expect(outer == (1, 2) && inner == (3, 4))
    }

    @Test("the core's two-task passes on the helper give the serial diff")
    func corePassesOnHelper() {
        // The core's threshold lowered, so that its matching and row finish split and call the
        // runner (and so the helper) several times per diff.
        let context = DiffContext(coreParallelMinimum: 32)
        for seed in TestSeeds.cases(200, salt: 133) {
            let (_, old, new) = RandomModels.pair(seed: seed)
            var options = ParallelPathTests.options(parallel: true)
            options.context = context
            ParallelWork.prepare()
            let parallel = SectionedDiff(from: old, to: new, options: options)
            let serial = SectionedDiff(from: old, to: new, options: ParallelPathTests.options(parallel: false))
            #expect(parallel.changeset == serial.changeset, "\(TestSeeds.rerun(seed, filter: "HelperThread"))")
            if parallel.changeset != serial.changeset { return }
        }
    }

    @Test("seeded large diffs: row deletes and inserts converted on two cores equal the serial ones")
    func largeConversionOnHelper() {
        // 24 sections of 700 rows: whole sections deleted and inserted make 8,192 paths or more,
        // the threshold from which the two lists are converted on two cores.
        for seed in TestSeeds.cases(6, salt: 134) {
            var rng = SplitMix64(seed: seed)
            let old = (0..<24).map { s in TestSection(s, (0..<700).map { s * 1_000 + $0 }) }
            // At least every third section deleted, and six inserted: at least 9,800 paths.
            var new = old.filter { $0.id % 3 != 0 && rng.next() % 4 != 0 }
            for s in 0..<Int(6 + rng.next() % 6) {
                new.insert(TestSection(100 + s, (0..<700).map { 200_000 + s * 1_000 + $0 }), at: Int(rng.next() % UInt64(new.count + 1)))
            }
            for _ in 0..<200 where !new.isEmpty {
                let s = Int(rng.next() % UInt64(new.count))
                if !new[s].rows.isEmpty { new[s].rows.remove(at: Int(rng.next() % UInt64(new[s].rows.count))) }
            }
            let parallel = SectionedDiff(from: old, to: new, options: ParallelPathTests.options(parallel: true))
            let serial = SectionedDiff(from: old, to: new, options: ParallelPathTests.options(parallel: false))
            let paths = parallel.changeset.itemDeletes.count + parallel.changeset.itemInserts.count
            #expect(paths >= DiffContext.parallelConversionMinimum, "\(TestSeeds.rerun(seed, filter: "HelperThread")): \(paths) paths")
            #expect(parallel.changeset == serial.changeset, "\(TestSeeds.rerun(seed, filter: "HelperThread"))")
        }
    }
}
