import FlowCheck
import Foundation
import TestSupport
import Testing

/// `flownav check` as CI runs it: exit statuses, JSON, SARIF, and transcripts that
/// `flownav test` replays.
@Suite("flownav check")
struct CommandLineTests {
    @Test("exit 0 on a clean flow, 1 when a finding reaches --severity, 2 when the flow cannot load")
    func exitStatuses() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clean = try folder.file("shop.json", contents: Flows.text(ShopFlow.body()))
        let r = try runFlownav(["check", clean])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("no problems found"))
        #expect(r.stdout.contains("coverage: scenes 8/8; segues 8/8"))

        let seed = try runFlownav(["check", "flows/injectable.json"])
        #expect(seed.status == 1, "\(seed)")
        #expect(seed.stdout.contains("trap — "))
        #expect(seed.stdout.contains("path: tap redPillSheet"))

        // Only a note at or above 'note'; nothing at or above 'error' in a flow with warnings only.
        let warnings = try folder.file("warn.json", contents: Flows.text(listDetail(
            detailAction: nil, detail: "\"initCoder\": \"inherited\"",
            extraScenes: "\"orphan\": { \"class\": \"UIViewController\" }")))
        #expect(try runFlownav(["check", warnings, "--severity", "error"]).status == 0)
        #expect(try runFlownav(["check", warnings, "--severity", "warning"]).status == 1)

        let broken = try folder.file("broken.json", contents: "{ \"format\": 1 }")
        let b = try runFlownav(["check", broken])
        #expect(b.status == 2, "\(b)")
        #expect(b.stderr.contains("missing required key 'name'"))
    }

    @Test("--no-reuse runs every transition in the engine and reports the same (a tab bar app, where outcomes are reused)")
    func noReuse() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The shop flow with a checkout that reads a cart nobody injects: a trap to find.
        let shop = try folder.file("shop.json", contents: Flows.text(ShopFlow.body([(#""set": { "cart": "self.cart" }"#, #""set": {}"#)])))
        let reused = try runFlownav(["check", shop, "--format", "json", "--depth", "8"])
        let run = try runFlownav(["check", shop, "--format", "json", "--depth", "8", "--no-reuse"])
        #expect(reused.status == 1 && run.status == 1, "\(reused)\n\(run)")
        // Everything but the timing.
        func timeless(_ s: String) -> [String] {
            s.split(separator: "\n").map(String.init).filter { !$0.contains("seconds") && !$0.contains("statesPerSecond") && !$0.contains("bytesPerState") }
        }
        #expect(timeless(reused.stdout) == timeless(run.stdout))
        #expect(reused.stdout.contains("\"rule\": \"trap\""))
    }

    @Test("--stats adds the CPU time split on standard error and leaves the report as it was")
    func stats() throws {
        let plain = try runFlownav(["check", "flows/injectable.json"])
        let stats = try runFlownav(["check", "flows/injectable.json", "--stats"])
        #expect(plain.status == 1 && stats.status == 1, "\(plain)\n\(stats)")
        func timeless(_ s: String) -> [String] { s.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("speed:") } }
        #expect(timeless(plain.stdout) == timeless(stats.stdout))
        #expect(!plain.stderr.contains("stats:"))
        let line = try #require(stats.stderr.split(separator: "\n").first { $0.hasPrefix("stats: CPU seconds") })
        // The parts in the order they ran, each with seconds to the millisecond, then the whole.
        let parts = ["loading ", ", lints ", ", exploration ", ", report ", "; whole process "]
        var rest = Substring(line)
        for p in parts {
            let r = try #require(rest.range(of: p), "\(p) in \(line)")
            rest = rest[r.upperBound...]
            #expect(rest.prefix { $0 != "," && $0 != ";" }.allSatisfy { $0.isNumber || $0 == "." })
        }
    }

    @Test("--format json and --format sarif (2.1.0)")
    func machineFormats() throws {
        let j = try runFlownav(["check", "flows/segue-actions.json", "--format", "json"])
        #expect(j.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(j.stdout.utf8)) as? [String: Any])
        let flows = try #require(json["flows"] as? [[String: Any]])
        let findings = try #require(flows.first?["findings"] as? [[String: Any]])
        let trap = try #require(findings.first { $0["rule"] as? String == "trap" })
        #expect(trap["path"] as? [String] == ["tap addBroken"])
        #expect(trap["line"] is Int && trap["column"] is Int)
        #expect((flows.first?["coverage"] as? [String: Any])?["states"] as? Int == 3)

        let s = try runFlownav(["check", "flows/segue-actions.json", "flows/injectable.json", "--format", "sarif"])
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(s.stdout.utf8)) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "flownav")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == Rules.all.map(\.id))
        #expect(rules.allSatisfy { ($0["shortDescription"] as? [String: Any])?["text"] is String && ($0["help"] as? [String: Any])?["text"] is String })
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.contains { ($0["ruleId"] as? String) == "segue-action-on-container" && ($0["level"] as? String) == "error" })
        for result in results {
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let uri = (location["artifactLocation"] as? [String: Any])?["uri"] as? String
            #expect(uri == "flows/segue-actions.json" || uri == "flows/injectable.json")
            let region = try #require(location["region"] as? [String: Any])
            #expect((region["startLine"] as? Int ?? 0) > 0 && (region["startColumn"] as? Int ?? 0) > 0)
            #expect((result["message"] as? [String: Any])?["text"] is String)
        }
    }

    @Test("--format transcript writes each problem's shortest path; flownav test replays them and they pass")
    func transcripts() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("found").path
        let shop = try folder.file("shop.json", contents: Flows.text(ExplorationTests.broken))
        let embedded = try folder.file("embedded.json", contents: Flows.text(ExplorationTests.embeddedBody))
        let r = try runFlownav(["check", shop, embedded, "flows/segue-actions.json", "flows/typed-destinations.json", "flows/xib-initializers.json",
                                "--format", "transcript", "--output", out, "--severity", "note"])
        #expect(r.status == 1, "\(r)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files.contains("trap-1.flownav") && files.contains("uncaught-exception-1.flownav") && files.contains("already-presenting-1.flownav"), "\(files)")
        #expect(files.count == r.stdout.split(separator: "\n").count)
        let trap = try String(contentsOfFile: out + "/trap-1.flownav", encoding: .utf8)
        #expect(trap.contains("flownav> load ../shop.json\n"))
        #expect(trap.contains("flownav> tab 1\n"))
        #expect(trap.contains("flownav> tap checkout\n"))
        #expect(trap.contains("App/CheckoutViewController.swift:21: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value\n"))
        // A tap on an embedded child's control replays through 'from'.
        let all = try files.map { try String(contentsOfFile: out + "/" + $0, encoding: .utf8) }
        #expect(all.contains { $0.contains("flownav> tap apply from summary\n") })
        // The replay, with the crash expected.
        let t = try runFlownav(["test", out])
        #expect(t.status == 0, "\(t)")
        #expect(t.stdout.contains("\(files.count) passed, 0 failed"), "\(t)")
    }
}
