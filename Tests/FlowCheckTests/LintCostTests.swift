import FlowCheck
import FlowModel
import Testing

/// Issue 15, item 7: the lints looked at every segue for each scene they reached (100,000
/// scenes took 136 s, of which the exploration 0.006 s), and near names were looked up for
/// each stale name. The work is counted (`WorkMeter`), not timed: a quadratic lint does
/// billions of steps on these flows, a linear one a few per segue.
@Suite struct LintCostTests {
    /// `n` scenes in a chain of show segues (one control each), `stale` of them of a class no
    /// code declares, each with a name of its own.
    static func chain(_ n: Int, stale: Int = 0) -> String {
        var scenes: [String] = [], segues: [String] = []
        for i in 0..<n {
            let cls = i < stale ? "Gone\(i)ViewController" : "VC"
            scenes.append("\"s\(i)\": { \"class\": \"\(cls)\", \"controls\": [\"next\"] }")
            if i + 1 < n { segues.append("{ \"source\": \"s\(i)\", \"destination\": \"s\(i + 1)\", \"kind\": \"show\", \"trigger\": \"control:next\", \"id\": \"Next\" }") }
        }
        return """
            "initial": "nav", "classes": { "VC": {} },
            "scenes": { "nav": { "class": "UINavigationController" }, \(scenes.joined(separator: ", ")) },
            "segues": [ { "source": "nav", "destination": "s0", "kind": "relationship", "relationship": "rootViewController" }, \(segues.joined(separator: ", ")) ]
            """
    }

    @Test func lintsLookAtEachSegueAFewTimes() throws {
        let n = 20_000
        let flow = try Flows.load(Self.chain(n))
        let meter = WorkMeter()
        let report = meter.measure { Checker.check(flow, options: CheckOptions(lint: true, explore: false)) }
        #expect(report.findings.isEmpty, "\(report.text)")
        #expect(meter[.lintSteps] > 0, "the lints are counted")
        #expect(meter[.lintSteps] <= 4 * (flow.scenes.count + flow.segues.count), "\(meter[.lintSteps]) steps for \(n) scenes")
    }

    @Test func staleNamesLookForNearNamesABoundedNumberOfTimes() throws {
        let flow = try Flows.load(Self.chain(3_000, stale: 2_000))
        let meter = WorkMeter()
        let report = meter.measure { Checker.check(flow, options: CheckOptions(lint: true, explore: false)) }
        #expect(report.findings(Rules.unknownSceneClass).count == 2_000)
        #expect(meter[.suggestionLists] <= 100, "\(meter[.suggestionLists]) lookups")
    }
}
