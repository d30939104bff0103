// swift-tools-version: 6.0
// libFuzzer targets, a package of their own so that `swift build` and `swift test` of flownav
// never build or link them: they need `-sanitize=fuzzer,address`, which these targets and
// (with FLOWNAV_FUZZ=1, as `Fuzz/run.sh` builds) flownav's own modules are built with; its
// dependencies are not instrumented. Each target defines `LLVMFuzzerTestOneInput` with
// `@_cdecl` and calls `LLVMFuzzerRunDriver` from its entry point: SwiftPM renames an
// executable's `main`, so libFuzzer's own `main` is never linked.
import PackageDescription

let sanitize: [SwiftSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]
let link: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]

let package = Package(
    name: "flownav-fuzz",
    dependencies: [.package(name: "flownav", path: "..")],
    targets: [
        // The declaration of the driver the fuzzer runtime exports.
        .target(name: "CFuzzDriver"),
        // The entry point every target shares, and the structure-aware flow and storyboard generators.
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"], swiftSettings: sanitize),
        .executableTarget(name: "fuzz-loader", dependencies: [
            "FuzzSupport", .product(name: "FlowModel", package: "flownav"), .product(name: "FlowEngine", package: "flownav"),
            .product(name: "FlowShell", package: "flownav"),
        ], swiftSettings: sanitize, linkerSettings: link),
        .executableTarget(name: "fuzz-commands", dependencies: [
            "FuzzSupport", .product(name: "FlowShell", package: "flownav"),
        ], swiftSettings: sanitize, linkerSettings: link),
        .executableTarget(name: "fuzz-transcript", dependencies: [
            "FuzzSupport", .product(name: "FlowShell", package: "flownav"),
        ], swiftSettings: sanitize, linkerSettings: link),
        .executableTarget(name: "fuzz-import", dependencies: [
            "FuzzSupport", .product(name: "FlowModel", package: "flownav"), .product(name: "FlowImport", package: "flownav"),
            .product(name: "FlowShell", package: "flownav"),
        ], swiftSettings: sanitize, linkerSettings: link),
        .executableTarget(name: "fuzz-sources", dependencies: [
            "FuzzSupport", .product(name: "FlowModel", package: "flownav"), .product(name: "FlowSources", package: "flownav"),
        ], swiftSettings: sanitize, linkerSettings: link),
    ],
    swiftLanguageModes: [.v6]
)
