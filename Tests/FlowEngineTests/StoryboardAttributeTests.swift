import Testing
import FlowModel
import FlowEngine

/// What imported storyboards carry beyond segues: column-style split views, a scene's own
/// presentation style, `definesPresentationContext`, popover anchors, segue classes.
@Suite("Storyboard attributes")
struct StoryboardAttributeTests {
    static let flow = """
    "initial": "split",
    "scenes": {
      "split": { "class": "UISplitViewController" },
      "menu": { "class": "UIViewController" },
      "middle": { "class": "UIViewController" },
      "detailNav": { "class": "UINavigationController", "definesPresentationContext": true },
      "detail": { "class": "UIViewController", "controls": ["sheet", "context", "filter"] },
      "phone": { "class": "UITabBarController" },
      "sheet": { "class": "UIViewController", "modalPresentationStyle": "formSheet" },
      "filter": { "class": "UIViewController" }
    },
    "segues": [
      { "source": "split", "destination": "menu", "kind": "relationship", "relationship": "masterViewController" },
      { "source": "split", "destination": "middle", "kind": "relationship", "relationship": "supplementaryViewController" },
      { "source": "split", "destination": "detailNav", "kind": "relationship", "relationship": "detailViewController" },
      { "source": "split", "destination": "phone", "kind": "relationship", "relationship": "compactViewController" },
      { "source": "detailNav", "destination": "detail", "kind": "relationship", "relationship": "rootViewController" },
      { "source": "detail", "destination": "sheet", "kind": "presentation", "trigger": "control:sheet", "customClass": "FadeSegue" },
      { "source": "detail", "destination": "filter", "kind": "presentation", "trigger": "control:context", "modalPresentationStyle": "currentContext" },
      { "id": "Filter", "source": "detail", "destination": "filter", "kind": "popoverPresentation", "popoverAnchor": "filter" }
    ]
    """

    func detail(_ app: App) -> Int? {
        let scene = app.sim.flow.sceneIndex("detail")
        return app.state.instances.first { $0.scene == scene }?.id
    }

    @Test("a column-style split decodes its supplementary and compact columns; the compact one is on screen only on a phone")
    func splitColumns() throws {
        let onPhone = try App(Self.flow)
        #expect(onPhone.state[try onPhone.id("UITabBarController")].appearance == .appeared)
        let app = try App("\"device\": \"pad\",\n" + Self.flow)
        let split = try app.id("UISplitViewController")
        #expect(app.children(of: split) == ["UIViewController", "UIViewController", "UINavigationController", "UITabBarController"])
        let phone = try app.id("UITabBarController")
        #expect(app.state[phone].role == .compact)
        #expect(app.state[phone].appearance != .appeared)
    }

    /// UISplitViewController.Column.compact: "that view controller is shown when isCollapsed is
    /// true". Commands go to what is on screen: the compact column's content on a phone, the
    /// secondary column (not the compact one, wherever the storyboard lists it) on a pad.
    @Test("the front-most view controller is the compact column's on a phone, never the compact column on a pad")
    func compactColumnInFront() throws {
        let flow = """
        "initial": "split",
        "scenes": {
          "split": { "class": "UISplitViewController" },
          "menu": { "class": "UIViewController", "controls": ["open"] },
          "detail": { "class": "UIViewController" },
          "phoneNav": { "class": "UINavigationController" },
          "phoneHome": { "class": "HomeViewController", "controls": ["open"] },
          "page": { "class": "PageViewController" }
        },
        "segues": [
          { "source": "split", "destination": "menu", "kind": "relationship", "relationship": "masterViewController" },
          { "source": "split", "destination": "detail", "kind": "relationship", "relationship": "detailViewController" },
          { "source": "split", "destination": "phoneNav", "kind": "relationship", "relationship": "compactViewController" },
          { "source": "phoneNav", "destination": "phoneHome", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "phoneHome", "destination": "page", "kind": "show", "trigger": "control:open" }
        ]
        """
        func instance(_ scene: String, in app: App) -> Int? {
            app.state.instances.first { $0.scene == app.sim.flow.sceneIndex(scene) }?.id
        }
        var phone = try App(flow)
        #expect(phone.state.frontmost != nil && phone.state.frontmost == instance("phoneHome", in: phone))
        _ = phone.tap("open")
        #expect(phone.state.frontmost != nil && phone.state.frontmost == instance("page", in: phone))
        #expect(instance("page", in: phone).flatMap { phone.state[$0].parent } == instance("phoneNav", in: phone))
        let pad = try App("\"device\": \"pad\",\n" + flow)
        #expect(pad.state.frontmost != nil && pad.state.frontmost == instance("detail", in: pad))
    }

    @Test("a segue without a style uses the destination's own; a segue class is named")
    func sceneStyle() throws {
        var app = try App(Self.flow)
        let events = app.tap("sheet", on: detail(app))
        let sheet = app.state.instances.first { $0.scene == app.sim.flow.sceneIndex("sheet") }!.id
        #expect(app.state[sheet].presentationStyle == .formSheet)
        #expect(App.notes(events).contains { $0.hasPrefix("segue class FadeSegue may override perform()") })
    }

    @Test("a currentContext presentation names the view controller that defines the context")
    func presentationContext() throws {
        // On a pad, where the detail column is on screen: on a phone the compact column is, and
        // a presentation from the detail column's view controller, whose view is in no window,
        // is refused (issue 31, item 6: 'whose view is not in the window hierarchy').
        var app = try App("\"device\": \"pad\",\n" + Self.flow)
        let events = app.tap("context", on: detail(app))
        #expect(App.notes(events).contains { $0.contains("defines the presentation context") })
    }

    @Test("a popover anchor loads; it belongs only on popovers")
    func popoverAnchor() throws {
        let app = try App(Self.flow)
        #expect(app.sim.flow.segues.last?.popoverAnchor == "filter")
        let bad = Self.flow.replacingOccurrences(of: "\"kind\": \"popoverPresentation\", \"popoverAnchor\"", with: "\"kind\": \"show\", \"popoverAnchor\"")
        #expect(throws: FlowDidNotLoad.self) { try App(bad) }
    }
}
