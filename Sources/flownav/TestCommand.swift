import ArgumentParser
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
            numbers. The run ends with 'N passed, N failed'.

            Exit status: 0 when every transcript passed (with --update: passed or was \
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

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give transcript files or folders, e.g. 'flownav test flows'") }
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
        for m in missing { Terminal.write("FAIL  \(m)\n") }
        var passed = 0
        var updated = 0
        for r in TranscriptRunner.run(paths: files) {
            switch r.outcome {
            case .passed:
                passed += 1
                Terminal.write("ok    \(r.path) (\(r.commands) command\(r.commands == 1 ? "" : "s"))\n")
            case .invalid(let e):
                failed += 1
                Terminal.write("FAIL  \(r.path)\n\(e)\n")
            case .failed:
                failed += 1
                Terminal.write("FAIL  \(r.path)\n\(r.diff)")
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
        if update && updated > 0 { Terminal.write("updated \(updated) transcript\(updated == 1 ? "" : "s")\n") }
        Terminal.write("\(passed) passed, \(failed) failed\n")
        if failed > updated { throw ExitCode(1) }
    }
}

