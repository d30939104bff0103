import FlowCheck
import FlowModel
import Testing

/// `check` honours the unwind overrides: a veto makes the action unreachable, and the
/// exploration sees the unwind that finds nothing.
@Suite("Unwind overrides in check")
struct UnwindOverrideCheckTests {
    static func body(_ can: String) -> String {
        """
        "initial": "nav",
        "classes": { "Root": { "unwindActions": ["back(_:)"]\(can) }, "Editor": {} },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "root": { "class": "Root", "controls": ["edit"] },
          "editor": { "class": "Editor", "controls": ["done"] }
        },
        "segues": [
          { "source": "nav", "destination": "root", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "root", "destination": "editor", "kind": "presentation", "trigger": "control:edit" },
          { "source": "editor", "kind": "unwind", "unwindAction": "back(_:)", "trigger": "control:done" }
        ]
        """
    }

    @Test("canPerformUnwind 'never' on the only implementer: the lint and the exploration both report it")
    func vetoed() throws {
        let clean = try check(Self.body(""))
        #expect(clean.findings(Rules.unwindActionUnreachable).isEmpty && clean.findings(Rules.unwindWithoutDestination).isEmpty, "\(clean.text)")
        let r = try check(Self.body(", \"canPerformUnwind\": { \"back(_:)\": \"never\" }"))
        #expect(r.findings(Rules.unwindActionUnreachable).count == 1, "\(r.text)")
        #expect(r.paths(Rules.unwindWithoutDestination) == [["tap edit", "tap done"]], "\(r.text)")
        // The fix is the override, not "implement the unwind action": Root implements it.
        #expect(r.findings(Rules.unwindWithoutDestination).first?.hint.hasPrefix("the view controller that implements the action is on this path, but") == true, "\(r.text)")
    }
}
