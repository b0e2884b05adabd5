import Foundation
import Testing
@testable import RowDiffCLI

#if canImport(Glibc)
import Glibc
#endif

/// Hostile and careless input: sizes beyond memory, output that cannot be written, names that are
/// not UTF-8 or hold a newline, numbers beyond any floating-point range. Every case ends with one
/// line on stderr and a non-zero status, or with the exactly right answer.
@Suite struct EdgeInputTests {
    private static let binary = OutputTests.builtExecutable()

    /// Whether this build runs under ThreadSanitizer or AddressSanitizer (`swift test --sanitize=…`,
    /// which builds `rowdiff` the same way): their runtimes reserve terabytes of address space at
    /// start-up and cannot run under `ulimit -v`, so the address-space-limit tests only run in
    /// plain builds (as `scripts/test.sh`'s `swift test` does).
    private static let isSanitized: Bool = {
        let program = dlopen(nil, RTLD_NOW) // the test process and everything it loaded
        let runtimes: [String] = ["__tsan_init", "__asan_init"]
        return runtimes.contains { dlsym(program, $0) != nil }
    }()

    /// The tests that start `rowdiff` under `ulimit -v`.
    private static var canLimitAddressSpace: Bool { binary != nil && !isSanitized }

    /// Runs `script` with `sh -c`, `$0` being the built `rowdiff`.
    private func shell(_ script: String, in scratch: Scratch) throws -> RunResult {
        let binary = try #require(Self.binary)
        return try OutputTests.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "cd '\(scratch.directory.path)' && \(script)", binary.path])
    }

    private func expectOneLine(_ result: RunResult, status: Int32 = 2, prefix: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == status, "status \(result.status), stderr \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix(prefix), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            result.stderr.hasSuffix("\n") && result.stderr.dropLast().firstIndex(of: "\n") == nil,
            "not one line: \(result.stderr)", sourceLocation: sourceLocation)
    }

    // MARK: Size and memory

    @Test func endlessInput_stopsAtTheLimit_asAFileAndAsAStream() throws {
        #expect(StandardIO.readFile(atPath: Array("/dev/zero".utf8), limit: 1 << 20).failure == .tooLarge(limit: 1 << 20))
        let zero = open("/dev/zero", O_RDONLY)
        defer { close(zero) }
        // Standard input is read by the same function.
        #expect(StandardIO.readAll(zero, expectedSize: 0, limit: 100_000).failure == .tooLarge(limit: 100_000))
        #expect(ReadFailure.tooLarge(limit: 1 << 30).description == "input larger than the limit of 1 GiB (see docs/JSON.md)")
    }

    @Test func regularFile_overTheLimit_isRejected_andOneAtTheLimitIsRead() throws {
        let scratch = Scratch()
        let path = Array(scratch.file("big.json", String(repeating: " ", count: 1000) + "[]").utf8)
        #expect(StandardIO.readFile(atPath: path, limit: 1001).failure == .tooLarge(limit: 1001))
        let read = try StandardIO.readFile(atPath: path, limit: 1002).get()
        #expect(read.count == 1002)
    }

    @Test func memoryThatIsNotThere_isReportedNotAllocated() {
        #expect(!MemoryBudget.isAvailable(Int.max))
        #expect(MemoryBudget.isAvailable(1 << 20))
        #expect(MemoryBudget.parsing(inputBytes: Int.max / 2) == Int.max)
        #expect(MemoryBudget.diffing(elements: Int.max / 2) == Int.max)
    }

    @Test(.enabled(if: EdgeInputTests.canLimitAddressSpace, "no built rowdiff executable, or a sanitized build (no ulimit -v)"))
    func devZero_underAMemoryLimit_exits2WithOneLine_asAFileAndOnStdin() throws {
        let scratch = Scratch()
        scratch.file("new.json", "[]")
        // 1 GiB of address space: the input limit cannot even be buffered.
        let file = try shell(#"ulimit -v 1048576 && exec "$0" diff /dev/zero new.json"#, in: scratch)
        expectOneLine(file, prefix: "rowdiff: /dev/zero: ")
        let stdin = try shell(#"ulimit -v 1048576 && exec "$0" diff - new.json < /dev/zero"#, in: scratch)
        expectOneLine(stdin, prefix: "rowdiff: <stdin>: ")
    }

    @Test(.enabled(if: EdgeInputTests.canLimitAddressSpace, "no built rowdiff executable, or a sanitized build (no ulimit -v)"))
    func inputThatFits_butWhoseParseWouldNot_exits2BeforeParsing() throws {
        let scratch = Scratch()
        // 2 × 12 MB of one-digit rows: parsing could need ~1.2 GB, more than 1 GiB of address space.
        scratch.file("old.json", "[" + String(repeating: "0,", count: 6_000_000) + "0]")
        let result = try shell(#"ulimit -v 1048576 && exec "$0" diff old.json old.json"#, in: scratch)
        expectOneLine(result, prefix: "rowdiff: old.json: not enough memory to diff inputs of this size (up to 1152000288 bytes needed)")
    }

    @Test(.enabled(if: EdgeInputTests.canLimitAddressSpace, "no built rowdiff executable, or a sanitized build (no ulimit -v)"))
    func inputThatParses_butWhoseDiffWouldNot_exits2BeforeDiffing() throws {
        let scratch = Scratch()
        // 2 × 2 MB, 2 × 1M rows: parsing fits in 1 GiB, the diff could need ~770 MB more.
        scratch.file("old.json", "[" + String(repeating: "0,", count: 999_999) + "0]")
        let result = try shell(#"ulimit -v 786432 && exec "$0" diff old.json old.json"#, in: scratch)
        expectOneLine(result, prefix: "rowdiff: old.json: not enough memory to diff inputs of this size (up to 768000768 bytes needed)")
    }

    // MARK: Output

    @Test func writeErrors_areReturned() throws {
        let full = open("/dev/full", O_WRONLY)
        defer { close(full) }
        #expect(StandardIO.write(Array("x".utf8), to: full).failure == SystemReason(description: "No space left on device"))
        let closed = open("/dev/null", O_WRONLY)
        close(closed)
        #expect(StandardIO.write(Array("x".utf8), to: closed).failure == SystemReason(description: "Bad file descriptor"))
    }

    @Test(.enabled(if: EdgeInputTests.binary != nil, "no built rowdiff executable next to the test bundle"))
    func fullOrClosedStdout_failsWithOneLine() throws {
        let scratch = Scratch()
        scratch.file("old.json", "[1, 2]")
        scratch.file("new.json", "[2, 1]")
        let full = try shell(#"exec "$0" diff old.json new.json > /dev/full"#, in: scratch)
        #expect(full.status == 2)
        #expect(full.stderr == "rowdiff: cannot write the output: No space left on device\n")
        let closed = try shell(#"exec "$0" diff old.json new.json >&-"#, in: scratch)
        #expect(closed.status == 2)
        #expect(closed.stderr == "rowdiff: cannot write the output: Bad file descriptor\n")
        let text = try shell(#"exec "$0" diff --format text old.json new.json > /dev/full"#, in: scratch)
        #expect(text.status == 2 && text.stderr.hasPrefix("rowdiff: cannot write the output: "))
    }

    // MARK: Names and keys as bytes

    /// Creates a file whose name is `name` (any bytes) in `scratch`, holding `contents`.
    private func createFile(named name: [UInt8], in scratch: Scratch, _ contents: String) throws -> [UInt8] {
        let path = Array(scratch.directory.path.utf8) + [UInt8(ascii: "/")] + name
        let descriptor = (path + [0]).withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(StandardIO.write(Array(contents.utf8), to: descriptor).failure == nil)
        return path
    }

    @Test func nonUTF8FileName_opensThatFile_notItsRepairedName() throws {
        let scratch = Scratch()
        let latin1 = try createFile(named: Array("caf".utf8) + [0xE9] + Array(".json".utf8), in: scratch, #"["a", "b"]"#)
        // The name U+FFFD repair would produce holds something else: opening it would be wrong.
        scratch.file("caf\u{FFFD}.json", #"["zzz"]"#)
        let new = Array(scratch.file("new.json", #"["b", "a"]"#).utf8)
        let result = DiffTool.run(rawArguments: [latin1, new])
        #expect(result.status == 0, "\(result.stderr)")
        let changes = try RunResult(stdout: result.stdout, stderr: "", status: 0).json()["changes"]
        #expect(changes["itemMoves"].array.count == 1 && changes["itemDeletes"].array.isEmpty)
    }

    @Test func nonUTF8FileName_isShownByteForByte_whenMissing() {
        let scratch = Scratch()
        let missing = Array(scratch.directory.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".json".utf8)
        let result = DiffTool.run(rawArguments: [missing, Array(scratch.file("new.json", "[]").utf8)])
        #expect(result.stderr == "rowdiff: $'\(scratch.directory.path)/caf\\xe9.json': No such file or directory\n")
        #expect(result.status == 2)
    }

    @Test(.enabled(if: EdgeInputTests.binary != nil, "no built rowdiff executable next to the test bundle"))
    func nonUTF8FileName_fromTheShell_opensThatFile() throws {
        let scratch = Scratch()
        _ = try createFile(named: Array("caf".utf8) + [0xE9] + Array(".json".utf8), in: scratch, #"["a"]"#)
        scratch.file("new.json", #"["a", "b"]"#)
        let result = try shell(#"exec "$0" diff --format text "$(printf 'caf\351.json')" new.json"#, in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("items: 0 deleted, 1 inserted"))
    }

    @Test func fileNameWithANewline_staysOnOneLine() {
        let scratch = Scratch()
        let result = runDiff([scratch.path("a\nb.json"), scratch.file("new.json", "[]")])
        #expect(result.stderr == "rowdiff: $'\(scratch.directory.path)/a\\nb.json': No such file or directory\n")
        #expect(result.status == 2)
        // A syntax error in such a file too.
        let bad = scratch.file("x\ty.json", "[1,]")
        #expect(
            runDiff([bad, scratch.path("new.json")]).stderr
                == "rowdiff: $'\(scratch.directory.path)/x\\ty.json':1:4: trailing comma: expected a value before ']'\n")
    }

    @Test func nonUTF8IdKey_isRejected_notMatchedToTheReplacementCharacter() {
        let scratch = Scratch()
        let file = Array(scratch.file("rows.json", #"[{"\ufffd": 1}, {"\ufffd": 2}]"#).utf8)
        let result = DiffTool.run(rawArguments: [file, file, Array("--id-key".utf8), [0xFF]])
        #expect(result.stderr == "rowdiff: --id-key $'\\xff': not valid UTF-8; JSON keys are Unicode text\n")
        #expect(result.status == 2 && result.stdout.isEmpty)
        // The real U+FFFD key still works.
        #expect(
            runDiff([String(decoding: file, as: UTF8.self), String(decoding: file, as: UTF8.self), "--id-key", "\u{FFFD}"]).status == 0)
    }

    @Test func operands_areTakenFromTheRawArguments_inEveryGrammar() throws {
        let bad: [UInt8] = [0x61, 0xFF]
        let cases: [([[UInt8]], DiffOperands)] = [
            ([bad, Array("n".utf8)], DiffOperands(old: bad, new: Array("n".utf8), idKey: Array("id".utf8))),
            ([Array("--id-key".utf8), bad, Array("o".utf8), bad], DiffOperands(old: Array("o".utf8), new: bad, idKey: bad)),
            (
                [Array("--id-key=".utf8) + bad, Array("--format".utf8), Array("text".utf8), Array("-".utf8), bad],
                DiffOperands(old: Array("-".utf8), new: bad, idKey: bad)
            ),
            (
                [Array("--".utf8), Array("--id-key".utf8), bad],
                DiffOperands(old: Array("--id-key".utf8), new: bad, idKey: Array("id".utf8))
            ),
        ]
        for (arguments, expected) in cases {
            let all = [Array("diff".utf8)] + arguments
            let parsed = try #require(try RowDiffCommand.parseAsRoot(all.map { String(decoding: $0, as: UTF8.self) }) as? DiffCommand)
            #expect(DiffOperands.resolve(parsed, arguments: all) == expected, "\(arguments)")
        }
    }

    @Test func operands_fallBackToTheParsedStrings_whenTheWalkDisagrees() throws {
        let parsed = try #require(try RowDiffCommand.parseAsRoot(["diff", "a.json", "b.json"]) as? DiffCommand)
        // An argument vector that is not the one parsed (as for a test runner's own argv).
        let operands = DiffOperands.resolve(parsed, arguments: [Array("--filter".utf8), Array("x".utf8)])
        #expect(operands == DiffOperands(old: Array("a.json".utf8), new: Array("b.json".utf8), idKey: Array("id".utf8)))
    }

    @Test(arguments: [
        ("plain.json", "plain.json"), ("caf\u{E9} 日本.json", "caf\u{E9} 日本.json"),
        ("a\nb", "$'a\\nb'"), ("it's\n", "$'it\\'s\\n'"), ("back\\slash\r", "$'back\\\\slash\\r'"),
        ("\u{7F}\u{85}\u{2028}", "$'\\x7f\\u0085\\u2028'"),
    ])
    func displayNames_areOneLine_andUnambiguous(_ name: String, _ shown: String) {
        #expect(DisplayName.of(Array(name.utf8)) == shown)
    }

    @Test func displayNames_showEveryInvalidByte() {
        #expect(DisplayName.of([0x61, 0xFF, 0xC3, 0x62, 0xE2, 0x82]) == "$'a\\xff\\xc3b\\xe2\\x82'")
    }

    // MARK: Numbers beyond Double

    @Test func hugeExponents_compareExactly() throws {
        let differ = try diffJSON("[1e9007199254740993]", "[1e9007199254740992]").json()["changes"]
        #expect(differ["itemDeletes"].array.count == 1 && differ["itemInserts"].array.count == 1)
        let equal = try diffJSON("[10e9007199254740992]", "[1e9007199254740993]").json()["changes"]
        #expect(equal["itemDeletes"].array.isEmpty && equal["itemInserts"].array.isEmpty)
        let largest = try diffJSON("[-1.5e-999999999999999999]", "[-0.15e-999999999999999998]").json()["changes"]
        #expect(largest["itemDeletes"].array.isEmpty && largest["itemInserts"].array.isEmpty)
    }

    @Test func exponentsBeyondEighteenDigits_areRejectedWithAClearMessage() {
        let result = diffJSON("[1,\n 2e1234567890123456789]", "[]")
        #expect(result.stderr.hasSuffix(".json:2:2: number out of range: the exponent has more than 18 digits\n"))
        #expect(result.status == 2 && result.stdout.isEmpty)
        // Leading zeros are not digits of the exponent's value.
        #expect(json("1e0000000000000000000000005") == json("100000"))
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
