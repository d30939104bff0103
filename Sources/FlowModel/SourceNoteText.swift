/// A note the Swift sources reader wrote into a flow: `File.swift:LINE: text` on a class,
/// `File.swift:LINE:COLUMN: note: text` on the flow. The merge roots its path like every other
/// Swift path of the flow, and `check` reports it at that line.
public struct SourceNoteText: Equatable, Sendable {
    public var location: CodeLocation
    /// What comes after `File.swift:LINE[:COLUMN]: ` (and `note: `).
    public var text: String
    /// `File.swift:LINE[:COLUMN]: `, as written.
    var head: Substring

    /// Nil for any other note (a storyboard's, a hand-written one, `declared at …`).
    public init?(_ note: String) {
        guard let swift = note.firstRange(of: ".swift:") else { return nil }
        var rest = note[swift.upperBound...]
        let line = rest.prefix { $0.isASCII && $0.isNumber }
        guard !line.isEmpty, line.count <= 9, let number = Int(line), number >= 1 else { return nil }
        rest = rest.dropFirst(line.count)
        if rest.first == ":" {
            let column = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            if !column.isEmpty { rest = rest.dropFirst(1 + column.count) }
        }
        guard rest.hasPrefix(": ") else { return nil }
        rest = rest.dropFirst(2)
        head = note[note.startIndex..<rest.startIndex]
        if rest.hasPrefix("note: ") { rest = rest.dropFirst(6) }
        location = CodeLocation(file: String(note[..<swift.lowerBound]) + ".swift", line: number)
        text = String(rest)
    }

    /// The same note with its file named `file` instead.
    public static func replacingFile(of note: String, with file: String) -> String {
        guard let n = SourceNoteText(note) else { return note }
        return file + n.head.dropFirst(n.location.file.count) + note[n.head.endIndex...]
    }
}
