import FlowModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A shell session saved as text (`.flownav`): input lines after the prompt marker, the
/// expected output below each, `#` comments anywhere.
///
/// ```
/// # The detail screen gets its item from the segue action.
/// flownav> load segue-actions.json
/// loaded Items from segue-actions.json: [..]
/// ...
/// flownav> select 1
/// note: selected row [0, 1]
/// ...
/// ```
///
/// - A line starting with `flownav> ` is input (`flownav>` alone is an empty input line).
/// - A line starting with `#` is a comment, wherever it is; it is never output.
/// - Every other line is expected output of the input above it. `[..]` in a line matches any
///   text within the line; `...` alone on a line matches any number of lines (none included).
///   Lines compare exactly, except that trailing spaces and tabs and a `\r` are ignored.
/// - A blank line is expected output only when the next non-blank line of the same block is
///   output; blank lines before a comment, before the next input or at the end of the file are
///   layout. So blank lines that end a command's actual output are not compared either.
/// - Without an initial `load`, a transcript runs on the built-in demo flow (as `flownav` does
///   with no flow); relative `load` paths resolve against the transcript's folder.
public struct Transcript: Sendable {
    public static let marker = "flownav> "

    /// The file as given to the runner, for messages.
    public var path: String
    /// The file's lines, without line terminators.
    public var lines: [String]
    public var commands: [Command]

    /// One input line and what it is expected to print.
    public struct Command: Sendable {
        /// Index in `lines` of the input line (0-based).
        public var line: Int
        public var input: String
        /// Compared lines, in order (comments and layout blank lines left out).
        public var expected: [Expected]
        /// Index in `lines` one past the command's block: the next input line, or the end.
        public var end: Int
        /// Whether `expected` holds an `...` line (the matcher's slow path).
        public var hasAnyLines: Bool
    }

    public struct Expected: Sendable {
        /// Index in `lines` (0-based).
        public var line: Int
        public var pattern: LinePattern
    }

    /// What an expected line matches.
    public enum LinePattern: Sendable, Equatable {
        /// Exactly this text (trailing whitespace already trimmed).
        case literal(String)
        /// `[..]` wildcards: the pieces between them, in order.
        case glob([[UInt8]])
        /// `...`: any number of lines.
        case anyLines

        init(_ text: String) {
            let trimmed = Self.trimmingTrailingWhitespace(text)
            if trimmed == "..." {
                self = .anyLines
            } else if trimmed.utf8.count >= 4, let pieces = Self.globPieces(trimmed) {
                self = .glob(pieces)
            } else {
                self = .literal(trimmed)
            }
        }

        /// The pieces between `[..]` markers, or nil when there is none.
        static func globPieces(_ text: String) -> [[UInt8]]? {
            // Most lines have no `[..]`: find out without copying them.
            let found = text.utf8.withContiguousStorageIfAvailable { b -> Bool in
                guard var p = UnsafeRawPointer(b.baseAddress) else { return false }
                let end = p + b.count
                while end - p >= 4, let hit = memchr(p, 0x5B, end - p) {
                    if end - UnsafeRawPointer(hit) >= 4 && UnsafeRawPointer(hit).loadUnaligned(fromByteOffset: 1, as: UInt16.self) == 0x2E2E
                        && UnsafeRawPointer(hit).load(fromByteOffset: 3, as: UInt8.self) == 0x5D { return true }
                    p = UnsafeRawPointer(hit) + 1
                }
                return false
            }
            if found == false { return nil }
            let b = Array(text.utf8)
            var pieces: [[UInt8]] = []
            var start = 0
            var i = 0
            while i + 4 <= b.count {
                if b[i] == 0x5B && b[i + 1] == 0x2E && b[i + 2] == 0x2E && b[i + 3] == 0x5D {
                    pieces.append(Array(b[start..<i]))
                    i += 4
                    start = i
                } else {
                    i += 1
                }
            }
            guard !pieces.isEmpty else { return nil }
            pieces.append(Array(b[start...]))
            return pieces
        }

        static func trimmingTrailingWhitespace(_ s: String) -> String {
            let u = s.utf8
            guard let last = u.last, last == 0x20 || last == 0x09 else { return s }
            var end = u.endIndex
            while end > u.startIndex {
                let p = u.index(before: end)
                guard u[p] == 0x20 || u[p] == 0x09 else { break }
                end = p
            }
            return String(s[..<end])
        }
    }

    public init(path: String, lines: [String], commands: [Command]) {
        self.path = path
        self.lines = lines
        self.commands = commands
    }

    /// The folder relative `load` paths resolve against: the transcript's own.
    public var folder: String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether the transcript loads its own flow first (otherwise it runs on the demo flow).
    public var startsWithLoad: Bool {
        guard let first = commands.first(where: { !Words.split($0.input).isEmpty && !$0.input.hasPrefix("#") }) else { return false }
        return Words.split(first.input).first?.text == "load"
    }
}

/// Why a transcript could not be run, with where: `path:line:column: error: message`.
public struct TranscriptError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    /// 1-based; nil when the problem is the whole file (it cannot be read).
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var s = path
        if let line { s += ":\(line)" }
        if let column { s += ":\(column)" }
        return s + ": error: " + message
    }
}

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

    public static func parse(bytes: [UInt8], path: String) -> Result<Transcript, TranscriptError> {
        let lines: [String]
        switch splitLines(bytes, path: path) {
        case .success(let l): lines = l
        case .failure(let e): return .failure(e)
        }
        var commands: [Command] = []
        commands.reserveCapacity(lines.count / 4)
        // Pass 1: find input lines and check what precedes the first one.
        var inputs: [Int] = []
        for (i, line) in lines.enumerated() {
            guard let first = line.utf8.first else { continue }
            if first == 0x66 /* f */ && line.hasPrefix("flownav>") {
                if line.utf8.count > 8 && !line.hasPrefix(marker) {
                    return .failure(TranscriptError(path: path, line: i + 1, column: 9,
                        message: "expected a space after the prompt marker 'flownav>' (input lines start with '\(marker)')"))
                }
                inputs.append(i)
            } else if inputs.isEmpty && first != 0x23 /* # */ && !isBlank(line) {
                return .failure(TranscriptError(path: path, line: i + 1, column: 1,
                    message: "output before the first command; input lines start with '\(marker)', comments with '#'"))
            }
        }
        if inputs.isEmpty {
            return .failure(TranscriptError(path: path, message: "no commands: input lines start with '\(marker)'"))
        }
        // Pass 2: each command's block.
        for (n, start) in inputs.enumerated() {
            let end = n + 1 < inputs.count ? inputs[n + 1] : lines.count
            let line = lines[start]
            let input = line.utf8.count > marker.utf8.count ? String(line.dropFirst(marker.count)) : ""
            var expected: [Expected] = []
            var hasAnyLines = false
            // Backwards, so a blank line knows whether output follows it in the block.
            var outputFollows = false
            var i = end - 1
            while i > start {
                let l = lines[i]
                if l.utf8.first == 0x23 {
                    outputFollows = false
                } else if isBlank(l) {
                    if outputFollows { expected.append(Expected(line: i, pattern: .literal(""))) }
                } else {
                    let p = LinePattern(l)
                    if p == .anyLines { hasAnyLines = true }
                    expected.append(Expected(line: i, pattern: p))
                    outputFollows = true
                }
                i -= 1
            }
            expected.reverse()
            commands.append(Command(line: start, input: input, expected: expected, end: end, hasAnyLines: hasAnyLines))
        }
        return .success(Transcript(path: path, lines: lines, commands: commands))
    }

    static func isBlank(_ line: String) -> Bool {
        line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// A line is a comment when it starts with `#`.
    static func isComment(_ line: String) -> Bool { line.utf8.first == 0x23 }

    /// Splits on `\n` (dropping a `\r` before it); the text must be UTF-8.
    static func splitLines(_ bytes: [UInt8], path: String) -> Result<[String], TranscriptError> {
        var lines: [String] = []
        let valid = String(validating: bytes, as: UTF8.self) != nil
        var lineNumber = 0
        var failure: TranscriptError?
        bytes.withUnsafeBufferPointer { buf in
            var start = 0
            let n = buf.count
            var i = 0
            while start < n {
                if let hit = memchr(buf.baseAddress! + start, 0x0A, n - start) {
                    i = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - buf.baseAddress!
                } else {
                    i = n
                }
                var stop = i
                if stop > start && buf[stop - 1] == 0x0D { stop -= 1 }
                let slice = UnsafeBufferPointer(rebasing: buf[start..<stop])
                lineNumber += 1
                if valid {
                    lines.append(String(decoding: slice, as: UTF8.self))
                } else if let s = String(validating: slice, as: UTF8.self) {
                    lines.append(s)
                } else {
                    // The column (in characters) of the first byte that is not UTF-8.
                    var it = slice.makeIterator()
                    var utf8 = UTF8()
                    var column = 1
                    var offset = 0
                    decoding: while true {
                        switch utf8.decode(&it) {
                        case .scalarValue(let s):
                            column += 1
                            offset += UTF8.width(s)
                        case .emptyInput, .error:
                            break decoding
                        }
                    }
                    let byte = offset < slice.count ? slice[offset] : 0
                    failure = TranscriptError(path: path, line: lineNumber, column: column,
                        message: "the file is not UTF-8 text (byte 0x\(String(byte, radix: 16, uppercase: true)))")
                    return
                }
                start = i + 1
            }
        }
        if let failure { return .failure(failure) }
        return .success(lines)
    }
}
