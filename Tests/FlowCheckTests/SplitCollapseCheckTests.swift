@testable import FlowCheck
import FlowModel
import Testing

/// Issue 31 item 1: on a phone a split view without a delegate shows its secondary at launch, so
/// a crash there is not "pad only"; an unread delegate answer makes what rests on it possible.
@Suite struct SplitCollapseCheckTests {
    /// The secondary reads its nil implicitly unwrapped `message` when `reply` is tapped.
    static func flow(split: String) -> String {
        #"""
        "initial": "split",
        "classes": {
          "ListViewController": { "superclass": "UITableViewController" },
          "MessageViewController": {
            "file": "MessageViewController.swift",
            "dependencies": { "message": { "type": "Message", "injection": "implicitlyUnwrapped" } },
            "actions": { "reply(_:)": { "trigger": "control:reply", "do": "present", "class": "ReplyViewController", "arguments": { "original": "self.message" }, "initializer": "init(original:)" } }
          },
          "ReplyViewController": {
            "dependencies": { "original": { "type": "Message", "injection": "initializer" } },
            "initializers": { "init(original:)": { "sets": ["original"], "callsSuper": "init(nibName:bundle:)" } }
          }
        },
        "scenes": {
          "split": { "class": "UISplitViewController"\#(split) },
          "listNav": { "class": "UINavigationController" },
          "list": { "class": "ListViewController" },
          "messageNav": { "class": "UINavigationController" },
          "message": { "class": "MessageViewController", "controls": ["reply"] }
        },
        "segues": [
          { "source": "split", "destination": "listNav", "kind": "relationship", "relationship": "masterViewController" },
          { "source": "split", "destination": "messageNav", "kind": "relationship", "relationship": "detailViewController" },
          { "source": "listNav", "destination": "list", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "messageNav", "destination": "message", "kind": "relationship", "relationship": "rootViewController" }
        ]
        """#
    }

    @Test func withoutADelegateThePhoneCrashesToo() throws {
        let report = try check(Self.flow(split: ""))
        let trap = try #require(report.findings(Rules.trap).first, "\(report.text)")
        #expect(trap.confidence == .definite && trap.severity == .error)
        #expect(trap.path?.map(\.text) == ["tap reply"])
    }

    @Test func theTemplatesDelegateKeepsThePhoneOnTheList() throws {
        let report = try check(Self.flow(split: #", "collapseSecondary": "message == nil""#))
        #expect(report.findings(Rules.trap).isEmpty, "\(report.text)")
    }

    @Test func anUnreadAnswerMakesThePhonesCrashPossible() throws {
        let report = try check(Self.flow(split: #", "collapseSecondary": { "unknown": "App/AppDelegate.swift:30" }"#))
        let trap = try #require(report.findings(Rules.trap).first, "\(report.text)")
        #expect(trap.confidence == .possible && trap.severity == .note)
        #expect(trap.assumes.contains { $0.contains("App/AppDelegate.swift:30") && $0.contains("delegate's answer") }, "\(trap.assumes)")
    }

    @Test func definiteOnThePadWinsOverPossibleOnThePhone() throws {
        let flow = try Flows.load(Self.flow(split: #", "collapseSecondary": { "unknown": "App/AppDelegate.swift:30" }"#))
        let report = Checker.check(flow, devices: [.phone, .pad])
        let trap = try #require(report.findings(Rules.trap).first, "\(report.text)")
        #expect(trap.confidence == .definite && trap.severity == .error, "\(report.text)")
        #expect(!trap.deviceOnly)
    }
}
