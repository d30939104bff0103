import FlowCheck
import FlowModel
import Foundation
import TestSupport
import Testing

/// What a team needs to put `check` in CI on an app that already has findings: suppressions in
/// the flow (by rule and place, with a reason) and a baseline file.
@Suite("check in CI: suppressions and baselines")
struct CIAdoptionTests {
    /// The demo flow with `suppress` entries added before `segues`.
    static func demo(suppress: String) throws -> String {
        let text = try String(contentsOfFile: PackagePaths.flow("segue-actions.json"), encoding: .utf8)
        return text.replacingOccurrences(of: "\n  \"segues\": [", with: "\n  \"suppress\": [\(suppress)],\n  \"segues\": [")
    }

    @Test("a suppression covers the findings of its rule at or inside its place; the report shows its reason and does not count it")
    func suppression() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let flow = try folder.file("app.json", contents: Self.demo(suppress: """
            { "rule": "segue-action-on-container", "at": "segues[5]", "reason": "the broken path is the demo's point" },
            { "rule": "trap", "at": "classes.AddItemViewController", "reason": "kept to show the crash" },
            { "rule": "unreachable-scene", "at": "scenes.nowhere", "reason": "stale" }
            """))
        let loaded = try #require(try? FlowLoader.load(path: flow).get())
        #expect(loaded.flow.suppressions.map(\.rule) == ["segue-action-on-container", "trap", "unreachable-scene"])
        let report = Checker.check(loaded.flow)
        #expect(report.suppressed.map(\.finding.rule.id).sorted() == ["segue-action-on-container", "trap"])
        #expect(!report.findings.contains { $0.rule.id == "segue-action-on-container" || $0.rule.id == "trap" })
        #expect(report.findings.contains { $0.rule.id == "init-coder-trap-reachable" }, "another rule at the same place is not covered")
        #expect(report.unusedSuppressions.map(\.at) == ["scenes.nowhere"])

        let text = ReportFormat.text(report)
        #expect(text.contains("suppressed in the flow (2)"))
        #expect(text.contains("reason: the broken path is the demo's point (suppress[0])"))
        #expect(text.contains("suppression of unreachable-scene at scenes.nowhere covers no finding; remove it"))
        #expect(text.contains("2 suppressed, not counted"))

        let sarif = ReportFormat.sarif([report], version: "0")
        #expect(sarif.contains("\"justification\": \"kept to show the crash\""))
    }

    @Test("a suppression needs a rule, a place and a reason")
    func suppressionShape() {
        let r = FlowLoader.load(text: #"{ "format": 1, "name": "T", "module": "App", "initial": "a", "scenes": { "a": { "class": "UIViewController" } }, "suppress": [{ "rule": "trap", "at": "scenes.a" }] }"#, file: "t.json")
        guard case .failure(let e) = r else { Issue.record("loaded"); return }
        #expect(e.diagnostics.map(\.description).contains { $0.contains("suppress[0]: missing required key 'reason'") })
    }

    @Test("--write-baseline then --baseline: only a new finding is reported, and it alone sets the exit status")
    func baseline() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let flow = try folder.file("app.json", contents: Self.demo(suppress: ""))
        let base = folder.url.appendingPathComponent("baseline.json").path
        let first = try runFlownav(["check", flow, "--write-baseline", base])
        #expect(first.status == 1, "\(first)")
        let written = try String(contentsOfFile: base, encoding: .utf8)
        #expect(written.contains("\"flownavBaseline\": 1"))
        #expect(written.contains("\"rule\": \"segue-action-on-container\""))

        let again = try runFlownav(["check", flow, "--baseline", base])
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.contains("no problems found"))
        #expect(again.stdout.contains("in the baseline, not counted"))

        // A new finding: a scene nothing reaches.
        let grown = try String(contentsOfFile: flow, encoding: .utf8)
            .replacingOccurrences(of: "\"scenes\": {", with: "\"scenes\": {\n    \"orphan\": { \"class\": \"UIViewController\" },")
        try grown.write(toFile: flow, atomically: true, encoding: .utf8)
        let after = try runFlownav(["check", flow, "--baseline", base])
        #expect(after.status == 1, "\(after)")
        #expect(after.stdout.contains("unreachable-scene"))
        #expect(!after.stdout.contains("segue-action-on-container —"))

        let bad = try folder.file("bad.json", contents: "{ \"findings\": [] }")
        let refused = try runFlownav(["check", flow, "--baseline", bad])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("not a flownav baseline"))
    }
}

/// The README's FlowCheck example: `check` from Swift, failing on a finding the baseline does not list.
@Suite struct FlowCheckFromSwiftTests {
    /// What the README shows, with the flow and baseline as parameters.
    static func newFindings(flow path: String, baseline: String) throws -> Report {
        let loaded = try FlowLoader.load(path: path).get()
        var report = Checker.check(loaded.flow)
        try Baseline.read(baseline).apply(to: &report)
        return report
    }

    @Test("no new finding against the baseline passes; a new one is reported")
    func readmeExample() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let flow = try folder.file("app.json", contents: CIAdoptionTests.demo(suppress: ""))
        let loaded = try FlowLoader.load(path: flow).get()
        let baseline = try folder.file("baseline.json", contents: Baseline([Checker.check(loaded.flow)]).json)
        let clean = try Self.newFindings(flow: flow, baseline: baseline)
        #expect(clean.count(atLeast: .warning) == 0, "\(ReportFormat.text(clean))")

        let grown = try String(contentsOfFile: flow, encoding: .utf8)
            .replacingOccurrences(of: "\"scenes\": {", with: "\"scenes\": {\n    \"orphan\": { \"class\": \"UIViewController\" },")
        try grown.write(toFile: flow, atomically: true, encoding: .utf8)
        let new = try Self.newFindings(flow: flow, baseline: baseline)
        #expect(new.findings.map(\.rule.id) == ["unreachable-scene"])
    }
}
