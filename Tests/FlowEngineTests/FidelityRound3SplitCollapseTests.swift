import FlowModel
import Testing

@testable import FlowEngine

/// Issue 31 item 1: a split view controller collapsed on a phone. Apple
/// (`splitViewController(_:collapseSecondary:onto:)`): returning false, or having no delegate,
/// lets the primary's `collapseSecondaryViewController(_:for:)` act, and a navigation controller
/// pushes the secondary; `true` leaves the primary alone on screen.
@Suite("Fidelity round 3: split views collapsed on a phone")
struct FidelityRound3SplitCollapseTests {
    /// A list in a navigation controller (primary) and a detail in one (secondary, unless
    /// `bareDetail`); `split` is the split scene's extra keys; `detailDeps` the detail's
    /// dependencies; the detail's viewDidLoad reads `viewDidLoadUses`.
    static func flow(split: String = "", device: String = "phone", bareDetail: Bool = false, detailDeps: String = #"{ "item": { "type": "Item", "injection": "optional" } }"#, viewDidLoadUses: String? = nil, compact: Bool = false) -> String {
        let uses = viewDidLoadUses.map { #", "viewDidLoad": { "uses": ["\#($0)"], "line": 7 }"# } ?? ""
        return #"""
        "initial": "split", "device": "\#(device)",
        "classes": {
          "ListViewController": { "superclass": "UITableViewController" },
          "DetailViewController": { "dependencies": \#(detailDeps)\#(uses) }
        },
        "scenes": {
          "split": { "class": "UISplitViewController"\#(split) },
          "listNav": { "class": "UINavigationController" },
          "list": { "class": "ListViewController", "rows": 1 },
          "detailNav": { "class": "UINavigationController" },
          "detail": { "class": "DetailViewController" },
          "compactList": { "class": "ListViewController" }
        },
        "segues": [
          { "source": "split", "destination": "listNav", "kind": "relationship", "relationship": "masterViewController" },
          { "source": "split", "destination": "\#(bareDetail ? "detail" : "detailNav")", "kind": "relationship", "relationship": "detailViewController" },
          \#(compact ? #"{ "source": "split", "destination": "compactList", "kind": "relationship", "relationship": "compactViewController" },"# : "")
          { "source": "listNav", "destination": "list", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "detailNav", "destination": "detail", "kind": "relationship", "relationship": "rootViewController" },
          { "id": "Show", "source": "list", "destination": "detailNav", "kind": "showDetail", "trigger": "cell" }
        ]
        """#
    }

    func front(_ app: App) -> String? { app.sim.state.frontmost.map { app.sim.state.className(of: $0) } }

    @Test("no delegate: the list's navigation controller pushes the detail at launch; only the detail's view loads; back loads the list")
    func noDelegatePushesTheSecondary() throws {
        var app = try App(Self.flow())
        #expect(front(app) == "DetailViewController")
        let listNav = try app.id("UINavigationController", 0)
        #expect(app.children(of: listNav) == ["ListViewController", "DetailViewController"])
        let list = try app.id("ListViewController")
        #expect(app.sim.state[list].appearance == .notLoaded)
        #expect(app.sim.state[try app.id("DetailViewController")].appearance == .appeared)
        // The detail's navigation controller, emptied, is not kept.
        #expect(app.sim.state[try app.id("UINavigationController", 1)].appearance == .released)
        let events = app.run(.back)
        #expect(front(app) == "ListViewController")
        #expect(events.contains(.lifecycle(id: list, callback: .viewDidLoad)))
        #expect(app.sim.state[list].appearance == .appeared)
    }

    @Test("a bare secondary (no navigation controller) is pushed itself")
    func bareSecondary() throws {
        let app = try App(Self.flow(bareDetail: true))
        #expect(front(app) == "DetailViewController")
        #expect(app.children(of: try app.id("UINavigationController", 0)) == ["ListViewController", "DetailViewController"])
    }

    @Test("collapseSecondary true: the list is on screen, the detail's view never loads")
    func delegateTrueShowsTheList() throws {
        let app = try App(Self.flow(split: #", "collapseSecondary": true"#))
        #expect(front(app) == "ListViewController")
        #expect(app.sim.state[try app.id("DetailViewController")].appearance == .notLoaded)
        #expect(App.notes(app.launchEvents).contains { $0.hasPrefix("the delegate returned true") })
    }

    @Test("collapseSecondary false is UIKit's default")
    func delegateFalse() throws {
        let app = try App(Self.flow(split: #", "collapseSecondary": false"#))
        #expect(front(app) == "DetailViewController")
    }

    @Test("the template's test: item == nil holds while nothing set it (the list); a default value makes it false (the detail)")
    func templateCondition() throws {
        let empty = try App(Self.flow(split: #", "collapseSecondary": "item == nil""#))
        #expect(front(empty) == "ListViewController")
        let set = try App(Self.flow(split: #", "collapseSecondary": "item == nil""#,
                                    detailDeps: #"{ "item": { "type": "Item", "injection": "property", "default": "Item()" } }"#))
        #expect(front(set) == "DetailViewController")
        let notNil = try App(Self.flow(split: #", "collapseSecondary": "item != nil""#))
        #expect(front(notNil) == "DetailViewController")
    }

    @Test("a condition on a property the secondary's content does not have is false (the template's as? guard)")
    func conditionOnMissingProperty() throws {
        let app = try App(Self.flow(split: #", "collapseSecondary": "detailItem == nil""#))
        #expect(front(app) == "DetailViewController")
    }

    @Test("an unknown answer takes UIKit's default and says so")
    func unknownAnswer() throws {
        let app = try App(Self.flow(split: #", "collapseSecondary": { "unknown": "App/Split.swift:12" }"#))
        #expect(front(app) == "DetailViewController")
        #expect(App.notes(app.launchEvents).contains { $0.hasPrefix(Simulator.unknownCollapsePrefix) && $0.contains("App/Split.swift:12") })
    }

    @Test("the detail's nil implicitly unwrapped read in viewDidLoad crashes at launch on a phone without a delegate, not with the template's")
    func launchCrashOnAPhone() throws {
        let deps = #"{ "item": { "type": "Item", "injection": "implicitlyUnwrapped" } }"#
        let plain = try App(Self.flow(detailDeps: deps, viewDidLoadUses: "item"))
        #expect(plain.sim.state.crash != nil)
        let template = try App(Self.flow(split: #", "collapseSecondary": "item == nil""#, detailDeps: deps, viewDidLoadUses: "item"))
        #expect(template.sim.state.crash == nil)
    }

    @Test("column-style without a compact column: the secondary on top by default; topColumnForCollapsing primary keeps the list")
    func columnStyle() throws {
        let proposed = try App(Self.flow(split: #", "style": "doubleColumn""#))
        #expect(front(proposed) == "DetailViewController")
        let primary = try App(Self.flow(split: #", "style": "doubleColumn", "topColumnForCollapsing": "primary""#))
        #expect(front(primary) == "ListViewController")
        // collapseSecondary is not asked of a column-style split view.
        let ignored = try App(Self.flow(split: #", "style": "doubleColumn", "collapseSecondary": true"#))
        #expect(front(ignored) == "DetailViewController")
    }

    @Test("column-style with a compact column shows it, whatever the delegate")
    func compactColumn() throws {
        let app = try App(Self.flow(split: #", "style": "doubleColumn", "topColumnForCollapsing": "secondary""#, compact: true))
        let compact = try #require(app.sim.state.frontmost)
        #expect(app.sim.state.instances[compact].role == .compact)
    }

    @Test("on a pad nothing collapses: both columns, the detail front-most, its navigation controller kept")
    func padDoesNotCollapse() throws {
        let app = try App(Self.flow(device: "pad"))
        #expect(front(app) == "DetailViewController")
        #expect(app.children(of: try app.id("UINavigationController", 0)) == ["ListViewController"])
        #expect(app.sim.state[try app.id("ListViewController")].appearance == .appeared)
    }

    @Test("showDetail from the list after back still pushes on the collapsed split view")
    func showDetailAfterBack() throws {
        var app = try App(Self.flow())
        _ = app.run(.back)
        _ = app.select(0)
        #expect(front(app) == "DetailViewController")
        #expect(app.children(of: try app.id("UINavigationController", 0)) == ["ListViewController", "DetailViewController"])
    }

    static func load(_ split: String) -> Result<LoadedFlow, FlowLoadError> {
        FlowLoader.load(text: "{ \"format\": 1, \"name\": \"T\", \"module\": \"App\",\n\(flow(split: split))\n}", file: "inline.json")
    }

    @Test("the scene keys decode: booleans, conditions, columns, unknown sites")
    func decoding() throws {
        func scene(_ split: String) throws -> Scene {
            let loaded = try Self.load(split).get()
            return try #require(loaded.flow.scenes.first { $0.id == "split" })
        }
        #expect(try scene(#", "collapseSecondary": true"#).splitCollapse == .collapseSecondary(.always))
        #expect(try scene(#", "collapseSecondary": "self.item == nil""#).splitCollapse == .collapseSecondary(.isNil("item")))
        #expect(try scene(#", "collapseSecondary": { "unknown": "A.swift:3" }"#).splitCollapse == .unknown(CodeLocation(file: "A.swift", line: 3)))
        let columns = try scene(#", "style": "tripleColumn", "topColumnForCollapsing": "supplementary""#)
        #expect(columns.splitStyle == .tripleColumn && columns.splitCollapse == .topColumn(.supplementary))
        #expect(try scene("").splitCollapse == nil)
    }

    @Test("wrong values are errors at their key", arguments: [
        #", "collapseSecondary": "selection""#, #", "collapseSecondary": 1"#, #", "collapseSecondary": { "unknown": "nowhere" }"#,
        #", "topColumnForCollapsing": "inspector""#, #", "style": "quadColumn""#,
        #", "collapseSecondary": true, "topColumnForCollapsing": "primary""#,
    ])
    func wrongValues(_ split: String) {
        guard case .failure(let e) = Self.load(split) else {
            Issue.record("loaded: \(split)")
            return
        }
        #expect(e.diagnostics.contains { $0.path.hasPrefix("scenes.split.") }, "\(e.diagnostics)")
    }
}

