import Testing
@testable import LineEditor

@Suite struct PromptTextTests {
    @Test func plainPromptUnchanged() {
        #expect(PromptText.wrap("flownav> ") == "flownav> ")
        #expect(PromptText.visibleWidth("flownav> ") == 9)
    }

    @Test func escapeRunsAreBracketedAndMerged() {
        let prompt = "\u{1B}[1m\u{1B}[32mflow\u{1B}[0m> "
        #expect(PromptText.wrap(prompt) == "\u{1}\u{1B}[1m\u{1B}[32m\u{1}flow\u{1}\u{1B}[0m\u{1}> ")
        #expect(PromptText.visibleWidth(prompt) == 6)
    }

    @Test func trailingEscapeMovesBeforeLastVisibleCharacter() {
        #expect(PromptText.wrap("\u{1B}[32m> \u{1B}[0m") == "\u{1}\u{1B}[32m\u{1}>\u{1}\u{1B}[0m\u{1} ")
        #expect(PromptText.wrap("\u{1B}[0m") == "")
    }

    @Test func oscAndStrayControlCharacters() {
        let link = "\u{1B}]8;;http://x\u{7}a\u{1B}]8;;\u{1B}\\b"
        #expect(PromptText.wrap(link) == "\u{1}\u{1B}]8;;http://x\u{7}\u{1}a\u{1}\u{1B}]8;;\u{1B}\\\u{1}b")
        #expect(PromptText.wrap("a\u{1}b\tc") == "abc")
    }
}
