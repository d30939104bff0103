import FlowModel
import FlowShell
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

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
    /// once per line copied: 28,000 lines took 47 s). 60,000 lines would take hours.
    @Test func aLongFailingTranscriptIsDiffedInLinearTime() {
        var text = ""
        for k in 0..<20_000 { text += "flownav> help where\n" + (k % 2 == 0 ? "wrong output \(k)\n" : "") + "# a comment\n" }
        let meter = WorkMeter()
        let r = meter.measure { TranscriptRunner.run(text: text, path: "long.flownav") }
        #expect(r.outcome == .failed)
        #expect(r.diff.contains("-wrong output 0"))
        #expect(r.diff.contains("-wrong output 19998"))
        // The file's 50,000 lines are made into strings about once each (the whole file once,
        // each failing block's body again), not once per line copied (2.5 billion).
        let lines = 50_000
        #expect(meter[.transcriptLines] <= 3 * lines, "\(meter[.transcriptLines]) lines made")
    }
}

/// Issue 15, item 5: transcripts that test nothing.
@Suite struct TranscriptsThatTestNothingTests {
    @Test(arguments: ["plain", "with space", "a \"quoted\" name", "back\\slash", "#hash", "", "tab\there", "ends with \\"])
    func everyWordFlownavWritesReadsBackAsItIs(_ word: String) {
        let line = "load " + Words.quoted(word)
        #expect(Words.split(line).map(\.text) == ["load", word], "\(line)")
    }

    @Test func recordQuotesAFlowPathWithQuotesAndSpaces() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let name = "my \"odd\" flow.json"
        let flow = try folder.file(name, contents: try String(contentsOfFile: PackagePaths.flow("segue-actions.json"), encoding: .utf8))
        var session = Session()
        #expect(session.load(path: flow).status == .ok)
        let out = session.execute("record \(folder.path)/story.flownav")
        guard case .start(_, let text, _)? = out.record else {
            Issue.record("no recording started: \(out.texts)")
            return
        }
        let first = try #require(text.split(separator: "\n").first.map(String.init))
        #expect(Words.split(first).map(\.text) == ["flownav>", "load", name])
        let replay = TranscriptRunner.run(text: text, path: folder.path + "/story.flownav")
        #expect(replay.passed, "\(replay)")
        #expect(text.contains("\nloaded Items from my \"odd\" flow.json: 7 scenes"), "the transcript loads the flow, not 'no such file'")
    }

    @Test func echoQuotesTheFlowPath() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let flow = try folder.file("my flow.json", contents: try String(contentsOfFile: PackagePaths.flow("segue-actions.json"), encoding: .utf8))
        let r = try runFlownav([flow, "--echo"], stdin: "where\n")
        #expect(r.stdout.hasPrefix("flownav> load \"\(flow)\"\n"), "\(r)")
    }

    @Test func testFailsOnAnEmptyOrUnreadableFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let r = try runFlownav(["test", folder.path], stdin: "")
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("\(folder.path): error: no transcripts (*.flownav files) in this folder"))
    }

    @Test func aSymbolicLinkLoopRunsEachTranscriptOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("a.flownav", contents: "flownav> help back\n[..]\n...\n")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/self", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/again", withDestinationPath: ".")
        #expect(mkfifo(folder.path + "/pipe.flownav", 0o600) == 0)
        let found = TranscriptFinder.transcripts(in: folder.path)
        #expect(found == [folder.path + "/a.flownav"])
    }
}

/// Issue 15, item 6: non-regular files are read as streams under the stated size limit, and a
/// pipe nobody writes to never blocks.
@Suite struct NonRegularFileTests {
    @Test func devZeroAsAFlowOrTranscriptHitsTheSizeLimit() {
        var session = Session()
        let out = session.load(path: "/dev/zero")
        #expect(out.texts.first == "/dev/zero: error: is larger than 128 MB, flownav's limit for a file it reads", "\(out.texts)")
        let r = TranscriptRunner.run(path: "/dev/zero")
        #expect(r.outcome != .passed)
    }

    @Test func aPipeWithNoWriterDoesNotBlock() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fifo = folder.path + "/flow.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        // A hang detector, not a speed test: if the load blocks in open() waiting for a writer,
        // the watchdog becomes that writer (which ends the open and the read) and the test fails.
        let watchdog = FIFOWatchdog(fifo, after: 30)
        var session = Session()
        let out = session.load(path: fifo)
        #expect(!watchdog.finish(), "loading a FIFO with no writer blocked until the watchdog opened it")
        #expect(out.texts.first?.contains("the file is empty") == true, "\(out.texts)")
    }

    /// Through the real binary, so that a pipe that blocks fails the test (the run is stopped
    /// after 60 s) rather than hanging the suite: a FIFO as the flow, and as a transcript in
    /// a tested folder.
    @Test func aPipeWithNoWriterEndsTheRun() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fifo = folder.path + "/flow.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let check = try runFlownav(["check", "--lint-only", fifo], stdin: "")
        #expect(!check.timedOut && check.status == 2, "\(check)")
        #expect(check.stderr.contains("the file is empty") || check.stdout.contains("the file is empty"), "\(check)")
        _ = try folder.file("a.flownav", contents: "flownav> help back\n[..]\n...\n")
        #expect(mkfifo(folder.path + "/pipe.flownav", 0o600) == 0)
        let test = try runFlownav(["test", folder.path], stdin: "")
        #expect(!test.timedOut && test.status == 0, "\(test)")
        #expect(test.stdout.contains("1 passed, 0 failed"), "\(test)")
    }

    @Test func aFlowFromAPipeStillLoads() throws {
        let flow = try String(contentsOfFile: PackagePaths.flow("segue-actions.json"), encoding: .utf8)
        let r = try runFlownav(["check", "--lint-only", "/dev/stdin"], stdin: flow)
        #expect(r.status < 2, "\(r)")
        #expect(r.stdout.contains("Items"), "\(r)")
    }
}

/// Issue 15, item 8: a flow's strings reach neither the terminal nor a transcript raw.
@Suite struct ControlCharacterTests {
    static let flow = #"""
        { "format": 1, "name": "Esc", "module": "Esc", "initial": "vc", "classes": { "VC": {} },
          "scenes": { "vc": { "class": "VC", "title": "red \u001b[31m\nflownav> tap evil\n# comment\u0085", "controls": ["go"] } },
          "segues": [] }
        """#

    @Test func titlesAreEscapedInOutputAndRecordings() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var session = Session()
        #expect(session.load(path: try folder.file("esc.json", contents: Self.flow)).status == .ok)
        let out = session.execute("where")
        #expect(out.texts.contains { $0.contains(#"red \u{1B}[31m\u{A}flownav> tap evil\u{A}# comment\u{85}"#) }, "\(out.texts)")
        for line in out.texts {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) })
        }
        let rec = session.execute("record \(folder.path)/story.flownav")
        guard case .start(_, let text, _)? = rec.record else {
            Issue.record("no recording")
            return
        }
        let lines = text.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("flownav> tap") || $0.hasPrefix("#") }, "\(text)")
    }
}

@Suite struct TranscriptByteOrderMarkTests {
    /// Issue 15, item 9: a BOM made the first command "output before the first command".
    @Test func aByteOrderMarkIsSkipped() {
        let r = TranscriptRunner.run(text: "\u{FEFF}flownav> help back\n[..]\n...\n", path: "bom.flownav")
        #expect(r.passed, "\(r)")
    }
}

/// Issue 15, item 9: a control character in a command was printed raw ("unknown command
/// 'where'; did you mean 'where'?" for `where` and a NUL), and `load ""` read no file.
@Suite struct UnclearCommandMessageTests {
    @Test(arguments: [("where\u{0}", 6, "\\u{0}"), ("wh\u{0}ere", 3, "\\u{0}"), ("where \u{1B}[2J", 7, "\\u{1B}"), ("select\u{7F} 1", 7, "\\u{7F}")])
    func aControlCharacterInACommandIsNamed(_ line: String, _ column: Int, _ shown: String) {
        var session = Session.demo()
        let out = session.execute(line)
        #expect(out.status == .rejected)
        let text = out.texts.joined(separator: "\n")
        #expect(text.contains("error: a command may not hold control characters: \(shown) at column \(column)"), "\(text)")
        #expect(!text.contains("did you mean"), "\(text)")
        for l in out.texts { #expect(!l.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }) }
    }

    @Test func aTabStillSeparatesWords() {
        var session = Session.demo()
        #expect(session.execute("select\t1").status == .ok)
    }

    @Test func loadOfAnEmptyPathSaysSo() {
        var session = Session.demo()
        let out = session.execute("load \"\"")
        #expect(out.status == .rejected)
        #expect(out.texts.contains { $0.contains("error: load needs a path, and '' is empty") }, "\(out.texts)")
        #expect(session.execute("where").status == .ok, "the demo is still loaded")
    }
}

/// Opens `fifo` for writing (and closes it) if `finish` is not called within `seconds`: a
/// reader blocked in open() of the FIFO is released, so the test that called it can fail
/// instead of hanging the suite.
final class FIFOWatchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private var fired = false

    init(_ fifo: String, after seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.lock()
            defer { lock.unlock() }
            guard !done else { return }
            fired = true
            let fd = open(fifo, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
        }
    }

    /// Whether the watchdog had to release a blocked reader.
    func finish() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        done = true
        return fired
    }
}
