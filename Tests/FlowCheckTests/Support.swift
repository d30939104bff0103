import FlowCheck
import FlowEngine
import FlowModel
import Foundation
import TestSupport
import Testing

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

/// Runs `flownav` with these arguments in the package's folder, with no standard input.
func runFlownav(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> RunResult {
    let binary = try #require(FlownavBinary.path, "flownav was not built next to the tests; run `swift build --build-tests` first", sourceLocation: sourceLocation)
    let r = try runProcess(binary, arguments, stdin: nil, directory: PackagePaths.root, timeout: 120)
    if r.timedOut { Issue.record("flownav \(arguments) did not finish within 120 s", sourceLocation: sourceLocation) }
    return r
}
