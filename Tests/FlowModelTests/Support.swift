import Foundation
import TestSupport
import Testing
@testable import FlowModel

/// The error a flow text fails with, or nil when it loads.
func load(_ json: String, file: String = "test.json") -> FlowLoadError? {
    if case .failure(let e) = FlowLoader.load(text: json, file: file) { return e }
    return nil
}

/// The error raw bytes fail with, or nil when they load.
func load(bytes: [UInt8], file: String = "test.json") -> FlowLoadError? {
    if case .failure(let e) = FlowLoader.load(bytes: bytes, file: file) { return e }
    return nil
}

/// The flow a text loads to, or nil (with a recorded issue listing the errors) when it does not.
func loaded(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> LoadedFlow? {
    switch FlowLoader.load(text: json, file: "test.json") {
    case .success(let flow): return flow
    case .failure(let e):
        Issue.record("expected the flow to load, but: \(e.diagnostics.map(\.description))", sourceLocation: sourceLocation)
        return nil
    }
}

/// The errors of a flow text that must not load (an issue is recorded when it does).
func errors(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Diagnostic] {
    guard let e = load(json) else {
        Issue.record("expected the flow to fail to load", sourceLocation: sourceLocation)
        return []
    }
    return e.errors
}

/// The single error of a flow text that must fail with exactly one error.
func onlyError(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> Diagnostic? {
    let all = errors(json, sourceLocation: sourceLocation)
    guard all.count == 1 else {
        if !all.isEmpty {
            Issue.record("expected exactly one error, got \(all.count): \(all.map(\.description))", sourceLocation: sourceLocation)
        }
        return nil
    }
    return all[0]
}

func at(_ line: Int, _ column: Int) -> SourcePosition { SourcePosition(line: line, column: column) }

/// The repository's `flows` folder.
let flowsDirectory = PackagePaths.flows

/// The bundled flows' file names (`injectable.json`, …), sorted.
func bundledFlowNames() -> [String] { PackagePaths.bundledFlows }

/// Two loads of the same flow (two paths through the loader) agree: both load the same model
/// with the same warnings, or both fail with the same messages.
func expectSameLoad(_ a: Result<LoadedFlow, FlowLoadError>, _ b: Result<LoadedFlow, FlowLoadError>, _ context: String,
                    sourceLocation: SourceLocation = #_sourceLocation) {
    switch (a, b) {
    case (.success(let a), .success(let b)):
        #expect(a.flow == b.flow, "\(context)", sourceLocation: sourceLocation)
        #expect(a.warnings == b.warnings, "\(context)", sourceLocation: sourceLocation)
    case (.failure(let a), .failure(let b)):
        #expect(a.diagnostics == b.diagnostics, "\(context)", sourceLocation: sourceLocation)
        #expect(a.omitted == b.omitted, "\(context)", sourceLocation: sourceLocation)
    default:
        Issue.record("\(context): one path loads and the other does not", sourceLocation: sourceLocation)
    }
}
