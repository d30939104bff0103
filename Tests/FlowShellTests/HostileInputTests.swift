import FlowShell
import Foundation
import TestSupport
import Testing

/// Issue 15: hostile input on the shell's surfaces (deep trees, long failing transcripts).
@Suite struct HostileInputTests {
    static let deepFlow = """
        { "format": 1, "name": "Deep", "module": "Deep", "initial": "vc", "classes": { "VC": {} },
          "scenes": { "vc": { "class": "VC", "controls": ["up"] } },
          "segues": [ { "source": "vc", "destination": "vc", "kind": "presentation", "trigger": "control:up" } ] }
        """

    /// Item 1: `where` after thousands of presentations drew the tree recursively (a stack
    /// overflow at about 40,000) with an indent per level (output quadratic in the depth).
    @Test func whereAfterThousandsOfPresentations() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var session = Session()
        _ = session.load(path: try folder.file("deep.json", contents: Self.deepFlow))
        let n = 3_000
        for _ in 0..<n { _ = session.execute("tap up") }
        let out = session.execute("where")
        #expect(out.status == .ok)
        #expect(out.lines.count == n + 3)
        #expect(out.texts.last == "(levels deeper than 100 are drawn at the same indent)")
        let widest = out.texts.map(\.utf8.count).max() ?? 0
        #expect(widest < 400, "the indent stops growing at 100 levels")
    }

    /// Item 2: a failing transcript's diff was quadratic in its length (every line rebuilt
    /// once per line copied: 28,000 lines took 47 s). 60,000 lines would take minutes.
    @Test func aLongFailingTranscriptIsDiffedInLinearTime() {
        var text = ""
        for k in 0..<20_000 { text += "flownav> help where\n" + (k % 2 == 0 ? "wrong output \(k)\n" : "") + "# a comment\n" }
        let r = TranscriptRunner.run(text: text, path: "long.flownav")
        #expect(r.outcome == .failed)
        #expect(r.diff.contains("-wrong output 0"))
        #expect(r.diff.contains("-wrong output 19998"))
    }
}
