import Testing
@testable import FlowShell

/// The command-line cache: a line seen before comes back as it was first split, however many
/// other lines came in between (the cache starts again after 256 distinct ones).
@Suite("Parsed lines")
struct ParsedLinesTests {
    private func words(_ line: ParsedLines.Line?) -> [String] {
        guard let line else { return [] }
        return [line.command.text] + line.args.map(\.text)
    }

    @Test("a cached line splits as a fresh one does, across the cache's restarts")
    func cachedEqualsFresh() {
        var cache = ParsedLines()
        let lines = (0..<700).map { "select \($0 % 300) \($0 % 7) from \"scene \($0 % 11)\"" } + ["", "   ", "where", "wher", "tap  add"]
        for round in 0..<2 {
            for line in lines {
                var fresh = ParsedLines()
                let expected = fresh.parse(line)
                let got = cache.parse(line)
                #expect(words(got) == words(expected), "round \(round): \(line)")
                #expect(got?.id == expected?.id)
                #expect(got?.command.column == expected?.command.column)
            }
        }
        #expect(words(cache.parse("tap  add")) == ["tap", "add"])
        #expect(cache.parse("   ") == nil)
    }
}
