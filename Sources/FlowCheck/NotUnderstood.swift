import FlowModel

/// The notes the Swift sources reader left in the flow (`File.swift:LINE: text` on a class,
/// `File.swift:LINE:COLUMN: note: text` on the flow), as findings: what the reader did not
/// understand must be seen in the report, not only in the flow file.
enum SourceNoteText {
    /// The Swift position and the text of a note the reader wrote; nil for any other note (a
    /// storyboard's, a hand-written one, `declared at …`).
    static func parse(_ note: String) -> (CodeLocation, String)? {
        let marker = Array(".swift:".utf8)
        let bytes = Array(note.utf8)
        guard bytes.count > marker.count,
              let at = (0...(bytes.count - marker.count)).first(where: { bytes[$0..<$0 + marker.count].elementsEqual(marker) })
        else { return nil }
        let file = String(decoding: bytes[..<(at + marker.count - 1)], as: UTF8.self)
        var rest = Substring(String(decoding: bytes[(at + marker.count)...], as: UTF8.self))
        let line = rest.prefix { $0.isASCII && $0.isNumber }
        guard !line.isEmpty, let number = Int(line), number >= 1 else { return nil }
        rest = rest.dropFirst(line.count)
        if rest.first == ":", let column = Optional(rest.dropFirst().prefix { $0.isASCII && $0.isNumber }), !column.isEmpty {
            rest = rest.dropFirst(1 + column.count)
        }
        guard rest.hasPrefix(": ") else { return nil }
        rest = rest.dropFirst(2)
        if rest.hasPrefix("note: ") { rest = rest.dropFirst(6) }
        return (CodeLocation(file: file, line: number), String(rest))
    }
}
