/// Prompt handling for libedit's EL_PROMPT_ESC mode.
enum PromptText {
    /// Brackets the bytes libedit must print but not count as columns.
    static let literal: Character = "\u{1}"

    /// Wraps every run of terminal escape sequences in `literal` characters.
    ///
    /// libedit glues each literal run to the visible character that follows it (it needs a
    /// character with a width to hang the run on) and silently drops a run at the very end of
    /// the prompt. So adjacent escapes become one run, and trailing escapes (typically the
    /// colour reset) are moved before the last visible character, which then prints in the
    /// reset style; for the usual trailing space that looks the same.
    static func wrap(_ prompt: String) -> String {
        var units: [(escapes: String, visible: Character)] = []
        var pending = ""
        for token in tokens(prompt) {
            switch token {
            case .escape(let sequence): pending += sequence
            case .visible(let character):
                units.append((pending, character))
                pending = ""
            }
        }
        if !pending.isEmpty, let last = units.popLast() {
            units.append((last.escapes + pending, last.visible))
        }
        var result = ""
        for unit in units {
            if !unit.escapes.isEmpty {
                result.append(literal)
                result += unit.escapes
                result.append(literal)
            }
            result.append(unit.visible)
        }
        return result
    }

    /// Columns the prompt occupies on screen, escapes excluded.
    static func visibleWidth(_ prompt: String) -> Int {
        var width = 0
        for token in tokens(prompt) {
            if case .visible(let character) = token { width += TerminalWidth.of(String(character)) }
        }
        return width
    }

    private enum Token {
        case escape(String)
        case visible(Character)
    }

    /// Splits out ESC sequences (CSI, OSC, and two-byte escapes). Other control characters,
    /// including a stray `literal`, are dropped: they would confuse libedit's width maths.
    private static func tokens(_ prompt: String) -> [Token] {
        let scalars = Array(prompt.unicodeScalars)
        var tokens: [Token] = []
        var visible = String.UnicodeScalarView()
        func flushVisible() {
            for character in String(visible) { tokens.append(.visible(character)) }
            visible = String.UnicodeScalarView()
        }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}" {
                flushVisible()
                let end = escapeEnd(scalars, start: index)
                var sequence = String.UnicodeScalarView()
                sequence.append(contentsOf: scalars[index..<end])
                tokens.append(.escape(String(sequence)))
                index = end
            } else {
                if scalar.value >= 0x20 && scalar.value != 0x7F { visible.append(scalar) }
                index += 1
            }
        }
        flushVisible()
        return tokens
    }

    /// Index just past the escape sequence starting at `start` (which holds ESC).
    private static func escapeEnd(_ scalars: [Unicode.Scalar], start: Int) -> Int {
        var index = start + 1
        guard index < scalars.count else { return index }
        switch scalars[index] {
        case "[":  // CSI: parameters and intermediates, then one final byte in 0x40...0x7E
            index += 1
            while index < scalars.count {
                let value = scalars[index].value
                index += 1
                if (0x40...0x7E).contains(value) { break }
            }
            return index
        case "]":  // OSC (e.g. hyperlinks, titles): ends with BEL or ESC \
            index += 1
            while index < scalars.count {
                if scalars[index] == "\u{7}" { return index + 1 }
                if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "\\" {
                    return index + 2
                }
                index += 1
            }
            return index
        default:
            return index + 1
        }
    }
}
