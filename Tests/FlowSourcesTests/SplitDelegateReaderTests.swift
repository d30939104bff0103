import FlowModel
import FlowSources
import Testing

/// Issue 31 item 1: the split view delegate's `collapseSecondary` answer, read as a family.
@Suite struct SplitDelegateReaderTests {
    static let appDelegate = """
        import UIKit
        @main
        class AppDelegate: UIResponder, UIApplicationDelegate, UISplitViewControllerDelegate {
            var window: UIWindow?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                let split = window!.rootViewController as! UISplitViewController
                split.delegate = self
                return true
            }
        BODY
        }
        """

    func answers(_ body: String, file: String = "AppDelegate.swift", template: String = Self.appDelegate) -> [SplitDelegateFact] {
        read([file: template.replacingOccurrences(of: "BODY", with: body), "Detail.swift": """
            import UIKit
            class DetailViewController: UIViewController {
                var detailItem: String?
            }
            """]).splitDelegates
    }

    @Test("a literal return, for the app's split views (the app delegate is the delegate)", arguments: [("true", Condition.always), ("false", .never)])
    func literal(_ literal: String, _ expected: Condition) throws {
        let facts = answers("""
                func splitViewController(_ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController, onto primaryViewController: UIViewController) -> Bool {
                    return \(literal)
                }
            """)
        let f = try #require(facts.first)
        #expect(facts.count == 1)
        #expect(f.splitClass == nil)
        #expect(f.answer == .collapseSecondary(expected))
        #expect(f.location == CodeLocation(file: "AppDelegate.swift", line: 10))
    }

    @Test("the Master-Detail template's guards and test, in its spellings")
    func template() throws {
        let spellings = [
            """
                guard let secondaryAsNavController = secondaryViewController as? UINavigationController else { return false }
                guard let topAsDetailController = secondaryAsNavController.topViewController as? DetailViewController else { return false }
                if topAsDetailController.detailItem == nil {
                    // Return true to indicate that we have handled the collapse by doing nothing; the secondary controller will be discarded.
                    return true
                }
                return false
            """,
            """
                guard let nav = secondaryViewController as? UINavigationController,
                      let top = nav.topViewController as? DetailViewController else { return false }
                return top.detailItem == nil
            """,
            """
                if let nav = secondaryViewController as? UINavigationController, let top = nav.topViewController as? DetailViewController {
                    if nil == top.detailItem { return true } else { return false }
                }
                return false
            """,
            """
                guard let detail = secondaryViewController as? DetailViewController else { return false }
                if detail.detailItem != nil { return false }
                return true
            """,
            """
                guard let nav = secondaryViewController as? UINavigationController,
                      let top = nav.topViewController as? DetailViewController else { return false }
                return top.detailItem != nil ? false : true
            """,
        ]
        for body in spellings {
            let facts = answers("""
                    func splitViewController(_ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController, onto primaryViewController: UIViewController) -> Bool {
                    \(body)
                    }
                """)
            #expect(facts.first?.answer == .collapseSecondary(.isNil("detailItem")), "\(body)")
        }
    }

    @Test("a body not understood is unknown at the method's line")
    func notUnderstood() throws {
        let facts = answers("""
                func splitViewController(_ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController, onto primaryViewController: UIViewController) -> Bool {
                    return Settings.shared.collapses(secondaryViewController)
                }
            """)
        #expect(facts.first?.answer == .unknown(CodeLocation(file: "AppDelegate.swift", line: 10)))
    }

    @Test("a split view subclass that sets delegate = self (awakeFromNib, an extension's conformance) answers for its own scenes")
    func ownDelegate() throws {
        let facts = read(["Split.swift": """
            import UIKit
            final class MainSplitViewController: UISplitViewController {
                override func awakeFromNib() {
                    super.awakeFromNib()
                    delegate = self
                }
            }
            extension MainSplitViewController: UISplitViewControllerDelegate {
                func splitViewController(_ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController, onto primaryViewController: UIViewController) -> Bool {
                    true
                }
            }
            """]).splitDelegates
        let f = try #require(facts.first)
        #expect(f.splitClass == "MainSplitViewController")
        #expect(f.answer == .collapseSecondary(.always))
    }

    @Test("a type that implements the method but sets no delegate is not known to be the delegate: unknown")
    func noDelegateAssignment() throws {
        let facts = read(["Router.swift": """
            import UIKit
            final class Router: NSObject, UISplitViewControllerDelegate {
                func splitViewController(_ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController, onto primaryViewController: UIViewController) -> Bool {
                    return true
                }
            }
            """]).splitDelegates
        #expect(facts.first?.answer == .unknown(CodeLocation(file: "Router.swift", line: 3)))
    }

    @Test("a list that makes itself the delegate in viewDidLoad is too late for the launch's collapse: unknown; in awakeFromNib it counts")
    func lateDelegate() throws {
        func facts(_ method: String) -> [SplitDelegateFact] {
            read(["List.swift": """
                import UIKit
                class ListViewController: UITableViewController, UISplitViewControllerDelegate {
                    override func \(method)() {
                        super.\(method)()
                        splitViewController?.delegate = self
                    }
                    func splitViewController(_ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController, onto primaryViewController: UIViewController) -> Bool {
                        return true
                    }
                }
                """]).splitDelegates
        }
        #expect(facts("viewDidLoad").first?.answer == .unknown(CodeLocation(file: "List.swift", line: 7)))
        #expect(facts("awakeFromNib").first?.answer == .collapseSecondary(.always))
    }

    @Test("the column-style delegate's top column")
    func topColumn() throws {
        let facts = answers("""
                func splitViewController(_ svc: UISplitViewController, topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column {
                    return .primary
                }
            """)
        #expect(facts.first?.answer == .topColumn(.primary))
    }
}
