import Testing
import FlowModel
import FlowEngine

/// View lifecycle callbacks in UIKit's order (reference §3.9), and releases.
@Suite("Lifecycle")
struct LifecycleTests {
    @Test("launch in a navigation controller: views load parent first, then appear together")
    func launchOrder() throws {
        let app = try App(Fixture.navAB)
        #expect(app.trace(app.launchEvents) == [
            "new UINavigationController init(coder:)", "new A init(coder:)", "root UINavigationController",
            "UINavigationController.loadView()", "UINavigationController.viewDidLoad()", "A.loadView()", "A.viewDidLoad()",
            "UINavigationController.viewWillAppear(_:)", "A.viewWillAppear(_:)",
            "UINavigationController.viewDidAppear(_:)", "A.viewDidAppear(_:)",
        ])
    }

    @Test("push A→B: B loads, A will disappear, B will appear, A did disappear, B did appear")
    func push() throws {
        var app = try App(Fixture.navAB)
        let events = app.tap("go")
        #expect(app.trace(events).filter { $0.hasPrefix("A.") || $0.hasPrefix("B.") } == [
            "A.prepare(for:sender:)",
            "B.willMove(toParent:)",
            "B.loadView()", "B.viewDidLoad()",
            "A.viewWillDisappear(_:)", "B.viewWillAppear(_:)", "A.viewDidDisappear(_:)", "B.viewDidAppear(_:)",
            "B.didMove(toParent:)",
        ])
        #expect(app.state[try app.id("A")].appearance == .disappeared)
        #expect(app.state[try app.id("B")].appearance == .appeared)
    }

    @Test("pop B→A: B will disappear, A will appear, B did disappear, A did appear, then B is released")
    func pop() throws {
        var app = try App(Fixture.navAB)
        app.tap("go")
        let b = try app.id("B")
        let nav = try app.id("UINavigationController")
        let events = app.run(.back)
        #expect(app.trace(events) == [
            "B.willMove(toParent:)", "pop B from UINavigationController",
            "B.viewWillDisappear(_:)", "A.viewWillAppear(_:)", "B.viewDidDisappear(_:)", "A.viewDidAppear(_:)",
            "B.didMove(toParent:)", "release B",
        ])
        #expect(events.contains(.transition(.pop(b, from: nav))))
        #expect(app.state[b].appearance == .released)
        #expect(app.state[b].parent == nil)
        #expect(app.children(of: nav) == ["A"])
        #expect(!app.state.live.contains { $0.id == b })
        // Released instances stay in the state for inspection.
        #expect(app.state.className(of: b) == "B")
    }

    static let presentNav = """
    "initial": "a",
    "classes": { "A": {}, "C": { "actions": { "close()": { "do": "dismiss" } } } },
    "scenes": {
      "a": { "class": "A", "controls": ["full"] },
      "cNav": { "class": "UINavigationController" },
      "c": { "class": "C" }
    },
    "segues": [
      { "id": "Full", "source": "a", "destination": "cNav", "kind": "presentation", "trigger": "control:full", "modalPresentationStyle": "fullScreen" },
      { "source": "cNav", "destination": "c", "kind": "relationship", "relationship": "rootViewController" }
    ]
    """

    @Test("present a navigation controller full screen: its chain loads and appears; the presenter disappears")
    func presentFullScreen() throws {
        var app = try App(Self.presentNav)
        let events = app.tap("full")
        #expect(app.trace(events) == [
            "new UINavigationController init(coder:)", "new C init(coder:)", "A.prepare(for:sender:)",
            "present UINavigationController by A fullScreen",
            "UINavigationController.loadView()", "UINavigationController.viewDidLoad()", "C.loadView()", "C.viewDidLoad()",
            "A.viewWillDisappear(_:)", "UINavigationController.viewWillAppear(_:)", "C.viewWillAppear(_:)",
            "A.viewDidDisappear(_:)", "UINavigationController.viewDidAppear(_:)", "C.viewDidAppear(_:)",
        ])
    }

    @Test("dismiss: the presented chain disappears, the presenter reappears, then the presented are released deepest first")
    func dismiss() throws {
        var app = try App(Self.presentNav)
        app.tap("full")
        // The app's own close(): no user can swipe a fullScreen presentation away (issue 31).
        let events = app.run(.call(action: "close()", on: nil))
        #expect(app.trace(events) == [
            "C.close()", "dismiss UINavigationController by A",
            "UINavigationController.viewWillDisappear(_:)", "C.viewWillDisappear(_:)", "A.viewWillAppear(_:)",
            "UINavigationController.viewDidDisappear(_:)", "C.viewDidDisappear(_:)", "A.viewDidAppear(_:)",
            "release C", "release UINavigationController",
        ])
        #expect(app.state.live.map { app.state.className(of: $0.id) } == ["A"])
        #expect(app.state[try app.id("A")].presented == nil)
    }

    static let tabs = """
    "initial": "tabs",
    "classes": { "T0": {}, "T1": {} },
    "scenes": { "tabs": { "class": "UITabBarController" }, "t0": { "class": "T0" }, "t1": { "class": "T1" } },
    "segues": [
      { "source": "tabs", "destination": "t0", "kind": "relationship", "relationship": "viewControllers" },
      { "source": "tabs", "destination": "t1", "kind": "relationship", "relationship": "viewControllers" }
    ]
    """

    @Test("tab switch: the new tab loads once, old will disappear, new will appear, old did disappear, new did appear")
    func tabSwitch() throws {
        var app = try App(Self.tabs)
        let tabBar = try app.id("UITabBarController")
        let t1 = try app.id("T1")
        let first = app.run(.tab(1))
        #expect(app.trace(first) == [
            "tab 1 T1 of UITabBarController",
            "T1.loadView()", "T1.viewDidLoad()",
            "T0.viewWillDisappear(_:)", "T1.viewWillAppear(_:)", "T0.viewDidDisappear(_:)", "T1.viewDidAppear(_:)",
        ])
        #expect(first.contains(.transition(.selectTab(t1, index: 1, of: tabBar))))
        #expect(app.state[tabBar].selectedTab == 1)
        #expect(app.front == "T1")
        let back = app.run(.tab(0))
        #expect(app.appearance(back) == [
            "T1.viewWillDisappear(_:)", "T0.viewWillAppear(_:)", "T1.viewDidDisappear(_:)", "T0.viewDidAppear(_:)",
        ])
        // Tabs are not released when deselected.
        #expect(app.state[t1].appearance == .disappeared)
        #expect(App.notes(app.run(.tab(0))) == ["tab 0 is already selected"])
        #expect(app.sim.run(.tab(2)) == .failure(Rejection("no tab 2; \(try app.d("UITabBarController")) has tabs 0 to 1")))
    }

    @Test("a UITableViewController clears its selection as it reappears")
    func tableSelectionClearedOnReappear() throws {
        var app = try App("""
        "initial": "nav",
        "classes": { "List": { "superclass": "UITableViewController" }, "Plain": {}, "B": {} },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "list": { "class": "List", "rows": 2 },
          "b": { "class": "B" }
        },
        "segues": [
          { "source": "nav", "destination": "list", "kind": "relationship", "relationship": "rootViewController" },
          { "id": "Open", "source": "list", "destination": "b", "kind": "show", "trigger": "cell" }
        ]
        """)
        let list = try app.id("List")
        app.select(1)
        #expect(app.state[list].selection == [0, 1])
        app.run(.back)
        #expect(app.state[list].selection == nil)
    }

    @Test("a pushed view controller's embedded child loads during its view load and appears with it")
    func pushedEmbedAppears() throws {
        var app = try App("""
        "initial": "nav",
        "classes": { "A": {}, "Parent": {}, "Child": {} },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "a": { "class": "A", "controls": ["go"] },
          "parent": { "class": "Parent" },
          "child": { "class": "Child" }
        },
        "segues": [
          { "source": "nav", "destination": "a", "kind": "relationship", "relationship": "rootViewController" },
          { "id": "Go", "source": "a", "destination": "parent", "kind": "show", "trigger": "control:go" },
          { "id": "Embed", "source": "parent", "destination": "child", "kind": "embed" }
        ]
        """)
        let events = app.tap("go")
        #expect(app.appearance(events) == [
            "Child.viewDidLoad()", "Parent.viewDidLoad()",
            "A.viewWillDisappear(_:)", "Parent.viewWillAppear(_:)", "Child.viewWillAppear(_:)",
            "A.viewDidDisappear(_:)", "Parent.viewDidAppear(_:)", "Child.viewDidAppear(_:)",
        ])
        #expect(app.state[try app.id("Child")].appearance == .appeared)
    }
}
