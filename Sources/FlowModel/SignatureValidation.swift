/// What the Swift compiler checks about calls the flow describes: a segue action reads only the
/// parameters it declares, and an initializer gets exactly its parameters (issue 12 item 7).
extension FlowValidator {
    /// A segue action reads `sender` or `segue.identifier` only if it declares that parameter:
    /// `make(coder:)` has neither, `make(coder:sender:)` no identifier (reference §1.1).
    mutating func requireParameters(of a: SegueAction) {
        let count = ObjCSelector.argumentCount(a.selector)
        guard count < 3 else { return }
        let base = a.swiftName.split(separator: "(").first.map(String.init) ?? a.swiftName
        let coderLabel = a.swiftName.dropFirst(base.count + 1).split(separator: ":").first.map(String.init) ?? "coder"
        for arg in a.arguments {
            let e = " \(arg.expression) "
            let readsSender = Self.mentions(e, "sender")
            let readsIdentifier = e.contains("segue.identifier") || Self.mentions(e, "segueIdentifier")
            var missing: String?
            if count < 2 && readsSender {
                missing = "sender"
            } else if readsIdentifier {
                missing = "segueIdentifier"
            }
            guard let missing else { continue }
            let fixed = missing == "sender" && !readsIdentifier ? "\(base)(\(coderLabel):sender:)" : "\(base)(\(coderLabel):sender:segueIdentifier:)"
            sink.error(arg.origin.position, arg.origin.path,
                       "\(a.swiftName) reads '\(missing == "sender" ? "sender" : "segue.identifier")', but it has no \(missing) parameter, so Swift does not compile it; declare it as \(fixed) (and name that selector in the segue's 'action')")
        }
    }

    /// Whether `text` uses `name` as a whole word (not as a member after a dot).
    private static func mentions(_ text: String, _ name: String) -> Bool {
        let chars = Array(text.utf8), n = Array(name.utf8)
        guard chars.count >= n.count else { return false }
        func isWord(_ b: UInt8) -> Bool { b == 0x5F || (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || (b >= 0x30 && b <= 0x39) || b >= 0x80 }
        var i = 0
        while i + n.count <= chars.count {
            if Array(chars[i..<(i + n.count)]) == n,
               i == 0 || (!isWord(chars[i - 1]) && chars[i - 1] != 0x2E),
               i + n.count == chars.count || !isWord(chars[i + n.count]) {
                return true
            }
            i += 1
        }
        return false
    }

    /// `arguments` are the initializer's parameters other than the coder, by the dependency
    /// each one sets: one per parameter, each a parameter label or a dependency in `sets`.
    mutating func requireArguments(_ arguments: [Assignment], initializer initName: String, of cls: String, at decl: Origin) {
        guard flow.isKnownClass(cls) else { return }
        let labels = Self.labels(of: initName)
        let parameters = labels.first == "coder" ? Array(labels.dropFirst()) : labels
        let sets = initName == "init(coder:)" ? [] : flow.initializer(initName, of: cls)?.sets ?? []
        guard initName == "init(coder:)" || flow.initializer(initName, of: cls) != nil else { return }
        // An argument that names no dependency of the class has its own error already.
        for a in arguments where !parameters.contains(a.name) && !sets.contains(a.name) && flow.dependency(a.name, of: cls) != nil {
            sink.error(a.origin.position, a.origin.path,
                       "\(initName) of \(cls) has no parameter for '\(a.name)' (it takes \(parameters.isEmpty ? "no arguments" : parameters.map { "\($0):" }.joined())), so Swift does not compile the call; remove the argument, or add a parameter that sets '\(a.name)' to the initializer",
                       suggestions: sink.nearestKnown(to: a.name, in: parameters + sets, limit: 3))
        }
        if arguments.count < parameters.count {
            let given = Set(arguments.map(\.name))
            let unmatched = parameters.filter { !given.contains($0) }
            let o = arguments.isEmpty ? decl : origin(decl, "arguments")
            sink.error(o.position, o.path,
                       "\(initName) of \(cls) takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s") besides the coder (\(parameters.map { "\($0):" }.joined())), but 'arguments' gives \(arguments.count), so Swift does not compile the call (Missing argument for parameter '\(unmatched.first ?? parameters[arguments.count])'); give each parameter its value in 'arguments'")
        }
    }

    /// `init(coder:item:)` → `["coder", "item"]`; `init()` → `[]`.
    static func labels(of initName: String) -> [String] {
        // Over bytes for an ASCII name, where a Character is a byte for what is looked at
        // here (a CR LF pair is one Character, but never a parenthesis or a colon).
        if initName.utf8.allSatisfy({ $0 < 0x80 }) {
            let b = Array(initName.utf8)
            guard let open = b.firstIndex(of: UInt8(ascii: "(")), b.last == UInt8(ascii: ")") else { return [] }
            return b[(open + 1)..<(b.count - 1)].split(separator: UInt8(ascii: ":")).map { String(decoding: $0, as: UTF8.self) }
        }
        return labelsByCharacters(of: initName)
    }

    static func labelsByCharacters(of initName: String) -> [String] {
        guard let open = initName.firstIndex(of: "("), initName.hasSuffix(")") else { return [] }
        let inner = initName[initName.index(after: open)..<initName.index(before: initName.endIndex)]
        return inner.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
    }
}
