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
        parse(bytes: Array(text.utf8), path: path)
    }

    /// One pass over the lines: each command's block is read as it goes, a blank line held
    /// back until the block shows whether output follows it.
    public static func parse(bytes: [UInt8], path: String) -> Result<Transcript, TranscriptError> {
        // Offsets are 32-bit: a transcript is text a person reads, far below 2 GiB.
        guard bytes.count < Int(Int32.max) else {
            return .failure(TranscriptError(path: path, message: "is too large for a transcript (2 GiB or more)"))
        }
        if let bad = bytes.withUnsafeBufferPointer({ UTF8Check.firstInvalid($0) }) {
            return .failure(notUTF8(bytes, at: bad, path: path))
        }
        var lineStarts: [Int32] = []
        lineStarts.reserveCapacity(bytes.count / 48 + 2)
        var commands: [Command] = []
        var expectations: [Expectation] = []
        expectations.reserveCapacity(bytes.count / 64)
        var failure: TranscriptError?
        // Where the line after the last would start: the sentinel of `lineStarts`.
        var start = 0
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            let n = buf.count
            // The command being read: its input line, where its expected lines start.
            var current: (line: Int, input: String, first: Int, hasAnyLines: Bool)?
            // Blank lines since the last output line of the block: output only if output follows.
            var blanks: [Int32] = []
            func finish(at end: Int) {
                guard let c = current else { return }
                commands.append(Command(line: c.line, input: c.input, expected: c.first..<expectations.count, end: end, hasAnyLines: c.hasAnyLines))
                blanks.removeAll(keepingCapacity: true)
            }
            var k = 0 // line number, 0-based
            while start < n {
                let newline = memchr(base + start, 0x0A, n - start).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? n
                var end = newline
                if end > start && base[end - 1] == 0x0D { end -= 1 }
                lineStarts.append(Int32(start))
                let length = end - start
                let first = length > 0 ? base[start] : 0
                if first == 0x66 /* f */ && length >= 8 && memcmp(base + start, "flownav>", 8) == 0 {
                    if length > 8 && base[start + 8] != 0x20 {
                        failure = TranscriptError(path: path, line: k + 1, column: 9,
                            message: "expected a space after the prompt marker 'flownav>' (input lines start with '\(marker)')")
                        return
                    }
                    finish(at: k)
                    let input = length > 9 ? String(decoding: UnsafeBufferPointer(start: base + start + 9, count: length - 9), as: UTF8.self) : ""
                    current = (k, input, expectations.count, false)
                } else if current == nil {
                    if first != 0x23 /* # */ && !isBlank(base + start, length) {
                        failure = TranscriptError(path: path, line: k + 1, column: 1,
                            message: "output before the first command; input lines start with '\(marker)', comments with '#'")
                        return
                    }
                } else if first == 0x23 {
                    blanks.removeAll(keepingCapacity: true)
                } else if isBlank(base + start, length) {
                    blanks.append(Int32(k))
                } else {
                    for b in blanks { expectations.append(Expectation(line: b, start: Int32(start), end: Int32(start), kind: .literal)) }
                    blanks.removeAll(keepingCapacity: true)
                    var trimmed = end
                    while trimmed > start && (base[trimmed - 1] == 0x20 || base[trimmed - 1] == 0x09) { trimmed -= 1 }
                    let kind = kind(base + start, trimmed - start)
                    if kind == .anyLines { current!.hasAnyLines = true }
                    expectations.append(Expectation(line: Int32(k), start: Int32(start), end: Int32(trimmed), kind: kind))
                }
                start = newline + 1
                k += 1
            }
            finish(at: k)
        }
        if let failure { return .failure(failure) }
        if commands.isEmpty {
            return .failure(TranscriptError(path: path, message: "no commands: input lines start with '\(marker)'"))
        }
        lineStarts.append(Int32(start))
        return .success(Transcript(path: path, text: bytes, lineStarts: lineStarts, commands: commands, expectations: expectations))
    }

    /// What an output line (trailing whitespace trimmed) matches.
    private static func kind(_ p: UnsafePointer<UInt8>, _ count: Int) -> Expectation.Kind {
        if count == 3 && p[0] == 0x2E && p[1] == 0x2E && p[2] == 0x2E { return .anyLines }
        // Most lines have no `[..]`: memchr skips to each `[`.
        var q = UnsafeRawPointer(p)
        let end = q + count
        while end - q >= 4, let hit = memchr(q, 0x5B, end - q) {
            let h = UnsafeRawPointer(hit)
            if end - h >= 4 && h.loadUnaligned(fromByteOffset: 1, as: UInt16.self) == 0x2E2E && h.load(fromByteOffset: 3, as: UInt8.self) == 0x5D {
                return .glob
            }
            q = h + 1
        }
        return .literal
    }

    private static func isBlank(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
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
