@testable import FlowCheck
import FlowEngine
import FlowModel
import Testing

/// Issue 31 item 10: `check` explores the More tab with the user's commands (`tab N` from 4,
/// `back` to the More list), and the outcomes it reuses are the engine's.
@Suite("The More tab in check")
struct MoreTabCheckTests {
    /// Six tabs (the fidelity story's flow), presented full screen from a start screen: the tab
    /// bar is then not the window's root, so the other key form is explored.
    static let presented = """
        "initial": "start",
        "scenes": {
          "start": { "class": "UIViewController", "controls": ["go"] },
          "tabs": { "class": "UITabBarController" },
          "t0": { "class": "UIViewController" }, "t1": { "class": "UIViewController" },
          "t2": { "class": "UIViewController" }, "t3": { "class": "UIViewController" },
          "t4nav": { "class": "UINavigationController" },
          "t4": { "class": "UIViewController", "rows": 1 },
          "t4detail": { "class": "UIViewController" },
          "t5": { "class": "UIViewController", "controls": ["close"] }
        },
        "segues": [
          { "source": "start", "destination": "tabs", "kind": "presentation", "trigger": "control:go", "modalPresentationStyle": "fullScreen" },
          { "source": "tabs", "destination": "t0", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "tabs", "destination": "t1", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "tabs", "destination": "t2", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "tabs", "destination": "t3", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "tabs", "destination": "t4nav", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "tabs", "destination": "t5", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "t4nav", "destination": "t4", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "t4", "destination": "t4detail", "kind": "show", "trigger": "cell" }
        ]
        """

    @Test("reused outcomes equal the engine's with the More list in play (tab bar at the root, and presented)")
    func reuseMatchesTheEngine() throws {
        ReuseTests.expectSame(try Flows.seed("fidelity/more-tab.json"), depth: 8)
        ReuseTests.expectSame(try Flows.load(Self.presented), depth: 8)
    }

    @Test("a phone explores more states than a pad: the More list is a state of its own, reached by back")
    func theMoreListIsExplored() throws {
        var pad = try Flows.seed("fidelity/more-tab.json")
        pad.device = .pad
        let phone = try Flows.seed("fidelity/more-tab.json")
        let options = ExploreOptions(depth: 8, reuse: false)
        var onPad = Explorer(flow: pad, options: options)
        var onPhone = Explorer(flow: phone, options: options)
        let padStates = onPad.run().states, phoneStates = onPhone.run().states
        #expect(phoneStates > padStates)
    }
}
