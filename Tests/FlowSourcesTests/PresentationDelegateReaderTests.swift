import FlowModel
import FlowSources
import Testing

/// Issue 31 item 5: `isModalInPresentation` and the presentation controller's delegate, read as
/// a family (self, its container, a built controller; literal or expression; under a test or
/// not; `if #available` is no test), and the delegate methods with what their bodies run.
@Suite struct PresentationDelegateReaderTests {
    static let source = """
        class LockedViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                if #available(iOS 13.0, *) {
                    isModalInPresentation = true
                }
            }
        }
        class EditorViewController: UITableViewController {
            @IBOutlet var saveButton: UIBarButtonItem!
            func textChanged() {
                tabBarController?.isModalInPresentation = saveButton.isEnabled
            }
        }
        class GuardedViewController: UIViewController {
            var dirty = false
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                if dirty { self.isModalInPresentation = true }
            }
        }
        class PresenterViewController: UIViewController, UIAdaptivePresentationControllerDelegate {
            @IBAction func compose(_ sender: Any) {
                let form = FormViewController()
                form.isModalInPresentation = true
                form.presentationController?.delegate = self
                present(form, animated: true)
            }
            func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
                reload()
            }
        }
        class FormViewController: UIViewController {}
        class SettingsViewController: UIViewController, UIAdaptivePresentationControllerDelegate {
            override func viewDidLoad() {
                super.viewDidLoad()
                navigationController?.presentationController?.delegate = self
            }
            func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
                return false
            }
            func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
                showAlert()
            }
        }
        class DraftViewController: UIViewController, UIAdaptivePresentationControllerDelegate {
            var hasChanges = false
            override func viewDidLoad() {
                super.viewDidLoad()
                self.presentationController?.delegate = self
            }
            func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
                !hasChanges
            }
        }
        class NotADelegateViewController: UIViewController {
            func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
        }
        """

    static func facts() -> SourceFacts { read(["Screens.swift": source]) }

    @Test func literalTrueInViewDidLoadIsCertainEvenUnderAvailability() throws {
        let c = try #require(Self.facts().classes["LockedViewController"])
        #expect(c.modalInPresentation == .always)
    }

    @Test func anExpressionOnTheContainerIsUnknownAtItsLine() throws {
        let c = try #require(Self.facts().classes["EditorViewController"])
        guard case .unknown(let site)? = c.modalInPresentation else {
            Issue.record("expected unknown, got \(String(describing: c.modalInPresentation))")
            return
        }
        #expect(site?.line == 12)
    }

    @Test func aTestAroundItMakesItUnknown() throws {
        let c = try #require(Self.facts().classes["GuardedViewController"])
        guard case .unknown? = c.modalInPresentation else {
            Issue.record("expected unknown, got \(String(describing: c.modalInPresentation))")
            return
        }
    }

    @Test func aBuiltControllerGetsItAsUnknownAndThePresenterIsItsDelegate() throws {
        let f = Self.facts()
        guard case .unknown? = f.classes["FormViewController"]?.modalInPresentation else {
            Issue.record("expected unknown on FormViewController")
            return
        }
        let d = try #require(f.classes["PresenterViewController"]?.presentationDelegate)
        #expect(d.role == .presented)
        #expect(d.didDismiss != nil)
        #expect(d.shouldDismiss == nil)
    }

    @Test func theContainersPresentationMakesTheClassItsOwnDelegate() throws {
        let f = Self.facts()
        let d = try #require(f.classes["SettingsViewController"]?.presentationDelegate)
        #expect(d.role == .self)
        #expect(d.shouldDismiss == .never)
        #expect(d.didAttemptToDismiss != nil)
    }

    @Test func anAnswerNotReadIsNotedAndLeftOut() throws {
        let f = Self.facts()
        let d = try #require(f.classes["DraftViewController"]?.presentationDelegate)
        #expect(d.shouldDismiss == nil)
        #expect(f.notes.contains { $0.subject == "DraftViewController" && $0.text.contains("presentationControllerShouldDismiss(_:): its answer is not read") })
    }

    @Test func methodsWithoutDelegateAssignmentAreNoDelegate() {
        #expect(Self.facts().classes["NotADelegateViewController"]?.presentationDelegate == nil)
    }

    @Test func theFragmentWritesTheKeys() {
        let json = FlowJSON.fragment(Self.facts())
        #expect(json.contains("\"isModalInPresentation\": true"))
        #expect(json.contains("\"presentationDelegate\": { \"for\": \"presented\""))
        #expect(json.contains("\"shouldDismiss\": \"never\""))
    }

    static let presenting = """
        class MenuViewController: UIViewController {}
        class HomeViewController: UIViewController {
            @IBAction func showMenu(_ sender: UIBarButtonItem) {
                let menu = MenuViewController()
                menu.modalPresentationStyle = .popover
                menu.modalTransitionStyle = .crossDissolve
                menu.popoverPresentationController?.barButtonItem = sender
                present(menu, animated: true)
            }
            @IBAction func showBound(_ sender: UIView) {
                let menu = MenuViewController()
                menu.modalPresentationStyle = UIModalPresentationStyle.popover
                if let popover = menu.popoverPresentationController { popover.sourceView = sender }
                present(menu, animated: true)
            }
            @IBAction func showBare(_ sender: Any) {
                let menu = MenuViewController()
                menu.modalPresentationStyle = .popover
                present(menu, animated: true)
            }
            @IBAction func showHelper(_ sender: Any) {
                let menu = MenuViewController()
                menu.modalPresentationStyle = .popover
                configure(menu)
                present(menu, animated: true)
            }
            @IBAction func showCurl(_ sender: Any) {
                let page = MenuViewController()
                page.modalTransitionStyle = .partialCurl
                page.modalPresentationStyle = style
                present(page, animated: true)
            }
        }
        """

    @Test func aCodeActionsStyleTransitionAndAnchorAreRead() throws {
        let c = try #require(read(["Home.swift": Self.presenting]).classes["HomeViewController"])
        let p = Dictionary(c.actions.map { ($0.name, $0.presentation) }, uniquingKeysWith: { a, _ in a })
        #expect(p["showMenu(_:)"] == PresentationSettings(style: .popover, transition: .crossDissolve, popoverAnchor: "sender"))
        #expect(p["showBound(_:)"]??.popoverAnchor == "sender")
        #expect(p["showBare(_:)"] == PresentationSettings(style: .popover))
        // Handed to a helper that may set the anchor: taken as anchored.
        #expect(p["showHelper(_:)"]??.popoverAnchor != nil)
        // A style that is no literal case is left out; the transition is kept.
        #expect(p["showCurl(_:)"] == PresentationSettings(transition: .partialCurl))
    }
}
