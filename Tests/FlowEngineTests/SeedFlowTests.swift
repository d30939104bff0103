import Testing
import FlowModel
import FlowEngine

/// The bundled seed flows, replayed along the stories of flows/expected-stories.md: the happy
/// path and the failure each article warns about, with what UIKit / Swift prints.
@Suite("Seed flows")
struct SeedFlowTests {
    /// Addresses written as `0x…`, the way expected-stories.md quotes them.
    static func elided(_ lines: [String]) -> [String] {
        lines.map { $0.replacing(/0x[0-9a-f]+/, with: "0x…") }
    }

    static func injected(_ events: [Event]) -> Bool {
        events.contains { if case .injected = $0 { true } else { false } }
    }

    // MARK: seed 000: segue-actions.json

    @Test("Items: select 1 → segue action on ItemsViewController; tap add → relationship action on the presenter; tap save → unwind")
    func itemsHappyPath() throws {
        var app = try App(seed: "segue-actions.json")
        let items = try app.id("ItemsViewController")
        let itemsNav = try app.id("UINavigationController")
        #expect(app.front == "ItemsViewController")
        #expect(app.state.windowRoot == itemsNav)

        let select = app.select(1)
        let detail = try app.id("DetailViewController")
        #expect(select.contains(.instantiated(id: detail, via: .segueAction(
            target: items, selector: "createDetailViewControllerWithCoder:sender:segueIdentifier:", initializer: "init(coder:item:)"))))
        #expect(app.slot("item", of: detail) == Slot(
            name: "item", value: "viewModel.item(for: [0, 1])",
            provenance: "createDetailViewController(coder:sender:segueIdentifier:) through init(coder:item:)"))
        #expect(app.children(of: itemsNav) == ["ItemsViewController", "DetailViewController"])
        #expect(app.trace(select).contains("DetailViewController.viewDidLoad()"))
        #expect(App.console(select).isEmpty)

        app.run(.back)
        #expect(app.front == "ItemsViewController")

        let add = app.tap("add")
        let addNav = try app.id("UINavigationController", 1)
        let addItem = try app.id("AddItemViewController")
        #expect(App.console(add).isEmpty)
        #expect(add.contains(.called(id: items, method: "createAddItemViewController(coder:sender:segueIdentifier:)", detail: "segue action, for scene 'addItem'")))
        #expect(add.contains(.instantiated(id: addItem, via: .segueAction(
            target: items, selector: "createAddItemViewControllerWithCoder:sender:segueIdentifier:", initializer: "init(coder:store:)"))))
        #expect(app.slot("store", of: addItem)?.value == "ItemStore()")
        #expect(add.contains(.transition(.present(addNav, by: itemsNav, style: .automatic))))
        // A sheet: the presenter keeps its views, so Items gets no viewWillDisappear (§3.9).
        #expect(!app.trace(add).contains("ItemsViewController.viewWillDisappear(_:)"))
        #expect(app.front == "AddItemViewController")

        let save = app.tap("save")
        #expect(app.trace(save).containsInOrder([
            "AddItemViewController.prepare(for:sender:)", "ItemsViewController.unwindToList(_:)",
            "dismiss UINavigationController by UINavigationController",
        ]))
        #expect(!app.trace(save).contains("ItemsViewController.viewWillAppear(_:)"))
        #expect(app.front == "ItemsViewController")
        #expect(app.state[addItem].appearance == .released)
        #expect(app.state.crash == nil)
    }

    @Test("Items failure 1: the action only the navigation controller subclass implements")
    func itemsAddBroken() throws {
        var app = try App(seed: "segue-actions.json")
        let events = app.tap("addBroken")
        #expect(Self.elided(App.console(events)) == [
            "[Storyboard] Unable to find method -[<Items.ItemsViewController: 0x…> makeAddItemViewControllerWithCoder:sender:segueIdentifier:]",
        ])
        #expect(app.state.crash?.consoleLines == ["Items/AddItemViewController.swift:12: Fatal error: init(coder:) has not been implemented"])
    }

    @Test("Items failure 2: the segue action returns nil without a selection")
    func itemsNilWithoutSelection() throws {
        var app = try App(seed: "segue-actions.json")
        let events = app.perform("ShowDetail")
        #expect(Self.elided(App.console(events)) == [
            "[Storyboard] -[<Items.ItemsViewController: 0x…> createDetailViewControllerWithCoder:sender:segueIdentifier:] returned nil, falling back to -[_TtC5Items20DetailViewController initWithCoder:]",
        ])
        #expect(app.state.crash?.consoleLines == ["Items/DetailViewController.swift:12: Fatal error: init(coder:) has not been implemented"])
    }

    // MARK: seed 001: injectable.json

    @Test("Red Pill: prepare → as? → inject(_:) for both pills")
    func redPillHappyPath() throws {
        var app = try App(seed: "injectable.json")
        let red = app.tap("redPill")
        let redVC = try app.id("RedPillViewController")
        #expect(red.contains(.called(id: redVC, method: "inject(_:)", detail: "\"Welcome to the real world\"")))
        #expect(app.slot("mainText", of: redVC) == Slot(
            name: "mainText", value: "\"Welcome to the real world\"", provenance: "inject(_:), from ViewController.prepare(for:sender:)"))
        #expect(app.front == "RedPillViewController")
        app.run(.back)
        app.tap("bluePill")
        #expect(app.slot("mainText", of: try app.id("BluePillViewController"))?.value == "\"The story ends\"")
        app.run(.back)
        #expect(app.front == "ViewController")
        #expect(app.state.crash == nil)
    }

    @Test("Red Pill failure: the destination is wrapped in a navigation controller; the cast fails silently")
    func redPillSheet() throws {
        var app = try App(seed: "injectable.json")
        let events = app.tap("redPillSheet")
        #expect(!Self.injected(events))
        #expect(App.console(events).isEmpty)
        #expect(Self.elided(App.notes(events)).contains("ViewController.prepare(for:sender:): <UINavigationController: 0x…> as? RedPillViewController is nil, so nothing is injected"))
        #expect(app.state.crash?.consoleLines == ["RedPill/RedPillViewController.swift:30: Assertion failed"])
    }

    // MARK: seed 002: typed-destinations.json

    @Test("Qold: typed destinations carry userAuth and the device group; logout presents the login full screen")
    func qoldHappyPath() throws {
        var app = try App(seed: "typed-destinations.json")
        let login = app.tap("login")
        let groups = try app.id("DeviceGroupsViewController")
        let auth = "UserAuthentication(email: emailTextField.text, password: passwordTextField.text)"
        #expect(!app.trace(login).contains { $0.contains("shouldPerformSegue") })
        #expect(login.contains(.called(id: try app.id("LoginViewController"), method: "performSegue(withIdentifier:sender:)",
                                       detail: "\"DeviceGroupsSegue\", sender Box(.DeviceGroups(userAuth: \(auth)))")))
        #expect(app.slot("userAuth", of: groups) == Slot(
            name: "userAuth", value: auth, provenance: "assignDependencies(_:) (case .DeviceGroups), from StoryboardViewController.prepare(for:sender:)"))
        #expect(app.front == "DeviceGroupsViewController")

        app.select(2)
        let devices = try app.id("DevicesViewController")
        #expect(app.slot("userAuth", of: devices)?.value == auth)
        #expect(app.slot("deviceGroup", of: devices) == Slot(
            name: "deviceGroup", value: "DeviceGroupViewModel(deviceGroups[2])",
            provenance: "assignDependencies(_:) (case .Devices), from StoryboardViewController.prepare(for:sender:)"))
        app.run(.back)

        let logout = app.tap("logout")
        let relogin = try app.id("LoginViewController", 1)
        #expect(logout.contains(.transition(.present(try app.id("UINavigationController", 1), by: try app.id("UINavigationController"), style: .fullScreen))))
        #expect(App.notes(logout).contains("StoryboardViewController.prepare(for:sender:): \(app.sim.describe(relogin)) as? StoryboardDependencies is nil, so nothing is injected"))
        #expect(app.trace(logout).contains("DeviceGroupsViewController.viewWillDisappear(_:)"))
        #expect(app.front == "LoginViewController")
        #expect(app.state.crash == nil)
    }

    @Test("Qold failure 1: an enum case whose identifier the source does not own")
    func qoldLastDevices() throws {
        var app = try App(seed: "typed-destinations.json")
        app.tap("lastDevices")
        #expect(Self.elided(app.state.crash?.consoleLines ?? []) == [
            "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Receiver (<Qold.LoginViewController: 0x…>) has no segue with identifier 'DeviceGroupDetailsSegue''",
        ])
    }

    @Test("Qold failure 2: a stringly-typed performSegue with sender nil assigns nothing")
    func qoldFavorite() throws {
        var app = try App(seed: "typed-destinations.json")
        app.tap("login")
        let events = app.tap("favorite")
        #expect(!Self.injected(events))
        #expect(app.trace(events).containsInOrder(["DeviceGroupsViewController.prepare(for:sender:)", "push DevicesViewController onto UINavigationController"]))
        #expect(app.state.crash?.consoleLines == ["Qold/DevicesViewController.swift:27: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value"])
    }

    // MARK: seed 003: xib-initializers.json

    @Test("Notes: root built in code; select 0 presents DetailViewController(with:); done dismisses")
    func notesHappyPath() throws {
        var app = try App(seed: "xib-initializers.json")
        let root = try app.id("RootViewController")
        #expect(app.state.windowRoot == root)
        #expect(app.slot("notes", of: root) == Slot(name: "notes", value: "notes", provenance: "AppDelegate through init(with:)"))
        app.select(0)
        let detail = try app.id("DetailViewController")
        #expect(app.slot("note", of: detail) == Slot(
            name: "note", value: "notes[0]", provenance: "RootViewController.tableView(_:didSelectRowAt:) through init(with:)"))
        #expect(app.state[root].presented == detail)
        app.tap("done")
        #expect(app.state[detail].appearance == .released)
        #expect(app.front == "RootViewController")
        #expect(app.state.crash == nil)
    }

    @Test("Notes failure: init(coder:) reaches the fatalError")
    func notesLastNote() throws {
        var app = try App(seed: "xib-initializers.json")
        app.tap("lastNote")
        #expect(app.state.crash?.consoleLines == [
            "Notes/DetailViewController.swift:24: Fatal error: You should not instantiate this view controller by invoking init(coder:).",
        ])
    }

    @Test("Notes: performSegue on a view controller built in code has no segue")
    func notesPerformAnyName() throws {
        var app = try App(seed: "xib-initializers.json")
        app.perform("AnyName")
        #expect(Self.elided(app.state.crash?.consoleLines ?? []) == [
            "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Receiver (<Notes.RootViewController: 0x…>) has no segue with identifier 'AnyName''",
        ])
    }

    // MARK: seed 004: protocol-injection.json

    @Test("Activities: the app delegate injects through navigationRoot; prepare injects through the protocol")
    func activitiesHappyPath() throws {
        var app = try App(seed: "protocol-injection.json")
        let activities = try app.id("ActivitiesViewController")
        #expect(app.slot("context", of: activities) == Slot(
            name: "context", value: "self.context", provenance: "AppDelegate.application(_:didFinishLaunchingWithOptions:)"))
        app.select(0)
        let detail = try app.id("ActivityDetailViewController")
        #expect(app.slot("context", of: detail) == Slot(
            name: "context", value: "self.context", provenance: "ActivitiesViewController.prepare(for:sender:)"))
        #expect(app.front == "ActivityDetailViewController")
        app.run(.back)
        #expect(app.front == "ActivitiesViewController")
        #expect(app.state.crash == nil)
    }

    @Test("Activities failure 1: a destination with the property but no conformance")
    func activitiesStats() throws {
        var app = try App(seed: "protocol-injection.json")
        let events = app.tap("stats")
        #expect(!Self.injected(events))
        #expect(app.state.crash?.consoleLines == [
            "Activities/StatisticsViewController.swift:18: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value",
        ])
    }

    @Test("Activities failure 2: prepare does not unwrap the navigation controller the app delegate unwraps")
    func activitiesAdd() throws {
        var app = try App(seed: "protocol-injection.json")
        let events = app.tap("add")
        #expect(!Self.injected(events))
        #expect(Self.elided(App.notes(events)).contains("ActivitiesViewController.prepare(for:sender:): <UINavigationController: 0x…> as? ViewControllerWithContext is nil, so nothing is injected"))
        #expect(app.state.crash?.consoleLines == [
            "Activities/NewActivityViewController.swift:18: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value",
        ])
    }
}
