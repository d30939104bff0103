import FlowEngine
import FlowModel

/// Read-only views of a session for programs (the FlowTesting library): the same texts the
/// commands print, without going through `execute` (so nothing lands in the history).
extension Session {
    /// Launches a flow that has already been loaded (for callers that want the loader's
    /// diagnostics as values). `path` is what `record` and the prompt name it by.
    public mutating func launch(_ loaded: LoadedFlow, path: String?) -> Output {
        var out = Output()
        for w in loaded.warnings { out.add(w.description, .warning) }
        install(loaded.flow, path: path, into: &out)
        return out
    }

    /// What `where` prints.
    public var treeLines: [String] {
        guard let sim else { return [] }
        return TreeView(sim: sim).lines()
    }

    /// What `inspect TARGET` prints (the front-most view controller when nil).
    public func inspectLines(_ target: String? = nil) -> [String]? {
        guard let sim, let id = target.map({ instanceID($0) }) ?? sim.state.frontmost else { return nil }
        return InspectView(sim: sim).lines(for: id)
    }

    /// The instance a scene id (its live instance, the visible one first) or an address
    /// (`0x600000c04400`) names, as `inspect` and `from` find it.
    public func instanceID(_ target: String) -> Int? {
        guard let sim else { return nil }
        return try? instance(Word(text: target, column: 1), in: sim, allowReleased: true)
    }
}
