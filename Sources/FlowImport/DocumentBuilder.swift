import FlowModel

/// A format-1 document under construction, turned into a positioned `JSONNode` at the end. The
/// position of a scene's or a segue's nodes is its storyboard line, so that the loader's
/// messages point into the storyboard.
enum J {
    case string(String)
    case int(Int)
    case bool(Bool)
    indirect case array([J])
    indirect case object([JField])
    /// A value whose nodes carry this storyboard line.
    indirect case at(Int, J)

    func node(line: Int = 1) -> JSONNode {
        let p = SourcePosition(line: line, column: 1)
        switch self {
        case .string(let s): return JSONNode(.string(s), at: p)
        case .int(let i): return JSONNode(.number(Double(i), text: String(i)), at: p)
        case .bool(let b): return JSONNode(.bool(b), at: p)
        case .array(let items): return JSONNode(.array(items.map { $0.node(line: line) }), at: p)
        case .object(let members): return JSONNode(.object(members.map { JSONNode.Member($0.key, $0.value.node(line: line)) }), at: p)
        case .at(let l, let inner): return inner.node(line: l)
        }
    }
}

struct JField {
    var key: String
    var value: J
}

/// An object's members under construction, in order.
struct JMembers {
    var items: [(String, J)] = []

    init(_ items: [(String, J)] = []) { self.items = items }

    mutating func append(_ m: (String, J)) { items.append(m) }

    mutating func add(_ key: String, _ value: String?) {
        if let value { items.append((key, .string(value))) }
    }

    mutating func add(notes: [String]) {
        if !notes.isEmpty { items.append(("notes", .array(notes.map { .string($0) }))) }
    }

    var json: J { .object(items.map { JField(key: $0.0, value: $0.1) }) }
}

extension StoryboardOrigin {
    var json: J { JMembers([("file", .string(file)), ("line", .int(line)), ("id", .string(xmlID))]).json }
}
