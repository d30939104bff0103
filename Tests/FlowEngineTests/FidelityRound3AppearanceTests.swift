import FlowEngine
import FlowModel
import Testing

/// Issue 31, item 6: code UIKit runs from viewDidLoad, viewWillAppear(_:) and viewDidAppear(_:).
@Suite struct FidelityRound3AppearanceTests {
    /// A navigation controller around Home; `homeClass` is Home's class entry.
    static func flow(home homeClass: String, extraClasses: String = "", extraScenes: String = "", extraSegues: String = "") -> String {
        """
        "initial": "nav",
        "classes": {
          "Home": \(homeClass),
          "Next": {}, "Sheet": {}, "Full": {}\(extraClasses)
        },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "home": { "class": "Home", "controls": ["next", "full"] },
          "next": { "class": "Next" },
          "sheet": { "class": "Sheet" },
          "full": { "class": "Full", "controls": ["close"] }\(extraScenes)
        },
        "segues": [
          { "source": "nav", "destination": "home", "kind": "relationship", "relationship": "rootViewController" },
          { "id": "Next", "source": "home", "destination": "next", "kind": "show", "trigger": "control:next" },
          { "id": "Sheet", "source": "home", "destination": "sheet", "kind": "presentation" },
          { "id": "Full", "source": "home", "destination": "full", "kind": "presentation", "modalPresentationStyle": "fullScreen", "trigger": "control:full" }\(extraSegues)
        ]
        """
    }

    @Test("a present from viewDidLoad is refused with UIKit's iOS 13+ line, nothing is presented, and the view controller is released")
    func presentFromViewDidLoadIsRefused() throws {
        let app = try App(Self.flow(home: #"{ "actions": { "viewDidLoad()": { "trigger": "viewDidLoad", "do": "present", "class": "Sheet" } } }"#))
        let home = try app.d("Home"), nav = try app.d("UINavigationController"), sheet = try app.d("Sheet")
        #expect(App.console(app.launchEvents) == ["[Presentation] Attempt to present \(sheet) on \(nav) (from \(home)) whose view is not in the window hierarchy."])
        #expect(app.front == "Home")
        #expect(app.state[try app.id("Sheet")].isReleased)
    }

    @Test("performSegue of a modal segue from viewDidLoad: prepare runs, then the refusal")
    func performSegueFromViewDidLoadRunsPrepareThenRefuses() throws {
        let app = try App(Self.flow(home: #"{ "prepare": [], "actions": { "viewDidLoad()": { "trigger": "viewDidLoad", "do": "performSegue", "segue": "Sheet" } } }"#))
        let trace = app.trace(app.launchEvents)
        let prepare = try #require(trace.firstIndex(of: "Home.prepare(for:sender:)"))
        let refusal = try #require(trace.firstIndex { $0.hasSuffix("whose view is not in the window hierarchy.") })
        #expect(prepare < refusal)
        #expect(!trace.contains { $0.hasPrefix("present ") })
        #expect(app.front == "Home")
    }

    @Test("viewWillAppear of the first appearance is not in the window either; viewDidAppear presents")
    func willAppearRefusesDidAppearPresents() throws {
        let will = try App(Self.flow(home: #"{ "actions": { "viewWillAppear(_:)": { "trigger": "viewWillAppear", "do": "performSegue", "segue": "Sheet" } } }"#))
        #expect(App.console(will.launchEvents).count == 1)
        #expect(will.front == "Home")
        let did = try App(Self.flow(home: #"{ "actions": { "viewDidAppear(_:)": { "trigger": "viewDidAppear", "do": "performSegue", "segue": "Sheet" } } }"#))
        #expect(App.console(did.launchEvents).isEmpty)
        #expect(did.front == "Sheet")
        // After Home's own viewDidAppear(_:), not before.
        let trace = did.trace(did.launchEvents)
        #expect(trace.containsInOrder(["Home.viewDidAppear(_:)", "present Sheet by UINavigationController automatic"]))
    }

    @Test("viewDidAppear runs again after a pop back and a full-screen dismiss, not after a sheet's dismissal")
    func didAppearRunsOnEveryAppearance() throws {
        let home = #"{ "dependencies": { "session": { "type": "S", "injection": "optional" } }, "actions": { "viewDidAppear(_:)": { "trigger": "viewDidAppear", "do": "performSegue", "segue": "Sheet", "guard": "session == nil" } } }"#
        var app = try App(Self.flow(home: home))
        #expect(app.front == "Sheet")
        app.run(.dismiss)
        #expect(app.front == "Home", "a sheet's presenter does not reappear")
        app.tap("next")
        app.run(.back)
        #expect(app.front == "Sheet", "the pop back is an appearance")
        app.run(.dismiss)
        app.tap("full")
        #expect(app.front == "Full")
    }

    @Test("a failing guard on an appearance-time action is silent: it runs on every appearance")
    func failingGuardIsSilent() throws {
        let home = #"{ "dependencies": { "session": { "type": "S", "injection": "property", "default": "S()" } }, "actions": { "viewDidAppear(_:)": { "trigger": "viewDidAppear", "do": "performSegue", "segue": "Sheet", "guard": "session == nil" } } }"#
        let app = try App(Self.flow(home: home))
        #expect(app.front == "Home")
        #expect(App.notes(app.launchEvents).isEmpty)
        // The lifecycle callback only: no call of the action is shown.
        #expect(app.trace(app.launchEvents).filter { $0 == "Home.viewDidAppear(_:)" }.count == 1)
    }

    @Test("a push from viewDidLoad of a view controller already in a navigation controller works, at launch and during its own push")
    func pushFromViewDidLoad() throws {
        let launch = try App(Self.flow(home: #"{ "actions": { "viewDidLoad()": { "trigger": "viewDidLoad", "do": "push", "class": "Next" } } }"#))
        #expect(launch.front == "Next")
        #expect(launch.appearance(launch.launchEvents).filter { $0.hasPrefix("Home.viewWill") || $0.hasPrefix("Home.viewDid") && $0 != "Home.viewDidLoad()" }.isEmpty,
                "Home's view loaded, but Home never appears")
        var during = try App(Self.flow(home: "{}", extraClasses: #", "Resume": { "actions": { "viewDidLoad()": { "trigger": "viewDidLoad", "do": "push", "class": "Full" } } }"#,
                                        extraScenes: #", "resume": { "class": "Resume" }"#,
                                        extraSegues: #", { "id": "Resume", "source": "home", "destination": "resume", "kind": "show" }"#))
        let events = during.perform("Resume")
        #expect(during.front == "Full")
        let appearance = during.appearance(events)
        #expect(!appearance.contains("Resume.viewWillAppear(_:)"), "\(appearance)")
        #expect(appearance.containsInOrder(["Home.viewWillDisappear(_:)", "Full.viewWillAppear(_:)", "Home.viewDidDisappear(_:)", "Full.viewDidAppear(_:)"]))
        during.run(.back)
        #expect(during.front == "Resume")
    }

    @Test("viewWillAppear reads an implicitly unwrapped nil: the trap is at its line, raised when the command ends, nothing after it")
    func viewWillAppearTrap() throws {
        let flow = Self.flow(home: "{}", extraClasses: #", "Book": { "file": "Book.swift", "dependencies": { "title": { "type": "String", "injection": "implicitlyUnwrapped" } }, "viewWillAppear": { "uses": ["title"], "line": 12 } }"#,
                             extraScenes: #", "book": { "class": "Book" }"#,
                             extraSegues: #", { "id": "Book", "source": "home", "destination": "book", "kind": "show" }"#)
        var app = try App(flow)
        let events = app.perform("Book")
        let crash = try #require(App.crash(events))
        #expect(crash.consoleLines.last == "App/Book.swift:12: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value")
        #expect(!app.trace(events).contains("Book.viewDidAppear(_:)"))
        #expect(app.trace(events).last == "crash")
    }

    @Test("viewDidAppear's assert of a nil dependency traps, on a pop back too")
    func viewDidAppearAssertOnPopBack() throws {
        let home = #"{ "file": "Home.swift", "dependencies": { "store": { "type": "Store", "injection": "optional" } }, "viewDidAppear": { "uses": [], "asserts": ["store"], "line": 30 } }"#
        let app = try App(Self.flow(home: home))
        let crash = try #require(App.crash(app.launchEvents))
        #expect(crash.consoleLines.last?.hasPrefix("App/Home.swift:30: Assertion failed") == true)
    }

    @Test("a segue may not take an appearance trigger; an action may")
    func appearanceTriggerOnlyOnActions() throws {
        #expect(throws: FlowDidNotLoad.self) {
            _ = try App(Self.flow(home: "{}", extraSegues: #", { "id": "X", "source": "home", "destination": "next", "kind": "show", "trigger": "viewDidLoad" }"#))
        }
        #expect(Trigger(action: "viewDidAppear") == .appearance(.viewDidAppear))
        #expect(Trigger("viewDidAppear") == nil)
    }
}
