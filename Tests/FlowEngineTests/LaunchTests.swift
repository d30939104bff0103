import Testing
import FlowModel
import FlowEngine

@Suite("Launch")
struct LaunchTests {
    @Test("the initial scene is decoded through init(coder:), becomes the window's root and appears")
    func initialSceneThroughInitCoder() throws {
        let app = try App("""
        "initial": "a",
        "classes": { "A": {} },
        "scenes": { "a": { "class": "A" } }
        """)
        let a = try app.id("A")
        #expect(app.state.windowRoot == a)
        #expect(app.state.frontmost == a)
        #expect(app.state[a].appearance == .appeared)
        #expect(app.state.crash == nil)
        #expect(app.launchEvents.first == .instantiated(id: a, via: .initCoder))
        #expect(app.trace(app.launchEvents) == [
            "new A init(coder:)", "root A",
            "A.loadView()", "A.viewDidLoad()", "A.viewWillAppear(_:)", "A.viewDidAppear(_:)",
        ])
        // Counter-based addresses keep transcripts stable.
        #expect(app.sim.describe(a) == "<App.A: 0x600000c04000>")
    }

    @Test("a container decodes its relationship children in file order, inside its own init(coder:)")
    func relationshipChildrenInOrder() throws {
        let app = try App("""
        "initial": "tabs",
        "classes": { "First": {}, "Second": {}, "Third": {} },
        "scenes": {
          "third": { "class": "Third" },
          "tabs": { "class": "UITabBarController" },
          "first": { "class": "First" },
          "second": { "class": "Second" }
        },
        "segues": [
          { "source": "tabs", "destination": "first", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "tabs", "destination": "second", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "tabs", "destination": "third", "kind": "relationship", "relationship": "viewControllers" }
        ]
        """)
        let tabs = try app.id("UITabBarController")
        #expect(app.children(of: tabs) == ["First", "Second", "Third"])
        #expect(app.state.children(of: tabs).allSatisfy { app.state[$0].role == .tab && app.state[$0].parent == tabs })
        #expect(app.trace(app.launchEvents).prefix(4) == [
            "new UITabBarController init(coder:)", "new First init(coder:)", "new Second init(coder:)", "new Third init(coder:)",
        ])
        // Only the selected tab's view is loaded.
        #expect(app.front == "First")
        #expect(app.state[try app.id("First")].appearance == .appeared)
        #expect(app.state[try app.id("Second")].appearance == .notLoaded)
        #expect(app.state[try app.id("Third")].appearance == .notLoaded)
        #expect(app.state.visibleChain(from: tabs) == [tabs, try app.id("First")])
    }

    static let launchWithRelationshipAction = """
    "initial": "nav",
    "classes": {
      "Root": { "INITCODER" },
      "RootNavigationController": {
        "superclass": "UINavigationController",
        "segueActions": { "makeRoot(coder:)": { "returns": "Root" } }
      }
    },
    "scenes": { "nav": { "class": "RootNavigationController" }, "root": { "class": "Root" } },
    "segues": [
      { "source": "nav", "destination": "root", "kind": "relationship", "relationship": "rootViewController",
        "action": "makeRoot(coder:)" }
    ]
    """

    @Test("at launch a relationship segue's action is not honoured: no segue, so UIKit asks (null) and uses init(coder:)")
    func relationshipActionAtLaunchNotHonoured() throws {
        let app = try App(Self.launchWithRelationshipAction.replacingOccurrences(of: "\"INITCODER\"", with: "\"file\": \"Root.swift\""))
        let root = try app.id("Root")
        #expect(App.console(app.launchEvents) == ["[Storyboard] Unable to find method -[(null) makeRootWithCoder:]"])
        #expect(app.trace(app.launchEvents).prefix(4) == [
            "new RootNavigationController init(coder:)",
            "[Storyboard] Unable to find method -[(null) makeRootWithCoder:]",
            "note",
            "new Root init(coder:)",
        ])
        #expect(App.notes(app.launchEvents) == [
            "no segue is being performed, so there is no object to send makeRootWithCoder: to; UIKit uses init(coder:)",
        ])
        #expect(app.state[root].parent == (try app.id("RootNavigationController")))
        #expect(app.front == "Root")
        #expect(app.state.crash == nil)
    }

    @Test("…and a fatalError init(coder:) on that child then traps at launch")
    func relationshipActionAtLaunchThenFatalError() throws {
        let app = try App(Self.launchWithRelationshipAction.replacingOccurrences(
            of: "\"INITCODER\"", with: "\"initCoder\": { \"fatalError\": \"init(coder:) has not been implemented\", \"line\": 9 }"))
        #expect(App.console(app.launchEvents) == ["[Storyboard] Unable to find method -[(null) makeRootWithCoder:]"])
        #expect(app.state.crash?.consoleLines == ["App/Root.swift:9: Fatal error: init(coder:) has not been implemented"])
        #expect(App.crash(app.launchEvents) == app.state.crash)
        #expect(app.state.windowRoot == nil)
        #expect(app.ids("Root").isEmpty)
    }

    static let injectAtLaunch = """
    "initial": "nav",
    "launch": { "inject": [ { UNWRAP "as": "ViewControllerWithContext", "set": { "context": "self.context" } } ] },
    "protocols": { "ViewControllerWithContext": { "objc": true } },
    "classes": {
      "Root": {
        "conformsTo": ["ViewControllerWithContext"],
        "dependencies": { "context": { "type": "NSManagedObjectContext", "injection": "implicitlyUnwrapped" } },
        "viewDidLoad": { "uses": ["context"], "line": 19 }
      }
    },
    "scenes": { "nav": { "class": "UINavigationController" }, "root": { "class": "Root" } },
    "segues": [ { "source": "nav", "destination": "root", "kind": "relationship", "relationship": "rootViewController" } ]
    """

    @Test("launch.inject unwraps navigationRoot, casts to a protocol and sets the dependency before the view loads")
    func launchInjectUnwrapsNavigationRoot() throws {
        let app = try App(Self.injectAtLaunch.replacingOccurrences(of: "UNWRAP", with: "\"unwrap\": [\"navigationRoot\"],"))
        let root = try app.id("Root")
        #expect(app.state.crash == nil)
        #expect(app.slot("context", of: root) == Slot(
            name: "context", value: "self.context", provenance: "AppDelegate.application(_:didFinishLaunchingWithOptions:)"))
        let trace = app.trace(app.launchEvents)
        #expect(trace.containsInOrder(["root UINavigationController", "set Root.context = self.context", "Root.viewDidLoad()"]))
    }

    @Test("launch.inject without the unwrap casts the navigation controller, fails silently, and the IUO read traps")
    func launchInjectWithoutUnwrap() throws {
        let app = try App(Self.injectAtLaunch.replacingOccurrences(of: "UNWRAP", with: ""))
        let nav = try app.id("UINavigationController")
        #expect(App.notes(app.launchEvents).contains(
            "AppDelegate.application(_:didFinishLaunchingWithOptions:): \(app.sim.describe(nav)) as? ViewControllerWithContext is nil, so nothing is injected"))
        #expect(app.state.crash?.consoleLines == [
            "App/Root.swift:19: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value",
        ])
        #expect(app.slot("context", of: try app.id("Root"))?.value == nil)
    }

    @Test("launch.root is built in code with its designated initializer and picks up its XIB scene")
    func launchRootBuiltInCode() throws {
        let app = try App("""
        "launch": { "root": { "class": "RootViewController", "initializer": "init(with:)", "arguments": { "notes": "notes" } } },
        "classes": {
          "RootViewController": {
            "dependencies": { "notes": { "type": "[Note]", "injection": "initializer" } },
            "initializers": { "init(with:)": { "sets": ["notes"], "nib": "RootViewController" } },
            "initCoder": { "fatalError": "no coder", "line": 23 },
            "viewDidLoad": { "uses": ["notes"], "line": 32 }
          }
        },
        "scenes": { "root": { "class": "RootViewController", "nib": "RootViewController", "rows": 2 } }
        """)
        let root = try app.id("RootViewController")
        #expect(app.state.windowRoot == root)
        #expect(app.state[root].scene == app.sim.flow.sceneIndex("root"))
        #expect(app.launchEvents.first == .instantiated(id: root, via: .code(initializer: "init(with:)", caller: "AppDelegate")))
        #expect(app.slot("notes", of: root) == Slot(name: "notes", value: "notes", provenance: "AppDelegate through init(with:)"))
        #expect(app.trace(app.launchEvents) == [
            "new RootViewController init(with:) from AppDelegate", "set RootViewController.notes = notes", "root RootViewController",
            "RootViewController.loadView()", "RootViewController.viewDidLoad()",
            "RootViewController.viewWillAppear(_:)", "RootViewController.viewDidAppear(_:)",
        ])
        #expect(app.state.crash == nil)
    }
}
