import FlowEngine
import FlowModel

extension Checker {
    /// An exploration problem as a finding: its shortest path, and what that path assumes.
    static func finding(_ p: Explorer.Problem, of explorer: Explorer, assumptions: Assumptions) -> Finding {
        let flow = explorer.flow
        var commands = p.node >= 0 ? explorer.path(to: p.node) : []
        if let c = p.command { commands.append(c) }
        var f = Finding(rule: p.rule, message: p.message, hint: hint(for: p.rule, console: p.console, flow: flow), file: flow.file, origin: p.origin,
                        path: steps(commands, from: explorer.fresh), console: p.console, key: p.key)
        f.device = flow.device
        f.assume(assumptions.exploration(p.rule, message: p.message, commands: commands, from: explorer.fresh))
        return f
    }

    /// The exploration keeps the first path to each problem, and `perform` of manual segues
    /// makes paths short: a crash whose shortest path performs a segue for code flownav did not
    /// read may have a longer one through code it read. When an error or warning is possible
    /// only so, the flow is explored again without those segues (`--perform none`), and a
    /// problem found there on a path that assumes nothing is definite, with that path.
    static func definitePaths(_ dynamic: inout [(Int, Finding)], flow: Flow, options: ExploreOptions) {
        guard options.perform != .none, dynamic.contains(where: { rests(onPerform: $0.1) }) else { return }
        var none = options
        none.perform = .none
        var explorer = Explorer(flow: flow, options: none)
        _ = explorer.run()
        let assumptions = Assumptions(flow: flow, perform: .none)
        var byKey: [String: Int] = [:]
        for (i, d) in dynamic.enumerated() where rests(onPerform: d.1) { byKey[d.1.key] = i }
        for p in explorer.problems {
            guard let i = byKey[p.key] else { continue }
            let f = finding(p, of: explorer, assumptions: assumptions)
            if f.confidence == .definite { dynamic[i].1 = f }
        }
    }

    /// A possible error or warning among whose assumptions is a segue the exploration performed.
    static func rests(onPerform f: Finding) -> Bool {
        f.confidence == .possible && f.rule.severity > .note && f.assumes.contains { $0.hasPrefix(Assumptions.performedPrefix) }
    }
}
