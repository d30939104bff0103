/// `Graph` → a Mermaid flowchart. Only a small part of Mermaid's grammar is used (node shapes
/// with quoted labels, four link kinds with quoted labels, subgraphs, classDef/class/linkStyle),
/// and every label is quoted with Mermaid's entity codes for the characters that would end it.
public enum MermaidWriter {
    public static func text(_ g: Graph) -> String {
        var out = "---\ntitle: \(titleText(g.title))\n---\nflowchart LR\n"
        let byID = Dictionary(g.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for group in g.groups { write(group, byID, indent: "  ", into: &out) }
        for id in g.ungroupedNodes { out += "  " + node(byID[id]!) + "\n" }
        var links: [(index: Int, style: String)] = []
        var count = 0
        if let initial = g.nodes.first(where: \.initial) {
            out += "  launch((\"launch\")) --> \(initial.id)\n"
            links.append((count, "stroke:#334155"))
            count += 1
        }
        for e in g.edges {
            var label = e.label
            if let steps = Palette.steps(e) { label.insert(steps, at: 0) }
            let text = label.isEmpty ? "" : "|\"\(escape(label.joined(separator: "\n")))\"|"
            out += "  \(e.from) \(arrow(e.kind))\(text) \(e.to)\n"
            let s = Palette.edge(e)
            var style = "stroke:\(s.colour),stroke-width:\(DOTWriter.number(s.width))px,color:\(s.font)"
            if e.kind == .unwind { style += ",stroke-dasharray:5 4" }
            links.append((count, style))
            count += 1
        }
        if !g.caption.isEmpty {
            out += "  caption[\"\(escape(g.caption.joined(separator: "\n")))\"]\n"
        }
        // One class per look, named after the node's state and kind.
        var classes: [String: (style: String, ids: [String])] = [:]
        var order: [String] = []
        for n in g.nodes {
            let s = Palette.node(n)
            let name = className(n)
            if classes[name] == nil {
                var style = "fill:\(s.fill),stroke:\(s.stroke),stroke-width:\(DOTWriter.number(s.width))px,color:\(s.font)"
                if s.dashed { style += ",stroke-dasharray:4 3" }
                classes[name] = (style, [])
                order.append(name)
            }
            classes[name]!.ids.append(n.id)
        }
        if !g.caption.isEmpty {
            classes["caption"] = ("fill:#fffbeb,stroke:#d6d3d1,color:#1e293b,text-align:left", ["caption"])
            order.append("caption")
        }
        for name in order {
            out += "  classDef \(name) \(classes[name]!.style)\n"
            out += "  class \(classes[name]!.ids.joined(separator: ",")) \(name)\n"
        }
        for l in links { out += "  linkStyle \(l.index) \(l.style)\n" }
        return out
    }

    private static func write(_ group: Group, _ byID: [String: Node], indent: String, into out: inout String) {
        out += "\(indent)subgraph \(group.id)[\"\(escape(group.label))\"]\n"
        let inner = indent + "  "
        for m in group.members { out += inner + node(byID[m]!) + "\n" }
        for g in group.groups { write(g, byID, indent: inner, into: &out) }
        out += "\(indent)end\n"
    }

    static func node(_ n: Node) -> String {
        let label = "\"" + escape(n.label.joined(separator: "\n")) + "\""
        switch n.kind {
        case .scene(_?, _): return "\(n.id)[[\(label)]]"
        case .scene(nil, _): return "\(n.id)(\(label))"
        case .nowhere: return "\(n.id){{\(label)}}"
        }
    }

    static func arrow(_ k: Edge.Kind) -> String {
        switch k {
        case .show, .showDetail, .custom: "-->"
        case .present, .popover: "==>"
        case .embed: "--o"
        case .relationship: "---"
        case .unwind: "-.->"
        }
    }

    static func className(_ n: Node) -> String {
        var kind = "vc"
        switch n.kind {
        case .scene(.navigation?, _): kind = "nav"
        case .scene(.tabBar?, _): kind = "tabs"
        case .scene(.split?, _): kind = "split"
        case .scene(nil, true): kind = "xib"
        case .nowhere: kind = "nowhere"
        default: break
        }
        let state: String
        switch n.state {
        case .normal: state = ""
        case .unreached: return "unreached"
        case .onPath: state = "Path"
        case .live: state = "Live"
        case .visible: state = "Visible"
        case .frontmost: return "frontmost"
        case .crashed: return "crashed"
        }
        return kind + state
    }

    /// A label's text: `#` and the characters that end a quoted label or a link label as
    /// Mermaid entity codes, a line break as `<br/>`.
    static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "#": out += "#35;"
            case "\"": out += "#quot;"
            case "|": out += "#124;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "\n": out += "<br/>"
            case "\r": continue
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// The front matter's title: a YAML plain scalar, so anything else is dropped.
    static func titleText(_ s: String) -> String {
        let kept = s.unicodeScalars.filter { c in c.isASCII ? (("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || " -_.".unicodeScalars.contains(c)) : true }
        let t = String(String.UnicodeScalarView(kept))
        return t.isEmpty ? "flow" : t
    }
}
