import SwiftSyntax

/// A guard behind swift-syntax's parser: the readers walk expressions recursively, and a tree
/// can be deep where the parser's own nesting limit does not apply — a chain of member
/// accesses or calls (`x.a.a.a…`, `f()()()…`) nests one node per link, and 12,000 links
/// overflowed the stack. Real code stays shallow (the six shared apps' files nest at most 95
/// deep), so a file deeper than `limit` is not read but reported, and the rest of the app is
/// read as usual.
enum SyntaxDepth {
    static let limit = 1_000

    struct Refusal: Equatable {
        var line: Int
        var column: Int
    }

    static func message(_ r: Refusal) -> String {
        "file not read: its syntax tree nests more than \(limit) deep here (a long chain of member "
            + "accesses, calls or nested expressions); flownav reads a file only while it nests at most \(limit) deep"
    }

    /// Where the tree first passes the limit, or nil.
    /// Where the tree first passes the limit, or nil. Checked before anything else walks the
    /// tree (swift-syntax's own `SourceLocationConverter` recurses through it too), so the
    /// position is counted from the text.
    static func refusal(_ tree: SourceFileSyntax, text: String) -> Refusal? {
        let probe = Probe(limit: limit)
        probe.walk(tree)
        guard let node = probe.tooDeep else { return nil }
        // `position`, not the one after leading trivia: that one looks for the first token, down
        // through the very depth being refused.
        let bytes = Array(text.utf8)
        var offset = min(node.position.utf8Offset, bytes.count)
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        var line = 1
        var column = 1
        for byte in bytes[..<offset] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return Refusal(line: line, column: column)
    }

    /// Deepest nesting of a tree, for tests and for stating the figure above.
    static func deepest(_ tree: some SyntaxProtocol) -> Int {
        let probe = Probe(limit: .max)
        probe.walk(tree)
        return probe.deepest
    }

    private final class Probe: SyntaxAnyVisitor {
        let limit: Int
        var depth = 0
        var deepest = 0
        var tooDeep: Syntax?

        init(limit: Int) {
            self.limit = limit
            super.init(viewMode: .sourceAccurate)
        }

        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            depth += 1
            deepest = max(deepest, depth)
            // Nothing below the first node past the limit is walked, so the walk itself stays shallow.
            if depth > limit {
                if tooDeep == nil { tooDeep = node }
                return .skipChildren
            }
            return tooDeep == nil ? .visitChildren : .skipChildren
        }

        override func visitAnyPost(_ node: Syntax) {
            depth -= 1
        }
    }
}
