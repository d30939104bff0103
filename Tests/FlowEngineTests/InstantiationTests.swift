import Testing
import FlowModel
import FlowEngine

/// `-[UIClassSwapper initWithCoder:]` (reference §1.2): who is asked for the segue action, and
/// what UIKit says when the answer is missing, nil, of the wrong class or badly initialized.
@Suite("Instantiation")
struct InstantiationTests {
    /// `Src` (in a navigation controller, with rows) shows `Detail` through a segue action whose
    /// definition is spliced in; `Detail` declares the same selector to prove it is never asked.
    static func showDetail(action: String, detail: String = "", extraClasses: String = "", sceneClass: String = "Detail") throws -> App {
        try App("""
        "initial": "nav",
        "classes": {
          "Src": {
            "segueActions": { "makeDetail(coder:sender:segueIdentifier:)": { \(action) } }
          },
          "Detail": {
            "dependencies": { "item": { "type": "Item", "injection": "initializer", "default": "Item.placeholder" } },
            "initializers": {
              "init(coder:item:)": { "sets": ["item"] },
              "init(item:)": { "sets": ["item"], "callsSuper": "init(nibName:bundle:)" }
            },
            "segueActions": { "makeDetail(coder:sender:segueIdentifier:)": { "nilWhen": "always" } }
            \(detail)
          },
          "DetailSub": { "superclass": "Detail" },
          "Other": {}
          \(extraClasses)
        },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "src": { "class": "Src", "rows": 3 },
          "detail": { "class": "\(sceneClass)" }
        },
        "segues": [
          { "source": "nav", "destination": "src", "kind": "relationship", "relationship": "rootViewController" },
          { "id": "ShowDetail", "source": "src", "destination": "detail", "kind": "show", "trigger": "cell",
            "action": "makeDetail(coder:sender:segueIdentifier:)" }
        ]
        """)
    }

    @Test("the segue action is sent to the segue's source, with the sender and identifier")
    func segueActionSentToSource() throws {
        var app = try Self.showDetail(action: """
        "returns": "Detail", "initializer": "init(coder:item:)",
        "arguments": { "item": "Item(row: selection.row, from: sender, segue: segue.identifier)" }
        """)
        let src = try app.id("Src")
        let events = app.select(1)
        let detail = try app.id("Detail")
        #expect(events.contains(.instantiated(id: detail, via: .segueAction(
            target: src, selector: "makeDetailWithCoder:sender:segueIdentifier:", initializer: "init(coder:item:)"))))
        #expect(app.trace(events).containsInOrder([
            "Src.makeDetail(coder:sender:segueIdentifier:)",
            "new Detail by Src.makeDetailWithCoder:sender:segueIdentifier: init(coder:item:)",
            "set Detail.item = Item(row: 1, from: <UITableViewCell> at [0, 1], segue: \"ShowDetail\")",
            "push Detail onto UINavigationController",
        ]))
        #expect(App.console(events).isEmpty)
        #expect(app.slot("item", of: detail) == Slot(
            name: "item", value: "Item(row: 1, from: <UITableViewCell> at [0, 1], segue: \"ShowDetail\")",
            provenance: "makeDetail(coder:sender:segueIdentifier:) through init(coder:item:)"))
        #expect(app.front == "Detail")
        #expect(app.state.crash == nil)
    }

    @Test("nilWhen: the action returns nil, UIKit logs it and falls back to init(coder:)")
    func nilFallsBackToInitCoder() throws {
        var app = try Self.showDetail(action: """
        "returns": "Detail", "initializer": "init(coder:item:)", "arguments": { "item": "x" }, "nilWhen": "noSelection"
        """)
        let src = try app.id("Src")
        let events = app.perform("ShowDetail")
        let detail = try app.id("Detail")
        let message = "[Storyboard] -[\(app.sim.describe(src)) makeDetailWithCoder:sender:segueIdentifier:] returned nil, falling back to -[_TtC3App6Detail initWithCoder:]"
        #expect(App.console(events) == [message])
        #expect(app.trace(events).containsInOrder([
            "Src.makeDetail(coder:sender:segueIdentifier:)", message, "new Detail init(coder:)", "Src.prepare(for:sender:)",
        ]))
        #expect(events.contains(.instantiated(id: detail, via: .initCoder)))
        #expect(app.slot("item", of: detail) == Slot(name: "item", value: "Item.placeholder", provenance: "default value"))
        #expect(app.front == "Detail")
    }

    @Test("nilWhen then a fatalError init(coder:) traps at the Swift file and line")
    func nilThenFatalError() throws {
        var app = try Self.showDetail(
            action: "\"returns\": \"Detail\", \"nilWhen\": \"noSelection\"",
            detail: ", \"initCoder\": { \"fatalError\": \"init(coder:) has not been implemented\", \"line\": 12 }")
        let events = app.perform("ShowDetail")
        #expect(App.console(events).count == 1)
        #expect(app.state.crash == .trap(location: "App/Detail.swift:12", kind: "Fatal error", message: "init(coder:) has not been implemented"))
        #expect(app.state.crash?.consoleLines == ["App/Detail.swift:12: Fatal error: init(coder:) has not been implemented"])
        #expect(app.ids("Detail").isEmpty)
        #expect(app.front == "Src")
    }

    @Test("returning an instance of the wrong class fails UIClassSwapper's assertion at line 150")
    func wrongClass() throws {
        var app = try Self.showDetail(action: "\"returns\": \"Other\"")
        let events = app.select(0)
        let other = try app.id("Other")
        #expect(App.crash(events) == app.state.crash)
        #expect(app.state.crash?.consoleLines == [
            "*** Assertion failure in -[UIClassSwapper initWithCoder:], UIClassSwapper.m:150",
            "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Custom instantiated \(app.sim.describe(other)) must be kind of class App.Detail'",
        ])
        #expect(app.state.children(of: try app.id("UINavigationController")).count == 1)
    }

    @Test("the class checked for a UIKit scene class is printed without a module")
    func wrongClassForUIKitScene() throws {
        var app = try Self.showDetail(action: "\"returns\": \"Other\"", sceneClass: "UITableViewController")
        app.select(0)
        guard case .exception(let name, let reason, _) = app.state.crash else {
            Issue.record("expected an exception, got \(String(describing: app.state.crash))")
            return
        }
        #expect(name == "NSInternalInconsistencyException")
        #expect(reason == "Custom instantiated \(try app.d("Other")) must be kind of class UITableViewController")
    }

    @Test("a subclass of the storyboard's class passes the kind-of-class check")
    func subclassPasses() throws {
        var app = try Self.showDetail(action: "\"returns\": \"DetailSub\", \"initializer\": \"init(coder:item:)\", \"arguments\": { \"item\": \"sub\" }")
        let events = app.select(2)
        #expect(app.state.crash == nil)
        #expect(app.front == "DetailSub")
        #expect(app.slot("item", of: try app.id("DetailSub"))?.value == "sub")
        #expect(App.console(events).isEmpty)
        // A plain UIViewController scene accepts any view controller class.
        var plain = try Self.showDetail(action: "\"returns\": \"Other\"", sceneClass: "UIViewController")
        plain.select(0)
        #expect(plain.state.crash == nil)
        #expect(plain.front == "Other")
    }

    @Test("an initializer that does not end in super.init(coder:) fails the assertion at line 139")
    func initializerWithoutSuperInitCoder() throws {
        var app = try Self.showDetail(action: "\"returns\": \"Detail\", \"initializer\": \"init(item:)\", \"arguments\": { \"item\": \"x\" }")
        let src = try app.id("Src")
        app.select(0)
        #expect(app.state.crash?.consoleLines == [
            "*** Assertion failure in -[UIClassSwapper initWithCoder:], UIClassSwapper.m:139",
            "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Custom instantiated view controller must call -[super initWithCoder:] when created from -[\(app.sim.describe(src)) makeDetailWithCoder:sender:segueIdentifier:]'",
        ])
    }

    @Test("without a segue action the destination is decoded through init(coder:); a fatalError there traps")
    func plainInitCoderFatalError() throws {
        var app = try App("""
        "initial": "a",
        "classes": {
          "A": {},
          "B": { "file": "Screens/BViewController.swift", "initCoder": { "fatalError": "init(coder:) has not been implemented", "line": 20 } }
        },
        "scenes": { "a": { "class": "A", "controls": ["go"] }, "b": { "class": "B" } },
        "segues": [ { "id": "Go", "source": "a", "destination": "b", "kind": "presentation", "trigger": "control:go" } ]
        """)
        let events = app.tap("go")
        #expect(App.console(events).isEmpty)
        #expect(app.trace(events).suffix(2) == ["App.B.init(coder:)", "crash"])
        #expect(app.state.crash?.consoleLines == ["App/Screens/BViewController.swift:20: Fatal error: init(coder:) has not been implemented"])
    }

    /// `Src` presents a navigation controller; the action on the relationship segue is spliced in.
    static func presentNav(relationshipAction: String, outer: String = "", navClass: String = "UINavigationController") throws -> App {
        try App("""
        "initial": "src",
        "classes": {
          "Src": {
            "segueActions": {
              "makeChild(coder:sender:segueIdentifier:)": {
                "returns": "Child", "initializer": "init(coder:who:)",
                "arguments": { "who": "made for sender by segue.identifier" }
              },
              "makeNav(coder:)": { "returns": "NavSub" }
            }
          },
          "Child": {
            "dependencies": { "who": { "type": "String", "injection": "initializer" } },
            "initializers": { "init(coder:who:)": { "sets": ["who"] } },
            "initCoder": { "fatalError": "init(coder:) has not been implemented", "line": 12 }
          },
          "NavSub": {
            "superclass": "UINavigationController",
            "segueActions": {
              "makeMissing(coder:sender:segueIdentifier:)": { "returns": "Child", "initializer": "init(coder:who:)", "arguments": { "who": "nav" } }
            }
          }
        },
        "scenes": {
          "src": { "class": "Src", "controls": ["add"] },
          "nav": { "class": "\(navClass)" },
          "child": { "class": "Child" }
        },
        "segues": [
          { "id": "Add", "source": "src", "destination": "nav", "kind": "presentation", "trigger": "control:add" \(outer) },
          { "source": "nav", "destination": "child", "kind": "relationship", "relationship": "rootViewController" \(relationshipAction) }
        ]
        """)
    }

    @Test("a container destination's child uses the relationship segue's action, sent to the OUTER segue's source")
    func relationshipActionSentToOuterSource() throws {
        var app = try Self.presentNav(relationshipAction: ", \"action\": \"makeChild(coder:sender:segueIdentifier:)\"")
        let src = try app.id("Src")
        let events = app.tap("add")
        let child = try app.id("Child")
        #expect(app.state.crash == nil)
        #expect(App.console(events).isEmpty)
        #expect(events.contains(.instantiated(id: child, via: .segueAction(
            target: src, selector: "makeChildWithCoder:sender:segueIdentifier:", initializer: "init(coder:who:)"))))
        #expect(app.trace(events).containsInOrder([
            "new UINavigationController init(coder:)",
            "Src.makeChild(coder:sender:segueIdentifier:)",
            "new Child by Src.makeChildWithCoder:sender:segueIdentifier: init(coder:who:)",
            "Src.prepare(for:sender:)",
            "present UINavigationController by Src automatic",
        ]))
        // The sender and identifier are the outer segue's.
        #expect(app.slot("who", of: child)?.value == "made for the 'add' control by \"Add\"")
        #expect(app.state[child].parent == (try app.id("UINavigationController")))
        #expect(app.front == "Child")
    }

    @Test("the outer segue's action makes only the container; a child without a relationship action gets init(coder:)")
    func outerActionNotUsedForChildren() throws {
        var app = try Self.presentNav(relationshipAction: "", outer: ", \"action\": \"makeNav(coder:)\"", navClass: "NavSub")
        let src = try app.id("Src")
        let events = app.tap("add")
        let nav = try app.id("NavSub")
        #expect(events.contains(.instantiated(id: nav, via: .segueAction(target: src, selector: "makeNavWithCoder:", initializer: "init(coder:)"))))
        #expect(App.console(events).isEmpty)
        // Child's init(coder:) is a fatalError: it was reached through the fallback, not through makeNav.
        #expect(app.trace(events).containsInOrder(["Src.makeNav(coder:)", "new NavSub by Src.makeNavWithCoder: init(coder:)", "App.Child.init(coder:)", "crash"]))
        #expect(app.state.crash?.consoleLines == ["App/Child.swift:12: Fatal error: init(coder:) has not been implemented"])
    }

    @Test("a method only the navigation controller implements: 'Unable to find method' on the presenter, then init(coder:)")
    func methodMissingOnTarget() throws {
        var app = try Self.presentNav(
            relationshipAction: ", \"action\": \"makeMissing(coder:sender:segueIdentifier:)\"", navClass: "NavSub")
        let src = try app.id("Src")
        let events = app.tap("add")
        let line = "[Storyboard] Unable to find method -[\(app.sim.describe(src)) makeMissingWithCoder:sender:segueIdentifier:]"
        #expect(App.console(events) == [line])
        #expect(app.trace(events).containsInOrder(["new NavSub init(coder:)", line, "App.Child.init(coder:)", "crash"]))
        #expect(App.notes(events).contains(
            "makeMissingWithCoder:sender:segueIdentifier: is implemented on NavSub, but UIKit sends it to the source of the segue being performed, \(app.sim.describe(src))"))
        #expect(app.state.crash?.consoleLines == ["App/Child.swift:12: Fatal error: init(coder:) has not been implemented"])
    }

    @Test("a segue action that returns a container: its children are decoded inside the initializer, before the class check")
    func containerFromSegueActionDecodesChildrenFirst() throws {
        var app = try App("""
        "initial": "src",
        "classes": {
          "Src": { "segueActions": { "makeNav(coder:)": { "returns": "Other" } } },
          "Other": { "superclass": "UINavigationController" },
          "NavSub": { "superclass": "UINavigationController" },
          "Child": {}
        },
        "scenes": {
          "src": { "class": "Src", "controls": ["add"] },
          "nav": { "class": "NavSub" },
          "child": { "class": "Child" }
        },
        "segues": [
          { "id": "Add", "source": "src", "destination": "nav", "kind": "presentation", "trigger": "control:add", "action": "makeNav(coder:)" },
          { "source": "nav", "destination": "child", "kind": "relationship", "relationship": "rootViewController" }
        ]
        """)
        let events = app.tap("add")
        #expect(app.trace(events).containsInOrder(["new Other by Src.makeNavWithCoder: init(coder:)", "new Child init(coder:)", "crash"]))
        #expect(app.state.crash?.consoleLines.last == "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Custom instantiated \(try app.d("Other")) must be kind of class App.NavSub'")
    }
}
