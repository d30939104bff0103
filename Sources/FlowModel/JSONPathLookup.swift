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
        var node = root
        var position: SourcePosition? = root.position
        var parentKey: String?
        for segment in segments(path) {
            switch (segment, node.value) {
            case (.key(let k), .object(let members)):
                guard let m = members.last(where: { $0.key == k }) else { return nil }
                position = parentKey.map(nameMaps.contains) == true ? m.keyPosition : m.value.position
                node = m.value
                parentKey = k
            case (.index(let i), .array(let items)):
                guard i >= 0, i < items.count else { return nil }
                node = items[i]
                position = node.position
                parentKey = nil
            default:
                return nil
            }
        }
        return position
    }
}
