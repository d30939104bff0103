import FlowEngine
import FlowGraph
import FlowModel

/// What `graph FILE` asks the executable to write.
public struct GraphWrite: Equatable, Sendable {
    public enum Format: Equatable, Sendable {
        case dot, mermaid, svg
    }

    public var path: String
    public var format: Format
    /// DOT text (also for svg: Graphviz draws it), or Mermaid text.
    public var text: String

    /// `.svg` → svg, `.mmd`/`.mermaid` → Mermaid, anything else → DOT.
    public static func format(forPath path: String) -> Format {
        if path.hasSuffix(".svg") { return .svg }
        if path.hasSuffix(".mmd") || path.hasSuffix(".mermaid") { return .mermaid }
        return .dot
    }
}

extension Session {
    static func trimmed(_ line: String) -> String {
        var s = Substring(line)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }

    /// `graph [FILE]`: the flow with the live window and the path since launch.
    mutating func graph(_ args: [Word], sim: Simulator, into out: inout Output) throws(InputError) {
        if args.count > 1 { throw InputError("graph takes one path (quote a path with spaces)", at: args[1]) }
        let trace = PathTracer.trace(sim.flow, walked.map { ($0.command, Self.trimmed(history[$0.line])) })
        var h = Highlights(window: sim)
        h.path = trace.steps
        h.crashedAt = trace.crashedAt
        var tree = Output()
        if sim.hasCrashed {
            tree.add("the app has crashed:")
            for l in sim.state.crash?.consoleLines ?? [] { tree.add("  " + l) }
        } else {
            TreeView(sim: sim, names: descriptions).write(into: &tree)
        }
        h.caption = tree.lines.map(\.text)
        if trace.steps.isEmpty {
            h.caption.append("no commands since launch")
        } else {
            h.caption.append("since launch:")
            for (k, step) in trace.steps.enumerated() { h.caption.append("  \(k + 1). \(step.text)\(step.crashed ? "  (crashed)" : "")") }
        }
        let graph = GraphBuilder.graph(of: sim.flow, highlights: h)
        guard let file = args.first?.text else {
            for l in DOTWriter.text(graph).split(separator: "\n") { out.add(String(l)) }
            return
        }
        let format = GraphWrite.format(forPath: file)
        out.graph = GraphWrite(path: file, format: format, text: format == .mermaid ? MermaidWriter.text(graph) : DOTWriter.text(graph))
        let front = h.frontmost.map { "front-most '\(sim.flow.scenes[$0].id)'" } ?? (sim.hasCrashed ? "crashed" : "no front-most scene")
        let kind = format == .svg ? "SVG" : format == .mermaid ? "Mermaid" : "DOT"
        out.add("graph of \(sim.flow.name) (\(kind)) to \(file): \(front), \(trace.steps.count) command\(trace.steps.count == 1 ? "" : "s") since launch", .note)
    }
}
