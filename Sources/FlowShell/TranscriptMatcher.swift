/// Compares a command's actual output with its expected lines, and, for a mismatch, works out
/// the expected lines to write instead (keeping the wildcard lines that still match).
public enum TranscriptMatcher {
    // MARK: One line

    /// Whether an output line matches an expected line (`...` matches any single line here).
    public static func line(_ pattern: Transcript.LinePattern, matches text: String) -> Bool {
        switch pattern {
        case .literal(let e): return literal(e, matches: text)
        case .glob(let pieces): return glob(pieces, matches: text)
        case .anyLines: return true
        }
    }

    /// Byte equality, ignoring trailing spaces and tabs of the actual line (the expected text is
    /// already trimmed).
    @inline(__always)
    static func literal(_ expected: String, matches actual: String) -> Bool {
        let eu = expected.utf8
        let au = actual.utf8
        let ec = eu.count
        let ac = au.count
        if ac < ec { return false }
        if ac > ec {
            // Only trailing whitespace may follow.
            var i = au.index(au.startIndex, offsetBy: ec)
            while i < au.endIndex {
                let b = au[i]
                if b != 0x20 && b != 0x09 { return false }
                i = au.index(after: i)
            }
        }
        if ec == 0 { return true }
        if let r = eu.withContiguousStorageIfAvailable({ e in
            au.withContiguousStorageIfAvailable { a in memoryEqual(e.baseAddress!, a.baseAddress!, ec) }
        }), let r { return r }
        return eu.elementsEqual(au.prefix(ec))
    }

    @inline(__always)
    static func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var i = 0
        // Eight bytes at a time, then the rest.
        while i + 8 <= n {
            if UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self) { return false }
            i += 8
        }
        while i < n {
            if a[i] != b[i] { return false }
            i += 1
        }
        return true
    }

    /// `[..]` matching: the first piece is a prefix, the last a suffix, the others appear in
    /// order between them.
    static func glob(_ pieces: [[UInt8]], matches actual: String) -> Bool {
        var bytes = Array(actual.utf8)
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        let first = pieces[0]
        let last = pieces[pieces.count - 1]
        guard bytes.count >= first.count + last.count,
              bytes.starts(with: first),
              bytes[(bytes.count - last.count)...].elementsEqual(last) else { return false }
        var from = first.count
        let limit = bytes.count - last.count
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let at = find(piece, in: bytes, from: from, to: limit) else { return false }
            from = at + piece.count
        }
        return true
    }

    private static func find(_ needle: [UInt8], in hay: [UInt8], from: Int, to limit: Int) -> Int? {
        guard limit - from >= needle.count else { return nil }
        var i = from
        while i + needle.count <= limit {
            if hay[i] == needle[0] && hay[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    // MARK: One command

    /// The number of lines that count: trailing blank lines are layout, never compared.
    @inline(__always)
    static func comparedCount<C: RandomAccessCollection>(_ actual: C) -> Int where C.Element == String, C.Index == Int {
        var n = actual.count
        while n > 0 && Transcript.isBlank(actual[actual.startIndex + n - 1]) { n -= 1 }
        return n
    }

    /// Whether a command's output matches its expected lines.
    public static func matches(_ command: Transcript.Command, _ output: [OutputLine]) -> Bool {
        matches(command.expected, hasAnyLines: command.hasAnyLines, output.lazy.map(\.text))
    }

    public static func matches(_ expected: [Transcript.Expected], actual: [String]) -> Bool {
        matches(expected, hasAnyLines: expected.contains { $0.pattern == .anyLines }, actual)
    }

    @inline(__always)
    static func matches<C: RandomAccessCollection>(_ expected: [Transcript.Expected], hasAnyLines: Bool, _ actual: C) -> Bool
    where C.Element == String, C.Index == Int {
        let n = comparedCount(actual)
        let base = actual.startIndex
        if !hasAnyLines {
            guard n == expected.count else { return false }
            for k in 0..<n where !line(expected[k].pattern, matches: actual[base + k]) { return false }
            return true
        }
        // Wildcard matching with backtracking to the last `...` (each other line matches one line).
        let m = expected.count
        var i = 0, j = 0
        var star = -1, mark = 0
        while j < n {
            if i < m && expected[i].pattern == .anyLines {
                star = i
                mark = j
                i += 1
            } else if i < m && line(expected[i].pattern, matches: actual[base + j]) {
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
        while i < m && expected[i].pattern == .anyLines { i += 1 }
        return i == m
    }

    // MARK: Updating

    /// The new body of a command's block (the lines between its input line and the next): its
    /// comments and layout lines where they were, expected lines that still match kept (with
    /// their wildcards), the rest replaced by the actual output. Nil when the output cannot be
    /// written as a transcript (a line starting with `#` or the prompt marker).
    static func updatedBody(_ transcript: Transcript, _ command: Transcript.Command, actual allActual: [String]) -> [String]? {
        let actual = Array(allActual.prefix(comparedCount(allActual)))
        let body = Array(transcript.lines[(command.line + 1)..<command.end])
        let offset = command.line + 1
        // Lines of the body that are not compared, anchored before the expected line that follows.
        let expected = command.expected
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
        return matches(t.commands[0].expected, actual: actual)
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
