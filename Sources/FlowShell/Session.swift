import FlowEngine
import FlowModel
import FlowImport

/// A shell session: the loaded flow, the simulated app, and what has been typed. It turns one
/// input line into output lines and a status; it never touches the terminal.
public struct Session: Sendable {
    public private(set) var sim: Simulator?
    /// The path the flow was loaded from (nil for the built-in demo).
    public private(set) var flowPath: String?
    public private(set) var trace = false
    public private(set) var history: [String] = []
    /// The worst status so far: the exit status of a batch run.
    public internal(set) var status: Status = .ok
    /// Relative `load` paths resolve against this folder (a transcript's own folder).
    public var baseDirectory: String?
    /// The process's working directory, set by the executable, so that `record` can write paths
    /// relative to the transcript's folder.
    public var workingDirectory: String?
    /// Where the current flow's commands start in `history`, and whether trace was on then:
    /// what `record` replays.
    var logStart = 0
    var traceAtLogStart = false
    /// The device the current flow was launched on when it is not the flow's own (from
    /// `deviceOverride`): `record` replays it with a `device` line after the `load`.
    var deviceAtLogStart: Device?
    /// The device every flow is launched on (`--device`, or the shell's `device` command),
    /// instead of the flow's `"device"`.
    public var deviceOverride: Device?
    /// The transcript being recorded (`record FILE`).
    var recording: Recording?
    /// The app commands run since launch (or relaunch), with their lines' numbers in `history`:
    /// the path `graph` draws.
    var walked: [(command: Command, line: Int)] = []
    /// Instance descriptions, made once per instance.
    var descriptions = Descriptions()
    /// Lines already split into words.
    var parsedLines = ParsedLines()

    public init() {}

    /// The built-in demo flow, launched.
    public static func demo(device: Device? = nil) -> Session {
        var s = Session()
        s.deviceOverride = device
        if case .success(let loaded) = FlowLoader.load(text: DemoFlow.json, file: DemoFlow.name) {
            s.install(loaded.flow, path: nil)
        }
        return s
    }

    public var flowName: String { sim?.flow.name ?? "no flow" }

    /// The exit status of an interactive session: 3 when the app is crashed as you leave, else
    /// 0. A person sees each error and retypes, and `relaunch` undoes a crash, so neither a
    /// typo nor a crash already relaunched says anything about how the session ended.
    public var interactiveStatus: Status { sim?.hasCrashed == true ? .crashed : .ok }

    /// `Items:ItemsViewController` — where the user is, for the prompt.
    public var location: String {
        guard let sim else { return "no flow" }
        if sim.hasCrashed { return "\(sim.flow.name):crashed" }
        guard let f = sim.state.frontmost else { return sim.flow.name }
        return "\(sim.flow.name):\(sim.state.className(of: f))"
    }

    /// Loads a flow and launches it; the current flow stays when the new one fails.
    public mutating func load(path: String) -> Output {
        var out = Output()
        load(path: path, into: &out)
        return out
    }

    mutating func load(path: String, into out: inout Output) {
        let resolved = resolve(path)
        // Diagnostics name the file as typed, so a transcript prints the same from any folder.
        func typed(_ d: Diagnostic) -> Diagnostic {
            var d = d
            if d.file == resolved { d.file = path }
            return d
        }
        switch FlowSource.load(path: resolved) {
        case .success(let loaded):
            for w in loaded.warnings { out.add(typed(w).description, .warning) }
            out.add("loaded \(loaded.flow.name) from \(path): \(loaded.flow.scenes.count) scenes, \(loaded.flow.segues.count) segues", .note)
            install(loaded.flow, path: path, into: &out)
        case .failure(let error):
            for d in error.diagnostics { out.add(typed(d).description, d.severity == .error ? .error : .warning) }
            if error.omitted > 0 { out.add("… and \(error.omitted) more errors", .error) }
            out.status = .loadFailed
        }
        status = max(status, out.status)
    }

    /// A path as `load` reads it (relative to `baseDirectory`).
    public func resolvedPath(_ path: String) -> String { resolve(path) }

    private func resolve(_ path: String) -> String {
        guard let base = baseDirectory, !path.hasPrefix("/") else { return path }
        return base + "/" + path
    }

    /// The demo flow's install: nobody sees its launch, so its events are not formatted.
    mutating func install(_ flow: Flow, path: String?) {
        var out = Output()
        install(flow, path: path, into: &out, showsLaunch: false)
    }

    mutating func install(_ flow: Flow, path: String?, into out: inout Output, showsLaunch: Bool = true) {
        var s = Simulator(flow: flow, device: deviceOverride)
        let events = s.launch()
        sim = s
        flowPath = path
        descriptions.reset()
        logStart = history.count
        traceAtLogStart = trace
        walked.removeAll()
        deviceAtLogStart = deviceOverride.flatMap { $0 != flow.device ? $0 : nil }
        if showsLaunch { EventFormatter(sim: s, trace: trace).write(events, into: &out) }
        if s.hasCrashed {
            out.add("the app crashed at launch; fix the flow, or 'relaunch' after 'load'", .note)
            status = max(status, .crashed)
        }
    }

    /// Runs one line of input.
    public mutating func execute(_ line: String) -> Output {
        var out = Output()
        execute(line, into: &out)
        return out
    }

    /// Runs one line of input, appending to `out`: a caller running many commands (a
    /// transcript replay) resets one output and reuses its buffers.
    public mutating func execute(_ line: String, into out: inout Output) {
        guard let parsed = parsedLines.parse(line) else { return }
        let first = parsed.command
        if first.text.utf8.first == 0x23 /* # */ {
            if recording != nil { record(comment: line, into: &out) }
            return
        }
        history.append(line)
        do throws(InputError) {
            try Self.rejectControlCharacters(line)
            try dispatch(first, parsed.id, parsed.args, line: line, into: &out)
        } catch {
            out.inputError(error, line: line)
        }
        status = max(status, out.status)
        if recording != nil && first.text != "record" && first.text != "quit" { record(line, into: &out) }
    }

    /// A NUL or an escape in a command is a typing or piping accident, and invisible: named,
    /// not taken as part of a word (`where` and a NUL was "unknown command 'where'; did you
    /// mean 'where'?"). Tab separates words like a space.
    static func rejectControlCharacters(_ line: String) throws(InputError) {
        var bytes = line
        guard bytes.withUTF8({ ControlCharacters.present($0) }) else { return }
        for (i, c) in line.enumerated() where c.unicodeScalars.contains(where: { v in
            (v.value < 0x20 && v.value != 0x09) || (v.value >= 0x7F && v.value < 0xA0)
        }) {
            throw InputError("a command may not hold control characters: \(ControlCharacters.escaped(String(c))) at column \(i + 1)", column: i + 1)
        }
    }

    private mutating func dispatch(_ command: Word, _ id: CommandID?, _ args: [Word], line: String, into out: inout Output) throws(InputError) {
        guard let id else {
            throw InputError("unknown command '\(command.text)' (type 'help' for the list)", at: command,
                             suggestions: NameSuggester.nearest(to: command.text, in: CommandCatalog.names, limit: 2))
        }
        switch id {
        case .help: try help(args, into: &out)
        case .quit:
            try noArguments(args)
            out.quit = true
        case .load:
            try load(command, args, into: &out)
        case .history:
            try noArguments(args)
            for (n, h) in history.enumerated() { out.add(String(n + 1).leftPadded(to: 5) + "  " + h) }
        case .trace:
            guard args.count == 1, args[0].text == "on" || args[0].text == "off" else {
                throw InputError("expected 'on' or 'off'", column: args.first?.column ?? command.column + 6, width: args.first?.text.count ?? 1)
            }
            trace = args[0].text == "on"
            out.add("trace is \(args[0].text)", .note)
        case .record:
            try record(args, command: command, into: &out)
        case .device where sim == nil:
            // Before any flow: the device the next `load` launches on.
            guard let a = args.first else {
                out.add("flows launch on a \((deviceOverride ?? .phone).rawValue) unless their \"device\" says otherwise", .note)
                return
            }
            guard let d = Device(rawValue: a.text) else {
                throw InputError("expected 'phone' or 'pad'", at: a, suggestions: NameSuggester.nearest(to: a.text, in: ["phone", "pad"], limit: 1))
            }
            if let extra = args.dropFirst().first { throw InputError("unexpected argument '\(extra.text)'", at: extra) }
            deviceOverride = d
            out.add("flows launch on a \(d.rawValue) now", .note)
        default:
            // Moved out (not copied), so the engine's state stays uniquely referenced and is
            // mutated in place rather than copied on every command; moved back after.
            guard var sim = self.sim.take() else {
                out.add("error: no flow is loaded; use 'load FLOW'", .error)
                out.status = .rejected
                return
            }
            var rejected: InputError?
            do throws(InputError) {
                try appCommand(id, command, args, sim: &sim, into: &out)
            } catch {
                rejected = error
            }
            self.sim = consume sim
            if let rejected { throw rejected }
        }
    }

    /// `load FLOW`. Not inlined: a loader's result in `dispatch` cost every command its
    /// cleanup code.
    @inline(never)
    private mutating func load(_ command: Word, _ args: [Word], into out: inout Output) throws(InputError) {
        guard let path = args.first else {
            throw InputError("load needs a flow file: \(CommandID.load.info.synopsis)", column: command.column + command.text.count + 1)
        }
        if args.count > 1 { throw InputError("load takes one path (quote a path with spaces)", at: args[1]) }
        if path.text.isEmpty { throw InputError("load needs a path, and '' is empty: \(CommandID.load.info.synopsis)", at: path) }
        load(path: path.text, into: &out)
    }

    private func noArguments(_ args: [Word]) throws(InputError) {
        if let a = args.first { throw InputError("unexpected argument '\(a.text)'", at: a) }
    }

    private mutating func help(_ args: [Word], into out: inout Output) throws(InputError) {
        if let a = args.first {
            guard let info = CommandCatalog.info(a.text) else {
                throw InputError("no command '\(a.text)'", at: a, suggestions: NameSuggester.nearest(to: a.text, in: CommandCatalog.names, limit: 2))
            }
            out.add(info.synopsis, .heading)
            out.add("  " + info.summary)
            out.add("")
            for l in Wrap.lines(info.details, width: 76) { out.add("  " + l) }
            out.add("")
            out.add("  example: \(info.example)")
            return
        }
        let width = CommandCatalog.all.map(\.synopsis.count).max() ?? 0
        for c in CommandCatalog.all {
            out.add(c.synopsis.padding(to: width) + "  " + c.summary)
        }
    }
}

enum Wrap {
    static func lines(_ text: String, width: Int) -> [String] {
        var out: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > width {
                out.append(current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " " + word
        }
        if !current.isEmpty { out.append(current) }
        return out
    }
}

extension String {
    func padding(to n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
    func leftPadded(to n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
