import FlowEngine

/// `<Items.DetailViewController: 0x600000c04400>` for each instance, made once: an instance's
/// class and address never change, and a session describes the same few instances over and
/// over (a replay spent an eighth of its time formatting them). Kept as bytes in one buffer,
/// so writing one into an output is a copy, not a string to retain and release.
struct Descriptions: Sendable {
    private var bytes: [UInt8] = []
    /// Where description `k` ends in `bytes`.
    private var ends: [Int] = []

    var count: Int { ends.count }

    /// Forgets everything: a new app (launch, relaunch, load) reuses the ids.
    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    /// Describes the instances made since the last call.
    mutating func update(_ sim: Simulator) {
        let count = sim.state.instances.count
        if ends.count > count { reset() }
        while ends.count < count {
            var d = sim.describe(ends.count)
            d.withUTF8 { bytes.append(contentsOf: $0) }
            ends.append(bytes.count)
        }
    }

    /// Writes the description of `id`, made now when it is not here.
    @inline(__always)
    func write(_ id: Int, of sim: Simulator, into out: inout Output) {
        guard id < ends.count else {
            out.write(sim.describe(id))
            return
        }
        let start = id == 0 ? 0 : ends[id - 1]
        bytes.withUnsafeBufferPointer { out.write(UnsafeBufferPointer(rebasing: $0[start..<ends[id]])) }
    }

    /// The description of `id` as a string (for the rare lines still built as strings).
    func string(_ id: Int, of sim: Simulator) -> String {
        guard id < ends.count else { return sim.describe(id) }
        let start = id == 0 ? 0 : ends[id - 1]
        return String(decoding: bytes[start..<ends[id]], as: UTF8.self)
    }
}
