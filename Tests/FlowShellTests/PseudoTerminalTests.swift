import Foundation
import TestSupport
import Testing

/// The interactive shell through a real terminal: libedit, completion, history, signals.
@Suite(.serialized, .enabled(if: PseudoTerminal.isAvailable, "skipped: this system cannot open a pseudo-terminal"))
struct PseudoTerminalTests {
    static let prompt = "Items:ItemsViewController> "
    static let up = "\u{1B}[A"
    static let ctrlC = "\u{03}"
    static let ctrlD = "\u{04}"

    /// Starts the shell on the demo with its own HOME and history file under `folder`.
    private func start(in folder: TemporaryFolder, arguments: [String] = []) throws -> PseudoTerminal {
        let binary = try FlownavBinary.require()
        var environment = [
            "TERM": "xterm",
            "LANG": "C.UTF-8",
            "NO_COLOR": "1",
            "HOME": folder.path,
            "FLOWNAV_HISTORY": folder.url.appendingPathComponent("history").path,
        ]
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"]
        let terminal = try PseudoTerminal(
            executable: binary, arguments: arguments, environment: environment, directory: PackagePaths.root.path)
        try terminal.expect("flownav 0.1.0 — Items (the built-in demo flow)")
        try ready(terminal, Self.prompt)
        return terminal
    }

    /// Waits for `prompt` and for the line editor to be reading: only then do keys reach it.
    private func ready(_ terminal: PseudoTerminal, _ prompt: String) throws {
        try terminal.expect(prompt)
        try terminal.waitForRawMode()
    }

    /// Sends keys and waits until the cursor's line, up to the cursor, reads `line`.
    private func type(_ terminal: PseudoTerminal, _ keys: String, shows line: String) throws {
        terminal.send(keys)
        try terminal.waitUntil("the line to read \(line.debugDescription)") { $0.beforeCursor == line }
    }

    /// Ctrl-D on an empty line, and the exit status.
    private func leave(_ terminal: PseudoTerminal, sourceLocation: SourceLocation = #_sourceLocation) -> Int32? {
        try? terminal.waitForRawMode()
        terminal.send(Self.ctrlD)
        let status = terminal.waitForExit()
        if status == nil { Issue.record("still running after Ctrl-D; the terminal shows:\n\(terminal.text)", sourceLocation: sourceLocation) }
        return status
    }

    /// Issue 15, item 3: FLOWNAV_HISTORY naming a file that is not a history (here a flow) was
    /// overwritten; a FIFO blocked the shell. Now each is left alone, with a warning.
    @Test(arguments: ["flow", "fifo"])
    func aHistoryPathThatIsNotAHistoryFileIsLeftAlone(_ kind: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/history"
        let text = "{ \"format\": 1 }\n"
        if kind == "flow" { _ = try folder.file("history", contents: text) } else { #expect(mkfifo(path, 0o600) == 0) }
        let terminal = try start(in: folder)
        #expect(terminal.text.contains("warning: \(path) is not \(kind == "flow" ? "a flownav history file" : "a regular file")"), "\(terminal.text)")
        terminal.send("where\r")
        _ = try terminal.expect("◀ front-most")
        #expect(leave(terminal) == 0)
        if kind == "flow" { #expect(try String(contentsOfFile: path, encoding: .utf8) == text) }
    }

    @Test func tabCompletesACommand() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        try type(terminal, "wh", shows: Self.prompt + "wh")
        try type(terminal, "\t", shows: Self.prompt + "where ")
        terminal.send("\r")
        let output = try terminal.expect("◀ front-most")
        #expect(output.contains("window\n└─ root <UINavigationController: 0x600000c04000> 'itemsNav'"), "\(output)")
        try ready(terminal, Self.prompt)
        #expect(!terminal.text.contains("error:"))
        #expect(leave(terminal) == 0)
    }

    @Test func tabCompletesASegueIdentifier() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        try type(terminal, "perform Sh", shows: Self.prompt + "perform Sh")
        try type(terminal, "\t", shows: Self.prompt + "perform ShowDetail ")
        terminal.send("\r")
        // On a fresh launch nothing is selected, so the segue action returns nil: the demo's crash.
        try terminal.expect("performSegue(withIdentifier:sender:) — \"ShowDetail\"")
        try terminal.expect("Items/DetailViewController.swift:12: Fatal error: init(coder:) has not been implemented")
        try ready(terminal, "Items:crashed> ")
        #expect(leave(terminal) == 3, "the crash is the exit status")
    }

    @Test func tabListsCandidatesWhenTheyShareNoLongerPrefix() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        try type(terminal, "tap add", shows: Self.prompt + "tap add")
        terminal.send("\t")
        // `add` and `addBroken`: nothing to insert, so both are listed and the line is redrawn.
        try terminal.waitUntil("the candidates listed under the line") { screen in
            screen.lines.contains { $0.split(separator: " ") == ["add", "addBroken"] }
                && screen.beforeCursor == Self.prompt + "tap add"
                && screen.lines.filter { $0.hasPrefix(Self.prompt) }.count == 2
        }
        try type(terminal, "B\t", shows: Self.prompt + "tap addBroken ")
        terminal.send("\r")
        try terminal.expect("Fatal error: init(coder:) has not been implemented")
        try ready(terminal, "Items:crashed> ")
        #expect(leave(terminal) == 3)
    }

    @Test func tabCompletesAFlowPath() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        try type(terminal, "load flows/typ", shows: Self.prompt + "load flows/typ")
        try type(terminal, "\t", shows: Self.prompt + "load flows/typed-destinations.json ")
        terminal.send("\r")
        try terminal.expect("loaded Qold from flows/typed-destinations.json")
        try ready(terminal, "Qold:LoginViewController> ")
        #expect(leave(terminal) == 0)
    }

    /// SIGTERM and SIGHUP end the shell as quitting does — history saved, the terminal back in
    /// its normal mode — with status 128 + the signal.
    @Test(arguments: [SIGTERM, SIGHUP])
    func aTerminatingSignalEndsTheShell(_ signal: Int32) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        terminal.send("where\r")
        try terminal.expect("◀ front-most")
        try ready(terminal, Self.prompt)
        kill(terminal.pid, signal)
        let status = terminal.waitForExit(timeout: 10)
        #expect(status == 128 + signal, "the terminal shows:\n\(terminal.text)")
        #expect(terminal.isCanonical, "the terminal is left in raw mode")
        let saved = try String(contentsOf: folder.url.appendingPathComponent("history"), encoding: .utf8)
        #expect(saved.contains("where"), "\(saved)")
    }

    /// A signal that lands while a command runs, or while the next prompt is drawn, ends the
    /// shell too. The latter once left libedit waiting for a key (the handler ran between the
    /// prompt and the read): seen under load in CI; it is now closed by design (the shim's
    /// handler), and this covers the moments around the prompt that a test can reach.
    @Test(arguments: [0, 1, 2, 5, 10])
    func aTerminatingSignalAroundAPromptEndsTheShell(_ milliseconds: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        terminal.send("where\r")
        if milliseconds > 0 { usleep(useconds_t(milliseconds * 1000)) }
        kill(terminal.pid, SIGTERM)
        let status = terminal.waitForExit(timeout: 10)
        #expect(status == 128 + SIGTERM, "the terminal shows:\n\(terminal.text)")
        #expect(terminal.isCanonical, "the terminal is left in raw mode")
    }

    @Test func historyIsRecalledAfterARestart() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = try start(in: folder)
        first.send("where\r")
        try first.expect("◀ front-most")
        try ready(first, Self.prompt)
        #expect(leave(first) == 0)
        let saved = try String(contentsOf: folder.url.appendingPathComponent("history"), encoding: .utf8)
        #expect(saved.contains("where"), "\(saved)")

        let second = try start(in: folder)
        try type(second, Self.up, shows: Self.prompt + "where")
        second.send("\r")
        try second.expect("◀ front-most")
        try ready(second, Self.prompt)
        #expect(leave(second) == 0)
    }

    @Test func ctrlCDiscardsTheLineAndGivesANewPrompt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        try type(terminal, "select 2", shows: Self.prompt + "select 2")
        terminal.send(Self.ctrlC)
        try ready(terminal, Self.prompt)
        // The half-typed line stays visible above a fresh, empty prompt.
        #expect(terminal.screen.beforeCursor == Self.prompt)
        #expect(terminal.screen.lines.contains(Self.prompt + "select 2"))
        terminal.send("where\r")
        let output = try terminal.expect("◀ front-most")
        // The discarded line never ran: no selection, no push, and no garbled command.
        #expect(!output.contains("DetailViewController"), "\(output)")
        #expect(!terminal.text.contains("error:"), "\(terminal.text)")
        #expect(!terminal.text.contains("selected row"))
        try ready(terminal, Self.prompt)
        #expect(terminal.waitForExit(timeout: 0.2) == nil, "Ctrl-C does not end the shell")
        #expect(leave(terminal) == 0)
        let saved = (try? String(contentsOf: folder.url.appendingPathComponent("history"), encoding: .utf8)) ?? ""
        #expect(!saved.contains("select 2"), "a discarded line is not history")
    }

    @Test func ctrlDOnAnEmptyLineExitsWithStatus0() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        terminal.send("select 1\r")
        try terminal.expect("push     <Items.DetailViewController: 0x600000c04400>")
        try ready(terminal, "Items:DetailViewController> ")
        terminal.send(Self.ctrlD)
        #expect(terminal.waitForExit() == 0, "\(terminal.text)")
    }

    @Test("a typo does not make the interactive exit status 1: the person saw the error")
    func rejectedCommandLeavesTheExitStatus0() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        terminal.send("perfrom\r")
        try terminal.expect("did you mean 'perform'?")
        try ready(terminal, Self.prompt)
        terminal.send("quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    @Test("the interactive exit status is 3 only when the app is crashed as you leave, not after a relaunch")
    func crashThenRelaunchLeavesTheExitStatus0() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        terminal.send("tap addBroken\r")
        try ready(terminal, "Items:crashed> ")
        terminal.send("relaunch\r")
        try ready(terminal, Self.prompt)
        #expect(leave(terminal) == 0)

        let again = try start(in: folder)
        again.send("tap addBroken\r")
        try ready(again, "Items:crashed> ")
        #expect(leave(again) == 3)
    }

    @Test("Ctrl-C during a Ctrl-R history search cancels the search, as Ctrl-G does, and the shell goes on")
    func ctrlCCancelsAHistorySearch() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        terminal.send("where\r")
        try terminal.expect("◀ front-most")
        try ready(terminal, Self.prompt)
        terminal.send("\u{12}")  // Ctrl-R
        terminal.send("wh")
        try terminal.waitUntil("the search to show its pattern") { $0.lines.contains { $0.hasSuffix("bck:wh") } }
        terminal.send(Self.ctrlC)
        try ready(terminal, Self.prompt)
        #expect(terminal.waitForExit(timeout: 0.3) == nil, "Ctrl-C in a search does not end the shell:\n\(terminal.text)")
        terminal.send("scenes\r")
        try terminal.expect("addItemBroken     AddItemViewController")
        try ready(terminal, Self.prompt)
        #expect(leave(terminal) == 0)
    }

    @Test("Tab quotes a completed path with a space, and completes transcripts for record; load offers no schema file")
    func tabQuotesPathsWithSpaces() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("my flows"), withIntermediateDirectories: true)
        let demo = try String(contentsOfFile: PackagePaths.flow("segue-actions.json"), encoding: .utf8)
        _ = try folder.file("my flows/the app.json", contents: demo)
        _ = try folder.file("my flows/the app.schema.json", contents: "{}")
        _ = try folder.file("old story.flownav", contents: "flownav> where\n")
        let terminal = try start(in: folder)
        let base = folder.path + "/"
        try type(terminal, "load \(base)my\t", shows: Self.prompt + "load \"\(base)my flows/")
        try type(terminal, "\t", shows: Self.prompt + "load \"\(base)my flows/the app.json\" ")
        terminal.send("\r")
        try terminal.expect("loaded Items from \(base)my flows/the app.json")
        try ready(terminal, Self.prompt)
        try type(terminal, "record \(base)ol\t", shows: Self.prompt + "record \"\(base)old story.flownav\" ")
        try type(terminal, "\u{15}", shows: Self.prompt)  // Ctrl-U
        #expect(leave(terminal) == 0)
    }

    @Test("interactive is decided from standard input: piped through tee, the prompt and Tab still work, and the log gets the output")
    func pipedThroughTeeStaysInteractive() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let binary = try FlownavBinary.require()
        let log = folder.url.appendingPathComponent("log").path
        let terminal = try PseudoTerminal(
            executable: "/bin/sh", arguments: ["-c", "'\(binary)' | tee '\(log)'"],
            environment: ["TERM": "xterm", "LANG": "C.UTF-8", "HOME": folder.path,
                          "FLOWNAV_HISTORY": folder.url.appendingPathComponent("history").path,
                          "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
            directory: PackagePaths.root.path)
        // The prompt goes straight to the terminal and the output through tee, so either may
        // show first: the banner can land after the prompt and move the cursor. Wait for both,
        // then judge Tab by what runs ("wh" alone is no command), not by how the line is drawn.
        try ready(terminal, Self.prompt)
        try terminal.waitUntil("the banner to come through tee") { $0.lines.contains { $0.contains("Ctrl-D to leave.") } }
        terminal.send("wh\t")
        try terminal.waitUntil("Tab to complete the word") { $0.lines.contains { $0.contains("ere") } }
        terminal.send("\r")
        try terminal.expect("◀ front-most")
        #expect(leave(terminal) == 0)
        let saved = try String(contentsOfFile: log, encoding: .utf8)
        #expect(saved.contains("└─ [0] <Items.ItemsViewController: 0x600000c04200> 'items' \"Items\"   ◀ front-most"), "\(saved)")
        #expect(!saved.contains("\u{1B}["), "no colour into a pipe: \(saved.debugDescription)")
    }

    @Test func utf8LineRoundTrips() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        try type(terminal, "inspect détail", shows: Self.prompt + "inspect détail")
        terminal.send("\r")
        try terminal.expect("error: no scene 'détail'; did you mean 'detail'?")
        try terminal.expect("  inspect détail\n")
        // Six carets under six characters (seven bytes).
        try terminal.expect("          ^^^^^^\n")
        try ready(terminal, Self.prompt)
        // The history keeps the line intact too.
        try type(terminal, Self.up, shows: Self.prompt + "inspect détail")
        try type(terminal, "\u{15}", shows: Self.prompt)  // Ctrl-U: clear the recalled line
        #expect(leave(terminal) == 0, "a rejected command does not set the interactive exit status")
        let saved = try String(contentsOf: folder.url.appendingPathComponent("history"), encoding: .utf8)
        #expect(saved.contains("détail") || saved.contains("d\\303\\251tail"), "\(saved)")
    }
}
