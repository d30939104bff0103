import ArgumentParser
import FlowModel
import FlowShell
import SafeFile

#if canImport(Glibc)
import Glibc
#endif

/// `flownav test PATH…`: replays transcripts, in parallel, and reports in the order given.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Replay transcripts and compare their output.",
        discussion: """
            Each transcript (a .flownav file; folders are searched recursively, in sorted order) \
            runs in a fresh session, on the flow it loads (or the built-in demo flow), with \
            relative paths resolved against its own folder. A mismatch prints a unified diff \
            from the file (expected) to what the session printed (actual), with the file's line \
            numbers. The run ends with 'N passed, N failed' ('N passed, N updated, N failed' with \
            --update). Colour on a terminal only, never when piped or when NO_COLOR is set.

            Exit status: 0 when no transcript failed (with --update: every failing one was \
            rewritten); 1 otherwise.
            """)

    @Argument(help: "Transcript files or folders (searched recursively for *.flownav).",
              completion: .file(extensions: ["flownav"]))
    var paths: [String] = []

    @Flag(help: """
        Rewrite failing transcripts with the output they now give, keeping comments and the \
        wildcard lines ([..], ...) that still match. Each file is replaced atomically, in place of its path (a symbolic link stays a link, hard links, owner and mode stay).
        """)
    var update = false

    @Option(help: "Launch every flow on this device (phone or pad) instead of the flow's own \"device\"; a transcript's 'device' lines still switch.")
    var device: String?

    var colours: Bool { Terminal.colours }

    func paint(_ text: String, _ code: String) -> String {
        colours ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// A unified diff with removed lines red and added lines green, on a terminal.
    func paintDiff(_ diff: String) -> String {
        guard colours else { return diff }
        var out = ""
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false).dropLast(diff.hasSuffix("\n") ? 1 : 0) {
            let code = line.hasPrefix("---") || line.hasPrefix("+++") ? "1" : line.hasPrefix("-") ? "31" : line.hasPrefix("+") ? "32" : line.hasPrefix("@@") ? "36" : nil
            out += (code.map { paint(String(line), $0) } ?? String(line)) + "\n"
        }
        return out
    }

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give transcript files or folders, e.g. 'flownav test flows'") }
        if let device, Device(rawValue: device) == nil { throw ValidationError("--device must be phone or pad, not '\(device)'") }
    }

    func run() throws {
        var files: [String] = []
        var missing: [String] = []
        for p in paths {
            switch TranscriptFinder.find(p) {
            case .success(let found): files += found
            case .failure(let problem): missing.append(problem.message)
            }
        }
        var failed = missing.count
        for m in missing { Terminal.write(paint("FAIL", "31") + "  \(m)\n") }
        var passed = 0
        var updated = 0
        for r in TranscriptRunner.run(paths: files, device: device.flatMap(Device.init(rawValue:))) {
            switch r.outcome {
            case .passed:
                passed += 1
                Terminal.write(paint("ok", "32") + "    \(r.path) (\(r.commands) command\(r.commands == 1 ? "" : "s"))\n")
            case .invalid(let e):
                failed += 1
                Terminal.write(paint("FAIL", "31") + "  \(r.path)\n\(e)\n")
            case .failed:
                failed += 1
                Terminal.write(paint("FAIL", "31") + "  \(r.path)\n" + paintDiff(r.diff))
                guard update else { continue }
                if let text = r.updatedText {
                    if let error = SafeFile.write(text, to: r.path) {
                        Terminal.write("error: \(r.path): not updated: \(error)\n")
                    } else {
                        updated += 1
                        Terminal.write("updated \(r.path)\n")
                    }
                } else {
                    Terminal.write("error: \(r.path): not updated: an output line starts with '#' or '\(Transcript.marker)', which a transcript cannot hold\n")
                }
            }
        }
        // A rewritten transcript no longer fails: the last line counts it once, as updated, so
        // that it agrees with the exit status.
        let stillFailing = failed - updated
        let summary = update ? "\(passed) passed, \(updated) updated, \(stillFailing) failed" : "\(passed) passed, \(failed) failed"
        Terminal.write(paint(summary, stillFailing > 0 ? "1;31" : "1;32") + "\n")
        if stillFailing > 0 { throw ExitCode(1) }
    }
}

