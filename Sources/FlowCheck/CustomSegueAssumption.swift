import FlowEngine

extension Assumptions {
    /// A segue class's `perform()` flownav did not read: the engine took the storyboard kind's
    /// transition (`CustomSegues.swift`), so whatever a path finds after it rests on that guess.
    static func customSegueGuesses(_ steps: [(command: Command?, events: [Event])]) -> [String] {
        var out: [String] = []
        for step in steps {
            for e in step.events {
                guard case .note(let text) = e, text.hasPrefix(Simulator.unknownSegueTransitionPrefix),
                      text.contains("so the transition is unknown"),
                      let colon = text.firstIndex(of: ":") else { continue }
                let name = text[text.index(text.startIndex, offsetBy: Simulator.unknownSegueTransitionPrefix.count)..<colon]
                let a = "the transition of custom segue \(name) rests on its perform(), code flownav did not read (the storyboard's is taken)"
                if !out.contains(a) { out.append(a) }
            }
        }
        return out
    }
}
