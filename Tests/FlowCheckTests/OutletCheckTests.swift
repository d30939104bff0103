import FlowCheck
import FlowModel
import Testing

/// Issue 31 item 3: `check` reports an outlet read while nil as `outlet-before-view-loaded`, at
/// its Swift line; resting on code flownav did not read, it is possible, not an error.
@Suite struct OutletCheckTests {
    static func flow(notes: String = "", sceneOutlets: String = #"["label"]"#, viewDidLoad: String = "[]") -> String {
        """
        "initial": "nav",
        "classes": {
          "ListViewController": { "file": "ListViewController.swift", "at": "Src/ListViewController.swift:3", "notes": [\(notes)],
            "prepare": [ { "segue": "Show", "as": "DetailViewController", "outlets": [ { "name": "label", "line": 14 } ] } ] },
          "DetailViewController": { "file": "DetailViewController.swift", "at": "Src/DetailViewController.swift:2",
            "outlets": { "label": { "type": "UILabel!", "line": 3 }, "badge": { "type": "UILabel!", "line": 4 } },
            "viewDidLoad": { "uses": [], "line": 8, "outlets": \(viewDidLoad) } }
        },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "list": { "class": "ListViewController", "controls": ["show"] },
          "detail": { "class": "DetailViewController", "outlets": \(sceneOutlets) }
        },
        "segues": [
          { "source": "nav", "destination": "list", "kind": "relationship", "relationship": "rootViewController" },
          { "id": "Show", "source": "list", "destination": "detail", "kind": "show", "trigger": "control:show" }
        ]
        """
    }

    @Test func anOutletReadInPrepareIsADefiniteErrorAtItsSwiftLine() throws {
        let report = Checker.check(try Flows.load(Self.flow()))
        let f = try #require(report.findings(Rules.outletBeforeViewLoaded).first, "\(report.text)")
        #expect(f.severity == .error && f.confidence == .definite)
        #expect(f.message == "App/ListViewController.swift:14: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value")
        #expect(f.code?.description == "Src/ListViewController.swift:14")
        #expect(f.console.contains { $0.contains("an @IBOutlet UILabel!") })
        // It is this rule's, not the generic trap's.
        #expect(report.findings(Rules.trap).isEmpty)
    }

    @Test func resting_on_a_prepare_statement_flownav_did_not_read_it_is_possible() throws {
        let note = #""Src/ListViewController.swift:12: prepare(for:sender:): statement not read: d.configure(a, b)""#
        let report = Checker.check(try Flows.load(Self.flow(notes: note)))
        let f = try #require(report.findings(Rules.outletBeforeViewLoaded).first, "\(report.text)")
        #expect(f.confidence == .possible && f.severity == .note)
    }

    @Test func anUnconnectedOutletReadInViewDidLoadIsFoundOnlyWithTheConnectionsRead() throws {
        let read = Checker.check(try Flows.load(Self.flow(sceneOutlets: #"["label"]"#, viewDidLoad: #"[ { "name": "badge", "line": 9 } ]"#)
            .replacingOccurrences(of: #""outlets": [ { "name": "label", "line": 14 } ]"#, with: #""outlets": []"#)))
        let f = try #require(read.findings(Rules.outletBeforeViewLoaded).first, "\(read.text)")
        #expect(f.message.hasPrefix("App/DetailViewController.swift:9: "))
        #expect(f.console.contains { $0.contains("the storyboard connects no outlet 'badge' on scene 'detail'") })
        // One finding: the outlet is not a dependency, so no nil-dependency warning beside it.
        #expect(read.findings(Rules.nilDependencyInViewDidLoad).isEmpty, "\(read.text)")
        // No connections in the flow (no storyboard read): no claim.
        let unread = Checker.check(try Flows.load(Self.flow(viewDidLoad: #"[ { "name": "badge", "line": 9 } ]"#)
            .replacingOccurrences(of: #", "outlets": ["label"] }"#, with: " }")
            .replacingOccurrences(of: #""outlets": [ { "name": "label", "line": 14 } ]"#, with: #""outlets": []"#)))
        #expect(unread.findings(Rules.outletBeforeViewLoaded).isEmpty, "\(unread.text)")
        #expect(unread.findings(Rules.trap).isEmpty)
    }
}
