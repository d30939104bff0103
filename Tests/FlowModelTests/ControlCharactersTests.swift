import Testing
import FlowModel

/// `check` prints a report as it is when only line feeds and tabs are in it, and escapes it line
/// by line otherwise: both ways must give the same text.
@Suite("Control characters")
struct ControlCharactersTests {
    private func byLines(_ s: String) -> String {
        s.split(separator: "\n", omittingEmptySubsequences: false).map { ControlCharacters.escaped(String($0)) }.joined(separator: "\n")
    }

    @Test("line feeds and tabs alone leave a report as it is; any other control character is seen")
    func besidesLineFeeds() {
        for s in ["", "a\nb\tc\n\n", "é\n日本\u{A0}x", "\n"] {
            #expect(!ControlCharacters.presentBesidesLineFeeds(s))
            #expect(byLines(s) == s)
        }
        for s in ["a\r\nb", "title \u{1B}[31m", "x\u{85}y", "\u{7F}", "\u{0}\n"] {
            #expect(ControlCharacters.presentBesidesLineFeeds(s))
            #expect(byLines(s) != s)
        }
    }
}
