import Foundation
import Testing

/// Sources/RowDiffSwiftUI/Documentation.docc/SwiftUI.md's quick start must be the code the package compiles on Apple platforms:
/// `Sources/RowDiffSwiftUIExamples/InboxView.swift`, between its `// README:` markers, quoted verbatim.
@MainActor
@Suite struct SwiftUIQuickStartDocTests {
    @Test func theDocumentQuotesTheExampleVerbatim() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = "Sources/RowDiffSwiftUIExamples/InboxView.swift"
        let document = try String(
            contentsOf: root.appendingPathComponent("Sources/RowDiffSwiftUI/Documentation.docc/SwiftUI.md"), encoding: .utf8)
        let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        // Compiled only where SwiftUI and UIKit exist on iOS, like RowDiffSwiftUI's collection view.
        #expect(source.hasPrefix("#if canImport(SwiftUI) && canImport(UIKit) && os(iOS)\n"))
        let block = try #require(ReadmeExamplesTests.block(named: "swiftui", in: source), "\(path) has no swiftui markers")
        #expect(block.contains("import RowDiffSwiftUI"))
        #expect(
            document.contains("```swift\n" + block + "```\n"),
            "Sources/RowDiffSwiftUI/Documentation.docc/SwiftUI.md must quote \(path) verbatim")
    }
}
