import FlowModel

/// A Swift-like expression of the flow, split once into text and the names `evaluate` resolves
/// (locals, `selection`, `sender`, `segue.identifier`, dependencies). Scanning the text on every
/// segue cost more than the rest of a segue action; the pieces are made once per flow
/// (`FlowIndex.expressions`) and only the names are looked up per call.
struct CompiledExpression: Sendable {
    /// What a name means when no local of the scope has it. Decided by the text alone.
    enum Special: Sendable {
        case none
        /// `selection`, `selection.row`, `selection.section`.
        case selection, selectionRow, selectionSection
        case sender
        /// `segue.identifier`.
        case segueIdentifier
    }

    enum Piece: Sendable {
        /// Copied as written.
        case text(String)
        /// A name. `rest` is the member the special form consumed (`.row`), written after a
        /// local of the same name, which takes precedence and does not consume it.
        case name(String, special: Special, rest: String)
        /// `self.name`: never a local or a special, possibly a dependency.
        case selfMember(String)
    }

    /// The expression is the literal `nil`.
    let isNil: Bool
    let pieces: [Piece]
    /// Tokens in the text: a value that is nil stands for the whole expression only when it is
    /// the sole token (`sender`, not `sender ?? x`).
    let tokens: Int

    init(_ expression: String) {
        // UTF-8 bytes: bytes of non-ASCII scalars count as identifier characters, as Swift
        // allows them in names.
        var chars = Array(expression.utf8)
        var start = 0
        var end = chars.count
        while start < end && chars[start] == 0x20 { start += 1 }
        while end > start && chars[end - 1] == 0x20 { end -= 1 }
        if start > 0 || end < chars.count { chars = Array(chars[start..<end]) }
        isNil = chars.count == 3 && chars[0] == 0x6E && chars[1] == 0x69 && chars[2] == 0x6C
        func isHead(_ b: UInt8) -> Bool { b == 0x5F || (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b >= 0x80 }
        func isBody(_ b: UInt8) -> Bool { isHead(b) || (b >= 0x30 && b <= 0x39) }
        func text(_ r: Range<Int>) -> String { String(decoding: chars[r], as: UTF8.self) }
        var pieces: [Piece] = []
        var pending: [UInt8] = []
        func flush() {
            if !pending.isEmpty { pieces.append(.text(String(decoding: pending, as: UTF8.self))) }
            pending = []
        }
        var i = 0
        var tokens = 0
        while i < chars.count {
            let c = chars[i]
            if c == 0x22 {
                // String literals are copied untouched.
                var j = i + 1
                while j < chars.count && chars[j] != 0x22 { j += chars[j] == 0x5C ? 2 : 1 }
                pending.append(contentsOf: chars[i..<min(j + 1, chars.count)])
                i = j + 1
                tokens += 1
                continue
            }
            guard isHead(c) else {
                pending.append(c)
                i += 1
                if c != 0x20 && c != 0x09 { tokens += 1 }
                continue
            }
            var j = i
            while j < chars.count && isBody(chars[j]) { j += 1 }
            let afterDot = i > 0 && chars[i - 1] == 0x2E
            let isSelf = j - i == 4 && chars[i] == 0x73 && chars[i + 1] == 0x65 && chars[i + 2] == 0x6C && chars[i + 3] == 0x66
            tokens += 1
            if afterDot && !isSelf {
                // A member name (`.item`): kept as written.
                pending.append(contentsOf: chars[i..<j])
                i = j
                continue
            }
            var word = text(i..<j)
            var explicitSelf = false
            if isSelf, j < chars.count, chars[j] == 0x2E {
                var k = j + 1
                while k < chars.count && isBody(chars[k]) { k += 1 }
                if k > j + 1 {
                    word = text((j + 1)..<k)
                    explicitSelf = true
                    j = k
                }
            }
            /// Whether `.NAME` follows the word, as a whole member name.
            func member(_ name: String) -> Bool {
                let n = Array(name.utf8)
                guard j + 1 + n.count <= chars.count, chars[j] == 0x2E else { return false }
                for k in 0..<n.count where chars[j + 1 + k] != n[k] { return false }
                let after = j + 1 + n.count
                return after == chars.count || !isBody(chars[after])
            }
            if afterDot && !explicitSelf {
                pending.append(contentsOf: word.utf8)
            } else if explicitSelf {
                flush()
                pieces.append(.selfMember(word))
            } else {
                var special = Special.none
                var rest = ""
                if word == "selection" {
                    if member("row") {
                        special = .selectionRow
                        rest = ".row"
                    } else if member("section") {
                        special = .selectionSection
                        rest = ".section"
                    } else {
                        special = .selection
                    }
                } else if word == "sender" {
                    special = .sender
                } else if word == "segue" && member("identifier") {
                    special = .segueIdentifier
                    rest = ".identifier"
                }
                j += rest.utf8.count
                flush()
                pieces.append(.name(word, special: special, rest: rest))
            }
            i = j
        }
        flush()
        self.pieces = pieces
        self.tokens = tokens
    }

    /// Every expression a flow's classes and launch code evaluate by text. (A segue action's
    /// arguments are split with the action, in `FlowIndex.ResolvedSegueAction`.)
    static func all(in flow: Flow) -> [String] {
        var out: [String] = []
        func add(_ a: [Assignment]) { for x in a { out.append(x.expression) } }
        func add(_ c: PrepareCase) {
            add(c.set)
            if let w = c.with { out.append(w) }
        }
        for decl in flow.classes.values {
            for c in decl.prepare ?? [] { add(c) }
            for m in decl.methods { for c in m.cases { add(c.set) } }
            for a in decl.actions {
                out.append(a.sender ?? "self")
                add(a.values)
                add(a.arguments)
                add(a.set)
            }
            for a in decl.segueActions { add(a.set) }
        }
        if let r = flow.launch.root { add(r.arguments) }
        for c in flow.launch.inject { add(c) }
        return out
    }
}
