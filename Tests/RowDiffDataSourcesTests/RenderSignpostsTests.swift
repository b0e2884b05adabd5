import RowDiffDataSources
import RowDiffTesting
import Testing

/// Instruments intervals change nothing a render does: with them on, the same seeded states
/// render through the same outcomes to the same view, and every completion runs. (What
/// Instruments records needs an Apple platform; here the intervals are emitted nowhere.)
@MainActor
@Suite(.serialized) struct RenderSignpostsTests {
    private struct Run {
        var outcomes: [String] = []
        var shown = ValidationSnapshot(sections: [])
        var completions = 0
        var problems: [String] = []
    }

    private func run(seed: UInt64, signposts: Bool) async -> Run {
        RenderSignposts.isEnabled = signposts
        defer { RenderSignposts.isEnabled = false }
        var random = SeededGenerator(seed: seed)
        let (renderer, target) = makeRenderer()
        var result = Run()
        renderer.onRender = { result.outcomes.append("\($0)") }
        for _ in 0..<30 {
            let sections = (0..<Int.random(in: 1...4, using: &random)).map { index in
                let keys = Set((0..<Int.random(in: 0...12, using: &random)).map { _ in Int.random(in: 0..<20, using: &random) })
                return section("s\(index)", keys.sorted().map { row("r\(index)-\($0)", Int.random(in: 0..<3, using: &random)) })
            }
            renderer.render(sections.shuffled(using: &random)) { result.completions += 1 }
            if Bool.random(using: &random) { await renderer.waitUntilIdle() }
        }
        await renderer.waitUntilIdle()
        result.shown = describe(renderer.dataSource.sections)
        result.problems = target.problems
        return result
    }

    @Test func withIntervalsOn_rendersAreUnchanged_andEveryCompletionRuns() async {
        let seed = testSeed()
        let off = await run(seed: seed, signposts: false)
        let on = await run(seed: seed, signposts: true)
        #expect(on.outcomes == off.outcomes, "seed \(seed)")
        #expect(on.shown == off.shown, "seed \(seed)")
        #expect(on.completions == 30 && off.completions == 30, "seed \(seed)")
        #expect(on.problems.isEmpty && off.problems.isEmpty, "seed \(seed)")
    }
}
