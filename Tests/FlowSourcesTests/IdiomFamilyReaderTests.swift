import FlowModel
import FlowSources
import Testing

/// The reader on each family of Swift shapes (issue 30, item 5): a segue action's returns
/// under `if`/`else`, `guard`, `switch`, a ternary or a helper; `viewDidLoad` reads after a nil
/// check; the window's root from a storyboard helper or handed to a coordinator.
@Suite struct SegueActionFamilyTests {
    static let detail = """
        class DetailViewController: UIViewController {
            let song: Song
            init?(coder: NSCoder, song: Song) {
                self.song = song
                super.init(coder: coder)
            }
            required init?(coder: NSCoder) { fatalError("no") }
        }
        class EditViewController: UIViewController {
            var song: Song?
            init?(coder: NSCoder, song: Song?) {
                self.song = song
                super.init(coder: coder)
            }
            required init?(coder: NSCoder) { fatalError("no") }
        }
        """

    func action(_ body: String, members: String = "", _ name: String = "ListViewController") throws -> (SegueAction, [String]) {
        let facts = read(["A.swift": """
            class ListViewController: UITableViewController {
                var songs: [Song] = []
            \(members)
            \(body)
            }
            """, "B.swift": Self.detail])
        let a = try #require(facts.classes[name]?.segueActions.first)
        return (a, facts.notes.map(\.text))
    }

    @Test func ifLetOnTheSelectionElseNilIsNilWithoutASelection() throws {
        let (a, notes) = try action("""
            @IBSegueAction func showDetail(_ coder: NSCoder) -> DetailViewController? {
                if let row = tableView.indexPathForSelectedRow?.row {
                    return DetailViewController(coder: coder, song: songs[row])
                } else {
                    return nil
                }
            }
            """)
        #expect(a.returns == "DetailViewController")
        #expect(a.initializer == "init(coder:song:)")
        #expect(a.arguments.map(\.expression) == ["songs[selection.row]"])
        #expect(a.nilWhen == .noSelection)
        #expect(notes.isEmpty, "\(notes)")
    }

    @Test func twoReturnsOfOneInitializerMergeTheirArgumentsAndSaySo() throws {
        let (a, notes) = try action("""
            @IBSegueAction func edit(_ coder: NSCoder, sender: Any?) -> EditViewController? {
                if let cell = sender as? UITableViewCell, let indexPath = tableView.indexPath(for: cell) {
                    return EditViewController(coder: coder, song: songs[indexPath.row])
                } else {
                    return EditViewController(coder: coder, song: nil)
                }
            }
            """)
        #expect(a.initializer == "init(coder:song:)")
        #expect(a.nilWhen == nil)
        #expect(a.arguments.map(\.expression) == ["selection != nil ? songs[selection.row] : nil"])
        #expect(notes == ["edit(_:sender:): song differs by branch; read as selection != nil ? songs[selection.row] : nil"])
    }

    @Test func anEarlyReturnAndAGuardOnTheSelectionReadAsTheElseBranch() throws {
        let (early, _) = try action("""
            @IBSegueAction func showDetail(_ coder: NSCoder) -> DetailViewController? {
                if tableView.indexPathForSelectedRow == nil { return nil }
                return DetailViewController(coder: coder, song: songs[0])
            }
            """)
        #expect(early.nilWhen == .noSelection)
        #expect(early.initializer == "init(coder:song:)")
        let (ternary, _) = try action("""
            @IBSegueAction func showDetail(_ coder: NSCoder) -> DetailViewController? {
                tableView.indexPathForSelectedRow != nil ? DetailViewController(coder: coder, song: songs[0]) : nil
            }
            """)
        #expect(ternary.nilWhen == .noSelection)
        #expect(ternary.returns == "DetailViewController")
    }

    @Test func aGuardOnADependencyIsNilWhenItIsNilAndOnAnythingElseIsANote() throws {
        let (a, _) = try action("""
            var picked: Song?
            @IBSegueAction func showDetail(_ coder: NSCoder) -> DetailViewController? {
                guard let song = picked else { return nil }
                return DetailViewController(coder: coder, song: song)
            }
            """)
        // Whether `picked` has a value is the engine's to say (unknown when the class's code sets it).
        #expect(a.nilWhen == .isNil("picked"))
        #expect(a.arguments.map(\.expression) == ["picked"])
        let (b, notes) = try action("""
            @IBSegueAction func showDetail(_ coder: NSCoder) -> DetailViewController? {
                guard let song = songs.first else { return nil }
                return DetailViewController(coder: coder, song: song)
            }
            """)
        #expect(b.nilWhen == nil)
        #expect(b.initializer == "init(coder:song:)")
        #expect(notes.contains("showDetail(_:): returns nil when songs.first == nil; not modelled"), "\(notes)")
    }

    @Test func aSwitchOfOneClassMergesAndOfTwoClassesIsNotRead() throws {
        let (same, _) = try action("""
            @IBSegueAction func play(_ coder: NSCoder, sender: Any?, segueIdentifier: String?) -> DetailViewController? {
                switch segueIdentifier {
                case "First": return DetailViewController(coder: coder, song: songs[0])
                default: return DetailViewController(coder: coder, song: songs[1])
                }
            }
            """)
        #expect(same.initializer == "init(coder:song:)")
        #expect(same.arguments.first?.expression == "segueIdentifier ~= \"First\" ? songs[0] : songs[1]")
        let (two, notes) = try action("""
            @IBSegueAction func open(_ coder: NSCoder, sender: Any?, segueIdentifier: String?) -> UIViewController? {
                switch segueIdentifier {
                case "Edit": return EditViewController(coder: coder, song: nil)
                default: return DetailViewController(coder: coder, song: songs[1])
                }
            }
            """)
        // One reading would give the other segue's scene the wrong class.
        #expect(two.returns == nil)
        #expect(notes.contains { $0.contains("builds EditViewController or DetailViewController by branch") }, "\(notes)")
    }

    @Test func helpersOfTheClassAndStaticExtensionMethodsAreFollowed() throws {
        let (own, _) = try action("""
            @IBSegueAction func showDetail(_ coder: NSCoder) -> DetailViewController? {
                makeDetail(coder: coder, song: songs[0])
            }
            private func makeDetail(coder: NSCoder, song s: Song) -> DetailViewController? {
                let detail = DetailViewController(coder: coder, song: s)
                detail?.title = "x"
                return detail
            }
            """)
        #expect(own.returns == "DetailViewController")
        #expect(own.arguments.map(\.expression) == ["songs[0]"])
        #expect(own.set.map(\.name) == ["title"])
        let (statics, notes) = try action("""
            @IBSegueAction func showDetail(_ coder: NSCoder) -> DetailViewController? {
                return DetailViewController.make(coder: coder, song: songs[0])
            }
            }
            extension DetailViewController {
                static func make(coder: NSCoder, song: Song) -> DetailViewController? {
                    DetailViewController(coder: coder, song: song)
                }
            """)
        #expect(statics.returns == "DetailViewController")
        #expect(statics.initializer == "init(coder:song:)")
        #expect(statics.arguments.map(\.expression) == ["songs[0]"])
        #expect(notes.isEmpty, "\(notes)")
    }

    @Test func aDependencyAssignedInTheActionIsWhatItReturns() throws {
        let (a, _) = try action("""
            var chosen: Song!
            @IBSegueAction func showDetail(_ coder: NSCoder, sender: Any?, segueIdentifier: String?) -> DetailViewController? {
                switch segueIdentifier {
                case "A": chosen = Song(title: "A")
                default: break
                }
                return DetailViewController(coder: coder, song: chosen)
            }
            """)
        #expect(a.arguments.map(\.expression) == ["Song(title: \"A\")"])
    }
}

extension SegueActionFamilyTests {
    @Test func aMapOverTheSelectionIsNilWithoutOne() throws {
        for body in [
            "tableView.indexPathForSelectedRow.map { DetailViewController(coder: coder, song: songs[$0.row]) }",
            "return tableView.indexPathForSelectedRow.map { indexPath in DetailViewController(coder: coder, song: songs[indexPath.row]) }",
        ] {
            let (a, _) = try action("@IBSegueAction func showDetail(_ coder: NSCoder) -> DetailViewController? {\n\(body)\n}")
            #expect(a.nilWhen == .noSelection)
            #expect(a.initializer == "init(coder:song:)")
            #expect(a.arguments.map(\.expression) == ["songs[selection.row]"])
        }
    }
}

@Suite struct ViewDidLoadNilCheckTests {
    func uses(_ body: String) throws -> [String] {
        let facts = read(["A.swift": """
            class EditorViewController: UIViewController {
                var note: Note!
                var other: Note!
                override func viewDidLoad() {
            \(body)
                }
                func configure() { title = note.text }
            }
            """])
        return try #require(facts.classes["EditorViewController"]?.viewDidLoad).uses
    }

    @Test func aReadAfterACheckThatAssignsOrLeavesIsNoUse() throws {
        #expect(try uses("if note == nil { note = Note() }\ntitle = note.text") == [])
        #expect(try uses("if self.note == nil { return }\ntitle = note.text") == [])
        #expect(try uses("guard note != nil else { return }\ntitle = note.text") == [])
        #expect(try uses("guard let n = note else { return }\ntitle = note.text + n.text") == [])
        #expect(try uses("note = note ?? Note()\ntitle = note.text") == [])
        #expect(try uses("if note != nil { title = note.text }") == [])
        #expect(try uses("if note == nil { note = Note() }\nconfigure()") == [])
        #expect(try uses("if note == nil { note = Note() } else { title = note.text }\ntitle = note.text") == [])
    }

    @Test func aCheckThatNeitherAssignsNorLeavesOrOfAnotherNameStillReads() throws {
        #expect(try uses("if note == nil { print(1) }\ntitle = note.text") == ["note"])
        #expect(try uses("if other == nil { other = Note() }\ntitle = note.text") == ["note"])
        #expect(try uses("title = note.text\nif note == nil { note = Note() }") == ["note"])
        #expect(try uses("if note == nil, other == nil { return }\ntitle = note.text") == ["note"])
        #expect(try uses("configure()") == ["note"])
    }
}

@Suite struct LaunchFamilyTests {
    @Test func theRootFromAStoryboardHelperKeepsWhatIsInjectedIntoIt() throws {
        let facts = read([
            "SceneDelegate.swift": """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    let store = Store()
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        guard let windowScene = scene as? UIWindowScene else { return }
                        let window = UIWindow(windowScene: windowScene)
                        let root = UIStoryboard.main().instantiateInitialViewController() as! RootViewController
                        root.store = store
                        window.rootViewController = root
                        self.window = window
                    }
                }
                """,
            "Storyboard.swift": "extension UIStoryboard {\n    static func main() -> UIStoryboard { UIStoryboard(name: \"Main\", bundle: nil) }\n}",
            "Root.swift": "class RootViewController: UIViewController { var store: Store! }",
        ])
        #expect(facts.launch.root?.storyboardName == "Main")
        #expect(facts.launch.root?.unknown == nil)
        #expect(facts.launch.inject.count == 1)
        #expect(facts.launch.inject.first?.cast == "RootViewController")
        #expect(facts.launch.inject.first?.set.map(\.name) == ["store"])
    }

    @Test func aRootSetInAMethodTheEntryPointCallsIsTheRootAndAnotherWindowsIsNot() throws {
        let facts = read(["SceneDelegate.swift": """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                var banner: UIWindow?
                private lazy var navigationController: UINavigationController = AppNavigationController()
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    setupBanner()
                    setupUI()
                }
                private func setupBanner() {
                    banner?.rootViewController = BannerViewController()
                }
                private func setupUI() {
                    window?.rootViewController = navigationController
                    window?.makeKeyAndVisible()
                }
            }
            class AppNavigationController: UINavigationController {}
            class BannerViewController: UIViewController {}
            """])
        #expect(facts.launch.root?.className == "AppNavigationController")
        #expect(facts.launch.root?.origin.position?.line == 13)
    }

    @Test func aRootWrappedInANavigationControllerIsInjectedThroughIt() throws {
        let facts = read([
            "SceneDelegate.swift": """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        let root = RootViewController.make()
                        root.store = Store()
                        window?.rootViewController = UINavigationController(rootViewController: root)
                    }
                }
                """,
            "Root.swift": """
                class RootViewController: UIViewController {
                    var store: Store!
                    static func make() -> RootViewController { RootViewController(nibName: nil, bundle: nil) }
                }
                """,
        ])
        #expect(facts.launch.root?.embedIn == "UINavigationController")
        #expect(facts.launch.inject.first?.unwrap == [.navigationRoot])
        #expect(facts.launch.inject.first?.set.map(\.name) == ["store"])
    }

    @Test func aCoordinatorThatReceivesTheRootIsReadAsTheInjection() throws {
        let coordinator = """
            final class AppCoordinator {
                let nav: UINavigationController
                let store: Store
                init(nav: UINavigationController, store: Store) {
                    self.nav = nav
                    self.store = store
                }
                func start() {
                    let list = self.nav.topViewController as? ListViewController
                    list?.store = store
                }
            }
            """
        let facts = read([
            "AppDelegate.swift": """
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        guard let nav = window?.rootViewController as? UINavigationController else { return false }
                        AppCoordinator(nav: nav, store: Store()).start()
                        return true
                    }
                }
                """,
            "AppCoordinator.swift": coordinator,
            "List.swift": "class ListViewController: UIViewController { var store: Store! }",
        ])
        let c = try #require(facts.launch.inject.first { !$0.set.isEmpty })
        #expect(c.unwrap == [.navigationTop])
        #expect(c.cast == "ListViewController")
        #expect(c.set.map(\.name) == ["store"])
        #expect(c.origin.position?.line == 10)
        #expect(!facts.notes.contains { $0.text.contains("statement not read") }, "\(facts.notes.map(\.text))")
    }

    @Test func aRootHandedToCodeNotFollowedIsUnknownAtLaunch() throws {
        let facts = read([
            "SceneDelegate.swift": """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        let root = UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController() as! RootViewController
                        window?.rootViewController = root
                        Injector.shared.inject(into: root)
                    }
                }
                """,
            "Root.swift": "class RootViewController: UIViewController { var store: Store! }",
        ])
        #expect(facts.launch.root?.unknown?.line == 6)
    }
}

@Suite struct CodeActionFamilyTests {
    func actions(_ members: String, extra: String = "") throws -> [String: CodeAction] {
        let facts = read(["A.swift": """
            class ListViewController: UIViewController {
                var store: Store!
            \(members)
            }
            class DetailViewController: UIViewController {
                let id: Int
                init(id: Int) {
                    self.id = id
                    super.init(nibName: nil, bundle: nil)
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            class SettingsViewController: UIViewController { var store: Store! }
            \(extra)
            """])
        let c = try #require(facts.classes["ListViewController"])
        return Dictionary(uniqueKeysWithValues: c.actions.map { ($0.name, $0) })
    }

    @Test func aNavigationInsideAClosureIsTheActions() throws {
        let a = try actions("""
            @IBAction func confirm(_ sender: Any) {
                let alert = UIAlertController(title: "Go?", message: nil, preferredStyle: .alert)
                alert.addAction(UIAlertAction(title: "Go", style: .default) { [weak self] _ in
                    self?.performSegue(withIdentifier: "ShowNext", sender: nil)
                })
                present(alert, animated: true)
            }
            @IBAction func later(_ sender: Any) {
                DispatchQueue.main.async { self.navigationController?.pushViewController(DetailViewController(id: 2), animated: true) }
            }
            @IBAction func fade(_ sender: Any) {
                UIView.animate(withDuration: 0.2, animations: { self.view.alpha = 0 }, completion: { _ in
                    self.present(DetailViewController(id: 3), animated: true)
                })
            }
            @IBAction func load(_ sender: Any) {
                fetch { [weak self] in self?.performSegue(withIdentifier: "ShowLoaded", sender: nil) }
            }
            func fetch(_ done: @escaping () -> Void) { done() }
            """)
        #expect(a["confirm(_:)"]?.kind == .performSegue)
        #expect(a["confirm(_:)"]?.segue == "ShowNext")
        #expect(a["later(_:)"]?.kind == .push)
        #expect(a["later(_:)"]?.arguments.map(\.expression) == ["2"])
        #expect(a["fade(_:)"]?.kind == .present)
        #expect(a["load(_:)"]?.segue == "ShowLoaded")
    }

    @Test func aNavigationUnderATestIsReadWithANoteAtTheOutermostTest() throws {
        let facts = read(["A.swift": """
            class EditViewController: UIViewController {
                var item: Item?
                @IBAction func save(_ sender: Any) {
                    if item != nil {
                        api.update { result in
                            switch result {
                            case .success:
                                self.performSegue(withIdentifier: "Saved", sender: nil)
                            case .failure:
                                break
                            }
                        }
                    }
                }
                @IBAction func close(_ sender: Any) {
                    performSegue(withIdentifier: "Closed", sender: nil)
                }
            }
            """])
        let c = try #require(facts.classes["EditViewController"])
        #expect(c.actions.map(\.segue).sorted { ($0 ?? "") < ($1 ?? "") } == ["Closed", "Saved"])
        let notes = facts.notes.filter { $0.subject == "EditViewController" }
        let saved = try #require(notes.first { $0.text.hasPrefix("save(_:): navigates") }, "\(notes.map(\.text))")
        // At the `if` (line 4), not at the call (line 8): the identifier's own line stays unnoted.
        #expect(saved.location.line == 4)
        #expect(saved.text.contains("only when `item != nil` and `case .success:` hold"), "\(saved.text)")
        // An unconditional navigation gets no such note.
        #expect(!notes.contains { $0.text.hasPrefix("close(_:)") })
    }

    @Test func anUnwrapOfTheReceiverUnderItsOwnNameIsNoTest() throws {
        let facts = read(["A.swift": """
            class PanelViewController: UIViewController {
                var ready = false
                @IBAction func close(_ sender: Any) {
                    if let presentingViewController = presentingViewController {
                        presentingViewController.dismiss(animated: true)
                    }
                }
                @IBAction func closeShort(_ sender: Any) {
                    if let presentingViewController { presentingViewController.dismiss(animated: true) }
                }
                @IBAction func closeOther(_ sender: Any) {
                    if let presentingViewController = parent?.presentingViewController {
                        presentingViewController.dismiss(animated: true)
                    }
                }
                @IBAction func closeWhenReady(_ sender: Any) {
                    if let presentingViewController, ready { presentingViewController.dismiss(animated: true) }
                }
            }
            """])
        let notes = facts.notes.filter { $0.subject == "PanelViewController" && $0.text.contains("which flownav does not evaluate") }
        let noted = Set(notes.compactMap { $0.text.split(separator: ":").first.map(String.init) })
        // Unwrapping the receiver itself tests nothing the action does not already read.
        #expect(!noted.contains("close(_"), "\(notes.map(\.text))")
        #expect(!noted.contains("closeShort(_"), "\(notes.map(\.text))")
        // Another expression bound to the same name, or a second condition, is still a test.
        #expect(noted.contains("closeOther(_"), "\(notes.map(\.text))")
        #expect(noted.contains("closeWhenReady(_"), "\(notes.map(\.text))")
    }

    @Test func helpersThatReturnAViewControllerOrAStoryboardAreReadThrough() throws {
        let a = try actions("""
            @IBAction func showDetail(_ sender: Any) {
                let detail = makeDetail(for: 7)
                navigationController?.pushViewController(detail, animated: true)
            }
            @IBAction func showSettings(_ sender: Any) {
                let vc = UIStoryboard.settings().instantiateViewController(withIdentifier: "Settings") as! SettingsViewController
                vc.store = store
                present(vc, animated: true)
            }
            @IBAction func showAbout(_ sender: Any) {
                present(AboutViewController.instantiate(), animated: true)
            }
            private func makeDetail(for id: Int) -> DetailViewController {
                let detail = DetailViewController(id: id)
                return detail
            }
            """, extra: """
            extension UIStoryboard {
                static func settings() -> UIStoryboard { UIStoryboard(name: "Settings", bundle: nil) }
            }
            class AboutViewController: UIViewController {
                static func instantiate() -> AboutViewController {
                    UIStoryboard(name: "About", bundle: nil).instantiateInitialViewController() as! AboutViewController
                }
            }
            """)
        #expect(a["showDetail(_:)"]?.className == "DetailViewController")
        #expect(a["showDetail(_:)"]?.arguments.map(\.expression) == ["7"])
        #expect(a["showDetail(_:)"]?.origin.position?.line == 5)
        #expect(a["showSettings(_:)"]?.storyboardName == "Settings")
        #expect(a["showSettings(_:)"]?.storyboardIdentifier == "Settings")
        #expect(a["showSettings(_:)"]?.set.map(\.name) == ["store"])
        #expect(a["showAbout(_:)"]?.storyboardName == "About")
        #expect(a["showAbout(_:)"]?.storyboardIdentifier == nil)
    }
}
