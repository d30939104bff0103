import FlowModel

/// What `record` needs written to a file. The session does no I/O; the executable writes.
public enum RecordWrite: Equatable, Sendable {
    /// How `record` may treat a file that exists: refuse (`record FILE`), replace it
    /// (`record --force FILE`), or add to its end (`record --append FILE`).
    public enum Mode: Equatable, Sendable { case create, overwrite, append }
    /// Start the file with this text.
    case start(path: String, text: String, mode: Mode)
    /// Append this text to the file.
    case append(path: String, text: String)
}

/// A recording in progress: the file, and a second session that replays what the user types
/// from the transcript's point of view (its folder for paths, a history that starts at the
/// `load`), so that what is written is exactly what `flownav test` will see.
struct Recording: Sendable {
    var path: String
    /// One session; an array so that `Session` can hold a `Session`.
    var replay: [Session]
    var commands = 0
}

extension Session {
    /// Whether `record` is writing, and where.
    public var recordingPath: String? { recording?.path }

    /// Ends the recording (the executable calls this when a write fails, with `failed`: the
    /// command that asked for it then counts as rejected).
    public mutating func stopRecording(failed: Bool = false) {
        recording = nil
        if failed { status = max(status, .rejected) }
    }

    mutating func record(_ words: [Word], command: Word, into out: inout Output) throws(InputError) {
        var mode = RecordWrite.Mode.create
        var args = words
        while let flag = args.first, flag.text.hasPrefix("--") {
            switch flag.text {
            case "--force": mode = .overwrite
            case "--append": mode = .append
            default: throw InputError("unknown option '\(flag.text)'; record takes --force (overwrite the file) or --append (add to it)", at: flag)
            }
            args.removeFirst()
        }
        if words.count > 1 && args.isEmpty { throw InputError("\(mode == .append ? "--append" : "--force") needs a file: 'record \(mode == .append ? "--append" : "--force") FILE'", at: words[0]) }
        if args.count > 1 { throw InputError("record takes one path (quote a path with spaces)", at: args[1]) }
        guard let arg = args.first else {
            if let r = recording {
                out.add("recording to \(r.path) (\(Self.commands(r.commands)) so far); 'record off' stops", .note)
            } else {
                out.add("not recording; 'record FILE' saves this session as a transcript", .note)
            }
            return
        }
        if arg.text == "off" || arg.text == "stop" {
            guard let r = recording else { throw InputError("there is no recording to stop", at: arg) }
            recording = nil
            out.add("stopped recording to \(r.path) (\(Self.commands(r.commands))); 'flownav test \(r.path)' replays it", .note)
            return
        }
        if let r = recording {
            throw InputError("already recording to \(r.path); 'record off' first", at: arg)
        }
        let file = arg.text
        let folder = Self.folder(of: file)
        var replay = sim == nil || flowPath != nil ? Session() : Session.demo()
        replay.baseDirectory = folder
        replay.workingDirectory = workingDirectory
        var text = ""
        var lines: [String] = []
        if traceAtLogStart { lines.append("trace on") }
        if let flowPath {
            lines.append("load " + Words.quoted(relocate(flowPath, toFolder: folder)))
        } else if sim != nil {
            if let bundled = bundledDemo(in: folder) {
                replay = Session()
                replay.baseDirectory = folder
                replay.workingDirectory = workingDirectory
                lines.append("load " + Words.quoted(bundled))
            } else {
                text += "# The built-in demo flow: a transcript without 'load' runs on it.\n"
            }
        }
        if let d = deviceAtLogStart { lines.append("device \(d.rawValue)") }
        for line in history[logStart...] {
            let words = Words.split(line)
            guard let first = words.first?.text, first != "record", first != "quit" else { continue }
            lines.append(relocatingLoad(line, words, toFolder: folder))
        }
        var count = 0
        for line in lines {
            text += Self.echo(line, replay.execute(line))
            count += 1
        }
        recording = Recording(path: file, replay: [replay], commands: count)
        out.add("recording to \(file): \(Self.commands(count)) so far, then every command until 'record off'", .note)
        out.record = .start(path: file, text: text, mode: mode)
    }

    /// Runs a line in the recording's session and asks for its echo to be appended.
    mutating func record(_ line: String, into out: inout Output) {
        guard var r = recording else { return }
        let words = Words.split(line)
        let moved = relocatingLoad(line, words, toFolder: Self.folder(of: r.path))
        let text = Self.echo(moved, r.replay[0].execute(moved))
        r.commands += 1
        recording = r
        out.record = .append(path: r.path, text: text)
    }

    mutating func record(comment line: String, into out: inout Output) {
        guard let r = recording else { return }
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        out.record = .append(path: r.path, text: String(trimmed) + "\n")
    }

    static func commands(_ n: Int) -> String { n == 1 ? "1 command" : "\(n) commands" }

    /// A command and its output as transcript lines.
    static func echo(_ line: String, _ out: Output) -> String {
        var text = Transcript.marker + line + "\n"
        for l in out.lines { text += l.text + "\n" }
        return text
    }

    /// `load PATH` with PATH made relative to the transcript's folder.
    private func relocatingLoad(_ line: String, _ words: [Word], toFolder folder: String?) -> String {
        guard words.count == 2, words[0].text == "load" else { return line }
        return "load " + Words.quoted(relocate(words[1].text, toFolder: folder))
    }

    /// A path as this session resolves it, rewritten relative to `folder`.
    func relocate(_ path: String, toFolder folder: String?) -> String {
        let target = absolute(path.hasPrefix("/") || baseDirectory == nil ? path : baseDirectory! + "/" + path)
        let from = absolute(folder ?? ".")
        return Paths.relative(target, from: from) ?? path
    }

    private func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return Paths.normalized(path) }
        guard let cwd = workingDirectory else { return Paths.normalized(path) }
        return Paths.normalized(cwd + "/" + path)
    }

    /// `segue-actions.json` or `flows/segue-actions.json` in the folder, when it is the file the
    /// built-in demo was generated from.
    private func bundledDemo(in folder: String?) -> String? {
        let demo = Array(DemoFlow.json.utf8)
        for candidate in ["segue-actions.json", DemoFlow.name] {
            let path = folder.map { $0 + "/" + candidate } ?? candidate
            guard case .success(var bytes) = FileBytes.read(path) else { continue }
            while bytes.last == 0x0A || bytes.last == 0x0D { bytes.removeLast() }
            if bytes == demo { return candidate }
        }
        return nil
    }

    static func folder(of file: String) -> String? {
        guard let slash = file.lastIndex(of: "/") else { return nil }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }
}

extension Words {
    /// A word as it must be typed to be read back as it is (`CommandWord.quoted`).
    public static func quoted(_ word: String) -> String { CommandWord.quoted(word) }
}

/// Path arithmetic on strings (no file system access).
enum Paths {
    /// `a/./b/../c` → `a/c`; keeps a leading `/` and leading `..` of a relative path.
    static func normalized(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for p in path.split(separator: "/") {
            if p == "." { continue }
            if p == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if p == ".." && isAbsolute { continue }
            parts.append(p)
        }
        let joined = parts.joined(separator: "/")
        return isAbsolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// `target` relative to the folder `from` (both normalised, both absolute or both relative).
    /// Nil when it cannot be worked out without knowing the working directory. An absolute
    /// target that shares nothing but `/` with the folder stays absolute.
    static func relative(_ target: String, from: String) -> String? {
        guard target.hasPrefix("/") == from.hasPrefix("/") else { return target.hasPrefix("/") ? target : nil }
        let t = target.split(separator: "/").filter { $0 != "." }
        let f = from.split(separator: "/").filter { $0 != "." }
        var common = 0
        while common < t.count && common < f.count && t[common] == f[common] { common += 1 }
        if f[common...].contains("..") { return nil }
        if target.hasPrefix("/") && common == 0 { return target }
        let up = Array(repeating: "..", count: f.count - common)
        let rest = t[common...].map(String.init)
        let parts = up + rest
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
