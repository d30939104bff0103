import Testing
import FlowModel
import FlowEngine

/// `guard … else { return }` in `prepare(for:sender:)` (an `exits` case) leaves the whole
/// method, as Swift does: when it fails, no later case runs, whichever `if` or `case` it is in.
@Suite("prepare(for:sender:) guards that return")
struct PrepareGuardTests {
    @Test("a failing guard inside one identifier's branch stops the cases after it, outside that branch too")
    func failingGuardStopsLaterCases() throws {
        // if segue.identifier == "ToNavB" { guard let b = segue.destination as? B else { return } … }
        // (segue.destination as? P)?.inject("later")   — never reached when the guard fails.
        var app = try PrepareTests.app(prepare: """
            { "segue": "ToNavB", "as": "B", "exits": true },
            { "segue": "ToNavB", "as": "B", "set": { "text": "\\"first\\"" } },
            { "unwrap": ["navigationTop"], "as": "P", "call": "inject(_:)", "with": "\\"later\\"" }
            """)
        let events = app.tap("toNavB")
        let nav = try app.id("UINavigationController", 1)
        #expect(App.notes(events).contains("A.prepare(for:sender:): \(app.sim.describe(nav)) as? B is nil, so the guard returns and nothing after it runs"))
        #expect(!events.contains { if case .called(_, "inject(_:)", _) = $0 { true } else { false } })
        // Nothing set `text`: B's viewDidLoad traps on it.
        #expect(app.state.crash?.consoleLines == ["App/B.swift:5: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value"])
    }

    @Test("a guard not reached (another identifier) does not return: the later cases run")
    func guardOfAnotherIdentifierIsNotReached() throws {
        var app = try PrepareTests.app(prepare: """
            { "segue": "ToC", "as": "C", "exits": true },
            { "unwrap": ["navigationTop"], "as": "P", "call": "inject(_:)", "with": "\\"later\\"" }
            """)
        _ = app.tap("toNavB")
        #expect(app.slot("text", of: try app.id("B"))?.value == "\"later\"")
        #expect(app.state.crash == nil)
    }

    @Test("a guard that holds lets the cases after it run")
    func holdingGuardContinues() throws {
        var app = try PrepareTests.app(prepare: """
            { "unwrap": ["navigationTop"], "as": "B", "exits": true },
            { "unwrap": ["navigationTop"], "as": "B", "set": { "text": "\\"set\\"" } }
            """)
        let events = app.tap("toNavB")
        #expect(!App.notes(events).contains { $0.contains("guard") })
        #expect(app.slot("text", of: try app.id("B"))?.value == "\"set\"")
    }

    @Test("a guard in a chain's branch that is not taken is not reached")
    func guardInAnUntakenBranch() throws {
        var app = try PrepareTests.app(prepare: """
            { "chain": 1, "branch": 0, "segue": "ToC", "castInBody": true, "as": "C", "exits": true },
            { "chain": 1, "branch": 1, "as": "B", "set": { "text": "\\"else\\"" } },
            { "as": "B", "call": "inject(_:)", "with": "\\"after\\"" }
            """)
        _ = app.tap("toB")
        #expect(app.slot("text", of: try app.id("B"))?.value == "\"after\"")
    }

    @Test("a guard in the taken branch of a chain returns from prepare, skipping the cases after the chain")
    func guardInTheTakenBranch() throws {
        var app = try PrepareTests.app(prepare: """
            { "chain": 1, "branch": 0, "segue": "ToB", "castInBody": true, "as": "C", "exits": true },
            { "chain": 1, "branch": 1, "as": "B", "set": { "text": "\\"else\\"" } },
            { "as": "B", "call": "inject(_:)", "with": "\\"after\\"" }
            """)
        let events = app.tap("toB")
        #expect(App.notes(events).contains { $0.contains("as? C is nil, so the guard returns") })
        #expect(app.slot("text", of: try app.id("B"))?.value == nil)
    }

    @Test("a guard on the selection returns when no row is selected")
    func selectionGuard() throws {
        var app = try PrepareTests.app(prepare: """
            { "guard": "selection", "exits": true },
            { "as": "B", "set": { "text": "\\"row\\"" } }
            """)
        let events = app.tap("toB")
        #expect(App.notes(events).contains("A.prepare(for:sender:): the guard fails (selection), so it returns and nothing after it runs"))
        #expect(app.slot("text", of: try app.id("B"))?.value == nil)
    }

    @Test("an exits case only tests: 'set' or 'call' beside it is a load error")
    func exitsCaseOnlyTests() throws {
        #expect(throws: (any Error).self) {
            _ = try PrepareTests.app(prepare: "{ \"as\": \"B\", \"exits\": true, \"set\": { \"text\": \"nil\" } }")
        }
    }
}
