import Testing
@testable import RowDiffCLI

/// The JSON value type and parser: equality and hashing agree (RowDiff relies on it), and the
/// parser accepts exactly RFC 8259.
@Suite struct JSONValueTests {
    /// `a == b`, and when equal, equal hashes.
    private func expectEqual(_ a: String, _ b: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let x = json(a), y = json(b)
        #expect(x == y, "\(a) vs \(b)", sourceLocation: sourceLocation)
        #expect(x.hashValue == y.hashValue, "hash of \(a) vs \(b)", sourceLocation: sourceLocation)
    }

    private func expectDifferent(_ a: String, _ b: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(json(a) != json(b), "\(a) vs \(b)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("1", "1.0"), ("1", "1e0"), ("1", "10e-1"), ("1", "0.1e1"), ("100", "1e2"), ("100", "1E+2"),
        ("0", "-0"), ("0", "0.000"), ("0", "0e99"), ("-1.5", "-15e-1"), ("0.001", "1e-3"),
        ("12345678901234567890123", "1.2345678901234567890123e22"),
        ("1e9007199254740993", "10e9007199254740992"), ("-2e-999999999999999999", "-0.2e-999999999999999998"),
    ])
    func numbers_withTheSameValue_areEqualAndHashAlike(_ a: String, _ b: String) {
        expectEqual(a, b)
    }

    @Test(arguments: [
        ("1", "2"), ("1", "-1"), ("1", "1.0000000000000000001"), ("9007199254740993", "9007199254740992"),
        ("1e9007199254740993", "1e9007199254740992"), ("1e999999999999999999", "1e999999999999999998"),
        ("1e2", "1e3"), ("0.1", "1"), ("1", "\"1\""), ("1", "true"), ("0", "false"), ("0", "null"), ("\"\"", "null"),
    ])
    func differentValues_areDifferent(_ a: String, _ b: String) {
        expectDifferent(a, b)
    }

    @Test func strings_compareByCanonicalEquivalence() {
        expectEqual("\"caf\u{E9}\"", "\"cafe\u{301}\"")
        expectEqual("\"caf\\u00e9\"", "\"cafe\\u0301\"")
        expectEqual("\"\\ud83d\\ude00\"", "\"😀\"")
        expectEqual("\"a\\/b\\n\"", "\"a/b\\u000a\"")
        expectDifferent("\"a\"", "\"A\"")
    }

    @Test func objects_compareRegardlessOfKeyOrder_andKeysByCanonicalEquivalence() {
        expectEqual(#"{"a": 1, "b": [1, 2]}"#, #"{"b": [1.0, 2], "a": 1}"#)
        expectEqual("{\"caf\u{E9}\": 1}", "{\"cafe\u{301}\": 1}")
        expectDifferent(#"{"a": 1}"#, #"{"a": 1, "b": null}"#)
        expectDifferent(#"{"a": 1, "b": 2}"#, #"{"a": 2, "b": 1}"#)
    }

    @Test func largeObjects_useTheIndex_andStillCompareRegardlessOfOrder() {
        let keys = (0..<40).map { "\"k\($0)\": \($0)" }
        expectEqual("{\(keys.joined(separator: ","))}", "{\(keys.reversed().joined(separator: ","))}")
        let object = json("{\(keys.joined(separator: ","))}").objectValue!
        #expect(object["k39"] == json("39"))
        #expect(object.removing("k0").count == 39 && object.removing("k0")["k0"] == nil)
    }

    @Test func duplicateKeys_lastValueWins_atTheFirstPosition() {
        let object = json(#"{"a": 1, "b": 2, "a": 3}"#).objectValue!
        #expect(object.members.map(\.key) == ["a", "b"])
        #expect(object["a"] == json("3"))
    }

    @Test func arrays_compareElementByElement() {
        expectEqual("[1, [2, {\"x\": 3}]]", "[1.0, [2, {\"x\": 3e0}]]")
        expectDifferent("[1, 2]", "[2, 1]")
        expectDifferent("[1]", "[1, 1]")
    }

    @Test func hashing_isConsistentAcrossASet() {
        let spellings = ["1", "1.0", "1e0", "10e-1", "0.10e1"]
        #expect(Set(spellings.map(json)).count == 1)
    }

    @Test func parser_acceptsWhitespace_byteOrderMark_andAllLiterals() {
        #expect(
            json("\u{FEFF} \t\r\n[true, false, null, -0.5e-3, \"\", {}, []]\n")
                == .array([
                    .bool(true), .bool(false), .null, json("-0.0005"), .string(""), .object(JSONObject()), .array([]),
                ]))
    }

    @Test func parser_keepsNumberLiteralsAndKeyOrder_forOutput() {
        let value = json(#"{"z": 1.50, "a": 1E3}"#)
        #expect(JSONWriter.compact(value) == #"{"z": 1.50, "a": 1E3}"#)
    }

    @Test func writer_escapesWhatJSONRequires_only() {
        #expect(JSONWriter.quoted("a\"b\\c\n\t\u{1}é😀") == #""a\"b\\c\n\t\u0001é😀""#)
    }

    @Test func syntaxErrorLocation_countsScalarsNotBytes() {
        let bytes = Array("[\"é😀\", ?]".utf8)
        do {
            _ = try JSONParser.parse(bytes)
            Issue.record("parsed")
        } catch {
            #expect(error.location(in: bytes) == (1, 8))
        }
    }

    @Test func nestingUpToTheLimit_parses() {
        let depth = JSONParser.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect((try? JSONParser.parse(Array(text.utf8))) != nil)
    }

    @Test func aLargeArray_parses() throws {
        let text =
            "[" + (0..<100_000).map { "{\"id\": \($0), \"name\": \"row \($0)\", \"v\": [\($0 % 7), true]}" }.joined(separator: ",") + "]"
        let value = try JSONParser.parse(Array(text.utf8))
        #expect(value.arrayValue?.count == 100_000)
        #expect(value.arrayValue?.last?.objectValue?["id"] == json("99999"))
    }
}
