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
///
/// The file stays one byte buffer: lines and expected lines are offsets into it, compared in
/// place with the output's bytes. (A string per line was a fifth of a large replay's time.)
public struct Transcript: Sendable {
    public static let marker = "flownav> "

    /// The file as given to the runner, for messages.
    public var path: String
    /// The file's bytes, valid UTF-8.
    let text: [UInt8]
    /// Where each line starts in `text`, and one more entry one past the end (as if the file
    /// ended with a line terminator).
    let lineStarts: [Int32]
    public var commands: [Command]
    /// The compared lines of every command, in order; `Command.expected` says which are whose.
    let expectations: [Expectation]

    /// One input line and what it is expected to print.
    public struct Command: Sendable {
        /// Index in `lines` of the input line (0-based).
        public var line: Int
        public var input: String
        /// Its compared lines in `Transcript.expectations` (see `Transcript.expected(of:)`).
        var expected: Range<Int>
        /// Index in `lines` one past the command's block: the next input line, or the end.
        public var end: Int
        /// Whether the expected lines hold an `...` line (the matcher's slow path).
        public var hasAnyLines: Bool
    }

    /// A compared line as offsets in the file: trailing whitespace trimmed, comments and layout
    /// blank lines left out.
    struct Expectation: Sendable {
        enum Kind: UInt8, Sendable {
            case literal
            /// Holds `[..]`.
            case glob
            /// `...`.
            case anyLines
        }

        var line: Int32
        var start: Int32
        var end: Int32
        var kind: Kind
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
    }

    /// The lines of the file, without line terminators. Made on each call: read it once.
    public var lines: [String] { lines(in: 0..<lineCount) }

    /// Lines `range` of the file, made from the bytes (not from all the lines).
    func lines(in range: Range<Int>) -> [String] {
        WorkMeter.add(.transcriptLines, range.count)
        return range.map { k in String(decoding: text[self.range(ofLine: k)], as: UTF8.self) }
    }

    var lineCount: Int { lineStarts.count - 1 }

    /// Line `k` in `text`, without its terminator.
    func range(ofLine k: Int) -> Range<Int> {
        let start = Int(lineStarts[k])
        var end = Int(lineStarts[k + 1]) - 1
        if end > start && text[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// A command's compared lines, as patterns.
    public func expected(of command: Command) -> [Expected] {
        expectations[command.expected].map { e in
            let bytes = text[Int(e.start)..<Int(e.end)]
            let pattern: LinePattern
            switch e.kind {
            case .literal: pattern = .literal(String(decoding: bytes, as: UTF8.self))
            case .glob: pattern = .glob(Self.globPieces(bytes))
            case .anyLines: pattern = .anyLines
            }
            return Expected(line: Int(e.line), pattern: pattern)
        }
    }

    /// The pieces between `[..]` markers.
    static func globPieces(_ b: ArraySlice<UInt8>) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var start = b.startIndex
        var i = b.startIndex
        while i + 4 <= b.endIndex {
            if b[i] == 0x5B && b[i + 1] == 0x2E && b[i + 2] == 0x2E && b[i + 3] == 0x5D {
                pieces.append(Array(b[start..<i]))
                i += 4
                start = i
            } else {
                i += 1
            }
        }
        pieces.append(Array(b[start...]))
        return pieces
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

