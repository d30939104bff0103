import FlowCheck
import FlowEngine
import FlowModel
import Testing

/// The exploration on the shop flow broken in several places at once: every reachable crash
/// and warning is found, once, with its shortest path.
@Suite("Exploration")
struct ExplorationTests {
    /// Four independent problems at different depths:
    /// - the cart's prepare casts the presented navigation controller without unwrapping it, so
    ///   the checkout's implicitly unwrapped cart is read nil (tab 1, tap checkout);
    /// - the product's "again" control pushes the product itself a second time (select, tap again);
    /// - the cart's "gift" control performs a presentation segue and also presents in code, so
    ///   the second presentation is refused (tab 1, tap gift);
    /// - the cart's optional coupon reaches viewDidLoad nil (tab 1).
    static let broken = ShopFlow.body([
        ("{ \"segue\": \"Checkout\", \"unwrap\": [\"navigationTop\"], \"as\": \"CheckoutViewController\", \"set\": { \"cart\": \"self.cart\" } }",
         "{ \"segue\": \"Checkout\", \"as\": \"CheckoutViewController\", \"set\": { \"cart\": \"self.cart\" } }"),
        ("\"viewDidLoad\": { \"uses\": [\"product\"], \"line\": 14 }",
         "\"viewDidLoad\": { \"uses\": [\"product\"], \"line\": 14 }, \"actions\": { \"again(_:)\": { \"trigger\": \"control:again\", \"do\": \"push\", \"class\": \"self\" } }"),
        ("\"product\": { \"class\": \"ProductViewController\", \"title\": \"Product\" }",
         "\"product\": { \"class\": \"ProductViewController\", \"title\": \"Product\", \"controls\": [\"again\"] }"),
        ("\"dependencies\": { \"cart\": { \"type\": \"Cart\", \"injection\": \"property\", \"default\": \"Cart()\" } },",
         "\"dependencies\": { \"cart\": { \"type\": \"Cart\", \"injection\": \"property\", \"default\": \"Cart()\" }, \"coupon\": { \"type\": \"Coupon\", \"injection\": \"optional\" } }, \"viewDidLoad\": { \"uses\": [\"coupon\"] }, \"actions\": { \"wrap(_:)\": { \"trigger\": \"control:gift\", \"do\": \"present\", \"class\": \"GiftViewController\" } },"),
        ("\"cart\": { \"class\": \"CartViewController\", \"title\": \"Cart\", \"controls\": [\"checkout\"] }",
         "\"cart\": { \"class\": \"CartViewController\", \"title\": \"Cart\", \"controls\": [\"checkout\", \"gift\"] }"),
    ], extraClasses: "\"GiftViewController\": {}",
       extraScenes: "\"gift\": { \"class\": \"GiftViewController\" }",
       extraSegues: "{ \"id\": \"Gift\", \"source\": \"cart\", \"destination\": \"gift\", \"kind\": \"presentation\", \"trigger\": \"control:gift\" }")

    @Test("every reachable crash and warning, each once, with its shortest path")
    func findsEverything() throws {
        let r = try check(Self.broken, lint: false)
        #expect(r.paths(Rules.trap) == [["tab 1", "tap checkout"]], "\(r.text)")
        #expect(r.findings(Rules.trap).first?.message == "App/CheckoutViewController.swift:21: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value")
        #expect(r.findings(Rules.trap).first?.origin?.path == "classes.CheckoutViewController.viewDidLoad")
        #expect(r.paths(Rules.uncaughtException) == [["select 0", "tap again"]])
        #expect(r.findings(Rules.uncaughtException).first?.message.contains("Pushing the same view controller instance more than once is not supported") == true)
        #expect(r.paths(Rules.alreadyPresenting) == [["tab 1", "tap gift"]])
        #expect(r.findings(Rules.alreadyPresenting).first?.message.hasPrefix("[Presentation] Attempt to present <App.GiftViewController: 0x") == true)
        #expect(r.paths(Rules.nilDependencyInViewDidLoad) == [["tab 1"]])
        #expect(r.findings(Rules.nilDependencyInViewDidLoad).first?.message == "CartViewController.viewDidLoad() reads coupon, which is nil (not set)")
        #expect(r.paths(Rules.silentCastFailure) == [["tab 1", "tap checkout"]])
        // Each problem is reached from many states (the trap from every state showing the cart),
        // but reported once.
        #expect(r.findings.count == 5, "\(r.text)")
        #expect(r.coverage!.crashingTransitions > 2)
        // Exploration findings come shortest path first.
        let lengths = r.findings.map { $0.path?.count ?? 0 }
        #expect(lengths == lengths.sorted())
    }

    @Test("each finding's path replays to the problem")
    func pathsReplay() throws {
        let flow = try Flows.load(Self.broken)
        let r = Checker.check(flow, options: CheckOptions(lint: false))
        for f in r.findings where f.rule == Rules.trap || f.rule == Rules.uncaughtException {
            var sim = Simulator(flow: flow)
            _ = sim.launch()
            for step in f.path ?? [] { _ = sim.run(step.command) }
            #expect(sim.state.crash?.consoleLines.last == f.message.split(separator: "\n").last.map(String.init), "\(f.message)")
        }
    }

    @Test("states are compact keys: an endless stack is cut by --depth, and --max-states stops the search")
    func bounds() throws {
        // The product shows a related product, endlessly.
        let endless = ShopFlow.body([
            ("\"product\": { \"class\": \"ProductViewController\", \"title\": \"Product\" }",
             "\"product\": { \"class\": \"ProductViewController\", \"title\": \"Product\", \"controls\": [\"related\"] }"),
            ("\"viewDidLoad\": { \"uses\": [\"product\"], \"line\": 14 }",
             "\"viewDidLoad\": { \"uses\": [\"product\"], \"line\": 14 }, \"segueActions\": { \"makeRelated(coder:)\": { \"returns\": \"ProductViewController\", \"initializer\": \"init(coder:product:)\", \"arguments\": { \"product\": \"product.related\" } } }"),
        ], extraSegues: "{ \"id\": \"Related\", \"source\": \"product\", \"destination\": \"product\", \"kind\": \"show\", \"trigger\": \"control:related\", \"action\": \"makeRelated(coder:)\" }")
        let r = try check(endless, lint: false, depth: 4)
        let c = try #require(r.coverage)
        #expect(!c.complete)
        #expect(c.depthCompleted == 4)
        #expect(c.statesAtDepthLimit > 0)
        #expect(!c.stoppedByMaxStates)
        #expect(ReportFormat.text(r).contains("states at --depth 4 not expanded"))
        let deeper = try check(endless, lint: false, depth: 6)
        #expect(deeper.coverage!.states > c.states)

        let capped = try check(endless, lint: false, depth: 20, maxStates: 10)
        #expect(capped.coverage!.stoppedByMaxStates)
        #expect(capped.coverage!.states == 10)
        #expect(ReportFormat.text(capped).contains("--max-states 10 reached"))
    }

    /// The cart embeds a summary whose "apply" control presents a coupon screen, reading the
    /// summary's total, which nothing injects.
    static let embeddedBody = ShopFlow.body([
        ("\"cart\": { \"class\": \"CartViewController\", \"title\": \"Cart\", \"controls\": [\"checkout\"] }",
         "\"cart\": { \"class\": \"CartViewController\", \"title\": \"Cart\", \"controls\": [\"checkout\"] }, \"summary\": { \"class\": \"SummaryViewController\", \"controls\": [\"apply\"] }"),
    ], extraClasses: """
        "SummaryViewController": {
          "dependencies": { "total": { "type": "Money", "injection": "implicitlyUnwrapped" } },
          "actions": { "apply(_:)": { "trigger": "control:apply", "do": "present", "class": "CouponViewController", "arguments": { "total": "total" } } }
        },
        "CouponViewController": { "dependencies": { "total": { "type": "Money", "injection": "implicitlyUnwrapped" } } }
        """, extraSegues: "{ \"source\": \"cart\", \"destination\": \"summary\", \"kind\": \"embed\" }")

    @Test("embedded children's controls are tapped with 'from'")
    func embedded() throws {
        let r = try check(Self.embeddedBody, lint: false)
        #expect(r.paths(Rules.trap) == [["tab 1", "tap apply from summary"]], "\(r.text)")
        #expect(r.findings(Rules.trap).first?.message == "App/SummaryViewController.swift: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value")
    }

    @Test("coverage counts scenes and segues, relationship and unwind segues included")
    func coverage() throws {
        let r = try check(ShopFlow.body(), lint: false)
        let c = try #require(r.coverage)
        #expect(c.scenesTotal == 8 && c.seguesTotal == 8)
        #expect(c.scenesReached == 8 && c.seguesPerformed == 8)
        #expect(c.transitions > 0 && c.seconds >= 0 && c.bytesPerState > 0)
        #expect(c.depthCompleted >= 3)
    }
}
