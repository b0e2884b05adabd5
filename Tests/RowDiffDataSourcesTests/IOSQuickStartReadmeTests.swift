import Foundation
import Testing

/// The iOS quick starts (the README's table, Sources/RowDiffUIKit/Documentation.docc/UIKit.md's collection view) must be the code the
/// package compiles on Apple platforms: `Sources/RowDiffUIKitExamples/*.swift`, between their
/// `// README:` markers, quoted verbatim.
@MainActor
@Suite struct IOSQuickStartReadmeTests {
    nonisolated static let examples = [
        ("ios-table", "Sources/RowDiffUIKitExamples/ContactsViewController.swift", "README.md"),
        ("ios-collection", "Sources/RowDiffUIKitExamples/AlbumsViewController.swift", "Sources/RowDiffUIKit/Documentation.docc/UIKit.md"),
    ]

    @Test(arguments: examples)
    func theDocumentQuotesTheExampleVerbatim(name: String, path: String, document: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        // Compiled only where UIKit exists (not on watchOS), like RowDiffUIKit itself.
        #expect(source.hasPrefix("#if canImport(UIKit) && !os(watchOS)\n"))
        let block = try #require(ReadmeExamplesTests.block(named: name, in: source), "\(path) has no \(name) markers")
        #expect(block.contains("import RowDiffUIKit"))
        #expect(readme.contains("```swift\n" + block + "```\n"), "\(document) must quote \(path) verbatim")
    }
}
