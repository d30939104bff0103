import FlowShell
import Foundation
import TestSupport
import Testing

/// `check` and `test` use colour as the shell does: on a terminal only, never piped, never with
/// NO_COLOR; and a note stays readable.
@Suite(.serialized, .enabled(if: PseudoTerminal.isAvailable, "skipped: this system cannot open a pseudo-terminal"))
struct ColourTests {
    static let escape = "\u{1B}["

    private func onTerminal(_ arguments: [String], noColor: Bool) throws -> (raw: String, status: Int32?) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var environment = ["TERM": "xterm", "LANG": "C.UTF-8", "HOME": folder.path]
        if noColor { environment["NO_COLOR"] = "1" }
        let terminal = try PseudoTerminal(
            executable: try FlownavBinary.require(), arguments: arguments, environment: environment, directory: PackagePaths.root.path)
        let status = terminal.waitForExit(timeout: 20)
        return (terminal.raw, status)
    }

    @Test("check: severities and rule headings coloured on a terminal; none with NO_COLOR or into a pipe")
    func check() throws {
        let coloured = try onTerminal(["check", "flows/segue-actions.json", "--lint-only"], noColor: false)
        #expect(coloured.status == 1)
        #expect(coloured.raw.contains(":99:5: \(Self.escape)1;31merror\(Self.escape)0m: segues[5]"), "\(coloured.raw.debugDescription)")
        let plain = try onTerminal(["check", "flows/segue-actions.json", "--lint-only"], noColor: true)
        #expect(plain.raw.contains(":99:5: error: segues[5]"))
        #expect(!plain.raw.contains(Self.escape))
        let piped = try runFlownav(["check", "flows/segue-actions.json", "--lint-only"], stdin: "")
        #expect(piped.stdout.contains(":99:5: error: segues[5]"))
        #expect(!piped.stdout.contains(Self.escape))
    }

    @Test("test: ok, FAIL and the summary coloured on a terminal; none with NO_COLOR or into a pipe")
    func test() throws {
        let coloured = try onTerminal(["test", "flows/injectable.flownav"], noColor: false)
        #expect(coloured.status == 0)
        #expect(coloured.raw.contains("\(Self.escape)32mok\(Self.escape)0m    flows/injectable.flownav"), "\(coloured.raw.debugDescription)")
        #expect(coloured.raw.contains("\(Self.escape)1;32m1 passed, 0 failed\(Self.escape)0m"))
        let plain = try onTerminal(["test", "flows/injectable.flownav"], noColor: true)
        #expect(!plain.raw.contains(Self.escape))
        let piped = try runFlownav(["test", "flows/injectable.flownav"], stdin: "")
        #expect(piped.stdout == "ok    flows/injectable.flownav (\(piped.stdout.split(separator: "(").last ?? "")")
        #expect(!piped.stdout.contains(Self.escape))
    }

    @Test("a note is cyan, not dim: it carries the key insight")
    func notesAreNotDimmed() {
        #expect(Colours.code(.note) == "36")
        for style in [OutputLine.Style.plain, .event, .console, .note, .error, .warning, .crash, .heading] {
            #expect(Colours.code(style)?.split(separator: ";").contains("2") != true, "\(style) is not faint")
        }
    }
}
