/// Command lines already split into words, with their command: a transcript, a script or a
/// session repeats the same few lines, and splitting one (strings for its words, an array)
/// and finding its command cost more than a dictionary lookup of the line.
struct ParsedLines: Sendable {
    struct Line: Sendable {
        var command: Word
        var args: [Word]
        /// Nil for an unknown command.
        var id: CommandID?
    }

    private var lines: [String: Line] = [:]
    /// Beyond this many distinct lines the cache starts again: typed sessions never repeat much.
    private static let limit = 256

    /// The words of `line` and its command, or nil for a line without words.
    mutating func parse(_ line: String) -> Line? {
        if let known = lines[line] { return known }
        var words = Words.split(line)
        guard !words.isEmpty else { return nil }
        let command = words.removeFirst()
        let parsed = Line(command: command, args: words, id: CommandCatalog.id(command.text))
        if lines.count >= Self.limit { lines.removeAll(keepingCapacity: true) }
        lines[line] = parsed
        return parsed
    }
}
