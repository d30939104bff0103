import FlowModel
import Dispatch

/// What replaying one transcript gave.
public struct TranscriptResult: Sendable, CustomStringConvertible {
    public enum Outcome: Sendable, Equatable {
        case passed
        /// At least one command printed something else than expected.
        case failed
        /// The transcript could not be read, parsed or run to its end.
        case invalid(TranscriptError)
    }

    public var path: String
    public var outcome: Outcome
    /// Commands run.
    public var commands: Int
    /// For a failure: a unified diff from the file (`--- path (expected)`) to the transcript
    /// the session actually gave (`+++ path (actual)`), with the file's line numbers.
    public var diff: String
    /// For a failure: the file with the actual output in place of the expected output, keeping
    /// comments, layout and the wildcard lines that still match — what `--update` writes. Nil
    /// when the actual output cannot be written as a transcript.
    public var updatedText: String?

    public var passed: Bool { outcome == .passed }

    /// `path: error: …` for an invalid transcript, the diff for a failure, empty for a pass.
    public var failureReport: String {
        switch outcome {
        case .passed: ""
        case .failed: diff
        case .invalid(let e): e.description + "\n"
        }
    }

    public var description: String {
        switch outcome {
        case .passed: "passed: \(path) (\(Session.commands(commands)))"
        case .failed: "failed: \(path)\n" + diff
        case .invalid(let e): "failed: \(e)"
        }
    }
}

/// Replays transcripts: each in a fresh session (the demo flow unless it starts with `load`),
/// relative paths resolving against the transcript's folder, output compared command by command.
public enum TranscriptRunner {
    /// The built-in demo, loaded once and copied for each transcript that does not `load`.
    private static let demo = Session.demo()

    /// `device`: the device every flow is launched on (`--device`) instead of the flow's own.
    public static func run(path: String, device: Device? = nil) -> TranscriptResult {
        switch Transcript.read(path: path) {
        case .success(let t): return run(t, device: device)
        case .failure(let e): return TranscriptResult(path: path, outcome: .invalid(e), commands: 0, diff: "", updatedText: nil)
        }
    }

    public static func run(text: String, path: String) -> TranscriptResult {
        switch Transcript.parse(text: text, path: path) {
        case .success(let t): return run(t)
        case .failure(let e): return TranscriptResult(path: path, outcome: .invalid(e), commands: 0, diff: "", updatedText: nil)
        }
    }

    public static func run(_ transcript: Transcript, device: Device? = nil) -> TranscriptResult {
        var session = transcript.startsWithLoad ? Session() : device.map { Session.demo(device: $0) } ?? demo
        session.deviceOverride = device
        session.baseDirectory = transcript.folder
        var mismatches: [(command: Int, actual: [String])] = []
        var ran = 0
        // One output for every command: its buffers are reused, not allocated per command.
        var out = Output()
        // By index, reading each command in place (a copy of each retained its strings).
        for k in transcript.commands.indices {
            out.reset()
            session.execute(transcript.commands[k].input, into: &out)
            ran += 1
            if !TranscriptMatcher.matches(transcript.commands[k], in: transcript, out) {
                mismatches.append((k, out.lines.map(\.text)))
            }
            if out.quit && k + 1 < transcript.commands.count {
                let next = transcript.commands[k + 1].line + 1
                let e = TranscriptError(path: transcript.path, line: transcript.commands[k].line + 1, column: marker + 1,
                    message: "'quit' ends the session, so the command on line \(next) would never run")
                return TranscriptResult(path: transcript.path, outcome: .invalid(e), commands: ran, diff: "", updatedText: nil)
            }
        }
        if mismatches.isEmpty {
            return TranscriptResult(path: transcript.path, outcome: .passed, commands: ran, diff: "", updatedText: "")
        }
        return failure(transcript, mismatches, ran: ran)
    }

    private static let marker = Transcript.marker.count

    /// The diff and the updated text of a failed transcript.
    private static func failure(_ t: Transcript, _ mismatches: [(command: Int, actual: [String])], ran: Int) -> TranscriptResult {
        // Made once: `Transcript.lines` builds every line on each call (a copy per line made
        // a failing transcript quadratic in its length).
        let lines = t.lines
        var updated: [String] = []
        updated.reserveCapacity(lines.count)
        // The line-pair comparisons left for the whole file: past it, a changed block is shown
        // as replaced, so a long transcript with many long blocks stays linear.
        var diffBudget = UnifiedDiff.defaultBudget
        var edits: [UnifiedDiff.Edit] = []
        var writable = true
        var copied = 0 // lines of the file already handled
        func copy(upTo end: Int) {
            while copied < end {
                edits.append(.equal(copied, updated.count))
                updated.append(lines[copied])
                copied += 1
            }
        }
        for (k, actual) in mismatches {
            let command = t.commands[k]
            copy(upTo: command.line + 1)
            let old = Array(lines[(command.line + 1)..<command.end])
            let new: [String]
            if let body = TranscriptMatcher.updatedBody(t, command, actual: actual) {
                new = body
            } else {
                writable = false
                new = Array(actual.prefix(TranscriptMatcher.comparedCount(actual)))
            }
            let base = updated.count
            for e in UnifiedDiff.edits(old: old, new: new, budget: &diffBudget) {
                switch e {
                case .equal(let o, let n): edits.append(.equal(copied + o, base + n))
                case .delete(let o): edits.append(.delete(copied + o))
                case .insert(let n): edits.append(.insert(base + n))
                }
            }
            updated += new
            copied = command.end
        }
        copy(upTo: lines.count)
        let diff = UnifiedDiff.render(edits, old: lines, new: updated,
                                      oldName: "\(t.path) (expected)", newName: "\(t.path) (actual)")
        return TranscriptResult(path: t.path, outcome: .failed, commands: ran, diff: diff,
                                updatedText: writable ? updated.joined(separator: "\n") + "\n" : nil)
    }

    /// Runs transcripts in parallel across the machine's cores; results come back in the order
    /// of `paths`.
    public static func run(paths: [String], device: Device? = nil) -> [TranscriptResult] {
        guard paths.count > 1 else { return paths.map { run(path: $0, device: device) } }
        let results = UnsafeMutableBufferPointer<TranscriptResult?>.allocate(capacity: paths.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let slots = ResultSlots(results)
        DispatchQueue.concurrentPerform(iterations: paths.count) { i in
            slots.store(run(path: paths[i], device: device), at: i)
        }
        return results.map { $0! }
    }
}

/// Distinct indices of one buffer, each written by one iteration of `concurrentPerform`.
private struct ResultSlots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<TranscriptResult?>

    init(_ buffer: UnsafeMutableBufferPointer<TranscriptResult?>) { self.buffer = buffer }

    func store(_ r: TranscriptResult, at i: Int) { buffer[i] = r }
}
