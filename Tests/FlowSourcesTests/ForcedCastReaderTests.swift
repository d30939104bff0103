import FlowModel
import FlowSources
import Testing

/// Issue 31 item 2: `as!` is read as the forced cast in prepare and the launch code, in every
/// shape the reader follows; `as?`, `guard let … as?` and `switch … case let x as X` stay
/// conditional.
@Suite struct ForcedCastFamilyReaderTests {
    static func prepare(_ body: String) throws -> [PrepareCase] {
        let facts = read(["List.swift": """
            class ListViewController: UIViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
            \(body)
                }
            }
            """])
        return try #require(facts.classes["ListViewController"]?.prepare)
    }

    @Test func aLetBindingIsAForcedCaseAtItsLineWithTheStatementsUsingIt() throws {
        let cases = try Self.prepare("""
                    let detail = segue.destination as! DetailViewController
                    detail.item = item
            """)
        #expect(cases.count == 1)
        #expect(cases[0].forced && cases[0].cast == "DetailViewController")
        #expect(cases[0].set.map(\.name) == ["item"])
        // The cast's line (3), where Swift traps, not the assignment's.
        #expect(cases[0].origin.position?.line == 3)
    }

    @Test func aCastThatSetsNothingStillTraps() throws {
        let cases = try Self.prepare("""
                    let detail = segue.destination as! DetailViewController
                    print(detail)
            """)
        #expect(cases.contains { $0.forced && $0.cast == "DetailViewController" && $0.set.isEmpty })
    }

    @Test func theNavigationControllerThenItsTopAreTwoForcedCasts() throws {
        let cases = try Self.prepare("""
                    let nav = segue.destination as! UINavigationController
                    let detail = nav.topViewController as! DetailViewController
                    detail.item = item
            """)
        #expect(cases.count == 2)
        #expect(cases[0].forced && cases[0].cast == "UINavigationController" && cases[0].unwrap.isEmpty)
        #expect(cases[0].origin.position?.line == 3)
        #expect(cases[1].unwrap == [.navigationTop] && cases[1].forcedUnwraps == [0])
        #expect(cases[1].forced && cases[1].cast == "DetailViewController" && cases[1].set.map(\.name) == ["item"])
        #expect(cases[1].origin.position?.line == 4)
    }

    @Test func anInlineChainThroughTopViewController() throws {
        let cases = try Self.prepare("""
                    let detail = (segue.destination as! UINavigationController).topViewController as! DetailViewController
                    detail.item = item
            """)
        let c = try #require(cases.first { $0.cast == "DetailViewController" })
        #expect(c.unwrap == [.navigationTop] && c.forcedUnwraps == [0] && c.forced)
    }

    @Test func viewControllersFirstOfAForcedTabBarController() throws {
        let cases = try Self.prepare("""
                    let tabs = segue.destination as! UITabBarController
                    let first = tabs.viewControllers?.first as! FeedViewController
                    first.feed = feed
            """)
        let c = try #require(cases.first { $0.cast == "FeedViewController" })
        #expect(c.unwrap == [.tabFirst] && c.forcedUnwraps == [0] && c.forced)
    }

    @Test func insideAnIdentifierTestTheCastIsInTheBranchBody() throws {
        let cases = try Self.prepare("""
                    if segue.identifier == "ShowDetail" {
                        let detail = segue.destination as! DetailViewController
                        detail.item = item
                    } else if segue.identifier == "ShowSettings" {
                        let settings = segue.destination as! SettingsViewController
                        settings.user = user
                    }
            """)
        #expect(cases.count == 2)
        #expect(cases.allSatisfy { $0.forced && $0.branch?.castInBody == true })
        #expect(cases.map(\.segue) == ["ShowDetail", "ShowSettings"])
    }

    @Test func inASwitchOnTheIdentifier() throws {
        let cases = try Self.prepare("""
                    switch segue.identifier {
                    case "ShowDetail":
                        let detail = segue.destination as! DetailViewController
                        detail.item = item
                    default:
                        break
                    }
            """)
        let c = try #require(cases.first { $0.cast == "DetailViewController" })
        #expect(c.forced && c.segue == "ShowDetail")
    }

    @Test func aTabBarThenANavigationControllerThenItsTop() throws {
        let cases = try Self.prepare("""
                    let tabs = segue.destination as! UITabBarController
                    let nav = tabs.viewControllers?.first as! UINavigationController
                    let feed = nav.topViewController as! FeedViewController
                    feed.feed = feed
            """)
        #expect(cases.contains { $0.cast == "UITabBarController" && $0.forced && $0.unwrap.isEmpty })
        #expect(cases.contains { $0.cast == "UINavigationController" && $0.forced && $0.unwrap == [.tabFirst] && $0.forcedUnwraps == [0] })
        let c = try #require(cases.first { $0.cast == "FeedViewController" })
        #expect(c.unwrap == [.tabFirst, .navigationTop] && c.forcedUnwraps == [0, 1] && c.forced)
    }

    @Test func aPropertySetOnTheCastItself() throws {
        let cases = try Self.prepare("""
                    (segue.destination as! DetailViewController).item = item
            """)
        #expect(cases.count == 1 && cases[0].forced && cases[0].set.map(\.name) == ["item"])
    }

    @Test func conditionalShapesStayConditional() throws {
        let cases = try Self.prepare("""
                    guard let detail = segue.destination as? DetailViewController else { return }
                    detail.item = item
                    if let nav = segue.destination as? UINavigationController, let form = nav.topViewController as? FormViewController {
                        form.item = item
                    }
                    switch segue.destination {
                    case let settings as SettingsViewController:
                        settings.user = user
                    default:
                        break
                    }
            """)
        #expect(!cases.isEmpty)
        #expect(cases.allSatisfy { !$0.forced && $0.forcedUnwraps.isEmpty })
    }

    @Test func aForcedCastInsideAConditionalUnwrapKeepsTheStepConditional() throws {
        let cases = try Self.prepare("""
                    if let nav = segue.destination as? UINavigationController {
                        let form = nav.topViewController as! FormViewController
                        form.item = item
                    }
            """)
        let c = try #require(cases.first { $0.cast == "FormViewController" })
        #expect(c.forced && c.forcedUnwraps.isEmpty && c.unwrap == [.navigationTop])
    }

    @Test func theOldAsQuestionNoteIsGoneForReadCastsAndStaysForUnreadOnes() throws {
        let facts = read(["List.swift": """
            class ListViewController: UIViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    let detail = segue.destination as! DetailViewController
                    detail.item = item
                    [1].forEach { _ in (segue.destination as! OtherViewController).go() }
                }
            }
            """])
        #expect(!facts.notes.contains { $0.text.contains("is read as as?") })
        #expect(!facts.notes.contains { $0.location.line == 3 && $0.text.contains("forced cast") })
        #expect(facts.notes.contains { $0.location.line == 5 && $0.text.contains("is not read as a forced cast") }, "\(facts.notes)")
    }

    @Test func theLaunchRootCast() throws {
        let facts = read(["SceneDelegate.swift": """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                let store = Store()
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    let nav = window?.rootViewController as! UINavigationController
                    let list = nav.topViewController as! ListViewController
                    list.store = store
                }
            }
            """, "List.swift": """
            class ListViewController: UIViewController {
                var store: Store!
            }
            """])
        let inject = facts.launch.inject
        #expect(inject.contains { $0.forced && $0.cast == "UINavigationController" }, "\(inject)")
        let c = try #require(inject.first { $0.cast == "ListViewController" })
        #expect(c.forced && c.forcedUnwraps == [0] && c.set.map(\.name) == ["store"])
    }

    @Test func aCodeActionsForcedCastOfAStoryboardScene() throws {
        let facts = read(["List.swift": """
            class ListViewController: UIViewController {
                @IBAction func open(_ sender: Any) {
                    let detail = storyboard?.instantiateViewController(withIdentifier: "Detail") as! DetailViewController
                    present(detail, animated: true)
                }
                @IBAction func openQuietly(_ sender: Any) {
                    guard let detail = storyboard?.instantiateViewController(withIdentifier: "Detail") as? DetailViewController else { return }
                    present(detail, animated: true)
                }
            }
            """, "Detail.swift": "class DetailViewController: UIViewController {}"])
        let actions = try #require(facts.classes["ListViewController"]?.actions)
        #expect(actions.first { $0.name == "open(_:)" }?.forcedCast == "DetailViewController")
        #expect(actions.first { $0.name == "openQuietly(_:)" }.map { $0.forcedCast == nil } != false)
        let json = FlowJSON.fragment(facts)
        #expect(json.contains(#""identifier": "Detail", "as!": "DetailViewController""#), "\(json)")
    }

    @Test func theFlowJSONSaysAsBangAndTheStepSuffix() throws {
        let facts = read(["List.swift": """
            class ListViewController: UIViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    let detail = (segue.destination as! UINavigationController).topViewController as! DetailViewController
                    detail.item = item
                }
            }
            """])
        let json = FlowJSON.fragment(facts)
        #expect(json.contains(#""unwrap": ["navigationTop!"], "as!": "DetailViewController""#), "\(json)")
    }
}
