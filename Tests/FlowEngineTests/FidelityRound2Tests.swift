import FlowEngine
import FlowModel
import Testing

/// Issue 12: implicitly unwrapped values that travel, stale storyboard references, and the
/// class names UIKit prints.
@Suite("Fidelity round 2")
struct FidelityRound2Tests {
    // MARK: Implicitly unwrapped values travel (item 1)

    static let copies = """
    "initial": "nav",
    "protocols": { "Holder": { "objc": true } },
    "classes": {
      "Src": {
        "file": "Src.swift",
        "conformsTo": ["Holder"],
        "dependencies": { "ctx": { "type": "Ctx", "injection": "implicitlyUnwrapped" } },
        "prepare": [
          { "as": "Holder", "set": { "ctx": "self.ctx" } },
          { "segue": "ToProp", "as": "Prop", "set": { "ctx": "self.ctx" } },
          { "segue": "ToCall", "as": "Quiet", "set": { "ctx": "ctx.child()" } }
        ]
      },
      "Reader": {
        "file": "ReaderViewController.swift",
        "conformsTo": ["Holder"],
        "dependencies": { "ctx": { "type": "Ctx", "injection": "implicitlyUnwrapped" } },
        "viewDidLoad": { "uses": ["ctx"], "line": 21 }
      },
      "Quiet": {
        "conformsTo": ["Holder"],
        "dependencies": { "ctx": { "type": "Ctx", "injection": "optional" } }
      },
      "Prop": {
        "dependencies": { "ctx": { "type": "Ctx", "injection": "property", "default": "Ctx()" } }
      }
    },
    "scenes": {
      "nav": { "class": "UINavigationController" },
      "src": { "class": "Src" },
      "reader": { "class": "Reader" },
      "quiet": { "class": "Quiet" },
      "prop": { "class": "Prop" }
    },
    "segues": [
      { "source": "nav", "destination": "src", "kind": "relationship", "relationship": "rootViewController" },
      { "id": "ToReader", "source": "src", "destination": "reader", "kind": "show" },
      { "id": "ToQuiet", "source": "src", "destination": "quiet", "kind": "show" },
      { "id": "ToProp", "source": "src", "destination": "prop", "kind": "show" },
      { "id": "ToCall", "source": "src", "destination": "quiet", "kind": "show" }
    ]
    """

    @Test("a nil T! copied into a T! travels; the reader traps at its own file and line, after the push")
    func iuoCopyTrapsAtTheReader() throws {
        var app = try App(Self.copies, module: "Ctx")
        let events = app.perform("ToReader")
        let reader = try app.id("Reader")
        #expect(app.slot("ctx", of: reader)?.value == nil)
        #expect(app.slot("ctx", of: reader)?.provenance == "Src.prepare(for:sender:), which copied nil from self.ctx")
        #expect(App.notes(events).contains("viewDidLoad() reads ctx, an implicitly unwrapped Ctx!, which was set to nil by Src.prepare(for:sender:), which copied nil from self.ctx"))
        #expect(app.trace(events).containsInOrder(["Src.prepare(for:sender:)", "push Reader onto UINavigationController", "Reader.viewDidLoad()"]))
        let crash = try #require(App.crash(events))
        #expect(crash.consoleLines.last == "Ctx/ReaderViewController.swift:21: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value")
    }

    @Test("a nil T! copied into a T? that is never read does not crash")
    func iuoCopyIntoOptional() throws {
        var app = try App(Self.copies, module: "Ctx")
        let events = app.perform("ToQuiet")
        #expect(App.crash(events) == nil)
        #expect(app.front == "Quiet")
        #expect(app.slot("ctx", of: try app.id("Quiet"))?.value == nil)
    }

    @Test("a nil T! assigned to a non-optional property, or called through, traps in the source's prepare")
    func iuoUnwrappedWhereNeeded() throws {
        var app = try App(Self.copies, module: "Ctx")
        let events = app.perform("ToProp")
        #expect(App.crash(events)?.consoleLines.last == "Ctx/Src.swift: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value")
        #expect(!app.trace(events).contains { $0.hasPrefix("push") })
        var second = try App(Self.copies, module: "Ctx")
        let called = second.perform("ToCall")
        #expect(App.crash(called) != nil)
    }

    @Test("a nil T! passed to a method that stores it in a T! travels too")
    func iuoThroughAMethod() throws {
        var app = try App("""
        "initial": "src",
        "classes": {
          "Src": {
            "dependencies": { "ctx": { "type": "Ctx", "injection": "implicitlyUnwrapped" } },
            "prepare": [ { "as": "Reader", "call": "inject(_:)", "with": "self.ctx" } ]
          },
          "Reader": {
            "dependencies": { "ctx": { "type": "Ctx", "injection": "implicitlyUnwrapped" } },
            "methods": { "inject(_:)": { "sets": ["ctx"] } },
            "viewDidLoad": { "uses": ["ctx"], "line": 8 }
          }
        },
        "scenes": { "src": { "class": "Src" }, "reader": { "class": "Reader" } },
        "segues": [ { "id": "Read", "source": "src", "destination": "reader", "kind": "presentation", "modalPresentationStyle": "fullScreen" } ]
        """)
        let events = app.perform("Read")
        #expect(app.trace(events).containsInOrder(["Src.prepare(for:sender:)", "Reader.inject(_:)", "Reader.viewDidLoad()"]))
        #expect(App.crash(events)?.consoleLines.last == "App/Reader.swift:8: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value")
    }

    // MARK: Stale references (item 2) and the names UIKit prints (item 8)

    static let stale = """
    "initial": "nav",
    "segueClasses": ["FadeSegue"],
    "classes": {
      "Src": {
        "prepare": [ { "as": "Src", "set": {} } ],
        "segueActions": { "makeDetail(coder:)": { "returns": "Detail" } }
      },
      "Detail": { "initCoder": { "fatalError": "init(coder:) has not been implemented", "line": 9 } },
      "Named": { "objcName": "LegacyNamed" }
    },
    "scenes": {
      "nav": { "class": "UINavigationController" },
      "src": { "class": "Src" },
      "old": { "class": "OldSettingsViewController", "elementClass": "UITableViewController" },
      "detail": { "class": "Detail" },
      "named": { "class": "Named" },
      "gone": { "class": "GoneViewController" }
    },
    "segues": [
      { "source": "nav", "destination": "src", "kind": "relationship", "relationship": "rootViewController" },
      { "id": "ToOld", "source": "src", "destination": "old", "kind": "show" },
      { "id": "Stale", "source": "src", "destination": "detail", "kind": "show", "action": "makeOldDetail(coder:)" },
      { "id": "Back", "source": "src", "kind": "unwind", "unwindAction": "unwindToNowhere(_:)" },
      { "id": "Fade", "source": "src", "destination": "named", "kind": "custom", "customClass": "FadeSegue" },
      { "id": "Crossfade", "source": "src", "destination": "named", "kind": "custom", "customClass": "CrossfadeSegue" },
      { "id": "ToGone", "source": "src", "destination": "gone", "kind": "show", "action": "makeDetail(coder:)" }
    ]
    """

    @Test("stale names load with a warning each, naming the rename")
    func staleReferencesLoadWithWarnings() throws {
        let text = "{ \"format\": 1, \"name\": \"T\", \"module\": \"Acts\",\n\(Self.stale)\n}"
        guard case .success(let loaded) = FlowLoader.load(text: text, file: "stale.json") else {
            Issue.record("the flow did not load")
            return
        }
        let messages = loaded.warnings.map(\.message)
        #expect(messages.contains { $0.contains("no class declares OldSettingsViewController") && $0.contains("Unknown class _TtC4Acts25OldSettingsViewController in Interface Builder file.") })
        #expect(messages.contains { $0.contains("segue action 'makeOldDetail(coder:)'") && $0.contains("renamed") })
        #expect(messages.contains { $0.contains("unwind action 'unwindToNowhere(_:)'") })
        #expect(messages.contains { $0.contains("segue class CrossfadeSegue") })
        #expect(!messages.contains { $0.contains("FadeSegue in") && !$0.contains("Crossfade") })
    }

    @Test("an unknown class: UIKit logs the mangled name and instantiates the element's class, so as? to it fails")
    func unknownClassUsesTheElementClass() throws {
        var app = try App(Self.stale, module: "Acts")
        let events = app.perform("ToOld")
        #expect(App.console(events).first == "[Storyboard] Unknown class _TtC4Acts25OldSettingsViewController in Interface Builder file.")
        #expect(app.front == "UITableViewController")
        #expect(app.ids("OldSettingsViewController").isEmpty)
    }

    @Test("a selector no class declares: Unable to find method, then init(coder:) with the file and line")
    func staleSegueAction() throws {
        var app = try App(Self.stale, module: "Acts")
        let events = app.perform("Stale")
        #expect(App.console(events).first?.hasPrefix("[Storyboard] Unable to find method -[<Acts.Src: 0x") == true)
        #expect(App.console(events).first?.hasSuffix(" makeOldDetailWithCoder:]") == true)
        #expect(App.crash(events)?.consoleLines.last == "Acts/Detail.swift:9: Fatal error: init(coder:) has not been implemented")
    }

    @Test("an unwind action no class declares does nothing, silently")
    func staleUnwindAction() throws {
        var app = try App(Self.stale, module: "Acts")
        let events = app.perform("Back")
        #expect(App.console(events).isEmpty)
        #expect(App.crash(events) == nil)
        #expect(app.front == "Src")
    }

    @Test("a custom segue class no code declares fails UIKit's assertion after the destination is made, before prepare")
    func staleSegueClass() throws {
        var app = try App(Self.stale, module: "Acts")
        #expect(App.crash(app.perform("Fade")) == nil)
        var other = try App(Self.stale, module: "Acts")
        let events = other.perform("Crossfade")
        let crash = try #require(App.crash(events))
        #expect(crash.consoleLines.contains("*** Assertion failure in -[UIStoryboardSegueTemplate segueWithDestinationViewController:], UIStoryboardSegueTemplate.m:104"))
        #expect(crash.consoleLines.last?.contains("reason: 'Could not create a segue of class '(null)''") == true)
        #expect(!other.trace(events).contains { $0.contains("prepare(for:sender:)") })
    }

    @Test("the nil-fallback log prints the stored class name: the @objc(Name), else the mangled one")
    func fallbackPrintsTheStoredName() throws {
        let body = """
        "initial": "src",
        "classes": {
          "Src": { "segueActions": { "make(coder:)": { "returns": "Detail", "nilWhen": "always" } } },
          "Detail": { "objcName": "LegacyDetail" }
        },
        "scenes": { "src": { "class": "Src" }, "detail": { "class": "Detail" } },
        "segues": [ { "id": "Show", "source": "src", "destination": "detail", "kind": "presentation", "action": "make(coder:)" } ]
        """
        var app = try App(body, module: "Acts")
        let events = app.perform("Show")
        #expect(App.console(events).first?.hasSuffix("makeWithCoder:] returned nil, falling back to -[LegacyDetail initWithCoder:]") == true)
        #expect(try app.d("Detail").hasPrefix("<LegacyDetail: 0x"))
        var plain = try App(body.replacingOccurrences(of: #""objcName": "LegacyDetail""#, with: ""), module: "Acts")
        #expect(App.console(plain.perform("Show")).first?.hasSuffix("falling back to -[_TtC4Acts6Detail initWithCoder:]") == true)
    }

    @Test("@objc(Name) is the name UIKit prints, in descriptions and in Unknown class; a Swift class is mangled")
    func runtimeNames() throws {
        var app = try App(Self.stale, module: "Acts")
        app.perform("Fade")
        #expect(try app.d("Named").hasPrefix("<LegacyNamed: 0x"))
        let flow = app.sim.flow
        #expect(flow.objcRuntimeName(of: "Named") == "LegacyNamed")
        #expect(flow.objcRuntimeName(of: "DestViewController") == "_TtC4Acts18DestViewController")
        #expect(flow.objcRuntimeName(of: "UINavigationController") == "UINavigationController")
        #expect(SwiftMangling.objcClassName(module: "Items", className: "DetailViewController") == "_TtC5Items20DetailViewController")
    }
}

/// Issue 12 item 9: the smaller ones.
@Suite("Fidelity round 2: smaller ones")
struct SmallerFidelityTests {
    @Test("performSegue with a nil identifier (a typed destination case without a segue) throws with '(null)'")
    func nilIdentifier() throws {
        var app = try App("""
        "initial": "src",
        "destinations": { "Route": { "cases": { "Nowhere": {} } } },
        "classes": { "Src": { "actions": { "go(_:)": { "trigger": "control:go", "do": "performSegue", "destination": "Nowhere" } } } },
        "scenes": { "src": { "class": "Src", "controls": ["go"] } }
        """)
        let events = app.tap("go")
        let crash = try #require(App.crash(events))
        #expect(crash.consoleLines.last == "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Receiver (\(try app.d("Src"))) has no segue with identifier '(null)''")
    }

    @Test("pushing a tab bar controller: UIKit pushes it, and flownav says it is unsupported")
    func pushingATabBar() throws {
        var app = try App("""
        "initial": "nav",
        "scenes": { "nav": { "class": "UINavigationController" }, "a": { "class": "UIViewController", "controls": ["go"] },
                    "tabs": { "class": "UITabBarController" }, "t1": { "class": "UIViewController" } },
        "segues": [
          { "source": "nav", "destination": "a", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "a", "destination": "tabs", "kind": "show", "trigger": "control:go" },
          { "source": "tabs", "destination": "t1", "kind": "relationship", "relationship": "viewControllers" }
        ]
        """)
        let events = app.tap("go")
        #expect(App.crash(events) == nil)
        #expect(App.notes(events).contains { $0.hasPrefix("pushing a tab bar controller is not supported") })
        #expect(app.children(of: try app.id("UINavigationController")) == ["UIViewController", "UITabBarController"])
    }
}
