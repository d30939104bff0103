/// Writes a JSON tree as text a person can read and edit: two-space indentation, members in the
/// tree's order, and short objects and arrays of plain values on one line. Deterministic.
public enum JSONWriter {
    public static func write(_ node: JSONNode) -> String {
        var out = ""
        write(node, indent: 0, into: &out)
        out += "\n"
        return out
    }

    private static let inlineWidth = 100

    private static func write(_ node: JSONNode, indent: Int, into out: inout String) {
        switch node.value {
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            if let line = inline(node), line.count + indent <= inlineWidth { out += line; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                write(item, indent: indent + 2, into: &out)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            if let line = inline(node), line.count + indent <= inlineWidth { out += line; return }
            out += "{\n"
            for (i, m) in members.enumerated() {
                out += String(repeating: " ", count: indent + 2) + quoted(m.key) + ": "
                write(m.value, indent: indent + 2, into: &out)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        default:
            out += scalar(node) ?? "null"
        }
    }

    /// One line for a container of scalars (or of such containers, one level deep).
    private static func inline(_ node: JSONNode, depth: Int = 0) -> String? {
        switch node.value {
        case .array(let items):
            var parts: [String] = []
            for i in items {
                guard let p = scalar(i) ?? (depth == 0 ? inline(i, depth: 1) : nil) else { return nil }
                parts.append(p)
            }
            return "[" + parts.joined(separator: ", ") + "]"
        case .object(let members):
            var parts: [String] = []
            for m in members {
                guard let p = scalar(m.value) ?? (depth == 0 ? inline(m.value, depth: 1) : nil) else { return nil }
                parts.append(quoted(m.key) + ": " + p)
            }
            return "{ " + parts.joined(separator: ", ") + " }"
        default:
            return scalar(node)
        }
    }

    private static func scalar(_ node: JSONNode) -> String? {
        switch node.value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(_, let text): text
        case .string(let s): quoted(s)
        default: nil
        }
    }

    public static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
