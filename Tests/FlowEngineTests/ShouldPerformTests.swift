import Testing
import FlowModel
import FlowEngine

/// `shouldPerformSegue(withIdentifier:sender:)` is asked on the `perform:` path only: control and
/// cell triggers and embed segues, never `performSegue(withIdentifier:sender:)` (reference §3.2).
@Suite("shouldPerformSegue")
struct ShouldPerformTests {
    static let flow = """
    "initial": "nav",
    "classes": {
      "A": {
        "shouldPerform": { "Go": "never", "Row": "never", "Code": "never", "Back": "never" },
        "actions": { "viaCode(_:)": { "trigger": "control:code", "do": "performSegue", "segue": "Code" } },
        "unwindActions": ["unwindToA(_:)"]
      },
      "B": { "shouldPerform": { "Back": "never", "Home": "selection" } },
      "Quiet": {}
    },
    "scenes": {
      "nav": { "class": "UINavigationController" },
      "a": { "class": "A", "rows": 2, "controls": ["go", "code"] },
      "b": { "class": "B", "rows": 1, "controls": ["back", "home"] },
      "quiet": { "class": "Quiet" }
    },
    "segues": [
      { "source": "nav", "destination": "a", "kind": "relationship", "relationship": "rootViewController" },
      { "id": "Go", "source": "a", "destination": "b", "kind": "show", "trigger": "control:go" },
      { "id": "Row", "source": "a", "destination": "b", "kind": "show", "trigger": "cell" },
      { "id": "Code", "source": "a", "destination": "b", "kind": "show" },
      { "id": "Back", "source": "b", "kind": "unwind", "unwindAction": "unwindToA(_:)", "trigger": "control:back" },
      { "id": "Home", "source": "b", "kind": "unwind", "unwindAction": "unwindToA(_:)", "trigger": "control:home" }
    ]
    """

    @Test("a control tap asks shouldPerformSegue; false makes the segue fail silently")
    func tapIsVetoed() throws {
        var app = try App(Self.flow)
        let a = try app.id("A")
        let before = app.state
        let events = app.tap("go")
        #expect(events.contains(.called(id: a, method: "shouldPerformSegue(withIdentifier:sender:)", detail: "\"Go\" → false")))
        #expect(App.notes(events) == ["shouldPerformSegue returned false, so the segue fails silently"])
        #expect(App.console(events).isEmpty)
        #expect(app.state == before)
    }

    @Test("a cell selection asks shouldPerformSegue")
    func cellIsVetoed() throws {
        var app = try App(Self.flow)
        let events = app.select(1)
        #expect(events.contains(.called(id: try app.id("A"), method: "shouldPerformSegue(withIdentifier:sender:)", detail: "\"Row\" → false")))
        #expect(app.ids("B").isEmpty)
        #expect(app.state[try app.id("A")].selection == [0, 1])
    }

    @Test("performSegue(withIdentifier:sender:) never asks, from the user or from code")
    func performSegueDoesNotAsk() throws {
        var app = try App(Self.flow)
        let fromUser = app.perform("Go")
        #expect(!app.trace(fromUser).contains { $0.contains("shouldPerformSegue") })
        #expect(app.front == "B")
        app.run(.back)
        let fromCode = app.tap("code")
        #expect(!app.trace(fromCode).contains { $0.contains("shouldPerformSegue") })
        #expect(app.trace(fromCode).containsInOrder(["A.viaCode(_:)", "A.performSegue(withIdentifier:sender:)", "new B init(coder:)", "push B onto UINavigationController"]))
        #expect(app.children(of: try app.id("UINavigationController")) == ["A", "B"])
    }

    @Test("a control-triggered unwind asks the SOURCE's shouldPerformSegue; performSegue of the unwind does not")
    func unwindAsks() throws {
        var app = try App(Self.flow)
        app.perform("Go")
        let b = try app.id("B")
        let vetoed = app.tap("back")
        #expect(vetoed.contains(.called(id: b, method: "shouldPerformSegue(withIdentifier:sender:)", detail: "\"Back\" → false")))
        #expect(app.front == "B")
        // "Home" is allowed only with a selection on B.
        #expect(app.tap("home").contains(.called(id: b, method: "shouldPerformSegue(withIdentifier:sender:)", detail: "\"Home\" → false")))
        let performed = app.perform("Back")
        #expect(!app.trace(performed).contains { $0.contains("shouldPerformSegue") })
        #expect(app.trace(performed).containsInOrder(["B.prepare(for:sender:)", "A.unwindToA(_:)", "pop B from UINavigationController"]))
        #expect(app.front == "A")
    }

    @Test("a class that does not override shouldPerformSegue is not reported as asked")
    func notOverridden() throws {
        var app = try App("""
        "initial": "a",
        "classes": { "A": {}, "B": {} },
        "scenes": { "a": { "class": "A", "controls": ["go"] }, "b": { "class": "B" } },
        "segues": [ { "id": "Go", "source": "a", "destination": "b", "kind": "presentation", "trigger": "control:go" } ]
        """)
        let events = app.tap("go")
        #expect(!app.trace(events).contains { $0.contains("shouldPerformSegue") })
        #expect(app.front == "B")
    }

    @Test("an embed segue asks shouldPerformSegue with the parent as sender; false leaves the container empty")
    func embedAsks() throws {
        let app = try App("""
        "initial": "parent",
        "classes": { "Parent": { "shouldPerform": { "Embed": "never" } }, "Child": {} },
        "scenes": { "parent": { "class": "Parent" }, "child": { "class": "Child" } },
        "segues": [ { "id": "Embed", "source": "parent", "destination": "child", "kind": "embed" } ]
        """)
        let parent = try app.id("Parent")
        #expect(app.launchEvents.contains(.called(id: parent, method: "shouldPerformSegue(withIdentifier:sender:)", detail: "\"Embed\" → false")))
        #expect(app.trace(app.launchEvents).containsInOrder(["Parent.loadView()", "Parent.shouldPerformSegue(withIdentifier:sender:)", "Parent.viewDidLoad()"]))
        #expect(app.ids("Child").isEmpty)
        #expect(app.state.children(of: parent).isEmpty)
    }
}
