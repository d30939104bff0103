import Foundation
import TestSupport
import Testing

/// The seed articles as real apps (`flows/apps/NAME/`: a storyboard and the Swift the article
/// shows): importing both halves gives the findings of the bundled hand-written flow.
@Suite(.needsFlownavBinary)
struct SeedAppTests {
    /// (rule, severity) of each finding of `check --format json`, sorted.
    func findings(_ target: String) throws -> [String] {
        let r = try runProcess(FlownavBinary.require(), ["check", "--format", "json", target], stdin: nil, directory: PackagePaths.root, timeout: 600)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r)")
        let flows = try #require(json["flows"] as? [[String: Any]], "\(r)")
        return flows.flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }
            .map { "\($0["rule"] ?? "?") \($0["severity"] ?? "?")" }.sorted()
    }

    @Test(arguments: ["segue-actions", "injectable", "typed-destinations", "xib-initializers", "protocol-injection"])
    func importingTheAppFindsWhatTheHandWrittenFlowFinds(_ seed: String) throws {
        let app = try findings(PackagePaths.flows.appendingPathComponent("apps/\(seed)").path)
        let handWritten = try findings(PackagePaths.flow("\(seed).json"))
        #expect(!handWritten.isEmpty)
        #expect(app == handWritten)
    }
}
