import FlowModel
import FlowSources
import Testing

/// The reader records every string that names a storyboard thing, whatever branch, closure or
/// type holds it (issue 30, item 4): `references`.
@Suite struct ReferenceReaderTests {
    func refs(_ sources: [String: String]) -> [SourceReference] { read(sources).references }

    func line(_ r: SourceReference) -> Int { r.at.line }

    @Test func performSegueIsReadInEveryBranchAndClosure() {
        let found = refs(["List.swift": """
            import UIKit
            class ListViewController: UIViewController {
                func direct() { performSegue(withIdentifier: "a", sender: nil) }
                func branches(_ x: Int) {
                    if x == 0 { self.performSegue(withIdentifier: "b", sender: nil) } else if x == 1 { return }
                    guard x > 2 else { performSegue(withIdentifier: "c", sender: self); return }
                    switch x {
                    case 3: performSegue(withIdentifier: x > 5 ? "computed" : "computed2", sender: nil)
                    default: performSegue(withIdentifier: "d", sender: nil)
                    }
                }
                func closures() {
                    let alert = UIAlertController(title: nil, message: nil, preferredStyle: .alert)
                    alert.addAction(UIAlertAction(title: "Go", style: .default) { [weak self] _ in
                        self?.performSegue(withIdentifier: "e", sender: nil)
                    })
                    DispatchQueue.main.async { self.performSegue(withIdentifier: "f", sender: nil) }
                    load { [weak self] result in
                        guard let self else { return }
                        self.performSegue(withIdentifier: "g", sender: result)
                    }
                    UIView.animate(withDuration: 0.2, animations: {}) { _ in self.performSegue(withIdentifier: "h", sender: nil) }
                }
                var lazyAction: () -> Void { { [unowned self] in performSegue(withIdentifier: "i", sender: nil) } }
                func load(_ done: @escaping (Int) -> Void) {}
            }
            """])
        let performed = found.filter { $0.kind == .performSegue }
        #expect(performed.map(\.name) == ["a", "b", "c", "d", "e", "f", "g", "h", "i"])
        #expect(performed.allSatisfy { $0.className == "ListViewController" })
        #expect(performed.map(line) == [3, 5, 6, 9, 15, 17, 20, 22, 24])
        #expect(performed.first?.at.file == "List.swift")
    }

    @Test func anotherReceiverIsUnknownAndACoordinatorIsNoReceiver() {
        let found = refs(["Coordinator.swift": """
            import UIKit
            final class AppCoordinator {
                var root: UIViewController?
                func start(_ found: MessageViewController) {
                    root?.performSegue(withIdentifier: "x", sender: nil)
                    found.performSegue(withIdentifier: "y", sender: nil)
                }
            }
            func free(_ vc: UIViewController) { vc.performSegue(withIdentifier: "z", sender: nil) }
            """])
        #expect(found.map(\.name) == ["x", "y", "z"])
        #expect(found.allSatisfy { $0.className == nil && $0.kind == .performSegue })
    }

    @Test func identifierTestsInPrepareAndShouldPerform() {
        let found = refs(["Detail.swift": """
            import UIKit
            class DetailViewController: UIViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    if segue.identifier == "one" || "two" == segue.identifier { }
                    guard segue.identifier != "three" else { return }
                    switch segue.identifier {
                    case "four", "five": break
                    case "six"?: break
                    default: break
                    }
                    if let id = segue.identifier {
                        switch id { case "seven": break; default: break }
                    }
                    let other = "x"
                    if other == "not-a-test" { }
                }
                override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
                    if identifier == "eight" { return false }
                    return true
                }
                func elsewhere(_ segue: UIStoryboardSegue) { if segue.identifier == "outside" { } }
            }
            """])
        let tests = found.filter { $0.kind == .segueIdentifierTest && $0.className == "DetailViewController" }
        #expect(tests.map(\.name).sorted() == ["eight", "five", "four", "one", "seven", "six", "three", "two"])
        // A helper given the segue: it may be called for any scene's segue.
        #expect(found.filter { $0.className == nil }.map(\.name) == ["outside"])
        #expect(tests.first { $0.name == "seven" }.map(line) == 12)
    }

    @Test func testsWhereTheSegueMayComeFromAnySceneNameNoClass() {
        let found = refs(["Order.swift": """
            import UIKit
            class OrderViewController: UIViewController {
                @IBAction func unwindToOrders(segue: UIStoryboardSegue) {
                    if segue.identifier == "dismissConfirmation" { }
                }
                @IBSegueAction func showIntro(_ coder: NSCoder, sender: Any?, segueIdentifier: String?) -> UIViewController? {
                    switch segueIdentifier {
                    case "jewel": return nil
                    default: return nil
                    }
                }
                func configure(_ s: UIStoryboardSegue!) { guard s.identifier == "helper" else { return } }
            }
            """])
        #expect(found.map(\.name) == ["dismissConfirmation", "jewel", "helper"])
        #expect(found.allSatisfy { $0.kind == .segueIdentifierTest && $0.className == nil })
    }

    @Test func instantiateNamesItsStoryboardWhenTheCodeDoes() {
        let found = refs(["Router.swift": """
            import UIKit
            class HomeViewController: UIViewController {
                func open() {
                    let a = storyboard?.instantiateViewController(withIdentifier: "A")
                    let b = self.storyboard!.instantiateViewController(identifier: "B") { coder in UIViewController(coder: coder) }
                    let board = UIStoryboard(name: "Settings", bundle: nil)
                    let c = board.instantiateViewController(withIdentifier: "C")
                    let d = UIStoryboard(name: "Main", bundle: .main).instantiateViewController(withIdentifier: "D")
                    let e = UIStoryboard.main.instantiateViewController(withIdentifier: "E")
                    let f = UIStoryboard(name: "Pod", bundle: Bundle(for: HomeViewController.self)).instantiateViewController(withIdentifier: "F")
                    let g = UIStoryboard(name: "Main", bundle: Bundle.main).instantiateViewController(withIdentifier: name)
                }
            }
            extension UIStoryboard {
                static var main: UIStoryboard { UIStoryboard(name: "Main", bundle: nil) }
                static func profile() -> UIViewController {
                    UIStoryboard(name: "Profile", bundle: nil).instantiateInitialViewController()!
                }
            }
            """])
        let made = found.filter { $0.kind == .instantiate }
        #expect(made.map(\.name) == ["A", "B", "C", "D", "E"])
        #expect(made.map(\.storyboard) == [nil, nil, "Settings", "Main", nil])
        #expect(made.map(\.className) == ["HomeViewController", "HomeViewController", nil, nil, nil])
        let names = found.filter { $0.kind == .storyboardName }
        // Another bundle's storyboard is not the app's: neither its name nor its identifier.
        #expect(names.map(\.name) == ["Settings", "Main", "Main", "Main", "Profile"])
        #expect(names.map(line) == [6, 8, 11, 15, 17])
    }

    @Test func typedIdentifiersCountWhereResolved() {
        let found = refs([
            "Generated.swift": """
            enum StoryboardSegue {
                enum Main: String { case showSettings = "ShowSettings" }
            }
            """,
            "Teams.swift": """
            import UIKit
            protocol SegueHandling { associatedtype SegueIdentifier: RawRepresentable }
            class TeamsViewController: UIViewController, SegueHandling {
                enum SegueIdentifier: String { case presentPlayer = "presentPlayerDetails", showList }
                func go() {
                    performSegue(withIdentifier: .presentPlayer, sender: nil)
                    performSegue(withIdentifier: StoryboardSegue.Main.showSettings.rawValue, sender: nil)
                    performSegue(withIdentifier: SegueIdentifier.showList.rawValue, sender: nil)
                    performSegue(withIdentifier: Constants.unknown, sender: nil)
                }
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    switch segueIdentifier(for: segue) {
                    case .presentPlayer: break
                    case .showList: break
                    }
                    if segue.identifier == StoryboardSegue.Main.showSettings.rawValue { }
                }
            }
            """,
        ])
        #expect(found.filter { $0.kind == .performSegue }.map(\.name) == ["presentPlayerDetails", "ShowSettings", "showList"])
        #expect(found.filter { $0.kind == .segueIdentifierTest }.map(\.name) == ["presentPlayerDetails", "showList", "ShowSettings"])
    }

    @Test func destinationCastsInPrepareWithTheTestAroundThem() {
        let found = refs(["Casts.swift": """
            import UIKit
            class CastsViewController: UIViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    let any = segue.destination as! DetailViewController
                    if segue.identifier == "a" { let x = segue.destination as! AViewController }
                    switch segue.identifier {
                    case "b": (segue.destination as! BViewController).go()
                    default: break
                    }
                    guard segue.identifier == "c" else { return }
                    let c = segue.destination as! CViewController
                    let soft = segue.destination as? DViewController
                }
                func elsewhere(_ segue: UIStoryboardSegue) { let e = segue.destination as! EViewController }
            }
            """])
        let casts = found.filter { $0.kind == .destinationCast }
        #expect(casts.map(\.name) == ["DetailViewController", "AViewController", "BViewController", "CViewController"])
        #expect(casts.map(\.segue) == [nil, "a", "b", "c"])
        #expect(casts.allSatisfy { $0.className == "CastsViewController" })
    }

    @Test func everyConfigurationBranchIsRead() {
        let found = refs(["Flags.swift": """
            import UIKit
            class FlagsViewController: UIViewController {
                func go() {
                    #if DEBUG
                    performSegue(withIdentifier: "debug", sender: nil)
                    #else
                    performSegue(withIdentifier: "release", sender: nil)
                    #endif
                }
            }
            """])
        #expect(found.map(\.name) == ["debug", "release"])
    }

    @Test func theFragmentCarriesReferences() {
        let facts = read(["A.swift": """
            import UIKit
            class A: UIViewController {
                func go() { performSegue(withIdentifier: "x", sender: nil) }
            }
            """])
        let json = FlowJSON.fragment(facts)
        #expect(json.contains(#"{ "kind": "performSegue", "name": "x", "class": "A", "at": "A.swift:3" }"#), "\(json)")
    }
}
