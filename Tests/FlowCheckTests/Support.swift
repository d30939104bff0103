import FlowCheck
import FlowEngine
import FlowModel
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A flow file that did not load: its diagnostics, one a line.
struct FlowDidNotLoad: Error, CustomStringConvertible {
    var description: String
}

/// Flows written inline, as the inside of the top-level object without `format`, `name` and
/// `module` (the module is `App`), e.g. `"initial": "a", "scenes": {…}`.
enum Flows {
    static func text(_ body: String, module: String = "App") -> String {
        "{ \"format\": 1, \"name\": \"Test\", \"module\": \"\(module)\",\n\(body)\n}"
    }

    static func load(_ body: String, module: String = "App") throws -> Flow {
        try unwrap(FlowLoader.load(text: text(body, module: module), file: "inline.json"))
    }

    static func seed(_ name: String) throws -> Flow {
        try unwrap(FlowLoader.load(path: PackagePaths.flow(name)))
    }

    private static func unwrap(_ r: Result<LoadedFlow, FlowLoadError>) throws -> Flow {
        switch r {
        case .success(let l): return l.flow
        case .failure(let e): throw FlowDidNotLoad(description: e.diagnostics.map(\.description).joined(separator: "\n"))
        }
    }
}

func check(_ body: String, lint: Bool = true, explore: Bool = true, depth: Int = ExploreOptions.defaultDepth,
           maxStates: Int = ExploreOptions.defaultMaxStates, perform: ExploreOptions.Perform = .manual) throws -> Report {
    Checker.check(try Flows.load(body), options: CheckOptions(lint: lint, explore: explore,
        exploration: ExploreOptions(depth: depth, maxStates: maxStates, perform: perform)))
}

extension Report {
    func findings(_ rule: Rule) -> [Finding] { findings.filter { $0.rule.id == rule.id } }

    /// The paths of a rule's findings, as command lines.
    func paths(_ rule: Rule) -> [[String]] { findings(rule).map { ($0.path ?? []).map(\.text) } }

    var ruleIDs: Set<String> { Set(findings.map(\.rule.id)) }

    /// For failure messages.
    var text: String { ReportFormat.text(self) }
}

/// Paths of the package, found from this file so tests work from any working directory.
enum PackagePaths {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func flow(_ name: String) -> String { root.appendingPathComponent("flows").appendingPathComponent(name).path }
}

/// A fresh folder under the system's temporary folder.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("flowcheck-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }

    func file(_ name: String, contents: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try contents.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// What a run of the real binary printed and how it ended.
struct RunResult: CustomStringConvertible {
    var stdout: String
    var stderr: String
    var status: Int32

    var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// The real `flownav` executable, built next to this test bundle (`swift build --build-tests`).
enum FlownavBinary {
    static let path: String? = {
        let fm = FileManager.default
        var candidates: [String] = []
        if let explicit = ProcessInfo.processInfo.environment["FLOWNAV_BINARY"], !explicit.isEmpty { candidates.append(explicit) }
        if let exe = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("flownav").path)
        }
        if let exe = Bundle.main.executableURL { candidates.append(exe.deletingLastPathComponent().appendingPathComponent("flownav").path) }
        var bundle = Bundle.main.bundleURL
        while bundle.path.contains(".xctest") && bundle.path != "/" { bundle.deleteLastPathComponent() }
        candidates.append(bundle.appendingPathComponent("flownav").path)
        candidates.append(PackagePaths.root.appendingPathComponent(".build/debug/flownav").path)
        return candidates.first { fm.isExecutableFile(atPath: $0) }
    }()
}

/// Runs `flownav` with these arguments in the package's folder; output through files, so a
/// large report cannot block the child.
func runFlownav(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> RunResult {
    let binary = try #require(FlownavBinary.path, "flownav was not built next to the tests; run `swift build --build-tests` first", sourceLocation: sourceLocation)
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let outURL = folder.url.appendingPathComponent("stdout"), errURL = folder.url.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
    defer { try? out.close(); try? err.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.currentDirectoryURL = PackagePaths.root
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let deadline = Date().addingTimeInterval(120)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning {
        process.terminate()
        Issue.record("flownav \(arguments) did not finish within 120 s", sourceLocation: sourceLocation)
    }
    process.waitUntilExit()
    return RunResult(stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                     stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
                     status: process.terminationStatus)
}
