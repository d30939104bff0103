import FlowModel
import FlowSources
import Testing

func read(_ sources: [String: String]) -> SourceFacts {
    SourceReader.read(sources.sorted { $0.key < $1.key }.map { SourceFile(path: $0.key, text: $0.value) })
}

@Suite struct ClassShapeTests {
    @Test func dependenciesAreReadWithTheirInjectionKindAndOutletsAreLeftOut() throws {
        let facts = read(["A.swift": """
            import UIKit
            class DetailViewController: UIViewController {
                @IBOutlet var label: UILabel!
                let item: Item
                var context: NSManagedObjectContext!
                weak var delegate: DetailDelegate?
                var items = [Item]()
                let constant = 3
                var computed: Int { 4 }
                init?(coder: NSCoder, item: Item) {
                    self.item = item
                    super.init(coder: coder)
                }
                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }
            }
            """])
        let c = try #require(facts.classes["DetailViewController"])
        #expect(c.dependencies.map(\.name) == ["item", "context", "delegate", "items"])
        #expect(c.dependencies.map(\.injection) == [.initializer, .implicitlyUnwrapped, .optional, .property])
        #expect(c.dependencies[3].defaultValue == "[Item]()")
        #expect(c.dependencies[3].type == "[Item]")
        #expect(c.initializers.map(\.name) == ["init(coder:item:)"])
        #expect(c.initializers.first?.sets == ["item"])
        #expect(c.initializers.first?.callsSuper == .initCoder)
        #expect(c.initCoder == .fatalError(message: "init(coder:) has not been implemented", line: 15))
        #expect(c.origin.position?.line == 2)
        #expect(c.file == "A.swift")
    }

    @Test func extensionsInOtherFilesAreMergedAndConformancesKeptToTheAppsProtocols() throws {
        let facts = read([
            "A.swift": "class ListViewController: UITableViewController, Injectable {}\nprotocol Injectable: AnyObject {}\n@objc protocol HasContext {}",
            "B.swift": """
                extension ListViewController: HasContext, UITableViewDelegate {
                    @IBAction override func unwindToList(_ segue: UIStoryboardSegue) {}
                    @IBAction func close(segue: UIStoryboardSegue?) {}
                    @IBAction func tapped(_ sender: Any) {}
                }
                """,
        ])
        let c = try #require(facts.classes["ListViewController"])
        #expect(c.superclass == "UITableViewController")
        #expect(c.conformsTo == ["Injectable", "HasContext"])
        #expect(c.unwindActions == ["unwindToList(_:)", "close(segue:)"])
        #expect(facts.protocols["HasContext"]?.objc == true)
        #expect(facts.protocols["Injectable"]?.objc == false)
    }

    @Test func aSuperclassOutsideTheSourcesIsReadAsTheNearestUIKitClassWithANote() throws {
        let facts = read(["A.swift": "class Base: BaseTableViewController {}\nclass Leaf: Base {}\nclass Model {}\nclass Cell: UITableViewCell {}"])
        #expect(facts.classes["Base"]?.superclass == "UITableViewController")
        #expect(facts.classes["Leaf"]?.superclass == "Base")
        #expect(facts.classes["Model"] == nil)
        #expect(facts.classes["Cell"] == nil)
        #expect(facts.notes.map(\.text) == ["superclass BaseTableViewController is not in the sources; read as a UITableViewController"])
        #expect(facts.notes.first?.location == SwiftLocation(file: "A.swift", line: 1, column: 1))
    }

    @Test func viewDidLoadReadsOneCallDeepAndTellsAssertsFromSafeReads() throws {
        let facts = read(["A.swift": """
            class V: UIViewController {
                var a: A!
                var b: B!
                var c: C!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    assertDependencies()
                    title = a.name
                    if b != nil { print("b") }
                }
                func assertDependencies() {
                    assert(c != nil, "c")
                }
            }
            """])
        let v = try #require(facts.classes["V"]?.viewDidLoad)
        #expect(v.uses == ["a"])
        #expect(v.asserts == ["c"])
        #expect(v.line == 5)
    }
}

@Suite struct ViewDidLoadReadTests {
    /// Habitica's `ShopViewController` sets `refresher` and then uses it; its group screens name a
    /// closure's parameter like the property (`{ [weak self] groupID in … }`). Neither reads a
    /// dependency; an assignment inside an `if` or a closure does not count.
    @Test func viewDidLoadDoesNotReadWhatItAssignedOrAClosureParameter() throws {
        let facts = read(["A.swift": """
            class V: UIViewController {
                var refresher: Refresher!
                var groupID: String!
                var later: Later!
                var other: Other!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    refresher = Refresher()
                    refresher.start()
                    load.flatMap { [weak self] groupID in fetch(groupID: groupID) }
                    if flag { later = Later() }
                    later.go()
                    run { self.other = Other() }
                    other.go()
                    refresh()
                    done = Done()
                }
                var done: Done!
                func refresh() {
                    load { self.done.finish() }
                    done.now()
                }
            }
            """])
        let v = try #require(facts.classes["V"]?.viewDidLoad)
        // `done`: read by `refresh()` before viewDidLoad sets it (a use), and in its callback,
        // which runs after (not one).
        #expect(v.uses == ["later", "other", "done"])
        #expect(v.lines["done"] == 21)
    }
}

@Suite struct SegueActionReadingTests {
    @Test func theClassBuiltComesFromTheBodyWithArgumentsNamedByTheDependencyTheyFill() throws {
        let facts = read(["A.swift": """
            class ViewController: UIViewController {
                @IBSegueAction func createNext(coder: NSCoder) -> UIViewController? {
                    return NextViewController(coder: coder, content: Content(title: "Howdy"))
                }
            }
            class NextViewController: UIViewController {
                var shown: Content
                init?(coder: NSCoder, content c: Content) {
                    self.shown = c
                    super.init(coder: coder)
                }
            }
            """])
        let a = try #require(facts.classes["ViewController"]?.segueActions.first)
        #expect(a.swiftName == "createNext(coder:)")
        #expect(a.selector == "createNextWithCoder:")
        #expect(a.returns == "NextViewController")
        #expect(a.initializer == "init(coder:content:)")
        #expect(a.arguments.map(\.name) == ["shown"])
        #expect(a.arguments.map(\.expression) == ["Content(title: \"Howdy\")"])
        #expect(a.origin.position?.line == 2)
    }

    @Test func aGuardOnTheSelectionReturningNilIsNilWithoutASelection() throws {
        let facts = read(["A.swift": """
            class MenuTableViewController: UITableViewController {
                var menuItems: [MenuItem] = []
                @objc(showItemWithCoder:sender:)
                @IBSegueAction func showMenuItem(_ coder: NSCoder, sender: Any?) -> UIViewController? {
                    guard let cell = sender as? UITableViewCell, let indexPath = tableView.indexPath(for: cell) else {
                        return nil
                    }
                    let menuItem = menuItems[indexPath.row]
                    return MenuItemDetailViewController(coder: coder, menuItem: menuItem)
                }
            }
            """])
        let a = try #require(facts.classes["MenuTableViewController"]?.segueActions.first)
        #expect(a.selector == "showItemWithCoder:sender:")
        // The flow keeps it: a storyboard naming showItemWithCoder:sender: finds the method.
        #expect(FlowJSON.fragment(facts).contains("\"selector\": \"showItemWithCoder:sender:\""))
        #expect(a.nilWhen == .noSelection)
        #expect(a.returns == "MenuItemDetailViewController")
        #expect(a.arguments.first?.expression == "menuItems[selection.row]")
    }

    @Test func propertiesSetAfterConstructionAreArgumentsAndOtherStatementsBecomeNotes() throws {
        let facts = read(["A.swift": """
            class AddViewController: UITableViewController {
                var roomType: RoomType?
                @IBSegueAction func selectRoomType(_ coder: NSCoder) -> SelectViewController? {
                    let controller = SelectViewController(coder: coder)
                    controller?.delegate = self
                    controller?.roomType = roomType
                    configure(controller)
                    return controller
                }
            }
            """])
        let a = try #require(facts.classes["AddViewController"]?.segueActions.first)
        #expect(a.returns == "SelectViewController")
        #expect(a.initializer == nil)
        #expect(a.arguments.isEmpty)
        #expect(a.set.map(\.name) == ["delegate", "roomType"])
        #expect(a.set.map(\.expression) == ["self", "roomType"])
        #expect(facts.notes.map(\.text) == ["selectRoomType(_:): statement not read: configure(controller)"])
        #expect(facts.notes.first?.location.line == 7)
    }
}

@Suite struct PrepareReadingTests {
    @Test func identifiersCastsAndNavigationUnwrapsBecomeCases() throws {
        let facts = read([
            "Segues.swift": """
                internal enum StoryboardSegue {
                  internal enum Main: String, SegueType {
                    case detailSegue = "DetailSegue"
                    case plain
                  }
                }
                """,
            "List.swift": """
                class ListViewController: UIViewController {
                    var user: User!
                    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                        super.prepare(for: segue, sender: sender)
                        if segue.identifier == StoryboardSegue.Main.detailSegue.rawValue {
                            let nav = segue.destination as? UINavigationController
                            let vc = nav?.topViewController as? DetailViewController
                            vc?.user = user
                        } else if segue.identifier == "Settings" {
                            guard let settings = segue.destination as? SettingsViewController else { return }
                            settings.configure(with: user)
                        }
                        switch segue.identifier {
                        case StoryboardSegue.Main.plain.rawValue:
                            (segue.destination as? PlainViewController)?.value = 1
                        default:
                            break
                        }
                        if let list = segue.destination as? MessagesListViewController {
                            list.data.subscription = self.subscription
                        }
                        segue.destination.modalPresentationStyle = computeStyle()
                    }
                }
                """,
        ])
        let cases = try #require(facts.classes["ListViewController"]?.prepare)
        #expect(cases.count == 4)
        #expect(cases[0].segue == "DetailSegue")
        #expect(cases[0].unwrap == [.navigationTop])
        #expect(cases[0].cast == "DetailViewController")
        #expect(cases[0].set.map { "\($0.name) = \($0.expression)" } == ["user = user"])
        // The guard returns from prepare when the cast fails: a case of its own, before.
        #expect(cases[1].segue == "Settings")
        #expect(cases[1].exits)
        #expect(cases[1].cast == "SettingsViewController")
        #expect(cases[2].segue == "Settings")
        #expect(cases[2].call == "configure(with:)")
        #expect(cases[2].with == "user")
        #expect(cases[3].segue == "plain")
        #expect(cases[3].set.first?.name == "value")
        // `list.data.subscription = …` sets a property of a property, not a dependency of the
        // cast value; it is shown as a note, like the computed presentation style.
        #expect(facts.notes.map(\.location.line) == [20, 22])
    }

    @Test func aPropertySetOnTwoPathsIsReadOnceWithANote() throws {
        // Habitica's InboxOverviewViewController: if/else branches both set userID.
        let facts = read(["A.swift": """
            class InboxViewController: UIViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    if let chat = segue.destination as? ChatViewController {
                        if let name = pendingName {
                            chat.userID = pendingID
                        } else {
                            chat.userID = selectedID
                        }
                    }
                }
            }
            """])
        let cases = try #require(facts.classes["InboxViewController"]?.prepare)
        #expect(cases.count == 1)
        #expect(cases.first?.set.map { "\($0.name) = \($0.expression)" } == ["userID = pendingID"])
        #expect(facts.notes.map(\.location.line) == [7])
        #expect(facts.notes.first?.text.contains("userID is set again on another path") == true)
    }

    @Test func aClassDeclaredInTwoFilesKeepsEachActionOnce() throws {
        // Rocket.Chat has two copies of PreferencesViewController.swift (one outside the target).
        let copy = """
            class PreferencesViewController: UIViewController {
                @IBAction func close(_ sender: Any) { dismiss(animated: true) }
            }
            """
        let facts = read(["Preferences/P.swift": copy, "Settings/P.swift": copy])
        #expect(facts.classes["PreferencesViewController"]?.actions.map(\.name) == ["close(_:)"])
        #expect(facts.notes.contains { $0.text.contains("close(_:) is declared again") })
    }

    @Test func shouldPerformWithLiteralResults() throws {
        let facts = read(["A.swift": """
            class V: UIViewController {
                var user: User?
                override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
                    if identifier == "Locked" { return false }
                    switch identifier {
                    case "Profile": return user != nil
                    default: break
                    }
                    return true
                }
            }
            """])
        #expect(facts.classes["V"]?.shouldPerform == ["Locked": .never, "Profile": .isNotNil("user")])
    }
}

@Suite struct CodeAndLaunchReadingTests {
    @Test func actionsThatPerformPresentOrDismissAreRead() throws {
        let facts = read(["A.swift": """
            class ListViewController: UITableViewController {
                var notes: [Note] = []
                override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                    let note = notes[indexPath.row]
                    let detail = NoteViewController(with: note)
                    present(detail, animated: true)
                }
                @IBAction func showAudio(_ sender: Any) {
                    performSegue(withIdentifier: "showAudio", sender: self)
                }
                @IBAction func done(_ sender: Any) { dismiss(animated: true) }
                @IBAction func alert(_ sender: Any) {
                    let a = UIAlertController(title: nil, message: nil, preferredStyle: .alert)
                    present(a, animated: true)
                }
                @IBAction func computed(_ sender: Any) { performSegue(withIdentifier: item.segue, sender: nil) }
            }
            class NoteViewController: UIViewController {
                let note: Note
                init(with note: Note) {
                    self.note = note
                    super.init(nibName: "NoteViewController", bundle: nil)
                }
            }
            """])
        let c = try #require(facts.classes["ListViewController"])
        #expect(c.actions.map(\.name) == ["tableView(_:didSelectRowAt:)", "showAudio(_:)", "done(_:)"])
        #expect(c.actions[0].trigger == .cell)
        #expect(c.actions[0].kind == .present)
        #expect(c.actions[0].className == "NoteViewController")
        #expect(c.actions[0].initializer == "init(with:)")
        #expect(c.actions[0].arguments.map { "\($0.name) = \($0.expression)" } == ["note = notes[selection.row]"])
        #expect(c.actions[1].segue == "showAudio")
        #expect(c.actions[2].kind == .dismiss)
        #expect(facts.notes.map(\.text) == ["computed(_:): segue identifier computed at run time: item.segue"])
        #expect(facts.classes["NoteViewController"]?.initializers.first?.nib == "NoteViewController")
        #expect(facts.classes["NoteViewController"]?.initializers.first?.callsSuper == .initNibBundle)
    }

    @Test func theAppDelegateBuildsTheRootOrInjectsIntoIt() throws {
        let built = read(["AppDelegate.swift": """
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    let rootViewController = RootViewController(with: notes)
                    window = UIWindow(frame: UIScreen.main.bounds)
                    window?.rootViewController = rootViewController
                    return true
                }
            }
            """])
        #expect(built.launch.root?.className == "RootViewController")
        #expect(built.launch.root?.initializer == "init(with:)")
        let injected = read(["AppDelegate.swift": """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    if let nav = window?.rootViewController as? UINavigationController,
                       let vc = nav.viewControllers[0] as? ViewControllerWithContext {
                        vc.context = self.context
                    }
                    return true
                }
            }
            @objc protocol ViewControllerWithContext { var context: NSManagedObjectContext! { get set } }
            """])
        #expect(injected.launch.inject.count == 1)
        #expect(injected.launch.inject.first?.unwrap == [.navigationRoot])
        #expect(injected.launch.inject.first?.cast == "ViewControllerWithContext")
        #expect(injected.launch.inject.first?.set.first?.expression == "self.context")
        #expect(injected.protocols["ViewControllerWithContext"]?.objc == true)
    }
}

@Suite struct PrepareChainReaderTests {
    static let classes = """
        class ChatViewController: UIViewController { var groupID: String? }
        class FormViewController: UIViewController { var groupID: String? }
        class AViewController: UIViewController { var x = 0 }
        class BViewController: UIViewController { var x = 0 }
        class CViewController: UIViewController { var y = 0 }
        """

    @Test func theBranchesOfOneIfAndOfASwitchAreAChainSequentialIfsAreNot() throws {
        // Habitica's SplitSocialViewController, then a sequential if, an if with an empty else,
        // and a switch whose case only breaks.
        let facts = read(["C.swift": Self.classes, "S.swift": """
            class SplitViewController: UIViewController {
                var groupID: String?
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    if let chat = segue.destination as? ChatViewController {
                        chat.groupID = groupID
                    } else if segue.identifier == "FormSegue" {
                        let destination = segue.destination as? UINavigationController
                        if let form = destination?.topViewController as? FormViewController {
                            form.groupID = groupID
                        }
                    }
                    if let a = segue.destination as? AViewController { a.x = 1 }
                    if let b = segue.destination as? BViewController { b.x = 2 } else { }
                    switch segue.identifier {
                    case "One": break
                    default: (segue.destination as? CViewController)?.y = 3
                    }
                }
            }
            """])
        let cases = try #require(facts.classes["SplitViewController"]?.prepare)
        func describe(_ c: PrepareCase) -> String {
            var parts: [String] = []
            if let b = c.branch { parts.append("chain \(b.chain).\(b.index)" + (b.castInBody ? " body" : "")) }
            if let s = c.segue { parts.append("segue \(s)") }
            if !c.unwrap.isEmpty { parts.append(c.unwrap.map(\.rawValue).joined(separator: ",")) }
            if let a = c.cast { parts.append("as \(a)") }
            parts.append("sets \(c.set.map(\.name))")
            return parts.joined(separator: " ")
        }
        #expect(cases.map(describe) == [
            "chain 1.0 as ChatViewController sets [\"groupID\"]",
            "chain 1.1 body segue FormSegue navigationTop as FormViewController sets [\"groupID\"]",
            "as AViewController sets [\"x\"]",
            "chain 2.0 as BViewController sets [\"x\"]",
            "chain 2.1 sets []",
            "chain 3.0 segue One sets []",
            "chain 3.1 body as CViewController sets [\"y\"]",
        ])
        // Counted: only the cases that set or call.
        #expect(facts.summary.contains("5 prepare cases"), "\(facts.summary)")
    }

    @Test func anElseWhoseConditionDoesNotReadLeavesTheBranchesSeparate() throws {
        let facts = read(["C.swift": Self.classes, "S.swift": """
            class SplitViewController: UIViewController {
                var flag = false
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    if flag, let a = segue.destination as? AViewController {
                        a.x = 1
                    } else if let b = segue.destination as? BViewController {
                        b.x = 2
                    }
                }
            }
            """])
        let cases = try #require(facts.classes["SplitViewController"]?.prepare)
        #expect(cases.map(\.cast) == ["AViewController", "BViewController"])
        #expect(cases.allSatisfy { $0.branch == nil })
    }
}

@Suite struct CodeActionBranchTests {
    @Test func navigationsInBranchesAreAlternativesInSequenceTheyAreWays() throws {
        let facts = read(["A.swift": """
            class A: UIViewController {
                var flag = false
                @IBAction func either(_ sender: Any) {
                    if flag {
                        performSegue(withIdentifier: "One", sender: self)
                    } else if sender is UIButton {
                        performSegue(withIdentifier: "Two", sender: self)
                    } else {
                        dismiss(animated: true)
                    }
                }
                @IBAction func picked(_ sender: Any) {
                    switch flag {
                    case true: performSegue(withIdentifier: "One", sender: self)
                    default: performSegue(withIdentifier: "Two", sender: self)
                    }
                }
                @IBAction func both(_ sender: Any) {
                    if flag {
                        dismiss(animated: true)
                    }
                    performSegue(withIdentifier: "Two", sender: self)
                }
            }
            """])
        #expect(facts.classes["A"]?.actions.map { "\($0.name) \($0.segue ?? $0.kind.rawValue)" } == ["either(_:) One", "picked(_:) One", "both(_:) dismiss"])
        #expect(facts.notes.map { "\($0.location.line): \($0.text)" }.sorted() == [
            "13: picked(_:): navigates in 2 alternative ways (branches of one switch); the first branch's (performSegue 'One') is read, the others (performSegue 'Two') are not explored",
            "18: both(_:): navigates in 2 ways; the first (dismiss) is read",
            "4: either(_:): navigates in 3 alternative ways (branches of one if); the first branch's (performSegue 'One') is read, the others (performSegue 'Two', dismiss) are not explored",
        ])
    }
}
