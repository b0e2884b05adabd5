import Foundation
import Testing
@testable import RowDiffCLI

/// Golden files: `Golden/<case>/old.json` and `new.json` diffed (with the arguments in `args`,
/// when present) must print `expected.json` (or `expected.txt` for `--format text`) exactly,
/// `millis` aside. Run with `ROWDIFF_UPDATE_GOLDEN=1` to rewrite the expected files, then review
/// them: a golden file is only as right as the person who read it.
@Suite struct GoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static let cases = [
        "flat", "sectioned", "flat-vs-sectioned", "duplicates", "content-updates", "section-updates",
        "moves-across-sections", "empty", "empty-to-flat", "sections-deleted-inserted", "id-key", "text",
    ]

    @Test(arguments: cases)
    func outputMatchesGoldenFile(_ name: String) throws {
        let folder = Self.directory.appendingPathComponent(name)
        let old = folder.appendingPathComponent("old.json").path, new = folder.appendingPathComponent("new.json").path
        let extra =
            (try? String(contentsOf: folder.appendingPathComponent("args"), encoding: .utf8))?
            .split(whereSeparator: \.isWhitespace).map(String.init) ?? []
        let result = runDiff([old, new] + extra)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)

        let isText = extra.contains("text")
        let expectedURL = folder.appendingPathComponent(isText ? "expected.txt" : "expected.json")
        let actual = maskingMillis(result.stdout)
        if ProcessInfo.processInfo.environment["ROWDIFF_UPDATE_GOLDEN"] != nil {
            try Data(actual.utf8).write(to: expectedURL)
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(actual == expected, "\(name): output differs from \(expectedURL.lastPathComponent):\n\(actual)")

        if !isText {
            let idKey = extra.firstIndex(of: "--id-key").map { extra[$0 + 1] } ?? "id"
            checkInvariants(
                of: try result.json(),
                old: try inputModel(String(contentsOfFile: old, encoding: .utf8), idKey: idKey),
                new: try inputModel(String(contentsOfFile: new, encoding: .utf8), idKey: idKey))
        }
    }
}
