@testable import FlowShell
import Foundation
import TestSupport
import Testing

/// Parses transcript text, failing the test when it does not parse.
private func parse(_ text: String, path: String = "t.flownav", sourceLocation: SourceLocation = #_sourceLocation) throws -> Transcript {
    switch Transcript.parse(text: text, path: path) {
    case .success(let t): return t
    case .failure(let e):
        Issue.record("\(e)", sourceLocation: sourceLocation)
        throw e
    }
}

private func parseError(_ text: String, path: String = "t.flownav") -> TranscriptError? {
    if case .failure(let e) = Transcript.parse(text: text, path: path) { return e }
    return nil
}

@Suite struct TranscriptFormatTests {
    @Test func inputLinesAndTheirExpectedOutput() throws {
        let t = try parse("""
            # a comment
            flownav> where
            window
            └─ root x
            flownav> back
            flownav>
            flownav> select 1
            note: selected row [0, 1]
            """)
        #expect(t.commands.map(\.input) == ["where", "back", "", "select 1"])
        #expect(t.commands.map(\.line) == [1, 4, 5, 6])
        #expect(t.expected(of: t.commands[0]).map(\.pattern) == [.literal("window"), .literal("└─ root x")])
        #expect(t.expected(of: t.commands[0]).map(\.line) == [2, 3])
        #expect(t.expected(of: t.commands[1]).isEmpty)
        #expect(t.commands[3].end == 8)
    }

    @Test func commentsAreNeverOutputWhereverTheyAre() throws {
        let t = try parse("""
            flownav> where
            window
            # inside the output
            └─ root x
            """)
        #expect(t.expected(of: t.commands[0]).map(\.pattern) == [.literal("window"), .literal("└─ root x")])
    }

    /// A blank line is output only when output follows it in the block.
    @Test func blankLinesBeforeACommentOrTheNextCommandAreLayout() throws {
        let t = try parse("""
            flownav> help trace
            trace on|off

              show every lifecycle callback

            # next: back
            flownav> back

            flownav> where

            """)
        #expect(t.expected(of: t.commands[0]).map(\.pattern) == [.literal("trace on|off"), .literal(""), .literal("  show every lifecycle callback")])
        #expect(t.expected(of: t.commands[1]).isEmpty)
        #expect(t.expected(of: t.commands[2]).isEmpty)
    }

    @Test func wildcardsAndTrailingWhitespace() throws {
        let t = try parse("flownav> x\nloaded [..] from [..]: 7 scenes\n...\nplain   \n... \n")
        let p = t.expected(of: t.commands[0]).map(\.pattern)
        #expect(p[0] == .glob([Array("loaded ".utf8), Array(" from ".utf8), Array(": 7 scenes".utf8)]))
        #expect(p[1] == .anyLines)
        #expect(p[2] == .literal("plain"))
        #expect(p[3] == .anyLines)
        #expect(t.commands[0].hasAnyLines)
    }

    @Test func carriageReturnsAreDropped() throws {
        let t = try parse("flownav> where\r\nwindow\r\n")
        #expect(t.commands[0].input == "where")
        #expect(t.expected(of: t.commands[0]).map(\.pattern) == [.literal("window")])
    }

    @Test func outputBeforeTheFirstCommandIsAnErrorWithItsPosition() {
        let e = parseError("# fine\n\nwindow\nflownav> where\n")
        #expect(e?.description == "t.flownav:3:1: error: output before the first command; input lines start with 'flownav> ', comments with '#'")
    }

    @Test func aMarkerWithoutItsSpaceIsAnError() {
        let e = parseError("flownav> where\nwindow\nflownav>back\n")
        #expect(e?.description == "t.flownav:3:9: error: expected a space after the prompt marker 'flownav>' (input lines start with 'flownav> ')")
    }

    @Test func aTranscriptWithoutCommandsIsAnError() {
        #expect(parseError("# only a comment\n")?.description == "t.flownav: error: no commands: input lines start with 'flownav> '")
        #expect(parseError("")?.description == "t.flownav: error: no commands: input lines start with 'flownav> '")
    }

    @Test func invalidUTF8IsReportedAtItsLineAndColumn() {
        var bytes = Array("flownav> where\nwé".utf8)
        bytes.append(0xFF)
        bytes += Array("x\n".utf8)
        guard case .failure(let e) = Transcript.parse(bytes: bytes, path: "t.flownav") else {
            Issue.record("parsed")
            return
        }
        #expect(e.description == "t.flownav:2:3: error: the file is not UTF-8 text (byte 0xFF)")
    }

    /// UTF-8 is checked as the lines are read: a bad byte anywhere in the file is still the
    /// error, even after a line that is wrong for another reason, and also in the last line.
    @Test func invalidUTF8WinsOverEarlierErrors() {
        func error(_ parts: [[UInt8]]) -> String? {
            guard case .failure(let e) = Transcript.parse(bytes: parts.flatMap { $0 }, path: "t.flownav") else { return nil }
            return e.description
        }
        let bad: [UInt8] = [0xE2, 0x80] // a 3-byte sequence cut short
        #expect(error([Array("output first\nflownav> where\n\nx ".utf8), bad, Array("\n".utf8)])
            == "t.flownav:4:3: error: the file is not UTF-8 text (byte 0xE2)")
        #expect(error([Array("flownav> where\nok\n".utf8), bad]) == "t.flownav:3:1: error: the file is not UTF-8 text (byte 0xE2)")
        #expect(error([Array("flownav> where\nok\r\n".utf8), [0xC0, 0x0A]]) == "t.flownav:3:1: error: the file is not UTF-8 text (byte 0xC0)")
        #expect(error([Array("output first\n".utf8)]) == "t.flownav:1:1: error: output before the first command; input lines start with 'flownav> ', comments with '#'")
    }

    /// In a large file UTF-8 is checked in blocks that end at a line end: a bad byte in any
    /// block, just before or after a block's end, is found at its own line and column.
    @Test func invalidUTF8InALargeFileIsFoundInEveryBlock() {
        let line = Array("call     <Items.ItemsViewController: 0x600000c04200> prepare(for:sender:) — segue 'ShowDetail'\n".utf8)
        var body = Array("flownav> where\n".utf8)
        while body.count < 300_000 { body += line }
        for offset in [70, 65_530, 65_536, 65_540, 131_100, 299_990] {
            var bytes = body
            bytes.insert(0xFF, at: offset)
            guard case .failure(let e) = Transcript.parse(bytes: bytes, path: "t.flownav") else {
                Issue.record("parsed with a bad byte at \(offset)")
                continue
            }
            let lineNumber = bytes[..<offset].filter { $0 == 0x0A }.count + 1
            let lineStart = (bytes[..<offset].lastIndex(of: 0x0A) ?? -1) + 1
            let column = bytes[lineStart..<offset].filter { $0 & 0xC0 != 0x80 }.count + 1
            #expect(e.description == "t.flownav:\(lineNumber):\(column): error: the file is not UTF-8 text (byte 0xFF)", "offset \(offset)")
        }
        #expect((try? Transcript.parse(bytes: body, path: "t.flownav").get()) != nil)
    }

    @Test func unreadableFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let missing = folder.path + "/missing.flownav"
        #expect(TranscriptRunner.run(path: missing).outcome == .invalid(TranscriptError(path: missing, message: "no such file")))
        #expect(TranscriptRunner.run(path: folder.path).outcome == .invalid(TranscriptError(path: folder.path, message: "is a folder, not a transcript")))
    }

    @Test func theFolderOfATranscript() throws {
        #expect(try parse("flownav> x", path: "a/b/t.flownav").folder == "a/b")
        #expect(try parse("flownav> x", path: "t.flownav").folder == nil)
        #expect(try parse("flownav> x", path: "/t.flownav").folder == "/")
    }
}

@Suite struct TranscriptMatcherTests {
    private func matches(_ expected: String, _ actual: [String]) throws -> Bool {
        let t = try parse("flownav> x\n" + expected)
        return TranscriptMatcher.matches(t.expected(of: t.commands[0]), actual: actual)
    }

    @Test func exactLinesTrailingWhitespaceAside() throws {
        #expect(try matches("a\nb", ["a", "b"]))
        #expect(try matches("a\nb", ["a", "b  \t"]))
        #expect(try !matches("a\nb", ["a", "b c"]))
        #expect(try !matches("a\nb", ["a"]))
        #expect(try !matches("a", ["a", "b"]))
        #expect(try !matches("é", ["e\u{301}"]), "lines compare as bytes, not as canonically equivalent text")
    }

    @Test func trailingBlankActualLinesAreLayout() throws {
        #expect(try matches("a", ["a", "", " "]))
        #expect(try matches("a\n\nb", ["a", "", "b", ""]))
        #expect(try !matches("a\n\nb", ["a", "b"]))
    }

    @Test func anyTextWithinALine() throws {
        #expect(try matches("loaded [..] from [..]", ["loaded Items from flows/x.json"]))
        #expect(try matches("[..]\nb", ["", "b"]))
        #expect(try matches("a[..]", ["a"]))
        #expect(try matches("[..]z", ["xyz"]))
        #expect(try matches("a[..]b[..]c", ["a-b-c"]))
        #expect(try matches("a[..]b[..]c", ["abc"]))
        #expect(try !matches("a[..]b[..]c", ["acb"]))
        #expect(try !matches("ab[..]ba", ["aba"]), "the prefix and suffix may not overlap")
        #expect(try !matches("a[..]", ["ba"]))
        #expect(try !matches("[..]", ["one", "two"]), "[..] stays within one line")
    }

    @Test func anyNumberOfLines() throws {
        #expect(try matches("...", []))
        #expect(try matches("...", ["a", "b"]))
        #expect(try matches("a\n...\nz", ["a", "z"]))
        #expect(try matches("a\n...\nz", ["a", "b", "c", "z"]))
        #expect(try matches("...\nz", ["z", "z", "z"]))
        #expect(try matches("a\n...", ["a", "b"]))
        #expect(try !matches("a\n...\nz", ["a", "b"]))
        #expect(try !matches("a\n...", ["b", "a"]))
        // Backtracking: the first `b` is not the one that ends the match.
        #expect(try matches("...\nb\nc\n...\nd", ["b", "x", "b", "c", "d"]))
        #expect(try !matches("...\nb\nc\n...\nd", ["b", "x", "b", "c"]))
    }
}

@Suite struct UnifiedDiffTests {
    @Test func hunksWithContextAndLineNumbers() {
        let old = (1...12).map { "line \($0)" }
        var new = old
        new[1] = "line two"
        new.insert("added", at: 11)
        let diff = UnifiedDiff.render(old: old, new: new, oldName: "a (expected)", newName: "a (actual)")
        #expect(diff == """
            --- a (expected)
            +++ a (actual)
            @@ -1,5 +1,5 @@
             line 1
            -line 2
            +line two
             line 3
             line 4
             line 5
            @@ -9,4 +9,5 @@
             line 9
             line 10
             line 11
            +added
             line 12

            """)
    }

    @Test func noChangeIsNoDiff() {
        #expect(UnifiedDiff.render(old: ["a"], new: ["a"], oldName: "x", newName: "y") == "")
    }

    @Test func emptyRangesNameTheLineBefore() {
        #expect(UnifiedDiff.render(old: [], new: ["a"], oldName: "x", newName: "y") == "--- x\n+++ y\n@@ -0,0 +1 @@\n+a\n")
        #expect(UnifiedDiff.render(old: ["a", "b"], new: ["a"], oldName: "x", newName: "y") == "--- x\n+++ y\n@@ -1,2 +1 @@\n a\n-b\n")
    }
}

@Suite struct TranscriptRunnerTests {
    /// The demo flow's `where` at launch.
    static let whereAtLaunch = """
        window
        └─ root <UINavigationController: 0x600000c04000> 'itemsNav'
           └─ [0] <Items.ItemsViewController: 0x600000c04200> 'items' "Items"   ◀ front-most
        """

    @Test func aTranscriptWithoutLoadRunsOnTheDemoFlow() {
        let r = TranscriptRunner.run(text: "flownav> where\n" + Self.whereAtLaunch + "\n", path: "t.flownav")
        #expect(r.passed, "\(r)")
        #expect(r.commands == 1)
    }

    @Test func relativeLoadPathsStartFromTheTranscriptsFolder() {
        let path = PackagePaths.flows.appendingPathComponent("not-there.flownav").path
        let r = TranscriptRunner.run(text: """
            flownav> load injectable.json
            loaded Red Pill from injectable.json: [..]
            ...
            flownav> where
            window
            └─ root <UINavigationController: 0x600000c04000> 'nav'
               └─ [0] <RedPill.ViewController: 0x600000c04200> 'main' "Take a Pill"   ◀ front-most

            """, path: path)
        #expect(r.passed, "\(r)")
    }

    @Test func aMismatchGivesADiffWithTheFilesLineNumbers() {
        let text = """
            # launch
            flownav> where
            window
            └─ root <UINavigationController: 0x600000c04000> 'itemsNav'
               └─ [0] <Items.ItemsViewController: 0x600000c04200> 'items' "Items"   ◀ front-most
            flownav> select 1
            note: selected row [0, 2]
            ...
            flownav> back
            pop [..]

            """
        let r = TranscriptRunner.run(text: text, path: "demo.flownav")
        #expect(r.outcome == .failed)
        #expect(r.diff == """
            --- demo.flownav (expected)
            +++ demo.flownav (actual)
            @@ -4,7 +4,7 @@
             └─ root <UINavigationController: 0x600000c04000> 'itemsNav'
                └─ [0] <Items.ItemsViewController: 0x600000c04200> 'items' "Items"   ◀ front-most
             flownav> select 1
            -note: selected row [0, 2]
            +note: selected row [0, 1]
             ...
             flownav> back
             pop [..]

            """)
        // The update keeps the comment and the wildcard lines that still match.
        #expect(r.updatedText == text.replacingOccurrences(of: "[0, 2]", with: "[0, 1]"))
        #expect(TranscriptRunner.run(text: r.updatedText!, path: "demo.flownav").passed)
    }

    @Test func theUpdateReplacesWildcardLinesThatNoLongerMatch() throws {
        let text = """
            flownav> where
            window
            └─ root <UINavigationController: [..]> 'navigation'
            # the list
               └─ [0] [..] ◀ front-most
            flownav> trace on
            trace is [..]

            # layout above and below

            flownav> back
            error: nothing to go back to
            """
        let r = TranscriptRunner.run(text: text, path: "t.flownav")
        #expect(r.outcome == .failed)
        let updated = try #require(r.updatedText)
        #expect(updated == """
            flownav> where
            window
            └─ root <UINavigationController: 0x600000c04000> 'itemsNav'
            # the list
               └─ [0] [..] ◀ front-most
            flownav> trace on
            trace is [..]

            # layout above and below

            flownav> back
            error: nothing to go back to: <Items.ItemsViewController: 0x600000c04200> is the root of <UINavigationController: 0x600000c04000>

            """)
        let again = TranscriptRunner.run(text: updated, path: "t.flownav")
        #expect(again.passed, "\(again)")
    }

    @Test func commentsWithoutExpectedOutputStayAfterTheOutput() throws {
        let r = TranscriptRunner.run(text: "flownav> where\n\n# then select\nflownav> back\n", path: "t.flownav")
        let updated = try #require(r.updatedText)
        #expect(updated.hasPrefix("flownav> where\n" + Self.whereAtLaunch + "\n\n# then select\nflownav> back\n"), "\(updated)")
        #expect(TranscriptRunner.run(text: updated, path: "t.flownav").passed)
    }

    @Test func outputThatATranscriptCannotHoldIsNotWritten() throws {
        // `help` output never starts with '#', so make a flow whose load fails with such a name.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let r = TranscriptRunner.run(text: "flownav> load #x.json\n", path: folder.path + "/t.flownav")
        #expect(r.outcome == .failed)
        #expect(r.diff.contains("+#x.json: error: no such file"), "\(r.diff)")
        #expect(r.updatedText == nil)
    }

    @Test func commandsAfterQuitAreAnError() {
        let r = TranscriptRunner.run(text: "flownav> where\n...\nflownav> quit\nflownav> where\n", path: "t.flownav")
        #expect(r.outcome == .invalid(TranscriptError(path: "t.flownav", line: 3, column: 10,
            message: "'quit' ends the session, so the command on line 4 would never run")))
        #expect(TranscriptRunner.run(text: "flownav> where\n...\nflownav> quit\n", path: "t.flownav").passed)
    }

    @Test func resultsComeBackInTheOrderGiven() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var paths: [String] = []
        for n in 0..<12 {
            let body = n % 3 == 0 ? "flownav> where\nwrong\n" : "flownav> where\n...\n"
            paths.append(try folder.file("t\(n).flownav", contents: body))
        }
        let results = TranscriptRunner.run(paths: paths)
        #expect(results.map(\.path) == paths)
        #expect(results.map(\.passed) == (0..<12).map { $0 % 3 != 0 })
    }
}

/// The seed documents' stories (`flows/*.flownav`), each a case, replayed in process through
/// the same runner as `flownav test`.
@Suite struct SeedTranscriptTests {
    static let transcripts: [String] = {
        // Recursively, as `flownav test flows` finds them (flows/regressions/ too).
        let names = FileManager.default.enumerator(atPath: PackagePaths.flows.path)?.compactMap { $0 as? String } ?? []
        return names.filter { $0.hasSuffix(".flownav") }.sorted()
    }()

    @Test(arguments: transcripts)
    func transcriptPasses(_ name: String) {
        let r = TranscriptRunner.run(path: PackagePaths.flow(name))
        #expect(r.passed, "\(r)")
    }

    /// Every bundled flow has its story, and a transcript of a failure for it.
    @Test(arguments: PackagePaths.bundledFlows)
    func everyFlowHasAStoryAndAFailure(_ flow: String) throws {
        let stem = String(flow.dropLast(".json".count))
        #expect(Self.transcripts.contains(stem + ".flownav"))
        let failures = Self.transcripts.filter { $0.hasPrefix(stem + "-") }
        #expect(!failures.isEmpty)
        for f in failures {
            let text = try String(contentsOfFile: PackagePaths.flow(f), encoding: .utf8)
            #expect(text.hasPrefix("#"), "\(f) starts with the article's words")
            #expect(text.contains("flownav> load \(flow)\n"))
            #expect(text.contains("the app has crashed; 'relaunch' to start it again"), "\(f) shows the failure")
        }
    }
}
