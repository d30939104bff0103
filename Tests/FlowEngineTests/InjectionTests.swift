import Testing
import FlowModel
import FlowEngine

/// The four injection kinds, what reading them does in `viewDidLoad`, and where values came from.
@Suite("Injection")
struct InjectionTests {
    static let flow = """
    "initial": "nav",
    "classes": {
      "Src": {
        "dependencies": { "token": { "type": "String", "injection": "implicitlyUnwrapped" } },
        "prepare": [ { "segue": "ToFull", "as": "Full", "set": { "iuo": "\\"x\\"", "opt": "\\"y\\"", "prop": "\\"z\\"" } } ],
        "actions": {
          "make(_:)": { "trigger": "control:make", "do": "present", "class": "Full", "initializer": "init(with:)",
                        "arguments": { "value": "\\"built\\"" } },
          "readToken(_:)": { "trigger": "control:token", "do": "present", "class": "Full", "initializer": "init(with:)",
                             "arguments": { "value": "token.uppercased()" } }
        }
      },
      "Full": {
        "dependencies": {
          "value": { "type": "String", "injection": "initializer" },
          "iuo": { "type": "String", "injection": "implicitlyUnwrapped" },
          "opt": { "type": "String", "injection": "optional" },
          "prop": { "type": "String", "injection": "property", "default": "\\"\\"" }
        },
        "initializers": { "init(with:)": { "sets": ["value"] } },
        "viewDidLoad": { "uses": ["value", "opt", "prop"], "line": 40 }
      },
      "Reader": {
        "dependencies": { "iuo": { "type": "String", "injection": "implicitlyUnwrapped" } },
        "viewDidLoad": { "uses": ["iuo"], "line": 12 }
      },
      "Asserter": {
        "dependencies": { "iuo": { "type": "String", "injection": "implicitlyUnwrapped" } },
        "viewDidLoad": { "uses": ["iuo"], "asserts": ["iuo"], "line": 30 }
      }
    },
    "scenes": {
      "nav": { "class": "UINavigationController" },
      "src": { "class": "Src", "controls": ["make", "token", "toFull", "toReader", "toAsserter"] },
      "full": { "class": "Full" },
      "reader": { "class": "Reader" },
      "asserter": { "class": "Asserter" }
    },
    "segues": [
      { "source": "nav", "destination": "src", "kind": "relationship", "relationship": "rootViewController" },
      { "id": "ToFull", "source": "src", "destination": "full", "kind": "show", "trigger": "control:toFull" },
      { "id": "ToReader", "source": "src", "destination": "reader", "kind": "show", "trigger": "control:toReader" },
      { "id": "ToAsserter", "source": "src", "destination": "asserter", "kind": "show", "trigger": "control:toAsserter" }
    ]
    """

    @Test("decoded through init(coder:): an initializer dependency is never set, IUO and optional are nil, a property has its default")
    func slotsAfterInitCoder() throws {
        var app = try App(Self.flow.replacingOccurrences(of: "\"segue\": \"ToFull\"", with: "\"segue\": \"None\""))
        let events = app.tap("toFull")
        let full = try app.id("Full")
        #expect(app.slots(of: full) == [
            Slot(name: "value", value: nil, provenance: "never set: init(coder:) does not set it"),
            Slot(name: "iuo", value: nil, provenance: "not set"),
            Slot(name: "opt", value: nil, provenance: "not set"),
            Slot(name: "prop", value: "\"\"", provenance: "default value"),
        ])
        // Reading a nil optional or a never-set value is not a trap; flownav explains it.
        #expect(app.state.crash == nil)
        #expect(App.notes(events) == [
            "viewDidLoad() reads value, which has no value (never set: init(coder:) does not set it)",
            "viewDidLoad() reads opt, which is nil (not set)",
        ])
    }

    @Test("prepare sets implicitly unwrapped, optional and property dependencies, replacing the default")
    func prepareSetsEveryKind() throws {
        var app = try App(Self.flow)
        app.tap("toFull")
        let full = try app.id("Full")
        let by = "Src.prepare(for:sender:)"
        #expect(app.slot("iuo", of: full) == Slot(name: "iuo", value: "\"x\"", provenance: by))
        #expect(app.slot("opt", of: full) == Slot(name: "opt", value: "\"y\"", provenance: by))
        #expect(app.slot("prop", of: full) == Slot(name: "prop", value: "\"z\"", provenance: by))
    }

    @Test("a designated initializer sets its dependency; its provenance names the code and the initializer")
    func initializerInjection() throws {
        var app = try App(Self.flow)
        let src = try app.id("Src")
        let events = app.tap("make")
        let full = try app.id("Full")
        #expect(events.contains(.instantiated(id: full, via: .code(initializer: "init(with:)", caller: "Src.make(_:)"))))
        #expect(app.slot("value", of: full) == Slot(name: "value", value: "\"built\"", provenance: "Src.make(_:) through init(with:)"))
        #expect(app.state[full].presenter == (try app.id("UINavigationController")))
        #expect(app.state[src].presented == nil)
    }

    @Test("reading a nil implicitly unwrapped dependency in viewDidLoad traps")
    func implicitlyUnwrappedTrap() throws {
        var app = try App(Self.flow)
        let events = app.tap("toReader")
        #expect(App.notes(events).last == "viewDidLoad() reads iuo, an implicitly unwrapped String!, which was never set")
        #expect(app.state.crash == .trap(location: "App/Reader.swift:12", kind: "Fatal error",
                                         message: "Unexpectedly found nil while implicitly unwrapping an Optional value"))
        #expect(app.state.crash?.consoleLines == ["App/Reader.swift:12: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value"])
        #expect(events.last == .crashed(app.state.crash!))
    }

    @Test("an assertion on a nil dependency fails before the read: 'Assertion failed' with no message")
    func assertionFailed() throws {
        var app = try App(Self.flow)
        let events = app.tap("toAsserter")
        #expect(App.notes(events).last == "viewDidLoad() asserts iuo != nil, but iuo was never set")
        #expect(app.state.crash?.consoleLines == ["App/Asserter.swift:30: Assertion failed"])
    }

    @Test("reading a nil implicitly unwrapped dependency in app code traps before anything is built")
    func implicitlyUnwrappedReadInCode() throws {
        var app = try App(Self.flow)
        let events = app.tap("token")
        guard case .trap(let location, let kind, let message) = app.state.crash else {
            Issue.record("expected a trap, got \(String(describing: app.state.crash))")
            return
        }
        #expect(location.hasPrefix("App/Src.swift"))
        #expect(kind == "Fatal error")
        #expect(message == "Unexpectedly found nil while implicitly unwrapping an Optional value")
        #expect(app.ids("Full").isEmpty)
        #expect(!events.contains { if case .transition = $0 { true } else { false } })
    }
}
