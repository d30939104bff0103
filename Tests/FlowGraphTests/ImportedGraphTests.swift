import FlowGraph
import FlowImport
import FlowModel
import Foundation
import Testing
import TestSupport

/// Graphs of a real app imported from its storyboards: `shared/apps/habitica-ios`, beside the
/// package (or beside the folder of worktrees).
@Suite struct ImportedGraphTests {
    static let habitica = PackagePaths.shared + "/apps/habitica-ios"

    @Test(.needsSharedData, .enabled(if: GraphvizAcceptsTests.dot != nil, "needs Graphviz"))
    func habiticaIsGroupedByStoryboardAndDotDrawsIt() throws {
        // The storyboards alone: the app folder would also read its Swift, which is not what this is about.
        let flow = try FlowSource.load(path: Self.habitica + "/Storyboards/Base.lproj").get().flow
        let graph = GraphBuilder.graph(of: flow)
        let storyboards = graph.groups.filter { $0.kind == .storyboard }.map(\.label)
        #expect(storyboards.contains("Main.storyboard"))
        #expect(storyboards.contains("Tasks.storyboard"))
        #expect(storyboards.count == graph.groups.count)
        #expect(graph.ungroupedNodes.allSatisfy { $0.hasPrefix("nowhere_") })
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.file("habitica.dot", contents: DOTWriter.text(graph))
        let r = try runProcess(GraphvizAcceptsTests.dot!, ["-Tsvg", file], stdin: nil, directory: folder.url, timeout: 120)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let problems = MermaidGrammar.check(MermaidWriter.text(graph))
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }
}
