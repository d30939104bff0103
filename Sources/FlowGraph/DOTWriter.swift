/// `Graph` → Graphviz DOT text (`dot -Tsvg` draws it). Node labels are HTML-like (the scene id
/// bold); every other string is quoted.
public enum DOTWriter {
    public static func text(_ g: Graph) -> String {
        var out = "digraph flow {\n"
        out += "  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=16, labelloc=t, labeljust=l, label=\(title(g)), nodesep=0.35, ranksep=0.6, newrank=true];\n"
        out += "  node [fontname=\"Helvetica\", fontsize=11, shape=box, style=\"rounded,filled\", margin=\"0.15,0.06\"];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.8];\n"
        let byID = Dictionary(g.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for group in g.groups { write(group, byID, indent: "  ", into: &out) }
        for id in g.ungroupedNodes { out += "  " + node(byID[id]!) + "\n" }
        if let initial = g.nodes.first(where: \.initial) {
            out += "  launch [shape=circle, style=filled, fillcolor=\"#334155\", label=\"\", width=0.15, fixedsize=true];\n"
            out += "  launch -> \(initial.id) [color=\"#334155\"];\n"
        }
        for e in g.edges { out += "  " + edge(e) + "\n" }
        out += "}\n"
        return out
    }

    /// The title, and under it the caption's lines left-aligned in a monospaced font (the
    /// window's tree keeps its shape).
    static func title(_ g: Graph) -> String {
        guard !g.caption.isEmpty else { return quote(g.title) }
        var label = "<<b>\(html(g.title))</b><br align=\"left\"/><font face=\"DejaVu Sans Mono,monospace\" point-size=\"10\" color=\"#334155\">"
        for l in g.caption { label += html(l).replacingSpacesForHTML() + "<br align=\"left\"/>" }
        return label + "</font>>"
    }

    private static func write(_ group: Group, _ byID: [String: Node], indent: String, into out: inout String) {
        out += "\(indent)subgraph \(group.id) {\n"
        let inner = indent + "  "
        switch group.kind {
        case .storyboard:
            out += "\(inner)label=\(quote(group.label)); style=\"dashed,rounded\"; color=\"#94a3b8\"; fontsize=13;\n"
        case .container:
            out += "\(inner)label=\(quote(group.label)); style=\"rounded,filled\"; fillcolor=\"#f8fafc\"; color=\"#cbd5e1\"; fontsize=10; fontcolor=\"#64748b\";\n"
        }
        for m in group.members { out += inner + node(byID[m]!) + "\n" }
        for g in group.groups { write(g, byID, indent: inner, into: &out) }
        out += "\(indent)}\n"
    }

    static func node(_ n: Node) -> String {
        let s = Palette.node(n)
        var label = "<<b>\(html(n.label.first ?? ""))</b>"
        for l in n.label.dropFirst() { label += "<br/><font point-size=\"9\">\(html(l))</font>" }
        label += ">"
        var style = "filled"
        if case .scene(nil, _) = n.kind { style = "rounded,filled" }
        if s.dashed { style += ",dashed" }
        if case .nowhere = n.kind { return "\(n.id) [shape=note, style=\"filled,dashed\", fillcolor=\"\(s.fill)\", color=\"\(s.stroke)\", fontcolor=\"\(s.font)\", label=\(label)];" }
        return "\(n.id) [label=\(label), style=\"\(style)\", fillcolor=\"\(s.fill)\", color=\"\(s.stroke)\", fontcolor=\"\(s.font)\", penwidth=\(number(s.width))];"
    }

    static func edge(_ e: Edge) -> String {
        let s = Palette.edge(e)
        var attributes: [String] = []
        var label = e.label
        if let steps = Palette.steps(e) { label.insert(steps, at: 0) }
        if !label.isEmpty { attributes.append("label=\(quote(label.joined(separator: "\n")))") }
        switch e.kind {
        case .show, .showDetail, .custom: break
        case .present: attributes.append("arrowhead=empty")
        case .popover: attributes.append("arrowhead=odot")
        case .embed: attributes.append("arrowhead=diamond")
        case .relationship: attributes.append("arrowhead=none, style=\"bold\"")
        case .unwind: attributes.append("style=dashed, constraint=false")
        }
        attributes.append("color=\"\(s.colour)\", fontcolor=\"\(s.font)\", penwidth=\(number(s.width))")
        return "\(e.from) -> \(e.to) [\(attributes.joined(separator: ", "))];"
    }

    /// A DOT quoted string: `"` and `\` escaped, a line break as `\n` (centred lines).
    static func quote(_ s: String) -> String { "\"" + escape(s).replacingNewlines() + "\"" }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\r": continue
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Text inside an HTML-like label.
    static func html(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\r": out += " "
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func number(_ d: Double) -> String {
        let tenths = Int((d * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}

extension String {
    /// Runs of spaces kept in an HTML-like label (Graphviz collapses them otherwise).
    fileprivate func replacingSpacesForHTML() -> String {
        var out = ""
        for c in unicodeScalars {
            if c == " " { out += "&#160;" } else { out.unicodeScalars.append(c) }
        }
        return out
    }

    fileprivate func replacingNewlines() -> String {
        var out = ""
        for c in unicodeScalars {
            if c == "\n" { out += "\\n" } else { out.unicodeScalars.append(c) }
        }
        return out
    }
}
