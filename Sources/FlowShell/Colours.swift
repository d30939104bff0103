/// ANSI colours for a terminal: the shell's lines by style, and `check`'s and `test`'s reports.
/// The executable decides whether to use them (a terminal, and no NO_COLOR).
public enum Colours {
    /// The SGR code of a style; nil for plain text. Notes carry the key insight ("as? … is nil,
    /// so nothing is injected"), so they are cyan, never dim (faint text is unreadable on many
    /// terminal themes).
    public static func code(_ style: OutputLine.Style) -> String? {
        switch style {
        case .plain: nil
        case .event: "0"
        case .console: "33"
        case .note: "36"
        case .error: "31"
        case .warning: "35"
        case .crash: "1;31"
        case .heading: "1"
        }
    }

    private static func severity(in line: String) -> (Range<String.Index>, String, String)? {
        for (word, code) in [("error", "1;31"), ("warning", "1;35"), ("note", "1;36")] {
            if let r = line.firstRange(of: ": \(word): ") { return (r, word, code) }
        }
        return nil
    }

    public static func paint(_ text: String, _ code: String) -> String { "\u{1B}[\(code)m\(text)\u{1B}[0m" }

    /// `check`'s text report: rule headings bold, each finding's severity in its colour, `fix:`
    /// lines green, `reason:` lines cyan.
    public static func checkReport(_ text: String) -> String {
        var out = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var l = String(line)
            if !l.hasPrefix(" ") && l.contains(" — ") && !l.contains(": ") {
                l = paint(l, "1")
            } else if let (r, word, code) = severity(in: l) {
                let before = String(l[..<r.lowerBound])
                let after = String(l[r.upperBound...])
                l = before + ": " + paint(word, code) + ": " + after
            } else if l.hasPrefix("    fix: ") {
                l = "    " + paint("fix:", "32") + l.dropFirst(8)
            } else if l.hasPrefix("    reason: ") {
                l = "    " + paint("reason:", "36") + l.dropFirst(11)
            }
            out += l + "\n"
        }
        return String(out.dropLast())
    }
}
