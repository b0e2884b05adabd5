import Foundation
import Testing

/// The "Choosing an API" article's snippets are code the package compiles on Apple platforms:
/// every line of every Swift block appears, as written, in one of the compiled example files.
@Suite struct ChoosingAnAPITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everySnippetLine_isInACompiledExample() throws {
        let article = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/RowDiffDataSources/Documentation.docc/ChoosingAnAPI.md"),
            encoding: .utf8)
        let compiled = try [
            "Sources/RowDiffUIKitExamples/ChoosingAnAPIExamples.swift", "Sources/RowDiffSwiftUIExamples/InboxView.swift",
        ].map { try String(contentsOf: Self.root.appendingPathComponent($0), encoding: .utf8) }
        let compiledLines = Set(compiled.flatMap { $0.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } })
        var inBlock = false
        var checked = 0
        for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock = line == "```swift"
                continue
            }
            let code = line.trimmingCharacters(in: .whitespaces)
            guard inBlock, !code.isEmpty else { continue }
            #expect(compiledLines.contains(code), "not in a compiled example: \(code)")
            checked += 1
        }
        #expect(checked >= 12)
    }
}
