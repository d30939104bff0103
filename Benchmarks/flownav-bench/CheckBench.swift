import FlowCheck
import FlowModel
import Foundation

/// `check`'s figures (issue 6): exploration speed on the generated tab-bar flow, and a full
/// check of each bundled flow.
enum CheckBench {
    static func run(depth: Int = 9, maxStates: Int = 5_000_000) {
        let text = CheckBenchFlow.json()
        guard case .success(let loaded) = FlowLoader.load(text: text, file: "check-bench.json") else { fatalError("the check benchmark flow does not load") }
        let options = CheckOptions(lint: false, explore: true, exploration: ExploreOptions(depth: depth, maxStates: maxStates, perform: .none))
        var best: Coverage?
        for _ in 0..<3 {
            let c = Checker.check(loaded.flow, options: options).coverage!
            if best == nil || c.seconds < best!.seconds { best = c }
        }
        let c = best!
        print(String(format: "check: tab bar with 4 stacks of 20 scenes, 3 show segues each, depth %d: %d states (%d transitions) in %.2f s: %.0f states/s, %.0f transitions/s, %.0f bytes per state (best of 3)",
                     depth, c.states, c.transitions, c.seconds, c.statesPerSecond, Double(c.transitions) / c.seconds, c.bytesPerState))
        for name in ["segue-actions", "injectable", "typed-destinations", "xib-initializers", "protocol-injection"] {
            let path = "flows/\(name).json"
            guard case .success(let l) = FlowLoader.load(path: path) else { continue }
            let start = DispatchTime.now().uptimeNanoseconds
            let r = Checker.check(l.flow)
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            print(String(format: "check %@ (lints and exploration with the defaults): %d findings, %d states, %.1f ms", path, r.findings.count, r.coverage?.states ?? 0, ms))
        }
    }
}
