/// The colours and strokes both writers use, so DOT and Mermaid pictures read alike.
enum Palette {
    static let text = "#1e293b"
    static let grey = "#94a3b8"
    static let greyLine = "#cbd5e1"
    static let path = "#ea580c"
    static let error = "#dc2626"
    static let warning = "#d97706"

    struct NodeStyle {
        var fill: String
        var stroke: String
        var width: Double
        var font: String
        var dashed: Bool
    }

    static func node(_ n: Node) -> NodeStyle {
        var s = NodeStyle(fill: "#ffffff", stroke: "#475569", width: 1, font: text, dashed: false)
        switch n.kind {
        case .scene(let container?, _):
            s.fill = container == .navigation ? "#e0e7ff" : container == .tabBar ? "#fce7f3" : "#dcfce7"
        case .scene(nil, true):
            s.fill = "#f5f3ff"
        case .nowhere:
            s = NodeStyle(fill: "#fef2f2", stroke: error, width: 1, font: error, dashed: true)
        default:
            break
        }
        switch n.state {
        case .normal: break
        case .unreached: s = NodeStyle(fill: "#f8fafc", stroke: greyLine, width: 1, font: grey, dashed: true)
        case .onPath: s.stroke = path; s.width = 2.5
        case .live: s.fill = "#dbeafe"; s.stroke = "#2563eb"; s.width = 1.5
        case .visible: s.fill = "#93c5fd"; s.stroke = "#1d4ed8"; s.width = 2
        case .frontmost: s.fill = "#fbbf24"; s.stroke = "#b45309"; s.width = 3
        case .crashed: s.fill = "#fecaca"; s.stroke = error; s.width = 3
        }
        return s
    }

    struct EdgeStyle {
        var colour: String
        var font: String
        var width: Double
    }

    static func kindColour(_ k: Edge.Kind) -> String {
        switch k {
        case .show: "#334155"
        case .showDetail: "#0f766e"
        case .present: "#1d4ed8"
        case .popover: "#7c3aed"
        case .embed, .relationship: "#64748b"
        case .unwind: "#be185d"
        case .custom: "#a16207"
        }
    }

    static func edge(_ e: Edge) -> EdgeStyle {
        var s = EdgeStyle(colour: kindColour(e.kind), font: "#475569", width: e.kind == .present || e.kind == .popover ? 2 : 1.2)
        if e.state == .unperformed { s.colour = greyLine; s.font = grey }
        if e.problem == .warning { s.colour = warning; s.font = warning; s.width = 2 }
        if e.problem == .error { s.colour = error; s.font = error; s.width = 2.5 }
        if case .onPath = e.state { s.colour = path; s.width = 3 }
        return s
    }

    /// `step 2`, `steps 1, 3` — the path steps that performed an edge.
    static func steps(_ e: Edge) -> String? {
        guard case .onPath(let steps) = e.state else { return nil }
        return (steps.count == 1 ? "step " : "steps ") + steps.map(String.init).joined(separator: ", ")
    }
}
