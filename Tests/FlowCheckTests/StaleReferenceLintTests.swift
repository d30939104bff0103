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
