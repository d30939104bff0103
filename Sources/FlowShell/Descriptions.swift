import FlowEngine

/// `<Items.DetailViewController: 0x600000c04400>` for each instance, made once: an instance's
/// class and address never change, and a session describes the same few instances over and
/// over (a replay spent an eighth of its time formatting them).
struct Descriptions: Sendable {
    private(set) var names: [String] = []

    /// Forgets everything: a new app (launch, relaunch, load) reuses the ids.
    mutating func reset() { names.removeAll() }

    /// Describes the instances made since the last call.
    mutating func update(_ sim: Simulator) {
        let count = sim.state.instances.count
        if names.count > count { names.removeAll() }
        while names.count < count { names.append(sim.describe(names.count)) }
    }
}

extension Simulator {
    /// The description from `names` when it holds one, else made now.
    @inline(__always)
    func describe(_ id: Int, from names: [String]) -> String {
        id < names.count ? names[id] : describe(id)
    }
}
