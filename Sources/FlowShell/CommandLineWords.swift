/// A word of a command line and the column (1-based, in characters) where it starts, so an
/// error can put a caret under it.
public struct Word: Hashable, Sendable {
    public var text: String
    public var column: Int
}

/// A problem with what was typed, pointing at a column of the line.
public struct InputError: Error, Hashable, Sendable {
    public var message: String
    public var column: Int
    public var width: Int
    public var suggestions: [String]

    public init(_ message: String, at word: Word, suggestions: [String] = []) {
        self.message = message
        self.column = word.column
        self.width = max(1, word.text.count)
        self.suggestions = suggestions
    }

    public init(_ message: String, column: Int, width: Int = 1, suggestions: [String] = []) {
        self.message = message
        self.column = column
        self.width = width
        self.suggestions = suggestions
    }
}

public enum Words {
    /// Splits on spaces; double quotes group words (`sender "the cell"`); a backslash before
    /// `"` or `\` makes it part of the word (`CommandWord.quoted` writes words this way).
    public static func split(_ line: String) -> [Word] {
        var line = line
        if let words = line.withUTF8({ splitPrintableASCII($0) }) { return words }
        return splitCharacters(line)
    }

    /// The split of a line of printable ASCII and tabs, where a byte is a character (so a
    /// column is a byte offset), done on bytes; nil for any other line. Typed and replayed
    /// commands are nearly always such lines, and walking them by `Character` was a tenth of
    /// a replay's shell time.
    private static func splitPrintableASCII(_ b: UnsafeBufferPointer<UInt8>) -> [Word]? {
        var words: [Word] = []
        // Room for a command and its usual arguments at once, not grown word by word.
        words.reserveCapacity(4)
        var i = 0
        let n = b.count
        while i < n {
            let c = b[i]
            if c == 0x20 || c == 0x09 {
                i += 1
                continue
            }
            if c == 0x22 || c == 0x5C || c < 0x20 || c >= 0x7F { return nil } // quotes, escapes and the rest: the general split
            let start = i
            while i < n && b[i] != 0x20 && b[i] != 0x09 {
                let c = b[i]
                if c == 0x22 || c == 0x5C || c < 0x20 || c >= 0x7F { return nil }
                i += 1
            }
            words.append(Word(text: String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self), column: start + 1))
        }
        return words
    }

    private static func splitCharacters(_ line: String) -> [Word] {
        var words: [Word] = []
        var current = ""
        var start = 0
        var inQuotes = false
        var column = 0
        var hasWord = false
        var escaped = false
        for c in line {
            column += 1
            if escaped {
                escaped = false
                if c == "\"" || c == "\\" {
                    current.append(c)
                    continue
                }
                current.append("\\")
            } else if c == "\\" {
                if !hasWord { start = column; hasWord = true }
                escaped = true
                continue
            }
            if c == "\"" {
                if !hasWord { start = column; hasWord = true }
                inQuotes.toggle()
                continue
            }
            if (c == " " || c == "\t") && !inQuotes {
                if hasWord { words.append(Word(text: current, column: start)) }
                current = ""
                hasWord = false
                continue
            }
            if !hasWord { start = column; hasWord = true }
            current.append(c)
        }
        if escaped { current.append("\\") }
        if hasWord { words.append(Word(text: current, column: start)) }
        return words
    }
}
