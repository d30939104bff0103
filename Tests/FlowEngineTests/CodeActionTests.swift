import Testing
import FlowModel
import FlowEngine

/// Code paths that navigate without a storyboard segue, or call `performSegue` themselves.
@Suite("Code actions")
struct CodeActionTests {
    /// Seed 003's shape: a root built in code presents a XIB-backed detail built with `init(with:)`.
    static let notes = """
    "launch": { "root": { "class": "Root", "initializer": "init(with:)", "arguments": { "notes": "notes" } } },
    "classes": {
      "Root": {
        "dependencies": { "notes": { "type": "[Note]", "injection": "initializer" } },
        "initializers": { "init(with:)": { "sets": ["notes"] } },
        "actions": {
          "tableView(_:didSelectRowAt:)": { "trigger": "cell", "guard": "selection", "do": "present",
                                            "class": "Detail", "initializer": "init(with:)", "arguments": { "note": "notes[selection.row]" } },
          "share(_:)": { "trigger": "control:share", "do": "performSegue", "segue": "Share", "sender": "self" },
          "pushDetail(_:)": { "do": "push", "class": "Detail", "initializer": "init(with:)", "arguments": { "note": "first" } },
          "close(_:)": { "do": "dismiss" },
          "popIt(_:)": { "do": "pop" }
        }
      },
      "Detail": {
        "dependencies": { "note": { "type": "Note", "injection": "initializer" } },
        "initializers": { "init(with:)": { "sets": ["note"] } },
        "initCoder": { "fatalError": "You should not instantiate this view controller by invoking init(coder:).", "line": 24 },
        "actions": { "done(_:)": { "trigger": "control:done", "do": "dismiss" } }
      }
    },
    "scenes": {
      "root": { "class": "Root", "nib": "Root", "rows": 3, "controls": ["share"] },
      "detail": { "class": "Detail", "nib": "Detail", "controls": ["done"] }
    }
    """

    @Test("present(Detail(with:)) builds the view controller in code, with its XIB's controls, and presents it")
    func presentBuiltInCode() throws {
        var app = try App(Self.notes)
        let root = try app.id("Root")
        let events = app.select(2)
        let detail = try app.id("Detail")
        #expect(events.contains(.instantiated(id: detail, via: .code(initializer: "init(with:)", caller: "Root.tableView(_:didSelectRowAt:)"))))
        #expect(app.trace(events) == [
            "note", "Root.tableView(_:didSelectRowAt:)",
            "new Detail init(with:) from Root.tableView(_:didSelectRowAt:)", "set Detail.note = notes[2]",
            "present Detail by Root automatic",
            "Detail.loadView()", "Detail.viewDidLoad()", "Detail.viewWillAppear(_:)", "Detail.viewDidAppear(_:)",
        ])
        #expect(app.slot("note", of: detail) == Slot(name: "note", value: "notes[2]", provenance: "Root.tableView(_:didSelectRowAt:) through init(with:)"))
        #expect(app.state[detail].scene == app.sim.flow.sceneIndex("detail"))
        #expect(app.state[root].presented == detail)
        // The XIB's control reaches the detail's dismiss action.
        let done = app.tap("done")
        #expect(app.trace(done).containsInOrder(["Detail.done(_:)", "dismiss Detail by Root", "release Detail"]))
        #expect(app.state[detail].appearance == .released)
        #expect(app.front == "Root")
    }

    @Test("an action's guard that fails returns early")
    func guardFails() throws {
        var app = try App(Self.notes)
        let events = app.call("tableView(_:didSelectRowAt:)")
        #expect(App.notes(events) == ["Root.tableView(_:didSelectRowAt:): guard selection fails, so it returns early"])
        #expect(app.ids("Detail").isEmpty)
    }

    @Test("performSegue from a view controller built in code: it has no storyboard, so no segue")
    func performSegueWithoutStoryboard() throws {
        var app = try App(Self.notes)
        let events = app.tap("share")
        #expect(app.trace(events).prefix(2) == ["Root.share(_:)", "Root.performSegue(withIdentifier:sender:)"])
        #expect(events.contains(.called(id: try app.id("Root"), method: "performSegue(withIdentifier:sender:)", detail: "\"Share\", sender \(try app.d("Root"))")))
        #expect(app.state.crash?.consoleLines == [
            "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Receiver (<App.Root: 0x600000c04000>) has no segue with identifier 'Share''",
        ])
    }

    @Test("push with no navigation controller: navigationController is nil, nothing happens")
    func pushWithoutNavigation() throws {
        var app = try App(Self.notes)
        let events = app.call("pushDetail")
        #expect(App.notes(events) == ["navigationController is nil, so pushViewController is never sent"])
        #expect(app.state[try app.id("Detail")].appearance == .released)
        #expect(app.state.crash == nil)
        #expect(app.front == "Root")
    }

    @Test("dismiss and pop with nothing to dismiss or pop are no-ops with a note")
    func dismissAndPopNoOps() throws {
        var app = try App(Self.notes)
        let before = app.state
        #expect(App.notes(app.call("close(_:)")) == ["\(try app.d("Root")) neither presents nor is presented, so dismiss does nothing"])
        #expect(App.notes(app.call("popIt(_:)")) == ["there is nothing to pop, so popViewController returns nil"])
        #expect(app.state == before)
    }

    @Test("dismiss called on the presenter dismisses what it presents")
    func dismissFromPresenter() throws {
        var app = try App(Self.notes)
        let root = try app.id("Root")
        app.select(0)
        let detail = try app.id("Detail")
        let events = app.call("close(_:)", on: root)
        #expect(events.contains(.transition(.dismiss(detail, by: root))))
        #expect(app.state[detail].appearance == .released)
    }

    @Test("init(coder:) from code reaches a fatalError init(coder:)")
    func initCoderFromCode() throws {
        var app = try App(Self.notes.replacingOccurrences(of: "\"initializer\": \"init(with:)\", \"arguments\": { \"note\": \"first\" }", with: "\"initializer\": \"init(coder:)\""))
        app.call("pushDetail")
        #expect(app.state.crash?.consoleLines == ["App/Detail.swift:24: Fatal error: You should not instantiate this view controller by invoking init(coder:)."])
    }

    static let stack = """
    "initial": "nav",
    "classes": {
      "A": { "actions": {
        "next(_:)": { "trigger": "control:next", "do": "show", "class": "B", "initializer": "init(b:)", "arguments": { "b": "1" } },
        "typed(_:)": { "trigger": "control:typed", "do": "performSegue", "destination": "Second", "values": { "id": "42" } }
      } },
      "B": {
        "dependencies": { "b": { "type": "Int", "injection": "initializer" }, "id": { "type": "Int", "injection": "optional" } },
        "initializers": { "init(b:)": { "sets": ["b"] } },
        "actions": { "leave(_:)": { "trigger": "control:leave", "do": "pop" } }
      }
    },
    "destinations": { "Route": { "cases": { "Second": { "values": ["id"], "segue": "ToB" }, "Nowhere": {} } } },
    "scenes": {
      "nav": { "class": "UINavigationController" },
      "a": { "class": "A", "controls": ["next", "typed"] },
      "b": { "class": "B", "controls": ["leave"] }
    },
    "segues": [
      { "source": "nav", "destination": "a", "kind": "relationship", "relationship": "rootViewController" },
      { "id": "ToB", "source": "a", "destination": "b", "kind": "show" }
    ]
    """

    @Test("show(B(b:), sender:) from code pushes inside a navigation controller; pop() pops it")
    func showAndPop() throws {
        var app = try App(Self.stack)
        let nav = try app.id("UINavigationController")
        app.tap("next")
        let b = try app.id("B")
        #expect(app.children(of: nav) == ["A", "B"])
        #expect(app.slot("b", of: b)?.value == "1")
        // A view controller built in code has no scene, so no controls: call its action by name.
        let events = app.call("leave(_:)")
        #expect(events.contains(.transition(.pop(b, from: nav))))
        #expect(app.children(of: nav) == ["A"])
        #expect(app.state[b].appearance == .released)
    }

    @Test("typed performSegue: the enum case names the identifier and travels as Box(.Case(…)) in sender")
    func typedPerformSegue() throws {
        var app = try App(Self.stack)
        let a = try app.id("A")
        let events = app.tap("typed")
        #expect(events.contains(.called(id: a, method: "performSegue(withIdentifier:sender:)", detail: "\"ToB\", sender Box(.Second(id: 42))")))
        #expect(events.contains(.called(id: a, method: "prepare(for:sender:)", detail: "segue 'ToB', destination \(try app.d("B"))")))
        #expect(app.front == "B")
    }
}
