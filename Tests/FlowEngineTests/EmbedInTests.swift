import Testing
import FlowModel
import FlowEngine

/// `embedIn`: `UINavigationController(rootViewController: vc)` built in code, as the window's
/// root or around what a code action presents.
@Suite("Navigation controllers built in code around a view controller")
struct EmbedInTests {
    static let flow = """
    "launch": { "root": { "class": "Home", "embedIn": "UINavigationController" } },
    "classes": {
      "Home": {
        "actions": {
          "openDetail(_:)": { "trigger": "control:detail", "do": "push", "class": "Detail" },
          "openEdit(_:)": { "trigger": "control:edit", "do": "present", "class": "Detail", "embedIn": "UINavigationController" }
        }
      },
      "Detail": {}
    },
    "scenes": { "home": { "class": "Home", "nib": "Home", "controls": ["detail", "edit"] } },
    "segues": []
    """

    @Test("the window's root is the navigation controller, so the root's push has one to push onto")
    func rootInANavigationController() throws {
        var app = try App(Self.flow)
        #expect(app.state.crash == nil)
        let nav = try app.id("UINavigationController")
        #expect(app.children(of: nav) == ["Home"])
        _ = app.tap("detail")
        #expect(app.children(of: nav) == ["Home", "Detail"])
    }

    @Test("without embedIn the same push finds no navigation controller")
    func withoutEmbedInThePushDoesNothing() throws {
        var app = try App(Self.flow.replacingOccurrences(of: #", "embedIn": "UINavigationController" } },"#, with: " } },"))
        let events = app.tap("detail")
        #expect(App.notes(events).contains("navigationController is nil, so pushViewController is never sent"))
    }

    @Test("a presented view controller wrapped in code: the navigation controller is presented, with it as its root")
    func presentedInANavigationController() throws {
        var app = try App(Self.flow)
        _ = app.tap("edit")
        let navs = app.sim.state.instances.filter { app.sim.state.className(of: $0.id) == "UINavigationController" }
        #expect(navs.count == 2)
        #expect(app.children(of: try app.id("UINavigationController", 1)) == ["Detail"])
        #expect(app.front == "Detail")
    }

    @Test("embedIn must be a navigation controller class")
    func embedInMustBeANavigationController() throws {
        #expect(throws: (any Error).self) {
            _ = try App(Self.flow.replacingOccurrences(of: #""root": { "class": "Home", "embedIn": "UINavigationController" }"#, with: #""root": { "class": "Home", "embedIn": "UITabBarController" }"#))
        }
    }
}
