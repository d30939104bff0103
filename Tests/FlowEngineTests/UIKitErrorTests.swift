import Testing
import FlowModel
import FlowEngine

/// UIKit's exceptions and console warnings, to the letter (reference §3.3, §3.5, §3.6), and what
/// the simulator does after a crash.
@Suite("UIKit errors")
struct UIKitErrorTests {
    static let flow = """
    "initial": "nav",
    "classes": {
      "A": {
        "actions": {
          "pushSelf(_:)": { "trigger": "control:pushSelf", "do": "push", "class": "A" },
          "pushNav(_:)": { "trigger": "control:pushNav", "do": "push", "class": "UINavigationController" },
          "presentNav(_:)": { "trigger": "control:presentNav", "do": "present", "class": "UINavigationController" },
          "presentC(_:)": { "do": "present", "class": "C" }
        }
      },
      "B": { "actions": { "presentNav(_:)": { "trigger": "control:again", "do": "present", "class": "UINavigationController" } } },
      "C": {}
    },
    "scenes": {
      "nav": { "class": "UINavigationController" },
      "a": { "class": "A", "controls": ["pushSelf", "pushNav", "presentNav", "sheet", "sheetNav"] },
      "b": { "class": "B", "controls": ["again"] },
      "c": { "class": "C" },
      "bNav": { "class": "UINavigationController" },
      "bInNav": { "class": "B", "controls": ["again"] }
    },
    "segues": [
      { "source": "nav", "destination": "a", "kind": "relationship", "relationship": "rootViewController" },
      { "id": "Sheet", "source": "a", "destination": "b", "kind": "presentation", "trigger": "control:sheet" },
      { "id": "ShowC", "source": "a", "destination": "c", "kind": "show" },
      { "id": "SheetNav", "source": "a", "destination": "bNav", "kind": "presentation", "trigger": "control:sheetNav" },
      { "source": "bNav", "destination": "bInNav", "kind": "relationship", "relationship": "rootViewController" }
    ]
    """

    /// The flow, with `pushSelf` on `self` and both `presentNav` on `navigationController`.
    static func app() throws -> App {
        try App(flow) { flow in
            flow.setActionClass("self", of: "pushSelf(_:)", in: "A")
            flow.setActionClass("navigationController", of: "presentNav(_:)", in: "A")
            flow.setActionClass("navigationController", of: "presentNav(_:)", in: "B")
        }
    }

    @Test("performSegue with an unknown identifier raises NSInvalidArgumentException naming the receiver")
    func unknownIdentifier() throws {
        var app = try Self.app()
        let a = try app.id("A")
        let events = app.perform("Nope")
        #expect(app.state.crash == .exception(
            name: "NSInvalidArgumentException",
            reason: "Receiver (\(app.sim.describe(a))) has no segue with identifier 'Nope'", preamble: []))
        #expect(app.state.crash?.consoleLines == [
            "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Receiver (<App.A: 0x600000c04200>) has no segue with identifier 'Nope''",
        ])
        #expect(App.crash(events) == app.state.crash)
    }

    @Test("identifiers are case-sensitive: a near miss crashes too, with a note naming the real one")
    func caseSensitiveIdentifier() throws {
        var app = try Self.app()
        let events = app.perform("sheet")
        #expect(App.notes(events) == ["\(try app.d("A")) has segues 'Sheet'; identifiers are case-sensitive strings"])
        #expect(app.state.crash?.consoleLines.first?.hasSuffix("has no segue with identifier 'sheet''") == true)
    }

    @Test("a segue belongs to the view controller that owns it: performing it on the navigation controller fails")
    func segueOwnedByChild() throws {
        var app = try Self.app()
        let nav = try app.id("UINavigationController")
        app.perform("ShowC", on: nav)
        #expect(app.state.crash == .exception(
            name: "NSInvalidArgumentException", reason: "Receiver (<UINavigationController: 0x600000c04000>) has no segue with identifier 'ShowC'", preamble: []))
    }

    @Test("pushing a navigation controller is not supported")
    func pushingNavigationController() throws {
        var app = try Self.app()
        app.tap("pushNav")
        #expect(app.state.crash?.consoleLines == [
            "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Pushing a navigation controller is not supported'",
        ])
    }

    @Test("pushing the same instance twice is not supported")
    func pushingSameInstance() throws {
        var app = try Self.app()
        let a = try app.id("A")
        app.tap("pushSelf")
        #expect(app.state.crash?.consoleLines == [
            "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Pushing the same view controller instance more than once is not supported (\(app.sim.describe(a)))'",
        ])
        #expect(app.children(of: try app.id("UINavigationController")) == ["A"])
    }

    @Test("presenting while already presenting: a [Presentation] warning, the presentation is dropped, no crash")
    func alreadyPresenting() throws {
        var app = try Self.app()
        let nav = try app.id("UINavigationController")
        let a = try app.id("A")
        app.tap("sheet")
        let b = try app.id("B")
        let events = app.call("presentC(_:)", on: a)
        let c = try app.id("C")
        #expect(App.console(events) == [
            "[Presentation] Attempt to present \(app.sim.describe(c)) on \(app.sim.describe(nav)) (from \(app.sim.describe(a))) which is already presenting \(app.sim.describe(b)).",
        ])
        #expect(app.state.crash == nil)
        #expect(app.state[nav].presented == b)
        #expect(app.state[c].presenter == nil)
        #expect(app.state[c].appearance == .released)
        #expect(app.front == "B")
        // A presentation segue's destination is dropped the same way, after it was made and prepared.
        let segue = app.perform("Sheet", on: a)
        let b2 = try app.id("B", 1)
        #expect(app.trace(segue) == [
            "A.performSegue(withIdentifier:sender:)", "new B init(coder:)", "A.prepare(for:sender:)",
            "[Presentation] Attempt to present \(app.sim.describe(b2)) on \(app.sim.describe(nav)) (from \(app.sim.describe(a))) which is already presenting \(app.sim.describe(b)).",
            "release B",
        ])
        #expect(app.state[b2].appearance == .released)
        #expect(app.state[nav].presented == b)
    }

    @Test("presenting a view controller that is already a child: 'an active controller'")
    func presentingActiveController() throws {
        var app = try Self.app()
        let nav = try app.id("UINavigationController")
        app.tap("presentNav")
        #expect(app.state.crash?.consoleLines == [
            "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Application tried to present modally an active controller \(app.sim.describe(nav)).'",
        ])
    }

    @Test("presenting a view controller that is already presented: 'already being presented by'")
    func presentingPresentedController() throws {
        var app = try Self.app()
        let nav = try app.id("UINavigationController")
        app.tap("sheetNav")
        let bNav = try app.id("UINavigationController", 1)
        #expect(app.front == "B")
        // B's navigationController is the presented bNav.
        app.tap("again")
        #expect(app.state.crash?.consoleLines == [
            "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Application tried to present modally a view controller \(app.sim.describe(bNav)) that is already being presented by \(app.sim.describe(nav)).'",
        ])
    }

    @Test("after a crash every command is rejected and the state does not change", arguments: [
        Command.perform(identifier: "Sheet", on: nil, sender: nil), .tap(control: "sheet", on: nil),
        .select(section: 0, row: 0, on: nil), .call(action: "presentC(_:)", on: nil), .back, .dismiss, .tab(0),
    ])
    func afterCrash(command: Command) throws {
        var app = try Self.app()
        app.perform("Nope")
        let crashed = try #require(app.state.crash)
        let before = app.state
        let result = app.sim.run(command)
        #expect(result == .failure(Rejection("the app has crashed; only inspection, 'relaunch' and 'load' work now")))
        #expect(app.state == before)
        #expect(app.state.crash == crashed)
        #expect(app.sim.hasCrashed)
    }

    @Test("a rejected command leaves the app untouched and suggests the nearest name")
    func rejection() throws {
        var app = try Self.app()
        let before = app.state
        let result = app.sim.run(.tap(control: "shet", on: nil))
        guard case .failure(let rejection) = result else {
            Issue.record("expected a rejection")
            return
        }
        #expect(rejection.message == "no control 'shet' on \(try app.d("A")); it has pushSelf, pushNav, presentNav, sheet, sheetNav")
        #expect(rejection.suggestions == ["sheet"])
        #expect(app.state == before)
        #expect(app.sim.run(.back) == .failure(Rejection("nothing to go back to: \(try app.d("A")) is the root of \(try app.d("UINavigationController"))")))
        #expect(app.sim.run(.dismiss) == .failure(Rejection("nothing is presented")))
        #expect(app.state == before)
    }
}
