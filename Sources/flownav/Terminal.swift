import FlowShell
import LineEditor
import SafeFile

#if canImport(Glibc)
import Glibc
#endif

enum Terminal {
    /// Interactive when standard input is a terminal, as sqlite3, psql and python decide:
    /// `flownav FLOW | tee log` keeps the prompt and line editing.
    static var isInteractive: Bool { isatty(0) == 1 }

    static var environment: [String: String] {
        var env: [String: String] = [:]
        for key in ["FLOWNAV_HISTORY", "XDG_STATE_HOME", "HOME", "NO_COLOR"] {
            if let v = getenv(key) { env[key] = String(cString: v) }
        }
        return env
    }

    /// Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org).
    static var colours: Bool {
        isatty(1) == 1 && (environment["NO_COLOR"] ?? "").isEmpty
    }

    static func write(_ s: String) { write(s, to: 1) }

    static func writeError(_ s: String) { write(s, to: 2) }

    /// Writes everything, retrying after partial writes and interrupted calls; false (with
    /// errno set) when the descriptor fails. Every file flownav writes goes through here.
    @discardableResult
    static func write(_ s: String, to fd: Int32) -> Bool {
        var bytes = Array(s.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// Bytes to a descriptor, as `write(_:to:)`.
    @discardableResult
    static func write(bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }


    /// The working directory, for `record` to write paths relative to its transcript.
    static var currentDirectory: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Does what `record` asked: start the transcript (refusing an existing file unless told
    /// to overwrite or append), or append a command to it, by `SafeFile`'s rule: never the flow
    /// being run (`flow`), no folder created, atomic. Each write opens and closes the file, so a
    /// killed shell loses nothing already run. Returns an error message when it cannot.
    static func perform(_ request: RecordWrite, flow: String?) -> String? {
        let inputs = flow.map { [SafeFile.Input($0, what: "the flow being run")] } ?? []
        switch request {
        case .start(let path, let text, let mode):
            let fileMode: SafeFile.Mode = switch mode { case .create: .create; case .overwrite: .replace; case .append: .append }
            guard let failure = SafeFile.write(text, to: path, mode: fileMode, protecting: inputs) else { return nil }
            if mode == .create && failure.message.hasSuffix(SafeFile.existsPrefix) {
                return "error: \(failure.message); 'record --force \(path)' replaces it, 'record --append \(path)' adds to it; not recording"
            }
            return "error: \(failure.message); not recording"
        case .append(let path, let text):
            guard let failure = SafeFile.write(text, to: path, mode: .append, protecting: inputs) else { return nil }
            return "error: \(failure.message); recording stopped"
        }
    }

    /// A command's output with what its `record` request came to: when starting a recording
    /// failed, the line saying it started is replaced by the error.
    static func performRecording(_ out: Output, session: inout Session) -> (lines: [OutputLine], error: String?) {
        guard let write = out.record, let error = perform(write, flow: session.flowPath.map { session.resolvedPath($0) }) else { return (out.lines, nil) }
        session.stopRecording(failed: true)
        guard case .start = write else { return (out.lines, error) }
        return (out.lines.filter { !($0.style == .note && $0.text.hasPrefix("recording to ")) }, error)
    }

    static func render(_ line: OutputLine, colours: Bool) -> String {
        guard colours, let code = Colours.code(line.style) else { return line.text }
        return Colours.paint(line.text, code)
    }
}

/// Batch mode: commands from standard input, output to standard output, no prompt or colour.
struct BatchRunner {
    var session: Session
    let echo: Bool
    let bail: Bool
    /// The flow given on the command line and what loading it printed: with `--echo`, shown as
    /// the `load` it amounts to, so that the output is a transcript that replays.
    /// (Two fields, not an optional tuple: the runtime builds a tuple's type on first use, a
    /// cost every start-up paid.)
    var startupFlow: String?
    var startupOutput: Output
    static let marker = Transcript.marker

    init(session: Session, echo: Bool, bail: Bool, startupFlow: String? = nil, startupOutput: Output = Output()) {
        self.session = session
        self.echo = echo
        self.bail = bail
        self.startupFlow = startupFlow
        self.startupOutput = startupOutput
    }

    mutating func run() -> Status {
        session.workingDirectory = Terminal.currentDirectory
        if echo, let startupFlow {
            var text = Self.marker + "load " + Words.quoted(startupFlow) + "\n"
            for l in startupOutput.lines { text += l.text + "\n" }
            Terminal.write(text)
        } else if startupFlow != nil {
            // Without --echo the launch's output is not printed, but what the user must not
            // miss is: the loader's warnings (a stale class name) and a crash at launch (a
            // pad's detail column reading a nil), else a later command only says it crashed.
            let crashed = startupOutput.lines.contains { $0.style == .crash }
            var text = ""
            for l in startupOutput.lines where crashed || l.style == .warning { text += l.text + "\n" }
            Terminal.writeError(text)
        }
        var buffer = OutputBuffer(fd: 1)
        defer { buffer.flush() }
        var input = InputLines(fd: 0)
        while true {
            // Whoever feeds the commands may wait for the answers before sending more.
            if !input.ready { buffer.flush() }
            guard let line = input.next() else { break }
            if echo { buffer.append(Self.marker + line + "\n") }
            let out = session.execute(line)
            let (lines, error) = Terminal.performRecording(out, session: &session)
            for l in lines {
                buffer.append(l.text)
                buffer.append(byte: 10)
            }
            if let error {
                buffer.flush()
                Terminal.writeError(error + "\n")
            }
            if let graph = out.graph, let error = Terminal.perform(graph) { Terminal.writeError(error + "\n") }
            if out.quit || (bail && out.status != .ok) { break }
        }
        return session.status
    }
}

/// Lines from a descriptor (standard input in batch runs), read in 64 KiB blocks, each without
/// its "\n" or "\r\n" (as `readLine` gives them); and whether the next one is there without
/// waiting, for the output to be flushed before a wait.
struct InputLines {
    let fd: Int32
    private var bytes: [UInt8] = []
    private var start = 0
    private var atEnd = false

    init(fd: Int32) { self.fd = fd }

    /// A whole line is buffered, the input has ended, or the descriptor has bytes ready.
    var ready: Bool {
        if atEnd || bytes[start...].contains(10) { return true }
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) == 1
    }

    mutating func next() -> String? {
        while true {
            if let newline = bytes[start...].firstIndex(of: 10) {
                var end = newline
                if end > start && bytes[end - 1] == 13 { end -= 1 }
                let line = String(decoding: bytes[start..<end], as: UTF8.self)
                start = newline + 1
                return line
            }
            if atEnd {
                guard start < bytes.count else { return nil }
                let line = String(decoding: bytes[start...], as: UTF8.self)
                start = bytes.count
                return line
            }
            bytes.removeFirst(start)
            start = 0
            let old = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: 1 << 16))
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + old, 1 << 16) }
            bytes.removeLast((1 << 16) - max(n, 0))
            if n == 0 || (n < 0 && errno != EINTR) { atEnd = true }
        }
    }
}

/// Standard output in blocks, for batch runs (one `write` a command cost more than running it):
/// bytes gather until 64 KiB, and the owner flushes before anything that must come in order
/// (standard error, waiting for input, leaving).
struct OutputBuffer {
    let fd: Int32
    private var bytes: [UInt8] = []

    init(fd: Int32) {
        self.fd = fd
        bytes.reserveCapacity(1 << 16)
    }

    mutating func append(_ s: String) {
        bytes.append(contentsOf: s.utf8)
        if bytes.count >= 1 << 16 { flush() }
    }

    mutating func append(byte: UInt8) { bytes.append(byte) }

    mutating func flush() {
        guard !bytes.isEmpty else { return }
        Terminal.write(bytes: bytes, to: fd)
        bytes.removeAll(keepingCapacity: true)
    }
}

/// The interactive shell: libedit line editing, completion, history, a prompt saying where you are.
struct InteractiveShell {
    var session: Session
    let startup: Output

    /// The exit status: the session's, or 128 + the signal that ended it.
    mutating func run() -> Int32 {
        let env = Terminal.environment
        let colours = Terminal.colours
        let explicitHistory = !(env["FLOWNAV_HISTORY"] ?? "").isEmpty
        guard let editor = LineEditor(program: "flownav", historyFile: LineEditor.historyPath(environment: env),
                                      createHistoryFolders: !explicitHistory) else {
            var runner = BatchRunner(session: session, echo: false, bail: false)
            return Int32(runner.run().rawValue)
        }
        let source = session.flowPath ?? "the built-in demo flow"
        Terminal.write("flownav 0.1.0 — \(session.flowName) (\(source))\nType 'help' for the commands, Tab to complete, Ctrl-D to leave.\n")
        for l in startup.lines { Terminal.write(Terminal.render(l, colours: colours) + "\n") }
        session.workingDirectory = Terminal.currentDirectory
        let box = SessionBox(session)
        editor.completer = { before in box.complete(before) }
        while true {
            if let problem = editor.takeHistoryProblem() {
                Terminal.write(Terminal.render(OutputLine(problem, .warning), colours: colours) + "\n")
            }
            let location = box.session.location
            let prompt = colours ? "\u{1B}[1;36m\(location)\u{1B}[0m> " : "\(location)> "
            switch editor.read(prompt: prompt) {
            case .endOfFile:
                return Int32(box.session.interactiveStatus.rawValue)
            case .interrupted:
                continue
            case .terminated(let signal):
                // As on quit: the history saved (it already is, line by line; a recording is
                // written command by command), the terminal restored (libedit does, when the
                // editor ends), then the conventional status.
                editor.saveHistory()
                return 128 + signal
            case .line(let line):
                let out = box.session.execute(line)
                let (lines, error) = Terminal.performRecording(out, session: &box.session)
                var text = ""
                for l in lines { text += Terminal.render(l, colours: colours) + "\n" }
                Terminal.write(text)
                if let error { Terminal.write(Terminal.render(OutputLine(error, .error), colours: colours) + "\n") }
                if let graph = out.graph, let error = Terminal.perform(graph) {
                    Terminal.write(Terminal.render(OutputLine(error, .error), colours: colours) + "\n")
                }
                if out.quit { return Int32(box.session.interactiveStatus.rawValue) }
            }
        }
    }
}

/// The session, shared with the completion callback that libedit calls during `read`.
final class SessionBox {
    var session: Session

    init(_ session: Session) { self.session = session }

    func complete(_ before: String) -> CompletionResult {
        switch session.completions(for: before) {
        case .words(let prefix, let words):
            return CompletionResult(replaceLength: prefix.count, candidates: words)
        case .path(let prefix):
            // `load` takes a flow or a storyboard (not the flow schema), `record` a transcript, `graph` a picture.
            let command = before.split(separator: " ").first ?? ""
            let word = PathWord(lineBeforeCursor: before)
            let accept: (String) -> Bool = command == "record"
                ? { $0.hasSuffix(".flownav") }
                : command == "graph"
                ? { [".svg", ".dot", ".gv", ".mmd"].contains(where: $0.hasSuffix) }
                : { ($0.hasSuffix(".json") && !$0.hasSuffix(".schema.json")) || $0.hasSuffix(".storyboard") }
            return CompletionResult(replaceLength: word.typed.count, candidates: word.insertions(Self.paths(prefix, accept: accept)))
        }
    }

    /// Files `accept` takes and folders, starting with `prefix`; folders end with `/`.
    static func paths(_ prefix: String, accept: (String) -> Bool) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let folder = slash.map { String(prefix[...$0]) } ?? ""
        let stem = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        guard let dir = opendir(folder.isEmpty ? "." : folder) else { return [] }
        defer { closedir(dir) }
        var out: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix(stem), name != ".", name != "..", !name.hasPrefix(".") || stem.hasPrefix(".") else { continue }
            var info = stat()
            guard stat(folder + name, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                out.append(folder + name + "/")
            } else if accept(name) {
                out.append(folder + name)
            }
        }
        return out.sorted()
    }
}
