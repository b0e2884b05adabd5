import Foundation
import Testing
import RowDiff
import RowDiffValidation

/// The repository documents itself: what the docs cite exists in it, and every rule a validator
/// message names can be looked up in Sources/RowDiffValidation/Documentation.docc/BatchRules.md.
@Suite struct SelfContainedDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func everyRuleAValidatorMessageNames_isAHeadingOfBatchRules() throws {
        let doc = try Self.text("Sources/RowDiffValidation/Documentation.docc/BatchRules.md")
        for rule in BatchUpdateViolation.Rule.allCases {
            #expect(
                doc.contains("\n### \(rule)\n"), "Sources/RowDiffValidation/Documentation.docc/BatchRules.md has no heading \"### \(rule)\""
            )
        }
    }

    @Test func relativeLinksInTheDocs_pointIntoTheRepository() throws {
        let documents = [
            "README.md", "docs/JSON.md", "Sources/RowDiffUIKit/Documentation.docc/UIKit.md",
            "Sources/RowDiffUIKit/Documentation.docc/AppKit.md", "Sources/RowDiffDataSources/Documentation.docc/Diffable.md",
            "docs/Benchmarks.md",
            "docs/CAPI.md", "docs/APIPolicy.md", "Sources/RowDiffSwiftUI/Documentation.docc/SwiftUI.md",
            "Sources/RowDiffValidation/Documentation.docc/BatchRules.md",
            "Sources/RowDiffDataSources/Documentation.docc/DataSources.md", "Sources/RowDiff/Documentation.docc/Algorithm.md",
            "Bindings/python/README.md", "CDiffCore/tests/README.md", "Benchmarks/README.md",
        ]
        for document in documents {
            let text = try Self.text(document)
            let folder = Self.root.appendingPathComponent(document).deletingLastPathComponent()
            for match in text.matches(of: /\]\(([^)#:]+)(#[^)]*)?\)/) {
                let target = folder.appendingPathComponent(String(match.1)).path
                #expect(FileManager.default.fileExists(atPath: target), "\(document) links to \(match.1), which is not in the repository")
            }
        }
    }

    @Test func noDocumentOutsideTheRepository_isCited() throws {
        // Built from parts so that this file does not cite them itself.
        let outside = ["DESIGN" + ".md", "UIKIT" + "_RULES"]
        // The C core too: its tests cite Sources/RowDiffValidation/Documentation.docc/BatchRules.md for the batch rules.
        var files = ["README.md", "Benchmarks/README.md"]
        for folder in ["docs", "Sources", "Tests", "Bindings", "CDiffCore"] {
            let base = Self.root.appendingPathComponent(folder)
            let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard ["swift", "md", "py", "c", "h"].contains(url.pathExtension) else { continue }
                files.append(String(url.standardized.path.dropFirst(Self.root.path.count + 1)))
            }
        }
        #expect(files.count > 50)
        for file in files {
            let text = try Self.text(file)
            for name in outside {
                #expect(!text.contains(name), "\(file) cites \(name), which is not part of this repository")
            }
        }
    }
}
