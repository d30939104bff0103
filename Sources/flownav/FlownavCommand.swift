import ArgumentParser
import FlowModel
import FlowShell
import LineEditor

#if canImport(Glibc)
import Glibc
#endif

@main
struct Flownav: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flownav",
        abstract: "Drive a simulated UIKit app through a storyboard-like navigation flow.",
        version: "0.1.0",
        subcommands: [Shell.self, TestCommand.self, CheckCommand.self, ImportCommand.self, GraphCommand.self, SourcesCommand.self],
        defaultSubcommand: Shell.self
    )

    /// `flownav` alone, the shell on the demo flow, needs no parsing: it skips the argument
    /// parser, whose reflection over every command's properties was a third of start-up.
    static func main() {
        // SIGTERM, SIGHUP and SIGINT end flownav even when its parent left them blocked.
        LineEditor.unblockTerminationSignals()
        if CommandLine.arguments.count == 1 {
            Glibc.exit(Shell.open(flow: nil, echo: false, bail: false, batch: false, device: nil))
        }
        main(nil)
    }
}

/// The shell: `flownav [FLOW]`, interactive on a terminal, batch otherwise.
struct Shell: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shell",
        abstract: "Open the shell on a flow (the default: `flownav FLOW` is `flownav shell FLOW`).",
        discussion: """
            With no FLOW, opens the demo flow built into flownav. The shell is interactive when \
            standard input is a terminal (`flownav FLOW | tee log` keeps the prompt and line \
            editing); otherwise commands are read from it (batch mode): no banner, no prompt, no \
            colour. Colour only on a terminal, never with NO_COLOR.

            Exit status in batch mode: 0 when every command ran and the app never crashed; 1 when \
            a command was rejected; 2 when a flow could not be loaded; 3 when the simulated app \
            crashed. Interactive: 0, or 3 when the app is crashed as you leave (2 when FLOW \
            cannot be loaded).
            """
    )

    @Argument(help: "A flow file (format 1, JSON), a storyboard or an app folder (imported in memory).", completion: .file(extensions: ["json", "storyboard", "xib"]))
    var flow: String?

    @Flag(help: "In batch mode, print each command after the prompt marker, so the output is a transcript.")
    var echo = false

    @Flag(help: "In batch mode, stop at the first command that fails.")
    var bail = false

    @Flag(help: "Read commands as in batch mode even on a terminal.")
    var batch = false

    @Option(help: "The device the app runs on: phone (compact width: split views collapse) or pad; default: the flow's \"device\", or phone.")
    var device: String?

    func validate() throws {
        if let device, Device(rawValue: device) == nil { throw ValidationError("--device must be phone or pad, not '\(device)'") }
    }

    func run() throws {
        throw ExitCode(Self.open(flow: flow, echo: echo, bail: bail, batch: batch, device: device.flatMap(Device.init(rawValue:))))
    }

    /// Runs the shell to its end and returns the exit status.
    static func open(flow: String?, echo: Bool, bail: Bool, batch: Bool, device: Device?) -> Int32 {
        // The demo flow only when no FLOW is given: loading it only to replace it was most of
        // the start-up of `flownav FLOW`.
        var session = flow == nil ? Session.demo(device: device) : Session()
        var startup = Output()
        if let flow {
            session.deviceOverride = device
            startup = session.load(path: flow)
            if startup.status == .loadFailed {
                for l in startup.lines { Terminal.writeError(l.text + "\n") }
                return Int32(Status.loadFailed.rawValue)
            }
        }
        let status: Status
        if !batch && Terminal.isInteractive {
            var shell = InteractiveShell(session: session, startup: startup)
            return shell.run()
        } else {
            var runner = BatchRunner(session: session, echo: echo, bail: bail, startupFlow: flow, startupOutput: startup)
            status = runner.run()
        }
        return Int32(status.rawValue)
    }
}
