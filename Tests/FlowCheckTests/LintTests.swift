import FlowCheck
import FlowModel
import Testing

/// A list in a navigation controller showing a detail whose `init(coder:)` traps; `list` and
/// `extra` fill in the list's class and add classes, scenes and segues.
func listDetail(list: String = "", detailAction: String? = nil, detail: String = "", extraClasses: String = "",
                extraScenes: String = "", extraSegues: String = "", listControls: String = "[\"add\"]") -> String {
    """
    "initial": "nav",
    "classes": {
      "ListViewController": { "superclass": "UITableViewController"\(list.isEmpty ? "" : ", " + list) },
      "DetailViewController": {
        "dependencies": { "item": { "type": "Item", "injection": "initializer" } },
        "initializers": { "init(coder:item:)": { "sets": ["item"] } },
        \(detail.contains("\"initCoder\"") ? "" : "\"initCoder\": { \"fatalError\": \"init(coder:) has not been implemented\", \"line\": 7 },")
        "viewDidLoad": { "uses": ["item"], "line": 12 }\(detail.isEmpty ? "" : ", " + detail)
      }\(extraClasses.isEmpty ? "" : ",\n" + extraClasses)
    },
    "scenes": {
      "nav": { "class": "UINavigationController" },
      "list": { "class": "ListViewController", "rows": 2, "controls": \(listControls) },
      "detail": { "class": "DetailViewController" }\(extraScenes.isEmpty ? "" : ",\n" + extraScenes)
    },
    "segues": [
      { "source": "nav", "destination": "list", "kind": "relationship", "relationship": "rootViewController" },
      { "id": "ShowDetail", "source": "list", "destination": "detail", "kind": "show", "trigger": "cell"\(detailAction.map { ", \"action\": \"\($0)\"" } ?? "") }\(extraSegues.isEmpty ? "" : ",\n" + extraSegues)
    ]
    """
}

let makeDetail = """
    "segueActions": { "makeDetail(coder:sender:segueIdentifier:)": { "returns": "DetailViewController", "initializer": "init(coder:item:)", "arguments": { "item": "items[selection.row]" } } }
    """

/// Each lint on a flow broken in one place.
@Suite("Lints")
struct LintTests {
    /// The shop's checkout root is built by a segue action that only the navigation controller
    /// subclass implements (where Interface Builder offers it), not the cart that presents it.
    static let quirk = ShopFlow.body([
        ("\"checkoutNav\": { \"class\": \"UINavigationController\" }", "\"checkoutNav\": { \"class\": \"CheckoutNavigationController\" }"),
        ("{ \"source\": \"checkoutNav\", \"destination\": \"checkout\", \"kind\": \"relationship\", \"relationship\": \"rootViewController\" }",
         "{ \"source\": \"checkoutNav\", \"destination\": \"checkout\", \"kind\": \"relationship\", \"relationship\": \"rootViewController\", \"action\": \"makeCheckout(coder:sender:segueIdentifier:)\" }"),
        ("\"viewDidLoad\": { \"uses\": [\"cart\"], \"line\": 21 }",
         "\"viewDidLoad\": { \"uses\": [\"cart\"], \"line\": 21 }, \"initCoder\": { \"fatalError\": \"use makeCheckout\", \"line\": 30 }, \"initializers\": { \"init(coder:cart:)\": { \"sets\": [\"cart\"] } }"),
    ], extraClasses: """
        "CheckoutNavigationController": {
          "superclass": "UINavigationController",
          "segueActions": { "makeCheckout(coder:sender:segueIdentifier:)": { "returns": "CheckoutViewController", "initializer": "init(coder:cart:)", "arguments": { "cart": "Cart.current" } } }
        }
        """)

    @Test("segue-action-on-container: the relationship segue's action is on the container, not on the presenter")
    func containerQuirk() throws {
        let r = try check(Self.quirk)
        let f = try #require(r.findings(Rules.segueActionOnContainer).first, "\(r.text)")
        #expect(f.severity == .error)
        #expect(f.origin?.path == "segues[6]")
        #expect(f.origin?.position != nil)
        #expect(f.message.contains("makeCheckoutWithCoder:sender:segueIdentifier: is implemented on CheckoutNavigationController"))
        #expect(f.message.contains("presenting CartViewController"))
        #expect(f.hint.contains("move makeCheckout(coder:sender:segueIdentifier:) to CartViewController"))
        // The consequence: the checkout's init(coder:) trap, statically and by exploring.
        #expect(r.findings(Rules.initCoderTrapReachable).contains { $0.origin?.path == "segues[6]" && $0.message.contains("scene 'checkout'") })
        #expect(r.paths(Rules.trap) == [["tab 1", "tap checkout"]])
        #expect(r.findings(Rules.trap).first?.message == "App/CheckoutViewController.swift:30: Fatal error: use makeCheckout")
        #expect(r.paths(Rules.unableToFindMethod) == [["tab 1", "tap checkout"]])
    }

    @Test("segue-action-not-implemented: the action is declared on the destination's class, not on the source")
    func notImplemented() throws {
        let r = try check(listDetail(detailAction: "makeDetail(coder:sender:segueIdentifier:)", detail: makeDetail))
        let f = try #require(r.findings(Rules.segueActionNotImplemented).first, "\(r.text)")
        #expect(f.severity == .error)
        #expect(f.origin?.path == "segues[1]")
        #expect(f.message.contains("sent to ListViewController"))
        #expect(f.message.contains("implemented on DetailViewController"))
        #expect(r.findings(Rules.segueActionOnContainer).isEmpty)
        #expect(r.paths(Rules.unableToFindMethod) == [["select 0"]])
        #expect(r.paths(Rules.trap) == [["select 0"]])
    }

    @Test("segue-action-not-implemented: a relationship action of the initial container is never called")
    func actionAtLaunch() throws {
        let body = listDetail(list: makeDetail.replacingOccurrences(of: "DetailViewController", with: "ListViewController")
                                .replacingOccurrences(of: "\"initializer\": \"init(coder:item:)\", \"arguments\": { \"item\": \"items[selection.row]\" }", with: "\"initializer\": \"init(coder:)\""))
            .replacingOccurrences(of: "\"relationship\": \"rootViewController\" }", with: "\"relationship\": \"rootViewController\", \"action\": \"makeDetail(coder:sender:segueIdentifier:)\" }")
        let r = try check(body)
        let f = try #require(r.findings(Rules.segueActionNotImplemented).first, "\(r.text)")
        #expect(f.severity == .warning)
        #expect(f.origin?.path == "segues[0]")
        #expect(f.message.contains("decoded at launch"))
        // UIKit's log line at launch is found by exploring, with an empty path.
        #expect(r.paths(Rules.unableToFindMethod) == [[]])
    }

    @Test("init-coder-trap-reachable: a segue with no action decodes a trapping class")
    func trapWithoutAction() throws {
        let r = try check(listDetail())
        let f = try #require(r.findings(Rules.initCoderTrapReachable).first, "\(r.text)")
        #expect(f.severity == .error)
        #expect(f.origin?.path == "segues[1]")
        #expect(f.message.contains("scene 'detail' (DetailViewController) traps in init(coder:) (DetailViewController.swift:7: Fatal error: init(coder:) has not been implemented)"))
        #expect(f.message.contains("has no segue action"))
        #expect(r.paths(Rules.trap) == [["select 0"]])
    }

    @Test("init-coder-trap-reachable: a segue action that returns nil (nilWhen) falls back to init(coder:)")
    func trapThroughNil() throws {
        let action = makeDetail.replacingOccurrences(of: "\"arguments\"", with: "\"nilWhen\": \"noSelection\", \"arguments\"")
        let r = try check(listDetail(list: action, detailAction: "makeDetail(coder:sender:segueIdentifier:)"))
        let f = try #require(r.findings(Rules.initCoderTrapReachable).first, "\(r.text)")
        // A cell-triggered segue always has a selection: only code performing it can get nil.
        #expect(f.severity == .warning)
        #expect(f.message.contains("returns nil when the segue is performed from code with no row selected"))
        #expect(r.findings(Rules.trap).isEmpty)
        // Exploring with every segue performed from code finds it.
        let all = try check(listDetail(list: action, detailAction: "makeDetail(coder:sender:segueIdentifier:)"), perform: .all)
        #expect(all.paths(Rules.segueActionReturnedNil) == [["perform ShowDetail"]])
        #expect(all.paths(Rules.trap) == [["perform ShowDetail"]])
        // With a condition that the flow can make hold, it is an error.
        let always = try check(listDetail(list: action.replacingOccurrences(of: "noSelection", with: "always"), detailAction: "makeDetail(coder:sender:segueIdentifier:)"))
        #expect(always.findings(Rules.initCoderTrapReachable).first?.severity == .error)
        #expect(always.paths(Rules.trap) == [["select 0"]])
    }

    @Test("init-coder-trap-reachable: a segue action that builds its view controller with init(coder:)")
    func trapInsideAction() throws {
        let action = "\"segueActions\": { \"makeDetail(coder:sender:segueIdentifier:)\": { \"returns\": \"DetailViewController\" } }"
        let r = try check(listDetail(list: action, detailAction: "makeDetail(coder:sender:segueIdentifier:)"))
        let f = try #require(r.findings(Rules.initCoderTrapReachable).first, "\(r.text)")
        #expect(f.message.hasPrefix("ListViewController.makeDetail(coder:sender:segueIdentifier:) builds DetailViewController with init(coder:), which traps"))
        #expect(f.origin?.path == "classes.ListViewController.segueActions[\"makeDetail(coder:sender:segueIdentifier:)\"]")
        #expect(r.paths(Rules.trap) == [["select 0"]])
    }

    @Test("init-coder-trap-reachable: the root of the initial navigation controller is decoded at launch")
    func trapAtLaunch() throws {
        let r = try check(listDetail(list: "\"initCoder\": { \"fatalError\": \"no storyboards\", \"line\": 3 }", detailAction: nil))
        let f = try #require(r.findings(Rules.initCoderTrapReachable).first { $0.message.contains("scene 'list'") }, "\(r.text)")
        #expect(f.message.contains("at launch"))
        #expect(r.paths(Rules.trap) == [[]])
        #expect(r.coverage?.states == 0)
    }

    @Test("init-coder-trap-reachable: a code action builds a view controller with init(coder:)")
    func trapInCode() throws {
        let list = "\"actions\": { \"showLast(_:)\": { \"trigger\": \"control:add\", \"do\": \"push\", \"class\": \"DetailViewController\", \"initializer\": \"init(coder:)\" } }"
        let r = try check(listDetail(list: list, detailAction: nil))
        let f = try #require(r.findings(Rules.initCoderTrapReachable).first { $0.message.contains("showLast") }, "\(r.text)")
        #expect(f.origin?.path == "classes.ListViewController.actions[\"showLast(_:)\"]")
        #expect(r.paths(Rules.trap) == [["tap add"], ["select 0"]] || r.paths(Rules.trap) == [["select 0"]] || r.paths(Rules.trap) == [["tap add"]])
        #expect(r.findings(Rules.trap).count == 1, "one trap message, found first through the shortest path")
    }

    @Test("unknown-segue-identifier: code performs an identifier the source does not own")
    func unknownIdentifier() throws {
        let list = "\"actions\": { \"addItem(_:)\": { \"trigger\": \"control:add\", \"do\": \"performSegue\", \"segue\": \"AddItem\" } }, \"prepare\": [ { \"segue\": \"ShowDetial\", \"as\": \"DetailViewController\" } ]"
        let r = try check(listDetail(list: list))
        let errors = r.findings(Rules.unknownSegueIdentifier)
        let f = try #require(errors.first { $0.message.contains("'AddItem'") }, "\(r.text)")
        #expect(f.severity == .error)
        #expect(f.message.contains("scene 'list' does not own"))
        // The prepare case for a misspelt identifier never runs: a warning.
        #expect(errors.contains { $0.severity == .warning && $0.message.contains("'ShowDetial'") })
        let ex = try #require(r.findings(Rules.uncaughtException).first)
        #expect(ex.message == "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Receiver (<App.ListViewController: 0x600000c04200>) has no segue with identifier 'AddItem''")
        #expect(ex.path?.map(\.text) == ["tap add"])
    }

    @Test("unwind-action-unreachable: no view controller the source comes from implements the action")
    func unwindUnreachable() throws {
        let r = try check(listDetail(
            detailAction: nil,
            detail: "\"initCoder\": \"inherited\", \"unwindActions\": [\"backToDetail(_:)\"]",
            extraClasses: "\"EditorViewController\": { \"unwindActions\": [\"unused(_:)\"] }",
            extraScenes: "\"editor\": { \"class\": \"EditorViewController\", \"controls\": [\"done\"] }",
            extraSegues: """
                { "id": "Edit", "source": "list", "destination": "editor", "kind": "presentation", "trigger": "control:add" },
                { "id": "Done", "source": "editor", "kind": "unwind", "unwindAction": "backToDetail(_:)", "trigger": "control:done" }
                """))
        // The detail is pushed onto the same stack as the list, so it *can* be below the editor:
        // not flagged. An action nobody above implements is.
        #expect(r.findings(Rules.unwindActionUnreachable).isEmpty, "\(r.text)")
        // With the detail still pushed, the unwind finds it; from the list alone it finds nothing.
        #expect(r.paths(Rules.unwindWithoutDestination) == [["tap add", "tap done"]])

        let r2 = try check(listDetail(
            detailAction: nil,
            detail: "\"initCoder\": \"inherited\"",
            extraClasses: "\"EditorViewController\": { \"unwindActions\": [\"backToEditor(_:)\"] }",
            extraScenes: "\"editor\": { \"class\": \"EditorViewController\", \"controls\": [\"done\"] }",
            extraSegues: """
                { "id": "Edit", "source": "list", "destination": "editor", "kind": "presentation", "trigger": "control:add" },
                { "id": "Done", "source": "editor", "kind": "unwind", "unwindAction": "backToEditor(_:)", "trigger": "control:done" }
                """))
        let f = try #require(r2.findings(Rules.unwindActionUnreachable).first, "\(r2.text)")
        #expect(f.origin?.path == "segues[3]")
        #expect(f.message.contains("backToEditor:"))
        #expect(f.message.contains("implemented on EditorViewController, which is never below it"))
    }

    @Test("unreachable-scene and segue-never-fires")
    func unreachableAndNeverFires() throws {
        let r = try check(listDetail(
            detailAction: nil, detail: "\"initCoder\": \"inherited\"",
            extraClasses: "\"OrphanViewController\": {}",
            extraScenes: "\"orphan\": { \"class\": \"OrphanViewController\", \"storyboardIdentifier\": \"Orphan\" }, \"help\": { \"class\": \"UIViewController\" }",
            extraSegues: """
                { "id": "Help", "source": "list", "destination": "help", "kind": "presentation" },
                { "source": "detail", "destination": "help", "kind": "presentation" }
                """))
        let u = r.findings(Rules.unreachableScene)
        #expect(u.count == 1, "\(r.text)")
        #expect(u.first?.message.contains("scene 'orphan'") == true)
        #expect(u.first?.hint.contains("Storyboard ID 'Orphan'") == true)
        let never = r.findings(Rules.segueNeverFires)
        #expect(never.contains { $0.origin?.path == "segues[3]" && $0.severity == .warning && $0.message.contains("no identifier") }, "\(r.text)")
        #expect(never.contains { $0.origin?.path == "segues[2]" && $0.severity == .note && $0.message.contains("no code action of ListViewController performs 'Help'") })
        // The exploration still performs it, as code the flow does not model may.
        #expect(r.coverage?.scenesNotReached == ["orphan"])
    }

    @Test("segue-never-fires: shouldPerformSegue vetoes a triggered segue; action-never-triggered: a control no scene has")
    func vetoedAndUntriggered() throws {
        let list = """
            "shouldPerform": { "ShowDetail": "never" },
            "actions": { "share(_:)": { "trigger": "control:share", "do": "dismiss" }, "refresh(_:)": { "do": "pop" } }
            """
        let r = try check(listDetail(list: list, detailAction: nil))
        #expect(r.findings(Rules.segueNeverFires).contains { $0.origin?.path == "segues[1]" && $0.message.contains("returns false") }, "\(r.text)")
        let a = try #require(r.findings(Rules.actionNeverTriggered).first)
        #expect(a.message.contains("ListViewController.share(_:)"))
        #expect(a.message.contains("has a control 'share'"))
        #expect(r.findings(Rules.actionNeverTriggered).count == 1, "manual actions are reached by 'call'")
        #expect(r.findings(Rules.trap).isEmpty, "the vetoed segue never decodes the detail")
    }
}
