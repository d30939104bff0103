@testable import FlowShell
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
import TestSupport
#endif

/// `--echo` output as transcripts, `flownav test`, `--update` and `record`, through the binary.
@Suite struct TestCommandTests {
    /// Commands that print blank lines, errors with carets, a crash and trace lines.
    static let script = "where\nselect 1\nhelp back\nback\nbogus 1\ntrace on\ntap add\ndismiss\ntap addBroken\nwhere\nselect 0\nrelaunch\n"

    @Test func echoOutputOnTheDemoReplaysUnchanged() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try runFlownav(["--echo"], stdin: Self.script)
        #expect(run.status == 3, "\(run)")
        let file = try folder.file("demo.flownav", contents: run.stdout)
        let replay = TranscriptRunner.run(path: file)
        #expect(replay.passed, "\(replay)")
        #expect(replay.commands == 12)
        let test = try runFlownav(["test", file], stdin: "")
        #expect(test.status == 0, "\(test)")
        #expect(test.stdout.hasSuffix("\n1 passed, 0 failed\n"), "\(test)")
    }

    @Test func echoOutputWithAFlowStartsWithItsLoadAndReplays() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/flows", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PackagePaths.flow("injectable.json"), toPath: folder.path + "/flows/injectable.json")
        let run = try runFlownav(["flows/injectable.json", "--echo"], stdin: "tap redPill\ninspect\nback\ntap redPillSheet\n", directory: folder.url)
        #expect(run.stdout.hasPrefix("flownav> load flows/injectable.json\nloaded Red Pill from flows/injectable.json: 6 scenes, 5 segues\nnew "), "\(run)")
        let file = try folder.file("story.flownav", contents: run.stdout)
        let replay = TranscriptRunner.run(path: file)
        #expect(replay.passed, "\(replay)")
    }

    @Test func aChangedExpectationFailsWithADiffAndUpdateFixesItKeepingWildcards() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/b", withIntermediateDirectories: true)
        let good = try folder.file("a.flownav", contents: "flownav> where\n...\n")
        let text = """
            # the detail screen
            flownav> select 1
            note: selected row [0, 1]
            call     [..] createDetailViewController(coder:sender:segueIdentifier:) — segue action, for scene 'detail'
            new      <Items.DetailViewController: 0x600000c04400> init(coder:item:), from -[[..]]
            set      <Items.DetailViewController: 0x600000c04400>.item = viewModel.item(for: [0, 2])   (createDetailViewController(coder:sender:segueIdentifier:) through init(coder:item:))
            ...
            """
        let bad = try folder.file("b/c.flownav", contents: text + "\n")
        chmod(bad, 0o600)
        let test = try runFlownav(["test", folder.path], stdin: "")
        #expect(test.status == 1, "\(test)")
        #expect(test.stdout == """
            ok    \(good) (1 command)
            FAIL  \(bad)
            --- \(bad) (expected)
            +++ \(bad) (actual)
            @@ -3,5 +3,5 @@
             note: selected row [0, 1]
             call     [..] createDetailViewController(coder:sender:segueIdentifier:) — segue action, for scene 'detail'
             new      <Items.DetailViewController: 0x600000c04400> init(coder:item:), from -[[..]]
            -set      <Items.DetailViewController: 0x600000c04400>.item = viewModel.item(for: [0, 2])   (createDetailViewController(coder:sender:segueIdentifier:) through init(coder:item:))
            +set      <Items.DetailViewController: 0x600000c04400>.item = viewModel.item(for: [0, 1])   (createDetailViewController(coder:sender:segueIdentifier:) through init(coder:item:))
             ...
            1 passed, 1 failed

            """)

        let update = try runFlownav(["test", "--update", bad], stdin: "")
        #expect(update.status == 0, "\(update)")
        #expect(update.stdout.hasSuffix("updated \(bad)\n0 passed, 1 updated, 0 failed\n"), "\(update)")
        let updated = try String(contentsOfFile: bad, encoding: .utf8)
        #expect(updated == text.replacingOccurrences(of: "[0, 2]", with: "[0, 1]") + "\n")
        // Written atomically: no temporary file left behind, the file's mode kept.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/b") == ["c.flownav"])
        var info = stat()
        stat(bad, &info)
        #expect(info.st_mode & 0o777 == 0o600)

        let again = try runFlownav(["test", folder.path], stdin: "")
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.hasSuffix("\n2 passed, 0 failed\n"))
    }

    @Test func unreadableAndInvalidTranscriptsFail() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let invalid = try folder.file("x.flownav", contents: "# intro\nwindow\nflownav> where\n")
        let test = try runFlownav(["test", invalid, folder.path + "/missing.flownav"], stdin: "")
        #expect(test.status == 1)
        #expect(test.stdout == """
            FAIL  \(folder.path)/missing.flownav: error: no such file or folder
            FAIL  \(invalid)
            \(invalid):2:1: error: output before the first command; input lines start with 'flownav> ', comments with '#'
            0 passed, 2 failed

            """, "\(test)")
        let update = try runFlownav(["test", "--update", invalid], stdin: "")
        #expect(update.status == 1, "an invalid transcript cannot be updated")
        #expect(update.stdout.hasSuffix("0 passed, 0 updated, 1 failed\n"), "the last line agrees with the exit status: \(update)")
    }

    @Test func theBundledStoriesPass() throws {
        let test = try runFlownav(["test", "flows"], stdin: "")
        #expect(test.status == 0, "\(test)")
        #expect(test.stdout.hasSuffix("\n\(SeedTranscriptTests.transcripts.count) passed, 0 failed\n"), "\(test)")
    }

    @Test func aBatchRecordingReplays() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try runFlownav(["--batch"], stdin: "select 1\nrecord t.flownav\nback\n# the add screen\ntap add\nrecord off\ndismiss\n", directory: folder.url)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("recording to t.flownav: 1 command so far, then every command until 'record off'\n"))
        let text = try String(contentsOfFile: folder.path + "/t.flownav", encoding: .utf8)
        #expect(text.hasPrefix("# The built-in demo flow: a transcript without 'load' runs on it.\nflownav> select 1\nnote: selected row [0, 1]\n"))
        #expect(text.contains("\n# the add screen\nflownav> tap add\n"))
        #expect(!text.contains("dismiss"))
        let test = try runFlownav(["test", "t.flownav"], stdin: "", directory: folder.url)
        #expect(test.status == 0, "\(test)")
    }

    @Test func aRecordingThatCannotBeWrittenStops() throws {
        let run = try runFlownav(["--batch"], stdin: "record /nonexistent/t.flownav\nrecord\n")
        #expect(run.stderr == "error: cannot write /nonexistent/t.flownav: no such folder /nonexistent (flownav creates no folders for a file); not recording\n", "\(run)")
        #expect(!run.stdout.contains("recording to"), "a failed record does not claim to record")
        #expect(run.stdout.hasSuffix("not recording; 'record FILE' saves this session as a transcript\n"))
    }
}

/// `record` in the interactive shell, through a pseudo-terminal.
@Suite(.serialized, .enabled(if: PseudoTerminal.isAvailable, "skipped: this system cannot open a pseudo-terminal"))
struct InteractiveRecordTests {
    @Test func recordingWhileExploringByHandReplays() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let binary = try FlownavBinary.require()
        var environment = ["TERM": "xterm", "LANG": "C.UTF-8", "NO_COLOR": "1", "HOME": folder.path,
                           "FLOWNAV_HISTORY": folder.url.appendingPathComponent("history").path]
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"]
        try FileManager.default.copyItem(atPath: PackagePaths.flow("typed-destinations.json"), toPath: folder.path + "/qold.json")
        let terminal = try PseudoTerminal(executable: binary, arguments: ["qold.json"], environment: environment, directory: folder.path)
        func command(_ line: String, then prompt: String) throws {
            try terminal.expect(prompt)
            try terminal.waitForRawMode()
            terminal.send(line + "\r")
        }
        try command("tap login", then: "Qold:LoginViewController> ")
        try command("record story.flownav", then: "Qold:DeviceGroupsViewController> ")
        try terminal.expect("recording to story.flownav")
        try command("select 2", then: "Qold:DeviceGroupsViewController> ")
        try command("back", then: "Qold:DevicesViewController> ")
        try command("tap favorite", then: "Qold:DeviceGroupsViewController> ")
        try terminal.expect("ViewController.swift:27: Fatal error")
        try terminal.expect("Qold:crashed> ")
        try terminal.waitForRawMode()
        // Leave without 'record off': every command was already written.
        terminal.send("\u{04}")
        #expect(terminal.waitForExit() == 3)
        let text = try String(contentsOfFile: folder.path + "/story.flownav", encoding: .utf8)
        #expect(text.hasPrefix("flownav> load qold.json\nloaded Qold from qold.json: "), "\(text)")
        #expect(text.contains("\nflownav> tap login\n") && text.contains("\nflownav> select 2\n") && text.contains("\nflownav> back\n"))
        #expect(text.hasSuffix("Qold/DevicesViewController.swift:27: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value\nthe app has crashed; 'relaunch' to start it again\n"))
        let replay = TranscriptRunner.run(path: folder.path + "/story.flownav")
        #expect(replay.passed, "\(replay)")
    }
}
