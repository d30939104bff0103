import FlowModel
import FlowSources
import Testing

/// Code the reader does not model that assigns a view controller's dependency makes it
/// `unknown` (at the first such line), whatever holds the assignment; one no code assigns stays
/// as it was, and one only read code assigns is not unknown.
@Suite struct UnreadAssignmentTests {
    static let detail = """
        import UIKit
        class DetailViewController: UIViewController {
            var item: Item!
            var note: String?
            override func viewDidLoad() {
                super.viewDidLoad()
                title = item.name
            }
        }
        """

    func unknown(_ sources: [String: String], _ dependency: String, of cls: String = "DetailViewController") throws -> String? {
        let facts = read(sources)
        let c = try #require(facts.classes[cls], "\(facts.classes.keys.sorted())")
        let d = try #require(c.dependencies.first { $0.name == dependency })
        return d.unknown?.description
    }

    @Test func noCodeAssignsItSoItStaysAsItWas() throws {
        #expect(try unknown(["Detail.swift": Self.detail], "item") == nil)
    }

    @Test func anExternalAssignmentThroughATypedLocal() throws {
        let helper = """
            import UIKit
            func showDetail(from nav: UINavigationController, item: Item) {
                let vc = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Detail") as! DetailViewController
                vc.item = item
                nav.pushViewController(vc, animated: true)
            }
            """
        #expect(try unknown(["Detail.swift": Self.detail, "Router.swift": helper], "item") == "Router.swift:4")
        #expect(try unknown(["Detail.swift": Self.detail, "Router.swift": helper], "note") == nil)
    }

    @Test func inAClosureWithOptionalChainingAndACast() throws {
        let list = """
            import UIKit
            class ListViewController: UITableViewController {
                func load() {
                    Store.shared.fetch { items in
                        DispatchQueue.main.async {
                            (self.presentedViewController as? DetailViewController)?.note = items.first?.text
                        }
                    }
                }
            }
            """
        #expect(try unknown(["Detail.swift": Self.detail, "List.swift": list], "note") == "List.swift:6")
        #expect(try unknown(["Detail.swift": Self.detail, "List.swift": list], "item") == nil)
    }

    @Test func inAHelperTakingTheControllerAsAParameter() throws {
        let coordinator = """
            import UIKit
            final class AppCoordinator {
                let store = Store()
                init(root: DetailViewController) {
                    root.item = store.first
                }
            }
            """
        #expect(try unknown(["Detail.swift": Self.detail, "Coordinator.swift": coordinator], "item") == "Coordinator.swift:5")
    }

    @Test func inAUIStoryboardExtension() throws {
        let ext = """
            import UIKit
            extension UIStoryboard {
                static func detail(for item: Item) -> DetailViewController {
                    let vc = UIStoryboard(name: "Main", bundle: .main).instantiateInitialViewController() as? DetailViewController
                    vc?.item = item
                    return vc!
                }
            }
            """
        #expect(try unknown(["Detail.swift": Self.detail, "Storyboards.swift": ext], "item") == "Storyboards.swift:5")
    }

    @Test func inASelectionHandlerOfTheClassItself() throws {
        let list = """
            import UIKit
            class ListViewController: UITableViewController {
                var items: [Item] = []
                var selectedItem: Item?
                override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                    selectedItem = items[indexPath.row]
                    let alert = UIAlertController(title: "Open?", message: nil, preferredStyle: .alert)
                    alert.addAction(UIAlertAction(title: "Open", style: .default) { _ in
                        self.performSegue(withIdentifier: "ShowDetail", sender: nil)
                    })
                    present(alert, animated: true)
                }
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    if let d = segue.destination as? DetailViewController {
                        d.item = selectedItem
                    }
                }
            }
            """
        let sources = ["Detail.swift": Self.detail, "List.swift": list]
        #expect(try unknown(sources, "selectedItem", of: "ListViewController") == "List.swift:6")
        // prepare's own assignment is read: the destination's value comes from it, not unknown.
        #expect(try unknown(sources, "item") == nil)
    }

    @Test func aCellsPropertyOfTheSameNameIsNoControllersDependency() throws {
        let cell = """
            import UIKit
            class ItemCell: UITableViewCell { var item: Item? }
            class ListViewController: UITableViewController {
                var items: [Item] = []
                override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath) as! ItemCell
                    cell.item = items[indexPath.row]
                    return cell
                }
            }
            """
        #expect(try unknown(["Detail.swift": Self.detail, "List.swift": cell], "item") == nil)
    }

    @Test func aLocalOfTheSameNameIsNoMember() throws {
        let list = """
            import UIKit
            class DetailViewController: UIViewController {
                var item: Item!
                func rename(to name: String) {
                    var item = Item()
                    item = Item(name: name)
                    print(item)
                }
            }
            """
        #expect(try unknown(["Detail.swift": list], "item") == nil)
    }

    @Test func viewDidLoadsOwnStatementIsReadButOneInsideAnIfIsNot() throws {
        let own = """
            import UIKit
            class DetailViewController: UIViewController {
                var item: Item!
                var other: Item!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    other = Item()
                    if item == nil {
                        item = Item()
                    }
                    title = item.name + other.name
                }
            }
            """
        #expect(try unknown(["Detail.swift": own], "other") == nil)
        #expect(try unknown(["Detail.swift": own], "item") == "Detail.swift:9")
    }

    @Test func theFirstSiteIsKept() throws {
        let a = "func a(_ d: DetailViewController) { d.item = nil }\nfunc b(_ d: DetailViewController) { d.item = Item() }"
        let b = "func c(_ d: DetailViewController) {\n d.item = Item()\n}"
        #expect(try unknown(["Detail.swift": Self.detail, "A.swift": a, "B.swift": b], "item") == "A.swift:1")
    }
}

/// `self?.NAME` in a `[weak self]` closure and a binding of `self` are the type's own member; a
/// protocol extension's assignment is the conforming view controllers'.
@Suite struct UnreadSelfAssignmentTests {
    func facts(_ sources: [String: String]) -> SourceFacts { read(sources) }

    @Test func weakSelfInAClosureIsTheClassOwnNotEveryClasss() throws {
        let a = """
            import UIKit
            class ProfileViewController: UIViewController {
                var user: User?
                func load() {
                    repository.getUser { [weak self] user in
                        self?.user = user
                    }
                }
            }
            class ShopViewController: UIViewController {
                var user: User?
                func reload() {
                    guard let strongSelf = Optional(self) else { return }
                    _ = strongSelf
                }
            }
            """
        let f = facts(["A.swift": a])
        #expect(f.classes["ProfileViewController"]?.dependencies.first?.unknown?.description == "A.swift:6")
        // Before, `self?.user` counted for every class with a `user`.
        #expect(f.classes["ShopViewController"]?.dependencies.first?.unknown == nil)
    }

    @Test func aBindingOfSelfIsTheClassOwn() throws {
        let a = """
            import UIKit
            class ProfileViewController: UIViewController {
                var user: User?
                func load() {
                    repository.getUser { [weak self] user in
                        guard let strongSelf = self else { return }
                        strongSelf.user = user
                    }
                }
            }
            class ShopViewController: UIViewController { var user: User? }
            """
        let f = facts(["A.swift": a])
        #expect(f.classes["ProfileViewController"]?.dependencies.first?.unknown?.description == "A.swift:7")
        #expect(f.classes["ShopViewController"]?.dependencies.first?.unknown == nil)
    }

    @Test func aProtocolExtensionSetsItOnTheConformingControllers() throws {
        let a = """
            import UIKit
            protocol Tutorial: AnyObject { var step: Step? { get set } }
            extension Tutorial {
                func showTutorial() { step = Step() }
            }
            class HomeViewController: UIViewController, Tutorial { var step: Step? }
            class OtherViewController: UIViewController { var step: Step? }
            """
        let f = facts(["A.swift": a])
        #expect(f.classes["HomeViewController"]?.dependencies.first?.unknown?.description == "A.swift:4")
        #expect(f.classes["OtherViewController"]?.dependencies.first?.unknown == nil)
    }
}

/// `y.NAME = …` where `y` is a property of the enclosing class: its declared type decides.
@Suite struct UnreadMemberAssignmentTests {
    @Test func aPropertyOfANonControllerTypeSetsNoControllersDependency() throws {
        let a = """
            import UIKit
            final class ListDataSource: NSObject { var tableView: UITableView? }
            class ListViewController: UIViewController {
                var tableView: UITableView!
                let dataSource = ListDataSource()
                var detail: DetailViewController?
                override func viewDidLoad() {
                    super.viewDidLoad()
                    dataSource.tableView = tableView
                    self.detail?.tableView = tableView
                }
            }
            class DetailViewController: UIViewController { var tableView: UITableView! }
            """
        let f = read(["A.swift": a])
        // The data source's tableView is not the list's: before, an untyped target counted for both.
        #expect(f.classes["ListViewController"]?.dependencies.first { $0.name == "tableView" }?.unknown == nil)
        // `self.detail` is declared a DetailViewController: its tableView is set here.
        #expect(f.classes["DetailViewController"]?.dependencies.first?.unknown?.description == "A.swift:10")
    }
}
