import FlowModel

import FlowEngine

/// One line the shell prints, with what it is so the terminal can colour it.
public struct OutputLine: Hashable, Sendable {
    /// Plain cases only (`BitwiseCopyable`: line records are kept in a `FlatBuffer`).
    public enum Style: Hashable, Sendable, BitwiseCopyable {
        case plain
        /// What the simulated app does (calls, instantiations, transitions).
        case event
        /// A line UIKit or the Swift runtime would write to the console.
        case console
        /// flownav explaining something UIKit does silently.
        case note
        case error
        case warning
        case crash
        case heading
    }

    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

/// How a command ended; a session's exit status is the worst it has seen.
public enum Status: Int, Comparable, Sendable {
    case ok = 0
    case rejected = 1
    case loadFailed = 2
    case crashed = 3

    public static func < (a: Status, b: Status) -> Bool { a.rawValue < b.rawValue }
}

/// What a command printed and how it ended.
///
/// The lines are kept as one UTF-8 buffer with where each line ends, not as a `String` each:
/// a transcript replay prints half a million lines and compares them as bytes, so making a
/// string per line (and the pieces each was built from) was most of its time. `lines` makes
/// the strings for callers that want them.
public struct Output: Sendable {
    /// The text of every line, one after another, without line terminators.
    private(set) var text = ByteBuffer()
    /// Where each line ends in `text`, and its style.
    private(set) var spans = FlatBuffer<Span>()
    public var status: Status = .ok
    /// Set by `quit`.
    public var quit = false
    /// What `record` needs written; the executable does the writing.
    public var record: RecordWrite?
    /// What `graph FILE` needs written; the executable does the writing (and runs Graphviz).
    public var graph: GraphWrite?
    /// The engine's events behind the lines, for app commands (`select`, `tap`, …).
    public var events: [Event] = []

    struct Span: Sendable, BitwiseCopyable {
        var end: Int
        var style: OutputLine.Style
    }

    public init() {}

    public var lines: [OutputLine] {
        get {
            (0..<spans.count).map { k in OutputLine(text[range(ofLine: k)], spans[k].style) }
        }
        set {
            text.removeAll()
            spans.removeAll()
            for l in newValue { add(l.text, l.style) }
        }
    }

    /// The number of lines.
    var lineCount: Int { spans.count }

    /// Where line `k` is in `text`.
    @inline(__always)
    func range(ofLine k: Int) -> Range<Int> { (k == 0 ? 0 : spans[k - 1].end)..<spans[k].end }

    /// Empties the output for the next command, keeping its buffers' capacity.
    public mutating func reset() {
        text.removeAll()
        spans.removeAll()
        status = .ok
        quit = false
        record = nil
        graph = nil
        if !events.isEmpty { events.removeAll(keepingCapacity: true) }
    }

    // MARK: Writing

    mutating func add(_ text: String, _ style: OutputLine.Style = .plain) {
        write(text)
        endLine(style)
    }

    mutating func add(_ line: OutputLine) { add(line.text, line.style) }

    /// Ends the line written so far (possibly empty).
    @inline(__always)
    mutating func endLine(_ style: OutputLine.Style = .plain) {
        spans.append(Span(end: text.count, style: style))
    }

    /// Appends to the current line; control characters are escaped (`ControlCharacters`), so no
    /// line can break in two or drive the terminal whatever the flow's strings hold.
    @inline(__always)
    mutating func write(_ s: String) {
        // Native, literal and small strings lend their bytes in place (no copy of the string
        // to make it contiguous, as `withUTF8` needs: a retain and a release per piece).
        if s.utf8.withContiguousStorageIfAvailable({ write($0) }) == nil {
            var s = s
            s.withUTF8 { write($0) }
        }
    }

    @inline(__always)
    mutating func write(_ s: StaticString) {
        s.withUTF8Buffer { text.append($0) }
    }

    @inline(__always)
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        if ControlCharacters.present(bytes) {
            var escaped = ControlCharacters.escaped(bytes)
            escaped.withUTF8 { text.append($0) }
        } else {
            text.append(bytes)
        }
    }

    @inline(__always)
    mutating func write(byte: UInt8) { text.append(byte) }

    /// A decimal number.
    mutating func write(_ n: Int) {
        if n < 0 { text.append(0x2D) }
        write(digits: n.magnitude)
    }

    private mutating func write(digits n: UInt) {
        if n >= 10 { write(digits: n / 10) }
        text.append(0x30 + UInt8(n % 10))
    }

    /// An input error with the line and a caret under the offending column.
    mutating func inputError(_ e: InputError, line: String) {
        add("error: \(e.message)\(Suggest.phrase(e.suggestions))", .error)
        add("  \(line)", .plain)
        add("  " + String(repeating: " ", count: e.column - 1) + String(repeating: "^", count: e.width), .error)
        status = max(status, .rejected)
    }
}

enum Suggest {
    static func phrase(_ s: [String]) -> String {
        switch s.count {
        case 0: ""
        case 1: "; did you mean '\(s[0])'?"
        default: "; did you mean " + s.dropLast().map { "'\($0)'" }.joined(separator: ", ") + " or '\(s.last!)'?"
        }
    }
}
