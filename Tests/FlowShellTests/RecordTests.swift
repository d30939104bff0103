@testable import FlowShell
import Foundation
import TestSupport
import Testing

/// A session whose `record` writes land in memory, as the executable would write them.
struct Recorder {
    var session: Session
    var files: [String: String] = [:]

    init(_ session: Session, workingDirectory: String? = nil) {
        self.session = session
        self.session.workingDirectory = workingDirectory
    }

    @discardableResult
    mutating func run(_ lines: String...) -> Output {
        var last = Output()
        for l in lines {
            last = session.execute(l)
            switch last.record {
            case .start(let path, let text, _): files[path] = text
            case .append(let path, let text): files[path, default: ""] += text
            case nil: break
            }
        }
        return last
    }
}

@Suite struct RecordTests {
    @Test func theSessionSoFarThenEveryCommandUntilRecordOff() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var r = Recorder(Session())
        r.run("load \(PackagePaths.flow("segue-actions.json"))", "select 1", "history")
        let file = folder.path + "/story.flownav"
        let start = r.run("record \(file)")
        #expect(start.texts == ["recording to \(file): 3 commands so far, then every command until 'record off'"])
        r.run("back", "# now the quirk", "tap addBroken", "bogus")
        let stop = r.run("record off")
        #expect(stop.texts == ["stopped recording to \(file) (6 commands); 'flownav test \(file)' replays it"])
        r.run("relaunch")
        let text = try #require(r.files[file])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The load first, with the flow's path relative to the transcript's folder.
        #expect(lines.first == "flownav> load " + Paths.relative(PackagePaths.flow("segue-actions.json"), from: folder.path)!)
        #expect(lines.contains("flownav> select 1"))
        // `history` as the transcript replays it: its history starts at the load.
        #expect(lines.contains("    1  load " + Paths.relative(PackagePaths.flow("segue-actions.json"), from: folder.path)!))
        #expect(lines.contains("# now the quirk"))
        #expect(lines.contains("flownav> bogus"))
        #expect(!text.contains("flownav> record"), "the record commands themselves are not recorded")
        #expect(!text.contains("flownav> relaunch"), "nothing after 'record off'")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let replay = TranscriptRunner.run(path: file)
        #expect(replay.passed, "\(replay)")
    }

    @Test func relativePathsAreRewrittenForTheTranscriptsFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder.path + "/flows", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: folder.path + "/out/deep", withIntermediateDirectories: true)
        for f in ["injectable.json", "protocol-injection.json"] {
            try fm.copyItem(atPath: PackagePaths.flow(f), toPath: folder.path + "/flows/" + f)
        }
        // The session's folder stands for the working directory.
        var session = Session()
        session.baseDirectory = folder.path
        var r = Recorder(session, workingDirectory: folder.path)
        let file = folder.path + "/out/deep/t.flownav"
        r.run("load flows/injectable.json", "tap redPill", "record \(file)", "load flows/protocol-injection.json", "where")
        let text = try #require(r.files[file])
        #expect(text.hasPrefix("flownav> load ../../flows/injectable.json\nloaded Red Pill from ../../flows/injectable.json: "), "\(text)")
        #expect(text.contains("flownav> load ../../flows/protocol-injection.json\nloaded Activities from ../../flows/protocol-injection.json: "))
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let replay = TranscriptRunner.run(path: file)
        #expect(replay.passed, "\(replay)")
    }

    @Test func traceOnAtTheLoadIsRecordedBeforeIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var r = Recorder(Session())
        r.run("trace on", "load \(PackagePaths.flow("injectable.json"))", "tap redPill")
        let file = folder.path + "/t.flownav"
        r.run("record \(file)")
        let text = try #require(r.files[file])
        #expect(text.hasPrefix("flownav> trace on\ntrace is on\nflownav> load "))
        #expect(text.contains("life     "), "the load's lifecycle lines, as with trace on")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(TranscriptRunner.run(path: file).passed)
    }

    @Test func theDemoLoadsItsBundledFileWhenItIsThere() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/flows", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PackagePaths.flow("segue-actions.json"), toPath: folder.path + "/flows/segue-actions.json")
        var r = Recorder(Session.demo())
        r.run("select 1", "record \(folder.path)/t.flownav", "back")
        let text = try #require(r.files["\(folder.path)/t.flownav"])
        #expect(text.hasPrefix("flownav> load flows/segue-actions.json\nloaded Items from flows/segue-actions.json: "), "\(text)")
        try text.write(toFile: folder.path + "/t.flownav", atomically: true, encoding: .utf8)
        #expect(TranscriptRunner.run(path: folder.path + "/t.flownav").passed)
    }

    @Test func elsewhereTheDemoTranscriptHasNoLoad() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var r = Recorder(Session.demo())
        let file = folder.path + "/t.flownav"
        r.run("select 1", "record \(file)", "back")
        let text = try #require(r.files[file])
        #expect(text.hasPrefix("# The built-in demo flow: a transcript without 'load' runs on it.\nflownav> select 1\n"), "\(text)")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(TranscriptRunner.run(path: file).passed)
    }

    @Test func recordWithoutAPathSaysWhatIsGoingOn() {
        var r = Recorder(Session.demo())
        #expect(r.run("record").texts == ["not recording; 'record FILE' saves this session as a transcript"])
        r.run("record /tmp/x.flownav")
        #expect(r.run("record").texts == ["recording to /tmp/x.flownav (0 commands so far); 'record off' stops"])
        #expect(r.run("record /tmp/y.flownav").texts.first == "error: already recording to /tmp/x.flownav; 'record off' first")
        #expect(r.run("record stop").status == .ok)
        #expect(r.run("record off").texts.first == "error: there is no recording to stop")
    }

    @Test func recordOffersAPathThenOffOrStop() {
        var session = Session.demo()
        #expect(session.completions(for: "record ") == .path(prefix: ""))
        #expect(session.completions(for: "record flows/x") == .path(prefix: "flows/x"))
        _ = session.execute("record /dev/null")
        #expect(session.completions(for: "record ") == .words(prefix: "", ["off", "stop"]))
        #expect(session.completions(for: "record o") == .words(prefix: "o", ["off"]))
        #expect(session.completions(for: "record off ") == .words(prefix: "", []))
    }

    @Test func pathArithmetic() {
        #expect(Paths.normalized("a/./b/../c") == "a/c")
        #expect(Paths.normalized("../a/b/..") == "../a")
        #expect(Paths.normalized("/a/../../b") == "/b")
        #expect(Paths.relative("/w/flows/x.json", from: "/w/out") == "../flows/x.json")
        #expect(Paths.relative("/w/flows/x.json", from: "/w/flows") == "x.json")
        #expect(Paths.relative("/usr/lib/x.json", from: "/usr/share") == "../lib/x.json")
        #expect(Paths.relative("/usr/x.json", from: "/home/me") == "/usr/x.json", "nothing in common but the root")
        #expect(Paths.relative("flows/x.json", from: ".") == "flows/x.json")
        #expect(Paths.relative("flows/x.json", from: "../elsewhere") == nil)
        #expect(Paths.relative("/x.json", from: "/tmp") == "/x.json")
    }
}
