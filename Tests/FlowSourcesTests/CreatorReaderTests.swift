import FlowModel
import FlowSources
import Testing

/// iOS 13's `instantiateViewController(identifier:creator:)` and
/// `instantiateInitialViewController(creator:)`: the block's initializer runs instead of the
/// `init(coder:)` UIKit calls without one, so it is read as the action's `initializer`.
@Suite struct CreatorReaderTests {
    static let detail = """
        final class RecipeDetailViewController: UIViewController {
            let recipe: Recipe
            init?(coder: NSCoder, recipe: Recipe) {
                self.recipe = recipe
                super.init(coder: coder)
            }
            required init?(coder: NSCoder) { fatalError("needs a recipe") }
        }
        """

    @Test func aTrailingCreatorOnTheOwnStoryboardIsTheIdentifiersInitializer() throws {
        let facts = read(["Detail.swift": Self.detail, "List.swift": """
            final class ListViewController: UITableViewController {
                override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                    let recipe = recipes[indexPath.row]
                    let detail = storyboard!.instantiateViewController(identifier: "RecipeDetail") { coder in
                        RecipeDetailViewController(coder: coder, recipe: recipe)
                    }
                    navigationController?.pushViewController(detail, animated: true)
                }
            }
            """])
        let a = try #require(facts.classes["ListViewController"]?.actions.first)
        #expect(a.kind == .push)
        #expect(a.storyboardIdentifier == "RecipeDetail")
        // No class beside the identifier: the scene's class is the one built.
        #expect(a.className == nil)
        #expect(a.initializer == "init(coder:recipe:)")
        #expect(a.arguments.map { "\($0.name) = \($0.expression)" } == ["recipe = recipes[selection.row]"])
    }

    @Test func aCreatorArgumentOnANamedStoryboardsInitialScene() throws {
        let facts = read(["Detail.swift": Self.detail, "Home.swift": """
            final class HomeViewController: UIViewController {
                @IBAction func open(_ sender: Any) {
                    let board = UIStoryboard(name: "Recipes", bundle: nil)
                    guard let vc = board.instantiateInitialViewController(creator: { coder in
                        return RecipeDetailViewController(coder: coder, recipe: self.featured)
                    }) else { return }
                    present(vc, animated: true)
                }
            }
            """])
        let a = try #require(facts.classes["HomeViewController"]?.actions.first)
        #expect(a.storyboardName == "Recipes")
        #expect(a.storyboardIdentifier == nil)
        #expect(a.initializer == "init(coder:recipe:)")
        #expect(a.arguments.map(\.name) == ["recipe"])
    }

    @Test func aCastSceneByIdentifierIsTheIdentifierAlone() throws {
        // `as!` names the type, but the flow's action gives one of class, identifier or scene.
        let facts = read(["Detail.swift": "class SettingsViewController: UIViewController {}", "Home.swift": """
            final class HomeViewController: UIViewController {
                @IBAction func settings(_ sender: Any) {
                    let vc = storyboard?.instantiateViewController(withIdentifier: "Settings") as! SettingsViewController
                    present(vc, animated: true)
                }
            }
            """])
        let a = try #require(facts.classes["HomeViewController"]?.actions.first)
        #expect(a.storyboardIdentifier == "Settings")
        #expect(a.className == nil)
        #expect(a.initializer == nil)
    }

    @Test func aCreatorThatDoesMoreIsANoteAndReadsAsInitCoder() throws {
        let facts = read(["Detail.swift": Self.detail, "List.swift": """
            final class ListViewController: UIViewController {
                @IBAction func open(_ sender: Any) {
                    let detail = storyboard!.instantiateViewController(identifier: "RecipeDetail") { coder in
                        let vc = RecipeDetailViewController(coder: coder, recipe: self.recipe)
                        vc?.title = "x"
                        return vc
                    }
                    present(detail, animated: true)
                }
            }
            """])
        let a = try #require(facts.classes["ListViewController"]?.actions.first)
        #expect(a.storyboardIdentifier == "RecipeDetail")
        #expect(a.initializer == nil)
        #expect(facts.notes.contains { $0.text.contains("creator block not read") && $0.location.line == 3 })
    }
}

@Suite struct RobustnessReaderTests {
    @Test func aSegueActionWhoseBodyIsOneExpressionReturnsIt() throws {
        // SE-0255's implicit return: before, "the class it builds is not read" and init(coder:).
        let facts = read(["A.swift": """
            final class WorkoutViewController: UIViewController {
                @IBSegueAction @objc(summaryFor:sender:)
                func makeSummary(_ coder: NSCoder, sender: Any?) -> SummaryViewController? {
                    SummaryViewController(coder: coder, session: current)
                }
            }
            final class SummaryViewController: UIViewController {
                let session: Session
                init?(coder: NSCoder, session: Session) {
                    self.session = session
                    super.init(coder: coder)
                }
                required init?(coder: NSCoder) { fatalError("needs a session") }
            }
            """])
        let a = try #require(facts.classes["WorkoutViewController"]?.segueActions.first)
        #expect(a.selector == "summaryFor:sender:")
        #expect(a.returns == "SummaryViewController")
        #expect(a.initializer == "init(coder:session:)")
        #expect(a.arguments.map(\.name) == ["session"])
        #expect(!facts.notes.contains { $0.text.contains("not read") })
    }

    @Test func aWindowRootBuiltByACreatorBlockKeepsItsInitializer() throws {
        let facts = read(["SceneDelegate.swift": """
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    let board = UIStoryboard(name: "Main", bundle: nil)
                    window?.rootViewController = board.instantiateInitialViewController { coder in
                        RootViewController(coder: coder, store: Store())
                    }
                }
            }
            """, "Root.swift": """
            final class RootViewController: UIViewController {
                let store: Store
                init?(coder: NSCoder, store: Store) {
                    self.store = store
                    super.init(coder: coder)
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            """])
        let root = try #require(facts.launch.root)
        #expect(root.storyboardName == "Main")
        #expect(root.initializer == "init(coder:store:)")
        #expect(root.arguments.map { "\($0.name) = \($0.expression)" } == ["store = Store()"])
    }
}

@Suite struct NavigationWrapReaderTests {
    @Test func aRootWrappedInANavigationControllerBuiltInCode() throws {
        // Before, UINavigationController was read as the root class with init(rootViewController:),
        // which the loader refused: the whole code half was dropped.
        let facts = read(["SceneDelegate.swift": """
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    let window = UIWindow(windowScene: scene as! UIWindowScene)
                    let home = HomeViewController(store: Store())
                    window.rootViewController = UINavigationController(rootViewController: home)
                    self.window = window
                }
            }
            """, "Home.swift": """
            final class HomeViewController: UIViewController {
                let store: Store
                init(store: Store) {
                    self.store = store
                    super.init(nibName: nil, bundle: nil)
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            """])
        let root = try #require(facts.launch.root)
        #expect(root.className == "HomeViewController")
        #expect(root.initializer == "init(store:)")
        #expect(root.embedIn == "UINavigationController")
    }

    @Test func aPresentedSceneWrappedInASubclassOfTheSources() throws {
        let facts = read(["A.swift": """
            class BaseNavigationController: UINavigationController {}
            final class HomeViewController: UIViewController {
                @IBAction func edit(_ sender: Any) {
                    let edit = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Edit") as! EditViewController
                    present(BaseNavigationController(rootViewController: edit), animated: true)
                }
            }
            final class EditViewController: UIViewController {}
            """])
        let a = try #require(facts.classes["HomeViewController"]?.actions.first)
        #expect(a.kind == .present)
        #expect(a.storyboardName == "Main")
        #expect(a.storyboardIdentifier == "Edit")
        #expect(a.embedIn == "BaseNavigationController")
    }
}

@Suite struct ActionSetReaderTests {
    @Test func propertiesSetBeforeTheScreenIsShownAreTheActionsSet() throws {
        // Before, `detail.item = …` was not read, so DetailViewController.viewDidLoad read a nil
        // `item` and check reported a trap the app does not have.
        let facts = read(["A.swift": """
            final class HomeViewController: UIViewController {
                @objc func openDetail() {
                    guard let detail = storyboard?.instantiateViewController(withIdentifier: "Detail") as? DetailViewController else { return }
                    detail.item = items.first
                    detail.title = "Detail"
                    detail.summary = "computed"
                    navigationController?.pushViewController(detail, animated: true)
                    detail.late = 1
                }
            }
            final class DetailViewController: UIViewController {
                var item: Item!
                var late: Int?
                var summary: String { "" }
                override func viewDidLoad() { super.viewDidLoad(); print(item.name) }
            }
            """])
        let a = try #require(facts.classes["HomeViewController"]?.actions.first)
        #expect(a.storyboardIdentifier == "Detail")
        // UIKit's `title` is no dependency (no note); `summary` is computed (a note); `late` is
        // set after the push, which UIKit has already begun.
        #expect(a.set.map { "\($0.name) = \($0.expression)" } == ["item = items.first"])
        #expect(facts.notes.contains { $0.text.contains("sets summary of DetailViewController, which is not a stored property") })
        #expect(!facts.notes.contains { $0.text.contains("title") })
    }
}
