import Foundation
import RowDiffValidation
import Testing

// The README's 30-second Swift example, compiled and checked here. The code between the markers
// is the README's first ```swift block, character for character (`readmeQuotesTheExamplesExactly`).

// README: begin
import RowDiff

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

    let staged = StagedChangeset(diff) // batches UIKit accepts, each with the data to install
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

    @Test func readmeQuotesTheExamplesExactly() throws {
        // The contacts example in the README, the sectioned one in RowDiff's "Sectioned lists" article.
        let article = ReadmeDocument.testsDirectory.appendingPathComponent("../../Sources/RowDiff/Documentation.docc/SectionedLists.md")
        let places = [
            ("ReadmeExampleTests.swift", try ReadmeDocument.swiftBlocks(), "README.md"),
            (
                "ReadmeSectionedExampleTests.swift",
                ReadmeDocument.swiftBlocks(in: try String(contentsOf: article, encoding: .utf8)), "SectionedLists.md"
            ),
        ]
        for (example, blocks, document) in places {
            let region = try ReadmeDocument.quotedRegion(of: example)
            #expect(blocks.contains(region), "\(document) must quote the region of \(example) as a ```swift block, exactly")
        }
    }

    @Test func everySwiftBlockInTheReadme_isCompiledHere() throws {
        // The examples compiled here, and the iOS quick start that the package compiles on Apple
        // platforms (RowDiffUIKitExamples; its quotes are checked in RowDiffDataSourcesTests).
        let regions =
            try ["ReadmeExampleTests.swift", "ReadmeSectionedExampleTests.swift"].map(ReadmeDocument.quotedRegion)
            + ReadmeDocument.iOSExampleRegions()
        for block in try ReadmeDocument.swiftBlocks() {
            #expect(regions.contains(block), "README.md has a ```swift block no test compiles:\n\(block)")
        }
    }

    @Test func aOneCharacterDifference_isCaught() throws {
        // The check above compares whole blocks: a block that differs by one character, or that
        // holds the region plus anything else, does not count as quoting it.
        let region = try ReadmeDocument.quotedRegion(of: "ReadmeExampleTests.swift")
        let altered = region.replacingOccurrences(of: "Grace", with: "Grac3")
        let readme = "text\n```swift\n\(altered)```\n\n```swift\n\(region)}\n```\n"
        #expect(!ReadmeDocument.swiftBlocks(in: readme).contains(region))
        #expect(ReadmeDocument.swiftBlocks(in: "```swift\n\(region)```\n") == [region])
    }
}

/// Reads README.md's code blocks and the regions of test files they quote.
enum ReadmeDocument {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let readme = testsDirectory.appendingPathComponent("../../README.md")

    /// The contents of every ```swift block in the README, each ending with its last newline.
    static func swiftBlocks() throws -> [String] {
        swiftBlocks(in: try String(contentsOf: readme, encoding: .utf8))
    }

    static func swiftBlocks(in text: String) -> [String] {
        var blocks: [String] = []
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil {
                if line == "```swift" { current = "" }
            } else if line == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current! += line + "\n"
            }
        }
        return blocks
    }

    /// The regions between `// README: begin NAME` and `// README: end NAME` in the iOS examples.
    static func iOSExampleRegions() throws -> [String] {
        let folder = testsDirectory.appendingPathComponent("../../Sources/RowDiffUIKitExamples")
        var regions: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where file.hasSuffix(".swift") {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            var rest = source[...]
            while let begin = rest.range(of: "// README: begin "), let line = rest.range(of: "\n", range: begin.upperBound..<rest.endIndex)
            {
                let name = rest[begin.upperBound..<line.lowerBound]
                guard let end = rest.range(of: "// README: end \(name)", range: line.upperBound..<rest.endIndex) else { break }
                regions.append(String(rest[line.upperBound..<end.lowerBound]))
                rest = rest[end.upperBound...]
            }
        }
        return regions
    }

    /// The text between the line `// README: begin` and the line `// README: end` of `file`.
    static func quotedRegion(of file: String) throws -> String {
        let source = try String(contentsOf: testsDirectory.appendingPathComponent(file), encoding: .utf8)
        let begin = try #require(source.range(of: "\n// README: begin\n"))
        let end = try #require(source.range(of: "\n// README: end\n", range: begin.upperBound..<source.endIndex))
        return String(source[begin.upperBound...end.lowerBound])
    }
}
