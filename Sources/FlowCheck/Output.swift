import FlowModel

/// `check`'s reports as text for people, JSON, and SARIF 2.1.0 for code scanning.
public enum ReportFormat {
    // MARK: Text

    /// Findings grouped by rule (in the catalogue's order: lints first), each with its place in
    /// the flow file, its path of commands, and a fix; then coverage and speed.
    public static func text(_ report: Report, threshold: Severity = .note) -> String {
        var out = "\(report.file): \(report.flowName) — \(report.scenes) scenes, \(report.segues) segues\n"
        let shown = report.findings.filter { $0.severity >= threshold }
        if shown.isEmpty {
            out += "no problems\(threshold > .note ? " at or above \(threshold)" : "") found\n"
        }
        for rule in Rules.all {
            let group = shown.filter { $0.rule.id == rule.id }
            guard !group.isEmpty else { continue }
            out += "\n\(rule.id) — \(rule.summary) (\(group.count))\n"
            for f in group {
                var lines = f.message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let first = lines.removeFirst()
                let path = f.origin.map { $0.path.isEmpty ? "" : "\($0.path): " } ?? ""
                // A possible finding says so on its first line, where an editor or grep sees it.
                let possible = f.confidence == .possible ? "possible: " : ""
                out += "  \(f.primaryLocation): \(f.severity): \(possible)\(path)\(first)\n"
                for l in lines { out += "    \(l)\n" }
                if let c = f.confidenceText { out += "    \(c)\n" }
                if f.code != nil, f.origin?.position != nil { out += "    \(placeName(f)): \(f.location)\n" }
                if let steps = f.path {
                    out += "    path: " + (steps.isEmpty ? "(at launch)" : steps.map(\.text).joined(separator: "; ")) + "\n"
                }
                if f.deviceOnly, let d = f.device { out += "    device: \(d.rawValue) only (the other device does not reach it)\n" }
                out += "    fix: \(f.hint)\n"
            }
        }
        if !report.suppressed.isEmpty {
            out += "\nsuppressed in the flow (\(report.suppressed.count))\n"
            for s in report.suppressed {
                let f = s.finding
                let first = f.message.split(separator: "\n").first.map(String.init) ?? ""
                let path = f.origin.map { $0.path.isEmpty ? "" : "\($0.path): " } ?? ""
                out += "  \(f.primaryLocation): \(f.severity): \(f.rule.id): \(path)\(first)\n"
                out += "    reason: \(s.suppression.reason) (\(s.suppression.origin.path))\n"
            }
        }
        for u in report.unusedSuppressions {
            let place = u.origin.position.map { "\(report.file):\($0.line):\($0.column)" } ?? report.file
            let known = Rules.all.contains { $0.id == u.rule } ? "" : " (no rule has that id)"
            out += "\n\(place): warning: \(u.origin.path): suppression of \(u.rule)\(known) at \(u.at) covers no finding; remove it"
            out += "\n"
        }
        let counts = Severity.allCases.reversed().map { s in "\(report.findings.filter { $0.severity == s }.count) \(s)\(report.findings.filter { $0.severity == s }.count == 1 ? "" : "s")" }
        var extra: [String] = []
        if !report.suppressed.isEmpty { extra.append("\(report.suppressed.count) suppressed") }
        if !report.baselined.isEmpty { extra.append("\(report.baselined.count) in the baseline") }
        // Possible findings are notes: said beside that count.
        let possible = report.findings.filter { $0.confidence == .possible }.count
        out += "\n" + counts.joined(separator: ", ") + (possible > 0 ? " (\(possible) possible)" : "") + (extra.isEmpty ? "" : "; " + extra.joined(separator: ", ") + ", not counted") + "\n"
        if !report.deviceCoverage.isEmpty {
            for (d, c) in report.deviceCoverage {
                out += "on \(d.rawValue):\n" + coverageText(c).split(separator: "\n").map { "  \($0)\n" }.joined()
            }
        } else if let c = report.coverage {
            out += coverageText(c)
        }
        return out
    }

    /// What a finding's `location` is, beside its Swift line: a storyboard element or a part of the flow file.
    static func placeName(_ f: Finding) -> String {
        f.file.hasSuffix(".storyboard") || f.file.hasSuffix(".xib") ? "storyboard" : "flow"
    }

    static func coverageText(_ c: Coverage) -> String {
        var out = "coverage: scenes \(c.scenesReached)/\(c.scenesTotal)"
        if !c.scenesNotReached.isEmpty { out += " (not reached: \(list(c.scenesNotReached)))" }
        out += "; segues \(c.seguesPerformed)/\(c.seguesTotal)"
        if !c.seguesNotPerformed.isEmpty { out += " (not performed: \(list(c.seguesNotPerformed)))" }
        out += "\n"
        if c.states == 0 {
            out += c.crashingTransitions > 0 ? "explored: nothing, the app crashes at launch\n" : "explored: nothing, the app has no window root\n"
            return out
        }
        out += "explored: \(count(c.states, "state")), \(count(c.transitions, "transition")) (\(group(c.crashingTransitions)) crashed); "
        if c.complete {
            out += "complete: every reachable state (paths of up to \(count(c.depthCompleted, "event")))\n"
        } else {
            var cut: [String] = []
            if c.stoppedByMaxStates { cut.append("--max-states \(c.maxStates) reached") }
            if c.statesAtDepthLimit > 0 { cut.append("\(count(c.statesAtDepthLimit, "state")) at --depth \(c.depthLimit) not expanded") }
            out += "cut off: \(cut.joined(separator: ", ")); every path of up to \(count(c.depthCompleted, "event")) explored, \(count(c.statesNotExpanded, "known state")) not expanded\n"
        }
        out += "speed: \(fixed(c.seconds, 3)) s, \(group(Int(c.statesPerSecond))) states/s, \(Int(c.bytesPerState.rounded())) bytes per state\n"
        return out
    }

    /// The first eight items, then how many more (the JSON report has them all).
    static func list(_ items: [String]) -> String {
        items.count <= 8 ? items.joined(separator: ", ") : items.prefix(8).joined(separator: ", ") + " and \(items.count - 8) more"
    }

    /// `1 state`, `12,345 states`.
    static func count(_ n: Int, _ noun: String) -> String { "\(group(n)) \(noun)\(n == 1 ? "" : "s")" }

    /// `12,345`.
    static func group(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(ch)
        }
        return (n < 0 ? "-" : "") + out
    }

    static func fixed(_ x: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let v = Int((x * scale).rounded())
        let whole = v / Int(scale), frac = v % Int(scale)
        var f = String(frac)
        while f.count < places { f = "0" + f }
        return places == 0 ? String(whole) : "\(whole).\(f)"
    }

    // MARK: JSON

    public static func json(_ reports: [Report]) -> String {
        let w = JSONWriter()
        w.object {
            w.key("flows")
            w.array {
                for r in reports { flowJSON(r, w) }
            }
        }
        return w.text + "\n"
    }

    static func flowJSON(_ r: Report, _ w: JSONWriter) {
        w.object {
            w.field("file", r.file)
            w.field("name", r.flowName)
            w.field("scenes", r.scenes)
            w.field("segues", r.segues)
            w.key("summary")
            w.object {
                for s in Severity.allCases.reversed() { w.field(s.description, r.findings.filter { $0.severity == s }.count) }
                w.field("possible", r.findings.filter { $0.confidence == .possible }.count)
            }
            w.key("findings")
            w.array {
                for f in r.findings {
                    w.object { findingFields(f, w) }
                }
            }
            w.key("suppressed")
            w.array {
                for s in r.suppressed {
                    w.object {
                        findingFields(s.finding, w)
                        w.field("reason", s.suppression.reason)
                        w.field("suppression", s.suppression.origin.path)
                    }
                }
            }
            w.field("baselined", r.baselined.count)
            if let c = r.coverage {
                w.key("coverage")
                w.object { coverageFields(c, w) }
            }
            // check --device all: each device's coverage ("coverage" above is the first's), so
            // that a device whose exploration crashed at launch is not hidden behind the other's.
            if r.deviceCoverage.count > 1 {
                w.key("devices")
                w.array {
                    for (d, c) in r.deviceCoverage {
                        w.object {
                            w.field("device", d.rawValue)
                            w.key("coverage")
                            w.object { coverageFields(c, w) }
                        }
                    }
                }
            }
        }
    }

    static func coverageFields(_ c: Coverage, _ w: JSONWriter) {
        w.field("scenesReached", c.scenesReached)
        w.field("scenesTotal", c.scenesTotal)
        w.key("scenesNotReached")
        w.array { for s in c.scenesNotReached { w.value(s) } }
        w.field("seguesPerformed", c.seguesPerformed)
        w.field("seguesTotal", c.seguesTotal)
        w.key("seguesNotPerformed")
        w.array { for s in c.seguesNotPerformed { w.value(s) } }
        w.field("states", c.states)
        w.field("transitions", c.transitions)
        w.field("crashingTransitions", c.crashingTransitions)
        w.field("depthCompleted", c.depthCompleted)
        w.field("depthLimit", c.depthLimit)
        w.field("maxStates", c.maxStates)
        w.field("statesAtDepthLimit", c.statesAtDepthLimit)
        w.field("stoppedByMaxStates", c.stoppedByMaxStates)
        w.field("statesNotExpanded", c.statesNotExpanded)
        w.field("complete", c.complete)
        w.field("seconds", c.seconds)
        w.field("statesPerSecond", c.statesPerSecond.rounded())
        w.field("bytesPerState", c.bytesPerState.rounded())
    }

    static func findingFields(_ f: Finding, _ w: JSONWriter) {
        w.field("rule", f.rule.id)
        w.field("kind", f.rule.kind.rawValue)
        w.field("severity", f.severity.description)
        w.field("confidence", f.confidence.rawValue)
        w.key("assumes")
        w.array { for a in f.assumes { w.value(a) } }
        w.field("message", f.message)
        w.field("hint", f.hint)
        w.field("file", f.file)
        if let p = f.origin?.position {
            w.field("line", p.line)
            w.field("column", p.column)
        }
        if let path = f.origin?.path { w.field("jsonPath", path) }
        if let c = f.code {
            w.key("swift")
            w.object {
                w.field("file", c.file)
                w.field("line", c.line)
            }
        }
        if let d = f.device {
            w.field("device", d.rawValue)
            if f.deviceOnly { w.field("deviceOnly", true) }
        }
        pathAndConsole(f, w)
    }

    // MARK: SARIF 2.1.0

    /// One run of the `flownav` driver with every rule, and a result per finding of every flow.
    /// A finding's shortest path and console lines, as the JSON report and SARIF's properties give them.
    static func pathAndConsole(_ f: Finding, _ w: JSONWriter) {
        if let steps = f.path {
            w.key("path")
            w.array { for s in steps { w.value(s.text) } }
        }
        if !f.console.isEmpty {
            w.key("console")
            w.array { for l in f.console { w.value(l) } }
        }
    }

    public static func sarif(_ reports: [Report], version: String) -> String {
        let w = JSONWriter()
        let ruleIndex = Dictionary(uniqueKeysWithValues: Rules.all.enumerated().map { ($0.element.id, $0.offset) })
        w.object {
            w.field("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
            w.field("version", "2.1.0")
            w.key("runs")
            w.array {
                w.object {
                    w.key("tool")
                    w.object {
                        w.key("driver")
                        w.object {
                            w.field("name", "flownav")
                            w.field("version", version)
                            w.field("semanticVersion", version)
                            w.key("rules")
                            w.array {
                                for rule in Rules.all {
                                    w.object {
                                        w.field("id", rule.id)
                                        w.field("name", camel(rule.id))
                                        w.key("shortDescription")
                                        w.object { w.field("text", rule.summary) }
                                        w.key("fullDescription")
                                        w.object { w.field("text", rule.help) }
                                        w.key("help")
                                        w.object { w.field("text", rule.help) }
                                        w.key("defaultConfiguration")
                                        w.object { w.field("level", rule.severity.sarifLevel) }
                                        w.key("properties")
                                        w.object { w.field("kind", rule.kind.rawValue) }
                                    }
                                }
                            }
                        }
                    }
                    w.key("results")
                    w.array {
                        for r in reports {
                            let all = r.findings.map { ($0, nil as Suppression?) } + r.suppressed.map { ($0.finding, $0.suppression) }
                            for (f, suppression) in all {
                                w.object {
                                    w.field("ruleId", f.rule.id)
                                    w.field("ruleIndex", ruleIndex[f.rule.id] ?? 0)
                                    w.field("level", f.severity.sarifLevel)
                                    // Code scanning sorts by rank: a definite finding first, a possible one (at most a note) after.
                                    w.field("rank", f.confidence == .definite ? 100 : 50)
                                    w.key("message")
                                    w.object {
                                        var text = f.message
                                        if let c = f.confidenceText { text += "\n" + c.prefix(1).uppercased() + c.dropFirst() }
                                        if let steps = f.path, !steps.isEmpty { text += "\nPath: " + steps.map(\.text).joined(separator: "; ") }
                                        if f.deviceOnly, let d = f.device { text += "\nDevice: \(d.rawValue) only" }
                                        text += "\nFix: " + f.hint
                                        // SARIF's embedded link to the related location, which viewers show as a link.
                                        if f.code != nil, f.origin?.position != nil {
                                            text += "\nSee [\(placeName(f) == "storyboard" ? "the storyboard element" : "the flow's entry")](1)."
                                        }
                                        w.field("text", text)
                                    }
                                    // Code scanning annotates the primary location: for a finding about
                                    // code, the Swift line to change; the storyboard element or flow
                                    // entry it concerns is a related location.
                                    w.key("locations")
                                    w.array {
                                        w.object {
                                            if let c = f.code {
                                                w.key("physicalLocation")
                                                w.object {
                                                    w.key("artifactLocation")
                                                    w.object { w.field("uri", uri(c.file)) }
                                                    w.key("region")
                                                    w.object { w.field("startLine", c.line) }
                                                }
                                                logical(f, w)
                                            } else {
                                                flowLocation(f, w)
                                            }
                                        }
                                    }
                                    if f.code != nil, f.origin?.position != nil {
                                        w.key("relatedLocations")
                                        w.array {
                                            w.object {
                                                w.field("id", 1)
                                                flowLocation(f, w)
                                                w.key("message")
                                                w.object { w.field("text", placeName(f) == "storyboard" ? "the storyboard element" : "the flow's entry") }
                                            }
                                        }
                                    }
                                    if let suppression {
                                        w.key("suppressions")
                                        w.array {
                                            w.object {
                                                w.field("kind", "inSource")
                                                w.field("justification", suppression.reason)
                                            }
                                        }
                                    }
                                    w.key("partialFingerprints")
                                    w.object { w.field("flownavKey/v1", f.key.split(separator: "\u{0}").joined(separator: ": ")) }
                                    w.key("properties")
                                    w.object {
                                        w.field("confidence", f.confidence.rawValue)
                                        if !f.assumes.isEmpty {
                                            w.key("assumes")
                                            w.array { for a in f.assumes { w.value(a) } }
                                        }
                                        pathAndConsole(f, w)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return w.text + "\n"
    }

    /// The finding's place in the flow file or storyboard, as a SARIF location's members.
    static func flowLocation(_ f: Finding, _ w: JSONWriter) {
        w.key("physicalLocation")
        w.object {
            w.key("artifactLocation")
            w.object { w.field("uri", uri(f.file)) }
            if let p = f.origin?.position {
                w.key("region")
                w.object {
                    w.field("startLine", p.line)
                    w.field("startColumn", p.column)
                }
            }
        }
        logical(f, w)
    }

    static func logical(_ f: Finding, _ w: JSONWriter) {
        if let path = f.origin?.path, !path.isEmpty {
            w.key("logicalLocations")
            w.array { w.object { w.field("fullyQualifiedName", path) } }
        }
    }

    /// `segue-action-on-container` → `SegueActionOnContainer`.
    static func camel(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A relative URI reference for a file path: percent-encodes what URIs do not allow.
    static func uri(_ path: String) -> String {
        var out = ""
        for b in path.utf8 {
            let c = Character(Unicode.Scalar(b))
            if c.isASCII && (c.isLetter || c.isNumber || "-._~/:@!$&'()*+,;=".contains(c)) {
                out.append(c)
            } else {
                let hex = String(b, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}

/// A small JSON writer, two-space indented, keys in the order written. A class, so nested
/// closures can write to it.
final class JSONWriter {
    private(set) var text = ""
    private var indent = 0
    private var first = [true]
    private var afterKey = false

    private func separator() {
        if afterKey {
            afterKey = false
            return
        }
        if !first[first.count - 1] { text += "," }
        first[first.count - 1] = false
        if indent > 0 || !text.isEmpty { text += "\n" }
        text += String(repeating: "  ", count: indent)
    }

    func object(_ body: () -> Void) { open("{", "}", body) }
    func array(_ body: () -> Void) { open("[", "]", body) }

    private func open(_ o: String, _ c: String, _ body: () -> Void) {
        separator()
        text += o
        indent += 1
        first.append(true)
        body()
        let empty = first.removeLast()
        indent -= 1
        if !empty { text += "\n" + String(repeating: "  ", count: indent) }
        text += c
    }

    func key(_ k: String) {
        separator()
        text += Self.quoted(k) + ": "
        afterKey = true
    }

    func value(_ s: String) {
        separator()
        text += Self.quoted(s)
    }

    func raw(_ s: String) {
        separator()
        text += s
    }

    func field(_ k: String, _ v: String) { key(k); raw(Self.quoted(v)) }
    func field(_ k: String, _ v: Int) { key(k); raw(String(v)) }
    func field(_ k: String, _ v: Bool) { key(k); raw(v ? "true" : "false") }
    func field(_ k: String, _ v: Double) {
        key(k)
        raw(v.isFinite ? (v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)") : "null")
    }

    static func quoted(_ s: String) -> String { FlowModel.JSONWriter.quoted(s) }
}
