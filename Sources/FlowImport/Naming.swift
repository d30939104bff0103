/// Readable, stable names for scenes, controls and prototypes.
enum Naming {
    /// `Log In` → `logIn`, `add` → `add`, `SettingsButton` → `settingsButton`.
    static func lowerCamel(_ text: String) -> String {
        var words: [String] = []
        var current = ""
        for ch in text {
            if ch.isLetter || ch.isNumber || ch == "_" {
                current.append(ch)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        guard let first = words.first else { return "" }
        var out = lowerFirst(first)
        for w in words.dropFirst() { out += w.prefix(1).uppercased() + w.dropFirst() }
        if let f = out.first, f.isNumber { out = "_" + out }
        return out
    }

    /// A name kept as written when it is already one word, else made one.
    static func word(_ text: String) -> String {
        text.isIdentifier ? text : lowerCamel(text)
    }

    /// `ItemsViewController` → `items`; `ViewController` stays `viewController`.
    static func sceneName(fromClass cls: String) -> String {
        var base = cls
        if let dot = base.lastIndex(of: ".") { base = String(base[base.index(after: dot)...]) }
        for suffix in ["ViewController", "Controller"] where base.hasSuffix(suffix) && base.count > suffix.count {
            base = String(base.dropLast(suffix.count))
            break
        }
        return lowerCamel(base)
    }

    private static func lowerFirst(_ w: String) -> String {
        // `URLList` → `urlList`: lower the leading run of capitals but the last one before a
        // lower-case letter.
        let chars = Array(w)
        var i = 0
        while i < chars.count && chars[i].isUppercase { i += 1 }
        if i == 0 { return w }
        let lowerCount = (i == chars.count || i == 1) ? i : i - 1
        return chars.prefix(lowerCount).map { $0.lowercased() }.joined() + String(chars.dropFirst(lowerCount))
    }

    /// `name`, `name2`, `name3`… the first not in `taken`.
    static func unique(_ name: String, _ taken: inout Set<String>) -> String {
        var n = name
        var k = 2
        while taken.contains(n) {
            n = "\(name)\(k)"
            k += 1
        }
        taken.insert(n)
        return n
    }
}
