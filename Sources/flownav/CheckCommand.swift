import ArgumentParser
import FlowCheck
import FlowImport
import FlowModel
import FlowShell
import SafeFile

#if canImport(Glibc)
import Glibc
#endif

/// `flownav check FLOW…`: lints and exploration (issue 6).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint a flow and explore every reachable navigation state.",
        discussion: """
            Lints read the flow without running it: segue actions UIKit will not find (the \
            container quirk), init(coder:) traps on a decoding path, segue identifiers a source \
            does not own, typed destinations, unwind actions, unreachable scenes, segues that never \
            fire; with the Swift sources, every identifier, Storyboard ID and storyboard name the \
            code names, and every class and action the storyboards name, held against the other \
            side. The exploration then runs the app breadth first from launch over every user event \
            of every state (tap each control, select rows, call code actions, perform manual \
            segues, back, dismiss, tab N), and reports every distinct crash, UIKit warning and nil \
            dependency once, with the shortest path that reaches it.

            A finding that rests on code flownav did not read (a value that code sets, a statement \
            or test it did not evaluate, a guessed entry, a segue performed for unread code) is \
            "possible": it says what it assumes, at its Swift line, and is at most a note. Only \
            definite findings are errors or warnings.

            A finding the flow's authors intend is suppressed in the flow, by rule and place, with \
            a reason the report shows ("suppress": [{"rule": …, "at": "segues[5]", "reason": …}]). \
            To adopt check on a flow that already has findings, write them once with \
            --write-baseline FILE, then run with --baseline FILE: only new findings are reported.

            Exit status: 0 when no finding (suppressed and baselined ones aside) is at or above \
            --severity; 1 otherwise; 2 when a flow or the baseline cannot be read; 3 when a file \
            cannot be written (the old file is left as it was); 64 for a usage error.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif, transcript, html
    }

    @Argument(help: "Flow files (format 1, JSON), storyboards or app folders (imported in memory).", completion: .file(extensions: ["json", "storyboard", "xib"]))
    var flows: [String]

    @Option(help: "Output: text, json, sarif (2.1.0), transcript (one .flownav file per problem found by exploring, in --output), or html (one page to open in a browser: findings, each path drawn on the flow's graph, coverage; the pictures need Graphviz's dot).")
    var format: Format = .text

    @Option(help: "Where to write: a folder for --format transcript (created if missing; its parent must exist), a file for the other formats (default: standard output). Never one of the flows being checked.")
    var output: String?

    @Option(help: "The exit status is 1 when a finding is at or above this severity: error, warning or note.")
    var severity: String = "warning"

    // .unconditional: `--depth -1` is the value -1, refused by `validate` with the range,
    // rather than "Missing value" for an option named -1.
    @Option(parsing: .unconditional, help: "Explore paths of up to this many user events from launch.")
    var depth: Int = ExploreOptions.defaultDepth

    @Option(name: .customLong("max-states"), parsing: .unconditional, help: "Stop exploring once this many distinct navigation states are known.")
    var maxStates: Int = ExploreOptions.defaultMaxStates

    @Option(help: "Which 'perform ID' commands to explore: none, manual (manual segues no code action of the flow performs), or all (every identified segue of the front-most scene, as code could perform it).")
    var perform: String = "manual"

    @Option(help: "Report only findings that this baseline file does not list (written by --write-baseline), so CI fails only on new ones.", completion: .file(extensions: ["json"]))
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: "Write every finding (suppressed ones aside) to this baseline file, for a later --baseline.", completion: .file(extensions: ["json"]))
    var writeBaseline: String?

    @Flag(name: .customLong("lint-only"), help: "Only the lints; do not explore.")
    var lintOnly = false

    @Option(help: "The device to explore on: phone, pad, or all (both, saying which device a finding needs); default: the flow's \"device\", or phone.")
    var device: String?

    @Flag(name: .customLong("no-reuse"), help: "Run every transition in the engine, instead of reusing a command's outcome for states with the same root and tab (the report is the same, only slower).")
    var noReuse = false

    @Flag(help: "Also say, on standard error, where the time went: CPU seconds of the import, the Swift sources reader, loading, the lints, the exploration and the report (the report itself is unchanged).")
    var stats = false

    func validate() throws {
        if flows.isEmpty { throw ValidationError("give at least one flow file") }
        if Severity(name: severity) == nil { throw ValidationError("--severity must be error, warning or note, not '\(severity)'") }
        if let device, device != "all", Device(rawValue: device) == nil { throw ValidationError("--device must be phone, pad or all, not '\(device)'") }
        if ExploreOptions.Perform(rawValue: perform) == nil { throw ValidationError("--perform must be none, manual or all, not '\(perform)'") }
        if depth < 0 || depth > 10_000 { throw ValidationError("--depth must be from 0 to 10,000") }
        if maxStates < 1 || maxStates > 100_000_000 { throw ValidationError("--max-states must be from 1 to 100,000,000") }
        if format == .transcript && output == nil { throw ValidationError("--format transcript needs --output DIR, the folder for the transcripts") }
    }

    func run() throws {
        let threshold = Severity(name: severity)!
        let options = CheckOptions(
            explore: !lintOnly,
            exploration: ExploreOptions(depth: depth, maxStates: maxStates, perform: ExploreOptions.Perform(rawValue: perform)!, reuse: !noReuse))
        var reports: [Report] = []
        var flowsChecked: [Flow] = []
        var loadFailed = false
        var split = TimeSplit()
        defer { if stats { Terminal.writeError(split.summary() + "\n") } }
        for path in flows {
            switch FlowSource.load(path: path, ended: { split.end($0.rawValue) }) {
            case .success(let loaded):
                for w in loaded.warnings { Terminal.writeError(w.description + "\n") }
                let devices: [Device] = device == "all" ? Device.allCases : device.flatMap(Device.init(rawValue:)).map { [$0] } ?? []
                reports.append(Checker.check(loaded.flow, options: options, devices: devices, ended: { split.end($0.rawValue) }))
                flowsChecked.append(loaded.flow)
            case .failure(let error):
                // An app folder of cell XIBs, or of screens built in code, is checked: there is
                // just nothing to explore, which is said, not an error.
                if let message = FlowSource.nothingToExplore(path) {
                    let name = FlowSource.displayName(path)
                    reports.append(Report.nothingToExplore(file: path, name: name, message: message))
                    flowsChecked.append(Flow(file: path, name: name, module: name, initial: nil))
                    continue
                }
                for d in error.diagnostics { Terminal.writeError(d.description + "\n") }
                if error.omitted > 0 { Terminal.writeError("… and \(error.omitted) more errors\n") }
                loadFailed = true
            }
        }
        let inputs = flows.map { SafeFile.Input($0, what: "the flow \($0), being checked") }
        if let writeBaseline {
            if let problem = SafeFile.write(Baseline(reports).json, to: writeBaseline, protecting: inputs) {
                Terminal.writeError("error: \(problem)\n")
                throw ExitCode(3)
            }
        }
        if let baseline {
            do {
                let b = try Baseline.read(baseline)
                for i in reports.indices { b.apply(to: &reports[i]) }
            } catch {
                Terminal.writeError(error.message + "\n")
                throw ExitCode(2)
            }
        }
        var text = ""
        switch format {
        case .text:
            // Line by line: a flow's strings never reach the terminal with their control characters.
            text = reports.map { ReportFormat.text($0, threshold: .note) }.joined(separator: "\n")
            if ControlCharacters.presentBesidesLineFeeds(text) {
                text = text.split(separator: "\n", omittingEmptySubsequences: false).map { ControlCharacters.escaped(String($0)) }.joined(separator: "\n")
            }
        case .json:
            text = ReportFormat.json(reports)
        case .sarif:
            text = ReportFormat.sarif(reports, version: Flownav.configuration.version)
        case .html:
            var warned = false
            text = HTMLReport.page(Array(zip(reports, flowsChecked)), version: Flownav.configuration.version) { dot in
                Graphviz.svg(fromDOT: dot).mapError { e in
                    if !warned { Terminal.writeError("warning: \(e.message); the report shows DOT instead of pictures\n") }
                    warned = true
                    return HTMLReport.DrawProblem(e.message)
                }
            }
        case .transcript:
            do {
                let written = try TranscriptFiles.write(reports, threshold: threshold, to: output!, protecting: inputs)
                text = written.isEmpty
                    ? "no problems found by exploring at or above \(threshold); no transcripts written\n"
                    : written.map { "wrote \($0)\n" }.joined()
            } catch {
                Terminal.writeError("error: \(error.message)\n")
                throw ExitCode(3)
            }
        }
        if let output, format != .transcript {
            if let problem = SafeFile.write(text, to: output, protecting: inputs) {
                Terminal.writeError("error: \(problem)\n")
                throw ExitCode(3)
            }
        } else {
            Terminal.write(format == .text && Terminal.colours ? Colours.checkReport(text) : text)
        }
        if loadFailed { throw ExitCode(2) }
        if reports.contains(where: { $0.count(atLeast: threshold) > 0 }) { throw ExitCode(1) }
    }
}

struct FileError: Error {
    var message: String
}

/// `--format transcript`: each exploration finding's shortest path, replayed through a shell
/// session so that the expected output is exactly what `flownav FLOW --echo` prints and
/// `flownav test` compares.
enum TranscriptFiles {
    /// Writes `DIR/<rule>-<n>.flownav` for each exploration finding at or above the threshold;
    /// returns the paths written.
    static func write(_ reports: [Report], threshold: Severity, to dir: String, protecting inputs: [SafeFile.Input]) throws(FileError) -> [String] {
        try makeDirectory(dir)
        guard let absoluteDir = realPath(dir) else { throw FileError(message: "cannot resolve \(dir)") }
        var counts: [String: Int] = [:]
        var written: [String] = []
        for report in reports {
            guard let absoluteFlow = realPath(report.file) else { throw FileError(message: "cannot resolve \(report.file)") }
            let load = relative(absoluteFlow, from: absoluteDir)
            for f in report.findings where f.path != nil && f.severity >= threshold {
                let device = f.device.flatMap { $0 != report.flowDevice ? $0 : nil }
                let n = (counts[f.rule.id] ?? 0) + 1
                counts[f.rule.id] = n
                let file = (dir.hasSuffix("/") ? dir : dir + "/") + "\(f.rule.id)-\(n).flownav"
                let text = transcript(f, load: load, device: device, baseDirectory: absoluteDir)
                if let problem = SafeFile.write(text, to: file, protecting: inputs) { throw FileError(message: problem.message) }
                written.append(file)
            }
        }
        return written
    }

    /// The transcript: comments saying what was found, then `load` and the path's commands,
    /// each followed by the session's output.
    static func transcript(_ f: Finding, load: String, device: Device? = nil, baseDirectory: String) -> String {
        var out = "# flownav check: \(f.rule.id) (\(f.severity)) — \(f.rule.summary)\n"
        for l in f.message.split(separator: "\n") { out += "# \(l)\n" }
        // A possible finding's path replays in the simulator; whether the app takes it rests on these.
        if let c = f.confidenceText { out += "# \(c)\n" }
        out += "# at \(f.location)\(f.origin.map { $0.path.isEmpty ? "" : " (\($0.path))" } ?? "")\n"
        let steps = f.path ?? []
        out += "# the shortest path from launch: \(steps.count) event\(steps.count == 1 ? "" : "s")\n"
        var session = Session()
        session.baseDirectory = baseDirectory
        for line in ["load " + load.shellWord] + (device.map { ["device \($0.rawValue)"] } ?? []) + steps.map(\.text) {
            out += Transcript.marker + line + "\n"
            for l in session.execute(line).lines { out += l.text + "\n" }
        }
        return out
    }

    /// `a/b/flows/x.json` from `a/b/out` → `../flows/x.json`.
    static func relative(_ target: String, from dir: String) -> String {
        let t = target.split(separator: "/").map(String.init)
        let d = dir.split(separator: "/").map(String.init)
        var common = 0
        while common < min(t.count - 1, d.count) && t[common] == d[common] { common += 1 }
        let ups = Array(repeating: "..", count: d.count - common)
        return (ups + t[common...]).joined(separator: "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// Writes a whole file by `SafeFile`'s rule (atomic, in place of its path, no folder
    /// created); an error message when it cannot.
    static func writeFile(_ path: String, _ text: String, protecting inputs: [SafeFile.Input] = []) -> String? {
        SafeFile.write(text, to: path, protecting: inputs)?.message
    }

    /// The folder asked for, made when missing; its parent must exist (flownav creates no
    /// folders nobody asked for).
    static func makeDirectory(_ path: String) throws(FileError) {
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) != S_IFDIR { throw FileError(message: "cannot write transcripts into \(path): it is not a folder") }
            return
        }
        if mkdir(path, 0o777) != 0 {
            let parent = SafeFile.folder(of: path.hasSuffix("/") ? String(path.dropLast()) : path)
            let why = errno == ENOENT ? "no such folder \(parent) (flownav creates only the folder given)" : String(cString: strerror(errno))
            throw FileError(message: "cannot create \(path): \(why)")
        }
    }
}

extension String {
    /// A word for the shell: quoted when it has spaces.
    fileprivate var shellWord: String { CommandWord.quoted(self) }
}
