import FlowEngine

/// One line the shell prints, with what it is so the terminal can colour it.
public struct OutputLine: Hashable, Sendable {
    public enum Style: Hashable, Sendable {
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

public struct Output: Sendable {
    public var lines: [OutputLine] = []
    public var status: Status = .ok
    /// Set by `quit`.
    public var quit = false
    /// What `record` needs written; the executable does the writing.
    public var record: RecordWrite?
    /// The engine's events behind the lines, for app commands (`select`, `tap`, …).
    public var events: [Event] = []

    public init() {}

    mutating func add(_ text: String, _ style: OutputLine.Style = .plain) { lines.append(OutputLine(text, style)) }

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
