/// A guard in front of swift-syntax's parser: its lookahead for a `[` (collection type or
/// inline array type, tried one after the other) takes time exponential in how deeply square
/// brackets nest — 18 nested `[` cost about 0.3 s, each further one doubles it, and a fuzzed
/// 3 KB file with 56 of them would never finish. Real apps nest them at most 4 deep (the six
/// shared apps' 948 files score at most 13,264 below), so a file past the budget is not parsed
/// but reported, and the rest of the app is read as usual.
enum BracketNesting {
    /// Each `[` costs 2^depth, depth counting the unclosed `[` around it and itself; a file may
    /// spend this much: one run of 17 nested brackets, or many shallower ones.
    static let budget = 1 << 18
    /// The deepest nesting a single run may have within the budget.
    static let maxDepth = 17

    struct Refusal: Equatable {
        var line: Int
        var column: Int
        var depth: Int
    }

    static func message(_ r: Refusal) -> String {
        let why = "swift-syntax's parser takes time exponential in that depth"
        if r.depth > maxDepth {
            return "file not read: its square brackets nest \(r.depth) deep here; \(why), and flownav reads a "
                + "file only while they nest at most \(maxDepth) deep"
        }
        return "file not read: its square brackets nest \(r.depth) deep here, and with the nested runs before "
            + "they pass flownav's budget for a file (one run \(maxDepth) deep, or many shallower ones); \(why)"
    }

    /// Where the file overspends, or nil. Brackets in string literals and comments are not
    /// counted (the parser does not look ahead through them), those in interpolations are;
    /// raw strings (`#"…"#`) end only at their own delimiter. The scan is linear in the text.
    static func refusal(_ text: String) -> Refusal? {
        var scan = Scan(bytes: Array(text.utf8))
        return scan.run()
    }

    private struct Scan {
        let bytes: [UInt8]
        var i = 0, line = 1, lineStart = 0
        var depth = 0, cost = 0

        /// A string literal being read: its `#` count, whether it is `"""`, and for each
        /// interpolation open inside it, how many parentheses deep the code in it is.
        struct Literal { var hashes: Int; var multiLine: Bool }
        var literals: [(literal: Literal, parens: Int)] = []
        var inLiteral: Literal?
        var commentDepth = 0
        var lineComment = false

        init(bytes: [UInt8]) { self.bytes = bytes }

        func at(_ s: StaticString, _ offset: Int = 0) -> Bool {
            let n = s.utf8CodeUnitCount, j = i + offset
            guard j + n <= bytes.count else { return false }
            for k in 0..<n where bytes[j + k] != s.utf8Start[k] { return false }
            return true
        }

        func hashes(from j: Int) -> Int {
            var k = j
            while k < bytes.count, bytes[k] == 0x23 { k += 1 }
            return k - j
        }

        /// Moves past n bytes, counting the lines they end.
        mutating func skip(_ n: Int) {
            for _ in 0..<n where i < bytes.count {
                if bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
                i += 1
            }
        }

        mutating func run() -> Refusal? {
            while i < bytes.count {
                if lineComment {
                    if bytes[i] == 0x0A { lineComment = false }
                    skip(1)
                } else if commentDepth > 0 {
                    if at("/*") { commentDepth += 1; skip(2) }
                    else if at("*/") { commentDepth -= 1; skip(2) }
                    else { skip(1) }
                } else if let literal = inLiteral {
                    stringByte(literal)
                } else if let refusal = codeByte() {
                    return refusal
                }
            }
            return nil
        }

        mutating func codeByte() -> Refusal? {
            let b = bytes[i]
            switch b {
            case 0x5B:  // [
                depth += 1
                cost += 1 << min(depth, 40)
                if cost > budget { return Refusal(line: line, column: i - lineStart + 1, depth: depth) }
            case 0x5D: depth = max(0, depth - 1)
            case 0x28: if !literals.isEmpty { literals[literals.count - 1].parens += 1 }
            case 0x29:
                if let last = literals.last {
                    if last.parens == 0 { inLiteral = literals.removeLast().literal } else { literals[literals.count - 1].parens -= 1 }
                }
            case 0x2F where at("//"): lineComment = true
            case 0x2F where at("/*"): commentDepth = 1; skip(2); return nil
            case 0x23, 0x22:
                let h = hashes(from: i)
                if i + h < bytes.count, bytes[i + h] == 0x22 {
                    let multi = at("\"\"\"", h)
                    inLiteral = Literal(hashes: h, multiLine: multi)
                    skip(h + (multi ? 3 : 1))
                    return nil
                }
            default: break
            }
            skip(1)
            return nil
        }

        /// One step inside a string literal: its end, an interpolation, an escape, or a byte.
        mutating func stringByte(_ literal: Literal) {
            let b = bytes[i]
            if b == 0x5C, hashes(from: i + 1) == literal.hashes {
                let after = i + 1 + literal.hashes
                if after < bytes.count, bytes[after] == 0x28 {  // \( or \#( : code until its )
                    literals.append((literal, 0))
                    inLiteral = nil
                    skip(after + 1 - i)
                } else {
                    skip(after + 1 - i)  // an escaped character
                }
                return
            }
            let quote = literal.multiLine ? at("\"\"\"") : b == 0x22
            let quoteLength = literal.multiLine ? 3 : 1
            if quote, hashes(from: i + quoteLength) >= literal.hashes {
                inLiteral = nil
                skip(quoteLength + literal.hashes)
                return
            }
            // A single-line literal cannot span lines: the parser ends it there too.
            if b == 0x0A, !literal.multiLine { inLiteral = nil }
            skip(1)
        }
    }
}
