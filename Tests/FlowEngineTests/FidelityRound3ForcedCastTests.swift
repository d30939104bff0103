import FlowModel
import Testing

@testable import FlowEngine

/// Issue 31 item 2: `as!` in prepare and the launch code. A failing forced cast traps with the
/// Swift runtime's text (swift_dynamicCastFailure), which has no FILE:LINE prefix.
@Suite("Fidelity round 3: forced casts (as!)")
struct FidelityRound3ForcedCastTests {
    /// The whole runtime line, with its two metadata addresses (fixed per type).
    static func text(_ app: App, _ source: String, _ target: String) -> String {
        "Could not cast value of type '\(app.sim.swiftTypeName(source))' (\(app.sim.metadataAddress(source))) to '\(app.sim.swiftTypeName(target))' (\(app.sim.metadataAddress(target)))."
    }

    @Test("as! a class on the navigation controller the segue leads to traps with Swift's text, and nothing is set")
    func destinationBecameANavigationController() throws {
        var app = try PrepareTests.app(prepare: #"{ "as!": "B", "set": { "text": "\"hi\"" }, "at": "A.swift:12" }"#)
        let events = app.tap("toNavB")
        let crash = try #require(App.crash(events))
        #expect(crash == .castFailure(location: "App/A.swift:12", message: Self.text(app, "UINavigationController", "B")))
        #expect(crash.consoleLines.count == 1)
        #expect(crash.consoleLines[0].hasPrefix("Could not cast value of type 'UINavigationController' (0x1e5f"))
        #expect(crash.consoleLines[0].contains(") to 'App.B' (0x1000"))
        #expect(crash.consoleLines[0].hasSuffix(")."))
        #expect(App.notes(events).contains("A.prepare(for:sender:): \(try app.d("UINavigationController", 1)) as! B fails at App/A.swift:12, so Swift traps"))
        #expect(!events.contains { if case .injected = $0 { true } else { false } })
        // Stopped in prepare: nothing was presented.
        #expect(!events.contains { if case .transition(.present) = $0 { true } else { false } })
    }

    @Test("as! that succeeds is as? that succeeds: the value is set, no trap")
    func successfulForcedCast() throws {
        var app = try PrepareTests.app(prepare: #"{ "as!": "B", "set": { "text": "\"hi\"" } }"#)
        app.tap("toB")
        #expect(app.state.crash == nil)
        #expect(app.slot("text", of: try app.id("B"))?.value == "\"hi\"")
    }

    @Test("navigationTop!: the working cast through topViewController; on a plain destination the container cast traps")
    func forcedUnwrapStep() throws {
        var app = try PrepareTests.app(prepare: #"{ "unwrap": ["navigationTop!"], "as!": "B", "set": { "text": "\"hi\"" } }"#)
        app.tap("toNavB")
        #expect(app.state.crash == nil)
        #expect(app.slot("text", of: try app.id("B"))?.value == "\"hi\"")

        var plain = try PrepareTests.app(prepare: #"{ "unwrap": ["navigationTop!"], "as!": "B", "set": { "text": "\"hi\"" } }"#)
        let events = plain.tap("toB")
        guard case .castFailure(_, let message)? = App.crash(events) else {
            Issue.record("no cast failure: \(events)")
            return
        }
        #expect(message == Self.text(plain, "B", "UINavigationController"))
        #expect(message.hasPrefix("Could not cast value of type 'App.B' ("))
    }

    @Test("as! a protocol the class does not adopt traps, naming the protocol with its module")
    func protocolCast() throws {
        var app = try PrepareTests.app(prepare: #"{ "as!": "P", "call": "inject(_:)", "with": "\"hi\"" }"#)
        app.tap("toB")
        #expect(app.state.crash == nil)
        var c = try PrepareTests.app(prepare: #"{ "as!": "P", "call": "inject(_:)", "with": "\"hi\"" }"#)
        c.tap("toC")
        guard case .castFailure(_, let message)? = c.state.crash else {
            Issue.record("no cast failure")
            return
        }
        #expect(message == Self.text(c, "C", "P"))
        #expect(message.contains("to 'App.P' (0x"))
    }

    @Test("a case whose segue does not match makes no cast")
    func otherSegueNoCast() throws {
        var app = try PrepareTests.app(prepare: #"{ "segue": "ToB", "as!": "B", "set": { "text": "\"hi\"" } }"#)
        app.tap("toC")
        #expect(!(app.state.crash.map { if case .castFailure = $0 { true } else { false } } ?? false))
    }

    @Test("a conditional unwrap step that does not apply makes the forced cast undecided: no trap")
    func conditionalStepThenForcedCast() throws {
        var app = try PrepareTests.app(prepare: #"{ "unwrap": ["navigationTop"], "as!": "B", "set": { "text": "\"hi\"" } }"#)
        let events = app.tap("toC")
        #expect(App.crash(events).map { if case .castFailure = $0 { true } else { false } } != true)
    }

    @Test("unknown is not a crash: a scene class no code declares, a superclass not read")
    func unknownClassesNeverTrap() throws {
        let flow = """
        "initial": "nav",
        "classes": {
          "A": { "prepare": [ { "as!": "B", "at": "A.swift:3" } ] },
          "B": {},
          "D": { "notes": ["D.swift:1: superclass BaseViewController is not in the sources; read as a UIViewController"] }
        },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "a": { "class": "A", "controls": ["ghost", "d", "b"] },
          "ghost": { "class": "GhostViewController" },
          "d": { "class": "D" },
          "b": { "class": "B" }
        },
        "segues": [
          { "source": "nav", "destination": "a", "kind": "relationship", "relationship": "rootViewController" },
          { "id": "ToGhost", "source": "a", "destination": "ghost", "kind": "show", "trigger": "control:ghost" },
          { "id": "ToD", "source": "a", "destination": "d", "kind": "show", "trigger": "control:d" },
          { "id": "ToB", "source": "a", "destination": "b", "kind": "show", "trigger": "control:b" }
        ]
        """
        var ghost = try App(flow)
        ghost.tap("ghost")
        #expect(ghost.state.crash == nil)
        var d = try App(flow)
        d.tap("d")
        #expect(d.state.crash == nil)
        var b = try App(flow)
        b.tap("b")
        #expect(b.state.crash == nil)
        // The importer's stand-in for a scene of a storyboard it did not import.
        var standIn = try App(flow.replacingOccurrences(of: #""b": { "class": "B" }"#,
            with: #""b": { "class": "UIViewController", "notes": ["stands in for the initial view controller of Settings.storyboard, which this import does not contain"] }"#))
        standIn.tap("b")
        #expect(standIn.state.crash == nil)
    }

    @Test("an as! flownav cannot decide did not trap, so it held: the case injects, with no silent-cast note")
    func undecidedForcedCastHolds() throws {
        var app = try App("""
        "initial": "nav",
        "protocols": { "Themed": {} },
        "classes": {
          "A": { "prepare": [ { "as!": "Themed", "set": { "text": "\\"hi\\"" } } ] },
          "D": { "notes": ["D.swift:1: superclass BaseViewController is not in the sources; read as a UIViewController"],
                 "dependencies": { "text": { "type": "String", "injection": "implicitlyUnwrapped" } },
                 "viewDidLoad": { "uses": ["text"], "line": 4 } }
        },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "a": { "class": "A", "controls": ["d"] },
          "d": { "class": "D" }
        },
        "segues": [
          { "source": "nav", "destination": "a", "kind": "relationship", "relationship": "rootViewController" },
          { "id": "ToD", "source": "a", "destination": "d", "kind": "show", "trigger": "control:d" }
        ]
        """)
        let events = app.tap("d")
        #expect(app.state.crash == nil)
        #expect(!App.notes(events).contains { $0.contains(" is nil, so nothing is injected") })
        #expect(app.slot("text", of: try app.id("D"))?.value == "\"hi\"")
    }

    @Test("the launch code's window.rootViewController as! UITabBarController on a navigation controller traps at launch")
    func launchRootCast() throws {
        let app = try App("""
        "initial": "nav",
        "launch": { "inject": [ { "as!": "UITabBarController", "at": "SceneDelegate.swift:20" } ] },
        "classes": { "A": {} },
        "scenes": { "nav": { "class": "UINavigationController" }, "a": { "class": "A" } },
        "segues": [ { "source": "nav", "destination": "a", "kind": "relationship", "relationship": "rootViewController" } ]
        """)
        #expect(app.state.crash == .castFailure(location: "App/SceneDelegate.swift:20", message: Self.text(app, "UINavigationController", "UITabBarController")))
    }

    @Test("a code action's instantiateViewController(withIdentifier:) as! X traps on a scene of another class, before it is shown")
    func codeActionForcedCast() throws {
        func app(_ cast: String) throws -> App {
            try App("""
            "initial": "nav",
            "classes": {
              "A": { "file": "A.swift", "actions": { "open(_:)": { "trigger": "control:open", "do": "present", "identifier": "Detail", "as!": "\(cast)", "at": "A.swift:30" } } },
              "Detail": {}, "Other": {}
            },
            "scenes": {
              "nav": { "class": "UINavigationController" },
              "a": { "class": "A", "controls": ["open"] },
              "detail": { "class": "Other", "storyboardIdentifier": "Detail" }
            },
            "segues": [ { "source": "nav", "destination": "a", "kind": "relationship", "relationship": "rootViewController" } ]
            """)
        }
        var wrong = try app("Detail")
        let events = wrong.tap("open")
        #expect(App.crash(events) == .castFailure(location: "App/A.swift:30", message: Self.text(wrong, "Other", "Detail")))
        #expect(!events.contains { if case .transition(.present) = $0 { true } else { false } })
        var right = try app("Other")
        right.tap("open")
        #expect(right.state.crash == nil)
        #expect(right.front == "Other")
        #expect(throws: FlowDidNotLoad.self) {
            try App(#""initial": "a", "classes": { "A": { "actions": { "f(_:)": { "do": "present", "class": "A", "as!": "A" } } } }, "scenes": { "a": { "class": "A" } }"#)
        }
    }

    @Test("metadata addresses are fixed per type: the same text on every run, different types differ")
    func deterministicAddresses() throws {
        let app = try PrepareTests.app(prepare: "")
        #expect(app.sim.metadataAddress("B") == app.sim.metadataAddress("B"))
        #expect(app.sim.metadataAddress("B") != app.sim.metadataAddress("C"))
        #expect(app.sim.metadataAddress("UINavigationController") != app.sim.metadataAddress("UITabBarController"))
    }

    @Test("'as' and 'as!' together do not load; navigationTop! is a step")
    func decoding() throws {
        #expect(throws: FlowDidNotLoad.self) { try PrepareTests.app(prepare: #"{ "as": "B", "as!": "B" }"#) }
        let app = try PrepareTests.app(prepare: #"{ "unwrap": ["navigationTop!", "tabFirst"], "as!": "B" }"#)
        let c = try #require(app.sim.flow.classes["A"]?.prepare?.first)
        #expect(c.unwrap == [.navigationTop, .tabFirst])
        #expect(c.forcedUnwraps == [0])
        #expect(c.forced && c.cast == "B")
    }
}
