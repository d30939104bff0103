import FlowEngine
import FlowModel
import FlowShell
import Foundation

// flownav's speed figures, for the README. Run with `make bench` (a release build).

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func best(of runs: Int, _ body: () -> Void) -> Double {
    (0..<runs).map { _ in seconds(body) }.min()!
}

// FLOWNAV_BENCH_ONLY=anchors, =check, =transcript, =import or =sources runs only that section (for
// iterating on one of them); FLOWNAV_BENCH_ANCHORS=check,load,startup,echo,app picks anchor parts.
let only = ProcessInfo.processInfo.environment["FLOWNAV_BENCH_ONLY"]
if only == "check" {
    CheckBench.run()
    exit(0)
}
if only == "sources" {
    SourcesBench.run()
    exit(0)
}
if only == "transcript" {
    TranscriptBench.run()
    exit(0)
}
if only == "import" {
    ImportBench.run()
    exit(0)
}

// 0. Next to the anchors (SPIN, Python, sqlite3): whole processes; see AnchorBench.swift.
let flownavBinary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flownav").path
if only == "anchors" || only == nil {
    if FileManager.default.isExecutableFile(atPath: flownavBinary) {
        AnchorBench.run(flownav: flownavBinary)
    } else {
        print("anchors: build the flownav product first (swift build -c release)")
    }
    if only == "anchors" { exit(0) }
}

// 1. Loader: parse, decode and validate a generated 10,000-scene flow.
let text = GeneratedFlow.json(scenes: 10_000)
let bytes = Array(text.utf8)
var sceneCount = 0
let load = best(of: 5) {
    if case .success(let l) = FlowLoader.load(bytes: bytes, file: "generated.json") { sceneCount = l.flow.scenes.count }
}
print(String(format: "load+validate %d scenes (%.1f MB): %.1f ms (best of 5)", sceneCount, Double(bytes.count) / 1e6, load * 1000))

// 2. Engine: segue performs per second on the demo flow (select a row: segue action,
//    prepare, push, viewDidLoad; then back: pop and release).
let demo = Session.demo()
guard let flow = demo.sim?.flow else { fatalError("the demo flow does not load") }
let rounds = 20_000
var performed = 0
let engine = best(of: 3) {
    var sim = Simulator(flow: flow)
    _ = sim.launch()
    for _ in 0..<rounds {
        if case .success = sim.run(.select(section: 0, row: 1, on: nil)) { performed += 1 }
        _ = sim.run(.back)
    }
}
print(String(format: "segue performs on the demo flow: %.0f per second (%d push+pop rounds in %.1f ms)", Double(rounds) / engine, rounds, engine * 1000))

// 3. Start-up: exec to the first command, measured as batch runs that quit at once
//    (argument parsing, the built-in demo flow's load and launch, process exit). A shell loop
//    runs them, and the same loop around /bin/true is subtracted: what is left is flownav's own.
let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flownav")
func loop(_ command: String, runs: Int) -> Double {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    p.arguments = ["-c", "i=0; while [ $i -lt \(runs) ]; do echo quit | \(command) >/dev/null; i=$((i+1)); done"]
    return seconds {
        try? p.run()
        p.waitUntilExit()
    } / Double(runs)
}
if FileManager.default.isExecutableFile(atPath: binary.path) {
    let runs = 100
    let total = (0..<3).map { _ in loop("'\(binary.path)' --batch", runs: runs) }.min()!
    let baseline = (0..<3).map { _ in loop("/bin/true", runs: runs) }.min()!
    print(String(format: "start-up to first command, demo flow: %.1f ms (%.1f ms with process creation; best of 3 × %d runs)", (total - baseline) * 1000, total * 1000, runs))
} else {
    print("start-up: build the flownav product first (swift build -c release)")
}

// 4. check (issue 6): exploration speed on a generated tab-bar flow; see CheckBench.swift.
CheckBench.run()

// 5. Transcripts (issue 5): replaying a generated 100,000-command transcript; see TranscriptBench.swift.
TranscriptBench.run()

// 6. Import (issue 13): Habitica's storyboards against xmllint; see ImportBench.swift.
ImportBench.run()

// 7. Swift sources (issue 14): reading Habitica's 403 files; see SourcesBench.swift.
SourcesBench.run()
