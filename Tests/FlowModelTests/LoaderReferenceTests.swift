import Testing
@testable import FlowModel

/// One edit of a fixture that breaks a reference, and the error it must produce.
struct ReferenceCase: Sendable, CustomTestStringConvertible {
    var what: String
    var fixture = Fixture.base
    var old: String
    var new: String
    var line: Int
    var column: Int
    var path: String
    var message: String
    var suggestion: String?
    var testDescription: String { what }

    static let storyboard: [ReferenceCase] = [
        .init(what: "scene: initial", old: #""initial": "nav""#, new: #""initial": "nva""#,
              line: 5, column: 14, path: "initial", message: "unknown scene 'nva'", suggestion: "nav"),
        .init(what: "scene: segue source", old: #""id": "ShowDetail", "source": "list""#, new: #""id": "ShowDetail", "source": "lsit""#,
              line: 74, column: 37, path: "segues[1].source", message: "unknown scene 'lsit'", suggestion: "list"),
        .init(what: "scene: segue destination", old: #""destination": "detail","#, new: #""destination": "detial","#,
              line: 74, column: 60, path: "segues[1].destination", message: "unknown scene 'detial'", suggestion: "detail"),
        .init(what: "class: superclass", old: #""superclass": "UITableViewController""#, new: #""superclass": "UITableViewControler""#,
              line: 12, column: 21, path: "classes.ListViewController.superclass", message: "unknown superclass 'UITableViewControler'",
              suggestion: "UITableViewController"),
        .init(what: "class: segue action returns", old: #""returns": "DetailViewController""#, new: #""returns": "DetailViewControler""#,
              line: 18, column: 22, path: #"classes.ListViewController.segueActions["makeDetail(coder:sender:segueIdentifier:)"].returns"#,
              message: "unknown class 'DetailViewControler'", suggestion: "DetailViewController"),
        .init(what: "class: action class", old: #""class": "DetailViewController","#, new: #""class": "DetailViewControler","#,
              line: 34, column: 20, path: #"classes.ListViewController.actions["showFirst(_:)"].class"#,
              message: "unknown class 'DetailViewControler'", suggestion: "DetailViewController"),
        .init(what: "initializer: segue action", old: #""initializer": "init(coder:item:)""#, new: #""initializer": "init(coder:itme:)""#,
              line: 19, column: 26, path: #"classes.ListViewController.segueActions["makeDetail(coder:sender:segueIdentifier:)"].initializer"#,
              message: "unknown initializer 'init(coder:itme:)' of DetailViewController", suggestion: "init(coder:item:)"),
        .init(what: "initializer: action", old: #""initializer": "init(with:)""#, new: #""initializer": "init(wiht:)""#,
              line: 35, column: 26, path: #"classes.ListViewController.actions["showFirst(_:)"].initializer"#,
              message: "unknown initializer 'init(wiht:)' of DetailViewController", suggestion: "init(with:)"),
        .init(what: "protocol: conformsTo", old: #""conformsTo": ["Injectable"]"#, new: #""conformsTo": ["Injectible"]"#,
              line: 46, column: 22, path: "classes.DetailViewController.conformsTo[0]", message: "unknown protocol 'Injectible'",
              suggestion: "Injectable"),
        .init(what: "protocol: as", old: #"{ "as": "Injectable""#, new: #"{ "as": "Injectible""#,
              line: 27, column: 17, path: "classes.ListViewController.prepare[1].as", message: "unknown class or protocol 'Injectible'",
              suggestion: "Injectable"),
        .init(what: "dependency: prepare set through a class", old: #""set": { "note": "store.note" }"#, new: #""set": { "nte": "store.note" }"#,
              line: 26, column: 73, path: "classes.ListViewController.prepare[0].set.nte",
              message: "unknown dependency 'nte' of DetailViewController", suggestion: "note"),
        .init(what: "dependency: prepare set through a protocol", old: #""call": "inject(_:)", "with": "store" }"#,
              new: #""set": { "nots": "store" } }"#,
              line: 27, column: 40, path: "classes.ListViewController.prepare[1].set.nots",
              message: "unknown dependency 'nots' of Injectable", suggestion: "note"),
        .init(what: "dependency: segue action arguments", old: #"{ "item": "store.item(at: selection)" }"#,
              new: #"{ "iteem": "store.item(at: selection)" }"#,
              line: 20, column: 26, path: #"classes.ListViewController.segueActions["makeDetail(coder:sender:segueIdentifier:)"].arguments.iteem"#,
              message: "unknown dependency 'iteem' of DetailViewController", suggestion: "item"),
        .init(what: "dependency: action arguments", old: #""arguments": { "item": "store.first" }"#, new: #""arguments": { "itme": "store.first" }"#,
              line: 36, column: 26, path: #"classes.ListViewController.actions["showFirst(_:)"].arguments.itme"#,
              message: "unknown dependency 'itme' of DetailViewController", suggestion: "item"),
        .init(what: "dependency: initializer sets", old: #""init(coder:item:)": { "sets": ["item"] }"#, new: #""init(coder:item:)": { "sets": ["iten"] }"#,
              line: 52, column: 41, path: #"classes.DetailViewController.initializers["init(coder:item:)"].sets[0]"#,
              message: "unknown dependency 'iten' of DetailViewController", suggestion: "item"),
        .init(what: "dependency: method sets", old: #""inject(_:)": { "sets": ["note"] }"#, new: #""inject(_:)": { "sets": ["nots"] }"#,
              line: 58, column: 34, path: #"classes.DetailViewController.methods["inject(_:)"].sets[0]"#,
              message: "unknown dependency 'nots' of DetailViewController", suggestion: "note"),
        .init(what: "dependency: viewDidLoad uses", old: #""uses": ["item"]"#, new: #""uses": ["items"]"#,
              line: 56, column: 33, path: "classes.DetailViewController.viewDidLoad.uses[0]",
              message: "unknown dependency 'items' of DetailViewController", suggestion: "item"),
        .init(what: "dependency: viewDidLoad asserts", old: #""asserts": ["note"]"#, new: #""asserts": ["notes"]"#,
              line: 56, column: 54, path: "classes.DetailViewController.viewDidLoad.asserts[0]",
              message: "unknown dependency 'notes' of DetailViewController", suggestion: "note"),
        .init(what: "dependency: shouldPerform condition", old: #""store != nil""#, new: #""stor != nil""#,
              line: 29, column: 26, path: "classes.ListViewController.shouldPerform.ShowDetail",
              message: "unknown dependency 'stor' of ListViewController", suggestion: "store"),
        .init(what: "dependency: nilWhen condition", old: #""nilWhen": "noSelection""#, new: #""nilWhen": "stor == nil""#,
              line: 21, column: 22, path: #"classes.ListViewController.segueActions["makeDetail(coder:sender:segueIdentifier:)"].nilWhen"#,
              message: "unknown dependency 'stor' of ListViewController", suggestion: "store"),
        .init(what: "dependency: prepare guard", old: #"{ "segue": "ShowDetail", "as""#, new: #"{ "segue": "ShowDetail", "guard": "stor != nil", "as""#,
              line: 26, column: 43, path: "classes.ListViewController.prepare[0].guard",
              message: "unknown dependency 'stor' of ListViewController", suggestion: "store"),
        .init(what: "dependency: action guard", old: #""do": "performSegue","#, new: #""do": "performSegue", "guard": "stor == nil","#,
              line: 39, column: 42, path: #"classes.ListViewController.actions["openDevices(_:)"].guard"#,
              message: "unknown dependency 'stor' of ListViewController", suggestion: "store"),
        .init(what: "method: call", old: #""call": "inject(_:)""#, new: #""call": "injetc(_:)""#,
              line: 27, column: 39, path: "classes.ListViewController.prepare[1].call",
              message: "unknown method 'injetc(_:)' of Injectable", suggestion: "inject(_:)"),
        .init(what: "control: segue trigger", old: #""trigger": "control:add""#, new: #""trigger": "control:ad""#,
              line: 78, column: 42, path: "segues[2].trigger", message: "unknown control 'ad' of scene 'list'", suggestion: "add"),
        .init(what: "destination case: action destination", old: #""destination": "Devices""#, new: #""destination": "Device""#,
              line: 40, column: 26, path: #"classes.ListViewController.actions["openDevices(_:)"].destination"#,
              message: "unknown destination case 'Device'", suggestion: "Devices"),
        .init(what: "destination case: method cases", old: #"{ "cases": { "Devices": { "set""#, new: #"{ "cases": { "Devics": { "set""#,
              line: 59, column: 35, path: #"classes.DetailViewController.methods["route(_:)"].cases.Devics"#,
              message: "unknown destination case 'Devics'", suggestion: "Devices"),
        .init(what: "associated value: action values", old: #""values": { "model": "store.model" }"#, new: #""values": { "modl": "store.model" }"#,
              line: 41, column: 23, path: #"classes.ListViewController.actions["openDevices(_:)"].values.modl"#,
              message: "unknown associated value 'modl' of .Devices", suggestion: "model"),
    ]

    /// Names a storyboard keeps after code renamed them: warnings (UIKit runs such apps), whose
    /// message starts with `message`.
    static let stale: [ReferenceCase] = [
        .init(what: "class: scene class", old: #"{ "class": "DetailViewController" }"#, new: #"{ "class": "DetailViewControler" }"#,
              line: 67, column: 26, path: "scenes.detail.class", message: "no class declares DetailViewControler, the class of scene 'detail'",
              suggestion: "DetailViewController"),
        .init(what: "segue action: Swift name", old: #""action": "makeDetail(coder:sender:segueIdentifier:)""#,
              new: #""action": "makeDetial(coder:sender:segueIdentifier:)""#,
              line: 76, column: 17, path: "segues[1].action",
              message: "no class declares the segue action 'makeDetial(coder:sender:segueIdentifier:)' in 'segueActions'",
              suggestion: "makeDetail(coder:sender:segueIdentifier:)"),
        .init(what: "segue action: selector", old: #""action": "makeDetail(coder:sender:segueIdentifier:)""#,
              new: #""action": "makeDetialWithCoder:sender:segueIdentifier:""#,
              line: 76, column: 17, path: "segues[1].action",
              message: "no class declares the segue action 'makeDetialWithCoder:sender:segueIdentifier:' in 'segueActions'",
              suggestion: "makeDetailWithCoder:sender:segueIdentifier:"),
        .init(what: "segue action: selector on a relationship segue", old: #""action": "makeAddWithCoder:""#, new: #""action": "makeAdWithCoder:""#,
              line: 81, column: 17, path: "segues[3].action",
              message: "no class declares the segue action 'makeAdWithCoder:' in 'segueActions'", suggestion: "makeAddWithCoder:"),
        .init(what: "unwind action: Swift name", old: #""unwindAction": "unwindToList(_:)""#, new: #""unwindAction": "unwindToLsit(_:)""#,
              line: 83, column: 23, path: "segues[4].unwindAction",
              message: "no class declares the unwind action 'unwindToLsit(_:)' in 'unwindActions'", suggestion: "unwindToList(_:)"),
        .init(what: "unwind action: selector", old: #""unwindAction": "unwindToList(_:)""#, new: #""unwindAction": "unwindToLsit:""#,
              line: 83, column: 23, path: "segues[4].unwindAction",
              message: "no class declares the unwind action 'unwindToLsit:' in 'unwindActions'", suggestion: "unwindToList:"),
    ]

    static let launch: [ReferenceCase] = [
        .init(what: "class: launch root", fixture: Fixture.launch, old: #""class": "RootViewController", "initializer""#,
              new: #""class": "RootViewControler", "initializer""#,
              line: 6, column: 24, path: "launch.root.class", message: "unknown class 'RootViewControler'", suggestion: "RootViewController"),
        .init(what: "initializer: launch root", fixture: Fixture.launch, old: #""initializer": "init(with:)""#, new: #""initializer": "init(wiht:)""#,
              line: 6, column: 61, path: "launch.root.initializer", message: "unknown initializer 'init(wiht:)' of RootViewController",
              suggestion: "init(with:)"),
        .init(what: "dependency: launch root arguments", fixture: Fixture.launch, old: #"{ "notes": "notes" }"#, new: #"{ "nots": "notes" }"#,
              line: 7, column: 30, path: "launch.root.arguments.nots", message: "unknown dependency 'nots' of RootViewController",
              suggestion: "notes"),
        .init(what: "class: launch inject as", fixture: Fixture.launch, old: #"{ "as": "RootViewController""#, new: #"{ "as": "RootViewControler""#,
              line: 8, column: 25, path: "launch.inject[0].as", message: "unknown class or protocol 'RootViewControler'",
              suggestion: "RootViewController"),
        .init(what: "dependency: launch inject set", fixture: Fixture.launch, old: #"{ "notes": "self.notes" }"#, new: #"{ "nots": "self.notes" }"#,
              line: 8, column: 56, path: "launch.inject[0].set.nots", message: "unknown dependency 'nots' of RootViewController",
              suggestion: "notes"),
    ]
}

@Suite struct LoaderReferenceTests {
    @Test func baseFixtureLoadsCleanly() throws {
        let result = try #require(loaded(Fixture.base))
        #expect(result.warnings.isEmpty)
        let flow = result.flow
        #expect(flow.scenes.map(\.id) == ["nav", "list", "detail", "addNav", "add"])
        #expect(flow.initial == 0)
        #expect(flow.segues.count == 5)
        // An action given as a Swift name keeps it; one given as a selector matches the declared Swift name.
        #expect(flow.segues[1].action == SelectorName("makeDetail(coder:sender:segueIdentifier:)"))
        #expect(flow.segues[1].action?.selector == "makeDetailWithCoder:sender:segueIdentifier:")
        #expect(flow.segues[3].action?.swiftName == nil)
        #expect(flow.segueAction("makeAddWithCoder:", on: "ListViewController")?.swiftName == "makeAdd(coder:)")
    }

    @Test(arguments: ReferenceCase.storyboard + ReferenceCase.launch)
    func unknownReference(_ c: ReferenceCase) throws {
        let d = try #require(onlyError(c.fixture.replacingOnce(c.old, with: c.new)))
        #expect(d.severity == .error)
        #expect(d.position == at(c.line, c.column))
        #expect(d.path == c.path)
        #expect(d.message == c.message)
        #expect(d.suggestions.first == c.suggestion)
        #expect(d.description.hasSuffix("; did you mean '\(c.suggestion ?? "")'?") || d.suggestions.count > 1)
    }

    @Test(arguments: ReferenceCase.stale)
    func staleReferenceIsAWarning(_ c: ReferenceCase) throws {
        let flow = try #require(loaded(c.fixture.replacingOnce(c.old, with: c.new)))
        #expect(flow.warnings.count == 1)
        let d = try #require(flow.warnings.first)
        #expect(d.severity == .warning)
        #expect(d.position == at(c.line, c.column))
        #expect(d.path == c.path)
        #expect(d.message.hasPrefix(c.message))
        #expect(d.message.contains("renamed in code but not in the storyboard?"))
        #expect(d.suggestions.first == c.suggestion)
    }

    @Test func unknownClassListsUpToThreeSuggestions() throws {
        let d = try #require(onlyError(Fixture.base.replacingOnce(#""returns": "DetailViewController""#, with: #""returns": "DetailViewControler""#)))
        #expect(d.suggestions.count == 3)
        #expect(d.description.hasPrefix(
            "test.json:18:22: error: classes.ListViewController.segueActions[\"makeDetail(coder:sender:segueIdentifier:)\"].returns: unknown class 'DetailViewControler'; did you mean 'DetailViewController', "))
    }

    @Test func farOffNameHasNoSuggestion() throws {
        let d = try #require(onlyError(Fixture.base.replacingOnce(#""initial": "nav""#, with: #""initial": "somewhereElse""#)))
        #expect(d.suggestions.isEmpty)
        #expect(d.description == "test.json:5:14: error: initial: unknown scene 'somewhereElse'")
    }
}

@Suite struct SegueRuleTests {
    static func adding(_ segue: String) -> String {
        Fixture.base.replacingOnce(#""trigger": "control:cancel" }"#, with: "\"trigger\": \"control:cancel\" },\n    \(segue)")
    }

    @Test func duplicateIdentifierFromOneSource() throws {
        let d = try #require(onlyError(Self.adding(#"{ "id": "ShowDetail", "source": "list", "destination": "add", "kind": "show" }"#)))
        #expect(d.position == at(84, 13))
        #expect(d.path == "segues[5].id")
        #expect(d.message == "duplicate segue identifier 'ShowDetail' from scene 'list' (first used by segues[1])")
    }

    @Test func sameIdentifierFromAnotherSourceIsFine() throws {
        let flow = try #require(loaded(Self.adding(#"{ "id": "ShowDetail", "source": "add", "destination": "detail", "kind": "show" }"#)))
        let list = try #require(flow.flow.sceneIndex("list"))
        let add = try #require(flow.flow.sceneIndex("add"))
        #expect(flow.flow.segue("ShowDetail", from: list) == 1)
        #expect(flow.flow.segue("ShowDetail", from: add) == 5)
    }

    @Test func relationshipFromANonContainer() throws {
        let d = try #require(onlyError(Self.adding(
            #"{ "source": "list", "destination": "add", "kind": "relationship", "relationship": "rootViewController" }"#)))
        #expect(d.position == at(84, 17))
        #expect(d.path == "segues[5].source")
        #expect(d.message == "a relationship segue needs a container as its source, but scene 'list' is a ListViewController, not a navigation, tab bar or split view controller")
    }

    @Test func secondRootRelationship() throws {
        let d = try #require(onlyError(Self.adding(
            #"{ "source": "nav", "destination": "detail", "kind": "relationship", "relationship": "rootViewController" }"#)))
        #expect(d.position == at(84, 5))
        #expect(d.path == "segues[5]")
        #expect(d.message == "scene 'nav' already has a rootViewController relationship (segues[0])")
    }

    @Test(arguments: [
        ("UINavigationController", "rootViewController", nil),
        ("UITabBarController", "viewControllers", nil),
        ("UISplitViewController", "masterViewController", nil),
        ("UISplitViewController", "detailViewController", nil),
        ("UINavigationController", "masterViewController",
         "a UINavigationController has no 'masterViewController' relationship; expected rootViewController"),
        ("UITabBarController", "rootViewController", "a UITabBarController has no 'rootViewController' relationship; expected viewControllers"),
        ("UISplitViewController", "viewControllers",
         "a UISplitViewController has no 'viewControllers' relationship; expected masterViewController or detailViewController or supplementaryViewController or compactViewController"),
    ] as [(String, String, String?)])
    func relationshipMustSuitTheContainer(_ container: String, _ relationship: String, _ message: String?) throws {
        let text = Fixture.base
            .replacingOnce(#""nav": { "class": "UINavigationController" }"#, with: #""nav": { "class": "\#(container)" }"#)
            .replacingOnce(#""relationship": "rootViewController" },"#, with: #""relationship": "\#(relationship)" },"#)
        guard let message else {
            _ = try #require(loaded(text))
            return
        }
        let d = try #require(onlyError(text))
        #expect(d.position == at(73, 47))
        #expect(d.path == "segues[0].relationship")
        #expect(d.message == message)
    }

    @Test func subclassOfAContainerIsAContainer() throws {
        let text = Fixture.base
            .replacingOnce(#""AddViewController": {}"#, with: #""AddViewController": {}, "AddNavigation": { "superclass": "UINavigationController" }"#)
            .replacingOnce(#""addNav": { "class": "UINavigationController" }"#, with: #""addNav": { "class": "AddNavigation" }"#)
        let flow = try #require(loaded(text))
        #expect(flow.flow.containerKind(of: "AddNavigation") == .navigation)
    }

    @Test func xibCannotTakePartInSegues() throws {
        let text = Fixture.base.replacingOnce(#""class": "AddViewController", "controls""#, with: #""class": "AddViewController", "nib": "Add", "controls""#)
        let errors = errors(text)
        #expect(errors.map(\.path) == ["segues[3].destination", "segues[4].source"])
        #expect(errors.map(\.position) == [at(79, 42), at(82, 33)])
        #expect(errors.map(\.message) == [
            "scene 'add' is a XIB (nib) and cannot be a segue's destination",
            "scene 'add' is a XIB (nib), and XIBs have no segues",
        ])
    }

    @Test func cellTriggerNeedsRows() throws {
        let d = try #require(onlyError(Fixture.base.replacingOnce(#""rows": 3, "#, with: "")))
        #expect(d.position == at(75, 34))
        #expect(d.path == "segues[1].trigger")
        #expect(d.message == #"scene 'list' has no rows to select; give it "rows""#)
    }

    /// Storyboards put a UIStoryboardSegue subclass on presentation segues too (its `perform()`
    /// is app code); only segues that perform nothing of their own make it a warning.
    @Test func customClassOnANonCustomSegueLoads() throws {
        let flow = try #require(loaded(Fixture.base.replacingOnce(
            #""trigger": "control:add" }"#, with: #""trigger": "control:add", "customClass": "FadeSegue" }"#)))
        #expect(flow.warnings.isEmpty)
        let relationship = try #require(loaded(Fixture.base.replacingOnce(
            #""relationship": "rootViewController" },"#, with: #""relationship": "rootViewController", "customClass": "FadeSegue" },"#)))
        #expect(relationship.warnings.map(\.message) == ["'customClass' is not used on relationship segues"])
    }
}

@Suite struct ClassRuleTests {
    @Test func prepareSetNeedsACast() throws {
        let d = try #require(onlyError(Fixture.base.replacingOnce(#"{ "as": "Injectable", "call""#, with: #"{ "call""#)))
        #expect(d.position == at(27, 9))
        #expect(d.path == "classes.ListViewController.prepare[1]")
        #expect(d.message == "'set' and 'call' need an 'as' cast to the class or protocol that has them")
    }

    @Test func uikitClassCannotBeRedeclared() throws {
        let d = try #require(onlyError(Fixture.base.replacingOnce(#""AddViewController": {}"#, with: #""AddViewController": {}, "UITableViewController": {}"#)))
        #expect(d.position == at(62, 30))
        #expect(d.path == "classes.UITableViewController")
        #expect(d.message == "'UITableViewController' is a UIKit class; declare a subclass instead")
    }

    @Test func circularSuperclassChain() throws {
        let text = Fixture.base.replacingOnce(
            #""AddViewController": {}"#,
            with: #""AddViewController": { "superclass": "AddBase" }, "AddBase": { "superclass": "AddViewController" }"#)
        let errors = errors(text)
        #expect(errors.map(\.message) == [
            "the superclass chain of AddViewController is circular", "the superclass chain of AddBase is circular",
        ])
        #expect(errors.map(\.position) == [at(62, 5), at(62, 55)])
    }

    @Test func inheritedMembersResolve() throws {
        // A subclass's segue action, dependencies and initializers come from its superclass.
        let text = Fixture.base
            .replacingOnce(#""AddViewController": {}"#, with: #""AddViewController": {}, "FancyDetail": { "superclass": "DetailViewController" }"#)
            .replacingOnce(#""returns": "DetailViewController""#, with: #""returns": "FancyDetail""#)
        let flow = try #require(loaded(text))
        #expect(flow.flow.initializer("init(coder:item:)", of: "FancyDetail") != nil)
        #expect(flow.flow.conforms("FancyDetail", to: "Injectable"))
    }
}
