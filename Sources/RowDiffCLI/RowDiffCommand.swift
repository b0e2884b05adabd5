import ArgumentParser

/// The `rowdiff` command: diff JSON lists, run benchmarks, watch a demo.
public struct RowDiffCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "rowdiff",
        abstract: "Diff large, sectioned lists with minimal moves.",
        subcommands: [DiffCommand.self, BenchCommand.self, DemoCommand.self])

    public init() {}
}
