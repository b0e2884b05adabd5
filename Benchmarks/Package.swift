// swift-tools-version: 6.1
// RowDiff's benchmarks, kept out of the root package so that library users never resolve
// package-benchmark (and `swift test` at the root stays fast). Run from the repository root:
//   swift package --package-path Benchmarks benchmark
import PackageDescription

// A path dependency's package identity is its folder's name, which differs between clones
// ("RowDiff", "rowdiff", a worktree…), so derive it instead of spelling it.
let root = Context.packageDirectory.split(separator: "/").dropLast().last.map { String($0).lowercased() } ?? "rowdiff"

let package = Package(
    name: "RowDiffBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The C core alone and the typed layer on the standard workloads, and the diffable
        // snapshot API (issue 35's snapshot group). `Workloads` is a
        // symbolic link to Sources/RowDiffCLI/Workloads, so `rowdiff bench` and these benchmarks
        // diff identical data (the CLI target is not a product the root package exports).
        .executableTarget(
            name: "RowDiffBenchmarks",
            dependencies: [
                .product(name: "RowDiff", package: root),
                .product(name: "RowDiffDataSources", package: root),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RowDiffBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
