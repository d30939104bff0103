// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "flownav",
    products: [
        .executable(name: "flownav", targets: ["flownav"]),
        .library(name: "FlowModel", targets: ["FlowModel"]),
        .library(name: "FlowEngine", targets: ["FlowEngine"]),
        .library(name: "FlowShell", targets: ["FlowShell"]),
        .library(name: "FlowCheck", targets: ["FlowCheck"]),
        .library(name: "FlowGraph", targets: ["FlowGraph"]),
        .library(name: "FlowImport", targets: ["FlowImport"]),
        // For the source reader's fuzz target (Fuzz/); flownav itself runs it as flownav-sources.
        .library(name: "FlowSources", targets: ["FlowSources"]),
        // For app teams' own tests (Swift Testing or XCTest): open a flow, send commands, assert.
        .library(name: "FlowTesting", targets: ["FlowTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        // Flow format 1: value types, a positioned JSON reader, the loader and its diagnostics.
        .target(name: "FlowModel"),
        // The simulated UIKit runtime. Pure: (state, command) -> (state, events); no I/O.
        .target(name: "FlowEngine", dependencies: ["FlowModel"]),
        // Commands, output formatting, completion candidates, transcripts. No terminal I/O.
        .target(name: "FlowShell", dependencies: ["FlowModel", "FlowEngine", "FlowGraph", "FlowImport"], exclude: ["generate-demo.sh"]),
        // `flownav check`: static lints and exhaustive exploration of navigation states.
        .target(name: "FlowCheck", dependencies: ["FlowModel", "FlowEngine", "FlowGraph"]),
        // Pictures: a flow (with a live window, a path, coverage) as a graph, written as DOT or
        // Mermaid text. Pure: no I/O (running Graphviz is the executable's business).
        .target(name: "FlowGraph", dependencies: ["FlowModel", "FlowEngine"]),
        // Swift sources -> the code half of a flow (classes, protocols, launch) and notes.
        // Only the `flownav-sources` helper links it, so the shell builds without swift-syntax.
        .target(
            name: "FlowSources",
            dependencies: [
                "FlowModel",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(name: "flownav-sources", dependencies: ["FlowModel", "FlowSources"]),
        // Runs flownav-sources (building it on first use) for the shell, check and import.
        .target(name: "FlowSourcesClient"),
        .target(name: "FlowTesting", dependencies: ["FlowModel", "FlowEngine", "FlowShell"]),
        // The one rule for every file flownav writes: atomic, in place of its path, never a file
        // being read, never a folder nobody asked for.
        .target(name: "SafeFile"),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // Storyboards, XIBs and app folders -> a format-1 document (then a Flow), with each
        // scene's and segue's storyboard file, line and XML id. Pure: bytes in, values out.
        .target(name: "FlowImport", dependencies: ["FlowModel", "CLibXML2", "FlowSourcesClient"]),
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // Non-variadic wrappers for libedit's el_set/el_get/history, stdio and SIGINT.
        .target(name: "CEditLineShim", dependencies: ["CEditLine"]),
        // A Swift line editor over libedit's native API: prompt, completion, history, Ctrl-C/Ctrl-D.
        .target(name: "LineEditor", dependencies: ["CEditLine", "CEditLineShim", "SafeFile"]),
        .executableTarget(
            name: "flownav",
            dependencies: [
                "FlowModel", "FlowEngine", "FlowShell", "FlowCheck", "FlowGraph", "FlowImport", "LineEditor", "SafeFile", "FlowSourcesClient",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The release binary (bin/flownav, make bench) is a static executable: the dynamic
            // linking of libxml2 (with ICU), libedit and libstdc++ was 40% of start-up's
            // instructions. A static link needs each library's own libraries after it, as
            // `pkg-config --static --libs libedit libxml-2.0` lists them on Debian.
            linkerSettings: [
                .unsafeFlags(
                    ["-static-executable", "-ledit", "-ltinfo", "-lbsd", "-lmd", "-lxml2", "-licuuc", "-licudata", "-lz", "-llzma", "-lstdc++", "-lm"],
                    .when(platforms: [.linux], configuration: .release)
                ),
            ]
        ),
        .executableTarget(
            name: "flownav-bench",
            dependencies: ["FlowModel", "FlowEngine", "FlowShell", "FlowCheck", "FlowImport", "FlowSources"],
            path: "Benchmarks/flownav-bench"
        ),
        // What the test targets share: package paths, temporary folders, runs of the real binary.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "FlowModelTests", dependencies: ["FlowModel", "FlowImport", "TestSupport"]),
        .testTarget(name: "FlowEngineTests", dependencies: ["FlowModel", "FlowEngine", "TestSupport"]),
        .testTarget(name: "FlowShellTests", dependencies: ["FlowModel", "FlowEngine", "FlowShell", "TestSupport"]),
        .testTarget(name: "LineEditorTests", dependencies: ["LineEditor"]),
        .testTarget(name: "SafeFileTests", dependencies: ["SafeFile", "TestSupport"]),
        .testTarget(name: "FlowCheckTests", dependencies: ["FlowModel", "FlowEngine", "FlowCheck", "TestSupport"]),
        .testTarget(name: "FlowSourcesTests", dependencies: ["FlowModel", "FlowSources", "TestSupport"]),
        .testTarget(name: "FlowGraphTests", dependencies: ["FlowModel", "FlowEngine", "FlowGraph", "FlowCheck", "FlowImport", "TestSupport"]),
        .testTarget(name: "FlowImportTests", dependencies: ["FlowModel", "FlowEngine", "FlowCheck", "FlowImport", "TestSupport"], exclude: ["Golden", "Fixtures"]),
        .testTarget(name: "FlowTestingTests", dependencies: ["FlowTesting", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// `Fuzz/run.sh` (FLOWNAV_FUZZ=1) builds the project's own modules with libFuzzer's coverage
// and AddressSanitizer, and its dependencies (swift-syntax, the argument parser) without:
// the fuzzer then learns from flownav's code, and swift-syntax's build is the one `swift
// build` makes (CI's smoke run shares it; see Fuzz/run.sh).
if Context.environment["FLOWNAV_FUZZ"] == "1" {
    for target in package.targets where (target.type == .regular || target.type == .executable) && target.name != "CEditLineShim" {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=fuzzer,address"])]
    }
}
