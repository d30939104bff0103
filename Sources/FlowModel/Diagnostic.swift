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
    /// Names longer than this are compared with no candidate: a typo suggestion would not help
    /// them, and an edit distance costs the product of the two lengths.
    public static let longestComparedName = 128

    /// Candidates compared with unknown names, in all, for one file (the loader's) or one
    /// `check` (its findings): past it, later messages name none.
    public static let comparisonBudget = 200_000

    public static func nearest(to name: String, in candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        let lowered = name.lowercased()
        let x = Array(lowered.unicodeScalars)
        guard x.count <= longestComparedName else { return [] }
        let words = camelWords(name)
        var scored: [(Int, String)] = []
        var compared = 0
        defer { WorkMeter.add(.suggestionComparisons, compared) }
        for candidate in candidates where candidate != name {
            compared += 1
            // An abbreviation (`UINavController`, `nav`) is what a person meant before any
            // name a few edits away: it ranks first. (It keeps the first letter: checked first,
            // as splitting every candidate into words is the costly part.)
            if words.count >= 2, let c = candidate.unicodeScalars.first,
               c == x.first || String(c).lowercased().unicodeScalars.first == x.first,
               abbreviates(words, candidate) {
                scored.append((0, candidate))
                continue
            }
            // Allow roughly one edit per three characters (a case-only difference is none). Names
            // whose lengths differ by more are that many edits apart: not compared.
            let count = candidate.unicodeScalars.count
            let allowed = max(2, min(x.count, count) / 3)
            guard abs(count - x.count) <= allowed else { continue }
            let d = distance(x, Array(candidate.lowercased().unicodeScalars), atMost: allowed)
            if d <= allowed { scored.append((d, candidate)) }
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
        distance(Array(a.unicodeScalars), Array(b.unicodeScalars), atMost: .max - 2)
    }

    /// The distance, or `limit + 1` as soon as it is known to exceed `limit` (two rows of the
    /// table whose every cell exceeds it: no later cell can be smaller).
    static func distance(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar], atMost limit: Int) -> Int {
        if x.isEmpty { return min(y.count, limit + 1) }
        if y.isEmpty { return min(x.count, limit + 1) }
        var previous2 = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        var previousMinimum = 0
        for i in 1...x.count {
            current[0] = i
            var minimum = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    v = min(v, previous2[j - 2] + 1)
                }
                current[j] = v
                minimum = min(minimum, v)
            }
            if minimum > limit && previousMinimum > limit { return limit + 1 }
            previousMinimum = minimum
            (previous2, previous, current) = (previous, current, previous2)
        }
        return min(previous[y.count], limit + 1)
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

