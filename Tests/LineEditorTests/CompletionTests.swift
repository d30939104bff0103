import Testing
@testable import LineEditor

@Suite struct CompletionActionTests {
    private func action(_ line: String, _ length: Int, _ candidates: [String]) -> CompletionAction {
        CompletionAction(lineBeforeCursor: line, result: CompletionResult(replaceLength: length, candidates: candidates))
    }

    @Test func noCandidatesBeeps() {
        #expect(action(".x", 2, []) == .beep)
    }

    @Test func singleCandidateReplacesWordAndAddsSpace() {
        #expect(action(".he", 3, [".help"]) == .replace(deleteScalars: 3, insert: ".help "))
        #expect(action("tap ", 0, ["button"]) == .replace(deleteScalars: 0, insert: "button "))
    }

    @Test func aSingleFolderGetsNoSpaceSoTheNextTabGoesOn() {
        #expect(action("load fl", 2, ["flows/"]) == .replace(deleteScalars: 2, insert: "flows/"))
        #expect(action("load my", 2, ["\"my flows/"]) == .replace(deleteScalars: 2, insert: "\"my flows/"))
    }

    @Test func duplicatesCountOnce() {
        #expect(action(".he", 3, [".help", ".help"]) == .replace(deleteScalars: 3, insert: ".help "))
    }

    @Test func longerCommonPrefixIsInserted() {
        #expect(action(".s", 2, [".show", ".shot"]) == .replace(deleteScalars: 2, insert: ".sho"))
    }

    @Test func noProgressLists() {
        #expect(action(".h", 2, [".help", ".history"]) == .list([".help", ".history"]))
        #expect(action("", 0, ["a", "b"]) == .list(["a", "b"]))
    }

    @Test func deletionCountsUnicodeScalars() {
        // "é" typed as e + combining acute is one Character but two scalars (two wchar_t).
        let decomposed = "h\u{65}\u{301}"
        #expect(action("tap " + decomposed, 2, ["h\u{e9}llo"]) == .replace(deleteScalars: 3, insert: "h\u{e9}llo "))
        #expect(action("héll", 4, ["héllo", "héllo wörld"]) == .replace(deleteScalars: 4, insert: "héllo"))
    }

    @Test func replaceLengthIsClamped() {
        #expect(action("ab", 10, ["abc"]) == .replace(deleteScalars: 2, insert: "abc "))
        #expect(action("ab", -1, ["x"]) == .replace(deleteScalars: 0, insert: "x "))
    }

    @Test func commonPrefix() {
        #expect(CompletionAction.commonPrefix(["wörld", "wörd"]) == "wör")
        #expect(CompletionAction.commonPrefix(["a", "b"]) == "")
        #expect(CompletionAction.commonPrefix([]) == "")
    }
}

@Suite struct CandidateColumnsTests {
    @Test func columnMajorLayout() {
        let items = ["aa", "b", "cccc", "d", "e"]
        // cell = 4 + 2 = 6; width 14 fits 2 columns -> 3 rows.
        #expect(CandidateColumns.lines(items, width: 14) == [
            "aa    d",
            "b     e",
            "cccc",
        ])
    }

    @Test func narrowTerminalGivesOneColumn() {
        #expect(CandidateColumns.lines(["alpha", "beta"], width: 3) == ["alpha", "beta"])
    }

    @Test func wideTerminalGivesOneRow() {
        #expect(CandidateColumns.lines([".help", ".history"], width: 80) == [".help     .history"])
        #expect(CandidateColumns.lines([], width: 80) == [])
    }
}
