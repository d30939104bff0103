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

    public init(diagnostics: [Diagnostic], omitted: Int) {
        self.diagnostics = diagnostics
        self.omitted = omitted
    }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}

/// Nearest known names by edit distance, for "did you mean" hints.
public enum NameSuggester {
    public static func nearest(to name: String, in candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        let lowered = name.lowercased()
        let words = camelWords(name)
        var scored: [(Int, String)] = []
        for candidate in candidates where candidate != name {
            // An abbreviation (`UINavController`, `nav`) is what a person meant before any
            // name a few edits away: it ranks first.
            if abbreviates(words, candidate) {
                scored.append((0, candidate))
                continue
            }
            let d = distance(lowered, candidate.lowercased())
            // Allow roughly one edit per three characters, and always a case-only difference.
            let allowed = max(2, min(lowered.count, candidate.count) / 3)
            if d <= allowed || candidate.lowercased() == lowered {
                scored.append((d, candidate))
            }
        }
        // When a name abbreviates some candidates, the ones it merely resembles are noise.
        if scored.contains(where: { $0.0 == 0 && $0.1.lowercased() != lowered }) { scored.removeAll { $0.0 != 0 } }
        scored.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        return scored.prefix(limit).map(\.1)
    }

    /// Whether `words` (a camel-case name split) abbreviate `candidate` word for word, each a
    /// prefix of the candidate's word in the same place, with at least one word shortened and
    /// the first letters kept: `UINavController` → `UINavigationController`.
    static func abbreviates(_ words: [Substring], _ candidate: String) -> Bool {
        let theirs = camelWords(candidate)
        guard words.count == theirs.count, words.count >= 2 else { return false }
        var shortened = false
        for (w, t) in zip(words, theirs) {
            guard w.count >= 2 || t.count == 1, t.lowercased().hasPrefix(w.lowercased()) else { return false }
            if w.count < t.count { shortened = true }
        }
        return shortened
    }

    /// `UINavigationController` → `UI`, `Navigation`, `Controller`; `noSelection` → `no`,
    /// `Selection`. A run of capitals is one word (an acronym) up to the last, which starts the
    /// next word.
    static func camelWords(_ name: String) -> [Substring] {
        var out: [Substring] = []
        var start = name.startIndex
        var i = name.startIndex
        while i < name.endIndex {
            let next = name.index(after: i)
            if next < name.endIndex {
                let c = name[i], n = name[next]
                let afterNext = name.index(after: next)
                let nextStartsWord = n.isUppercase && (c.isLowercase || c.isNumber
                    || (c.isUppercase && afterNext < name.endIndex && name[afterNext].isLowercase))
                if nextStartsWord || n == "_" {
                    out.append(name[start..<next])
                    start = n == "_" ? afterNext : next
                    i = n == "_" ? afterNext : next
                    continue
                }
            }
            i = next
        }
        if start < name.endIndex { out.append(name[start...]) }
        return out
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

/// Small pieces of English for messages.
public enum English {
    /// `a` or `an` before a word as it is read aloud: `an InboxViewController`, `an action`,
    /// but `a UINavigationController` (read "you-eye").
    public static func article(_ word: String) -> String {
        guard let first = word.first else { return "a" }
        if first == "U" || first == "u" {
            // `UI…`, `use…`, `uni…` sound like "you"; `un…` / `up…` do not.
            let rest = word.dropFirst().lowercased()
            return rest.hasPrefix("n") && !rest.hasPrefix("ni") || rest.hasPrefix("p") || rest.hasPrefix("pd") ? "an" : "a"
        }
        return "AEIOaeio".contains(first) ? "an" : "a"
    }
}

