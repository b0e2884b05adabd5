import Testing
@testable import RowDiff

/// The two-core path (both sides prepared at once, matched pairs checked and compared in two
/// halves, and, from the core's threshold, the core's matching on two cores) forced with
/// `parallelRowThreshold = 0` (and a lowered core threshold): seeded random models must give exactly the
/// serial result, with and without fingerprint collisions. Run under ThreadSanitizer as well:
/// `swift test --sanitize=thread --scratch-path .build-tsan --filter ParallelPath`.
@Suite("Parallel path")
struct ParallelPathTests {
    static func options(parallel: Bool, mask: UInt64 = .max) -> DiffOptions {
        var options = DiffOptions()
        options.parallelRowThreshold = parallel ? 0 : .max
        options.fingerprintMask = mask
        return options
    }

    @Test("seeded random models: the forced parallel path gives the serial result")
    func forcedParallel_equalsSerial() {
        for seed in TestSeeds.cases(1_000, salt: 41) {
            let (_, old, new) = RandomModels.pair(seed: seed)
            let mask: UInt64 = seed % 3 == 0 ? 0x3 : .max // every third case also collides
            let serial = SectionedDiff(from: old, to: new, options: Self.options(parallel: false, mask: mask))
            let parallel = SectionedDiff(from: old, to: new, options: Self.options(parallel: true, mask: mask))
            let context =
                "\(TestSeeds.rerun(seed, filter: "ParallelPath")) old \(describe(old, limit: 800)) new \(describe(new, limit: 800))"
            #expect(parallel.changeset == serial.changeset, "\(context)")
            #expect(parallel.duplicates == serial.duplicates, "\(context)")
            #expect(parallel.usedExactIdentities == serial.usedExactIdentities, "\(context)")
            #expect(StagedChangeset(parallel) == StagedChangeset(serial), "\(context)")
            if parallel.changeset != serial.changeset { return }
        }
    }

    @Test("seeded random models: the core matching on two cores gives the serial result")
    func coreOnTwoCores_equalsSerial() {
        // The core's threshold lowered to 32 elements, so that these small models reach its
        // two-thread passes (through GCD's concurrentPerform, as every large diff does).
        let context = DiffContext(coreParallelMinimum: 32)
        for seed in TestSeeds.cases(600, salt: 43) {
            let (_, old, new) = RandomModels.pair(seed: seed)
            let mask: UInt64 = seed % 4 == 0 ? 0x3 : .max // every fourth case also collides
            var twoCores = Self.options(parallel: true, mask: mask)
            twoCores.context = context
            let serial = SectionedDiff(from: old, to: new, options: Self.options(parallel: false, mask: mask))
            let parallel = SectionedDiff(from: old, to: new, options: twoCores)
            let description =
                "\(TestSeeds.rerun(seed, filter: "ParallelPath")) old \(describe(old, limit: 800)) new \(describe(new, limit: 800))"
            #expect(parallel.changeset == serial.changeset, "\(description)")
            #expect(parallel.duplicates == serial.duplicates, "\(description)")
            #expect(StagedChangeset(parallel) == StagedChangeset(serial), "\(description)")
            if parallel.changeset != serial.changeset { return }
        }
    }

    @Test func updatesAcrossTheHalves_keepDestinationOrder() {
        // 1,001 rows in 3 sections (one empty), every row changed: the halves split inside a section.
        func model(_ content: Int) -> [TestSection] {
            func rows(_ ids: Range<Int>) -> [TestRow] { ids.map { TestRow(id: $0, content: content) } }
            return [
                TestSection(id: 1, rows: rows(0..<500)), TestSection(id: 2, rows: []),
                TestSection(id: 3, rows: rows(500..<1_001)),
            ]
        }
        let serial = SectionedDiff(from: model(0), to: model(1), options: Self.options(parallel: false))
        let parallel = SectionedDiff(from: model(0), to: model(1), options: Self.options(parallel: true))
        #expect(parallel.changeset.itemUpdates.count == 1_001)
        #expect(parallel.changeset == serial.changeset)
    }

    @Test func aCollisionFoundInTheSecondHalf_isCaught() {
        // Every fingerprint is 0, so the core pairs rows positionally; only the last pair is wrong.
        let old = [TestRow(id: 1), TestRow(id: 2), TestRow(id: 3), TestRow(id: 4)]
        let new = [TestRow(id: 1), TestRow(id: 2), TestRow(id: 3), TestRow(id: 5)]
        let options = Self.options(parallel: true, mask: 0)
        let diff = ListDiff(from: old, to: new, options: options)
        #expect(diff.deletes == [3] && diff.inserts == [3] && diff.moves.isEmpty)
    }
}
