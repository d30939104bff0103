/// JSON paths as people read them: `segues[1].destination`, `classes.List.segueActions["make(coder:)"]`.
public enum JSONPath {
    public static func member(_ base: String, _ key: String) -> String {
        if key.isIdentifier {
            if base.isEmpty { return key }
            // Appending is cheaper than interpolation, and this runs for every scene and segue.
            var path = base
            path += "."
            path += key
            return path
        }
        // Most such keys are Swift names ("init(coder:)"), with nothing to escape: a scan of
        // the bytes, not of Characters, finds that.
        let escaped = key.utf8.contains { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") }
            ? key.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") : key
        return "\(base)[\"\(escaped)\"]"
    }

    public static func index(_ base: String, _ i: Int) -> String {
        // Appending, not interpolation (which formats the number through an existential): one
        // per segue.
        var path = base
        path += "["
        path += String(i)
        path += "]"
        return path
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
