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
        // For app teams' own tests (Swift Testing or XCTest): open a flow, send commands, assert.
        .library(name: "FlowTesting", targets: ["FlowTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Flow format 1: value types, a positioned JSON reader, the loader and its diagnostics.
        .target(name: "FlowModel"),
        // The simulated UIKit runtime. Pure: (state, command) -> (state, events); no I/O.
        .target(name: "FlowEngine", dependencies: ["FlowModel"]),
        // Commands, output formatting, completion candidates, transcripts. No terminal I/O.
        .target(name: "FlowShell", dependencies: ["FlowModel", "FlowEngine"], exclude: ["generate-demo.sh"]),
        // `flownav check`: static lints and exhaustive exploration of navigation states.
        .target(name: "FlowCheck", dependencies: ["FlowModel", "FlowEngine"]),
        .target(name: "FlowTesting", dependencies: ["FlowModel", "FlowEngine", "FlowShell"]),
        // The one rule for every file flownav writes: atomic, in place of its path, never a file
        // being read, never a folder nobody asked for.
        .target(name: "SafeFile"),
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
                "FlowModel", "FlowEngine", "FlowShell", "FlowCheck", "LineEditor", "SafeFile",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "flownav-bench",
            dependencies: ["FlowModel", "FlowEngine", "FlowShell", "FlowCheck"],
            path: "Benchmarks/flownav-bench"
        ),
        // What the test targets share: package paths, temporary folders, runs of the real binary.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "FlowModelTests", dependencies: ["FlowModel", "TestSupport"]),
        .testTarget(name: "FlowEngineTests", dependencies: ["FlowModel", "FlowEngine", "TestSupport"]),
        .testTarget(name: "FlowShellTests", dependencies: ["FlowModel", "FlowEngine", "FlowShell", "TestSupport"]),
        .testTarget(name: "LineEditorTests", dependencies: ["LineEditor"]),
        .testTarget(name: "SafeFileTests", dependencies: ["SafeFile", "TestSupport"]),
        .testTarget(name: "FlowCheckTests", dependencies: ["FlowModel", "FlowEngine", "FlowCheck", "TestSupport"]),
        .testTarget(name: "FlowTestingTests", dependencies: ["FlowTesting", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
