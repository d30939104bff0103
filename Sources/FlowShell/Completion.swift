import FlowEngine
import FlowModel

/// What Tab should offer for the text before the cursor.
public enum CompletionRequest: Equatable, Sendable {
    /// Replace the word being typed (`prefix`) with one of `words`.
    case words(prefix: String, [String])
    /// Complete a file path; the executable lists the folder.
    case path(prefix: String)
}

extension Session {
    /// State-aware candidates: commands; segue identifiers of the front-most view controller (or
    /// the one named with `from`); its controls and actions; live scenes and addresses.
    public func completions(for lineBeforeCursor: String) -> CompletionRequest {
        // A path argument is read quote-aware: `load "my flows/a` is one word being typed.
        let first = lineBeforeCursor.drop { $0 == " " }.prefix { $0 != " " && $0 != "\t" }
        if first == "load" || (first == "record" && recording == nil) {
            let word = PathWord(lineBeforeCursor: lineBeforeCursor)
            let before = lineBeforeCursor.dropLast(word.typed.count)
            if Words.split(String(before)).count == 1 && before.last.map({ $0 == " " || $0 == "\t" }) == true {
                return .path(prefix: word.path)
            }
        }
        let endsWithSpace = lineBeforeCursor.last == " " || lineBeforeCursor.isEmpty
        var words = Words.split(lineBeforeCursor).map(\.text)
        let prefix = endsWithSpace ? "" : (words.popLast() ?? "")
        func offer(_ candidates: [String]) -> CompletionRequest {
            .words(prefix: prefix, candidates.filter { $0.hasPrefix(prefix) })
        }
        guard let command = words.first else { return offer(CommandCatalog.names) }
        let args = Array(words.dropFirst())
        let previous = args.last
        if previous == "from" || (command == "inspect" && args.isEmpty) { return offer(liveTargets()) }
        if command == "load" { return .path(prefix: prefix) }
        if command == "graph" { return args.isEmpty ? .path(prefix: prefix) : offer([]) }
        if command == "record" {
            guard args.isEmpty else { return offer([]) }
            return recording != nil ? offer(["off", "stop"]) : .path(prefix: prefix)
        }
        if command == "help" { return args.isEmpty ? offer(CommandCatalog.names) : offer([]) }
        if command == "trace" { return args.isEmpty ? offer(["on", "off"]) : offer([]) }
        if command == "device" { return args.isEmpty ? offer(["phone", "pad"]) : offer([]) }
        guard let sim else { return offer([]) }
        let receiver = fromTarget(args, sim: sim) ?? sim.state.frontmost
        guard let receiver else { return offer([]) }
        let scene = sim.state[receiver].scene.map { sim.flow.scenes[$0] }
        // `perform from SCENE ID` names the receiver first, so its segues can be completed.
        let subject = args.first == "from" && args.count >= 2 ? Array(args.dropFirst(2)) : args
        switch command {
        case "perform":
            if subject.isEmpty {
                let ids = scene.map { s in sim.flow.segues.filter { sim.flow.scenes[$0.source].id == s.id }.compactMap(\.identifier) } ?? []
                return offer(Array(Set(ids)).sorted())
            }
            return previous == "sender" ? offer(["self", "nil"]) : offer(["from", "sender"].filter { !args.contains($0) })
        case "tap":
            return subject.isEmpty ? offer(scene?.controls ?? []) : offer(["from"])
        case "call":
            return subject.isEmpty ? offer(sim.flow.actions(of: sim.state.className(of: receiver)).map(\.name)) : offer(["from"])
        case "select":
            let rows = scene?.rows.first ?? 0
            return subject.isEmpty ? offer((0..<min(rows, 100)).map(String.init)) : offer(["from"])
        case "tab":
            guard let f = sim.state.frontmost else { return offer([]) }
            let tabBar = ([f] + sim.state.ancestors(of: f)).first { sim.flow.containerKind(of: sim.state.className(of: $0)) == .tabBar }
            let n = tabBar.map { t in sim.state.children(of: t).filter { sim.state[$0].role == .tab }.count } ?? 0
            return args.isEmpty ? offer((0..<n).map(String.init)) : offer([])
        case "segues":
            return offer(["from"])
        default:
            return offer([])
        }
    }

    private func liveTargets() -> [String] {
        guard let sim else { return [] }
        var names = Set<String>()
        for i in sim.state.live { if let s = i.scene { names.insert(sim.flow.scenes[s].id) } }
        return names.sorted() + sim.state.live.map { Simulator.address($0.id) }
    }

    private func fromTarget(_ args: [String], sim: Simulator) -> Int? {
        guard let i = args.firstIndex(of: "from"), i + 1 < args.count else { return nil }
        return try? instance(Word(text: args[i + 1], column: 1), in: sim, allowReleased: false)
    }
}
