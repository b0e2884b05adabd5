import Foundation
import Testing

/// The quick starts shown in the README and the articles must be the code the package compiles on
/// Apple platforms: each example file's region between its `// README: begin NAME` / `end NAME`
/// markers, quoted verbatim in its document, and compiled only where its frameworks exist.
@MainActor
@Suite struct QuickStartQuoteTests {
    /// One quoted example: its marker name, its file, the document that quotes it, the condition
    /// its file is compiled under, and text the example must contain.
    struct Example: Sendable, CustomStringConvertible {
        let name: String
        let path: String
        let document: String
        let condition: String
        let mentions: [String]
        var description: String { name }
    }

    nonisolated static let uiKit = "#if canImport(UIKit) && !os(watchOS)\n"
    nonisolated static let examples = [
        Example(
            name: "ios-table", path: "Sources/RowDiffUIKitExamples/ContactsViewController.swift", document: "README.md",
            condition: uiKit, mentions: ["import RowDiffUIKit"]),
        Example(
            name: "ios-collection", path: "Sources/RowDiffUIKitExamples/AlbumsViewController.swift",
            document: "Sources/RowDiffUIKit/Documentation.docc/UIKit.md", condition: uiKit, mentions: ["import RowDiffUIKit"]),
        Example(
            name: "macos-table", path: "Sources/RowDiffUIKitExamples/NotesViewController.swift",
            document: "Sources/RowDiffUIKit/Documentation.docc/AppKit.md",
            condition: "#if canImport(AppKit) && !targetEnvironment(macCatalyst)\n",
            mentions: ["import RowDiffUIKit", "ListController<KeyedSection>(tableView: tableView)"]),
        Example(
            name: "diffable-table", path: "Sources/RowDiffUIKitExamples/GroceriesViewController.swift",
            document: "Sources/RowDiffDataSources/Documentation.docc/Diffable.md", condition: uiKit,
            mentions: ["import RowDiffUIKit", "TableViewDiffableDataSource<", "DiffableDataSourceSnapshot<"]),
        Example(
            name: "swiftui", path: "Sources/RowDiffSwiftUIExamples/InboxView.swift",
            document: "Sources/RowDiffSwiftUI/Documentation.docc/SwiftUI.md",
            condition: "#if canImport(SwiftUI) && canImport(UIKit) && os(iOS)\n", mentions: ["import RowDiffSwiftUI"]),
    ]

    @Test(arguments: examples)
    func theDocumentQuotesTheExampleVerbatim(_ example: Example) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent(example.document), encoding: .utf8)
        let source = try String(contentsOf: root.appendingPathComponent(example.path), encoding: .utf8)
        #expect(source.hasPrefix(example.condition), "\(example.path) must be compiled only where its frameworks exist")
        let block = try #require(
            ReadmeExamplesTests.block(named: example.name, in: source), "\(example.path) has no \(example.name) markers")
        for text in example.mentions { #expect(block.contains(text), "\(example.name) should show \(text)") }
        #expect(document.contains("```swift\n" + block + "```\n"), "\(example.document) must quote \(example.path) verbatim")
    }
}
