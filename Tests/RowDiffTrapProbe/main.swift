// A test-only program that makes one of RowDiff's usage traps fire, for TrapMessageReleaseTests:
// built in release mode (`swift build -c release --product RowDiffTrapProbe`), where
// `precondition` and `preconditionFailure` print nothing, it shows what a release-built app
// prints when it trips a trap. Not a product; nothing in the libraries knows of it.
//
// Usage: RowDiffTrapProbe <case>; each case ends the process with the trap (or, for
// `control-precondition`, with a `preconditionFailure` whose message `-O` drops).

import Foundation
import RowDiffDataSources

let cases: [String: @MainActor () -> Void] = [
    "snapshot-reloadItems": {
        var snapshot = DiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["main"])
        snapshot.reloadItems(["missing-item-42"])
    },
    "snapshot-numberOfItems": {
        var snapshot = DiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["main"])
        _ = snapshot.numberOfItems(inSection: "missing-section-7")
    },
    "section-snapshot-insert": {
        var outline = DiffableDataSourceSectionSnapshot<String>()
        outline.append(["root"])
        outline.insert(["new"], after: "missing-item-9")
    },
    "data-source-item": {
        let source = SectionedDataSource([KeyedSection(key: "a", rows: [KeyedRow(key: "1", kind: RowKind(Int.self), state: 0)])])
        _ = source.item(at: ItemPath(section: 0, item: 5))
    },
    "data-source-sectionKey": {
        let source = SectionedDataSource([KeyedSection(key: "a", rows: [])])
        _ = source.sectionKey(at: 3)
    },
    "staged-update-order": {
        let row = { (key: String) in KeyedRow(key: key, kind: RowKind(Int.self), state: 0) }
        let source = SectionedDataSource([KeyedSection(key: "b", rows: [row("2")], headerTitle: "B")])
        source.onChange = { change in
            if case .staged(let update) = change { update.stages.last?.install() }
        }
        source.update(to: [KeyedSection(key: "b", rows: [row("2"), row("5")], headerTitle: "B!")])
    },
    // Proves the build is optimized: this message is printed by debug builds only.
    "control-precondition": {
        preconditionFailure("control: a precondition message")
    },
]

let name = CommandLine.arguments.dropFirst().first ?? ""
guard let run = cases[name] else {
    print("usage: RowDiffTrapProbe <case>; cases: \(cases.keys.sorted().joined(separator: ", "))")
    exit(64)
}
run()
print("RowDiffTrapProbe: \(name) did not trap")
exit(1)
