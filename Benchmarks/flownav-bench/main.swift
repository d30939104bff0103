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

// 3. Start-up: exec to the first prompt, measured as a batch run that quits at once
//    (argument parsing, the built-in demo flow's load and launch, process exit).
let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flownav")
if FileManager.default.isExecutableFile(atPath: binary.path) {
    var times: [Double] = []
    for _ in 0..<30 {
        let p = Process()
        p.executableURL = binary
        p.arguments = ["--batch"]
        let input = Pipe()
        p.standardInput = input
        p.standardOutput = FileHandle.nullDevice
        let t = seconds {
            try? p.run()
            input.fileHandleForWriting.write(Data("quit\n".utf8))
            try? input.fileHandleForWriting.close()
            p.waitUntilExit()
        }
        times.append(t)
    }
    times.sort()
    print(String(format: "start-up to first command, demo flow: median %.1f ms, best %.1f ms (30 runs)", times[15] * 1000, times[0] * 1000))
} else {
    print("start-up: build the flownav product first (swift build -c release)")
}
