/// One problem found in a flow file: where it is (file, line, column, JSON path), what was
/// expected, and the nearest known names when a name was not found.
public struct Diagnostic: Error, Hashable, Sendable {
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
    }

    public var severity: Severity
    public var file: String
    public var position: SourcePosition?
    /// The JSON path of the offending value, e.g. `segues[1].destination`; empty for the root.
    public var path: String
    public var message: String
    /// Known names close to an unknown one, nearest first.
    public var suggestions: [String]

    public init(
        _ severity: Severity, file: String, position: SourcePosition?, path: String,
        message: String, suggestions: [String] = []
    ) {
        self.severity = severity
        self.file = file
        self.position = position
        self.path = path
        self.message = message
        self.suggestions = suggestions
    }
}

extension Diagnostic: CustomStringConvertible {
    /// `file:line:column: error: path: message; did you mean 'x'?` — the shape compilers use,
    /// so editors and CI annotators can jump to the spot.
    public var description: String {
        var s = file
        if let position { s += ":\(position.line):\(position.column)" }
        s += ": \(severity.rawValue): "
        if !path.isEmpty { s += "\(path): " }
        s += message
        switch suggestions.count {
        case 0: break
        case 1: s += "; did you mean '\(suggestions[0])'?"
        default:
            let quoted = suggestions.map { "'\($0)'" }
            s += "; did you mean \(quoted.dropLast().joined(separator: ", ")) or \(quoted.last!)?"
        }
        return ControlCharacters.escaped(s)
    }
}

/// The loader's verdict on a flow that cannot be used: every error found (up to a cap), plus
/// the warnings seen on the way.
public struct FlowLoadError: Error, Sendable {
    public var diagnostics: [Diagnostic]
    /// How many further errors were found but not listed.
    public var omitted: Int

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}

/// Nearest known names by edit distance, for "did you mean" hints.
public enum NameSuggester {
    public static func nearest(to name: String, in candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        let lowered = name.lowercased()
        var scored: [(Int, String)] = []
        for candidate in candidates where candidate != name {
            let d = distance(lowered, candidate.lowercased())
            // Allow roughly one edit per three characters, and always a case-only difference.
            let allowed = max(2, min(lowered.count, candidate.count) / 3)
            if d <= allowed || candidate.lowercased() == lowered {
                scored.append((d, candidate))
            }
        }
        scored.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        return scored.prefix(limit).map(\.1)
    }

    /// Damerau–Levenshtein (optimal string alignment): a swap of two letters is one typo.
    public static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous2 = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    v = min(v, previous2[j - 2] + 1)
                }
                current[j] = v
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[y.count]
    }
}
