// swift-tools-version: 6.0
// libFuzzer targets, a package of their own so that `swift build` and `swift test` of flownav
// never build or link them: they need `-sanitize=fuzzer,address`, which `make fuzz` passes
// (scratch path `.build-fuzz`). Each target defines `LLVMFuzzerTestOneInput` with `@_cdecl`
// and calls `LLVMFuzzerRunDriver` from its entry point: SwiftPM renames an executable's
// `main`, so libFuzzer's own `main` is never linked.
import PackageDescription

let package = Package(
    name: "flownav-fuzz",
    dependencies: [.package(name: "flownav", path: "..")],
    targets: [
        // The declaration of the driver the fuzzer runtime exports.
        .target(name: "CFuzzDriver"),
        // The entry point every target shares, and the structure-aware flow generator.
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"]),
        .executableTarget(name: "fuzz-loader", dependencies: [
            "FuzzSupport", .product(name: "FlowModel", package: "flownav"), .product(name: "FlowEngine", package: "flownav"),
            .product(name: "FlowShell", package: "flownav"),
        ]),
        .executableTarget(name: "fuzz-commands", dependencies: [
            "FuzzSupport", .product(name: "FlowShell", package: "flownav"),
        ]),
        .executableTarget(name: "fuzz-transcript", dependencies: [
            "FuzzSupport", .product(name: "FlowShell", package: "flownav"),
        ]),
        // Storyboard importer and Swift source reader targets join here when their modules land
        // (branches i13 and i14): one executable each, calling their public entry with the bytes.
    ],
    swiftLanguageModes: [.v6]
)
