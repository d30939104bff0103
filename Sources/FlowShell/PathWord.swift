/// A path typed as a command's argument, for Tab: the shell splits words on spaces and groups
/// them with double quotes, so a completed path with a space must be inserted quoted, and a
/// word the user opened with a quote is read without it.
public struct PathWord: Equatable, Sendable {
    /// The word as typed, quote included: what a completion replaces.
    public var typed: String
    /// The path it stands for so far.
    public var path: String
    public var quoted: Bool

    /// The last word of `lineBeforeCursor`, where a space inside double quotes does not end it.
    public init(lineBeforeCursor line: String) {
        var start = line.startIndex
        var inQuotes = false
        var i = line.startIndex
        while i < line.endIndex {
            let c = line[i]
            if c == "\"" { inQuotes.toggle() }
            if (c == " " || c == "\t") && !inQuotes { start = line.index(after: i) }
            i = line.index(after: i)
        }
        typed = String(line[start...])
        quoted = typed.hasPrefix("\"")
        path = typed.filter { $0 != "\"" }
    }

    /// What to insert for each path found (folders end with `/`): all of them quoted when the
    /// word was, or when any needs it (so they keep a common prefix); a file's quote is closed,
    /// a folder's left open for the next Tab.
    public func insertions(_ paths: [String]) -> [String] {
        let quote = quoted || paths.contains { p in p.contains { $0 == " " || $0 == "\t" } }
        guard quote else { return paths }
        return paths.map { "\"" + $0 + ($0.hasSuffix("/") ? "" : "\"") }
    }
}
