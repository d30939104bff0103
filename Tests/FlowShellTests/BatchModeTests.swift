import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs `flownav` with `stdin` written to a pipe, in the package's folder unless told.
func runFlownav(
    _ arguments: [String], stdin: String, directory: URL? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> RunResult {
    let binary = try FlownavBinary.require(sourceLocation: sourceLocation)
    // Batch mode must not colour even when the environment would allow it.
    let r = try runProcess(binary, arguments, stdin: stdin, directory: directory ?? PackagePaths.root,
                           environment: ["NO_COLOR": nil, "TERM": "xterm-256color"], timeout: 60)
    if r.timedOut { Issue.record("flownav \(arguments) did not finish within 60 s", sourceLocation: sourceLocation) }
    return r
}

@Suite struct BatchModeTests {
    @Test func echoPrintsATranscript() throws {
        let r = try runFlownav(["--echo"], stdin: "where\nselect 1\nback\n")
        #expect(r.status == 0, "\(r)")
        #expect(r.stderr == "")
        #expect(r.stdout == """
            flownav> where
            window
            └─ root <UINavigationController: 0x600000c04000> 'itemsNav'
               └─ [0] <Items.ItemsViewController: 0x600000c04200> 'items' "Items"   ◀ front-most
            flownav> select 1
            note: selected row [0, 1]
            call     <Items.ItemsViewController: 0x600000c04200> createDetailViewController(coder:sender:segueIdentifier:) — segue action, for scene 'detail'
            new      <Items.DetailViewController: 0x600000c04400> init(coder:item:), from -[<Items.ItemsViewController: 0x600000c04200> createDetailViewControllerWithCoder:sender:segueIdentifier:]
            set      <Items.DetailViewController: 0x600000c04400>.item = viewModel.item(for: [0, 1])   (createDetailViewController(coder:sender:segueIdentifier:) through init(coder:item:))
            call     <Items.ItemsViewController: 0x600000c04200> prepare(for:sender:) — segue 'ShowDetail', destination <Items.DetailViewController: 0x600000c04400>
            push     <Items.DetailViewController: 0x600000c04400> onto <UINavigationController: 0x600000c04000>
            call     <Items.DetailViewController: 0x600000c04400> viewDidLoad()
            flownav> back
            pop      <Items.DetailViewController: 0x600000c04400> from <UINavigationController: 0x600000c04000>

            """)
    }

    @Test func withoutEchoOnlyTheOutputIsPrinted() throws {
        let r = try runFlownav([], stdin: "where\n")
        #expect(r.status == 0)
        #expect(r.stdout == """
            window
            └─ root <UINavigationController: 0x600000c04000> 'itemsNav'
               └─ [0] <Items.ItemsViewController: 0x600000c04200> 'items' "Items"   ◀ front-most

            """, "no banner, no prompt")
    }

    @Test func withoutEchoALaunchCrashAndTheLoadersWarningsGoToStandardError() throws {
        // On a pad the split view's detail column loads at launch and reads a nil: without
        // this, batch mode printed only "(the app has crashed; …)" after the first command.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let flow = try folder.file("pad.json", contents: """
            { "format": 1, "name": "Pad", "module": "Pad", "initial": "split",
              "classes": { "DetailViewController": {
                "dependencies": { "item": { "type": "Item", "injection": "implicitlyUnwrapped" } },
                "viewDidLoad": { "uses": ["item"], "line": 12 } } },
              "scenes": { "split": { "class": "UISplitViewController" }, "list": { "class": "UIViewController", "rows": 1 },
                          "detail": { "class": "DetailViewController" }, "old": { "class": "OldViewController" } },
              "segues": [
                { "source": "split", "destination": "list", "kind": "relationship", "relationship": "masterViewController" },
                { "source": "split", "destination": "detail", "kind": "relationship", "relationship": "detailViewController" },
                { "source": "list", "destination": "old", "kind": "show", "trigger": "cell" } ] }
            """)
        let pad = try runFlownav(["--device", "pad", flow], stdin: "where\n")
        #expect(pad.status == 3)
        #expect(pad.stderr.contains("Pad/DetailViewController.swift:12: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value\n"), "\(pad)")
        #expect(pad.stderr.contains("the app crashed at launch"))
        #expect(pad.stderr.contains("warning: scenes.old.class: no class declares OldViewController"))
        #expect(pad.stdout.hasSuffix("(the app has crashed; this is its state at the crash)\n"))
        let phone = try runFlownav(["--device", "phone", flow], stdin: "where\n")
        #expect(phone.status == 0)
        #expect(phone.stderr.contains("warning: scenes.old.class: no class declares OldViewController"), "\(phone)")
        #expect(!phone.stderr.contains("new "), "only the warnings when the launch went well")
    }

    @Test func emptyInputPrintsNothingAndSucceeds() throws {
        let r = try runFlownav([], stdin: "")
        #expect(r.status == 0)
        #expect(r.stdout == "")
        #expect(r.stderr == "")
    }

    @Test func lastLineWithoutNewlineStillRuns() throws {
        let r = try runFlownav(["--echo"], stdin: "help quit\nhistory")
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("flownav> history\n    1  help quit\n    2  history\n"), "\(r)")
    }

    @Test func bailStopsAtTheFirstFailedCommand() throws {
        let script = "where\nperfrom ShowDetail\nselect 1\nwhere\n"
        let r = try runFlownav(["--echo", "--bail"], stdin: script)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.hasSuffix("""
            flownav> perfrom ShowDetail
            error: unknown command 'perfrom' (type 'help' for the list); did you mean 'perform'?
              perfrom ShowDetail
              ^^^^^^^

            """), "\(r)")
        #expect(!r.stdout.contains("select 1"))
        #expect(!r.stdout.contains("DetailViewController"))
        #expect(r.stdout.components(separatedBy: "flownav> where").count == 2, "only the first 'where' ran")

        // Without --bail every command runs, and the status is still 1.
        let all = try runFlownav(["--echo"], stdin: script)
        #expect(all.status == 1)
        #expect(all.stdout.contains("flownav> select 1\nnote: selected row [0, 1]\n"))
        #expect(all.stdout.components(separatedBy: "flownav> where").count == 3)
    }

    @Test func bailStopsAtACrash() throws {
        let r = try runFlownav(["--bail"], stdin: "tap addBroken\nrelaunch\nwhere\n")
        #expect(r.status == 3, "\(r)")
        #expect(r.stdout.hasSuffix("Items/AddItemViewController.swift:12: Fatal error: init(coder:) has not been implemented\nthe app has crashed; 'relaunch' to start it again\n"))
        #expect(!r.stdout.contains("window"))
    }

    @Test func bailDoesNotStopAtSuccessfulCommands() throws {
        let r = try runFlownav(["--bail"], stdin: "select 1\nback\nwhere\n")
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("◀ front-most\n"))
    }

    @Test func quitStopsReading() throws {
        let r = try runFlownav(["--echo"], stdin: "where\nquit\nwhere\n")
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("flownav> quit\n"), "\(r)")
    }

    // MARK: exit statuses

    @Test func exitStatus0WhenEverythingRan() throws {
        let r = try runFlownav([], stdin: "where\nselect 1\ninspect\nback\ntap add\ntap save\n# done\n\n")
        #expect(r.status == 0, "\(r)")
    }

    @Test func exitStatus1ForAnUnknownCommand() throws {
        let r = try runFlownav([], stdin: "frobnicate\nwhere\n")
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.hasPrefix("error: unknown command 'frobnicate'"))
        #expect(r.stdout.contains("◀ front-most"), "later commands still run")
    }

    @Test func exitStatus1ForABadArgumentAndAnEngineRejection() throws {
        #expect(try runFlownav([], stdin: "select x\n").status == 1)
        #expect(try runFlownav([], stdin: "perform NoSuchSegue\n").status == 3, "an unknown identifier is UIKit's exception")
        #expect(try runFlownav([], stdin: "back\n").status == 1, "nothing to pop")
    }

    @Test func exitStatus2ForAMissingFlowFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("missing.json").path
        let r = try runFlownav([path], stdin: "where\n")
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "", "nothing runs when the flow does not load")
        #expect(r.stderr == "\(path): error: no such file\n")
    }

    @Test func exitStatus2ForAMalformedFlowFileWithItsPosition() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.file("broken.json", contents: """
            {
              "format": 1,
              "name": "Broken",
              "module": "Broken",
              "scenes": { "a": { "class": "UIViewController" } },
              "initial": "a",
            }

            """)
        let r = try runFlownav([path], stdin: "where\n")
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "")
        let first = try #require(r.stderr.split(separator: "\n").first.map(String.init))
        // file:line:col: error: …
        let match = try #require(first.wholeMatch(of: #/(.+):(\d+):(\d+): error: (.+)/#), "\(first)")
        #expect(String(match.1) == path)
        #expect(Int(match.2) == 6, "the trailing comma's line")
        #expect(Int(match.3) != nil)
    }

    @Test func exitStatus2FromALoadCommandThatFails() throws {
        let r = try runFlownav(["--echo"], stdin: "load /nonexistent/x.json\nwhere\n")
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout.contains("flownav> load /nonexistent/x.json\n/nonexistent/x.json: error: no such file\nflownav> where\nwindow\n"))
    }

    @Test func exitStatus3WhenTheAppCrashes() throws {
        let r = try runFlownav([], stdin: "tap addBroken\n")
        #expect(r.status == 3, "\(r)")
        #expect(r.stdout.contains("[Storyboard] Unable to find method -[<Items.ItemsViewController: 0x600000c04200> makeAddItemViewControllerWithCoder:sender:segueIdentifier:]\n"))
    }

    @Test func theWorstStatusWins() throws {
        #expect(try runFlownav([], stdin: "tap addBroken\nperfrom\n").status == 3)
        #expect(try runFlownav([], stdin: "perfrom\ntap addBroken\nrelaunch\nwhere\n").status == 3)
        #expect(try runFlownav([], stdin: "perfrom\nload /nonexistent.json\n").status == 2)
        #expect(try runFlownav([], stdin: "load /nonexistent.json\nperfrom\n").status == 2)
    }

    // MARK: output

    @Test func batchOutputHasNoEscapeSequences() throws {
        // Errors, notes, warnings, console lines and a crash: every styled kind of line.
        let r = try runFlownav(["--echo"], stdin: "help\nperfrom\nselect 1\nback\ntap addBroken\nwhere\n")
        #expect(r.status == 3)
        #expect(!r.stdout.contains("\u{1B}"), "\(r)")
        #expect(!r.stderr.contains("\u{1B}"))
        #expect(r.stdout.contains("note: "))
    }

    @Test func builtInDemoWorksFromAnyFolderAndMatchesTheBundledFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let builtIn = try runFlownav([], stdin: "where\nsegues\nselect 1\n", directory: folder.url)
        let file = try runFlownav([PackagePaths.flow("segue-actions.json")], stdin: "where\nsegues\nselect 1\n")
        #expect(builtIn.status == 0)
        #expect(builtIn.stdout.contains("'items' \"Items\""))
        #expect(builtIn.stdout == file.stdout)
    }

    /// With a custom `--scratch-path` the binary is the one built with these tests, not a stale
    /// `.build/debug/flownav`.
    @Test func theBinaryIsTheOneBuiltNextToTheTests() throws {
        guard ProcessInfo.processInfo.environment["FLOWNAV_BINARY"] == nil,
              let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return }
        let sibling = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("flownav").standardizedFileURL.path
        #expect(try FlownavBinary.require() == sibling)
    }

    @Test func bundledFlowsAreFound() {
        #expect(PackagePaths.bundledFlows.contains("segue-actions.json"))
        #expect(PackagePaths.bundledFlows.count >= 5, "\(PackagePaths.bundledFlows)")
    }

    @Test(arguments: PackagePaths.bundledFlows)
    func everyBundledFlowLoadsAndShowsItsTree(name: String) throws {
        let r = try runFlownav(["flows/" + name], stdin: "where\n")
        #expect(r.status == 0, "\(r)")
        // The stale-references story keeps its stale names on purpose: its load warns.
        #expect(r.stderr.isEmpty == (name != "stale-references.json"), "only the loader's warnings: \(r.stderr)")
        #expect(r.stdout.hasPrefix("window\n└─ root "), "\(r)")
        #expect(r.stdout.components(separatedBy: "◀ front-most").count == 2)
    }
}

/// A parent's thread may start flownav with SIGTERM blocked (a test runner's Dispatch worker
/// does, and `Process` passes its mask on): SIGTERM then did nothing, and a flownav waiting for
/// input could only be killed. flownav unblocks it.
@Suite struct TerminationSignalTests {
    @Test func sigtermEndsABatchRunWaitingForInput() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try FlownavBinary.require())
        process.arguments = ["--batch"]
        let input = Pipe()
        process.standardInput = input
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { try? input.fileHandleForWriting.close() }
        // Started: it answers a command (batch mode writes the answer out before it waits for
        // the next line, so reading it is the synchronisation, not a sleep).
        try input.fileHandleForWriting.write(contentsOf: Data("where\n".utf8))
        let answer = output.fileHandleForReading.availableData
        #expect(!answer.isEmpty, "flownav ended before answering")
        process.terminate()
        // A hang detector, not a speed test: a flownav that ignores SIGTERM is killed, and fails.
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        let ignored = process.isRunning
        if ignored { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(!ignored, "flownav ignored SIGTERM")
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
    }
}
