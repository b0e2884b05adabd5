import ArgumentParser

/// `rowdiff diff OLD NEW`: the changes between two JSON lists, as JSON (the contract in
/// docs/JSON.md) or as a summary for people.
public struct DiffCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Diff two JSON lists: changes, UIKit-safe stages, a sequential patch.",
        discussion: """
            Each input is a JSON array (a flat list) or {"sections": [{"id": ID, "items": [...]}, ...]}. \
            A list element that is an object has its identity in the --id-key field; a string, number, \
            boolean or null is its own identity. Identities and contents compare as JSON values \
            (1 equals 1.0, "1" differs from 1, key order does not matter).

            Bad input (unreadable, over 1 GiB, not JSON, the wrong shape), too little memory for inputs \
            that large, or output that cannot be written prints one line on standard error and exits \
            with 2.
            """)

    /// The output formats.
    public enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
        /// The JSON object of the contract.
        case json
        /// A summary for people.
        case text
    }

    @Argument(help: ArgumentHelp("The old list: a JSON file, or - for standard input.", valueName: "old.json"))
    var old: String

    @Argument(help: ArgumentHelp("The new list: a JSON file, or - for standard input.", valueName: "new.json"))
    var new: String

    @Option(name: .customLong("id-key"), help: ArgumentHelp("The field holding a row object's identity.", valueName: "key"))
    var idKey: String = "id"

    @Option(help: "The output format.")
    var format: Format = .json

    public init() {}

    public func validate() throws {
        if old == "-" && new == "-" {
            throw ValidationError("Only one of <old.json> and <new.json> can be '-' (standard input).")
        }
    }

    public func run() throws {
        let operands = DiffOperands.resolve(self, arguments: DiffOperands.processArguments())
        let outcome = execute(operands) { StandardIO.readStandardInput() }
        var status = outcome.status
        if case .failure(let reason) = StandardIO.write(outcome.stdout, to: 1) {
            // A full disk or a closed stdout: the output is lost, so say so and fail.
            StandardIO.write(Array("rowdiff: cannot write the output: \(reason)\n".utf8), to: 2)
            status = DiffInputError.exitStatus
        }
        StandardIO.write(Array(outcome.stderr.utf8), to: 2)
        if status != 0 { throw ExitCode(status) }
    }

    /// Runs the diff: reads both inputs, diffs them, renders the result. Nothing touches the
    /// process's streams, so tests call this directly.
    /// - Parameters:
    ///   - operands: the paths and id key as bytes (see ``DiffOperands``).
    ///   - readStandardInput: the bytes of standard input, read when a side is `-`.
    func execute(_ operands: DiffOperands, readStandardInput: () -> Result<InputBuffer, ReadFailure>) -> DiffOutcome {
        do {
            guard let idKey = UTF8Text.decode(operands.idKey) else {
                throw DiffInputError(file: "--id-key \(DisplayName.of(operands.idKey))", kind: .notUTF8)
            }
            // Read both sides before parsing either, so the memory checks see the whole input.
            let oldInput = try Self.read(operands.old, readStandardInput)
            let newInput = try Self.read(operands.new, readStandardInput)
            let parsing = MemoryBudget.parsing(inputBytes: oldInput.bytes.count + newInput.bytes.count)
            guard MemoryBudget.isAvailable(parsing) else {
                throw DiffInputError(file: newInput.name, kind: .outOfMemory(needed: parsing))
            }
            let decoder = InputDecoder(idKey: idKey)
            let oldSections = try Self.sections(of: oldInput, decoder)
            let newSections = try Self.sections(of: newInput, decoder)
            let elements = [oldSections, newSections].joined().reduce(0) { $0 + 1 + $1.rows.count }
            let diffing = MemoryBudget.diffing(elements: elements)
            guard MemoryBudget.isAvailable(diffing) else {
                throw DiffInputError(file: newInput.name, kind: .outOfMemory(needed: diffing))
            }
            let report = DiffReport(old: oldSections, new: newSections)
            return DiffOutcome(stdout: format == .json ? report.json() : report.text(), stderr: "", status: 0)
        } catch {
            return DiffOutcome(stdout: [], stderr: "rowdiff: \(error)\n", status: DiffInputError.exitStatus)
        }
    }

    /// One side's bytes and the name messages use for it.
    private struct Input {
        var name: String
        var bytes: InputBuffer
    }

    /// Reads `argument` (a path, or `-`).
    private static func read(
        _ argument: [UInt8], _ readStandardInput: () -> Result<InputBuffer, ReadFailure>
    ) throws(DiffInputError) -> Input {
        let isStandardInput = argument == DiffOperands.standardInput
        let name = isStandardInput ? DiffInputError.standardInputName : DisplayName.of(argument)
        switch isStandardInput ? readStandardInput() : StandardIO.readFile(atPath: argument) {
        case .success(let bytes): return Input(name: name, bytes: bytes)
        case .failure(let reason): throw DiffInputError(file: name, kind: .unreadable(reason))
        }
    }

    /// The sections of one side.
    private static func sections(of input: Input, _ decoder: InputDecoder) throws(DiffInputError) -> [JSONSection] {
        let document: JSONValue
        do {
            document = try input.bytes.withBytes { (bytes) throws(JSONSyntaxError) in try JSONParser.parse(bytes) }
        } catch {
            let place = input.bytes.withBytes { error.location(in: $0) }
            throw DiffInputError(file: input.name, kind: .syntax(line: place.line, column: place.column, message: error.message))
        }
        do {
            return try decoder.sections(of: document)
        } catch {
            throw DiffInputError(file: input.name, kind: .shape(error))
        }
    }
}

/// What one run of `rowdiff diff` produced.
struct DiffOutcome: Sendable {
    var stdout: [UInt8]
    var stderr: String
    var status: Int32
}

/// Bad input: which file, and what is wrong with it. Its description is the one-line message of
/// docs/JSON.md ("Errors"), without the `rowdiff: ` prefix.
struct DiffInputError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        /// The file could not be read, or is larger than the input limit.
        case unreadable(ReadFailure)
        /// The inputs are read, but the memory parsing or diffing them can need is not available.
        case outOfMemory(needed: Int)
        /// `--id-key` is not UTF-8 (JSON keys are Unicode text, so it could match nothing).
        case notUTF8
        /// Not JSON; line and column are 1-based.
        case syntax(line: Int, column: Int, message: String)
        /// JSON, but not a list the contract accepts.
        case shape(InputShapeError)
    }

    /// The name standard input goes by in messages. `file` is a ``DisplayName``, so it is always
    /// one line.
    static let standardInputName = "<stdin>"
    /// The exit status for bad input (usage errors keep ArgumentParser's 64).
    static let exitStatus: Int32 = 2

    var file: String
    var kind: Kind

    var description: String {
        switch kind {
        case .unreadable(let reason): return "\(file): \(reason)"
        case .outOfMemory(let needed):
            return "\(file): not enough memory to diff inputs of this size (up to \(ByteCount(needed)) needed)"
        case .notUTF8: return "\(file): not valid UTF-8; JSON keys are Unicode text"
        case .syntax(let line, let column, let message): return "\(file):\(line):\(column): \(message)"
        case .shape(let error): return "\(file): \(error.message) at \(error.path)"
        }
    }
}

/// Runs `rowdiff diff` in-process, as the executable would, for tests.
enum DiffTool {
    /// Runs `rowdiff diff` with `arguments` (those after `diff`), feeding `stdin` to a `-` side.
    /// - Returns: what the executable would print on each stream, and its exit status.
    static func run(arguments: [String], stdin: [UInt8] = []) -> (stdout: String, stderr: String, status: Int32) {
        run(rawArguments: arguments.map { Array($0.utf8) }, stdin: stdin)
    }

    /// Runs `rowdiff diff` with arguments given as bytes, as a shell passes them (they need not be
    /// UTF-8); ArgumentParser sees them as the executable's does, repaired to Swift strings.
    static func run(rawArguments: [[UInt8]], stdin: [UInt8] = []) -> (stdout: String, stderr: String, status: Int32) {
        let command: DiffCommand
        let arguments = [Array("diff".utf8)] + rawArguments
        do {
            var parsed = try RowDiffCommand.parseAsRoot(arguments.map { String(decoding: $0, as: UTF8.self) })
            guard let diff = parsed as? DiffCommand else {
                // `--help` parses as ArgumentParser's help command, which reports by throwing.
                try parsed.run()
                return ("", "", 0)
            }
            command = diff
        } catch {
            // Usage errors and --help, exactly as ArgumentParser's main() reports them.
            let status = RowDiffCommand.exitCode(for: error).rawValue
            let message = RowDiffCommand.fullMessage(for: error) + "\n"
            return status == 0 ? (message, "", status) : ("", message, status)
        }
        let operands = DiffOperands.resolve(command, arguments: arguments)
        let outcome = command.execute(operands) { .success(InputBuffer(stdin)) }
        return (String(decoding: outcome.stdout, as: UTF8.self), outcome.stderr, outcome.status)
    }
}
