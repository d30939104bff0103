@testable import FlowModel
import Testing

@testable import FlowEngine

/// Issue 31 item 3: outlets are nil until the view loads (reference §3.1, §3.9).
@Suite("Fidelity round 3: outlets before the view is loaded")
struct FidelityRound3OutletTests {
    /// A pushes B by `toB` (B's scene connects `label` only) and, from code, builds C (no scene).
    static func app(prepare: String, viewDidLoad: String = "[]", sceneOutlets: String = #"["label"]"#, action: String = "") throws -> App {
        try App("""
        "initial": "nav",
        "classes": {
          "A": { "file": "A.swift", "prepare": [ \(prepare) ]\(action.isEmpty ? "" : ", \"actions\": { \(action) }") },
          "B": {
            "file": "B.swift",
            "outlets": { "label": { "type": "UILabel!", "line": 3 }, "note": { "type": "UILabel?" },
                         "plain": { "type": "UILabel" }, "badge": { "type": "UILabel!" }, "labels": { "type": "[UILabel]!" } },
            "dependencies": { "text": { "type": "String", "injection": "optional" } },
            "viewDidLoad": { "uses": [], "line": 9, "outlets": \(viewDidLoad) },
            "methods": { "configure(with:)": { "sets": ["text"], "outlets": [ { "name": "label", "line": 20 } ] } }
          },
          "C": { "file": "C.swift", "outlets": { "label": { "type": "UILabel!" } } }
        },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "a": { "class": "A", "controls": ["toB", "make"] },
          "b": { "class": "B", "outlets": \(sceneOutlets) }
        },
        "segues": [
          { "source": "nav", "destination": "a", "kind": "relationship", "relationship": "rootViewController" },
          { "id": "ShowB", "source": "a", "destination": "b", "kind": "show", "trigger": "control:toB" }
        ]
        """)
    }

    static func pushed(_ events: [Event]) -> Bool { events.contains { if case .transition(.push) = $0 { true } else { false } } }

    @Test("an implicitly unwrapped outlet read through in prepare traps at its line: the view is not loaded")
    func implicitlyUnwrappedOutletInPrepare() throws {
        var app = try Self.app(prepare: #"{ "as": "B", "set": { "text": "\"hi\"" }, "outlets": [ { "name": "label", "line": 14 } ] }"#)
        let events = app.tap("toB")
        #expect(App.crash(events) == .trap(location: "App/A.swift:14", kind: "Fatal error", message: "Unexpectedly found nil while implicitly unwrapping an Optional value"))
        #expect(App.notes(events).last?.contains(Simulator.outletTrapMarker + "UILabel!") == true)
        #expect(App.notes(events).last?.contains("its view is not loaded yet") == true)
        // Statements before it ran; the push never happened.
        #expect(app.slot("text", of: try app.id("B"))?.value == "\"hi\"")
        #expect(!Self.pushed(events))
        #expect(!app.trace(events).contains("B.viewDidLoad()"))
    }

    @Test("?. on the nil outlet, an optional outlet and a non-optional one do nothing: no trap, the push goes on")
    func optionalChainsDoNothing() throws {
        for access in [#"{ "name": "label", "optionalChaining": true }"#, #"{ "name": "note" }"#, #"{ "name": "plain" }"#] {
            var app = try Self.app(prepare: #"{ "as": "B", "outlets": [ \#(access) ] }"#)
            let events = app.tap("toB")
            #expect(app.state.crash == nil, "\(access)")
            #expect(Self.pushed(events), "\(access)")
        }
    }

    @Test("label! on a nil outlet traps with the explicit unwrap's text; an outlet collection [UILabel]! traps too")
    func forceUnwrapAndCollections() throws {
        var app = try Self.app(prepare: #"{ "as": "B", "outlets": [ { "name": "note", "forceUnwrap": true, "line": 8 } ] }"#)
        #expect(App.crash(app.tap("toB")) == .trap(location: "App/A.swift:8", kind: "Fatal error", message: "Unexpectedly found nil while unwrapping an Optional value"))
        var collection = try Self.app(prepare: #"{ "as": "B", "outlets": [ { "name": "labels", "line": 9 } ] }"#)
        #expect(collection.tap("toB").contains { if case .crashed = $0 { true } else { false } })
    }

    @Test("loadViewIfNeeded() or view first loads the view there: viewDidLoad runs inside prepare, once, and the outlet is set")
    func loadingTheViewFirst() throws {
        for loader in ["loadViewIfNeeded()", "view"] {
            var app = try Self.app(prepare: #"{ "as": "B", "outlets": [ { "name": "\#(loader)" }, { "name": "label", "line": 15 } ] }"#)
            let events = app.tap("toB")
            #expect(app.state.crash == nil, "\(loader)")
            let trace = app.trace(events)
            let loaded = try #require(trace.firstIndex(of: "B.viewDidLoad()"), "\(loader)")
            let push = try #require(trace.firstIndex { $0.hasPrefix("push") }, "\(trace)")
            #expect(loaded < push, "\(trace)")
            #expect(trace.filter { $0 == "B.viewDidLoad()" }.count == 1)
        }
    }

    @Test("after the load an outlet the storyboard does not connect is nil: viewDidLoad's read traps with that reason; a connected one does not")
    func unconnectedOutletAfterLoad() throws {
        var app = try Self.app(prepare: #"{ "as": "B" }"#, viewDidLoad: #"[ { "name": "label", "line": 10 }, { "name": "badge", "line": 11 } ]"#)
        let events = app.tap("toB")
        #expect(App.crash(events) == .trap(location: "App/B.swift:11", kind: "Fatal error", message: "Unexpectedly found nil while implicitly unwrapping an Optional value"))
        #expect(App.notes(events).contains { $0.contains("the storyboard connects no outlet 'badge' on scene 'b'") })
    }

    @Test("a scene whose connections the flow does not give (no storyboard read) is no claim after the load")
    func unknownConnections() throws {
        let body = #"{ "as": "B" }"#
        var app = try App("""
        "initial": "a",
        "classes": { "A": { "prepare": [ \(body) ] }, "B": { "outlets": { "badge": { "type": "UILabel!" } }, "viewDidLoad": { "uses": [], "outlets": [ { "name": "badge" } ] } } },
        "scenes": { "a": { "class": "A", "controls": ["go"] }, "b": { "class": "B" } },
        "segues": [ { "id": "Go", "source": "a", "destination": "b", "kind": "presentation", "trigger": "control:go" } ]
        """)
        app.tap("go")
        #expect(app.state.crash == nil)
    }

    @Test("a helper of the destination that touches an outlet traps at its own file and line")
    func helperMethod() throws {
        var app = try Self.app(prepare: #"{ "as": "B", "call": "configure(with:)", "with": "\"x\"" }"#)
        #expect(App.crash(app.tap("toB")) == .trap(location: "App/B.swift:20", kind: "Fatal error", message: "Unexpectedly found nil while implicitly unwrapping an Optional value"))
    }

    @Test("code that builds a controller and sets an outlet before showing it traps; after loadViewIfNeeded() it does not")
    func codeActionBuildsThenConfigures() throws {
        var app = try Self.app(prepare: #"{ "as": "B" }"#, action: #""make(_:)": { "trigger": "control:make", "do": "present", "class": "C", "outlets": [ { "name": "label", "line": 30 } ] }"#)
        #expect(App.crash(app.tap("make")) == .trap(location: "App/A.swift:30", kind: "Fatal error", message: "Unexpectedly found nil while implicitly unwrapping an Optional value"))
        var loaded = try Self.app(prepare: #"{ "as": "B" }"#, action: #""make(_:)": { "trigger": "control:make", "do": "present", "class": "C", "outlets": [ { "name": "loadViewIfNeeded()" }, { "name": "label", "line": 30 } ] }"#)
        loaded.tap("make")
        // C has no scene: what connects its outlets (a XIB, loadView) is not in the flow, so no claim.
        #expect(loaded.state.crash == nil)
    }

    @Test("the flow format: both decoders read scene outlets alike; an access cannot be both ?. and !")
    func decoders() throws {
        let text = """
        { "format": 1, "name": "T", "module": "M", "initial": "a",
          "classes": { "A": { "outlets": { "label": { "type": "UILabel!", "line": 4 } } } },
          "scenes": { "a": { "class": "A", "outlets": ["label", "image"] } } }
        """
        let bytes = Array(text.utf8)
        #expect(JSONReader.readDirect(bytes) != nil)
        guard case .success(let direct) = FlowLoader.load(bytes: bytes, file: "t.json", direct: true),
              case .success(let tree) = FlowLoader.load(bytes: bytes, file: "t.json", direct: false) else {
            Issue.record("did not load")
            return
        }
        #expect(direct.flow.scenes[0].outlets == ["label", "image"])
        #expect(tree.flow.scenes == direct.flow.scenes)
        #expect(direct.flow.classes["A"]?.outlets.first?.kind == .implicitlyUnwrapped)
        #expect(Outlet.kind(ofType: "[UIButton]!") == .implicitlyUnwrapped && Outlet.kind(ofType: "UILabel?") == .optional)
        let bad = """
        { "format": 1, "name": "T", "module": "M", "initial": "a",
          "classes": { "A": { "prepare": [ { "as": "A", "outlets": [ { "name": "label", "optionalChaining": true, "forceUnwrap": true } ] } ] } },
          "scenes": { "a": { "class": "A" } } }
        """
        guard case .failure(let e) = FlowLoader.load(text: bad, file: "bad.json") else {
            Issue.record("loaded")
            return
        }
        #expect(e.diagnostics.contains { $0.description.contains("not both") })
    }
}

@Suite("Fidelity round 3: outlets, statement order")
struct FidelityRound3OutletOrderTests {
    @Test("loadViewIfNeeded() written before the set runs viewDidLoad with the dependency still nil: its read traps there")
    func loadingBeforeTheSet() throws {
        func app(_ beforeSet: Bool) throws -> App {
            try App("""
            "initial": "a",
            "classes": {
              "A": { "prepare": [ { "as": "B", "set": { "item": "\\"x\\"" }, "outlets": [ { "name": "loadViewIfNeeded()", "beforeSet": \(beforeSet) } ] } ] },
              "B": { "file": "B.swift", "dependencies": { "item": { "type": "Item", "injection": "implicitlyUnwrapped" } }, "viewDidLoad": { "uses": ["item"], "line": 6 } }
            },
            "scenes": { "a": { "class": "A", "controls": ["go"] }, "b": { "class": "B" } },
            "segues": [ { "id": "Go", "source": "a", "destination": "b", "kind": "presentation", "trigger": "control:go" } ]
            """)
        }
        var early = try app(true)
        let events = early.tap("go")
        #expect(App.crash(events) == .trap(location: "App/B.swift:6", kind: "Fatal error", message: "Unexpectedly found nil while implicitly unwrapping an Optional value"))
        var late = try app(false)
        late.tap("go")
        #expect(late.state.crash == nil)
    }
}
