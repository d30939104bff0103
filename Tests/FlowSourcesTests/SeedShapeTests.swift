import FlowModel
import FlowSources
import Testing

/// The shapes of the seed articles' code (seeds 001, 002 and 004) that the reader understands.
@Suite struct SeedShapeTests {
    @Test func segueHandlerTypeSwitchesAndInjectMethodsAreRead() throws {
        let facts = read(["A.swift": """
            protocol Injectable { associatedtype T; func inject(_: T) }
            class ViewController: UIViewController {
                enum SegueIdentifier: String {
                    case TheRedPill
                    case TheBluePill = "BluePillSegue"
                }
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    switch segueIdentifier(for: segue) {
                    case .TheRedPill:
                        let red = segue.destination as? RedPillViewController
                        red?.inject("red")
                    case .TheBluePill:
                        (segue.destination as? RedPillViewController)?.inject("blue")
                    }
                }
            }
            class RedPillViewController: UIViewController, Injectable {
                private var mainText: String!
                func inject(_ text: String) { mainText = text }
                func configure(_ other: String) { print(other) }
            }
            """])
        let prepare = try #require(facts.classes["ViewController"]?.prepare)
        #expect(prepare.map(\.segue) == ["TheRedPill", "BluePillSegue"])
        #expect(prepare.first?.call == "inject(_:)")
        #expect(prepare.first?.with == "\"red\"")
        let methods = try #require(facts.classes["RedPillViewController"]?.methods)
        #expect(methods.map(\.name) == ["inject(_:)"])
        #expect(methods.first?.sets == ["mainText"])
        #expect(!facts.notes.contains { $0.text.contains("identifier not read") })
    }

    @Test func typedDestinationsTheirPerformerAndAssignDependenciesCasesAreRead() throws {
        let facts = read(["A.swift": """
            enum StoryboardDestination {
                case Login
                case Devices(userAuth: UserAuthentication, model: DeviceGroup)
            }
            extension UIViewController {
                func go(_ destination: StoryboardDestination) {
                    let segue: String
                    switch destination {
                    case .Login: segue = "LoginSegue"
                    case .Devices(_, _): segue = "DevicesSegue"
                    }
                    performSegue(withIdentifier: segue, sender: Box(destination))
                }
            }
            class Base: UIViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    var any: AnyObject = segue.destination
                    if let nav = any as? UINavigationController, let top = nav.topViewController {
                        any = top
                    }
                    if let tab = any as? UITabBarController, let vcs = tab.viewControllers {
                        if vcs.count > 0 { any = vcs[0] }
                    }
                    if let d = any as? Dependent, let box = sender as? Box<StoryboardDestination> {
                        d.assign(box)
                    }
                }
            }
            protocol Dependent { func assign(_ d: Box<StoryboardDestination>) }
            class DevicesViewController: Base, Dependent {
                private var userAuth: UserAuthentication!
                private var group: DeviceGroupViewModel!
                func assign(_ d: Box<StoryboardDestination>) {
                    switch d.value {
                    case .Devices(let auth, let m):
                        userAuth = auth
                        self.group = DeviceGroupViewModel(m)
                    default: break
                    }
                }
                @IBAction func logOut(_ sender: Any) { go(.Login) }
                func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                    go(.Devices(userAuth: userAuth, model: groups[indexPath.row]))
                }
            }
            """])
        let d = try #require(facts.destinations["StoryboardDestination"])
        #expect(d.cases.map(\.name) == ["Login", "Devices"])
        #expect(d.cases.map(\.segue) == ["LoginSegue", "DevicesSegue"])
        #expect(d.cases.last?.values == ["userAuth", "model"])
        let prepare = try #require(facts.classes["Base"]?.prepare?.first)
        #expect(prepare.unwrap == [.navigationTop, .tabFirst])
        #expect(prepare.cast == "Dependent")
        #expect(prepare.call == "assign(_:)")
        #expect(prepare.with == "sender")
        let c = try #require(facts.classes["DevicesViewController"])
        let method = try #require(c.methods.first)
        #expect(method.cases.map(\.name) == ["Devices"])
        #expect(method.cases.first?.set.map(\.name) == ["userAuth", "group"])
        #expect(method.cases.first?.set.map(\.expression) == ["userAuth", "DeviceGroupViewModel(model)"])
        let actions = Dictionary(uniqueKeysWithValues: c.actions.map { ($0.name, $0) })
        #expect(actions["logOut(_:)"]?.destination == "Login")
        #expect(actions["tableView(_:didSelectRowAt:)"]?.destination == "Devices")
        #expect(actions["tableView(_:didSelectRowAt:)"]?.values.map(\.expression) == ["userAuth", "groups[selection.row]"])
        #expect(facts.notes.isEmpty, "\(facts.notes)")
    }

    @Test func launchInjectionThroughAVariableAssignedOnBothBranches() throws {
        let facts = read(["AppDelegate.swift": """
            @objc protocol ViewControllerWithContext { var context: NSManagedObjectContext! { get set } }
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    var candidate: ViewControllerWithContext?
                    if let nav = window!.rootViewController as? UINavigationController {
                        candidate = nav.viewControllers[0] as? ViewControllerWithContext
                    } else {
                        candidate = window!.rootViewController as? ViewControllerWithContext
                    }
                    if let c = candidate {
                        c.context = self.context
                    }
                    return true
                }
            }
            """])
        #expect(facts.launch.inject.count == 1)
        #expect(facts.launch.inject.first?.unwrap == [.navigationRoot])
        #expect(facts.launch.inject.first?.cast == "ViewControllerWithContext")
        #expect(facts.launch.inject.first?.set.map(\.name) == ["context"])
        #expect(facts.notes.isEmpty, "\(facts.notes)")
    }

    @Test func aStringlyTypedPerformSegueKeepsItsNilSender() throws {
        let facts = read(["A.swift": """
            class ListViewController: UIViewController {
                @IBAction func favorite(_ sender: Any) { performSegue(withIdentifier: "Show", sender: nil) }
                @IBAction func plain(_ sender: Any) { performSegue(withIdentifier: "Show", sender: self) }
            }
            """])
        let actions = try #require(facts.classes["ListViewController"]?.actions)
        #expect(actions.map(\.sender) == ["nil", nil])
    }
}
