import Testing
import RowDiff

// The README's 30-second Swift example, compiled and checked here. Keep the two in step:
// the code between the markers is quoted verbatim in README.md.

// README: begin
struct Contact: Identifiable, Equatable, Diffable {
    let id: Int
    var name: String
}

func contactsExample() -> (ListDiff<Contact>, StagedChangeset<FlatSection<Contact>>) {
    let old = [Contact(id: 1, name: "Ada"), Contact(id: 2, name: "Grace"), Contact(id: 3, name: "Linus")]
    let new = [Contact(id: 3, name: "Linus"), Contact(id: 1, name: "Ada Lovelace"), Contact(id: 4, name: "Barbara")]

    let diff = ListDiff(from: old, to: new)
    // diff.deletes == [1]          Grace, old index
    // diff.inserts == [2]          Barbara, new index
    // diff.moves   == [2 → 0]      Linus: one move, the minimum
    // diff.updates == [0 → 1]      Ada's content changed (old → new)

    let staged = StagedChangeset(diff)  // batches UIKit accepts, each with the data to install
    // for stage in staged {
    //     tableView.performBatchUpdates { rows = stage.rows(); /* apply stage.update */ }
    // }
    return (diff, staged)
}
// README: end

@Suite struct ReadmeExampleTests {
    @Test func contactsExample_givesTheChangesTheReadmeShows() throws {
        let (diff, staged) = contactsExample()
        #expect(diff.deletes == [1])
        #expect(diff.inserts == [2])
        #expect(diff.moves == [Move(from: 2, to: 0)])
        #expect(diff.updates == [Move(from: 0, to: 1)])
        // A reconfigure stage for Ada, then one structural batch; it ends at the new list.
        #expect(staged.count == 2)
        #expect(staged.last?.rows() == diff.new)
        for view in ListViewKind.allCases {
            let validator = BatchUpdateValidator(view: view, profile: .strict)
            func snapshot(_ rows: [Contact]) -> ValidationSnapshot {
                ValidationSnapshot(sections: [.init(0, items: rows.map { .init($0.id, content: $0.name) })])
            }
            try validator.validate(stages: staged.map { ($0.update, snapshot($0.rows())) }, from: snapshot(diff.old))
        }
    }

    @Test func readmeQuotesTheExampleVerbatim() throws {
        let here = URL(fileURLWithPath: #filePath)
        let readme = try String(contentsOf: here.deletingLastPathComponent().appendingPathComponent("../../README.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let begin = source.range(of: "// README: begin\n")!, end = source.range(of: "// README: end")!
        let example = source[begin.upperBound..<end.lowerBound]
        #expect(readme.contains(example), "README.md must quote the example in ReadmeExampleTests.swift verbatim")
    }
}

import Foundation
