// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "RowDiff",
    // iOS 16 / macOS 13 / tvOS 16 / watchOS 9: `Duration` and the clocks, reconfigure, section
    // snapshots, list layouts and `UIHostingConfiguration` are all there without guards. watchOS
    // builds only the platform-independent modules (no SDK to check the adapters against).
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "RowDiff", targets: ["RowDiff"]),
        .library(name: "RowDiffValidation", targets: ["RowDiffValidation"]),
        .library(name: "RowDiffDataSources", targets: ["RowDiffDataSources"]),
        .library(name: "RowDiffUIKit", targets: ["RowDiffUIKit"]),
        .library(name: "RowDiffSwiftUI", targets: ["RowDiffSwiftUI"]),
        .library(name: "RowDiffTesting", targets: ["RowDiffTesting"]),
        .executable(name: "rowdiff", targets: ["rowdiff"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // The C engine, mounted in place. Only src/ is compiled by SwiftPM; the Makefile, tests,
        // fuzzer and bench under CDiffCore/ are for the standalone build.
        .target(name: "CDiffCore", path: "CDiffCore", sources: ["src"], publicHeadersPath: "include"),
        // Typed diffing, changesets, staging and patches: the engine alone.
        .target(name: "RowDiff", dependencies: ["CDiffCore"]),
        // The batch-update validator: UIKit's rules for a batch, checked; a tool the engine never calls.
        .target(name: "RowDiffValidation", dependencies: ["RowDiff"]),
        // Declarative sections and rows, data sources, the renderer, the owner's logic, Apple's
        // snapshot API and the SwiftUI path's updater; no UI imports. Re-exports RowDiff and
        // RowDiffValidation.
        .target(name: "RowDiffDataSources", dependencies: ["RowDiff", "RowDiffValidation"]),
        // Test support for apps' test targets: the stand-in views that enforce UIKit's rules,
        // `ValidatingTarget`, text renderings of what a stand-in shows. Not for production code.
        .target(name: "RowDiffTesting", dependencies: ["RowDiffDataSources", "RowDiffValidation"]),
        // UIKit / AppKit adapters only; empty where neither exists (Linux).
        .target(name: "RowDiffUIKit", dependencies: ["RowDiffDataSources"]),
        // The SwiftUI list view, in a module of its own so that UIKit-only apps
        // do not import SwiftUI; empty where SwiftUI and UIKit or AppKit are missing (Linux).
        .target(name: "RowDiffSwiftUI", dependencies: ["RowDiffUIKit", "RowDiffDataSources"]),
        // The SwiftUI quick start quoted in Sources/RowDiffSwiftUI/Documentation.docc/SwiftUI.md, compiled on Apple platforms; not a product.
        .target(name: "RowDiffSwiftUIExamples", dependencies: ["RowDiffSwiftUI"]),
        // The README's iOS quick start, compiled on Apple platforms (empty elsewhere); not a product.
        .target(name: "RowDiffUIKitExamples", dependencies: ["RowDiffUIKit"]),
        // The `rowdiff` command's implementation, a library so that tests can drive it.
        .target(
            name: "RowDiffCLI",
            dependencies: [
                "RowDiff", "RowDiffValidation", "RowDiffDataSources", "RowDiffTesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "rowdiff", dependencies: ["RowDiffCLI"]),
        .testTarget(name: "RowDiffTests", dependencies: ["RowDiff", "RowDiffValidation"]),
        .testTarget(name: "RowDiffDataSourcesTests", dependencies: ["RowDiffDataSources", "RowDiffTesting"], exclude: ["Golden"]),
        // Trips one of the data sources' traps, for a test that builds it in release mode and reads
        // what it prints (Tests/RowDiffDataSourcesTests/TrapMessageReleaseTests.swift); not a product.
        .executableTarget(name: "RowDiffTrapProbe", dependencies: ["RowDiffDataSources"], path: "Tests/RowDiffTrapProbe"),
        .testTarget(name: "RowDiffCLITests", dependencies: ["RowDiffCLI", "RowDiffValidation", "RowDiffTesting"], exclude: ["Golden"]),
    ]
)
