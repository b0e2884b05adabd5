// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "RowDiff",
    products: [
        .library(name: "RowDiff", targets: ["RowDiff"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The C engine, mounted in place. Only src/ is compiled by SwiftPM; the Makefile,
        // tests, fuzzer and bench under CDiffCore/ are for the standalone build.
        .target(
            name: "CDiffCore",
            path: "CDiffCore",
            sources: ["src"],
            publicHeadersPath: "include"
        ),
        .target(name: "RowDiff", dependencies: ["CDiffCore"]),
        .testTarget(name: "RowDiffTests", dependencies: ["RowDiff"]),
    ]
)
