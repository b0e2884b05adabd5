import Foundation
import Testing
@testable import RowDiffCLI

/// Outputs checked against invariants rather than golden files: every stage passes the strict
/// validator for both view kinds, the patch replays old into new, moves are minimal.
@Suite struct OutputTests {
    @Test func randomFlatLists_stagesValidate_patchReplays_movesAreMinimal() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var rng = SplitMix64(seed: seed)
        for round in 0..<60 {
            // Unique identities: old is a shuffled subset of a pool; new keeps most of old, in order
            // or not, and adds some of the pool's other identities.
            let pool = Array(0..<Int.random(in: 0...30, using: &rng))
            let old = pool.shuffled(using: &rng).filter { _ in Int.random(in: 0..<5, using: &rng) > 0 }
            var new =
                old.filter { _ in Int.random(in: 0..<4, using: &rng) > 0 } + pool.filter { !old.contains($0) && Bool.random(using: &rng) }
            if Bool.random(using: &rng) { new.shuffle(using: &rng) } else if new.count > 1 { new.swapAt(0, new.count - 1) }
            func element(_ id: Int, content: Int, spelling: Bool) -> String {
                let identity = id % 2 == 0 ? (spelling ? "\(id).0" : "\(id)") : "\"s\(id)\""
                return "{\"id\": \(identity), \"v\": \(content)}"
            }
            let oldText = "[" + old.map { element($0, content: $0 % 3, spelling: false) }.joined(separator: ", ") + "]"
            let newText =
                "["
                + new.map { element($0, content: ($0 + round) % 3 == 0 ? 9 : $0 % 3, spelling: Bool.random(using: &rng)) }
                .joined(separator: ", ") + "]"
            let result = diffJSON(oldText, newText)
            #expect(result.status == 0, "seed \(seed) round \(round)")
            let output = try result.json()
            checkInvariants(of: output, old: try inputModel(oldText), new: try inputModel(newText), context: "seed \(seed) round \(round)")
            // Minimal moves: matched − longest increasing subsequence of old positions in new order.
            let oldPosition = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
            let matched = new.compactMap { oldPosition[$0] }
            #expect(
                output["stats"]["moves"].int == matched.count - Self.lisLength(matched),
                "seed \(seed) round \(round): \(old) → \(new)")
        }
    }

    @Test func sectionedChanges_stagesValidate_forEveryKindOfChange() throws {
        let old = """
            {"sections": [
              {"id": "a", "h": 1, "items": [1, 2, 3, {"id": 4, "v": 1}]},
              {"id": "b", "items": [5, 6]},
              {"id": "c", "items": [7, 8, 9]},
              {"id": "d", "h": "x", "items": [10]}
            ]}
            """
        let new = """
            {"sections": [
              {"id": "d", "h": "y", "items": [10, 6]},
              {"id": "a", "h": 1, "items": [3, 1, {"id": 4, "v": 2}, 11]},
              {"id": "e", "items": [7, 12]},
              {"id": "b", "items": [5, 2]}
            ]}
            """
        let output = try diffJSON(old, new).json()
        checkInvariants(of: output, old: try inputModel(old), new: try inputModel(new))
        #expect(output["stages"].array.count >= 2)
    }

    @Test func textFormat_isASummaryForPeople_notJSON() {
        let result = diffJSON(
            #"{"sections": [{"id": "A", "items": ["a", "b"]}, {"id": "B", "t": 1, "items": ["c"]}, {"id": "Z", "items": []}]}"#,
            #"{"sections": [{"id": "B", "t": 2, "items": ["c", "b", "n"]}, {"id": "A", "items": ["a", "a"]}]}"#,
            ["--format", "text"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect((try? JSONParser.parse(Array(result.stdout.utf8))) == nil)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines.prefix(4) == [
                "old: 3 sections, 3 items",
                "new: 2 sections, 5 items",
                "sections: 1 deleted, 0 inserted, 1 moved, 1 updated",
                "items: 0 deleted, 2 inserted, 1 moved, 0 updated",
            ])
        #expect(lines.contains("duplicate item ids: \"a\""))
        #expect(lines.contains("delete section  \"Z\"  2"))
        #expect(lines.contains("move section    \"B\"  1 → 0"))
        #expect(lines.contains("update section  \"B\"  1 → 0"))
        #expect(lines.contains("move            \"b\"  (0,1) → (0,1)"))
        #expect(lines.contains("insert          \"n\"  (0,2)"))
        #expect(result.stdout.hasSuffix("\n"))
    }

    @Test func textFormat_saysWhenNothingChanged() {
        let result = diffJSON("[1, 2]", "[1.0, 2]", ["--format", "text"])
        #expect(result.stdout.hasSuffix("\nno changes\n"))
    }

    @Test func millis_isFormattedAsAPlainNumber() {
        #expect(DiffReport.formatMillis(0) == "0")
        #expect(DiffReport.formatMillis(0.0421) == "0.042")
        #expect(DiffReport.formatMillis(12.5) == "12.5")
        #expect(DiffReport.formatMillis(1500) == "1500")
        #expect(DiffReport.formatMillis(0.0004) == "0")
    }

    /// The built executable behaves like the in-process command: same output, same statuses.
    /// Skipped when no executable sits next to the test bundle (`swift test` builds one).
    @Test(.enabled(if: OutputTests.builtExecutable() != nil, "no built rowdiff executable next to the test bundle"))
    func builtExecutable_matchesTheInProcessCommand() throws {
        let binary = try #require(Self.builtExecutable())
        let golden = GoldenTests.directory.appendingPathComponent("flat")
        let old = golden.appendingPathComponent("old.json").path, new = golden.appendingPathComponent("new.json").path

        let ok = try Self.run(binary, ["diff", old, new])
        #expect(ok.status == 0 && ok.stderr.isEmpty)
        #expect(maskingMillis(ok.stdout) == maskingMillis(runDiff([old, new]).stdout))

        let piped = try Self.run(binary, ["diff", "-", new], stdin: "[1, }")
        #expect(piped.status == 2 && piped.stdout.isEmpty)
        #expect(piped.stderr == "rowdiff: <stdin>:1:5: unexpected character '}', expected a value\n")

        let usage = try Self.run(binary, ["diff", "-", "-"])
        #expect(usage.status == 64 && usage.stdout.isEmpty)
    }

    static func builtExecutable() -> URL? {
        // The test bundle lives in the build products directory, next to the executable.
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("rowdiff")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    static func run(_ binary: URL, _ arguments: [String], stdin: String = "") throws -> RunResult {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return RunResult(
            stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
            status: process.terminationStatus)
    }

    /// Length of a longest strictly increasing subsequence. - Complexity: O(n log n).
    static func lisLength(_ values: [Int]) -> Int {
        var tails: [Int] = []
        for value in values {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if tails[middle] < value { low = middle + 1 } else { high = middle }
            }
            if low == tails.count { tails.append(value) } else { tails[low] = value }
        }
        return tails.count
    }
}
