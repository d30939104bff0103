import Testing
import FlowModel
import FlowEngine

/// Prepare cases marked as branches of one `if / else if / else` chain run as Swift runs them:
/// the first branch whose test holds, and no other.
@Suite("prepare(for:sender:) if / else if chains")
struct PrepareChainTests {
    static func castNotes(_ events: [Event]) -> [String] {
        App.notes(events).filter { $0.contains(" is nil") }
    }

    @Test("the first branch's cast fails and the else if's matches: no note, the second branch's setter runs")
    func elseBranchMakesUpForTheCast() throws {
        // Habitica's SplitSocialViewController: `if let chat = destination as? C { … } else if let
        // form = (destination as? UINavigationController)?.topViewController as? B { … }`.
        var app = try PrepareTests.app(prepare: """
            { "chain": 1, "branch": 0, "as": "C", "set": { "text": "\\"first\\"" } },
            { "chain": 1, "branch": 1, "unwrap": ["navigationTop"], "as": "B", "set": { "text": "\\"second\\"" } }
            """)
        let events = app.tap("toNavB")
        #expect(Self.castNotes(events) == [])
        #expect(app.slot("text", of: try app.id("B")) == Slot(name: "text", value: "\"second\"", provenance: "A.prepare(for:sender:)"))
        #expect(app.state.crash == nil)
    }

    @Test("a branch taken ends the chain: a later branch whose test also holds does not run")
    func firstTakenBranchWins() throws {
        var app = try PrepareTests.app(prepare: """
            { "chain": 1, "branch": 0, "as": "B", "set": { "text": "\\"first\\"" } },
            { "chain": 1, "branch": 1, "as": "P", "call": "inject(_:)", "with": "\\"second\\"" }
            """)
        let events = app.tap("toB")
        #expect(app.slot("text", of: try app.id("B"))?.value == "\"first\"")
        #expect(!events.contains { if case .called(_, "inject(_:)", _) = $0 { true } else { false } })
    }

    @Test("no branch matches: one note, naming the skipped injection, then the nil read traps")
    func noBranchMatches() throws {
        var app = try PrepareTests.app(prepare: """
            { "chain": 1, "branch": 0, "as": "C", "set": { "text": "\\"first\\"" } },
            { "chain": 1, "branch": 1, "as": "B", "set": { "text": "\\"second\\"" } }
            """)
        let events = app.tap("toNavB")
        let nav = try app.id("UINavigationController", 1)
        #expect(Self.castNotes(events) == [
            "A.prepare(for:sender:): \(app.sim.describe(nav)) as? C is nil and no branch of the if / else if is taken, so the injection is skipped",
        ])
        #expect(app.state.crash?.consoleLines == ["App/B.swift:5: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value"])
    }

    @Test("an else that sets nothing is a branch taken: the failed cast is handled, no note")
    func emptyElseBranch() throws {
        var app = try PrepareTests.app(prepare: """
            { "chain": 1, "branch": 0, "as": "C", "set": { "text": "\\"first\\"" } },
            { "chain": 1, "branch": 1 }
            """)
        let events = app.tap("toB")
        #expect(Self.castNotes(events) == [])
        #expect(app.slot("text", of: try app.id("B"))?.value == nil)
    }

    @Test("castInBody: the branch is taken on its identifier; its own failing cast is the usual note and the else does not run")
    func castInBodyDecidesOnTheIdentifier() throws {
        var app = try PrepareTests.app(prepare: """
            { "chain": 1, "branch": 0, "castInBody": true, "segue": "ToNavB", "as": "B", "set": { "text": "\\"first\\"" } },
            { "chain": 1, "branch": 1, "unwrap": ["navigationTop"], "as": "B", "set": { "text": "\\"second\\"" } }
            """)
        let events = app.tap("toNavB")
        let nav = try app.id("UINavigationController", 1)
        #expect(Self.castNotes(events) == ["A.prepare(for:sender:): \(app.sim.describe(nav)) as? B is nil, so nothing is injected"])
        #expect(app.slot("text", of: try app.id("B"))?.value == nil)
    }

    @Test("sequential cases (no chain) each run: the failed cast is a note even though the next case injects")
    func sequentialCasesUnchanged() throws {
        var app = try PrepareTests.app(prepare: """
            { "as": "C", "set": { "text": "\\"first\\"" } },
            { "unwrap": ["navigationTop"], "as": "B", "set": { "text": "\\"second\\"" } }
            """)
        let events = app.tap("toNavB")
        let nav = try app.id("UINavigationController", 1)
        #expect(Self.castNotes(events) == ["A.prepare(for:sender:): \(app.sim.describe(nav)) as? C is nil, so nothing is injected"])
        #expect(app.slot("text", of: try app.id("B"))?.value == "\"second\"")
    }

    @Test("'branch' and 'castInBody' need a 'chain'")
    func branchNeedsChain() throws {
        #expect(throws: (any Error).self) {
            _ = try PrepareTests.app(prepare: "{ \"branch\": 1, \"as\": \"B\", \"set\": { \"text\": \"nil\" } }")
        }
    }
}
