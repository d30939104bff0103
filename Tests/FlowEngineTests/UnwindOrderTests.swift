import FlowEngine
import FlowModel
import Testing

/// UIKit's unwind chain calls `unwind(for:towards:)` from the common ancestor down: a tab bar
/// selects the destination's tab first, then that tab's navigation controller pops, on screen.
@Suite("Unwind order across containers")
struct UnwindOrderTests {
    static let tabs = """
    "initial": "tabs",
    "classes": {
      "Home": { "unwindActions": ["backHome(_:)"] }, "Article": {}, "Settings": {}
    },
    "scenes": {
      "tabs": { "class": "UITabBarController" },
      "homeNav": { "class": "UINavigationController" },
      "home": { "class": "Home", "controls": ["open"] },
      "article": { "class": "Article" },
      "settingsNav": { "class": "UINavigationController" },
      "settings": { "class": "Settings", "controls": ["home"] }
    },
    "segues": [
      { "source": "tabs", "destination": "homeNav", "kind": "relationship", "relationship": "viewControllers" },
      { "source": "tabs", "destination": "settingsNav", "kind": "relationship", "relationship": "viewControllers" },
      { "source": "homeNav", "destination": "home", "kind": "relationship", "relationship": "rootViewController" },
      { "source": "settingsNav", "destination": "settings", "kind": "relationship", "relationship": "rootViewController" },
      { "source": "home", "destination": "article", "kind": "show", "trigger": "control:open" },
      { "id": "Home", "source": "settings", "kind": "unwind", "unwindAction": "backHome(_:)", "trigger": "control:home" }
    ]
    """

    @Test("the tab is selected before the hidden stack pops; the article appears, then leaves")
    func tabThenPop() throws {
        var app = try App(Self.tabs)
        app.tap("open")
        app.run(.tab(1))
        let events = app.tap("home")
        let t = app.trace(events)
        let select = try #require(t.firstIndex(of: "tab 0 UINavigationController of UITabBarController"), "\(t)")
        let pop = try #require(t.firstIndex(of: "pop Article from UINavigationController"), "\(t)")
        #expect(select < pop, "\(t)")
        #expect(app.appearance(events) == [
            // selecting the tab shows its stack as it is: the article on top
            "UINavigationController.viewWillDisappear(_:)", "Settings.viewWillDisappear(_:)",
            "UINavigationController.viewWillAppear(_:)", "Article.viewWillAppear(_:)",
            "UINavigationController.viewDidDisappear(_:)", "Settings.viewDidDisappear(_:)",
            "UINavigationController.viewDidAppear(_:)", "Article.viewDidAppear(_:)",
            // then the navigation controller pops to Home on screen
            "Article.viewWillDisappear(_:)", "Home.viewWillAppear(_:)", "Article.viewDidDisappear(_:)", "Home.viewDidAppear(_:)",
        ], "\(t)")
        #expect(app.front == "Home")
    }
}
