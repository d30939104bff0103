import FlowModel
import FlowSources
import Testing

/// Issue 31 item 4: who `dismiss(animated:completion:)` is sent to is kept (the action's
/// `receiver`), in the spellings of the family: plain and `self.`, `[weak self]` closures,
/// optional chaining and forced unwrapping; another object's `dismiss` is not the view
/// controller's.
@Suite struct DismissReceiverReaderTests {
    static let source = """
        class FormViewController: UIViewController, UIImagePickerControllerDelegate {
            @IBAction func done(_ sender: Any) {
                dismiss(animated: true)
            }
            // UIKit's picker is not modelled (present(UIImagePickerController()) is no navigation
            // flownav follows), so its delegate callback is no code action: called with no picker
            // on screen, its dismiss would remove the form instead.
            func imagePickerController(_ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
                dismiss(animated: true)
            }
            @IBAction func cancel(_ sender: Any) { self.dismiss(animated: true, completion: nil) }
            @IBAction func discard(_ sender: Any) { presentingViewController?.dismiss(animated: true) }
            @IBAction func discardForced(_ sender: Any) { self.presentingViewController!.dismiss(animated: true) }
            @IBAction func close(_ sender: Any) { navigationController?.dismiss(animated: true) }
            @IBAction func later(_ sender: Any) {
                service.load { [weak self] in self?.navigationController?.dismiss(animated: true) }
            }
            @IBAction func other(_ sender: Any) { coordinator.dismiss(animated: true) }
            @IBAction func viaTabBar(_ sender: Any) { tabBarController?.dismiss(animated: true) }
            @IBAction func viaParent(_ sender: Any) { self.parent!.dismiss(animated: false) }
        }
        """

    static func actions() throws -> [String: CodeAction] {
        let facts = read(["Form.swift": source])
        let c = try #require(facts.classes["FormViewController"])
        return Dictionary(c.actions.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func selfIsNoReceiver() throws {
        let a = try Self.actions()
        #expect(a["done(_:)"]?.kind == .dismiss)
        #expect(a["done(_:)"]?.receiver == nil)
        #expect(a["imagePickerController(_:didFinishPickingMediaWithInfo:)"] == nil)
        #expect(a["cancel(_:)"]?.kind == .dismiss)
        #expect(a["cancel(_:)"]?.receiver == nil)
    }

    @Test func presentingViewControllerOptionalOrForced() throws {
        let a = try Self.actions()
        #expect(a["discard(_:)"]?.receiver == "presentingViewController")
        #expect(a["discardForced(_:)"]?.receiver == "presentingViewController")
    }

    @Test func navigationControllerAlsoInAWeakSelfClosure() throws {
        let a = try Self.actions()
        #expect(a["close(_:)"]?.receiver == "navigationController")
        #expect(a["later(_:)"]?.receiver == "navigationController")
        #expect(a["viaTabBar(_:)"]?.receiver == "tabBarController")
        #expect(a["viaParent(_:)"]?.receiver == "parent")
    }

    @Test func anotherObjectsDismissIsNotRead() throws {
        #expect(try Self.actions()["other(_:)"] == nil)
        let facts = read(["B.swift": """
            class B: UIViewController {
                @IBAction func viaProperty(_ sender: Any) { self.coordinator.dismiss(animated: true) }
            }
            """])
        #expect(facts.classes["B"]?.actions.isEmpty ?? true)
    }
}
