import FlowEngine
import FlowGraph
import FlowModel
import Foundation
import Testing
import TestSupport

func loadFlow(_ name: String) throws -> Flow {
    switch FlowLoader.load(path: PackagePaths.flow(name)) {
    case .success(let l): return l.flow
    case .failure(let e): throw e
    }
}

/// Golden files: `Tests/Golden/graph/<flow>.dot` and `.mmd`. `FLOWNAV_UPDATE_GOLDEN=1 swift test
/// --filter FlowGraphTests` rewrites them (then read the diff).
@Suite struct GoldenGraphTests {
    static let folder = PackagePaths.root.appendingPathComponent("Tests/Golden/graph")

    @Test(arguments: PackagePaths.bundledFlows)
    func dotAndMermaidMatchTheGoldenFiles(_ name: String) throws {
        let graph = GraphBuilder.graph(of: try loadFlow(name))
        let stem = String(name.dropLast(5))
        for (ext, text) in [("dot", DOTWriter.text(graph)), ("mmd", MermaidWriter.text(graph))] {
            let url = Self.folder.appendingPathComponent("\(stem).\(ext)")
            if ProcessInfo.processInfo.environment["FLOWNAV_UPDATE_GOLDEN"] == "1" {
                try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
            let golden = try String(contentsOf: url, encoding: .utf8)
            #expect(text == golden, "\(url.path) differs; FLOWNAV_UPDATE_GOLDEN=1 rewrites it")
        }
    }

    @Test func theOutputIsTheSameOnEveryRun() throws {
        let flow = try loadFlow("typed-destinations.json")
        #expect(DOTWriter.text(GraphBuilder.graph(of: flow)) == DOTWriter.text(GraphBuilder.graph(of: flow)))
        #expect(MermaidWriter.text(GraphBuilder.graph(of: flow)) == MermaidWriter.text(GraphBuilder.graph(of: flow)))
    }
}

/// Every picture flownav makes of the bundled flows, plain and highlighted.
func allGraphs() throws -> [(name: String, graph: Graph)] {
    var out: [(String, Graph)] = []
    for name in PackagePaths.bundledFlows {
        let flow = try loadFlow(name)
        out.append((name, GraphBuilder.graph(of: flow)))
        var h = Highlights()
        h.unreachedScenes = Set(flow.scenes.indices.filter { $0 % 2 == 1 })
        h.unperformedSegues = Set(flow.segues.indices.filter { $0 % 3 == 0 })
        h.path = [PathStep(text: "tap x", segues: Array(flow.segues.indices.prefix(2)))]
        h.frontmost = flow.scenes.indices.last
        h.caption = ["window \"quoted\" \\ back\\slash", "1. tap x"]
        out.append((name + " (highlighted)", GraphBuilder.graph(of: flow, highlights: h)))
    }
    return out
}

@Suite struct GraphvizAcceptsTests {
    static let dot: String? = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// `.ci/install-deps` installs Graphviz, so this runs in CI; elsewhere it needs `dot`.
    @Test(.enabled(if: dot != nil, "Graphviz's dot is not installed (.ci/install-deps installs it)"))
    func dotDrawsEveryGraphWithoutAWarning() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, graph) in try allGraphs() {
            let file = try folder.file("g.dot", contents: DOTWriter.text(graph))
            let r = try runProcess(Self.dot!, ["-Tsvg", file], stdin: nil, directory: folder.url, timeout: 60)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(name): \(r.stderr)")
            #expect(r.stdout.contains("<svg"), "\(name)")
        }
    }

    @Test(.enabled(if: dot != nil, "Graphviz's dot is not installed"))
    func oddSceneIdsAndTextsAreEscaped() throws {
        var flow = Flow(file: "odd.json", name: "Odd \"name\" \\", module: "M", initial: 0)
        flow.scenes = [Scene(id: "a b<c>&\"d\"", className: "A"), Scene(id: "end", className: "B"), Scene(id: "a_b_c___d_", className: "C")]
        var s = Segue(source: 0, destination: 1, kind: .show)
        s.identifier = "id \"with\" quotes | pipe # hash \\"
        flow.segues = [s]
        let graph = GraphBuilder.graph(of: flow)
        #expect(Set(graph.nodes.map(\.id)).count == 3)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.file("g.dot", contents: DOTWriter.text(graph))
        let r = try runProcess(Self.dot!, ["-Tsvg", file], stdin: nil, directory: folder.url, timeout: 60)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        #expect(r.stdout.contains("a b&lt;c&gt;&amp;&quot;d&quot;"))
        #expect(MermaidGrammar.check(MermaidWriter.text(graph)).isEmpty, "\(MermaidGrammar.check(MermaidWriter.text(graph)))")
    }
}

@Suite struct MermaidGrammarTests {
    @Test func everyMermaidOutputParses() throws {
        for (name, graph) in try allGraphs() {
            let problems = MermaidGrammar.check(MermaidWriter.text(graph))
            #expect(problems.isEmpty, "\(name): \(problems)")
        }
    }

    /// The check itself rejects what Mermaid would: it is no use if it passes everything.
    @Test func theCheckRejectsBrokenFlowcharts() {
        let good = "flowchart LR\n  a(\"x\")\n  b(\"y\")\n  a -->|\"l\"| b\n  linkStyle 0 stroke:#000\n"
        #expect(MermaidGrammar.check(good).isEmpty)
        #expect(!MermaidGrammar.check("flowchart LR\n  a(\"say \"hi\"\")\n").isEmpty)
        #expect(!MermaidGrammar.check("flowchart LR\n  subgraph g[\"x\"]\n  a(\"x\")\n").isEmpty)
        #expect(!MermaidGrammar.check("flowchart LR\n  a(\"x\")\n  a --> b\n").isEmpty)
        #expect(!MermaidGrammar.check("flowchart LR\n  a(\"x\")\n  b(\"y\")\n  a ~~> b\n").isEmpty)
        #expect(!MermaidGrammar.check("flowchart LR\n  a(\"x\")\n  b(\"y\")\n  a --> b\n  linkStyle 1 stroke:#000\n").isEmpty)
        #expect(!MermaidGrammar.check("flowchart LR\n  end(\"x\")\n").isEmpty)
        #expect(!MermaidGrammar.check("graph XY\n").isEmpty)
    }
}

@Suite struct GraphContentTests {
    func edges(_ g: Graph, segue identifier: String, in flow: Flow) -> [Edge] {
        g.edges.filter { $0.segue.map { flow.segues[$0].identifier } == identifier }
    }

    @Test func theQuirkIsAnErrorOnTheRelationshipEdge() throws {
        let flow = try loadFlow("segue-actions.json")
        let g = GraphBuilder.graph(of: flow)
        let broken = try #require(g.edges.first { $0.to == "s_addItemBroken" && $0.kind == .relationship })
        #expect(broken.problem == .error)
        #expect(broken.label == ["root", "action ItemsViewController.makeAddItemViewController(…)", "never found: only on AddItemNavigationController"])
        let fine = try #require(g.edges.first { $0.to == "s_addItem" && $0.kind == .relationship })
        #expect(fine.problem == .none)
        #expect(fine.label.last == "action ItemsViewController.createAddItemViewController(…)")
        #expect(DOTWriter.text(g).contains("s_addItemNavBroken -> s_addItemBroken [label=\"root\\naction ItemsViewController.makeAddItemViewController(…)\\nnever found: only on AddItemNavigationController\", arrowhead=none, style=\"bold\", color=\"#dc2626\""))
    }

    @Test func segueKindsTriggersAndUnwindLandings() throws {
        let flow = try loadFlow("segue-actions.json")
        let g = GraphBuilder.graph(of: flow)
        let detail = edges(g, segue: "ShowDetail", in: flow)
        #expect(detail.map(\.kind) == [.show])
        #expect(detail.first?.label == ["ShowDetail", "select row", "action ItemsViewController.createDetailViewController(…)"])
        #expect(edges(g, segue: "AddItem", in: flow).first?.label == ["AddItem", "tap add"])
        #expect(edges(g, segue: "AddItem", in: flow).first?.kind == .present)
        let unwinds = edges(g, segue: "SaveItem", in: flow)
        #expect(unwinds.allSatisfy { $0.kind == .unwind && $0.to == "s_items" })
        #expect(DOTWriter.text(g).contains("style=dashed"))
        // Containers are clusters holding their root.
        let nav = try #require(g.groups.first { $0.id == "cluster_s_itemsNav" })
        #expect(nav.members == ["s_itemsNav", "s_items"])
    }

    @Test func tabsAreInOrderAndContainersNest() throws {
        var flow = Flow(file: "tabs.json", name: "Tabs", module: "M", initial: 0)
        flow.scenes = [Scene(id: "tabs", className: "UITabBarController"), Scene(id: "first", className: "A"),
                       Scene(id: "nav", className: "UINavigationController"), Scene(id: "root", className: "B"), Scene(id: "third", className: "C")]
        func tab(_ d: Int) -> Segue {
            var s = Segue(source: 0, destination: d, kind: .relationship)
            s.relationship = .viewControllers
            return s
        }
        var root = Segue(source: 2, destination: 3, kind: .relationship)
        root.relationship = .rootViewController
        flow.segues = [tab(1), root, tab(2), tab(4)]
        let g = GraphBuilder.graph(of: flow)
        #expect(g.edges.filter { $0.from == "s_tabs" }.map { $0.label } == [["tab 0"], ["tab 1"], ["tab 2"]])
        let tabs = try #require(g.groups.first)
        #expect(g.groups.count == 1)
        #expect(tabs.members == ["s_tabs", "s_first", "s_third"])
        #expect(tabs.groups.map(\.members) == [["s_nav", "s_root"]])
        #expect(MermaidGrammar.check(MermaidWriter.text(g)).isEmpty)
    }

    @Test func aPathIsTracedThroughTheEngineAndItsCrashMarked() throws {
        let flow = try loadFlow("segue-actions.json")
        let trace = PathTracer.trace(flow, [(.select(section: 0, row: 1, on: nil), "select 1"), (.back, "back"), (.tap(control: "addBroken", on: nil), "tap addBroken")])
        #expect(trace.steps.map(\.text) == ["select 1", "back", "tap addBroken"])
        #expect(trace.steps[0].segues.map { flow.segues[$0].identifier } == ["ShowDetail"])
        #expect(trace.steps[1].segues.isEmpty)
        #expect(trace.steps[2].crashed)
        #expect(trace.crashedAt == flow.sceneIndex("addItemBroken"))
        var h = Highlights(window: trace.sim)
        h.path = trace.steps
        h.crashedAt = trace.crashedAt
        let g = GraphBuilder.graph(of: flow, highlights: h)
        #expect(g.nodes.first { $0.id == "s_addItemBroken" }?.state == .crashed)
        #expect(edges(g, segue: "ShowDetail", in: flow).first?.state == .onPath([1]))
        #expect(edges(g, segue: "AddItemBroken", in: flow).first?.state == .onPath([3]))
    }

    @Test func theLiveWindowIsHighlighted() throws {
        let flow = try loadFlow("segue-actions.json")
        let trace = PathTracer.trace(flow, [(.select(section: 0, row: 1, on: nil), "select 1")])
        let g = GraphBuilder.graph(of: flow, highlights: Highlights(window: trace.sim))
        let state = Dictionary(uniqueKeysWithValues: g.nodes.map { ($0.id, $0.state) })
        #expect(state["s_detail"] == .frontmost)
        #expect(state["s_itemsNav"] == .visible)
        #expect(state["s_items"] == .live)
        #expect(state["s_addItem"] == .normal)
    }
}

@Suite struct CodeActionEdgeTests {
    @Test func aCodeActionThatInstantiatesAScenByStoryboardIDIsAnEdge() throws {
        let json = """
            {"format": 1, "name": "Code", "module": "M", "initial": "list",
             "classes": {"List": {"actions": {"showDetail(_:)": {"trigger": "control:info", "do": "present", "identifier": "Info"}}}},
             "scenes": {"list": {"class": "List"}, "info": {"class": "UIViewController", "storyboardIdentifier": "Info"}},
             "segues": []}
            """
        let flow = try FlowLoader.load(text: json, file: "code.json").get().flow
        let g = GraphBuilder.graph(of: flow)
        #expect(g.edges == [Edge(from: "s_list", to: "s_info", segue: nil, kind: .present,
                                 label: ["call showDetail(_:)", "tap info", "code: present 'Info'"], problem: .none, state: .normal)])
        #expect(MermaidGrammar.check(MermaidWriter.text(g)).isEmpty)
    }
}

@Suite struct SegueActionOwnerTests {
    @Test func theInitialContainersRelationshipActionIsSentToNoObject() throws {
        let json = """
            {"format": 1, "name": "Initial", "module": "M", "initial": "nav",
             "classes": {"Nav": {"superclass": "UINavigationController",
                                 "segueActions": {"makeRoot(coder:)": {"returns": "Root"}}},
                         "Root": {"segueActions": {"makeRoot(coder:)": {"returns": "Root"}}}},
             "scenes": {"nav": {"class": "Nav"}, "root": {"class": "Root", "controls": ["again"]}},
             "segues": [{"source": "nav", "destination": "root", "kind": "relationship", "relationship": "rootViewController",
                         "action": "makeRoot(coder:)"},
                        {"source": "root", "destination": "nav", "kind": "presentation", "trigger": "control:again"}]}
            """
        let flow = try FlowLoader.load(text: json, file: "initial.json").get().flow
        // At launch no segue is performed (UIKit asks nil); presented again from root, Root is asked.
        let edge = try #require(GraphBuilder.graph(of: flow).edges.first)
        #expect(edge.label == ["root", "action (null)/Root.makeRoot(…)", "never found: only on Nav"])
        #expect(edge.problem == .error)
    }
}
