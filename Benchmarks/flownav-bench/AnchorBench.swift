import FlowModel
import FlowShell
import Foundation

/// flownav next to its anchors (issue 18), in the same run: `check` against SPIN's exact
/// breadth-first search on the same models (`shared/bench`), loading against Python's
/// `json.load` on the same file, start-up against `sqlite3 :memory:`, `--echo` against `flownav
/// test` replaying the same commands, and a real app (Habitica imported with its sources)
/// against flownav itself on a generated flow at the same number of states.
///
/// Two measures, as the machine is shared: CPU time (user and system), each pair run interleaved (flownav,
/// anchor, flownav, …) so that load from other processes falls on both alike, the figure being
/// each side's fastest run (the least disturbed) and the noise each side's slowest ÷ fastest;
/// and instructions under `valgrind --tool=callgrind`, whole processes, which count the same
/// under any load (FLOWNAV_BENCH_CALLGRIND=0 leaves them out: they take minutes). An anchor
/// that is not installed is skipped with a line saying so.
enum AnchorBench {
    static let work = NSTemporaryDirectory() + "flownav-bench-\(getpid())"
    static let callgrind = ProcessInfo.processInfo.environment["FLOWNAV_BENCH_CALLGRIND"] != "0" && which("valgrind") != nil
    /// The runs of each interleaved pair (FLOWNAV_BENCH_RUNS, default 5).
    static let runs = Int(ProcessInfo.processInfo.environment["FLOWNAV_BENCH_RUNS"] ?? "") ?? 5
    /// Every side's noise (slowest ÷ fastest run), for the summary at the end.
    nonisolated(unsafe) static var noise: [Double] = []

    /// `shared/NAME` in the nearest folder above the package that has it (`../shared` beside
    /// the main checkout, `../../shared` beside a worktree).
    static func shared(_ name: String) -> String? {
        var dir = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for _ in 0..<4 {
            dir = dir.deletingLastPathComponent()
            let path = dir.appendingPathComponent("shared/\(name)").path
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }

    static func run(flownav: String) {
        try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        print("anchors: ratio = flownav ÷ anchor (below 1: flownav ahead). Time: CPU time (user + system), \(runs) interleaved pairs, each side's fastest run; noise = a side's slowest ÷ fastest. Instructions: callgrind, whole processes.")
        print("  machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(loadAverage()) at the start")
        // valgrind cannot read the debug information of a statically linked Swift binary: it
        // counts a copy without it.
        var counted = flownav
        if callgrind {
            counted = work + "/flownav"
            if output("objcopy", ["--strip-debug", flownav, counted]) == nil { counted = flownav }
        } else {
            print("  instructions: valgrind is not installed, or FLOWNAV_BENCH_CALLGRIND=0: time only")
        }
        let sections = ProcessInfo.processInfo.environment["FLOWNAV_BENCH_ANCHORS"].map { $0.split(separator: ",").map(String.init) }
        func wanted(_ name: String) -> Bool { sections?.contains(name) ?? true }
        if wanted("check") { checks(flownav, counted) }
        if wanted("load") { loads(flownav, counted) }
        if wanted("startup") { startUp(flownav, counted) }
        if wanted("echo") { echo(flownav, counted) }
        if wanted("app") { realApp(flownav, counted) }
        let n = noise.sorted()
        if !n.isEmpty {
            print(String(format: "  noise of this run: a side's slowest ÷ fastest run %.2f–%.2f (median %.2f); load average %@ at the end",
                         n.first!, n.last!, n[n.count / 2], loadAverage()))
        }
    }

    // MARK: check against SPIN

    static func checks(_ flownav: String, _ counted: String) {
        guard let bench = shared("bench"), which("python3") != nil else {
            print("  check: shared/bench or python3 is missing: skipped")
            return
        }
        let shapes: [(name: String, gen: [String], model: String, depth: Int)] = [
            ("tab bar 4×20×3, depth 9", ["gen-tabs.py", "4", "20", "3"], "tabs.pml", 9),
            ("one navigation stack 80×3, depth 12", ["gen-nav.py", "80", "3"], "nav.pml", 12),
            ("modal presentations of 4 stacks 20×2×2, depth 10", ["gen-modal.py", "4", "20", "2", "2"], "modal.pml", 10),
        ]
        let spin = which("spin") != nil && which("gcc") != nil
        if !spin { print("  check: SPIN (Debian's spin, and gcc) is not installed: flownav alone") }
        for shape in shapes {
            let flow = "\(work)/\(shape.model).json"
            guard let json = output("python3", [bench + "/" + shape.gen[0]] + shape.gen.dropFirst()),
                  (try? json.write(toFile: flow, atomically: true, encoding: .utf8)) != nil else {
                print("  check \(shape.name): the generator failed")
                continue
            }
            let args = ["check", flow, "--depth", "\(shape.depth)", "--max-states", "100000000"]
            let report = output(flownav, args) ?? ""
            let states = line(report, "explored:").flatMap { $0.split(separator: ";").first }.map { String($0.dropFirst("explored: ".count)) } ?? "?"
            let memory = line(report, "speed:").flatMap { $0.split(separator: ",").last }.map { $0.trimmingCharacters(in: .whitespaces) } ?? "?"
            guard spin, let pan = compileSpin(shape.model, from: bench) else {
                let t = (0..<runs).map { _ in time(flownav, args) }.min()!
                print(String(format: "  check %@: flownav %.3f s (%@; %@)", shape.name, t, states, memory))
                continue
            }
            let spinArgs = ["-m\(shape.depth)"]
            let spinStates = line(output(pan, spinArgs, in: work) ?? "", "states, stored", anywhere: true).map { $0.trimmingCharacters(in: .whitespaces) } ?? "?"
            let t = pairs({ time(flownav, args) }, { time(pan, spinArgs, in: work) })
            var text = "  check \(shape.name): flownav \(states), \(memory); SPIN \(spinStates)\n    time: " + t.describe("flownav", "SPIN breadth-first", unit: "s")
            if callgrind, let a = instructions(counted, args), let b = instructions(pan, spinArgs, in: work) {
                text += "\n    instructions: " + ratio(a, b, "flownav", "SPIN")
            }
            print(text)
        }
    }

    /// `pan` for a model, built as `shared/bench/README.md` says (depth 10 or more on the tab
    /// model needs a deeper stack; these depths do not).
    static func compileSpin(_ model: String, from bench: String) -> String? {
        let dir = "\(work)/\(model)-spin"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: "\(dir)/\(model)")
        guard (try? FileManager.default.copyItem(atPath: "\(bench)/\(model)", toPath: "\(dir)/\(model)")) != nil,
              output("spin", ["-a", model], in: dir) != nil,
              output("gcc", ["-O2", "-DSAFETY", "-DNOREDUCE", "-DMEMLIM=8000", "-DBFS", "-o", "pan_bfs", "pan.c"], in: dir) != nil else { return nil }
        return "\(dir)/pan_bfs"
    }

    // MARK: loading against json.load

    static func loads(_ flownav: String, _ counted: String) {
        guard let bench = shared("bench"), which("python3") != nil else {
            print("  load: shared/bench or python3 is missing: skipped")
            return
        }
        // Whole processes have a start-up each: one on a one-scene flow from the same generator is
        // subtracted on both sides.
        let python = "import json, sys, time\nt = time.process_time()\nwith open(sys.argv[1], 'rb') as f: json.load(f)\nprint(time.process_time() - t)"
        let pythonLoad = "import json, sys\nwith open(sys.argv[1], 'rb') as f: json.load(f)"
        func generate(_ n: Int) -> (file: String, bytes: Int)? {
            let file = "\(work)/large-\(n).json"
            guard let json = output("python3", [bench + "/gen-large.py", "\(n)"]), (try? json.write(toFile: file, atomically: true, encoding: .utf8)) != nil else { return nil }
            return (file, json.utf8.count)
        }
        let small = generate(1)
        for n in [10_000, 50_000, 100_000] {
            guard let generated = generate(n) else {
                print("  load \(n): the generator failed")
                continue
            }
            let (file, bytes) = generated
            let size = Double(bytes) / 1e6
            var ok = true
            // In process on both sides, from the file: reading and parsing, not the start-up.
            let t = pairs({
                let start = threadCPU()
                if case .failure = FlowLoader.load(path: file) { ok = false }
                return threadCPU() - start
            }, { Double(output("python3", ["-c", python, file])?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? .nan })
            guard ok else {
                print("  load \(n): the generated flow does not load")
                continue
            }
            var text = String(format: "  load %d scenes (%.1f MB; flownav loads, validates and indexes): flownav %.0f MB/s, json.load %.0f MB/s\n    time: ",
                              n, size, size / t.a.min()!, size / t.b.min()!) + t.describe("flownav", "json.load", unit: "ms")
            // Instructions for the smallest size only: 50,000 scenes take minutes under callgrind.
            if callgrind, n == 10_000, let one = small?.file,
               let a = instructions(counted, [file], stdin: "quit\n"), let a0 = instructions(counted, [one], stdin: "quit\n"),
               let b = instructions("python3", ["-c", pythonLoad, file]), let b0 = instructions("python3", ["-c", pythonLoad, one]) {
                text += String(format: "\n    instructions (whole processes, less the same on a one-scene flow): %@; flownav %.0f a byte, json.load %.0f",
                               ratio(a - a0, b - b0, "flownav", "json.load"), (a - a0) / Double(bytes), (b - b0) / Double(bytes))
            }
            print(text)
        }
    }

    // MARK: start-up against sqlite3

    static func startUp(_ flownav: String, _ counted: String) {
        guard which("sqlite3") != nil else {
            print("  start-up: sqlite3 is not installed: skipped")
            return
        }
        // A shell loop of 50 runs each, less the same loop around /bin/true: one run is too short
        // to time alone.
        let loops = 50
        let base = (0..<3).map { _ in shellLoop("/bin/true", "quit", runs: loops) }.min()!
        let t = pairs({ shellLoop("'\(flownav)'", "quit", runs: loops) - base }, { shellLoop("sqlite3 :memory:", ".quit", runs: loops) - base })
        var text = "  start-up, printf 'quit\\n' | flownav (the demo flow loaded and launched) against printf '.quit\\n' | sqlite3 :memory:\n    time (a loop of \(loops), less the loop around /bin/true): " + t.describe("flownav", "sqlite3", unit: "ms")
        if callgrind, let a = instructions(counted, [], stdin: "quit\n"), let b = instructions("sqlite3", [":memory:"], stdin: ".quit\n") {
            text += "\n    instructions: " + ratio(a, b, "flownav", "sqlite3")
        }
        print(text)
    }

    static func shellLoop(_ command: String, _ input: String, runs: Int) -> Double {
        time("/bin/sh", ["-c", "i=0; while [ $i -lt \(runs) ]; do printf '\(input)\\n' | \(command) >/dev/null; i=$((i+1)); done"]) / Double(runs)
    }

    // MARK: --echo against test

    static func echo(_ flownav: String, _ counted: String) {
        let count = 100_000
        let transcript = TranscriptBench.transcript(commands: count)
        let commands = transcript.split(separator: "\n").filter { $0.hasPrefix(Transcript.marker) }.map { $0.dropFirst(Transcript.marker.count) }.joined(separator: "\n") + "\n"
        let input = "\(work)/commands.txt", file = "\(work)/replay.flownav", out = "\(work)/echo.flownav"
        guard (try? commands.write(toFile: input, atomically: true, encoding: .utf8)) != nil,
              (try? transcript.write(toFile: file, atomically: true, encoding: .utf8)) != nil else { return }
        let echoCommand = "'\(flownav)' --echo < '\(input)' > '\(out)'"
        let t = pairs({ time("/bin/sh", ["-c", echoCommand]) }, { time(flownav, ["test", file]) })
        var writes = ""
        if which("strace") != nil, let trace = output("/bin/sh", ["-c", "strace -f -c -e trace=write -o '\(work)/strace.txt' \(echoCommand); cat '\(work)/strace.txt'"]) {
            writes = line(trace, " write", anywhere: true).map { ", " + $0.split(separator: " ", omittingEmptySubsequences: true)[3] + " write calls" } ?? ""
        }
        var text = String(format: "  flownav --echo of %d commands into a file (%.0f commands/s%@) against flownav test replaying its output (%.0f commands/s)\n    time: ",
                          count, Double(count) / t.a.min()!, writes, Double(count) / t.b.min()!) + t.describe("--echo", "test", unit: "s")
        if callgrind, let a = instructions(counted, ["--echo"], stdinFile: input), let b = instructions(counted, ["test", file]) {
            text += "\n    instructions: " + ratio(a, b, "--echo", "test")
        }
        print(text)
    }

    // MARK: a real app

    /// `flownav check` on Habitica imported with its Swift sources, default bounds: the whole
    /// process, its split, and, as its anchor, flownav itself exploring the generated tab bar
    /// flow to the same number of states (`--max-states`): what a real app's states cost
    /// against a synthetic shape's (which is measured against SPIN above).
    static func realApp(_ flownav: String, _ counted: String) {
        guard let app = shared("apps/habitica-ios") else {
            print("  real app: shared/apps/habitica-ios is missing: skipped")
            return
        }
        // `check --stats` says where the CPU time went (its report is the same as without it).
        var runsSeen: [(report: String, stats: String, whole: Double)] = []
        for _ in 0..<runs {
            guard let (report, errors) = outputAndErrors(flownav, ["check", app, "--stats"]),
                  let stats = line(errors, "stats:"),
                  let whole = Double(stats.split(separator: " ").last ?? "") else { break }
            runsSeen.append((report, stats, whole))
        }
        guard let fastest = runsSeen.min(by: { $0.whole < $1.whole }), let explored = line(fastest.report, "explored:"), let speed = line(fastest.report, "speed:"),
              let states = Int(explored.dropFirst("explored: ".count).prefix { $0 != " " }.filter(\.isNumber)) else {
            print("  real app: flownav check on Habitica failed (the Swift sources reader: FLOWNAV_SOURCES, or `swift build -c release --product flownav-sources`)")
            return
        }
        let wholes = runsSeen.map(\.whole)
        noise.append(wholes.max()! / wholes.min()!)
        var text = "  real app: flownav check on Habitica imported with its Swift sources, default bounds: \(explored.dropFirst("explored: ".count))\n    \(speed)\n"
        text += "    " + String(fastest.stats.dropFirst("stats: ".count)) + String(format: " (fastest of %d; noise %.2f)", wholes.count, wholes.max()! / wholes.min()!)
        // The anchor: the tab bar shape to as many states.
        if let bench = shared("bench"), let json = output("python3", [bench + "/gen-tabs.py", "4", "20", "3"]),
           (try? json.write(toFile: "\(work)/tabs-app.json", atomically: true, encoding: .utf8)) != nil {
            let anchorArgs = ["check", "\(work)/tabs-app.json", "--max-states", "\(states)", "--depth", "100"]
            let anchorStates = line(output(flownav, anchorArgs) ?? "", "explored:").map { String($0.dropFirst("explored: ".count).prefix { $0 != " " }) } ?? "?"
            // The exploration's CPU seconds, from `--stats` (3 decimals).
            let explore = { (args: [String]) -> Double in
                guard let stats = outputAndErrors(flownav, args + ["--stats"]).flatMap({ line($0.1, "stats:") }),
                      let part = stats.components(separatedBy: "exploration ").dropFirst().first else { return .nan }
                return Double(part.prefix { $0 != "," && $0 != ";" }) ?? .nan
            }
            let t = pairs({ explore(["check", app]) }, { explore(anchorArgs) })
            text += "\n    exploration against the generated tab bar flow to \(anchorStates) states (--max-states \(states)), CPU from --stats (3 decimals): " + t.describe("Habitica", "tab bar", unit: "ms")
            if callgrind, let a = instructions(counted, ["check", app]), let a0 = instructions(counted, ["check", app, "--lint-only"]),
               let b = instructions(counted, anchorArgs), let b0 = instructions(counted, anchorArgs + ["--lint-only"]) {
                text += "\n    instructions of exploring (check less check --lint-only): " + ratio(a - a0, b - b0, "Habitica", "tab bar")
                text += String(format: "; whole process on Habitica %.0f M", a / 1e6)
            }
        }
        print(text)
    }

    // MARK: measuring

    /// Each side's runs of an interleaved series.
    struct Series {
        var a: [Double] = [], b: [Double] = []

        func describe(_ x: String, _ y: String, unit: String) -> String {
            let scale = unit == "ms" ? 1000.0 : 1
            let ratios = zip(a, b).map { $0 / $1 }
            return String(format: "%@ %.3g %@, %@ %.3g %@: ratio %.2f (pairs %.2f–%.2f; noise %.2f and %.2f)",
                          x, a.min()! * scale, unit, y, b.min()! * scale, unit, a.min()! / b.min()!,
                          ratios.min()!, ratios.max()!, a.max()! / a.min()!, b.max()! / b.min()!)
        }
    }

    static func pairs(_ a: () -> Double, _ b: () -> Double) -> Series {
        var s = Series()
        for _ in 0..<runs {
            s.a.append(a())
            s.b.append(b())
        }
        noise += [s.a.max()! / s.a.min()!, s.b.max()! / s.b.min()!]
        return s
    }

    static func ratio(_ a: Double, _ b: Double, _ x: String, _ y: String) -> String {
        String(format: "%@ %@, %@ %@: ratio %.2f", x, millions(a), y, millions(b), a / b)
    }

    static func millions(_ n: Double) -> String {
        n >= 100e6 ? String(format: "%.0f M", n / 1e6) : String(format: "%.2f M", n / 1e6)
    }

    /// Instructions of a whole run under callgrind, its input `stdin` or the file `stdinFile`.
    static func instructions(_ command: String, _ args: [String], stdin: String? = nil, stdinFile: String? = nil, in dir: String? = nil) -> Double? {
        let p = process("valgrind", ["--tool=callgrind", "--callgrind-out-file=/dev/null", command.hasPrefix("/") ? command : (which(command) ?? command)] + args, in: dir)
        let err = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        let input = Pipe()
        p.standardInput = stdin != nil ? input : stdinFile.flatMap { FileHandle(forReadingAtPath: $0) } ?? FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try? input.fileHandleForWriting.close()
        }
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        // "==123== Collected : 9566318"
        return line(String(decoding: data, as: UTF8.self), "Collected :", anywhere: true)
            .flatMap { Double($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) }
    }

    static func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
    }

    // MARK: processes

    /// The first line starting with `prefix` (`anywhere`: containing it).
    static func line(_ text: String, _ prefix: String, anywhere: Bool = false) -> String? {
        text.split(separator: "\n").first { anywhere ? $0.contains(prefix) : $0.hasPrefix(prefix) }.map(String.init)
    }

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

    /// Standard output and standard error of a run that exits 0 or 1, or nil.
    static func outputAndErrors(_ command: String, _ args: [String]) -> (String, String)? {
        let p = process(command, args, in: nil)
        let out = Pipe()
        // Standard error into a file: two pipes read one after the other can block the run.
        let errorFile = "\(work)/stderr.txt"
        guard FileManager.default.createFile(atPath: errorFile, contents: nil), let err = FileHandle(forWritingAtPath: errorFile) else { return nil }
        p.standardOutput = out
        p.standardError = err
        guard (try? p.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        try? err.close()
        let errors = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        return p.terminationStatus <= 1 ? (String(decoding: data, as: UTF8.self), errors) : nil
    }

    /// CPU seconds (user and system) of a whole run and the processes it waited for, its output
    /// thrown away: on a busy machine wall time measures the other processes as much as this one
    /// (a run of 2 ms of CPU took from 0 to 98 ms of wall time while other builds ran).
    static func time(_ command: String, _ args: [String], in dir: String? = nil) -> Double {
        let p = process(command, args, in: dir)
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        let before = childrenCPU()
        try? p.run()
        p.waitUntilExit()
        return childrenCPU() - before
    }

    static func childrenCPU() -> Double {
        var u = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &u)
        return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6
    }

    /// CPU seconds of this thread (an in-process run).
    static func threadCPU() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
