import CEditLineShim

/// What a completer proposes for the text before the cursor.
public struct CompletionResult: Sendable, Equatable {
    /// How many characters (grapheme clusters) just before the cursor the candidates replace.
    public var replaceLength: Int
    public var candidates: [String]

    public init(replaceLength: Int, candidates: [String]) {
        self.replaceLength = replaceLength
        self.candidates = candidates
    }
}

/// The edit a Tab press performs. Kept free of libedit so it can be tested without a terminal.
enum CompletionAction: Equatable {
    /// Delete `deleteScalars` Unicode scalars before the cursor, then insert `insert`.
    /// Scalars, not characters: libedit's buffer holds one wchar_t per scalar.
    case replace(deleteScalars: Int, insert: String)
    case list([String])
    case beep

    init(lineBeforeCursor: String, result: CompletionResult) {
        var seen = Set<String>()
        let candidates = result.candidates.filter { seen.insert($0).inserted }
        let length = min(max(result.replaceLength, 0), lineBeforeCursor.count)
        let typed = lineBeforeCursor.suffix(length)
        let deleteScalars = typed.unicodeScalars.count

        guard let first = candidates.first else {
            self = .beep
            return
        }
        if candidates.count == 1 {
            // A folder is completed further with the next Tab: no space after its slash.
            self = .replace(deleteScalars: deleteScalars, insert: first.hasSuffix("/") ? first : first + " ")
            return
        }
        let prefix = Self.commonPrefix(candidates)
        if prefix.count > typed.count {
            self = .replace(deleteScalars: deleteScalars, insert: prefix)
        } else {
            self = .list(candidates)
        }
    }

    static func commonPrefix(_ strings: [String]) -> String {
        guard let first = strings.first else { return "" }
        var prefix = first[...]
        for string in strings.dropFirst() {
            prefix = prefix.commonPrefix(with: string)
            if prefix.isEmpty { break }
        }
        return String(prefix)
    }
}

extension Substring {
    fileprivate func commonPrefix(with other: String) -> Substring {
        var end = startIndex
        var otherIndex = other.startIndex
        while end < endIndex, otherIndex < other.endIndex, self[end] == other[otherIndex] {
            formIndex(after: &end)
            other.formIndex(after: &otherIndex)
        }
        return self[startIndex..<end]
    }
}

enum CandidateColumns {
    /// Lays `items` out column-major (like `ls`) in at most `width` terminal columns.
    static func lines(_ items: [String], width: Int) -> [String] {
        guard !items.isEmpty else { return [] }
        let gap = 2
        let widths = items.map(TerminalWidth.of)
        let cell = (widths.max() ?? 0) + gap
        let columnCount = max(1, min(items.count, (max(width, 1) + gap) / cell))
        let rowCount = (items.count + columnCount - 1) / columnCount
        var lines: [String] = []
        for row in 0..<rowCount {
            var line = ""
            for column in 0..<columnCount {
                let index = column * rowCount + row
                guard index < items.count else { break }
                line += items[index]
                if index + rowCount < items.count {
                    line += String(repeating: " ", count: cell - widths[index])
                }
            }
            lines.append(line)
        }
        return lines
    }
}

enum TerminalWidth {
    /// Columns the text occupies. Falls back to one column per printable scalar when the
    /// locale cannot classify it (e.g. tests running in the C locale).
    static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for scalar in text.unicodeScalars {
            let width = Int(flownav_wcwidth(scalar.value))
            if width >= 0 {
                total += width
            } else if scalar.value >= 0xA0 {
                total += 1
            }
        }
        return total
    }
}
