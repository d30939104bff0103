/// Finds the position of the value at a JSON path (`segues[1].action`,
/// `classes.List.segueActions["make(coder:)"]`) in a parsed document. The loader resolves
/// paths only when it reports a problem, instead of recording a position for every member.
enum JSONPathLookup {
    /// Objects whose keys are names (a class, a scene, a dependency…): an entry of one of these
    /// is reported at its name, like a declaration; any other member at its value.
    static let nameMaps: Set<String> = [
        "classes", "scenes", "dependencies", "initializers", "segueActions", "shouldPerform", "methods",
        "actions", "protocols", "destinations", "cases", "arguments", "set", "values",
    ]

    enum Segment: Equatable {
        case key(String)
        case index(Int)
    }

    static func segments(_ path: String) -> [Segment] {
        var out: [Segment] = []
        let chars = Array(path)
        var i = 0
        var current = ""
        func flush() {
            if !current.isEmpty { out.append(.key(current)) }
            current = ""
        }
        while i < chars.count {
            let c = chars[i]
            if c == "." {
                flush()
                i += 1
            } else if c == "[" {
                flush()
                if i + 1 < chars.count, chars[i + 1] == "\"" {
                    var j = i + 2
                    var key = ""
                    while j < chars.count, chars[j] != "\"" {
                        if chars[j] == "\\", j + 1 < chars.count { j += 1 }
                        key.append(chars[j])
                        j += 1
                    }
                    out.append(.key(key))
                    i = j + 2
                } else {
                    var j = i + 1
                    var digits = ""
                    while j < chars.count, chars[j] != "]" {
                        digits.append(chars[j])
                        j += 1
                    }
                    out.append(.index(Int(digits) ?? -1))
                    i = j + 1
                }
            } else {
                current.append(c)
                i += 1
            }
        }
        flush()
        return out
    }

    static func position(of path: String, in root: JSONNode) -> SourcePosition? {
        var resolver = Resolver(root: root)
        return resolver.position(of: path)
    }

    /// Resolves many paths in one document: the members of a large object (the scenes of a
    /// 100,000-scene flow) are indexed by name once, instead of scanned once per path, which
    /// made a warning on every scene cost scenes² comparisons.
    struct Resolver {
        let root: JSONNode
        /// For each large object met, by its path: the index of the last member of each name.
        private var indexes: [String: [String: Int]] = [:]
        private static let indexedSize = 32

        init(root: JSONNode) { self.root = root }

        mutating func position(of path: String) -> SourcePosition? {
            var node = root
            var position: SourcePosition? = root.position
            var parentKey: String?
            var prefix = ""
            for segment in JSONPathLookup.segments(path) {
                switch (segment, node.value) {
                case (.key(let k), .object(let members)):
                    guard let i = lastMember(named: k, in: members, at: prefix) else { return nil }
                    let m = members[i]
                    position = parentKey.map(nameMaps.contains) == true ? m.keyPosition : m.value.position
                    node = m.value
                    parentKey = k
                    prefix = JSONPath.member(prefix, k)
                case (.index(let i), .array(let items)):
                    guard i >= 0, i < items.count else { return nil }
                    node = items[i]
                    position = node.position
                    parentKey = nil
                    prefix = JSONPath.index(prefix, i)
                default:
                    return nil
                }
            }
            return position
        }

        private mutating func lastMember(named key: String, in members: [JSONNode.Member], at prefix: String) -> Int? {
            guard members.count > Self.indexedSize else { return members.lastIndex { $0.key == key } }
            if let index = indexes[prefix] { return index[key] }
            var index: [String: Int] = [:]
            index.reserveCapacity(members.count)
            for (i, m) in members.enumerated() { index[m.key] = i }
            indexes[prefix] = index
            return index[key]
        }
    }
}
