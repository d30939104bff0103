import FlowCheck
import FlowModel
import Testing

/// Issue 12 item 2: names a storyboard keeps after code renamed them, each its own lint.
@Suite("Stale-reference lints")
struct StaleReferenceLintTests {
    static let body = """
    "initial": "nav",
    "segueClasses": ["FadeSegue"],
    "classes": {
      "ListViewController": { "segueActions": { "makeDetail(coder:)": {} }, "unwindActions": ["unwindToList(_:)"] },
      "SettingsViewController": {}
    },
    "scenes": {
      "nav": { "class": "UINavigationController" },
      "list": { "class": "ListViewController", "controls": ["settings", "detail", "fade"] },
      "detail": { "class": "UIViewController", "controls": ["done"] },
      "settings": { "class": "SetingsViewController", "elementClass": "UITableViewController" },
      "fade": { "class": "UIViewController" }
    },
    "segues": [
      { "source": "nav", "destination": "list", "kind": "relationship", "relationship": "rootViewController" },
      { "id": "ShowSettings", "source": "list", "destination": "settings", "kind": "show", "trigger": "control:settings" },
      { "id": "ShowDetail", "source": "list", "destination": "detail", "kind": "show", "trigger": "control:detail", "action": "makeDetial(coder:)" },
      { "id": "Done", "source": "detail", "kind": "unwind", "unwindAction": "unwindToLsit(_:)", "trigger": "control:done" },
      { "id": "Fade", "source": "list", "destination": "fade", "kind": "custom", "customClass": "CrossFadeSegue", "trigger": "control:fade" }
    ]
    """

    @Test("each stale name is its own lint, naming the likely rename, and not also the generic one")
    func staleLints() throws {
        let report = Checker.check(try Flows.load(Self.body, module: "Acts"), options: CheckOptions(explore: false))
        let unknown = report.findings(Rules.unknownSceneClass)
        #expect(unknown.count == 1)
        #expect(unknown.first?.message.contains("renamed to SettingsViewController?") == true)
        #expect(unknown.first?.message.contains("Unknown class _TtC4Acts21SetingsViewController in Interface Builder file.") == true)
        #expect(unknown.first?.hint.contains("SettingsViewController") == true)
        #expect(report.findings(Rules.undeclaredSegueAction).first?.message.contains("renamed to makeDetail(coder:)?") == true)
        #expect(report.findings(Rules.undeclaredUnwindAction).first?.message.contains("renamed to unwindToList(_:)?") == true)
        #expect(report.findings(Rules.unknownSegueClass).first?.message.contains("CrossFadeSegue") == true)
        #expect(report.findings(Rules.unknownSegueClass).first?.severity == .error)
        #expect(report.findings(Rules.segueActionNotImplemented).isEmpty)
        #expect(report.findings(Rules.unwindActionUnreachable).isEmpty)
    }
}

/// Issue 12 item 1 in `check`: a nil copied through implicitly unwrapped properties.
@Suite("Implicitly unwrapped copies in check")
struct IUOCopyCheckTests {
    @Test("the trap is blamed on the reader's viewDidLoad, with the path, and the hint names the prepare that copied the nil")
    func blamesTheReaderNamesTheCopy() throws {
        let report = Checker.check(try Flows.seed("iuo-copies.json"))
        let traps = report.findings(Rules.trap)
        let reader = try #require(traps.first { $0.message.hasPrefix("Ctx/ReaderViewController.swift:21:") })
        #expect(reader.origin?.path == "classes.ReaderViewController.viewDidLoad")
        #expect(reader.path?.map(\.text) == ["select 0"])
        #expect(reader.hint.contains("the nil came from ListViewController.prepare(for:sender:), which copied nil from self.context"))
        // The browser (a T? it never reads) never crashes; the summary (non-optional) does, in the list's prepare.
        #expect(!traps.contains { $0.message.contains("BrowserViewController") })
        #expect(traps.contains { $0.message.hasPrefix("Ctx/ListViewController.swift: Fatal error") })
        #expect(report.findings(Rules.nilDependencyInViewDidLoad).isEmpty)
    }
}

/// Issue 12 item 9 in `check`.
@Suite("Finding places")
struct FindingPlaceTests {
    @Test("a nil dependency read after 'tab 2' is placed at the viewDidLoad that read it, not the tab shown before")
    func tabSwitchBlamesTheLoadedScreen() throws {
        let report = try check("""
        "initial": "tabs",
        "classes": {
          "Inbox": {},
          "Settings": { "dependencies": { "store": { "type": "Store", "injection": "optional" } }, "viewDidLoad": { "uses": ["store"], "line": 5 } }
        },
        "scenes": { "tabs": { "class": "UITabBarController" }, "inbox": { "class": "Inbox" }, "other": { "class": "UIViewController" }, "settings": { "class": "Settings" } },
        "segues": [
          { "source": "tabs", "destination": "inbox", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "tabs", "destination": "other", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "tabs", "destination": "settings", "kind": "relationship", "relationship": "viewControllers" }
        ]
        """)
        let f = try #require(report.findings(Rules.nilDependencyInViewDidLoad).first)
        #expect(f.path?.map(\.text) == ["tab 2"])
        #expect(f.origin?.path == "classes.Settings.viewDidLoad")
    }

    @Test("a pushed tab bar controller is its own finding")
    func tabBarPushed() throws {
        let report = try check("""
        "initial": "nav",
        "scenes": { "nav": { "class": "UINavigationController" }, "a": { "class": "UIViewController", "controls": ["go"] },
                    "tabs": { "class": "UITabBarController" }, "t1": { "class": "UIViewController" } },
        "segues": [
          { "source": "nav", "destination": "a", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "a", "destination": "tabs", "kind": "show", "trigger": "control:go" },
          { "source": "tabs", "destination": "t1", "kind": "relationship", "relationship": "viewControllers" }
        ]
        """)
        #expect(report.paths(Rules.tabBarPushed) == [["tap go"]])
    }
}

/// Found by QA flows: a stale scene class reached through a presented navigation controller whose
/// root has the same segue action as a push.
@Suite("Stale names in exploration findings")
struct StaleNamesInExplorationTests {
    static let body = """
    "initial": "nav",
    "classes": {
      "ListViewController": {
        "segueActions": { "makeDetail(coder:sender:)": { "returns": "DetailViewController", "nilWhen": "noSelection" } }
      },
      "DetailViewController": {}
    },
    "scenes": {
      "nav": { "class": "UINavigationController" },
      "list": { "class": "ListViewController", "rows": 1, "controls": ["plain"] },
      "detailNav": { "class": "UINavigationController" },
      "detail": { "class": "OldDetailViewController" }
    },
    "segues": [
      { "source": "nav", "destination": "list", "kind": "relationship", "relationship": "rootViewController" },
      { "id": "ShowDetail", "source": "list", "destination": "detail", "kind": "show", "trigger": "cell", "action": "makeDetail(coder:sender:)" },
      { "id": "Present", "source": "list", "destination": "detailNav", "kind": "presentation", "trigger": "control:plain" },
      { "source": "detailNav", "destination": "detail", "kind": "relationship", "relationship": "rootViewController", "action": "makeDetail(coder:sender:)" }
    ]
    """

    @Test("a nil from a segue action is blamed on the relationship segue the command decoded, not the first segue naming the action")
    func nilBlamedOnTheDecodedSegue() throws {
        let report = Checker.check(try Flows.load(Self.body, module: "Acts"))
        let nils = report.findings(Rules.segueActionReturnedNil)
        #expect(nils.count == 1)
        #expect(nils.first?.origin?.path == "segues[3]", "the presented navigation controller's root, not segues[1]")
        #expect(nils.first?.path?.map(\.text) == ["tap plain"])
    }

    @Test("an unwind or segue action that no class declares: the path's finding sends the fix to the rename, not to an implementation")
    func staleHintsInExploration() throws {
        let report = Checker.check(try Flows.load(StaleReferenceLintTests.body, module: "Acts"))
        let unwind = try #require(report.findings(Rules.unwindWithoutDestination).first)
        #expect(unwind.hint == "no class declares unwindToLsit: (see undeclared-unwind-action): reconnect the exit to the renamed unwind @IBAction")
        let method = try #require(report.findings(Rules.unableToFindMethod).first)
        #expect(method.hint.hasPrefix("no class declares makeDetialWithCoder: (see undeclared-segue-action)"))
    }

    @Test("a cast that fails on the UIKit object made for a renamed scene class: the fix is the rename, not unwrapping a container")
    func silentCastOnStaleClass() throws {
        let report = Checker.check(try Flows.seed("stale-references.json"))
        let cast = try #require(report.findings(Rules.silentCastFailure).first { $0.message.contains("as? SettingsViewController") })
        #expect(cast.hint.hasPrefix("no class declares PreferencesViewController, the class of scene 'settings' (see unknown-scene-class)"), "\(cast.hint)")
    }

    @Test("UIKit's 'Unknown class' log is the unknown-scene-class lint's, not also a generic UIKit warning")
    func unknownClassNotTwice() throws {
        let report = Checker.check(try Flows.load(Self.body, module: "Acts"))
        #expect(report.findings(Rules.unknownSceneClass).count == 1)
        #expect(!report.findings(Rules.uikitWarning).contains { $0.message.contains("Unknown class") })
    }
}
