import Foundation
import Testing
@testable import RowDiffCLI

/// Bad input: one line on stderr naming the file and the place, exit status 2, nothing on stdout
/// (docs/JSON.md, pinned detail 9). Usage errors keep ArgumentParser's exit status 64.
@Suite struct ErrorTests {
    /// Runs with `old` as the old file (named "old.json") and a valid new file; returns stderr.
    private func failure(
        old: String, _ extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) -> (message: String, path: String) {
        let scratch = Scratch()
        let path = scratch.file("old.json", old)
        let result = runDiff([path, scratch.file("new.json", "[]")] + extra)
        #expect(result.status == 2, sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(
            result.stderr.hasSuffix("\n") && result.stderr.dropLast().firstIndex(of: "\n") == nil,
            "not one line: \(result.stderr)", sourceLocation: sourceLocation)
        return (String(result.stderr.dropLast()), path)
    }

    // MARK: Syntax

    @Test(arguments: [
        ("[1,\n 2,,]", "2:4: unexpected character ',', expected a value"),
        ("[1, 2", "1:6: unexpected end of input, expected ',' or ']'"),
        ("", "1:1: unexpected end of input, expected a value"),
        ("  \n\n   ", "3:4: unexpected end of input, expected a value"),
        ("[1 2]", "1:4: unexpected character '2', expected ',' or ']' after an array element"),
        ("[1,]", "1:4: trailing comma: expected a value before ']'"),
        (#"{"a": 1,}"#, "1:9: trailing comma: expected a key before '}'"),
        (#"{"a" 1}"#, "1:6: unexpected character '1', expected ':' after an object key"),
        (#"{a: 1}"#, "1:2: unexpected character 'a', expected a string key"),
        (#"{"a": 1 "b": 2}"#, "1:9: unexpected character '\"', expected ',' or '}' after an object member"),
        (#"["abc"#, "1:2: unterminated string"),
        ("[\"a\nb\"]", "1:4: unescaped control character U+000A in a string"),
        (#"["\q"]"#, "1:3: invalid escape '\\q' in a string"),
        (#"["\u12G4"]"#, "1:3: invalid \\u escape: expected four hexadecimal digits"),
        (#"["\ud800"]"#, "1:3: unpaired surrogate \\uD800 in a string"),
        (#"["\udc00\ud800"]"#, "1:3: unpaired surrogate \\uDC00 in a string"),
        ("[01]", "1:3: invalid number: leading zeros are not allowed"),
        ("[1.]", "1:4: invalid number: expected a digit after '.'"),
        ("[1e]", "1:4: invalid number: expected a digit in the exponent"),
        ("[-]", "1:3: invalid number: expected a digit"),
        ("[+1]", "1:2: unexpected character '+', expected a value"),
        ("[NaN]", "1:2: unexpected character 'N', expected a value"),
        ("[tru]", "1:2: invalid literal, expected 'true'"),
        ("[] []", "1:4: unexpected character '[' after the JSON value"),
        ("// c\n[]", "1:1: unexpected character '/', expected a value"),
        ("[\"é\", \u{A0}1]", "1:7: unexpected character U+00A0, expected a value"),
        ("\n\n  [\"日本\", x]", "3:10: unexpected character 'x', expected a value"),
    ])
    func syntaxError_namesFileLineAndColumn(_ input: String, _ expected: String) {
        let (message, path) = failure(old: input)
        #expect(message == "rowdiff: \(path):\(expected)")
    }

    @Test func invalidUTF8_isASyntaxErrorAtTheByte() throws {
        let scratch = Scratch()
        let path = scratch.path("old.json")
        try Data([UInt8(ascii: "["), UInt8(ascii: "\""), 0x61, 0xFF, UInt8(ascii: "\""), UInt8(ascii: "]")]).write(
            to: URL(fileURLWithPath: path))
        let result = runDiff([path, scratch.file("new.json", "[]")])
        #expect(result.stderr == "rowdiff: \(path):1:4: invalid UTF-8 byte 0xFF\n")
        #expect(result.status == 2 && result.stdout.isEmpty)
    }

    @Test func deepNesting_isRejected_notAStackOverflow() {
        let (message, path) = failure(old: String(repeating: "[", count: 100_000))
        #expect(message == "rowdiff: \(path):1:513: arrays and objects nest deeper than 512 levels")
    }

    // MARK: Shape and identity

    @Test(arguments: [
        (#"[{"id": 1}, {"name": "x"}]"#, #"missing identity field "id" at $[1]"#),
        (
            #"{"sections": [{"id": 0, "items": []}, {"id": 1, "items": [1, 2, {"x": 1}]}]}"#,
            #"missing identity field "id" at $.sections[1].items[2]"#
        ),
        (#"["a", ["b"]]"#, "an array cannot be a list element (expected an object, string, number, boolean or null) at $[1]"),
        (
            #"{"sections": [{"id": 1, "items": [[]]}]}"#,
            "an array cannot be a list element (expected an object, string, number, boolean or null) at $.sections[0].items[0]"
        ),
        ("42", "expected an array or an object with a \"sections\" array, found a number at $"),
        (#""list""#, "expected an array or an object with a \"sections\" array, found a string at $"),
        (#"{"items": []}"#, "expected an array or an object with a \"sections\" array, found an object without \"sections\" at $"),
        (#"{"sections": {}}"#, "\"sections\" must be an array, found an object at $.sections"),
        (#"{"sections": [1]}"#, "a section must be an object, found a number at $.sections[0]"),
        (#"{"sections": [{"id": 1, "items": []}, {"id": 2}]}"#, "section has no \"items\" array at $.sections[1]"),
        (#"{"sections": [{"items": []}]}"#, "section has no \"id\" field at $.sections[0]"),
        (#"{"sections": [{"id": 1, "items": {"a": 1}}]}"#, "\"items\" must be an array, found an object at $.sections[0].items"),
    ])
    func shapeError_namesFileAndPath(_ input: String, _ expected: String) {
        let (message, path) = failure(old: input)
        #expect(message == "rowdiff: \(path): \(expected)")
    }

    @Test func idKey_isNamedInTheMessage() {
        let (message, path) = failure(old: #"[{"id": 1}]"#, ["--id-key", "uuid"])
        #expect(message == #"rowdiff: \#(path): missing identity field "uuid" at $[0]"#)
    }

    @Test func theNewSide_isCheckedToo_andNamed() {
        let scratch = Scratch()
        let new = scratch.file("new.json", "{\"sections\": [{\"id\": 1, \"items\": [{}]}]}")
        let result = runDiff([scratch.file("old.json", "[]"), new])
        #expect(result.stderr == "rowdiff: \(new): missing identity field \"id\" at $.sections[0].items[0]\n")
        #expect(result.status == 2 && result.stdout.isEmpty)
    }

    // MARK: Files

    @Test func missingFile_givesTheSystemsReason() {
        let scratch = Scratch()
        let missing = scratch.path("nope.json")
        let result = runDiff([missing, scratch.file("new.json", "[]")])
        #expect(result.stderr == "rowdiff: \(missing): No such file or directory\n")
        #expect(result.status == 2 && result.stdout.isEmpty)
    }

    @Test func directory_isUnreadable() {
        let scratch = Scratch()
        let result = runDiff([scratch.file("old.json", "[]"), scratch.directory.path])
        #expect(result.stderr == "rowdiff: \(scratch.directory.path): Is a directory\n")
        #expect(result.status == 2 && result.stdout.isEmpty)
    }

    @Test func standardInput_isNamedStdin() {
        let scratch = Scratch()
        let result = runDiff(["-", scratch.file("new.json", "[]")], stdin: "[1,\n2,\n{}]")
        #expect(result.stderr == "rowdiff: <stdin>: missing identity field \"id\" at $[2]\n")
        let syntax = runDiff([scratch.file("old.json", "[]"), "-"], stdin: "[1,\n2,\n{]")
        #expect(syntax.stderr == "rowdiff: <stdin>:3:2: unexpected character ']', expected a string key\n")
        #expect(syntax.status == 2 && syntax.stdout.isEmpty)
    }

    @Test func standardInput_canBeEitherSide() throws {
        let scratch = Scratch()
        let new = scratch.file("new.json", #"["a", "b"]"#)
        let result = runDiff(["-", new], stdin: #"["b"]"#)
        #expect(result.status == 0)
        #expect(try result.json()["changes"]["itemInserts"].array.count == 1)
    }

    // MARK: Usage

    @Test(arguments: [
        ["-", "-"],
        ["only-one.json"],
        ["a.json", "b.json", "--format", "yaml"],
        ["a.json", "b.json", "--bogus"],
    ])
    func usageError_exits64_withArgumentParsersMessage(_ arguments: [String]) {
        let result = runDiff(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: "))
    }

    @Test func help_goesToStdout_withStatus0() {
        let result = runDiff(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--id-key"))
        #expect(result.stderr.isEmpty)
    }
}
