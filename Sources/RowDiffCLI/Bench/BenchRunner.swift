import Foundation
@_spi(Bench) import RowDiff

/// Runs every engine on every selected workload in this one process (so ratios compare like
/// with like on a noisy machine) and collects a `BenchReport`.
struct BenchRunner {
    var workloadNames: [String] = WorkloadCatalog.names
    var engines: [BenchEngine] = BenchEngine.allCases
    var warmupRuns = 2
    var timedRuns = 10
    var scale = 1.0
    var measuresMemory = true
    /// Also run the data-source section (`DataSourceBench`) after the workloads.
    var runsDataSources = false
    /// Where progress lines go (stderr for the command; nil in tests).
    var progress: ((String) -> Void)?
    /// Time engines by the thread's CPU time instead of the wall clock: on a machine shared with
    /// other work, waiting for a core then counts for nothing (page faults still count).
    var cpuTime = false
    /// The typed engine's two-core threshold in rows, when not the library's default.
    var parallelRowThreshold: Int?

    static var isDebugBuild: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    func run() -> BenchReport {
        var results: [BenchReport.WorkloadResult] = []
        for (index, name) in workloadNames.enumerated() {
            let step = "[\(index + 1)/\(workloadNames.count)] \(name)"
            progress?("\(step): generating")
            guard let workload = WorkloadCatalog.make(name, scale: scale) else { continue }
            let prepared = PreparedWorkload(workload)
            if let parallelRowThreshold { prepared.typedOptions.benchParallelRowThreshold = parallelRowThreshold }
            results.append(measure(prepared, step: step))
        }
        let dataSources =
            runsDataSources
            ? DataSourceBench(warmupRuns: warmupRuns, timedRuns: timedRuns, scale: scale, progress: progress).run() : nil
        return BenchReport(
            machine: .current, date: ISO8601DateFormatter().string(from: Date()), build: Self.isDebugBuild ? "debug" : "release",
            warmupRuns: warmupRuns, timedRuns: timedRuns, scale: scale,
            memoryMethod: measuresMemory && PeakMemory.isAvailable ? PeakMemory.method : "not measured",
            workloads: results, dataSources: dataSources)
    }

    private func measure(_ prepared: PreparedWorkload, step: String) -> BenchReport.WorkloadResult {
        // The reference (the core's counts) is taken after the engines unless an engine needs it
        // first, so that the first engine's cold run is the process's first diff of this size.
        var reference: CoreBench.Counts?
        var engineResults: [BenchReport.EngineResult] = []
        // The floor is sampled before every engine and after the last, so that its median spans
        // the same stretch of the run as the engines' (the machine's speed drifts).
        var floorSamples: [Double] = []
        for engine in engines {
            sampleFloor(prepared.floor, into: &floorSamples)
            var result = BenchReport.EngineResult(engine: engine.rawValue, label: engine.label)
            if engine == .stdlib && reference == nil { reference = prepared.coreCounts() }
            if let reference, let reason = prepared.skipReason(engine, reference: reference) {
                result.skipped = reason
                engineResults.append(result)
                continue
            }
            progress?("\(step): \(engine.label), \(warmupRuns) warm-up + \(timedRuns) timed")
            // The first run is the cold one: nothing of this workload's size has been allocated yet.
            let faultsBefore = PageFaults.count()
            let coldStart = now()
            var moves = prepared.run(engine)
            result.coldMs = now() - coldStart
            result.coldPageFaults = PageFaults.count().flatMap { after in faultsBefore.map { after - $0 } }
            for _ in 1..<max(1, warmupRuns) { moves = prepared.run(engine) }
            var samples: [Double] = []
            samples.reserveCapacity(timedRuns)
            for _ in 0..<timedRuns {
                let start = now()
                moves = prepared.run(engine)
                samples.append(now() - start)
            }
            if !samples.isEmpty {
                let stats = SampleStats(samples)
                (result.medianMs, result.minMs, result.maxMs) = (stats.median, stats.min, stats.max)
            }
            result.moves = moves
            if measuresMemory {
                // A fresh core context, so the core's scratch allocation is counted like everyone else's.
                result.peakMemoryBytes = PeakMemory.measure { blackHole(prepared.run(engine, freshContext: true)) }
            }
            engineResults.append(result)
        }
        sampleFloor(prepared.floor, into: &floorSamples)
        let floor = BenchReport.FloorResult(
            stats: SampleStats(floorSamples), rows: prepared.floor.rowCount, bytes: prepared.floor.bytesMoved)
        let fastest = engineResults.compactMap(\.medianMs).min()
        for i in engineResults.indices {
            guard let median = engineResults[i].medianMs else { continue }
            if let fastest, fastest > 0 { engineResults[i].ratioToFastest = median / fastest }
            if floor.medianMs > 0 { engineResults[i].ratioToFloor = median / floor.medianMs }
        }
        let minimum = reference ?? prepared.coreCounts()
        let workload = prepared.workload
        return BenchReport.WorkloadResult(
            name: workload.name, summary: workload.summary, oldRows: workload.oldRowCount, newRows: workload.newRowCount,
            minimumMoves: minimum.moves + minimum.sectionMoves, floor: floor, engines: engineResults)
    }

    /// One untimed pass, then `max(timedRuns, 3)` timed ones, appended to `samples`.
    private func sampleFloor(_ floor: MemoryFloor, into samples: inout [Double]) {
        blackHole(floor.run())
        for _ in 0..<max(timedRuns, 3) {
            let start = now()
            let word = floor.run()
            samples.append(now() - start)
            blackHole(word)
        }
    }

    /// Milliseconds on the chosen clock, from an arbitrary origin.
    func now() -> Double {
        if cpuTime {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
        }
        return Self.milliseconds(ContinuousClock.now - Self.origin)
    }

    private static let origin = ContinuousClock.now

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
    }
}
