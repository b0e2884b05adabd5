import Foundation
import Testing
@testable import RowDiffDataSources

/// A state handed to `ListRenderer.render(making:)` (the diffable data source's) is made in the
/// background task that diffs it, and never when a later state replaces it first.
@MainActor
@Suite("Deferred render states")
struct DeferredRenderTests {
    /// What the closures saw, from any thread.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(name: String, onMain: Bool)] = []
        func add(_ name: String) {
            lock.lock()
            entries.append((name, Thread.isMainThread))
            lock.unlock()
        }
        var all: [(name: String, onMain: Bool)] {
            lock.lock()
            defer { lock.unlock() }
            return entries
        }
    }

    @Test("Deferred states are made off the main thread; replaced ones are never made, their completions still run")
    func deferredStates_madeOffMain_replacedOnesNever() async {
        let renderer = ListRenderer<KeyedSection>()
        let log = Log()
        var completed: [String] = []
        func state(_ name: String, _ keys: [String]) -> @Sendable ([KeyedSection]) -> [KeyedSection] {
            { shown in
                // Given what the view shows: the state it is diffed against.
                log.add(name + ":" + shown.flatMap { $0.rows.map(\.key) }.joined(separator: ","))
                return [section("s", keys.map { row($0, 0) })]
            }
        }
        await renderer.renderAndWait([section("s", [row("x", 0)])])
        // One main-actor turn: the second and third replace the pending first.
        renderer.render(making: state("a", ["a"]), animated: true) { completed.append("a") }
        renderer.render(making: state("b", ["b", "x"]), animated: true) { completed.append("b") }
        renderer.render(making: state("c", ["x", "c"]), animated: true) { completed.append("c") }
        await renderer.waitUntilIdle()
        #expect(log.all.map(\.name) == ["c:x"])
        #expect(log.all.allSatisfy { !$0.onMain })
        #expect(completed == ["a", "b", "c"])
        #expect(renderer.dataSource.sections.flatMap { $0.rows.map(\.key) } == ["x", "c"])
        #expect(renderer.dataSource.indexPath(ofItem: "c") == ItemPath(section: 0, item: 1))
    }
}
