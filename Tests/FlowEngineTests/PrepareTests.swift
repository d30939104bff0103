import Testing
import FlowModel
import FlowEngine

/// `prepare(for:sender:)`: when it runs (reference §3.1) and what its cases do.
@Suite("prepare(for:sender:)")
struct PrepareTests {
    /// `A` (root of a navigation controller) with the given prepare cases; `B` conforms to `P`
    /// and has `inject(_:)`; `C` has the same dependency but does not conform.
    static func app(prepare: String) throws -> App {
        try App("""
        "initial": "nav",
        "protocols": { "P": { "objc": false } },
        "classes": {
          "A": { "prepare": [ \(prepare) ] },
          "B": {
            "conformsTo": ["P"],
            "dependencies": { "text": { "type": "String", "injection": "implicitlyUnwrapped" } },
            "methods": { "inject(_:)": { "sets": ["text"] } },
            "viewDidLoad": { "uses": ["text"], "line": 5 }
          },
          "C": {
            "dependencies": { "text": { "type": "String", "injection": "implicitlyUnwrapped" } },
            "viewDidLoad": { "uses": ["text"], "line": 7 }
          }
        },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "a": { "class": "A", "controls": ["toB", "toC", "toNavB", "toTabB"] },
          "b": { "class": "B" },
          "c": { "class": "C" },
          "navB": { "class": "UINavigationController" },
          "bInNav": { "class": "B" },
          "tabs": { "class": "UITabBarController" },
          "bInTab": { "class": "B" },
          "cInTab": { "class": "C" }
        },
        "segues": [
          { "source": "nav", "destination": "a", "kind": "relationship", "relationship": "rootViewController" },
          { "id": "ToB", "source": "a", "destination": "b", "kind": "show", "trigger": "control:toB" },
          { "id": "ToC", "source": "a", "destination": "c", "kind": "show", "trigger": "control:toC" },
          { "id": "ToNavB", "source": "a", "destination": "navB", "kind": "presentation", "trigger": "control:toNavB" },
          { "source": "navB", "destination": "bInNav", "kind": "relationship", "relationship": "rootViewController" },
          { "id": "ToTabB", "source": "a", "destination": "tabs", "kind": "presentation", "trigger": "control:toTabB" },
          { "source": "tabs", "destination": "bInTab", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "tabs", "destination": "cInTab", "kind": "relationship", "relationship": "viewControllers" }
        ]
        """)
    }

    @Test("prepare runs after the destination is instantiated and before its view loads")
    func prepareOrder() throws {
        var app = try Self.app(prepare: "{ \"as\": \"B\", \"set\": { \"text\": \"segue.identifier\" } }")
        let events = app.tap("toB")
        #expect(app.trace(events) == [
            "new B init(coder:)",
            "A.prepare(for:sender:)",
            "set B.text = \"ToB\"",
            "B.willMove(toParent:)",
            "push B onto UINavigationController",
            "B.loadView()", "B.viewDidLoad()",
            "A.viewWillDisappear(_:)", "B.viewWillAppear(_:)", "A.viewDidDisappear(_:)", "B.viewDidAppear(_:)",
            "B.didMove(toParent:)",
        ])
        let b = try app.id("B")
        #expect(events.contains(.called(id: try app.id("A"), method: "prepare(for:sender:)", detail: "segue 'ToB', destination \(app.sim.describe(b))")))
        #expect(app.slot("text", of: b) == Slot(name: "text", value: "\"ToB\"", provenance: "A.prepare(for:sender:)"))
        #expect(app.state.crash == nil)
    }

    @Test("as? a class on a navigation controller destination fails silently: a note, no injection, then the IUO read traps")
    func castFailsOnNavigationController() throws {
        var app = try Self.app(prepare: "{ \"as\": \"B\", \"call\": \"inject(_:)\", \"with\": \"\\\"hi\\\"\" }")
        let events = app.tap("toNavB")
        let nav = try app.id("UINavigationController", 1)
        #expect(App.notes(events).contains("A.prepare(for:sender:): \(app.sim.describe(nav)) as? B is nil, so nothing is injected"))
        #expect(!events.contains { if case .injected = $0 { true } else { false } })
        #expect(App.console(events).isEmpty)
        #expect(app.state.crash?.consoleLines == ["App/B.swift:5: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value"])
    }

    @Test("unwrap navigationTop reaches the navigation controller's top view controller")
    func unwrapNavigationTop() throws {
        var app = try Self.app(prepare: "{ \"unwrap\": [\"navigationTop\", \"tabFirst\"], \"as\": \"B\", \"set\": { \"text\": \"\\\"wrapped\\\"\" } }")
        app.tap("toNavB")
        let b = try app.id("B")
        #expect(app.state.crash == nil)
        #expect(app.slot("text", of: b)?.value == "\"wrapped\"")
        #expect(app.front == "B")
        // The same case still works on a destination that is not a container: the steps do not apply.
        app.run(.dismiss)
        app.tap("toB")
        #expect(app.slot("text", of: try app.id("B", 1))?.value == "\"wrapped\"")
    }

    @Test("unwrap tabFirst reaches a tab bar controller's first tab")
    func unwrapTabFirst() throws {
        var app = try Self.app(prepare: "{ \"unwrap\": [\"navigationTop\", \"tabFirst\"], \"as\": \"P\", \"set\": { \"text\": \"\\\"tab\\\"\" } }")
        let events = app.tap("toTabB")
        let b = try app.id("B")
        #expect(app.state.crash == nil)
        #expect(app.slot("text", of: b) == Slot(name: "text", value: "\"tab\"", provenance: "A.prepare(for:sender:)"))
        #expect(app.trace(events).containsInOrder(["A.prepare(for:sender:)", "set B.text = \"tab\"", "present UITabBarController by UINavigationController automatic", "B.viewDidLoad()"]))
        // The second tab is not loaded and was not injected.
        let c = try app.id("C")
        #expect(app.state[c].appearance == .notLoaded)
        #expect(app.slot("text", of: c)?.value == nil)
    }

    @Test("as? a protocol: a conforming class is injected, a class with the same property but no conformance is not")
    func protocolCast() throws {
        var app = try Self.app(prepare: "{ \"as\": \"P\", \"set\": { \"text\": \"\\\"p\\\"\" } }")
        app.tap("toB")
        #expect(app.slot("text", of: try app.id("B"))?.value == "\"p\"")
        app.run(.back)
        let events = app.tap("toC")
        let c = try app.id("C")
        #expect(App.notes(events).contains("A.prepare(for:sender:): \(app.sim.describe(c)) as? P is nil, so nothing is injected"))
        #expect(app.state.crash?.consoleLines == ["App/C.swift:7: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value"])
    }

    @Test("call inject(_:) with a value assigns the method's 'sets'")
    func callInject() throws {
        var app = try Self.app(prepare: "{ \"segue\": \"ToB\", \"as\": \"B\", \"call\": \"inject(_:)\", \"with\": \"\\\"Welcome\\\"\" }")
        let events = app.tap("toB")
        let b = try app.id("B")
        #expect(events.contains(.called(id: b, method: "inject(_:)", detail: "\"Welcome\"")))
        #expect(app.trace(events).containsInOrder(["A.prepare(for:sender:)", "B.inject(_:)", "set B.text = \"Welcome\"", "B.viewDidLoad()"]))
        #expect(app.slot("text", of: b) == Slot(name: "text", value: "\"Welcome\"", provenance: "inject(_:), from A.prepare(for:sender:)"))
    }

    @Test("a case for another segue identifier does nothing; a failing guard returns early with a note")
    func segueFilterAndGuard() throws {
        var app = try Self.app(prepare: """
        { "segue": "ToC", "as": "B", "set": { "text": "\\"wrong\\"" } },
        { "guard": "never", "as": "B", "set": { "text": "\\"guarded\\"" } }
        """)
        let events = app.tap("toB")
        #expect(!events.contains { if case .injected = $0 { true } else { false } })
        #expect(App.notes(events).contains("A.prepare(for:sender:): guard never fails, so this case returns early"))
        #expect(app.state.crash?.consoleLines == ["App/B.swift:5: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value"])
    }

    /// Seed 002's shape: a typed destination enum carried in a `Box` as the sender.
    static let typed = """
    "initial": "nav",
    "protocols": { "Deps": { "objc": false } },
    "destinations": {
      "Destination": {
        "cases": {
          "Detail": { "values": ["user", "model"], "segue": "DetailSegue" },
          "Other": { "segue": "DetailSegue" }
        }
      }
    },
    "classes": {
      "Base": { "prepare": [ { "unwrap": ["navigationTop"], "as": "Deps", "call": "assign(_:)", "with": "sender" } ] },
      "List": {
        "superclass": "Base",
        "actions": {
          "open(_:)": { "trigger": "cell", "do": "performSegue", "destination": "Detail",
                        "values": { "user": "session.user", "model": "models[selection.row]" } },
          "other(_:)": { "trigger": "control:other", "do": "performSegue", "destination": "Other" },
          "plain(_:)": { "trigger": "control:plain", "do": "performSegue", "segue": "DetailSegue", "sender": "nil" }
        }
      },
      "Detail": {
        "superclass": "Base",
        "conformsTo": ["Deps"],
        "dependencies": {
          "user": { "type": "User", "injection": "implicitlyUnwrapped" },
          "model": { "type": "ViewModel", "injection": "optional" }
        },
        "methods": { "assign(_:)": { "cases": { "Detail": { "set": { "user": "user", "model": "ViewModel(model)" } } } } }
      }
    },
    "scenes": {
      "nav": { "class": "UINavigationController" },
      "list": { "class": "List", "rows": 3, "controls": ["other", "plain"] },
      "detail": { "class": "Detail" }
    },
    "segues": [
      { "source": "nav", "destination": "list", "kind": "relationship", "relationship": "rootViewController" },
      { "id": "DetailSegue", "source": "list", "destination": "detail", "kind": "show" }
    ]
    """

    @Test("typed destination: the case's associated values reach the destination through the Box sender")
    func typedDestinationCase() throws {
        var app = try App(Self.typed)
        let list = try app.id("List")
        let events = app.select(2)
        let detail = try app.id("Detail")
        let box = "Box(.Detail(user: session.user, model: models[2]))"
        #expect(events.contains(.called(id: list, method: "performSegue(withIdentifier:sender:)", detail: "\"DetailSegue\", sender \(box)")))
        #expect(events.contains(.called(id: detail, method: "assign(_:)", detail: CallDetail(box))))
        #expect(app.slot("user", of: detail) == Slot(
            name: "user", value: "session.user", provenance: "assign(_:) (case .Detail), from Base.prepare(for:sender:)"))
        #expect(app.slot("model", of: detail)?.value == "ViewModel(models[2])")
        #expect(app.front == "Detail")
        // performSegue from code never asks shouldPerformSegue (reference §3.2).
        #expect(!app.trace(events).contains { $0.contains("shouldPerformSegue") })
    }

    @Test("typed destination: a case the switch does not handle assigns nothing")
    func typedDestinationUnhandledCase() throws {
        var app = try App(Self.typed)
        let events = app.tap("other")
        let detail = try app.id("Detail")
        #expect(App.notes(events).contains("assign(_:): the switch has no case for .Other, so nothing is assigned"))
        #expect(!events.contains { if case .injected = $0 { true } else { false } })
        #expect(app.slot("user", of: detail)?.value == nil)
        #expect(app.state.crash == nil)
    }

    @Test("a stringly-typed performSegue with sender nil: no Box, so the method is not even called")
    func typedDestinationWithoutBox() throws {
        var app = try App(Self.typed)
        let events = app.tap("plain")
        #expect(App.notes(events) == ["Base.prepare(for:sender:): sender nil as? Box<…> is nil, so assign(_:) is not called"])
        #expect(!events.contains { if case .called(_, "assign(_:)", _) = $0 { true } else { false } })
        #expect(app.slot("model", of: try app.id("Detail")) == Slot(name: "model", value: nil, provenance: "not set"))
    }
}
