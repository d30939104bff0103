import FlowEngine
import FlowModel
import Testing

/// A value set by code flownav did not read (`"unknown": "PATH:LINE"`) is unknown, not nil: it
/// never traps, copies as unknown, and a segue action whose body was not understood builds its
/// scene without `init(coder:)`.
@Suite("Unknown values")
struct UnknownValueTests {
    static let unknownText = "‹unknown: set by code flownav did not read, at Songs/List.swift:12›"

    /// `listUnknown`: whether List's `items` is marked unknown; `actionUnknown`: whether the
    /// segue action to Detail is one whose body was not understood.
    static func flow(listUnknown: Bool = true, actionUnknown: Bool = true) -> String {
        """
        "initial": "nav",
        "classes": {
          "List": {
            "file": "Songs/List.swift",
            "dependencies": { "items": { "type": "[Song]", "injection": "implicitlyUnwrapped"\(listUnknown ? #", "unknown": "Songs/List.swift:12""# : "") } },
            "viewDidLoad": { "uses": ["items"], "line": 20 },
            "segueActions": { "makeDetail(coder:sender:segueIdentifier:)": { \(actionUnknown ? #""unknown": "Songs/List.swift:42""# : "") } },
            "prepare": [ { "segue": "ToCopy", "as": "Copy", "set": { "items": "self.items" } } ]
          },
          "Detail": {
            "file": "Songs/Detail.swift",
            "dependencies": { "song": { "type": "Song", "injection": "initializer" }, "note": { "type": "String", "injection": "implicitlyUnwrapped" } },
            "initCoder": { "fatalError": "init(coder:) has not been implemented", "line": 9 },
            "viewDidLoad": { "uses": ["song", "note"], "line": 14 }
          },
          "Copy": {
            "file": "Songs/Copy.swift",
            "dependencies": { "items": { "type": "[Song]", "injection": "implicitlyUnwrapped" } },
            "viewDidLoad": { "uses": ["items"], "line": 7 }
          }
        },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "list": { "class": "List", "controls": ["detail", "copy"] },
          "detail": { "class": "Detail" },
          "copy": { "class": "Copy" }
        },
        "segues": [
          { "source": "nav", "destination": "list", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "list", "destination": "detail", "kind": "show", "trigger": "control:detail", "action": "makeDetail(coder:sender:segueIdentifier:)" },
          { "id": "ToCopy", "source": "list", "destination": "copy", "kind": "show", "trigger": "control:copy" }
        ]
        """
    }

    @Test("an implicitly unwrapped dependency that unread code sets does not trap when viewDidLoad reads it")
    func unknownIUOReadDoesNotTrap() throws {
        let known = try App(Self.flow(listUnknown: false))
        // The same flow without the mark traps at launch: the test can fail.
        #expect(App.crash(known.launchEvents) != nil)
        let app = try App(Self.flow())
        #expect(App.crash(app.launchEvents) == nil)
        let slot = try #require(app.sim.state.dependencies(of: try app.id("List")).first)
        #expect(slot.value == Self.unknownText)
        #expect(slot.isUnknown)
        #expect(slot.provenance == "code flownav did not read (Songs/List.swift:12)")
    }

    @Test("dest.x = self.x copies an unknown value as unknown, and the destination reads it without trapping")
    func copiesStayUnknown() throws {
        var app = try App(Self.flow())
        let events = app.tap("copy")
        #expect(App.crash(events) == nil)
        let copy = try #require(app.slot("items", of: try app.id("Copy")))
        #expect(copy.value == Self.unknownText)
        #expect(app.front == "Copy")
    }

    @Test("a segue action whose body was not understood builds the scene's class with no init(coder:) and no trap; every dependency is unknown")
    func unknownSegueAction() throws {
        var known = try App(Self.flow(actionUnknown: false))
        // Read as init(coder:), the fatalError is reached: the case the mark avoids.
        #expect(App.crash(known.tap("detail")) != nil)
        var app = try App(Self.flow())
        let events = app.tap("detail")
        #expect(App.crash(events) == nil)
        let trace = app.trace(events)
        #expect(trace.contains("new Detail by List.makeDetailWithCoder:sender:segueIdentifier: an initializer flownav did not read (Songs/List.swift:42)"), "\(trace)")
        #expect(!trace.contains { $0.contains("init(coder:)") }, "\(trace)")
        let detail = try app.id("Detail")
        let slots = app.slots(of: detail)
        #expect(slots.map(\.name) == ["song", "note"])
        #expect(slots.allSatisfy { $0.value == "‹unknown: set by code flownav did not read, at Songs/List.swift:42›" }, "\(slots)")
        #expect(slots.allSatisfy { $0.provenance == "makeDetail(coder:sender:segueIdentifier:) through an initializer flownav did not read (Songs/List.swift:42)" })
        #expect(app.front == "Detail")
    }

    @Test("modelled code that sets an unknown dependency still sets it")
    func modelledCodeStillSets() throws {
        let body = Self.flow().replacingOccurrences(of: #""set": { "items": "self.items" }"#, with: #""set": { "items": "[Song()]" }"#)
            .replacingOccurrences(of: #""injection": "implicitlyUnwrapped" } },\#n    "viewDidLoad": { "uses": ["items"], "line": 7 }"#,
                                  with: #""injection": "implicitlyUnwrapped", "unknown": "Songs/Copy.swift:3" } },\#n    "viewDidLoad": { "uses": ["items"], "line": 7 }"#)
        var app = try App(body)
        app.tap("copy")
        #expect(app.slot("items", of: try app.id("Copy"))?.value == "[Song()]")
    }

    static let launchFlow = """
        "launch": { "root": { "class": "Root", "initializer": "init()", "unknown": "App/SceneDelegate.swift:20" } },
        "classes": {
          "Root": {
            "dependencies": {
              "store": { "type": "Store", "injection": "implicitlyUnwrapped" },
              "title": { "type": "String", "injection": "property", "default": "\\"Home\\"" }
            },
            "initializers": { "init()": {} },
            "viewDidLoad": { "uses": ["store"], "line": 5 },
            "actions": { "open()": { "do": "present", "class": "Sheet", "initializer": "init()", "unknown": "App/Root.swift:30" } }
          },
          "Sheet": {
            "dependencies": { "model": { "type": "Model", "injection": "implicitlyUnwrapped" } },
            "initializers": { "init()": {} },
            "viewDidLoad": { "uses": ["model"], "line": 8 }
          }
        },
        "scenes": {}
        """

    @Test("a launch root and a built controller whose set-up was not read get unknown dependencies, and what read code gave them stays")
    func launchRootAndCodeAction() throws {
        let known = try App(Self.launchFlow.replacingOccurrences(of: #", "unknown": "App/SceneDelegate.swift:20""#, with: ""))
        #expect(App.crash(known.launchEvents) != nil)
        var app = try App(Self.launchFlow)
        #expect(App.crash(app.launchEvents) == nil)
        let root = try app.id("Root")
        #expect(app.slot("store", of: root)?.value == "‹unknown: set by code flownav did not read, at App/SceneDelegate.swift:20›")
        #expect(app.slot("title", of: root)?.value == "\"Home\"")
        let events = app.call("open()")
        #expect(App.crash(events) == nil)
        #expect(app.slot("model", of: try app.id("Sheet"))?.value == "‹unknown: set by code flownav did not read, at App/Root.swift:30›")
    }
}
