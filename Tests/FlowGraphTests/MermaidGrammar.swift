/// A check of the part of Mermaid's flowchart grammar that `MermaidWriter` emits, written from
/// Mermaid's documented syntax: front matter, `flowchart LR`, node statements with a quoted
/// label in one of four shapes, links of five kinds with an optional quoted label, subgraphs
/// with a quoted title closed by `end`, classDef/class/linkStyle. It rejects what Mermaid's
/// parser would choke on: a `"` inside a label, an unbalanced `end`, an unknown link kind, a
/// link or class naming an undefined node, a linkStyle index past the last link.
enum MermaidGrammar {
    struct Problem: Error, CustomStringConvertible {
        var line: Int
        var text: String
        var why: String
        var description: String { "line \(line): \(why): \(text)" }
    }

    static func check(_ source: String) -> [Problem] {
        var problems: [Problem] = []
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var n = 0
        func fail(_ why: String) { problems.append(Problem(line: n + 1, text: n < lines.count ? lines[n] : "", why: why)) }
        // Front matter.
        if lines.first == "---" {
            n = 1
            while n < lines.count && lines[n] != "---" {
                if !lines[n].hasPrefix("title: ") { fail("front matter other than a title") }
                n += 1
            }
            n += 1
        }
        guard n < lines.count, lines[n] == "flowchart LR" || lines[n] == "flowchart TB" else {
            fail("expected 'flowchart LR'")
            return problems
        }
        n += 1
        var defined = Set<String>()
        var subgraphs = Set<String>()
        var depth = 0
        var links = 0
        var classes = Set<String>()
        var pendingRefs: [(line: Int, id: String)] = []
        while n < lines.count {
            let line = lines[n].drop { $0 == " " }
            var s = Scanner(Substring(line))
            if line == "end" {
                depth -= 1
                if depth < 0 { fail("'end' without a subgraph") }
            } else if line.hasPrefix("subgraph ") {
                s.skip("subgraph ")
                guard let id = s.identifier(), s.quotedLabel(open: "[", close: "]"), s.atEnd else { fail("bad subgraph"); n += 1; continue }
                if defined.contains(id) || !subgraphs.insert(id).inserted { fail("subgraph id reused") }
                depth += 1
            } else if line.hasPrefix("classDef ") {
                s.skip("classDef ")
                guard let name = s.identifier(), s.skip(" "), s.styleList() else { fail("bad classDef"); n += 1; continue }
                classes.insert(name)
            } else if line.hasPrefix("class ") {
                s.skip("class ")
                var ids: [String] = []
                repeat {
                    guard let id = s.identifier() else { break }
                    ids.append(id)
                } while s.skip(",")
                guard !ids.isEmpty, s.skip(" "), let name = s.identifier(), s.atEnd else { fail("bad class statement"); n += 1; continue }
                if !classes.contains(name) { fail("class '\(name)' used before its classDef") }
                for id in ids where !defined.contains(id) { fail("class names undefined node '\(id)'") }
            } else if line.hasPrefix("linkStyle ") {
                s.skip("linkStyle ")
                guard let k = s.integer(), s.skip(" "), s.styleList() else { fail("bad linkStyle"); n += 1; continue }
                if k >= links { fail("linkStyle \(k) but only \(links) links") }
            } else {
                guard let a = s.identifier() else { fail("expected a node id"); n += 1; continue }
                if reserved.contains(a) { fail("'\(a)' is a reserved word") }
                if s.atEnd { fail("a bare node id"); n += 1; continue }
                if s.peek(" ") {
                    // A link: ID ARROW[|"label"|] ID
                    s.skip(" ")
                    guard let arrow = s.arrow() else { fail("unknown link kind"); n += 1; continue }
                    _ = arrow
                    if s.peek("|") {
                        guard s.skip("|"), s.quoted(), s.skip("|") else { fail("bad link label"); n += 1; continue }
                    }
                    guard s.skip(" "), let b = s.identifier(), s.atEnd else { fail("bad link target"); n += 1; continue }
                    pendingRefs.append((n, a))
                    pendingRefs.append((n, b))
                    links += 1
                } else {
                    // A node with a shape: ID["…"], ID("…"), ID[["…"]], ID{{"…"}}, ID((…)); then maybe a link.
                    guard s.shape() else { fail("bad node shape"); n += 1; continue }
                    if defined.contains(a) || subgraphs.contains(a) { fail("node '\(a)' defined twice") }
                    defined.insert(a)
                    if !s.atEnd {
                        guard s.skip(" "), s.arrow() != nil, s.skip(" "), let b = s.identifier(), s.atEnd else { fail("junk after a node"); n += 1; continue }
                        pendingRefs.append((n, b))
                        links += 1
                    }
                }
            }
            n += 1
        }
        if depth != 0 { problems.append(Problem(line: lines.count, text: "", why: "\(depth) subgraph(s) not closed")) }
        for r in pendingRefs where !defined.contains(r.id) {
            problems.append(Problem(line: r.line + 1, text: lines[r.line], why: "link names undefined node '\(r.id)'"))
        }
        return problems
    }

    static let reserved: Set<String> = ["end", "graph", "flowchart", "subgraph", "class", "classDef", "linkStyle", "style", "click", "direction"]

    struct Scanner {
        var rest: Substring
        init(_ s: Substring) { rest = s }

        var atEnd: Bool { rest.isEmpty }
        func peek(_ p: String) -> Bool { rest.hasPrefix(p) }

        @discardableResult
        mutating func skip(_ p: String) -> Bool {
            guard rest.hasPrefix(p) else { return false }
            rest = rest.dropFirst(p.count)
            return true
        }

        mutating func identifier() -> String? {
            let id = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            guard let f = id.first, f.isLetter else { return nil }
            rest = rest.dropFirst(id.count)
            return String(id)
        }

        mutating func integer() -> Int? {
            let d = rest.prefix { $0.isASCII && $0.isNumber }
            guard !d.isEmpty else { return nil }
            rest = rest.dropFirst(d.count)
            return Int(d)
        }

        /// `"…"` with no `"` inside, and entity codes well formed (`#name;` or `#123;`).
        mutating func quoted() -> Bool {
            guard skip("\"") else { return false }
            guard let close = rest.firstIndex(of: "\"") else { return false }
            let body = rest[..<close]
            rest = rest[rest.index(after: close)...]
            var i = body.startIndex
            while let h = body[i...].firstIndex(of: "#") {
                guard let semi = body[h...].firstIndex(of: ";") else { return false }
                let code = body[body.index(after: h)..<semi]
                guard !code.isEmpty, code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
                i = body.index(after: semi)
            }
            return true
        }

        mutating func quotedLabel(open: String, close: String) -> Bool { skip(open) && quoted() && skip(close) }

        mutating func shape() -> Bool {
            for (o, c) in [("[[", "]]"), ("((", "))"), ("{{", "}}"), ("[", "]"), ("(", ")")] where peek(o) {
                return quotedLabel(open: o, close: c)
            }
            return false
        }

        mutating func arrow() -> String? {
            for a in ["-.->", "-->", "==>", "---", "--o"] where skip(a) { return a }
            return nil
        }

        /// `key:value,key:value` with CSS-ish values (no `;`, which ends a statement).
        mutating func styleList() -> Bool {
            let list = rest
            rest = rest.dropFirst(rest.count)
            let parts = list.split(separator: ",")
            return !parts.isEmpty && parts.allSatisfy { p in
                let kv = p.split(separator: ":", maxSplits: 1)
                return kv.count == 2 && kv[0].allSatisfy { $0.isLetter || $0 == "-" } && !kv[1].isEmpty && !kv[1].contains(";")
            }
        }
    }
}
