import Foundation
import RowDiff
import Testing
@testable import RowDiffCLI
import RowDiffValidation

/// The result of one in-process run of `rowdiff diff`.
struct RunResult {
    var stdout: String
    var stderr: String
    var status: Int32

    /// The JSON output, parsed (fails the test when it is not JSON).
    func json(sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        do {
            return try JSONParser.parse(Array(stdout.utf8))
        } catch {
            Issue.record("output is not JSON: \(error.message) at byte \(error.offset)\n\(stdout)", sourceLocation: sourceLocation)
            throw error
        }
    }
}

/// A directory of input files for one test, removed at the end of the test's scope.
final class Scratch {
    let directory: URL

    init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rowdiff-cli-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Writes `contents` to `name` and returns its path.
    @discardableResult
    func file(_ name: String, _ contents: String) -> String {
        let url = directory.appendingPathComponent(name)
        try? Data(contents.utf8).write(to: url)
        return url.path
    }

    /// The path `name` would have (the file need not exist).
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}

/// Runs `rowdiff diff` in-process.
func runDiff(_ arguments: [String], stdin: String = "") -> RunResult {
    let result = DiffTool.run(arguments: arguments, stdin: Array(stdin.utf8))
    return RunResult(stdout: result.stdout, stderr: result.stderr, status: result.status)
}

/// Diffs two JSON texts given inline.
func diffJSON(_ old: String, _ new: String, _ extra: [String] = []) -> RunResult {
    let scratch = Scratch()
    return runDiff([scratch.file("old.json", old), scratch.file("new.json", new)] + extra)
}

/// Parses JSON text written in a test.
func json(_ text: String) -> JSONValue {
    do { return try JSONParser.parse(Array(text.utf8)) } catch { fatalError("bad test JSON: \(error)") }
}

// MARK: Reading output

extension JSONValue {
    subscript(key: String) -> JSONValue {
        guard case .object(let object) = self, let value = object[key] else { return .null }
        return value
    }

    var array: [JSONValue] { arrayValue ?? [] }

    var int: Int? {
        guard case .number(let number) = self else { return nil }
        return Int(number.literal)
    }

    /// `[s, r]` as a path.
    var path: ItemPath? {
        let parts = array.compactMap(\.int)
        return parts.count == 2 ? ItemPath(section: parts[0], item: parts[1]) : nil
    }
}

/// A model of identities: each section's identity and its rows' identities.
typealias IdentityModel = [(id: JSONValue, items: [JSONValue])]

func identities(of sections: [JSONSection]) -> IdentityModel {
    sections.map { ($0.identity, $0.rows.map(\.identity)) }
}

/// The identity model of an input file's text, as the command reads it.
func inputModel(_ text: String, idKey: String = "id") throws -> IdentityModel {
    identities(of: try InputDecoder(idKey: idKey).sections(of: json(text)))
}

func sameModel(_ a: IdentityModel, _ b: IdentityModel) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.id == $1.id && $0.items == $1.items }
}

func describe(_ model: IdentityModel) -> String {
    model.map { "\(JSONWriter.compact($0.id)): \($0.items.map(JSONWriter.compact))" }.joined(separator: " | ")
}

// MARK: Checking outputs

/// Checks everything an output must satisfy whatever the inputs: the patch replays old into new
/// and updates exactly the changed elements, every stage passes the strict validator for both
/// view kinds and the last one ends at new, and the counts agree.
func checkInvariants(
    of output: JSONValue, old: IdentityModel, new: IdentityModel, context: String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    // Patch replay.
    var model = old
    var updatedSections = Set<Int>(), updatedItems = Set<ItemPath>()
    for step in output["patch"].array {
        let op: String
        if case .string(let name) = step["op"] { op = name } else { op = "?" }
        switch op {
        case "deleteSection": model.remove(at: step["at"].int!)
        case "insertSection": model.insert((step["id"], []), at: step["at"].int!)
        case "moveSection": model.insert(model.remove(at: step["from"].int!), at: step["to"].int!)
        case "updateSection": updatedSections.insert(step["at"].int!)
        case "delete":
            let at = step["at"].path!
            model[at.section].items.remove(at: at.item)
        case "insert":
            let at = step["at"].path!
            model[at.section].items.insert(step["id"], at: at.item)
        case "move":
            let from = step["from"].path!, to = step["to"].path!
            let row = model[from.section].items.remove(at: from.item)
            model[to.section].items.insert(row, at: to.item)
        case "update": updatedItems.insert(step["at"].path!)
        default: Issue.record("unknown patch op \(op)", sourceLocation: sourceLocation)
        }
    }
    #expect(
        sameModel(model, new), "\(context) patch replays to \(describe(model)), expected \(describe(new))", sourceLocation: sourceLocation)
    let changes = output["changes"]
    #expect(updatedSections == Set(changes["sectionUpdates"].array.map { $0.array[1].int! }), "\(context)", sourceLocation: sourceLocation)
    #expect(updatedItems == Set(changes["itemUpdates"].array.map { $0.array[1].path! }), "\(context)", sourceLocation: sourceLocation)

    // Stages.
    func snapshot(_ model: IdentityModel) -> ValidationSnapshot {
        ValidationSnapshot(sections: model.map { ValidationSnapshot.Section($0.id, identities: $0.items) })
    }
    let stages: [BatchUpdateValidator.Stage] = output["stages"].array.map { stage in
        let after: IdentityModel = stage["after"].array.map { ($0["id"], $0["items"].array) }
        return (update: batch(stage), after: snapshot(after))
    }
    for view in ListViewKind.allCases {
        let violations = BatchUpdateValidator(view: view, profile: .strict)
            .violations(stages: stages, from: snapshot(old), to: snapshot(new))
        #expect(violations.isEmpty, "\(context) \(view): \(violations.map(\.description))", sourceLocation: sourceLocation)
    }

    // Counts.
    let stats = output["stats"]
    #expect(stats["oldSections"].int == old.count && stats["newSections"].int == new.count, "\(context)", sourceLocation: sourceLocation)
    #expect(stats["oldItems"].int == old.reduce(0) { $0 + $1.items.count }, "\(context)", sourceLocation: sourceLocation)
    #expect(stats["newItems"].int == new.reduce(0) { $0 + $1.items.count }, "\(context)", sourceLocation: sourceLocation)
    #expect(stats["moves"].int == changes["itemMoves"].array.count, "\(context)", sourceLocation: sourceLocation)
}

/// A stage of the output as a `BatchUpdate`.
func batch(_ stage: JSONValue) -> BatchUpdate {
    func ints(_ key: String) -> [Int] { stage[key].array.compactMap(\.int) }
    func paths(_ key: String) -> [ItemPath] { stage[key].array.compactMap(\.path) }
    return BatchUpdate(
        sectionDeletes: ints("sectionDeletes"), sectionInserts: ints("sectionInserts"),
        sectionMoves: stage["sectionMoves"].array.map { Move(from: $0.array[0].int!, to: $0.array[1].int!) },
        sectionReloads: ints("sectionReloads"), itemDeletes: paths("itemDeletes"), itemInserts: paths("itemInserts"),
        itemMoves: stage["itemMoves"].array.map { Move(from: $0.array[0].path!, to: $0.array[1].path!) },
        itemReloads: paths("itemReloads"))
}

/// The output with its only non-deterministic value, `millis`, replaced by 0.
func maskingMillis(_ text: String) -> String {
    text.replacingOccurrences(of: #""millis": [0-9.eE+-]+"#, with: #""millis": 0"#, options: .regularExpression)
        .replacingOccurrences(of: #"diff took [0-9.]+ ms"#, with: "diff took 0 ms", options: .regularExpression)
}

/// A small deterministic generator (SplitMix64) so failures reproduce from the printed seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
