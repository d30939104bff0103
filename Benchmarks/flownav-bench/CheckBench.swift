import FlowCheck
import FlowEngine
import FlowModel
import Foundation

/// `check`'s figures (issue 6): exploration speed on the generated tab-bar flow (and without
/// reused outcomes), what each engine operation the exploration runs costs alone, and a full
/// check of each bundled flow.
enum CheckBench {
    static func run(depth: Int = 9, maxStates: Int = 5_000_000) {
        let text = CheckBenchFlow.json()
        guard case .success(let loaded) = FlowLoader.load(text: text, file: "check-bench.json") else { fatalError("the check benchmark flow does not load") }
        let flow = loaded.flow
        let options = CheckOptions(lint: false, explore: true, exploration: ExploreOptions(depth: depth, maxStates: maxStates, perform: .none))
        var best: Coverage?
        for _ in 0..<3 {
            let c = Checker.check(flow, options: options).coverage!
            if best == nil || c.seconds < best!.seconds { best = c }
        }
        let c = best!
        print(String(format: "check: tab bar with 4 stacks of 20 scenes, 3 show segues each, depth %d: %d states (%d transitions) in %.2f s: %.0f states/s, %.0f transitions/s, %.0f bytes per state (best of 3)",
                     depth, c.states, c.transitions, c.seconds, c.statesPerSecond, Double(c.transitions) / c.seconds, c.bytesPerState))
        // The same exploration with every transition run in the engine, as before outcomes were
        // reused (`ExploreOptions.reuse`): what the reuse saves.
        var off = options
        off.exploration.reuse = false
        let e = Checker.check(flow, options: off).coverage!
        print(String(format: "  the same with every transition run in the engine (reuse off): %d states in %.2f s: %.0f states/s, %.0f bytes per state",
                     e.states, e.seconds, e.statesPerSecond, e.bytesPerState))
        engineOperations(flow)
        for name in ["segue-actions", "injectable", "typed-destinations", "xib-initializers", "protocol-injection"] {
            let path = "flows/\(name).json"
            guard case .success(let l) = FlowLoader.load(path: path) else { continue }
            let start = DispatchTime.now().uptimeNanoseconds
            let r = Checker.check(l.flow)
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            print(String(format: "check %@ (lints and exploration with the defaults): %d findings, %d states, %.1f ms", path, r.findings.count, r.coverage?.states ?? 0, ms))
        }
    }

    /// The cost of each kind of transition the exploration runs on the benchmark flow, each on
    /// a fresh copy of the same state (as the exploration does): a tap that pushes, a back, a
    /// tab switch, and the copy alone.
    static func engineOperations(_ flow: Flow) {
        var base = Simulator(flow: flow)
        _ = base.launch()
        for c in [Command.tap(control: "go0", on: nil), .tap(control: "go1", on: nil), .tab(1), .tap(control: "go2", on: nil), .tab(0)] { _ = base.run(c) }
        let runs = 200_000
        func measure(_ name: String, _ command: Command?) {
            var events = 0
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<runs {
                var s = base
                if let command, case .success(let e) = s.run(command) { events += e.count }
                if command == nil { events += s.state.instances.count }
            }
            let ns = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(runs)
            print(String(format: "  engine: %@: %.0f ns per run (%d events)", name, ns, events / runs))
        }
        measure("copy of the simulator only", nil)
        measure("tap (show segue: decode, prepare, push, viewDidLoad, appearance)", .tap(control: "go0", on: nil))
        measure("back (pop, appearance, release)", .back)
        measure("tab 2 (select a tab never shown: load its chain, appearance)", .tab(2))
        measure("tab 1 (select a loaded tab: appearance)", .tab(1))
    }
}
