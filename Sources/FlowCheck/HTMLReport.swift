import FlowGraph
import FlowModel

/// `check --format html`: one self-contained page — summary, findings grouped by rule with
/// their positions and fixes, each exploration finding's path drawn on the flow's graph, and
/// coverage with what was never reached greyed out. Pictures are inline SVG; no script, no
/// font or style from the network. Pure: the caller turns DOT into SVG (`draw`).
public enum HTMLReport {
    /// DOT → SVG, or why it could not be drawn.
    public typealias Draw = (String) -> Result<String, DrawProblem>

    public struct DrawProblem: Error, Sendable {
        public var message: String
        public init(_ message: String) { self.message = message }
    }

    public static func page(_ checked: [(report: Report, flow: Flow)], version: String, draw: Draw) -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="flownav \(html(version))">
            <title>flownav check — \(html(checked.map(\.report.flowName).joined(separator: ", ")))</title>
            <style>\(css)</style>
            </head>
            <body>
            <header><h1>flownav check</h1><p class="sub">\(checked.count == 1 ? "1 flow" : "\(checked.count) flows") · flownav \(html(version))</p></header>
            <main>

            """
        for (report, flow) in checked { section(report, flow, draw: draw, into: &out) }
        out += "</main>\n</body>\n</html>\n"
        return out
    }

    static func section(_ report: Report, _ flow: Flow, draw: Draw, into out: inout String) {
        out += "<section class=\"flow\">\n"
        out += "<h2>\(html(report.flowName)) <span class=\"file\">\(html(report.file))</span></h2>\n"
        // Summary: counts by severity, size, coverage, exploration.
        out += "<div class=\"summary\">\n"
        for s in Severity.allCases.reversed() {
            let n = report.findings.filter { $0.severity == s }.count
            out += "<span class=\"badge \(s)\(n == 0 ? " zero" : "")\">\(n) \(s)\(n == 1 ? "" : "s")</span>\n"
        }
        out += "<span class=\"stat\">\(report.scenes) scenes, \(report.segues) segues</span>\n"
        if let c = report.coverage {
            out += "<span class=\"stat\">scenes reached \(c.scenesReached)/\(c.scenesTotal)</span>\n"
            out += "<span class=\"stat\">segues performed \(c.seguesPerformed)/\(c.seguesTotal)</span>\n"
            out += "<span class=\"stat\">\(ReportFormat.count(c.states, "state")) explored\(c.complete ? ", complete" : ", cut off")</span>\n"
        }
        out += "</div>\n"

        let rules = Rules.all.filter { r in report.findings.contains { $0.rule.id == r.id } }
        if rules.isEmpty {
            out += "<p class=\"none\">No problems found.</p>\n"
        } else {
            out += "<nav><ul>\n"
            for r in rules {
                let group = report.findings.filter { $0.rule.id == r.id }
                out += "<li><a href=\"#\(anchor(report, r.id))\"><span class=\"dot \(group.map(\.severity).max()!)\"></span>\(html(r.id))</a> <span class=\"count\">\(group.count)</span></li>\n"
            }
            out += "</ul></nav>\n"
        }

        if let c = report.coverage {
            out += "<h3>Coverage</h3>\n"
            out += "<p class=\"explain\">" + html(ReportFormat.coverageText(c).split(separator: "\n").prefix(2).joined(separator: " · ")) + "</p>\n"
            var h = Highlights()
            h.unreachedScenes = Set(c.sceneIndicesNotReached)
            h.unperformedSegues = Set(c.segueIndicesNotPerformed)
            figure(GraphBuilder.graph(of: flow, highlights: h), caption: "Scenes and segues the exploration never reached are grey and dashed.", draw: draw, into: &out)
        }
        out += legend

        for r in rules {
            let group = report.findings.filter { $0.rule.id == r.id }
            out += "<h3 id=\"\(anchor(report, r.id))\" class=\"rule\">\(html(r.id)) <span class=\"count\">\(group.count)</span></h3>\n"
            out += "<p class=\"explain\">\(html(r.summary))</p>\n"
            for f in group { finding(f, flow, draw: draw, into: &out) }
        }
        out += "</section>\n"
    }

    static func finding(_ f: Finding, _ flow: Flow, draw: Draw, into out: inout String) {
        out += "<article class=\"finding \(f.severity)\">\n"
        out += "<div class=\"where\"><span class=\"sev\">\(f.severity)</span> <code>\(html(f.primaryLocation))</code>"
        if let p = f.origin?.path, !p.isEmpty { out += " <code class=\"jsonpath\">\(html(p))</code>" }
        out += "</div>\n"
        out += "<pre class=\"message\">\(html(f.message))</pre>\n"
        if f.confidence == .possible {
            out += "<p class=\"possible\"><b>possible</b> — assumes:</p>\n<ul class=\"assumes\">"
            for a in f.assumes { out += "<li>\(html(a))</li>" }
            out += "</ul>\n"
        }
        out += "<p class=\"fix\"><b>fix</b> \(html(f.hint))</p>\n"
        let console = f.console.filter { !f.message.contains($0) }
        if !console.isEmpty { out += "<pre class=\"console\">\(html(console.joined(separator: "\n")))</pre>\n" }
        if let steps = f.path {
            let trace = PathTracer.trace(flow, steps.map { ($0.command, $0.text) })
            out += "<div class=\"path\"><b>shortest path</b> "
            if steps.isEmpty {
                out += "<span class=\"step\">at launch</span>"
            } else {
                for (k, s) in steps.enumerated() {
                    let crashed = k < trace.steps.count && trace.steps[k].crashed
                    out += "<span class=\"step\(crashed ? " crashed" : "")\"><i>\(k + 1)</i><code>\(html(s.text))</code></span>"
                }
            }
            out += "</div>\n"
            var h = trace.sim.hasCrashed ? Highlights() : Highlights(window: trace.sim)
            h.path = trace.steps
            h.crashedAt = trace.crashedAt
            figure(GraphBuilder.graph(of: flow, highlights: h), caption: nil, draw: draw, into: &out)
        }
        out += "</article>\n"
    }

    static func figure(_ graph: Graph, caption: String?, draw: Draw, into out: inout String) {
        let dot = DOTWriter.text(graph)
        out += "<figure>\n"
        switch draw(dot) {
        case .success(let svg):
            out += inline(svg) + "\n"
        case .failure(let p):
            out += "<p class=\"nodraw\">\(html(p.message))</p>\n<details><summary>DOT</summary><pre>\(html(dot))</pre></details>\n"
        }
        if let caption { out += "<figcaption>\(html(caption))</figcaption>\n" }
        out += "</figure>\n"
    }

    /// Graphviz's SVG without its XML declaration, doctype and comments, and sized by CSS.
    static func inline(_ svg: String) -> String {
        guard let start = svg.firstRange(of: "<svg") else { return "" }
        var body = String(svg[start.lowerBound...])
        while let open = body.firstRange(of: "<!--"), let close = body[open.upperBound...].firstRange(of: "-->") {
            body.removeSubrange(open.lowerBound..<close.upperBound)
        }
        return body.trimmingTrailingNewlines
    }

    static func anchor(_ report: Report, _ rule: String) -> String {
        let flow = report.flowName.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) ? String($0) : "-" }.joined()
        return "\(flow)-\(rule)"
    }

    static func html(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static let legend = """
        <ul class="legend">
        <li><span class="ln show"></span>show, push</li>
        <li><span class="ln detail"></span>show detail</li>
        <li><span class="ln present"></span>present modally</li>
        <li><span class="ln popover"></span>popover</li>
        <li><span class="ln rel"></span>relationship, embed</li>
        <li><span class="ln unwind"></span>unwind (to each scene that implements it)</li>
        <li><span class="ln path"></span>path taken</li>
        <li><span class="ln err"></span>segue action UIKit never finds (only on the container)</li>
        <li><span class="ln warn"></span>segue action not found</li>
        <li><span class="bx front"></span>front-most</li>
        <li><span class="bx crash"></span>crashed</li>
        <li><span class="bx grey"></span>never reached</li>
        </ul>

        """

    static let css = """
        :root{--ink:#1e293b;--mute:#64748b;--line:#e2e8f0;--err:#dc2626;--warn:#d97706;--note:#2563eb;--bg:#f8fafc}
        *{box-sizing:border-box}
        body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:var(--ink);background:var(--bg)}
        header{background:#0f172a;color:#f8fafc;padding:18px 32px}
        header h1{margin:0;font-size:22px;letter-spacing:.3px}
        header .sub{margin:2px 0 0;color:#94a3b8;font-size:13px}
        main{max-width:1280px;margin:0 auto;padding:8px 32px 48px}
        h2{font-size:22px;margin:28px 0 10px}
        h2 .file{font:13px ui-monospace,"DejaVu Sans Mono",monospace;color:var(--mute);font-weight:normal;margin-left:8px}
        h3{font-size:17px;margin:30px 0 4px;padding-top:12px;border-top:1px solid var(--line)}
        h3.rule{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:16px}
        .count{display:inline-block;min-width:22px;padding:0 7px;border-radius:11px;background:#e2e8f0;color:var(--ink);font:600 12px/20px system-ui,sans-serif;text-align:center}
        .summary{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:6px 0 14px}
        .badge{padding:3px 10px;border-radius:6px;font-weight:600;font-size:13px;color:#fff}
        .badge.error{background:var(--err)}.badge.warning{background:var(--warn)}.badge.note{background:var(--note)}
        .badge.zero{background:#cbd5e1;color:#475569}
        .stat{padding:3px 10px;border-radius:6px;background:#fff;border:1px solid var(--line);font-size:13px;color:#334155}
        nav ul{list-style:none;padding:0;margin:0 0 8px;display:flex;flex-wrap:wrap;gap:6px 18px}
        nav a{color:var(--ink);text-decoration:none;font:13px ui-monospace,"DejaVu Sans Mono",monospace}
        nav a:hover{text-decoration:underline}
        .dot{display:inline-block;width:9px;height:9px;border-radius:50%;margin-right:6px;vertical-align:1px}
        .dot.error{background:var(--err)}.dot.warning{background:var(--warn)}.dot.note{background:var(--note)}
        .explain{color:var(--mute);margin:0 0 10px;font-size:14px}
        .none{font-size:16px;color:#15803d}
        article.finding{background:#fff;border:1px solid var(--line);border-left:5px solid var(--note);border-radius:8px;padding:12px 16px;margin:12px 0;box-shadow:0 1px 2px rgba(15,23,42,.04)}
        article.error{border-left-color:var(--err)}article.warning{border-left-color:var(--warn)}
        .where{font-size:13px;color:var(--mute)}
        .where code{background:#f1f5f9;padding:1px 6px;border-radius:4px;color:#334155}
        .sev{font-weight:700;text-transform:uppercase;font-size:11px;letter-spacing:.6px;margin-right:4px}
        .error .sev{color:var(--err)}.warning .sev{color:var(--warn)}.note .sev{color:var(--note)}
        pre{white-space:pre-wrap;word-break:break-word;font:13px/1.45 ui-monospace,"DejaVu Sans Mono",monospace;margin:8px 0}
        pre.console{background:#0f172a;color:#fca5a5;padding:8px 12px;border-radius:6px}
        .fix{margin:6px 0;font-size:14px}.fix b{color:#15803d;margin-right:6px}
        .possible{margin:6px 0 2px;font-size:14px}.possible b{color:#b45309}.assumes{margin:0 0 6px;font-size:13px}
        .path{margin:8px 0;font-size:14px;display:flex;flex-wrap:wrap;gap:6px;align-items:center}
        .step{display:inline-flex;align-items:center;border:1px solid #fed7aa;background:#fff7ed;border-radius:6px;overflow:hidden}
        .step i{font-style:normal;background:#ea580c;color:#fff;padding:0 7px;font-size:12px;font-weight:700}
        .step code{padding:0 8px;font-size:13px}
        .step.crashed{border-color:#fecaca;background:#fef2f2}.step.crashed i{background:var(--err)}
        figure{margin:10px 0 4px;background:#fff;border:1px solid var(--line);border-radius:8px;padding:10px;overflow-x:auto}
        figure svg{max-width:100%;height:auto;display:block;margin:0 auto}
        figcaption{color:var(--mute);font-size:13px;margin-top:6px;text-align:center}
        .nodraw{color:var(--warn)}
        .legend{list-style:none;padding:0;margin:8px 0 0;display:flex;flex-wrap:wrap;gap:4px 18px;font-size:12px;color:#475569}
        .legend li{display:flex;align-items:center;gap:6px}
        .ln{display:inline-block;width:28px;border-top:2px solid #334155}
        .ln.detail{border-color:#0f766e}.ln.present{border-top-width:3px;border-color:#1d4ed8}.ln.popover{border-top-width:3px;border-color:#7c3aed}
        .ln.rel{border-color:#64748b}.ln.unwind{border-top-style:dashed;border-color:#be185d}.ln.path{border-top-width:4px;border-color:#ea580c}
        .ln.err{border-top-width:3px;border-color:var(--err)}.ln.warn{border-top-width:3px;border-color:var(--warn)}
        .bx{display:inline-block;width:18px;height:12px;border-radius:3px;border:2px solid #475569}
        .bx.front{background:#fbbf24;border-color:#b45309}.bx.crash{background:#fecaca;border-color:var(--err)}.bx.grey{background:#f8fafc;border:1px dashed #cbd5e1}
        """
}

extension String {
    fileprivate var trimmingTrailingNewlines: String {
        var s = Substring(self)
        while s.last == "\n" { s.removeLast() }
        return String(s)
    }
}
