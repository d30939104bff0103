import FlowModel
import FlowShell
import Foundation

/// flownav next to its anchors (issue 18), whole processes, in the same run: `check` against
/// SPIN's exact breadth-first search on the same models (`../shared/bench`), loading against
/// Python's `json.load` on the same file, start-up against `sqlite3 :memory:`, and `--echo`
/// against `flownav test` replaying the same commands. Each pair runs interleaved (flownav,
/// anchor, flownav, anchor, …) so that load from other processes falls on both alike; the
/// figure is the median of each, and the ratio's spread over the pairs says how noisy the
/// machine was. An anchor that is not installed is skipped with a line saying so.
enum AnchorBench {
    static let root = FileManager.default.currentDirectoryPath
    static let shared = (root as NSString).appendingPathComponent("../shared/bench")
    static let work = NSTemporaryDirectory() + "flownav-bench-\(getpid())"

    static func run(flownav: String) {
        try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        print("anchors (whole processes, interleaved pairs; median; ratio = flownav ÷ anchor, below 1 is ahead; spread = the pairs' lowest and highest ratio):")
        guard FileManager.default.fileExists(atPath: shared + "/gen-nav.py"), which("python3") != nil else {
            print("  skipped: ../shared/bench or python3 is missing")
            return
        }
        checks(flownav)
        loads()
        startUp(flownav)
        echo(flownav)
    }

    // MARK: check against SPIN

    static func checks(_ flownav: String) {
        let shapes: [(name: String, gen: [String], model: String, depth: Int, spinFlags: [String])] = [
            ("tab bar 4×20×3, depth 9", ["gen-tabs.py", "4", "20", "3"], "tabs.pml", 9, []),
            ("navigation stack 80×3, depth 12", ["gen-nav.py", "80", "3"], "nav.pml", 12, []),
            ("modal stacks 4×20×2×2, depth 10", ["gen-modal.py", "4", "20", "2", "2"], "modal.pml", 10, []),
        ]
        let spin = which("spin") != nil && which("gcc") != nil
        if !spin { print("  check: SPIN (spin, gcc) is not installed: flownav alone") }
        for shape in shapes {
            let flow = "\(work)/\(shape.model).json"
            guard let json = output("python3", [shared + "/" + shape.gen[0]] + shape.gen.dropFirst()), (try? json.write(toFile: flow, atomically: true, encoding: .utf8)) != nil else {
                print("  check \(shape.name): the generator failed")
                continue
            }
            let args = ["check", flow, "--depth", "\(shape.depth)", "--max-states", "100000000"]
            let report = output(flownav, args) ?? ""
            let states = report.split(separator: "\n").first { $0.hasPrefix("explored:") }.map(String.init) ?? "?"
            let memory = report.split(separator: "\n").first { $0.hasPrefix("speed:") }.flatMap { $0.split(separator: ",").last }.map { $0.trimmingCharacters(in: .whitespaces) } ?? "?"
            guard spin, let pan = compileSpin(shape.model) else {
                let t = median((0..<3).map { _ in time(flownav, args) })
                print(String(format: "  check %@: flownav %.3f s (%@; %@)", shape.name, t, states.split(separator: ";").first.map(String.init) ?? states, memory))
                continue
            }
            let spinArgs = ["-m\(shape.depth)"]
            let spinReport = output(pan, spinArgs, in: work) ?? ""
            let spinStates = spinReport.split(separator: "\n").first { $0.contains("states, stored") }.map { $0.trimmingCharacters(in: .whitespaces) } ?? "?"
            let (a, b, lo, hi) = pairs(5, { time(flownav, args) }, { time(pan, spinArgs, in: work) })
            print(String(format: "  check %@: flownav %.3f s, SPIN breadth-first %.3f s: ratio %.2f (spread %.2f–%.2f); flownav %@, %@; SPIN %@",
                         shape.name, a, b, a / b, lo, hi, states.split(separator: ";").first.map(String.init) ?? states, memory, spinStates))
        }
    }

    /// `pan` for a model, built as `../shared/bench/README.md` says (depth 10 or more on the
    /// tab model needs a deeper stack; these depths do not).
    static func compileSpin(_ model: String) -> String? {
        let dir = "\(work)/\(model)-spin"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: "\(dir)/\(model)")
        guard (try? FileManager.default.copyItem(atPath: "\(shared)/\(model)", toPath: "\(dir)/\(model)")) != nil,
              output("spin", ["-a", model], in: dir) != nil,
              output("gcc", ["-O2", "-DSAFETY", "-DNOREDUCE", "-DMEMLIM=8000", "-DBFS", "-o", "pan_bfs", "pan.c"], in: dir) != nil else { return nil }
        return "\(dir)/pan_bfs"
    }

    // MARK: loading against json.load

    static func loads() {
        for n in [10_000, 50_000, 100_000] {
            let file = "\(work)/large-\(n).json"
            guard let json = output("python3", [shared + "/gen-large.py", "\(n)"]), (try? json.write(toFile: file, atomically: true, encoding: .utf8)) != nil else {
                print("  load \(n): the generator failed")
                continue
            }
            let size = Double(json.utf8.count) / 1e6
            // In process on both sides, from the file: the reading and parsing, not the start-up.
            let python = "import json, sys, time\nt = time.perf_counter()\nwith open(sys.argv[1], 'rb') as f: json.load(f)\nprint(time.perf_counter() - t)"
            var ok = true
            let (a, b, lo, hi) = pairs(5, {
                let start = DispatchTime.now().uptimeNanoseconds
                if case .failure = FlowLoader.load(path: file) { ok = false }
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            }, { Double(output("python3", ["-c", python, file])?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? .nan })
            guard ok else {
                print("  load \(n): the generated flow does not load")
                continue
            }
            print(String(format: "  load %d scenes (%.1f MB, load + validate + index): flownav %.1f ms (%.0f MB/s), Python json.load %.1f ms (%.0f MB/s): ratio %.2f (spread %.2f–%.2f)",
                         n, size, a * 1000, size / a, b * 1000, size / b, a / b, lo, hi))
        }
    }

    // MARK: start-up against sqlite3

    static func startUp(_ flownav: String) {
        guard which("sqlite3") != nil else {
            print("  start-up: sqlite3 is not installed: skipped")
            return
        }
        let runs = 50
        let base = median((0..<3).map { _ in shellLoop("/bin/true", runs: runs) })
        let (a, b, lo, hi) = pairs(5, { shellLoop("'\(flownav)'", runs: runs) - base }, { shellLoop("sqlite3 :memory:", runs: runs) - base })
        print(String(format: "  start-up, printf 'quit\\n' | flownav (demo flow): %.2f ms, sqlite3 :memory: %.2f ms: ratio %.2f (spread %.2f–%.2f; a shell loop of %d, less the same loop around /bin/true)",
                     a * 1000, b * 1000, a / b, lo, hi, runs))
    }

    static func shellLoop(_ command: String, runs: Int) -> Double {
        time("/bin/sh", ["-c", "i=0; while [ $i -lt \(runs) ]; do printf 'quit\\n' | \(command) >/dev/null; i=$((i+1)); done"]) / Double(runs)
    }

    // MARK: --echo against test

    static func echo(_ flownav: String) {
        let count = 100_000
        let transcript = TranscriptBench.transcript(commands: count)
        let commands = transcript.split(separator: "\n").filter { $0.hasPrefix(Transcript.marker) }.map { $0.dropFirst(Transcript.marker.count) }.joined(separator: "\n") + "\n"
        let input = "\(work)/commands.txt", file = "\(work)/replay.flownav", out = "\(work)/echo.flownav"
        guard (try? commands.write(toFile: input, atomically: true, encoding: .utf8)) != nil,
              (try? transcript.write(toFile: file, atomically: true, encoding: .utf8)) != nil else { return }
        let echoCommand = "'\(flownav)' --echo < '\(input)' > '\(out)'"
        let (a, b, lo, hi) = pairs(3, { time("/bin/sh", ["-c", echoCommand]) }, { time(flownav, ["test", file]) })
        var writes = ""
        if which("strace") != nil, let trace = output("/bin/sh", ["-c", "strace -c -e trace=write -o '\(work)/strace.txt' \(echoCommand); cat '\(work)/strace.txt'"]) {
            writes = trace.split(separator: "\n").first { $0.hasSuffix(" write") }.map { "; " + $0.split(separator: " ", omittingEmptySubsequences: true)[3] + " write calls" } ?? ""
        }
        print(String(format: "  flownav --echo of %d commands into a file: %.0f commands/s; flownav test replaying them: %.0f commands/s: ratio %.2f (spread %.2f–%.2f)%@",
                     count, Double(count) / a, Double(count) / b, a / b, lo, hi, writes))
    }

    // MARK: processes

    static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static func process(_ command: String, _ args: [String], in dir: String?) -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: command.hasPrefix("/") ? command : (which(command) ?? command))
        p.arguments = args
        if let dir { p.currentDirectoryURL = URL(fileURLWithPath: dir) }
        return p
    }

    /// Standard output of a run that exits 0 or 1 (check's findings), or nil.
    static func output(_ command: String, _ args: [String], in dir: String? = nil) -> String? {
        let p = process(command, args, in: dir)
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return p.terminationStatus <= 1 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// Wall-clock seconds of a whole run, its output thrown away.
    static func time(_ command: String, _ args: [String], in dir: String? = nil) -> Double {
        let p = process(command, args, in: dir)
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        return seconds {
            try? p.run()
            p.waitUntilExit()
        }
    }

    /// `runs` interleaved pairs: the medians of each side, and the lowest and highest ratio.
    static func pairs(_ runs: Int, _ a: () -> Double, _ b: () -> Double) -> (Double, Double, Double, Double) {
        var xs: [Double] = [], ys: [Double] = []
        for _ in 0..<runs {
            xs.append(a())
            ys.append(b())
        }
        let ratios = zip(xs, ys).map { $0 / $1 }
        return (median(xs), median(ys), ratios.min() ?? .nan, ratios.max() ?? .nan)
    }

    static func median(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        return s.isEmpty ? .nan : s[s.count / 2]
    }
}
