import Foundation
import Testing

/// Sources/RowDiffDataSources/Documentation.docc/Diffable.md's migration example must be the code the package compiles on Apple platforms:
/// `Sources/RowDiffUIKitExamples/GroceriesViewController.swift` between its `// README:` markers,
/// quoted verbatim.
@MainActor
@Suite struct DiffableDocsExampleTests {
    @Test func diffableDocQuotesTheMigrationExampleVerbatim() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = "Sources/RowDiffUIKitExamples/GroceriesViewController.swift"
        let doc = try String(
            contentsOf: root.appendingPathComponent("Sources/RowDiffDataSources/Documentation.docc/Diffable.md"), encoding: .utf8)
        let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        // Compiled only where UIKit exists (not on watchOS), like RowDiffUIKit itself.
        #expect(source.hasPrefix("#if canImport(UIKit) && !os(watchOS)\n"))
        let block = try #require(ReadmeExamplesTests.block(named: "diffable-table", in: source), "\(path) has no diffable-table markers")
        #expect(block.contains("import RowDiffUIKit"))
        #expect(block.contains("TableViewDiffableDataSource<") && block.contains("DiffableDataSourceSnapshot<"))
        #expect(
            doc.contains("```swift\n" + block + "```\n"),
            "Sources/RowDiffDataSources/Documentation.docc/Diffable.md must quote \(path) verbatim")
    }
}
