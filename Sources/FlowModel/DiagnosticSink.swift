/// Collects the loader's findings so that one run reports every problem, not just the first.
struct DiagnosticSink {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var errorCount = 0
    /// Past this many errors a broken file would only bury the first, most useful messages.
    static let errorCap = 50

    init(file: String) { self.file = file }

    var hasErrors: Bool { errorCount > 0 }

    mutating func error(_ position: SourcePosition?, _ path: String, _ message: String, suggestions: [String] = []) {
        errorCount += 1
        guard errorCount <= Self.errorCap else { return }
        diagnostics.append(Diagnostic(.error, file: file, position: position, path: path, message: message, suggestions: suggestions))
    }

    mutating func warning(_ position: SourcePosition?, _ path: String, _ message: String, suggestions: [String] = []) {
        diagnostics.append(Diagnostic(.warning, file: file, position: position, path: path, message: message, suggestions: suggestions))
    }

    /// Made only for an error that is shown: the candidate list is an autoclosure, so errors
    /// past the cap neither look for near names nor build the list (10,000 unknown references
    /// spent 42 s on suggestions nobody would see).
    mutating func unknown<Known: Sequence<String>>(
        _ what: String, _ name: String, at position: SourcePosition?, _ path: String,
        known: @autoclosure () -> Known, extra: String = ""
    ) {
        guard errorCount < Self.errorCap else {
            errorCount += 1
            return
        }
        WorkMeter.add(.suggestionLists)
        error(position, path, "unknown \(what) '\(name)'\(extra)", suggestions: nearest(to: name, in: Array(known())))
    }

    /// Near names of `name` among `known` (a list of `kind`), for a message. Warnings have no
    /// cap, and a flow can hold thousands of stale names: each name is looked up once, and at
    /// most `suggestionLimit` names are, so the work stays bounded (the list is made only for
    /// a lookup).
    mutating func suggestions<Known: Sequence<String>>(_ kind: String, _ name: String, limit: Int = 3, in known: @autoclosure () -> Known) -> [String] {
        let key = kind + "\u{0}" + name
        if let found = suggested[key] { return Array(found.prefix(limit)) }
        guard suggested.count < Self.suggestionLimit else {
            withheld = true
            return []
        }
        WorkMeter.add(.suggestionLists)
        let found = nearest(to: name, in: Array(known()))
        suggested[key] = found
        return Array(found.prefix(limit))
    }

    /// The nearest of a few known names (an object's keys, an enumeration's values) to an
    /// unknown one, for the first `suggestionLimit` such warnings (a hostile file has 100,000).
    mutating func nearestKnown(to name: String, in known: [String], limit: Int = 1) -> [String] {
        guard nearKeyLookups < Self.suggestionLimit else {
            withheld = true
            return []
        }
        nearKeyLookups += 1
        return nearest(to: name, in: known, limit: limit)
    }

    /// Every lookup compares its whole candidate list, within a budget for the file: past it,
    /// messages name no candidate (the result never depends on which candidates came first).
    private mutating func nearest(to name: String, in known: [String], limit: Int = 3) -> [String] {
        guard compared + known.count <= Self.comparisonBudget else {
            withheld = true
            return []
        }
        compared += known.count
        return NameSuggester.nearest(to: name, in: known, limit: limit)
    }

    private var suggested: [String: [String]] = [:]
    private var nearKeyLookups = 0
    private var compared = 0
    /// Whether some message went without the near names it would have had.
    private(set) var withheld = false
    /// Names looked up for near names, per kind of lookup (warnings of stale names, unknown keys).
    static let suggestionLimit = 100
    /// Candidates compared with unknown names, in all, for one file.
    static let comparisonBudget = NameSuggester.comparisonBudget

    /// A warning saying that near names were withheld, if they were: added once, at the end.
    mutating func noteWithheldSuggestions() {
        guard withheld else { return }
        withheld = false
        warning(nil, "", "near names (\"did you mean\") were looked up for the first \(Self.suggestionLimit) unknown names of each kind and 200,000 candidates in all, flownav's limit for one file; later messages suggest none")
    }

    var omitted: Int { max(0, errorCount - Self.errorCap) }
}

/// A JSON object's members checked against the keys a format-1 object may have.
struct Fields {
    let path: String
    let position: SourcePosition
    /// The object's members in file order. A lookup takes the first of a name, as a duplicate
    /// is reported; a scan of these few members is cheaper than hashing every key into a
    /// dictionary (which was a sixth of the whole load), and only known keys are looked up.
    private let members: [JSONNode.Member]

    /// nil (with an error reported) when `node` is not an object.
    init?(_ node: JSONNode, _ path: String, known: [String], required: [String] = [], sink: inout DiagnosticSink, what: String = "an object") {
        self.path = path
        self.position = node.position
        guard case .object(let members) = node.value else {
            sink.error(node.position, path, "expected \(what), found \(node.typeName)")
            self.members = []
            return nil
        }
        // A large object (only a broken or hostile file has one here) is checked with a set, so
        // that duplicates are found in linear time.
        var seen: Set<String>? = members.count > 16 ? Set(minimumCapacity: members.count) : nil
        var anyUnknown = false
        // Index loops, not `enumerated()`, and no member copied: this runs for every object of
        // a flow (two for each of 10,000 scenes), and the iterator's copies were a third of it.
        for i in members.indices {
            let key = members[i].key
            let n = key.utf8.count
            var isKnown = false
            for k in known.indices where known[k].utf8.count == n && known[k] == key {
                isKnown = true
                break
            }
            guard isKnown else {
                anyUnknown = true
                sink.warning(
                    members[i].keyPosition, JSONPath.member(path, key), "unknown key '\(key)' is ignored",
                    suggestions: sink.nearestKnown(to: key, in: known))
                continue
            }
            var duplicate = false
            if seen != nil {
                duplicate = !seen!.insert(key).inserted
            } else {
                for j in 0..<i where members[j].key.utf8.count == n && members[j].key == key {
                    duplicate = true
                    break
                }
            }
            if duplicate { sink.error(members[i].keyPosition, JSONPath.member(path, key), "duplicate key '\(key)'") }
        }
        // Lookups see only the keys the format knows.
        self.members = anyUnknown ? members.filter { known.contains($0.key) } : members
        for key in required where !has(key) {
            sink.error(node.position, path, "missing required key '\(key)'")
        }
    }

    /// The index of the first member named `key`.
    private func index(_ key: String) -> Int? {
        // Lengths first: most keys looked up are absent, and comparing two different strings
        // costs many times comparing two counts.
        // Through a buffer pointer: read in place, a member's key is not retained and released
        // for each comparison, which was most of a lookup's cost.
        let n = key.utf8.count
        return members.withUnsafeBufferPointer { m in
            for i in m.indices where m[i].key.utf8.count == n && m[i].key == key { return i }
            return nil
        }
    }

    subscript(_ key: String) -> JSONNode? {
        guard let i = index(key) else { return nil }
        return members[i].value
    }

    /// Whether the object has `key`: without copying its value out, as `self[key] != nil` does.
    func has(_ key: String) -> Bool { index(key) != nil }

    func path(_ key: String) -> String { JSONPath.member(path, key) }

    func string(_ key: String, _ sink: inout DiagnosticSink, nonEmpty: Bool = true) -> String? {
        guard let node = self[key] else { return nil }
        return Self.string(node, path(key), &sink, nonEmpty: nonEmpty)
    }

    /// (Paths are built only for an error: building one per value read was a tenth of a load.)
    static func string(_ node: JSONNode, _ path: @autoclosure () -> String, _ sink: inout DiagnosticSink, nonEmpty: Bool = true) -> String? {
        guard case .string(let s) = node.value else {
            sink.error(node.position, path(), "expected a string, found \(node.typeName)")
            return nil
        }
        if nonEmpty && s.isEmpty {
            sink.error(node.position, path(), "expected a non-empty string")
            return nil
        }
        return s
    }

    func bool(_ key: String, _ sink: inout DiagnosticSink) -> Bool? {
        guard let node = self[key] else { return nil }
        guard case .bool(let b) = node.value else {
            sink.error(node.position, path(key), "expected true or false, found \(node.typeName)")
            return nil
        }
        return b
    }

    func int(_ key: String, _ sink: inout DiagnosticSink, minimum: Int = 0) -> Int? {
        guard let node = self[key] else { return nil }
        return Self.int(node, path(key), &sink, minimum: minimum)
    }

    static func int(_ node: JSONNode, _ path: @autoclosure () -> String, _ sink: inout DiagnosticSink, minimum: Int = 0) -> Int? {
        guard case .number(let d, let text) = node.value, d == d.rounded(), abs(d) < 1e9 else {
            let found: String
            if case .number(let d, let text) = node.value, d == d.rounded() {
                found = "\(text) beyond flownav's limit of 999,999,999"
            } else {
                found = node.typeName == "a number" ? "a fraction" : node.typeName
            }
            sink.error(node.position, path(), "expected a whole number, found \(found)")
            return nil
        }
        _ = text
        let i = Int(d)
        if i < minimum {
            sink.error(node.position, path(), "expected a number of at least \(minimum), found \(i)")
            return nil
        }
        return i
    }

    /// Each string with its position and its index in the array (for its path, made only for a
    /// message); non-strings are reported and skipped.
    func strings(_ key: String, _ sink: inout DiagnosticSink) -> [(String, SourcePosition, Int)] {
        guard let node = self[key] else { return [] }
        guard case .array(let items) = node.value else {
            sink.error(node.position, path(key), "expected an array of strings, found \(node.typeName)")
            return []
        }
        var out: [(String, SourcePosition, Int)] = []
        out.reserveCapacity(items.count)
        for i in items.indices {
            if let s = Self.string(items[i], JSONPath.index(path(key), i), &sink) { out.append((s, items[i].position, i)) }
        }
        return out
    }

    /// The strings only, for the many callers that need neither positions nor paths.
    func stringValues(_ key: String, _ sink: inout DiagnosticSink) -> [String] {
        guard let node = self[key] else { return [] }
        guard case .array(let items) = node.value else {
            sink.error(node.position, path(key), "expected an array of strings, found \(node.typeName)")
            return []
        }
        var out: [String] = []
        out.reserveCapacity(items.count)
        for i in items.indices {
            if let s = Self.string(items[i], JSONPath.index(path(key), i), &sink) { out.append(s) }
        }
        return out
    }

    /// An object used as a map from names to values, in file order.
    func map(_ key: String, _ sink: inout DiagnosticSink) -> [JSONNode.Member] {
        guard let node = self[key] else { return [] }
        return Self.map(node, path(key), &sink)
    }

    static func map(_ node: JSONNode, _ path: String, _ sink: inout DiagnosticSink) -> [JSONNode.Member] {
        guard case .object(let members) = node.value else {
            sink.error(node.position, path, "expected an object, found \(node.typeName)")
            return []
        }
        // Duplicates by a scan while the map is small (most are), by a set once it is not.
        var seen: Set<String>? = members.count > 16 ? Set(minimumCapacity: members.count) : nil
        var out: [JSONNode.Member] = []
        out.reserveCapacity(members.count)
        for (i, m) in members.enumerated() {
            if seen != nil ? !seen!.insert(m.key).inserted : members[..<i].contains(where: { $0.key == m.key }) {
                sink.error(m.keyPosition, JSONPath.member(path, m.key), "duplicate key '\(m.key)'")
                continue
            }
            if m.key.isEmpty {
                sink.error(m.keyPosition, JSONPath.member(path, m.key), "a name may not be empty")
                continue
            }
            out.append(m)
        }
        return out
    }

    func array(_ key: String, _ sink: inout DiagnosticSink) -> [JSONNode] {
        guard let node = self[key] else { return [] }
        guard case .array(let items) = node.value else {
            sink.error(node.position, path(key), "expected an array, found \(node.typeName)")
            return []
        }
        return items
    }

    func origin(_ key: String? = nil) -> Origin {
        if let key, let node = self[key] { return Origin(path: path(key), position: node.position) }
        return Origin(path: path, position: position)
    }

    func enumValue<E: RawRepresentable & CaseIterable>(_ key: String, _ type: E.Type, _ sink: inout DiagnosticSink, what: String) -> E?
    where E.RawValue == String {
        guard let s = string(key, &sink) else { return nil }
        if let e = E(rawValue: s) { return e }
        let known = E.allCases.map(\.rawValue)
        sink.error(
            self[key]?.position, path(key),
            "unknown \(what) '\(s)'; expected one of \(known.joined(separator: ", "))",
            suggestions: sink.nearestKnown(to: s, in: known))
        return nil
    }
}
