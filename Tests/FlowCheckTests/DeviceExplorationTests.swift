import Foundation
import FlowCheck
import FlowModel
import Testing

/// `check --device`: each device's layout is explored, and a finding only one reaches says so.
@Suite("Device exploration")
struct DeviceExplorationTests {
    @Test("--device all: the pad-only crash of the bundled split-view flow is marked pad only")
    func all() throws {
        let flow = try Flows.seed("split-devices.json")
        let r = Checker.check(flow, devices: Device.allCases)
        let traps = r.findings(Rules.trap)
        #expect(traps.count == 1, "\(r.text)")
        #expect(traps.first?.device == .pad && traps.first?.deviceOnly == true)
        #expect(r.deviceCoverage.map(\.device) == [.phone, .pad])
        #expect(r.text.contains("    device: pad only (the other device does not reach it)"))
        // On the phone alone, nothing crashes.
        #expect(Checker.check(flow, devices: [.phone]).findings(Rules.trap).isEmpty)
    }

    @Test("--device all in JSON: each device's coverage, not only the first device's")
    func allInJSON() throws {
        let flow = try Flows.seed("split-devices.json")
        let r = Checker.check(flow, devices: Device.allCases)
        let text = ReportFormat.json([r])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let report = try #require((object["flows"] as? [[String: Any]])?.first)
        let devices = try #require(report["devices"] as? [[String: Any]], "\(text)")
        #expect(devices.map { $0["device"] as? String } == ["phone", "pad"])
        let pad = try #require(devices.last?["coverage"] as? [String: Any])
        #expect(pad["states"] as? Int == r.deviceCoverage[1].coverage.states, "\(pad)")
        #expect(pad["crashingTransitions"] as? Int == r.deviceCoverage[1].coverage.crashingTransitions)
        #expect(r.deviceCoverage[0].coverage.states != r.deviceCoverage[1].coverage.states, "the two explorations differ")
        // One device: no "devices" key.
        #expect(!ReportFormat.json([Checker.check(flow, devices: [.pad])]).contains("\"devices\""))
    }

    @Test("pad: the primary column's rows are explored although the detail is in front")
    func primaryColumn() throws {
        let r = try check("""
            "initial": "split", "device": "pad",
            "classes": { "List": {}, "Placeholder": {},
                         "Broken": { "initCoder": { "fatalError": "init(coder:) has not been implemented", "line": 7 } } },
            "scenes": {
              "split": { "class": "UISplitViewController" },
              "nav": { "class": "UINavigationController" },
              "list": { "class": "List", "rows": 2 },
              "placeholder": { "class": "Placeholder" },
              "broken": { "class": "Broken" }
            },
            "segues": [
              { "source": "split", "destination": "nav", "kind": "relationship", "relationship": "masterViewController" },
              { "source": "split", "destination": "placeholder", "kind": "relationship", "relationship": "detailViewController" },
              { "source": "nav", "destination": "list", "kind": "relationship", "relationship": "rootViewController" },
              { "source": "list", "destination": "broken", "kind": "showDetail", "trigger": "cell" }
            ]
            """, lint: false)
        #expect(r.paths(Rules.trap) == [["select 0 from list"]], "\(r.text)")
    }
}
