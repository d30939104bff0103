import Testing
@testable import FlowModel

@Suite struct NameSuggesterTests {
    @Test(arguments: [
        ("", "abc", 3),
        ("same", "same", 0),
        ("kitten", "sitting", 3),
        ("destinaton", "destination", 1),
        // A swap of two neighbouring letters is one edit, not two.
        ("detial", "detail", 1),
        ("ab", "ba", 1),
        ("unwindToLsit", "unwindToList", 1),
    ])
    func distance(_ a: String, _ b: String, _ expected: Int) {
        #expect(NameSuggester.distance(a, b) == expected)
        #expect(NameSuggester.distance(b, a) == expected)
    }

    @Test func suggestsTheNearestKnownName() {
        let keys = ["id", "source", "destination", "kind", "relationship", "action", "trigger", "animates"]
        #expect(NameSuggester.nearest(to: "destinaton", in: keys, limit: 1) == ["destination"])
        #expect(NameSuggester.nearest(to: "animate", in: keys) == ["animates"])
        #expect(NameSuggester.nearest(to: "tirgger", in: keys) == ["trigger"])
    }

    @Test func nearestFirstThenAlphabetical() {
        #expect(NameSuggester.nearest(to: "cat", in: ["dog", "cat2", "cart", "bat", "cut", "ca"]) == ["bat", "ca", "cart"])
        #expect(NameSuggester.nearest(to: "detial", in: ["details", "detail"]) == ["detail", "details"])
        #expect(NameSuggester.nearest(to: "cat", in: ["cart", "bat"], limit: 1) == ["bat"])
    }

    @Test func caseOnlyDifferenceIsAlwaysSuggested() {
        #expect(NameSuggester.nearest(to: "FULLSCREEN", in: ["fullScreen", "formSheet"]) == ["fullScreen"])
        #expect(NameSuggester.distance("FULLSCREEN".lowercased(), "fullscreen") == 0)
    }

    @Test func theNameItselfIsNotSuggested() {
        #expect(NameSuggester.nearest(to: "nav", in: ["nav"]).isEmpty)
    }

    @Test func farOffNamesGetNoSuggestion() {
        #expect(NameSuggester.nearest(to: "somewhereElse", in: ["nav", "list", "detail"]).isEmpty)
        #expect(NameSuggester.nearest(to: "abcd", in: ["wxyz"]).isEmpty)
        #expect(NameSuggester.nearest(to: "x", in: []).isEmpty)
    }

    @Test func allowanceGrowsWithLength() {
        // Four edits: too many for a four-letter name, fine for a sixteen-letter one.
        #expect(NameSuggester.nearest(to: "abcdefghijklmnop", in: ["abcdefghijklWXYZ"]) == ["abcdefghijklWXYZ"])
        #expect(NameSuggester.nearest(to: "abcd", in: ["abcdWXYZ"]).isEmpty)
        // Two edits are always allowed, even for short names.
        #expect(NameSuggester.nearest(to: "ad", in: ["add"]) == ["add"])
    }
}
