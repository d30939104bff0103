import Foundation
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
        try terminal.expect(Self.prompt)
        return terminal
    }

    /// Ctrl-D on an empty line, and the exit status.
    private func leave(_ terminal: PseudoTerminal) -> Int32? {
        terminal.send(Self.ctrlD)
        return terminal.waitForExit()
    }

    @Test func tabCompletesACommand() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        terminal.send("wh")
        try terminal.expect("wh")
        terminal.send("\t")
        try terminal.expect("ere ")
        #expect(terminal.text.hasSuffix(Self.prompt + "where "), "\(terminal.text)")
        terminal.send("\r")
        let output = try terminal.expect("◀ front-most")
        #expect(output.contains("window\n└─ root <UINavigationController: 0x600000c04000> 'itemsNav'"), "\(output)")
        try terminal.expect(Self.prompt)
        #expect(!terminal.text.contains("error:"))
        #expect(leave(terminal) == 0)
    }

    @Test func tabCompletesASegueIdentifier() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        terminal.send("perform Sh")
        try terminal.expect("perform Sh")
        terminal.send("\t")
        try terminal.expect("owDetail ")
        #expect(terminal.text.hasSuffix(Self.prompt + "perform ShowDetail "), "\(terminal.text)")
        terminal.send("\r")
        // On a fresh launch nothing is selected, so the segue action returns nil: the demo's crash.
        try terminal.expect("performSegue(withIdentifier:sender:) — \"ShowDetail\"")
        try terminal.expect("Items/DetailViewController.swift:12: Fatal error: init(coder:) has not been implemented")
        try terminal.expect("Items:crashed> ")
        #expect(leave(terminal) == 3, "the crash is the exit status")
    }

    @Test func tabListsCandidatesWhenTheyShareNoLongerPrefix() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        terminal.send("tap add")
        try terminal.expect("tap add")
        terminal.send("\t")
        // `add` and `addBroken`: nothing to insert, so both are listed and the line is redrawn.
        try terminal.expect("addBroken")
        try terminal.expect(Self.prompt + "tap add")
        terminal.send("B\t")
        try terminal.expect("roken ")
        terminal.send("\r")
        try terminal.expect("Fatal error: init(coder:) has not been implemented")
        try terminal.expect("Items:crashed> ")
        #expect(leave(terminal) == 3)
    }

    @Test func tabCompletesAFlowPath() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        terminal.send("load flows/typ")
        try terminal.expect("load flows/typ")
        terminal.send("\t")
        try terminal.expect("ed-destinations.json ")
        terminal.send("\r")
        try terminal.expect("loaded Qold from flows/typed-destinations.json")
        try terminal.expect("Qold:LoginViewController> ")
        #expect(leave(terminal) == 0)
    }

    @Test func historyIsRecalledAfterARestart() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = try start(in: folder)
        first.send("where\r")
        try first.expect("◀ front-most")
        try first.expect(Self.prompt)
        #expect(leave(first) == 0)
        let saved = try String(contentsOf: folder.url.appendingPathComponent("history"), encoding: .utf8)
        #expect(saved.contains("where"), "\(saved)")

        let second = try start(in: folder)
        second.send(Self.up)
        try second.expect("where")
        #expect(second.text.hasSuffix(Self.prompt + "where"), "\(second.text)")
        second.send("\r")
        try second.expect("◀ front-most")
        try second.expect(Self.prompt)
        #expect(leave(second) == 0)
    }

    @Test func ctrlCDiscardsTheLineAndGivesANewPrompt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        terminal.send("select 2")
        try terminal.expect("select 2")
        terminal.send(Self.ctrlC)
        try terminal.expect(Self.prompt)
        terminal.send("where\r")
        let output = try terminal.expect("◀ front-most")
        // The discarded line never ran: no selection, no push, and no garbled command.
        #expect(!output.contains("DetailViewController"), "\(output)")
        #expect(!terminal.text.contains("error:"), "\(terminal.text)")
        #expect(!terminal.text.contains("selected row"))
        try terminal.expect(Self.prompt)
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
        try terminal.expect("Items:DetailViewController> ")
        terminal.send(Self.ctrlD)
        #expect(terminal.waitForExit() == 0, "\(terminal.text)")
    }

    @Test func rejectedCommandMakesTheExitStatus1() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        terminal.send("perfrom\r")
        try terminal.expect("did you mean 'perform'?")
        try terminal.expect(Self.prompt)
        terminal.send("quit\r")
        #expect(terminal.waitForExit() == 1)
    }

    @Test func utf8LineRoundTrips() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try start(in: folder)
        terminal.send("inspect détail")
        try terminal.expect("inspect détail")
        terminal.send("\r")
        try terminal.expect("error: no scene 'détail'; did you mean 'detail'?")
        try terminal.expect("  inspect détail\n")
        // Six carets under six characters (seven bytes).
        try terminal.expect("          ^^^^^^\n")
        try terminal.expect(Self.prompt)
        // The history keeps the line intact too.
        terminal.send(Self.up)
        try terminal.expect("inspect détail")
        terminal.send("\u{15}")  // Ctrl-U: clear the recalled line
        #expect(leave(terminal) == 1)
        let saved = try String(contentsOf: folder.url.appendingPathComponent("history"), encoding: .utf8)
        #expect(saved.contains("détail") || saved.contains("d\\303\\251tail"), "\(saved)")
    }
}
