/// How a word is written on a shell command line so that the shell reads it back as it is
/// (`Words.split`): bare when it can be, else in double quotes with `"` and `\` escaped by a
/// backslash. Every command flownav writes (`record`, `--echo`, `check --format transcript`)
/// goes through here, so a path with spaces or quotes is not replayed as another path.
public enum CommandWord {
    public static func quoted(_ word: String) -> String {
        let needsQuotes = word.isEmpty || word.hasPrefix("#") || word.unicodeScalars.contains {
            $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "\\"
        }
        guard needsQuotes else { return word }
        var out = "\""
        for c in word.unicodeScalars {
            if c == "\"" || c == "\\" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(c)
        }
        return out + "\""
    }
}
