import FlowEngine
import FlowModel

extension Assumptions {
    /// A split view whose delegate answers in code flownav did not read collapsed on a phone
    /// somewhere on the path: which column was shown, and so everything found after it, rests
    /// on that answer (the engine took UIKit's default). The note the engine wrote names it.
    static func splitCollapse(_ steps: [(command: Command?, events: [Event])]) -> [String] {
        var out: [String] = []
        for step in steps {
            for e in step.events {
                guard case .note(let text) = e, text.hasPrefix(Simulator.unknownCollapsePrefix) else { continue }
                // "PREFIX, at File.swift:42: flownav takes …"
                let rest = text.dropFirst(Simulator.unknownCollapsePrefix.count)
                let site = rest.firstRange(of: ": flownav takes").map { rest[..<$0.lowerBound] } ?? rest
                let a = "which column the collapsed split view shows rests on its delegate's answer, code flownav did not read\(site) (UIKit's default is taken)"
                if !out.contains(a) { out.append(a) }
            }
        }
        return out
    }
}
