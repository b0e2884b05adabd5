import Testing
import RowDiffDataSources

/// Bursts of states (yielded at once into a bound stream, or rendered in a loop) coalesce: at most
/// two applied renders per burst, no reload, the last state on screen, every completion run.
@MainActor
@Suite struct BurstTests {
    nonisolated static let counts = [10, 40, 200]

    @Test(arguments: counts)
    func renderCalls_coalesce(count: Int) async {
        await checkRenderBurst(count: count, rows: 2_000)
    }

    @Test(arguments: counts)
    func boundStream_coalesces(count: Int) async throws {
        try await checkStreamBurst(count: count, rows: 2_000)
    }

    /// The size: 100,000 rows in 10 sections, small edits per state.
    @Test func boundStream_coalesces_at100kRows() async throws {
        try await checkStreamBurst(count: 40, rows: 100_000)
    }

    /// A stream that keeps yielding while diffs run still shows states as it goes (one per diff),
    /// and never falls back to reloads.
    @Test func continuousStream_showsStatesWithoutReloads() async throws {
        let (renderer, target) = makeRenderer()
        var model = BurstModel(rows: 2_000)
        await renderer.renderAndWait(model.sections)
        let reloads = target.reloadCount
        for round in 0..<30 {
            model.edit(round)
            renderer.render(model.sections)
            if round % 3 == 0 { await Task.yield() }
        }
        await renderer.waitUntilIdle()
        #expect(target.reloadCount == reloads)
        #expect(target.shown == describe(model.sections))
        #expect(target.problems == [])
    }

    private func checkRenderBurst(count: Int, rows: Int) async {
        let (renderer, target) = makeRenderer()
        var model = BurstModel(rows: rows)
        await renderer.renderAndWait(model.sections)
        let applied = renderer.appliedRenderCount, reloads = target.reloadCount
        var completed = 0
        for step in 0..<count {
            model.edit(step)
            renderer.render(model.sections) { completed += 1 }
        }
        await renderer.waitUntilIdle()
        #expect(renderer.appliedRenderCount - applied <= 2, "\(count) states: \(renderer.appliedRenderCount - applied) renders")
        #expect(target.reloadCount == reloads, "\(count) states: no reload")
        #expect(completed == count)
        #expect(target.shown == describe(model.sections))
        #expect(target.problems == [])
    }

    private func checkStreamBurst(count: Int, rows: Int) async throws {
        let (renderer, target) = makeRenderer()
        var model = BurstModel(rows: rows)
        await renderer.renderAndWait(model.sections)
        let applied = renderer.appliedRenderCount, reloads = target.reloadCount
        let (stream, continuation) = AsyncStream.makeStream(of: [KeyedSection].self)
        let binding = renderer.bind(stream)
        for step in 0..<count {
            model.edit(step)
            continuation.yield(model.sections)
        }
        continuation.finish()
        try await binding.value
        await renderer.waitUntilIdle()
        #expect(renderer.appliedRenderCount - applied <= 2, "\(count) states: \(renderer.appliedRenderCount - applied) renders")
        #expect(target.reloadCount == reloads, "\(count) states: no reload")
        #expect(target.shown == describe(model.sections))
        #expect(target.problems == [])
    }
}

/// Ten sections of keyed rows; each edit changes one row's state, inserts one row and moves one.
struct BurstModel {
    var sections: [KeyedSection]
    private var next: Int

    init(rows: Int) {
        let perSection = max(1, rows / 10)
        sections = (0..<10).map { s in
            KeyedSection(key: "s\(s)", rows: (0..<perSection).map { row("r\(s * perSection + $0)", 0) }, headerTitle: "S\(s)")
        }
        next = rows
    }

    mutating func edit(_ step: Int) {
        let s = step % sections.count
        var rows = sections[s].rows
        let changed = (step * 7919) % rows.count
        rows[changed] = row(rows[changed].key, (rows[changed].state(as: Int.self) ?? 0) + 1)
        rows.insert(row("r\(next)", 0), at: (step * 104_729) % (rows.count + 1))
        next += 1
        let moved = rows.remove(at: (step * 31) % rows.count)
        rows.insert(moved, at: (step * 17) % (rows.count + 1))
        sections[s] = KeyedSection(source: sections[s], rows: rows)
    }
}
