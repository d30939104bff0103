import FlowModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Transcript {
    /// Reads and parses a transcript file.
    public static func read(path: String) -> Result<Transcript, TranscriptError> {
        switch FileBytes.read(path) {
        case .success(let bytes):
            return parse(bytes: bytes, path: path)
        case .failure(let problem):
            let message = problem.message.hasPrefix("is a folder") ? "is a folder, not a transcript" : problem.message
            return .failure(TranscriptError(path: path, message: message))
        }
    }

    public static func parse(text: String, path: String) -> Result<Transcript, TranscriptError> {
        // Copied as one block: `Array(text.utf8)` goes byte by byte (35 ms for 47 MB).
        var text = text
        return parse(bytes: text.withUTF8 { Array($0) }, path: path)
    }

    /// One pass over the lines: each command's block is read as it goes, a blank line held
    /// back until the block shows whether output follows it.
    public static func parse(bytes: [UInt8], path: String) -> Result<Transcript, TranscriptError> {
        // A byte order mark, as editors on Windows write one: skipped, as flows' is.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return parse(bytes: Array(bytes.dropFirst(3)), path: path) }
        // Offsets are 32-bit: a transcript is text a person reads, far below 2 GiB.
        guard bytes.count < Int(Int32.max) else {
            return .failure(TranscriptError(path: path, message: "is too large for a transcript (2 GiB or more)"))
        }
        var blocks = Blocks(path: path, size: bytes.count)
        var failure: TranscriptError?
        // UTF-8 is checked a block of lines (about 64 KiB) ahead of the lines read, while the
        // block is in the cache: a separate pass over a large file cost more than the reading
        // itself, a check per line more than both. A byte that is not UTF-8 anywhere in the file
        // is still the error reported, before any other.
        var invalid: Int?
        var validEnd = 0
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            let n = buf.count
            // Where the next `[..]` is, found for the whole file in one pass each rather than
            // by a search for `[` in every line: a line is a glob when the next one starts in it.
            var nextGlob = Self.glob(in: base, from: 0, count: n)
            var start = 0
            while start < n {
                let newline = memchr(base + start, 0x0A, n - start).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? n
                var end = newline
                if end > start && base[end - 1] == 0x0D { end -= 1 }
                if newline > validEnd || validEnd == 0 {
                    // Up to a line end: no UTF-8 sequence spans a newline, so blocks that end
                    // at one find the same first bad byte as the whole file would.
                    let ahead = min(n, max(newline, start + 65536))
                    let stop = ahead >= n ? n : memchr(base + ahead, 0x0A, n - ahead).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? n
                    if let bad = UTF8Check.firstInvalid(UnsafeBufferPointer(start: base + validEnd, count: stop - validEnd)) {
                        invalid = validEnd + bad
                        return
                    }
                    validEnd = stop
                }
                while nextGlob < start { nextGlob = Self.glob(in: base, from: nextGlob + 1, count: n) }
                if let e = blocks.add(line: base + start, start: start, length: end - start, hasGlob: nextGlob + 4 <= end) {
                    failure = e
                    invalid = UTF8Check.firstInvalid(UnsafeBufferPointer(start: base + validEnd, count: n - validEnd)).map { validEnd + $0 }
                    return
                }
                start = newline + 1
            }
            // Where the line after the last would start: the sentinel of `lineStarts`.
            blocks.finish(next: start)
        }
        if let invalid { return .failure(notUTF8(bytes, at: invalid, path: path)) }
        if let failure { return .failure(failure) }
        if blocks.commands.isEmpty {
            return .failure(TranscriptError(path: path, message: "no commands: input lines start with '\(marker)'"))
        }
        return .success(Transcript(path: path, text: bytes, lineStarts: blocks.lineStarts, commands: blocks.commands, expectations: blocks.expectations))
    }

    /// The transcript's lines read one by one into commands and their expected lines. (A
    /// struct's mutating methods, not a closure's captured variables: those were checked for
    /// exclusive access at run time on every line.)
    private struct Blocks {
        let path: String
        var lineStarts: [Int32] = []
        var commands: [Command] = []
        var expectations: [Expectation] = []
        /// The command being read: its input line, where its expected lines start.
        var current: (line: Int, input: String, first: Int, hasAnyLines: Bool)?
        /// Blank lines since the last output line of the block: output only if output follows.
        var blanks: [Int32] = []

        init(path: String, size: Int) {
            self.path = path
            lineStarts.reserveCapacity(size / 48 + 2)
            expectations.reserveCapacity(size / 64)
        }

        /// Ends the command being read, before line `end`.
        mutating func endCommand(at end: Int) {
            guard let c = current else { return }
            commands.append(Command(line: c.line, input: c.input, expected: c.first..<expectations.count, end: end, hasAnyLines: c.hasAnyLines))
            forgetBlanks()
        }

        /// Only when there are some: emptying an empty array still makes a new (empty) buffer.
        @inline(__always)
        mutating func forgetBlanks() {
            if !blanks.isEmpty { blanks.removeAll(keepingCapacity: true) }
        }

        /// After the last line: `next` is where a line after it would start.
        mutating func finish(next: Int) {
            endCommand(at: lineStarts.count)
            lineStarts.append(Int32(next))
        }

        /// Reads the line at `p` (without its terminator), at offset `start` of the file;
        /// `hasGlob`: `[..]` is in it.
        @inline(__always)
        mutating func add(line p: UnsafePointer<UInt8>, start: Int, length: Int, hasGlob: Bool) -> TranscriptError? {
            let k = lineStarts.count
            lineStarts.append(Int32(truncatingIfNeeded: start))
            let first = length > 0 ? p[0] : 0x20
            if first == 0x66 /* f */ && length >= 8 && memcmp(p, "flownav>", 8) == 0 {
                if length > 8 && p[8] != 0x20 {
                    return TranscriptError(path: path, line: k + 1, column: 9,
                        message: "expected a space after the prompt marker 'flownav>' (input lines start with '\(marker)')")
                }
                endCommand(at: k)
                let input = length > 9 ? String(decoding: UnsafeBufferPointer(start: p + 9, count: length - 9), as: UTF8.self) : ""
                current = (k, input, expectations.count, false)
                return nil
            }
            // Blank: layout, or output if output follows in the block.
            if (first == 0x20 || first == 0x09) && isBlank(p, length) {
                if current != nil { blanks.append(Int32(truncatingIfNeeded: k)) }
                return nil
            }
            if first == 0x23 /* # */ {
                forgetBlanks()
                return nil
            }
            guard current != nil else {
                return TranscriptError(path: path, line: k + 1, column: 1,
                    message: "output before the first command; input lines start with '\(marker)', comments with '#'")
            }
            if !blanks.isEmpty {
                for b in blanks { expectations.append(Expectation(line: b, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: start), kind: .literal)) }
                blanks.removeAll(keepingCapacity: true)
            }
            var trimmed = length
            while trimmed > 0 && (p[trimmed - 1] == 0x20 || p[trimmed - 1] == 0x09) { trimmed -= 1 }
            var kind = Expectation.Kind.literal
            if trimmed == 3 && p[0] == 0x2E && p[1] == 0x2E && p[2] == 0x2E {
                kind = .anyLines
                current!.hasAnyLines = true
            } else if hasGlob {
                kind = .glob
            }
            expectations.append(Expectation(line: Int32(truncatingIfNeeded: k), start: Int32(truncatingIfNeeded: start),
                                            end: Int32(truncatingIfNeeded: start + trimmed), kind: kind))
            return nil
        }
    }

    /// The offset of the first `[..]` at or after `from`, or `count` when there is none.
    fileprivate static func glob(in base: UnsafePointer<UInt8>, from: Int, count: Int) -> Int {
        var q = from
        while count - q >= 4, let hit = memchr(base + q, 0x5B, count - q) {
            let h = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            if count - h >= 4 && base[h + 1] == 0x2E && base[h + 2] == 0x2E && base[h + 3] == 0x5D { return h }
            q = h + 1
        }
        return count
    }

    fileprivate static func isBlank(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        for i in 0..<count where p[i] != 0x20 && p[i] != 0x09 { return false }
        return true
    }

    static func isBlank(_ line: String) -> Bool {
        line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// A line is a comment when it starts with `#`.
    static func isComment(_ line: String) -> Bool { line.utf8.first == 0x23 }

    /// The error for the first byte that is not UTF-8: its line, and its column in characters.
    private static func notUTF8(_ bytes: [UInt8], at offset: Int, path: String) -> TranscriptError {
        var line = 1
        var lineStart = 0
        for i in 0..<offset where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        // Everything before `offset` is valid: count the bytes that start a scalar.
        var column = 1
        for i in lineStart..<offset where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return TranscriptError(path: path, line: line, column: column,
            message: "the file is not UTF-8 text (byte 0x\(String(bytes[offset], radix: 16, uppercase: true)))")
    }
}
