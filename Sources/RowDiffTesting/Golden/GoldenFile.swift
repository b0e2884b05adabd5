import Foundation

/// A golden file: the text a test expects, kept in a file and compared exactly — typically what a
/// stand-in view shows (`StandInListView/screenText(describingViews:)`), so that a change to a
/// screen shows up as a diff a reviewer can read.
///
/// ```swift
/// try GoldenFile("inbox.txt").verify(table.screenText())
/// ```
///
/// With the environment variable `ROWDIFF_UPDATE_GOLDEN` set (to anything but `0`), `verify`
/// writes the text to the file instead of failing, creating its folder if needed; review the
/// change (`git diff`) before committing it: a golden file is only as right as the person who read
/// it. Works with Swift Testing and XCTest alike: a mismatch is a thrown `GoldenFileMismatch`.
public struct GoldenFile: Sendable, Hashable {
    /// The file's path.
    public var path: String

    /// The golden file at `path`: absolute, or relative to the current directory. A file in a test
    /// bundle (`Bundle.module.path(forResource:ofType:)`) can be compared, but updating it writes
    /// the bundle's copy, not the source tree's.
    public init(path: String) {
        self.path = path
    }

    /// The golden file `name` in the folder `directory` beside the test's source file: with the
    /// defaults, `Golden/<name>` next to the file that calls this. Declare the folder `exclude`d
    /// (or as resources) in the test target, so that SwiftPM does not warn about it.
    /// - Parameters:
    ///   - name: the file's name, such as `inbox.txt`.
    ///   - directory: the folder, relative to the folder of `sourceFile`.
    ///   - sourceFile: the test's source file; leave the default.
    public init(_ name: String, directory: String = "Golden", sourceFile: StaticString = #filePath) {
        let source = URL(fileURLWithPath: sourceFile.withUTF8Buffer { String(decoding: $0, as: UTF8.self) })
        path = source.deletingLastPathComponent().appendingPathComponent(directory).appendingPathComponent(name).path
    }

    /// Whether `verify` writes golden files instead of comparing them: `ROWDIFF_UPDATE_GOLDEN` is
    /// set, and not to `0`.
    public static var isUpdating: Bool {
        guard let value = ProcessInfo.processInfo.environment["ROWDIFF_UPDATE_GOLDEN"] else { return false }
        return value != "0"
    }

    /// Compares `text` with the file's contents, exactly (a final newline is added to `text` when
    /// it has none). Throws a `GoldenFileMismatch` describing the difference line by line when they
    /// differ or the file is missing; writes `text` to the file instead when `isUpdating`.
    /// - Complexity: O(lines of the two texts) when they are equal; a difference costs
    ///   O(lines × lines) for its description (up to 4 million pairs, then the first differing line).
    public func verify(_ text: String) throws {
        let actual = text.hasSuffix("\n") || text.isEmpty ? text : text + "\n"
        let expected = try? String(contentsOfFile: path, encoding: .utf8)
        guard expected != actual else { return }
        if Self.isUpdating {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        throw GoldenFileMismatch(path: path, expected: expected, actual: actual)
    }
}

/// Text that differs from its golden file (or a golden file that is missing). Its `description`
/// names the file, shows the differing lines with two lines of context each (`-` the file's,
/// `+` the text's, with line numbers), and says how to update the file.
public struct GoldenFileMismatch: Error, Sendable, Hashable, CustomStringConvertible {
    /// The golden file's path.
    public var path: String
    /// The file's contents; nil when it could not be read (missing, say).
    public var expected: String?
    /// The text compared with it.
    public var actual: String

    /// A mismatch from its parts.
    public init(path: String, expected: String?, actual: String) {
        self.path = path
        self.expected = expected
        self.actual = actual
    }

    /// The difference, for a test failure.
    /// - Complexity: O(lines × lines) up to 4 million pairs, then O(lines).
    public var description: String {
        let update = "ROWDIFF_UPDATE_GOLDEN=1 rewrites it; review the change before committing it"
        guard let expected else {
            return "no golden file at \(path) (\(update)); the text is:\n\(actual)"
        }
        return "the text differs from the golden file \(path) (\(update)):\n" + LineDiff.describe(expected, actual)
    }
}

/// A line diff for reading: the lines of a longest common subsequence are kept, the others shown.
enum LineDiff {
    /// The most line pairs compared before falling back to the first differing line.
    static let maximumPairs = 4_000_000
    /// Unchanged lines shown around each change.
    static let context = 2
    /// The most changed lines shown.
    static let maximumChanges = 60

    enum Line: Equatable {
        case same(old: Int, new: Int)
        case removed(old: Int)
        case added(new: Int)
    }

    /// `old` and `new` line by line: `-` for `old`'s lines, `+` for `new`'s, with line numbers.
    /// - Complexity: O(old lines × new lines), or O(lines) past `maximumPairs`.
    static func describe(_ old: String, _ new: String) -> String {
        let a = lines(old), b = lines(new)
        let script = a.count * b.count <= maximumPairs ? edits(a, b) : firstDifference(a, b)
        var shown = Set<Int>()
        for (k, line) in script.enumerated() {
            if case .same = line { continue }
            for j in max(0, k - context)...min(script.count - 1, k + context) { shown.insert(j) }
        }
        var out: [String] = []
        var changes = 0, previous = -1
        for k in shown.sorted() {
            if k > previous + 1 { out.append("…") }
            previous = k
            switch script[k] {
            case .same(let i, _): out.append("  \(i + 1): \(a[i])")
            case .removed(let i):
                changes += 1
                out.append("- \(i + 1): \(a[i])")
            case .added(let j):
                changes += 1
                out.append("+ \(j + 1): \(b[j])")
            }
            if changes >= maximumChanges {
                out.append("… (more changes not shown)")
                break
            }
        }
        if previous < script.count - 1 && changes < maximumChanges { out.append("…") }
        return out.joined(separator: "\n")
    }

    /// The lines of `text`, without the final newline's empty line.
    static func lines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// An edit script through a longest common subsequence of lines.
    static func edits(_ a: [Substring], _ b: [Substring]) -> [Line] {
        let n = a.count, m = b.count
        // lengths[i * (m + 1) + j]: the LCS length of a[i...] and b[j...].
        var lengths = [Int32](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i * (m + 1) + j] =
                    a[i] == b[j]
                    ? lengths[(i + 1) * (m + 1) + j + 1] + 1 : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
            }
        }
        var script: [Line] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                script.append(.same(old: i, new: j))
                i += 1
                j += 1
            } else if i < n, j == m || lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1] {
                script.append(.removed(old: i)) // removed lines first, as diff shows them
                i += 1
            } else {
                script.append(.added(new: j))
                j += 1
            }
        }
        return script
    }

    /// For texts too long to align: the common lines up to the first difference, then the rest
    /// of both as removed and added.
    static func firstDifference(_ a: [Substring], _ b: [Substring]) -> [Line] {
        var k = 0
        while k < a.count, k < b.count, a[k] == b[k] { k += 1 }
        return (0..<k).map { .same(old: $0, new: $0) } + (k..<a.count).map { .removed(old: $0) } + (k..<b.count).map { .added(new: $0) }
    }
}
