import FlowModel

/// `check --write-baseline FILE` / `--baseline FILE`: the findings a team already has, so that
/// CI fails only on new ones (as SwiftLint's baseline does). A finding is identified by its
/// flow file, rule and message with addresses normalised (its `key`), not by line: editing the
/// flow elsewhere does not make an old finding new. Each entry absorbs one finding, so a second
/// copy of a known problem is new.
public struct Baseline: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var file: String
        public var rule: String
        public var message: String
        /// The finding's confidence when the baseline was written; nil in a baseline written
        /// before findings had one. Said for review only: a finding is matched without it, so
        /// that one whose confidence changed (code read since, or no longer) stays known.
        public var confidence: Confidence?

        public init(file: String, rule: String, message: String, confidence: Confidence? = nil) {
            self.file = file
            self.rule = rule
            self.message = message
            self.confidence = confidence
        }

        init(_ f: Finding) {
            self.init(file: f.file, rule: f.rule.id, message: Finding.normalised(f.message), confidence: f.confidence)
        }

        /// What a finding is matched by.
        var match: [String] { [file, rule, message] }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    /// The baseline of these reports' findings (suppressed ones are not needed: the flow says them).
    public init(_ reports: [Report]) {
        entries = reports.flatMap { $0.findings.map(Entry.init) }
    }

    /// Moves each finding the baseline lists from `findings` to `baselined`.
    public func apply(to report: inout Report) {
        var remaining: [[String]: Int] = [:]
        for e in entries { remaining[e.match, default: 0] += 1 }
        var kept: [Finding] = []
        for f in report.findings {
            let e = Entry(f).match
            if let n = remaining[e], n > 0 {
                remaining[e] = n - 1
                report.baselined.append(f)
            } else {
                kept.append(f)
            }
        }
        report.findings = kept
    }

    /// The file: JSON, one entry per finding, sorted so that it diffs well in review.
    public var json: String {
        let w = JSONWriter()
        w.object {
            w.field("flownavBaseline", 1)
            w.key("findings")
            w.array {
                for e in entries.sorted(by: { ($0.file, $0.rule, $0.message) < ($1.file, $1.rule, $1.message) }) {
                    w.object {
                        w.field("file", e.file)
                        w.field("rule", e.rule)
                        w.field("message", e.message)
                        if let c = e.confidence { w.field("confidence", c.rawValue) }
                    }
                }
            }
        }
        return w.text + "\n"
    }

    /// Reads a baseline file written by `flownav check --write-baseline FILE`.
    public static func read(_ path: String) throws(BaselineError) -> Baseline {
        switch FileBytes.read(path) {
        case .success(let bytes): return try parse(bytes, file: path).get()
        case .failure(let p): throw BaselineError(message: "error: \(path): \(p.message)")
        }
    }

    /// Reads a baseline file's text; an error message saying where it is wrong otherwise.
    public static func parse(_ bytes: [UInt8], file: String) -> Result<Baseline, BaselineError> {
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            return .failure(BaselineError(message: "\(file):\(error.position.line):\(error.position.column): error: \(error.message)"))
        }
        func fail(_ node: JSONNode, _ what: String) -> Result<Baseline, BaselineError> {
            .failure(BaselineError(message: "\(file):\(node.position.line):\(node.position.column): error: \(what)"))
        }
        guard case .object(let top) = root.value,
              let version = top.first(where: { $0.key == "flownavBaseline" })?.value,
              case .number(1, _) = version.value
        else { return fail(root, "not a flownav baseline: expected an object with \"flownavBaseline\": 1 (written by 'flownav check --write-baseline FILE')") }
        guard let list = top.first(where: { $0.key == "findings" })?.value, case .array(let items) = list.value
        else { return fail(root, "expected \"findings\", an array") }
        var entries: [Entry] = []
        for item in items {
            guard case .object(let members) = item.value else { return fail(item, "expected an object with file, rule and message") }
            var fields: [String: String] = [:]
            for m in members { if case .string(let s) = m.value.value { fields[m.key] = s } }
            guard let f = fields["file"], let r = fields["rule"], let msg = fields["message"]
            else { return fail(item, "expected an object with file, rule and message, each a string") }
            // "confidence" is optional: a baseline written before it still reads.
            var confidence: Confidence?
            if let c = fields["confidence"] {
                guard let known = Confidence(rawValue: c) else { return fail(item, "\"confidence\" is '\(c)'; expected definite or possible") }
                confidence = known
            }
            entries.append(Entry(file: f, rule: r, message: msg, confidence: confidence))
        }
        return .success(Baseline(entries: entries))
    }
}

public struct BaselineError: Error, Hashable, Sendable {
    public var message: String

    public init(message: String) { self.message = message }
}
