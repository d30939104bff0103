import FlowEngine
import FlowModel
import Testing

/// Issue 31 items 4, 9 and 10: `dismiss(animated:)` sent to a presented view controller's
/// child, dismissing a cascade of presentations, and the More tab of a phone's tab bar.
@Suite("Fidelity round 3: dismiss forwarding, cascades, the More tab")
struct FidelityRound3DismissMoreTests {
    static func picker() throws -> App { try App(seed: "fidelity/dismiss-from-child.json") }

    /// The picker presented over the form, itself the root of a presented navigation controller.
    static func pickerShown() throws -> App {
        var app = try picker()
        app.tap("add")
        app.tap("photo")
        return app
    }

    @Test("self.dismiss on a form whose navigation controller presents a picker dismisses only the picker")
    func dismissFromChildRemovesOnlyThePicker() throws {
        var app = try Self.pickerShown()
        let form = try app.id("FormViewController")
        let events = app.call("imagePickerController", on: form)
        #expect(app.trace(events).contains("dismiss PhotoPickerViewController by UINavigationController"))
        #expect(!app.trace(events).contains { $0.hasPrefix("release FormViewController") })
        #expect(app.front == "FormViewController")
        #expect(app.state[try app.id("UINavigationController", 1)].presenter != nil)
    }

    @Test("with nothing presented, self.dismiss dismisses the presentation the view controller is in")
    func dismissWithNothingPresented() throws {
        var app = try Self.picker()
        app.tap("add")
        let events = app.tap("cancel")
        #expect(app.trace(events).contains("dismiss UINavigationController by UINavigationController"))
        #expect(app.front == "ListViewController")
    }

    @Test("presentingViewController?.dismiss removes the form's presentation with the picker above it")
    func presentingViewControllerDismissesTheLevel() throws {
        var app = try Self.pickerShown()
        let events = app.call("discard", on: try app.id("FormViewController"))
        #expect(app.trace(events).contains("dismiss UINavigationController by UINavigationController"))
        #expect(app.trace(events).contains("release PhotoPickerViewController"))
        #expect(app.trace(events).contains("release FormViewController"))
        #expect(app.front == "ListViewController")
    }

    @Test("navigationController?.dismiss: the picker first, then the navigation controller's own presentation")
    func navigationControllerReceiver() throws {
        var app = try Self.pickerShown()
        let form = try app.id("FormViewController")
        app.call("close", on: form)
        #expect(app.front == "FormViewController")
        app.call("close", on: form)
        #expect(app.front == "ListViewController")
    }

    @Test("the shell's dismiss is the user's swipe on the front-most sheet: the picker only")
    func userSwipeDismissesTheTopMost() throws {
        var app = try Self.pickerShown()
        app.run(.dismiss)
        #expect(app.front == "FormViewController")
    }

    static func cascade(_ control: String) throws -> App {
        var app = try App(seed: "fidelity/unwind-cascade.json")
        app.tap(control)
        app.tap(control)
        app.tap(control)
        return app
    }

    @Test("unwinding a full-screen cascade: B and C, already off screen, get no second disappear callbacks")
    func fullScreenCascade() throws {
        var app = try Self.cascade("full")
        let events = app.tap("done")
        #expect(app.appearance(events) == [
            "DViewController.viewWillDisappear(_:)", "AViewController.viewWillAppear(_:)",
            "DViewController.viewDidDisappear(_:)", "AViewController.viewDidAppear(_:)",
        ])
        // One dismissal, from A (reference §3.7: the modal ancestor's dismiss), releasing all three.
        #expect(app.trace(events).filter { $0.hasPrefix("dismiss") } == ["dismiss BViewController by AViewController"])
        #expect(app.trace(events).filter { $0.hasPrefix("release") } == ["release DViewController", "release CViewController", "release BViewController"])
    }

    @Test("unwinding a cascade of sheets: B, C and D, all on screen, disappear exactly once; A gets no appear")
    func sheetCascade() throws {
        var app = try Self.cascade("sheet")
        let events = app.tap("done")
        let callbacks = app.appearance(events)
        for name in ["BViewController", "CViewController", "DViewController"] {
            #expect(callbacks.filter { $0 == "\(name).viewWillDisappear(_:)" }.count == 1)
            #expect(callbacks.filter { $0 == "\(name).viewDidDisappear(_:)" }.count == 1)
        }
        #expect(!callbacks.contains { $0.hasPrefix("AViewController") })
    }

    @Test("A.dismiss from its own code over a mixed cascade: only what is on screen disappears")
    func mixedCascadeFromA() throws {
        var app = try App(seed: "fidelity/unwind-cascade.json")
        app.tap("full")
        app.tap("sheet")
        app.tap("full")
        let events = app.call("closeAll", on: try app.id("AViewController"))
        let callbacks = app.appearance(events)
        #expect(!callbacks.contains { $0.hasPrefix("CViewController") })
        #expect(callbacks.contains("BViewController.viewWillDisappear(_:)"))
        #expect(callbacks.contains("DViewController.viewDidDisappear(_:)"))
        #expect(callbacks.contains("AViewController.viewDidAppear(_:)"))
    }

    static func tabs() throws -> App { try App(seed: "fidelity/more-tab.json") }

    @Test("on a phone, tab 4 of six comes on screen through More; the More list is a state of its own")
    func moreTabOnAPhone() throws {
        var app = try Self.tabs()
        let tabBar = try app.id("UITabBarController")
        #expect(app.state.showsMoreTab(tabBar))
        #expect(!app.state.isInMore(tab: 3, of: tabBar))
        #expect(app.state.isInMore(tab: 4, of: tabBar))
        let events = app.run(.tab(4))
        #expect(App.notes(events).contains { $0.contains("shows tabs 0 to 3 and More") })
        #expect(app.front == "SettingsViewController")
        let atTab = app.state
        app.run(.back)
        #expect(app.state.showsMoreList(tabBar))
        #expect(app.state.frontmost == tabBar)
        #expect(app.state != atTab)
        // The tab's view controllers stay alive, off screen.
        #expect(app.state[try app.id("SettingsViewController")].appearance == .disappeared)
        // The list is the More navigation controller's root.
        guard case .failure = app.sim.run(.back) else {
            Issue.record("back on the More list was accepted")
            return
        }
        app.run(.tab(5))
        #expect(app.front == "AboutViewController")
        #expect(app.sim.moreListBack() == tabBar)
        app.run(.tab(1))
        #expect(!app.state.showsMoreList(tabBar))
        #expect(app.sim.moreListBack() == nil)
    }

    @Test("back inside a More tab's own navigation stack pops that stack first")
    func backPopsTheTabsStackFirst() throws {
        var app = try Self.tabs()
        app.run(.tab(4))
        app.select(0)
        #expect(app.front == "SettingsDetailViewController")
        #expect(app.sim.moreListBack() == nil)
        app.run(.back)
        #expect(app.front == "SettingsViewController")
        #expect(app.sim.moreListBack() == (try app.id("UITabBarController")))
    }

    @Test("tab more taps the More item: the list from a bar tab, and back to the list from a listed tab")
    func tabMore() throws {
        var app = try Self.tabs()
        let tabBar = try app.id("UITabBarController")
        let home = try app.id("UIViewController")
        let events = app.run(.tab(AppState.moreListSelection))
        #expect(app.state.showsMoreList(tabBar))
        #expect(app.appearance(events) == ["UIViewController.viewWillDisappear(_:)", "UIViewController.viewDidDisappear(_:)"])
        #expect(app.state[home].appearance == .disappeared)
        app.run(.tab(5))
        app.run(.tab(AppState.moreListSelection))
        #expect(app.state.showsMoreList(tabBar))
        #expect(App.notes(app.run(.tab(AppState.moreListSelection))) == ["the More list is already on screen"])
    }

    @Test("five tabs, or a pad, show no More")
    func noMore() throws {
        var padFlow = try App(seed: "fidelity/more-tab.json").sim.flow
        padFlow.device = .pad
        var pad = App(flow: padFlow)
        #expect(!pad.state.showsMoreTab(try pad.id("UITabBarController")))
        guard case .failure(let r) = pad.sim.run(.tab(AppState.moreListSelection)) else {
            Issue.record("tab more was accepted on a pad")
            return
        }
        #expect(r.message.contains("shows no More tab"))
        var app = try Self.tabs()
        let tabBar = try app.id("UITabBarController")
        app.run(.tab(5))
        #expect(app.state[tabBar].selectedTab == 5)
    }
}
