import Foundation
import Testing

/// Sources/RowDiffUIKit/Documentation.docc/AppKit.md's quick start must be the code the package compiles on macOS:
/// `Sources/RowDiffUIKitExamples/NotesViewController.swift`, between its `// README:` markers,
/// quoted verbatim.
@MainActor
@Suite struct AppKitQuickStartDocTests {
    @Test func docQuotesTheExampleVerbatim() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = "Sources/RowDiffUIKitExamples/NotesViewController.swift"
        let document = try String(
            contentsOf: root.appendingPathComponent("Sources/RowDiffUIKit/Documentation.docc/AppKit.md"), encoding: .utf8)
        let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        // Compiled only where AppKit exists (not Mac Catalyst), like RowDiffUIKit's AppKit files.
        #expect(source.hasPrefix("#if canImport(AppKit) && !targetEnvironment(macCatalyst)\n"))
        let block = try #require(ReadmeExamplesTests.block(named: "macos-table", in: source), "\(path) has no macos-table markers")
        #expect(block.contains("import RowDiffUIKit") && block.contains("ListController<KeyedSection>(tableView: tableView)"))
        #expect(
            document.contains("```swift\n" + block + "```\n"),
            "Sources/RowDiffUIKit/Documentation.docc/AppKit.md must quote \(path) verbatim")
    }
}
