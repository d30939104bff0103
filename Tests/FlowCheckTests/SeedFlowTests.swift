import FlowCheck
import FlowModel
import Testing

/// Each seed's failure (flows/expected-stories.md), found by `check` on its bundled flow.
@Suite("Seed flows")
struct SeedFlowTests {
    @Test("segue-actions.json: the relationship action on the navigation controller, and the nil segue action")
    func segueActions() throws {
        let r = Checker.check(try Flows.seed("segue-actions.json"))
        let quirk = try #require(r.findings(Rules.segueActionOnContainer).first, "\(r.text)")
        #expect(quirk.origin?.path == "segues[5]")
        #expect(quirk.message.contains("makeAddItemViewControllerWithCoder:sender:segueIdentifier: is implemented on AddItemNavigationController"))
        #expect(r.paths(Rules.trap) == [["tap addBroken"]])
        #expect(r.findings(Rules.trap).first?.message == "Items/AddItemViewController.swift:12: Fatal error: init(coder:) has not been implemented")
        #expect(r.findings(Rules.unableToFindMethod).first?.message.hasPrefix("[Storyboard] Unable to find method -[<Items.ItemsViewController: 0x") == true)
        // Failure 2: createDetailViewController returns nil without a selection — a lint, and
        // found by exploring when segues are performed from code.
        #expect(r.findings(Rules.initCoderTrapReachable).contains { $0.origin?.path == "segues[1]" && $0.message.contains("noSelection") })
        let all = Checker.check(try Flows.seed("segue-actions.json"), options: CheckOptions(exploration: ExploreOptions(perform: .all)))
        #expect(all.paths(Rules.segueActionReturnedNil) == [["perform ShowDetail"]])
        #expect(all.findings(Rules.trap).contains { $0.path?.map(\.text) == ["perform ShowDetail"] && $0.message == "Items/DetailViewController.swift:12: Fatal error: init(coder:) has not been implemented" })
    }

    @Test("injectable.json: the cast fails on the navigation controller, then the assertion")
    func injectable() throws {
        let r = Checker.check(try Flows.seed("injectable.json"))
        #expect(r.paths(Rules.trap) == [["tap redPillSheet"]], "\(r.text)")
        #expect(r.findings(Rules.trap).first?.message == "RedPill/RedPillViewController.swift:30: Assertion failed")
        #expect(r.paths(Rules.silentCastFailure) == [["tap redPillSheet"]])
    }

    @Test("typed-destinations.json: an identifier the source does not own, and the stringly-typed leftover")
    func typedDestinations() throws {
        let r = Checker.check(try Flows.seed("typed-destinations.json"))
        #expect(r.paths(Rules.uncaughtException) == [["tap lastDevices"]], "\(r.text)")
        #expect(r.findings(Rules.uncaughtException).first?.message.contains("has no segue with identifier 'DeviceGroupDetailsSegue'") == true)
        #expect(r.paths(Rules.trap) == [["tap login", "tap favorite"]])
        #expect(r.findings(Rules.trap).first?.message == "Qold/DevicesViewController.swift:27: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value")
        #expect(r.findings(Rules.unknownSegueIdentifier).contains { $0.message.contains("LoginViewController.openLastDevices(_:)") })
        #expect(r.findings(Rules.typedDestinationBypassed).contains { $0.message.contains("showFavoriteGroup(_:)") })
    }

    @Test("xib-initializers.json: a path through init(coder:) and its fatalError")
    func xibInitializers() throws {
        let r = Checker.check(try Flows.seed("xib-initializers.json"))
        #expect(r.paths(Rules.trap) == [["tap lastNote"]], "\(r.text)")
        #expect(r.findings(Rules.trap).first?.message == "Notes/DetailViewController.swift:24: Fatal error: You should not instantiate this view controller by invoking init(coder:).")
        #expect(r.findings(Rules.initCoderTrapReachable).contains { $0.message.contains("RootViewController.showLastNote(_:)") })
    }

    @Test("protocol-injection.json: a destination that does not conform, and a navigation controller as destination")
    func protocolInjection() throws {
        let r = Checker.check(try Flows.seed("protocol-injection.json"))
        #expect(Set(r.paths(Rules.trap)) == [["tap stats"], ["tap add"]], "\(r.text)")
        #expect(r.findings(Rules.trap).allSatisfy { $0.message.hasSuffix("Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value") })
        #expect(r.findings(Rules.trap).contains { $0.message.hasPrefix("Activities/StatisticsViewController.swift:18") })
        #expect(r.findings(Rules.trap).contains { $0.message.hasPrefix("Activities/NewActivityViewController.swift:18") })
    }
}
