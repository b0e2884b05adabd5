import RowDiffDataSources
import RowDiffTesting

/// SplitMix64: a small seeded generator so failures reproduce from the printed seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A seed from the environment (ROWDIFF_SEED) or a fresh one; tests print it on failure.
func testSeed() -> UInt64 {
    if let text = ProcessInfoLite.environment("ROWDIFF_SEED"), let seed = UInt64(text) { return seed }
    return UInt64.random(in: 1...UInt64.max)
}

import Foundation

/// Values recorded from any thread, read back in the order they were recorded.
final class LockedList<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var elements: [Element] = []

    func record(_ element: Element) {
        lock.lock()
        elements.append(element)
        lock.unlock()
    }

    var all: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return elements
    }
}

enum ProcessInfoLite {
    static func environment(_ name: String) -> String? { ProcessInfo.processInfo.environment[name] }
}

/// Stand-ins for cell classes (no UIKit on Linux): only their types matter, as kinds.
struct TextCell {}
struct DetailCell {}

func row(_ key: String, _ state: Int, cell: Any.Type = TextCell.self) -> KeyedRow {
    KeyedRow(key: key, kind: RowKind(cell), state: state)
}

func section(_ key: String, _ rows: [KeyedRow], header: String? = nil) -> KeyedSection {
    KeyedSection(key: key, rows: rows, headerTitle: header)
}

/// A renderer wired to a validating target, for tests.
@MainActor
func makeRenderer(
    options: RenderOptions = RenderOptions(onDuplicateKeys: nil), view: ListViewKind = .tableView,
    updateMode: UpdateMode = .batches(reconfigures: true)
) -> (ListRenderer<KeyedSection>, ValidatingTarget<KeyedSection>) {
    let dataSource = SectionedDataSource<KeyedSection>()
    dataSource.didMoveItem = { _, _ in } // rows are movable only when the app handles moves
    let target = ValidatingTarget(dataSource: dataSource, view: view, updateMode: updateMode)
    let renderer = ListRenderer(dataSource: dataSource, target: target, options: options)
    return (renderer, target)
}

/// The model as the validator describes it: keys, titles, states and kinds.
func describe(_ sections: [KeyedSection]) -> ValidationSnapshot {
    ValidationSnapshot(sections: sections.map(ValidatingTarget<KeyedSection>.describeKeyed))
}
