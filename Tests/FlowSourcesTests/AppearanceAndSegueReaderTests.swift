import FlowModel
import FlowSources
import Testing

/// Issue 31, items 6 and 7, read from Swift: appearance-time reads and navigation, and what a
/// UIStoryboardSegue subclass's perform() does.
@Suite struct AppearanceReaderTests {
    static func home(_ members: String) -> SourceFacts {
        read(["Home.swift": """
            import UIKit
            class HomeViewController: UIViewController {
                var store: Store!
                var session: Session?
            \(members)
            }
            class LoginViewController: UIViewController {}
            """])
    }

    @Test func viewWillAppearAndViewDidAppearReadsAndAssertsAreReadWithTheirLines() throws {
        let facts = Self.home("""
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    title = store.name
                }
                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    assert(session != nil)
                }
            """)
        let c = try #require(facts.classes["HomeViewController"])
        #expect(c.viewWillAppear?.uses == ["store"])
        #expect(c.viewWillAppear?.lines["store"] == 7)
        #expect(c.viewDidAppear?.asserts == ["session"])
        #expect(c.viewDidLoad == nil)
    }

    @Test func guardLetElseFatalErrorAndIfNilFatalErrorAreAsserts() throws {
        let facts = Self.home("""
                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    guard let s = session else { fatalError("no session") }
                    s.start()
                }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    if store == nil { preconditionFailure() }
                }
            """)
        let c = try #require(facts.classes["HomeViewController"])
        #expect(c.viewDidAppear?.asserts == ["session"])
        #expect(c.viewDidAppear?.lines["session"] == 7)
        #expect(c.viewDidLoad?.asserts == ["store"])
    }

    @Test func navigationFromEachCallbackIsACodeActionWithThatTrigger() throws {
        let facts = Self.home("""
                override func viewDidLoad() {
                    super.viewDidLoad()
                    performSegue(withIdentifier: "ShowWhatsNew", sender: nil)
                }
                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    if session == nil {
                        present(LoginViewController(), animated: true)
                    }
                }
            """)
        let actions = try #require(facts.classes["HomeViewController"]?.actions)
        #expect(actions.first { $0.name == "viewDidLoad()" }?.trigger == .appearance(.viewDidLoad))
        #expect(actions.first { $0.name == "viewDidLoad()" }?.segue == "ShowWhatsNew")
        let didAppear = try #require(actions.first { $0.name == "viewDidAppear(_:)" })
        #expect(didAppear.trigger == .appearance(.viewDidAppear))
        #expect(didAppear.kind == .present)
        #expect(didAppear.className == "LoginViewController")
        // A test of a dependency against nil is evaluated by the engine: the action's guard.
        #expect(didAppear.guardCondition == .isNil("session"))
    }

    @Test func aTestOfADependencyAgainstNilIsTheActionsGuardAndAGuardBeforeTheCallIsANote() throws {
        let facts = Self.home("""
                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    if session == nil {
                        present(LoginViewController(), animated: true)
                    }
                }
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    guard UserDefaults.standard.bool(forKey: "firstRun") else { return }
                    navigationController?.pushViewController(LoginViewController(), animated: false)
                }
            """)
        let actions = try #require(facts.classes["HomeViewController"]?.actions)
        #expect(actions.first { $0.name == "viewDidAppear(_:)" }?.guardCondition == .isNil("session"))
        #expect(!facts.notes.contains { $0.text.hasPrefix("viewDidAppear(_:): navigates") })
        #expect(facts.notes.contains { $0.text.hasPrefix("viewWillAppear(_:): navigates (push LoginViewController) only past `guard UserDefaults.standard.bool(forKey: \"firstRun\")`") })
        #expect(FlowJSON.fragment(facts).contains(#""guard": "session == nil""#))
    }

    @Test func viewDidAppearNavigationUnderAnUnevaluatedTestIsAChoiceNotForcedOnEveryAppearance() throws {
        let facts = Self.home("""
                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    if !isMovingToParent && store.isEmpty {
                        performSegue(withIdentifier: "Pick", sender: nil)
                    }
                }
            """)
        let a = try #require(facts.classes["HomeViewController"]?.actions.first { $0.name == "viewDidAppear(_:)" })
        #expect(a.trigger == .manual)
        #expect(facts.notes.contains { $0.text.hasSuffix("it is explored as a choice (call viewDidAppear(_:)), not on every appearance") })
    }

    @Test func navigationInAClosureRunsLaterAndIsNotAnAppearanceAction() throws {
        let facts = Self.home("""
                override func viewDidLoad() {
                    super.viewDidLoad()
                    button.addAction(UIAction { [weak self] _ in self?.present(LoginViewController(), animated: true) }, for: .touchUpInside)
                }
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    DispatchQueue.main.async { self.performSegue(withIdentifier: "Later", sender: nil) }
                }
            """)
        #expect(facts.classes["HomeViewController"]?.actions.isEmpty == true)
        #expect(facts.notes.filter { $0.text.contains("is in a closure, which runs later") }.count == 2)
    }

    @Test func theFlowJSONWritesTheTriggerAndTheReads() throws {
        let facts = Self.home("""
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    title = store.name
                    navigationController?.pushViewController(LoginViewController(), animated: false)
                }
            """)
        let json = FlowJSON.fragment(facts)
        #expect(json.contains(#""viewWillAppear": { "uses": ["store"], "line": 5, "lines": { "store": 7 }"#))
        #expect(json.contains(#""viewWillAppear(_:)": { "trigger": "viewWillAppear", "do": "push", "class": "LoginViewController""#))
    }
}

@Suite struct SeguePerformReaderTests {
    static func segue(_ body: String, name: String = "MySegue") -> (SegueClass?, [String]) {
        let facts = read(["Segue.swift": """
            import UIKit
            class \(name): UIStoryboardSegue {
            \(body)
            }
            """])
        return (facts.segueClasses[name], facts.notes.map(\.text))
    }

    @Test func pushThroughTheSourcesNavigationControllerAfterAnAnimation() {
        let (c, _) = Self.segue("""
                override func perform() {
                    let src = self.source as! ListViewController
                    UIView.animate(withDuration: 0.3, animations: { src.view.alpha = 0 }) { _ in
                        src.navigationController?.pushViewController(self.destination, animated: false)
                    }
                }
            """)
        #expect(c?.perform == .push)
        #expect(c?.origin.position?.line == 6)
    }

    @Test func presentAfterSettingTheStyleAndTheDelegate() {
        let (c, _) = Self.segue("""
                override func perform() {
                    destination.modalPresentationStyle = .overFullScreen
                    destination.transitioningDelegate = animator
                    source.present(destination, animated: true, completion: nil)
                }
            """)
        #expect(c?.perform == .present)
        #expect(c?.modalPresentationStyle == .overFullScreen)
    }

    @Test func superPerformAfterAStyleUnderATestKeepsTheStoryboardsStyleWithANote() {
        let (c, notes) = Self.segue("""
                override func perform() {
                    if source.traitCollection.userInterfaceIdiom == .pad {
                        destination.modalPresentationStyle = .pageSheet
                    }
                    super.perform()
                }
            """)
        #expect(c?.perform == .storyboard)
        #expect(c?.modalPresentationStyle == nil)
        #expect(notes.contains { $0.contains("only under a test") })
    }

    @Test func theWindowsRootAndShowAndNoOverride() {
        #expect(Self.segue("""
                override func perform() {
                    guard let window = source.view.window else { return }
                    window.rootViewController = destination
                }
            """).0?.perform == .setRoot)
        #expect(Self.segue("""
                override func perform() { source.show(destination, sender: nil) }
            """).0?.perform == .show)
        #expect(Self.segue("let duration = 0.3").0?.perform == .storyboard)
    }

    @Test func unreadShapesAreUnknownWithANoteNeverAGuess() {
        // Containment flownav does not model.
        let (a, notesA) = Self.segue("""
                override func perform() {
                    source.addChild(destination)
                    source.view.addSubview(destination.view)
                    destination.didMove(toParent: source)
                }
            """)
        #expect(a?.perform == .unknown)
        #expect(notesA.contains { $0.contains("installs the destination in a way flownav does not read") })
        // A branch: which one runs is not evaluated.
        let (b, _) = Self.segue("""
                override func perform() {
                    if animated { source.present(destination, animated: true) } else { source.navigationController?.pushViewController(destination, animated: false) }
                }
            """)
        #expect(b?.perform == .unknown)
        // The destination replaced in code (Habitica's MainVCSelectionSegue shape).
        let (c, notesC) = Self.segue("""
                override var destination: UIViewController { MainViewController() }
            """)
        #expect(c?.perform == .unknown)
        #expect(notesC.contains { $0.contains("overrides destination") })
    }

    @Test func aSubclassOfAnAppSegueClassInheritsItsPerformAndTheJSONNamesIt() {
        let facts = read(["S.swift": """
            class BaseSegue: UIStoryboardSegue {
                override func perform() { source.present(destination, animated: true) }
            }
            final class SheetSegue: BaseSegue {}
            class NotASegue: NSObject { func perform() {} }
            """])
        #expect(facts.segueClasses["SheetSegue"]?.perform == .present)
        #expect(facts.segueClasses["NotASegue"] == nil)
        #expect(FlowJSON.fragment(facts).contains(#""SheetSegue": { "perform": "present", "at": "S.swift:2" }"#))
    }
}
