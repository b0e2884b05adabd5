import Foundation
import Testing

// A trap that mirrors an Apple trap says what went wrong in release builds too: `-O` drops the
// message of `precondition` and `preconditionFailure`, so RowDiff's usage traps go through
// `fatalError`, which keeps it. The exit tests in DiffableTrapTests and DiagnosticsTests run in
// the debug test build; these run RowDiffTrapProbe built with `swift build -c release` (in a
// scratch directory of its own, .build-trap-probe, so that it neither waits for the `swift test`
// that runs them nor disturbs its build) and read what each case prints on standard error.

@Suite("Trap messages in release builds")
struct TrapMessageReleaseTests {
    /// Each case of RowDiffTrapProbe and what its message must contain: the call and the identifier.
    static let cases: [(name: String, expected: [String])] = [
        ("snapshot-reloadItems", ["RowDiff: DiffableDataSourceSnapshot.reloadItems(_:):", "missing-item-42"]),
        ("snapshot-numberOfItems", ["RowDiff: DiffableDataSourceSnapshot.numberOfItems(inSection:):", "missing-section-7"]),
        ("section-snapshot-insert", ["RowDiff: DiffableDataSourceSectionSnapshot.insert(_:after:):", "missing-item-9"]),
        ("data-source-item", ["RowDiff: item(at: (0, 5)): item 5 is out of range; section 0 has 1 rows"]),
        ("data-source-sectionKey", ["RowDiff: sectionKey(at: 3): section 3 is out of range; the list has 1 sections"]),
        ("staged-update-order", ["RowDiff: StagedUpdate.Stage.install(): stage 1 installed before stage 0"]),
    ]

    @Test(arguments: cases.map(\.name))
    func releaseBuild_printsTheTrapMessage(_ name: String) async throws {
        let run = try await Self.run(try await ReleaseProbe.shared.url(), [name])
        #expect(run.signalled, "\(name) should end with a trap; status \(run.status), stderr:\n\(run.stderr)")
        for expected in Self.cases.first(where: { $0.name == name })?.expected ?? [] {
            #expect(run.stderr.contains(expected), "missing \"\(expected)\" in stderr:\n\(run.stderr)")
        }
    }

    /// The control: a `preconditionFailure` in the same binary prints nothing, so the binary
    /// really is an `-O` build, where only `fatalError` keeps its message.
    @Test func releaseBuild_dropsAPreconditionMessage() async throws {
        let run = try await Self.run(try await ReleaseProbe.shared.url(), ["control-precondition"])
        #expect(run.signalled, "status \(run.status), stderr:\n\(run.stderr)")
        #expect(!run.stderr.contains("control: a precondition message"), "not an optimized build? stderr:\n\(run.stderr)")
    }

    // MARK: Building and running the probe

    /// RowDiffTrapProbe built in release mode, once per test run: the first build compiles the
    /// data sources and what they depend on with `-O` (about 3 minutes on a busy 2-core machine);
    /// later runs only check that it is up to date (seconds). The tests wait for it suspended, not
    /// blocking a thread, so the other tests run meanwhile.
    actor ReleaseProbe {
        static let shared = ReleaseProbe()
        private var build: Task<URL, any Error>?

        func url() async throws -> URL {
            if let build { return try await build.value }
            let task = Task { try await Self.buildProbe() }
            build = task
            return try await task.value
        }

        static func buildProbe() async throws -> URL {
            // This file is Tests/RowDiffDataSourcesTests/<file>.
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let swift = URL(fileURLWithPath: "/usr/bin/env")
            let common = [
                "swift", "build", "-c", "release", "--package-path", root.path,
                "--scratch-path", root.appendingPathComponent(".build-trap-probe").path,
            ]
            let build = try await TrapMessageReleaseTests.run(swift, common + ["--product", "RowDiffTrapProbe"])
            guard build.status == 0, !build.signalled else {
                throw BuildFailure(description: "swift build -c release failed (\(build.status)):\n\(build.stdout)\(build.stderr)")
            }
            let binPath = try await TrapMessageReleaseTests.run(swift, common + ["--show-bin-path"])
            let directory = binPath.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            return URL(fileURLWithPath: directory).appendingPathComponent("RowDiffTrapProbe")
        }
    }

    struct BuildFailure: Error, CustomStringConvertible {
        var description: String
    }

    struct Run {
        var stdout: String
        var stderr: String
        var status: Int32
        /// Whether a signal ended it (a trap: SIGILL on x86_64, SIGTRAP on arm64).
        var signalled: Bool
    }

    /// Runs `executable` with `arguments` to the end, suspended until it exits; the Swift
    /// runtime's backtracer is off for the child, which only needs the message.
    static func run(_ executable: URL, _ arguments: [String]) async throws -> Run {
        // The output goes to files, so that a child filling a pipe can never block.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rowdiff-trap-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout"), errURL = directory.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try await withCheckedThrowingContinuation { (exited: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in exited.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                exited.resume(throwing: error)
            }
        }
        return Run(
            stdout: try String(contentsOf: outURL, encoding: .utf8), stderr: try String(contentsOf: errURL, encoding: .utf8),
            status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal)
    }
}
