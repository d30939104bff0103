import FlowShell
import Foundation
import TestSupport
import Testing

extension Output {
    var texts: [String] { lines.map(\.text) }
    var joined: String { texts.joined(separator: "\n") }
}

extension Session {
    /// Runs each line in turn and returns the output of the last one.
    @discardableResult
    mutating func run(_ lines: String...) -> Output {
        var last = Output()
        for l in lines { last = execute(l) }
        return last
    }
}

/// The caret line of an input error, read back as the characters of `line` it underlines:
/// `offset` counts characters from the start of the typed line (0-based).
struct Caret: Equatable, CustomStringConvertible {
    var offset: Int
    var width: Int

    init(offset: Int, width: Int) {
        self.offset = offset
        self.width = width
    }

    /// Finds the echoed line (`  LINE`) and the caret line just below it.
    init?(in out: Output, typed line: String) {
        let texts = out.texts
        guard let echo = texts.firstIndex(of: "  " + line), echo + 1 < texts.count else { return nil }
        let caretLine = Array(texts[echo + 1])
        guard caretLine.count > 2, caretLine[0] == " ", caretLine[1] == " ",
              let first = caretLine.firstIndex(of: "^") else { return nil }
        let carets = caretLine[first...].prefix { $0 == "^" }.count
        // Nothing but spaces before the carets and nothing after them.
        guard caretLine[..<first].allSatisfy({ $0 == " " }), first + carets == caretLine.count else { return nil }
        offset = first - 2
        width = carets
    }

    /// The characters of `line` that the carets sit under (spaces past its end).
    func underlined(in line: String) -> String {
        let chars = Array(line) + Array(repeating: " ", count: offset + width)
        return String(chars[offset..<(offset + width)])
    }

    var description: String { "caret at \(offset), width \(width)" }
}

