import FlowEngine
import FlowModel

/// What to draw on top of the flow: the live window, a path of commands, `check`'s coverage.
/// Scene and segue indices are the flow's.
public struct Highlights: Hashable, Sendable {
    public var frontmost: Int?
    /// Scenes on screen (the front-most's chain, and each presented level's).
    public var visible: Set<Int> = []
    /// Scenes with a live instance (on a stack, in a tab, below a presentation).
    public var live: Set<Int> = []
    public var path: [PathStep] = []
    /// The scene where the path's last step crashed.
    public var crashedAt: Int?
    public var unreachedScenes: Set<Int> = []
    public var unperformedSegues: Set<Int> = []
    public var caption: [String] = []

    public init() {}

    /// The live window of a simulated app: its front-most scene, what is on screen, what is alive.
    public init(window sim: Simulator) {
        let state = sim.state
        guard !sim.hasCrashed else { return }
        frontmost = state.frontmost.flatMap { state[$0].scene }
        var level = state.windowRoot
        while let l = level {
            for v in state.visibleChain(from: l) { if let s = state[v].scene { visible.insert(s) } }
            level = state[l].presented
        }
        for i in state.live { if let s = i.scene { live.insert(s) } }
    }
}

/// One command of a path, with the segues it performed (in the order performed).
public struct PathStep: Hashable, Sendable {
    public var text: String
    public var segues: [Int]
    public var crashed: Bool

    public init(text: String, segues: [Int], crashed: Bool = false) {
        self.text = text
        self.segues = segues
        self.crashed = crashed
    }
}

/// Replays commands from launch and tells which segues each performed: what the engine's
/// events say (`prepare(for:sender:)` names the segue; a container's child names its
/// relationship), and for a command that crashed before `prepare`, the segue it triggered.
public enum PathTracer {
    public struct Trace: Sendable {
        public var steps: [PathStep]
        /// The app after the last command.
        public var sim: Simulator
        public var crashedAt: Int?
    }

    public static func trace(_ flow: Flow, _ commands: [(command: Command, text: String)]) -> Trace {
        var sim = Simulator(flow: flow)
        _ = sim.launch()
        var steps: [PathStep] = []
        var crashedAt: Int?
        for (command, text) in commands where !sim.hasCrashed {
            let before = sim
            guard case .success(let events) = sim.run(command) else { continue }
            var segues = performed(events, in: sim)
            if segues.isEmpty, let s = triggered(command, in: before) { segues = [s] }
            let crashed = sim.hasCrashed
            if crashed { crashedAt = crashScene(segues.last, events: events, in: sim) ?? before.state.frontmost.flatMap { before.state[$0].scene } }
            steps.append(PathStep(text: text, segues: segues, crashed: crashed))
        }
        return Trace(steps: steps, sim: sim, crashedAt: crashedAt)
    }

    static func performed(_ events: [Event], in sim: Simulator) -> [Int] {
        let flow = sim.flow
        let state = sim.state
        var out: [Int] = []
        func add(_ i: Int?) { if let i, !out.contains(i) { out.append(i) } }
        for e in events {
            switch e {
            case .instantiated(let id, _):
                guard let s = state[id].scene, let p = state[id].parent, state[id].role != .embedded, let ps = state[p].scene else { continue }
                add(flow.segues.indices.first { flow.segues[$0].source == ps && flow.segues[$0].destination == s && flow.segues[$0].kind == .relationship })
            case .called(let id?, _, let detail):
                guard case .prepare(let identifier, let destination, _)? = detail?.kind, let scene = state[id].scene else { continue }
                if let identifier {
                    add(flow.segue(identifier, from: scene))
                } else if let ds = state[destination].scene {
                    add(flow.segues.indices.first {
                        flow.segues[$0].source == scene && flow.segues[$0].identifier == nil && (flow.segues[$0].destination == ds || flow.segues[$0].kind == .unwind)
                    })
                }
            default:
                continue
            }
        }
        return out
    }

    /// The segue a tap, selection or perform asks for on the front-most scene (or the one named).
    static func triggered(_ command: Command, in sim: Simulator) -> Int? {
        let flow = sim.flow
        func scene(_ on: Int?) -> Int? { (on ?? sim.state.frontmost).flatMap { sim.state[$0].scene } }
        switch command {
        case .tap(let control, let on):
            guard let s = scene(on) else { return nil }
            return flow.segues.indices.first { flow.segues[$0].source == s && flow.segues[$0].trigger == .control(control) }
        case .select(let section, let row, let on):
            guard let s = scene(on) else { return nil }
            return flow.segues.indices.first { flow.segues[$0].source == s && flow.segues[$0].trigger == .row(section: section, row: row) }
                ?? flow.segues.indices.first { flow.segues[$0].source == s && flow.segues[$0].trigger == .cell }
        case .perform(let identifier, let on, _):
            return scene(on).flatMap { flow.segue(identifier, from: $0) }
        default:
            return nil
        }
    }

    /// The segue's destination, or the child of it whose class the crash names.
    static func crashScene(_ segue: Int?, events: [Event], in sim: Simulator) -> Int? {
        let flow = sim.flow
        guard let segue, let dest = flow.segues[segue].destination else { return nil }
        let lines = sim.state.crash?.consoleLines.joined(separator: "\n") ?? ""
        for r in flow.relationshipSegues(of: dest) {
            if let child = flow.segues[r].destination, lines.contains(flow.scenes[child].className) { return child }
        }
        return dest
    }
}
