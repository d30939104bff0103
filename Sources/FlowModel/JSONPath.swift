/// JSON paths as people read them: `segues[1].destination`, `classes.List.segueActions["make(coder:)"]`.
public enum JSONPath {
    public static func member(_ base: String, _ key: String) -> String {
        if key.isIdentifier {
            if base.isEmpty { return key }
            // Made at its length in one go: appending grew the string twice, a tenth of reading
            // a scene (this runs for every scene).
            return joined(base, UInt8(ascii: "."), key, nil)
        }
        // Most such keys are Swift names ("init(coder:)"), with nothing to escape: a scan of
        // the bytes, not of Characters, finds that.
        let escaped = key.utf8.contains { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") }
            ? key.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") : key
        return "\(base)[\"\(escaped)\"]"
    }

    public static func index(_ base: String, _ i: Int) -> String {
        // Not interpolation (which formats the number through an existential), nor appending
        // (which grows the string at each step): one per segue.
        joined(base, UInt8(ascii: "["), String(i), UInt8(ascii: "]"))
    }

    /// `base`, `separator`, `key` and `close`, made at their length at once.
    private static func joined(_ base: String, _ separator: UInt8, _ key: String, _ close: UInt8?) -> String {
        var base = base, key = key
        return base.withUTF8 { b in
            key.withUTF8 { k in
                let count = b.count + 1 + k.count + (close == nil ? 0 : 1)
                return String(unsafeUninitializedCapacity: count) { out in
                    var i = 0
                    for byte in b { out[i] = byte; i += 1 }
                    out[i] = separator
                    i += 1
                    for byte in k { out[i] = byte; i += 1 }
                    if let close { out[i] = close; i += 1 }
                    return i
                }
            }
        }
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
