import ArgumentParser

/// `rowdiff diff OLD NEW`: the changes between two JSON lists, as JSON (the contract in
/// DESIGN.md) or as a summary for people.
public struct DiffCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Diff two JSON lists: changes, UIKit-safe stages, a sequential patch.",
        discussion: """
            Each input is a JSON array (a flat list) or {"sections": [{"id": ID, "items": [...]}, ...]}. \
            A list element that is an object has its identity in the --id-key field; a string, number, \
            boolean or null is its own identity. Identities and contents compare as JSON values \
            (1 equals 1.0, "1" differs from 1, key order does not matter).

            Bad input prints one line on standard error naming the file and the place, and exits with 2.
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
        let outcome = execute { StandardIO.readStandardInput() }
        StandardIO.write(outcome.stdout, to: 1)
        StandardIO.write(Array(outcome.stderr.utf8), to: 2)
        if outcome.status != 0 { throw ExitCode(outcome.status) }
    }

    /// Runs the diff: reads both inputs, diffs them, renders the result. Nothing touches the
    /// process's streams, so tests call this directly.
    /// - Parameter readStandardInput: the bytes of standard input, read when a side is `-`.
    func execute(readStandardInput: () -> Result<[UInt8], SystemReason>) -> DiffOutcome {
        do {
            let oldSections = try sections(from: old, readStandardInput)
            let newSections = try sections(from: new, readStandardInput)
            let report = DiffReport(old: oldSections, new: newSections)
            return DiffOutcome(stdout: format == .json ? report.json() : report.text(), stderr: "", status: 0)
        } catch {
            return DiffOutcome(stdout: [], stderr: "rowdiff: \(error)\n", status: DiffInputError.exitStatus)
        }
    }

    /// The sections of input `argument` (a path, or `-`).
    private func sections(
        from argument: String, _ readStandardInput: () -> Result<[UInt8], SystemReason>
    ) throws(DiffInputError) -> [JSONSection] {
        let name = argument == "-" ? DiffInputError.standardInputName : argument
        let read = argument == "-" ? readStandardInput() : StandardIO.readFile(atPath: argument)
        let bytes: [UInt8]
        switch read {
        case .success(let contents): bytes = contents
        case .failure(let reason): throw DiffInputError(file: name, kind: .unreadable(reason))
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            let place = error.location(in: bytes)
            throw DiffInputError(file: name, kind: .syntax(line: place.line, column: place.column, message: error.message))
        }
        do {
            return try InputDecoder(idKey: idKey).sections(of: document)
        } catch {
            throw DiffInputError(file: name, kind: .shape(error))
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
/// DESIGN.md's pinned detail 9, without the `rowdiff: ` prefix.
struct DiffInputError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        /// The file could not be read.
        case unreadable(SystemReason)
        /// Not JSON; line and column are 1-based.
        case syntax(line: Int, column: Int, message: String)
        /// JSON, but not a list the contract accepts.
        case shape(InputShapeError)
    }

    /// The name standard input goes by in messages.
    static let standardInputName = "<stdin>"
    /// The exit status for bad input (usage errors keep ArgumentParser's 64).
    static let exitStatus: Int32 = 2

    var file: String
    var kind: Kind

    var description: String {
        switch kind {
        case .unreadable(let reason): return "\(file): \(reason)"
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
        let command: DiffCommand
        do {
            var parsed = try RowDiffCommand.parseAsRoot(["diff"] + arguments)
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
        let outcome = command.execute { .success(stdin) }
        return (String(decoding: outcome.stdout, as: UTF8.self), outcome.stderr, outcome.status)
    }
}
