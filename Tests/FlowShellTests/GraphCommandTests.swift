import FlowShell
import TestSupport
import Testing

@Suite struct GraphCommandTests {
    @Test func graphWithoutAFilePrintsDOTWithTheLiveWindowAndThePath() {
        var session = Session.demo()
        _ = session.execute("select 1")
        _ = session.execute("select 9")   // rejected: not on the path
        let out = session.execute("graph")
        let text = out.lines.map(\.text).joined(separator: "\n")
        #expect(out.status == .ok)
        #expect(out.graph == nil)
        #expect(text.hasPrefix("digraph flow {"))
        // The front-most scene is filled amber, the segue taken is on the path at step 1.
        #expect(text.contains("s_detail [label=<<b>detail</b><br/><font point-size=\"9\">DetailViewController</font>>, style=\"rounded,filled\", fillcolor=\"#fbbf24\""))
        #expect(text.contains("label=\"step 1\\nShowDetail\\nselect row"))
        #expect(text.contains("1.&#160;select&#160;1<br align=\"left\"/>"))
        #expect(!text.contains("select&#160;9"))
    }

    @Test func graphToAFileLeavesTheWritingToTheExecutable() {
        var session = Session.demo()
        _ = session.execute("tap addBroken")
        let out = session.execute("graph after-crash.svg")
        #expect(out.status == .ok)
        #expect(out.graph?.path == "after-crash.svg")
        #expect(out.graph?.format == .svg)
        #expect(out.graph?.text.contains("s_addItemBroken [label=<<b>addItemBroken</b><br/><font point-size=\"9\">AddItemViewController</font>>, style=\"rounded,filled\", fillcolor=\"#fecaca\"") == true)
        #expect(out.lines.map(\.text) == ["graph of Items (SVG) to after-crash.svg: crashed, 1 command since launch"])
        #expect(session.execute("graph g.mmd").graph?.format == .mermaid)
        #expect(session.execute("graph g.gv").graph?.format == .dot)
        #expect(session.execute("graph a b").status == .rejected)
    }

    @Test func relaunchStartsThePathAgain() {
        var session = Session.demo()
        _ = session.execute("select 1")
        _ = session.execute("relaunch")
        let out = session.execute("graph x.dot")
        #expect(out.lines.map(\.text) == ["graph of Items (DOT) to x.dot: front-most 'items', 0 commands since launch"])
        #expect(out.graph?.text.contains("no&#160;commands&#160;since&#160;launch") == true)
    }

    @Test func graphCompletesAPath() {
        let session = Session.demo()
        #expect(session.completions(for: "graph fl") == .path(prefix: "fl"))
        #expect(session.completions(for: "graph a ") == .words(prefix: "", []))
        #expect(session.completions(for: "gr") == .words(prefix: "gr", ["graph"]))
    }
}
