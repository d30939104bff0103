import ArgumentParser
import FlowGraph
import FlowImport
import FlowModel

/// `flownav graph FLOW`: the flow as a picture (issue 17).
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw a flow: scenes, containers and segues as DOT, Mermaid or SVG.",
        discussion: """
            Scenes are nodes (scene id and class), containers are clusters (a navigation \
            controller with its root, a tab bar with its tabs in order, split columns), and \
            segues are edges styled by kind: show and push plain, presentations bold with an open \
            arrow, popovers with a circle, embeds with a diamond, relationships as lines, unwinds \
            dashed toward each scene that implements the unwind action. Labels give the segue's \
            identifier and trigger (tap add, select row, call done), and a segue action the class \
            UIKit asks for it: red when only the container implements a relationship segue's \
            action (UIKit never finds it there), orange when no one does. DOT and Mermaid are \
            plain text; svg runs Graphviz's dot, which must be installed. The output is the same \
            on every run, so it can be kept and diffed.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case dot, mermaid, svg
    }

    @Argument(help: "A flow file (format 1, JSON), a storyboard or an app folder (imported in memory).", completion: .file(extensions: ["json", "storyboard", "xib"]))
    var flow: String

    @Option(help: "dot (Graphviz), mermaid (a Mermaid flowchart) or svg (drawn by Graphviz's dot). Default: from --output's extension (.svg, .mmd), else dot.")
    var format: Format?

    @Option(help: "Where to write (default: standard output).")
    var output: String?

    func run() throws {
        let loaded: LoadedFlow
        switch FlowSource.load(path: flow) {
        case .success(let l):
            loaded = l
        case .failure(let error):
            for d in error.diagnostics { Terminal.writeError(d.description + "\n") }
            if error.omitted > 0 { Terminal.writeError("… and \(error.omitted) more errors\n") }
            throw ExitCode(2)
        }
        for w in loaded.warnings { Terminal.writeError(w.description + "\n") }
        let graph = GraphBuilder.graph(of: loaded.flow)
        let format = self.format ?? output.map(Self.format(forPath:)) ?? .dot
        let text: String
        switch format {
        case .dot: text = DOTWriter.text(graph)
        case .mermaid: text = MermaidWriter.text(graph)
        case .svg:
            switch Graphviz.svg(fromDOT: DOTWriter.text(graph)) {
            case .success(let svg): text = svg
            case .failure(let e):
                Terminal.writeError("error: \(e.message)\n")
                throw ExitCode(2)
            }
        }
        if let output {
            if let problem = TranscriptFiles.writeFile(output, text) {
                Terminal.writeError("error: \(problem)\n")
                throw ExitCode(2)
            }
        } else {
            Terminal.write(text)
        }
    }

    /// `.svg` → svg, `.mmd`/`.mermaid` → mermaid, anything else → dot.
    static func format(forPath path: String) -> Format {
        if path.hasSuffix(".svg") { return .svg }
        if path.hasSuffix(".mmd") || path.hasSuffix(".mermaid") { return .mermaid }
        return .dot
    }
}
