#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Compares a command's actual output with its expected lines, and, for a mismatch, works out
/// the expected lines to write instead (keeping the wildcard lines that still match).
public enum TranscriptMatcher {
    // MARK: One line

    /// Whether an output line matches an expected line (`...` matches any single line here).
    public static func line(_ pattern: Transcript.LinePattern, matches text: String) -> Bool {
        switch pattern {
        case .literal(let e):
            var e = e, text = text
            return e.withUTF8 { e in text.withUTF8 { a in literal(e, matches: a) } }
        case .glob(let pieces):
            var text = text
            return text.withUTF8 { a in glob(pieces.map { $0[...] }, matches: a) }
        case .anyLines: return true
        }
    }

    /// Byte equality, ignoring trailing spaces and tabs of the actual line (the expected text is
    /// already trimmed).
    @inline(__always)
    static func literal(_ e: UnsafeBufferPointer<UInt8>, matches a: UnsafeBufferPointer<UInt8>) -> Bool {
        let ec = e.count
        guard a.count >= ec else { return false }
        // Only trailing whitespace may follow.
        var i = ec
        while i < a.count {
            if a[i] != 0x20 && a[i] != 0x09 { return false }
            i += 1
        }
        return ec == 0 || memcmp(e.baseAddress!, a.baseAddress!, ec) == 0
    }

    /// `[..]` matching: the first piece is a prefix, the last a suffix, the others appear in
    /// order between them.
    static func glob(_ pieces: [ArraySlice<UInt8>], matches actual: UnsafeBufferPointer<UInt8>) -> Bool {
        var count = actual.count
        while count > 0 && (actual[count - 1] == 0x20 || actual[count - 1] == 0x09) { count -= 1 }
        let bytes = actual[0..<count]
        let first = pieces[0]
        let last = pieces[pieces.count - 1]
        guard count >= first.count + last.count,
              bytes.starts(with: first),
              bytes[(count - last.count)...].elementsEqual(last) else { return false }
        var from = first.count
        let limit = count - last.count
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let at = find(piece, in: bytes, from: from, to: limit) else { return false }
            from = at + piece.count
        }
        return true
    }

    private static func find(_ needle: ArraySlice<UInt8>, in hay: Slice<UnsafeBufferPointer<UInt8>>, from: Int, to limit: Int) -> Int? {
        var i = from
        while i + needle.count <= limit {
            if hay[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    // MARK: One command

    /// The number of lines that count: trailing blank lines are layout, never compared.
    static func comparedCount(_ actual: [String]) -> Int {
        var n = actual.count
        while n > 0 && Transcript.isBlank(actual[n - 1]) { n -= 1 }
        return n
    }

    /// Whether a command's output matches its expected lines, comparing the transcript's bytes
    /// with the output's in place.
    public static func matches(_ command: Transcript.Command, in transcript: Transcript, _ output: Output) -> Bool {
        transcript.text.withUnsafeBufferPointer { file in
            output.text.withUnsafeBufferPointer { text in
                transcript.expectations.withUnsafeBufferPointer { all in
                    let expected = UnsafeBufferPointer(rebasing: all[command.expected])
                    func actual(_ k: Int) -> UnsafeBufferPointer<UInt8> {
                        UnsafeBufferPointer(rebasing: text[output.range(ofLine: k)])
                    }
                    var n = output.lineCount
                    while n > 0 && actual(n - 1).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { n -= 1 }
                    return matches(expected.count, hasAnyLines: command.hasAnyLines, actual: n,
                                   isAnyLines: { expected[$0].kind == .anyLines }) { e, a in
                        let x = expected[e]
                        let pattern = UnsafeBufferPointer(rebasing: file[Int(x.start)..<Int(x.end)])
                        switch x.kind {
                        case .literal: return literal(pattern, matches: actual(a))
                        case .glob: return glob(Transcript.globPieces(transcript.text[Int(x.start)..<Int(x.end)]).map { $0[...] }, matches: actual(a))
                        case .anyLines: return true
                        }
                    }
                }
            }
        }
    }

    /// Whether output lines match expected lines given as patterns.
    public static func matches(_ expected: [Transcript.Expected], actual: [String]) -> Bool {
        matches(expected.count, hasAnyLines: expected.contains { $0.pattern == .anyLines }, actual: comparedCount(actual),
                isAnyLines: { expected[$0].pattern == .anyLines }) { e, a in line(expected[e].pattern, matches: actual[a]) }
    }

    /// Expected lines `0..<m` against actual lines `0..<n`, given how to compare line `e` with line `a`.
    @inline(__always)
    static func matches(_ m: Int, hasAnyLines: Bool, actual n: Int, isAnyLines: (Int) -> Bool, line: (Int, Int) -> Bool) -> Bool {
        if !hasAnyLines {
            guard n == m else { return false }
            for k in 0..<n where !line(k, k) { return false }
            return true
        }
        // Wildcard matching with backtracking to the last `...` (each other line matches one line).
        var i = 0, j = 0
        var star = -1, mark = 0
        while j < n {
            if i < m && isAnyLines(i) {
                star = i
                mark = j
                i += 1
            } else if i < m && line(i, j) {
                i += 1
                j += 1
            } else if star >= 0 {
                i = star + 1
                mark += 1
                j = mark
            } else {
                return false
            }
        }
        while i < m && isAnyLines(i) { i += 1 }
        return i == m
    }

    // MARK: Updating

    /// The new body of a command's block (the lines between its input line and the next): its
    /// comments and layout lines where they were, expected lines that still match kept (with
    /// their wildcards), the rest replaced by the actual output. Nil when the output cannot be
    /// written as a transcript (a line starting with `#` or the prompt marker).
    static func updatedBody(_ transcript: Transcript, _ command: Transcript.Command, actual allActual: [String]) -> [String]? {
        let actual = Array(allActual.prefix(comparedCount(allActual)))
        let body = transcript.lines(in: (command.line + 1)..<command.end)
        let offset = command.line + 1
        // Lines of the body that are not compared, anchored before the expected line that follows.
        let expected = transcript.expected(of: command)
        var notes: [[String]] = Array(repeating: [], count: expected.count + 1)
        var k = 0
        for (i, text) in body.enumerated() {
            if k < expected.count && expected[k].line == offset + i {
                k += 1
            } else {
                notes[k].append(text)
            }
        }
        var out: [String] = []
        if let ops = align(expected.map(\.pattern), actual) {
            // A comment stays with the expected line it preceded: before it when it is kept,
            // before its replacement when it is replaced. Lines inserted between two kept lines
            // go before the comments of the second.
            var deletes: [Int] = []
            var inserts: [Int] = []
            func flushGap() {
                for (k, e) in deletes.enumerated() {
                    out.append(contentsOf: notes[e])
                    if k < inserts.count { out.append(actual[inserts[k]]) }
                }
                for a in inserts.dropFirst(deletes.count) { out.append(actual[a]) }
                deletes.removeAll()
                inserts.removeAll()
            }
            for op in ops {
                switch op {
                case .keep(let e):
                    flushGap()
                    out.append(contentsOf: notes[e])
                    out.append(body[expected[e].line - offset])
                case .delete(let e): deletes.append(e)
                case .insert(let a): inserts.append(a)
                }
            }
            flushGap()
            out.append(contentsOf: notes[expected.count])
            if verify(out, actual) { return out }
        }
        // Fallback: the comments, then the output as it is, then the trailing layout.
        out = notes.dropLast().flatMap { $0 } + actual + notes[expected.count]
        return verify(out, actual) ? out : nil
    }

    /// Whether `body`, read as a block, matches `actual`.
    private static func verify(_ body: [String], _ actual: [String]) -> Bool {
        var lines = [Transcript.marker]
        lines += body
        guard case .success(let t) = Transcript.parse(text: lines.joined(separator: "\n"), path: ""),
              t.commands.count == 1 else { return false }
        return matches(t.expected(of: t.commands[0]), actual: actual)
    }

    enum Op: Equatable {
        case keep(Int)
        case delete(Int)
        case insert(Int)
    }

    /// Costs of the alignment: an expected line that no longer matches is rather replaced by the
    /// actual line in its place (as cram's update does) than deleted while a `...` absorbs that
    /// line; an inserted line is the cheapest edit.
    private static let insertCost = 1, deleteCost = 2, replaceCost = 2

    /// An alignment of expected lines with actual lines that keeps as many expected lines as
    /// possible (`...` is always kept and absorbs any run of lines); deletions come before
    /// insertions between two kept lines. Nil when the block is too large to align.
    static func align(_ expected: [Transcript.LinePattern], _ actual: [String]) -> [Op]? {
        let m = expected.count, n = actual.count
        guard (m + 1) * (n + 1) <= 4_000_000 else { return nil }
        let w = n + 1
        let inf = Int.max / 2
        // cost[i][j]: edits to align expected[i...] with actual[j...].
        var cost = [Int](repeating: 0, count: (m + 1) * w)
        for j in 0...n { cost[m * w + j] = (n - j) * insertCost }
        var i = m - 1
        while i >= 0 {
            var j = n
            while j >= 0 {
                var best = inf
                if expected[i] == .anyLines {
                    best = cost[(i + 1) * w + j]
                    if j < n { best = min(best, cost[i * w + j + 1]) }
                } else {
                    best = deleteCost + cost[(i + 1) * w + j]
                    if j < n {
                        best = min(best, insertCost + cost[i * w + j + 1])
                        best = min(best, (line(expected[i], matches: actual[j]) ? 0 : replaceCost) + cost[(i + 1) * w + j + 1])
                    }
                }
                cost[i * w + j] = best
                j -= 1
            }
            i -= 1
        }
        var ops: [Op] = []
        var gapDeletes: [Op] = []
        var gapInserts: [Op] = []
        func closeGap() {
            ops += gapDeletes
            ops += gapInserts
            gapDeletes.removeAll()
            gapInserts.removeAll()
        }
        i = 0
        var j = 0
        while i < m || j < n {
            let here = cost[i * w + j]
            if i < m && expected[i] == .anyLines {
                if j < n && cost[i * w + j + 1] == here {
                    j += 1 // absorbed
                } else {
                    closeGap()
                    ops.append(.keep(i))
                    i += 1
                }
            } else if i < m && j < n && line(expected[i], matches: actual[j]) && cost[(i + 1) * w + j + 1] == here {
                closeGap()
                ops.append(.keep(i))
                i += 1
                j += 1
            } else if i < m && j < n && replaceCost + cost[(i + 1) * w + j + 1] == here {
                gapDeletes.append(.delete(i))
                gapInserts.append(.insert(j))
                i += 1
                j += 1
            } else if i < m && deleteCost + cost[(i + 1) * w + j] == here {
                gapDeletes.append(.delete(i))
                i += 1
            } else {
                gapInserts.append(.insert(j))
                j += 1
            }
        }
        closeGap()
        return ops
    }
}
