import Testing
import FlowModel
import FlowEngine

/// `definesPresentationContext`: a currentContext / overCurrentContext presentation is made by
/// the nearest view controller up from the presenting one that defines the context, and covers
/// only it (Apple's documentation of the property).
@Suite("Presentation context")
struct PresentationContextTests {
    static func flow(defines: Bool = true) -> String {
        """
        "initial": "tabs",
        "classes": {
          "ListViewController": { "unwindActions": ["unwindToList(_:)"] },
          "FilterViewController": { "actions": { "close()": { "do": "dismiss" } } },
          "OverlayViewController": { "actions": { "close()": { "do": "dismiss" } } },
          "ModalViewController": { "actions": { "close()": { "do": "dismiss" } } }, "OtherViewController": {}
        },
        "scenes": {
          "tabs": { "class": "UITabBarController" },
          "nav": { "class": "UINavigationController", "definesPresentationContext": \(defines) },
          "list": { "class": "ListViewController", "controls": ["filter", "overlay"] },
          "other": { "class": "OtherViewController" },
          "filter": { "class": "FilterViewController", "controls": ["full", "done"] },
          "overlay": { "class": "OverlayViewController" },
          "modal": { "class": "ModalViewController" }
        },
        "segues": [
          { "source": "tabs", "destination": "nav", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "tabs", "destination": "other", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "nav", "destination": "list", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "list", "destination": "filter", "kind": "presentation", "trigger": "control:filter", "modalPresentationStyle": "currentContext" },
          { "source": "list", "destination": "overlay", "kind": "presentation", "trigger": "control:overlay", "modalPresentationStyle": "overCurrentContext" },
          { "source": "filter", "destination": "modal", "kind": "presentation", "trigger": "control:full", "modalPresentationStyle": "fullScreen" },
          { "source": "filter", "kind": "unwind", "unwindAction": "unwindToList(_:)", "trigger": "control:done" }
        ]
        """
    }

    @Test("the view controller that defines the context presents, covering only itself; the tab bar stays")
    func contextPresents() throws {
        var app = try App(Self.flow())
        let events = app.tap("filter")
        let filter = try app.id("FilterViewController"), nav = try app.id("UINavigationController")
        #expect(app.state[filter].presenter == nav)
        #expect(app.state[try app.id("UITabBarController")].presented == nil)
        #expect(app.front == "FilterViewController")
        #expect(app.trace(events).contains("present FilterViewController by UINavigationController currentContext"))
        #expect(App.notes(events).contains { $0.contains("defines the presentation context") })
        // currentContext removes the covered views: the list disappears, as under fullScreen.
        #expect(app.appearance(events).containsInOrder(["ListViewController.viewWillDisappear(_:)", "FilterViewController.viewWillAppear(_:)",
                                                         "ListViewController.viewDidDisappear(_:)", "FilterViewController.viewDidAppear(_:)"]))
        #expect(app.state[try app.id("ListViewController")].appearance == .disappeared)
    }

    @Test("tabs still switch: the presentation leaves with its tab and comes back with it")
    func tabsSwitch() throws {
        var app = try App(Self.flow())
        app.tap("filter")
        let away = app.run(.tab(1))
        #expect(app.front == "OtherViewController")
        #expect(app.appearance(away).contains("FilterViewController.viewWillDisappear(_:)"))
        #expect(!app.appearance(away).contains("ListViewController.viewWillDisappear(_:)"))
        let back = app.run(.tab(0))
        #expect(app.front == "FilterViewController")
        #expect(app.appearance(back).contains("FilterViewController.viewDidAppear(_:)"))
        #expect(!app.appearance(back).contains("ListViewController.viewDidAppear(_:)"))
    }

    @Test("dismiss ends the context presentation; the covered view controller reappears")
    func dismiss() throws {
        var app = try App(Self.flow())
        app.tap("filter")
        // The app's own close(): no user can swipe a currentContext presentation away (issue 31).
        let events = app.run(.call(action: "close()", on: nil))
        #expect(app.trace(events).contains("dismiss FilterViewController by UINavigationController"))
        #expect(app.appearance(events).contains("ListViewController.viewDidAppear(_:)"))
        #expect(app.front == "ListViewController")
        #expect(app.state[try app.id("FilterViewController")].isReleased)
        #expect(app.state[try app.id("UINavigationController")].presented == nil)
    }

    @Test("overCurrentContext keeps the covered views: no disappear callbacks")
    func overCurrentContext() throws {
        var app = try App(Self.flow())
        let events = app.tap("overlay")
        #expect(app.state[try app.id("OverlayViewController")].presenter == (try app.id("UINavigationController")))
        #expect(!app.appearance(events).contains("ListViewController.viewWillDisappear(_:)"))
        #expect(app.front == "OverlayViewController")
        let gone = app.run(.call(action: "close()", on: nil))
        #expect(!app.appearance(gone).contains("ListViewController.viewWillAppear(_:)"))
        #expect(app.front == "ListViewController")
    }

    @Test("without a view controller that defines the context, the one covering the screen presents")
    func noDefiner() throws {
        var app = try App(Self.flow(defines: false))
        let events = app.tap("filter")
        #expect(app.state[try app.id("FilterViewController")].presenter == (try app.id("UITabBarController")))
        #expect(!App.notes(events).contains { $0.contains("defines the presentation context") })
        // The presentation covers the tab bar too: no tab to select.
        #expect((try? app.sim.run(.tab(1)).get()) == nil)
    }

    @Test("a full-screen presentation from inside is forwarded past the context to the tab bar")
    func fullScreenFromInside() throws {
        var app = try App(Self.flow())
        app.tap("filter")
        app.tap("full")
        let modal = try app.id("ModalViewController"), tabs = try app.id("UITabBarController")
        #expect(app.state[modal].presenter == tabs)
        #expect(app.front == "ModalViewController")
        app.run(.call(action: "close()", on: nil))
        #expect(app.front == "FilterViewController")
    }

    @Test("a scene's own style holds when code shows it by Storyboard ID and show falls back to presenting")
    func codeShowsWithTheScenesStyle() throws {
        let flow = Self.flow()
            .replacingOccurrences(of: #""OtherViewController": {}"#, with: #""OtherViewController": { "actions": { "peek()": { "do": "show", "identifier": "Peek" } } }"#)
            .replacingOccurrences(of: #""modal": { "class": "ModalViewController" }"#,
                                  with: #""modal": { "class": "ModalViewController" }, "peek": { "class": "OverlayViewController", "storyboardIdentifier": "Peek", "modalPresentationStyle": "overCurrentContext" }"#)
        var app = try App(flow)
        app.run(.tab(1))
        // No navigation controller above: show(_:sender:) presents, in the scene's own style;
        // nothing up from the tab defines a context, so the tab bar presents.
        let events = app.call("peek()")
        let peek = try app.id("OverlayViewController")
        #expect(app.state[peek].presentationStyle == .overCurrentContext)
        #expect(app.state[peek].presenter == (try app.id("UITabBarController")))
        #expect(!app.appearance(events).contains("OtherViewController.viewWillDisappear(_:)"))
    }

    @Test("an unwind out of the context presentation dismisses only it")
    func unwind() throws {
        var app = try App(Self.flow())
        app.tap("filter")
        let events = app.tap("done")
        #expect(app.trace(events).containsInOrder(["ListViewController.unwindToList(_:)", "dismiss FilterViewController by UINavigationController"]))
        #expect(app.front == "ListViewController")
        // A context presentation covers part of a level: climbing out of it leaves no level.
        #expect(app.sim.unwindLevelsClimbed == 0)
    }
}
