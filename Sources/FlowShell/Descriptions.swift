import FlowEngine

/// `<Items.DetailViewController: 0x600000c04400>` for each instance, made once: an instance's
/// class and address never change, and a session describes the same few instances over and
/// over (a replay spent an eighth of its time formatting them). With them, the texts that
/// depend only on a scene or a class: what `where` adds after a scene's instances
/// (` 'detail' "Detail"`), and `inspect`'s class, conformance and scene lines.
struct Descriptions: Sendable {
    private var instances = ByteTable()
    /// By scene index; made at the first update after a reset (every new flow resets).
    private var scenes = ByteTable()
    /// `  scene       'detail' (XIB …), Storyboard ID …`, by scene index.
    private var sceneLines = ByteTable()
    /// `<Module.Class: 0x` by class number (`Instance.classID`).
    private var prefixes: [[UInt8]?] = []
    /// `segues`' listings with a 0 byte for the receiver's description, by scene and class
    /// number (`SegueListView`).
    private var segueListings: [Int: Output] = [:]
    /// By class number, made when first inspected.
    private var classes: [ClassTexts?] = []

    /// What `inspect` prints for a class, whatever the instance.
    struct ClassTexts: Sendable {
        /// `  class       DetailViewController : UIViewController`
        var lineage: [UInt8]
        /// `  conforms to …`, empty when the class conforms to nothing.
        var conformances: [UInt8]
        /// Each dependency's Swift declaration by name, in the class's order.
        var declarations: [(name: String, declaration: String)]
    }

    /// Forgets everything: a new app (launch, relaunch, load) reuses the ids.
    mutating func reset() {
        instances.removeAll()
        scenes.removeAll()
        sceneLines.removeAll()
        classes.removeAll()
        prefixes.removeAll()
        segueListings.removeAll()
    }

    /// Describes the instances made since the last call.
    mutating func update(_ sim: Simulator) {
        let count = sim.state.instances.count
        if instances.count > count { instances.removeAll() }
        while instances.count < count { describe(instances.count, in: sim) }
        // Only when empty: reading `sim.flow` copies the flow value (a retain of each of its arrays).
        if scenes.count == 0 {
            for s in sim.flow.scenes {
                var label = " '" + s.id + "'"
                if let t = s.title, !t.isEmpty { label += " \"" + t + "\"" }
                scenes.append(label)
                var line = "  scene       '" + s.id + "'"
                if let nib = s.nib { line += " (XIB " + nib + ")" }
                if let sb = s.storyboardIdentifier { line += ", Storyboard ID " + sb }
                sceneLines.append(line)
            }
        }
    }

    /// Writes `inspect`'s scene line for a scene.
    func writeSceneLine(_ scene: Int, into out: inout Output) {
        sceneLines.write(scene, into: &out)
        out.endLine()
    }

    /// `inspect`'s texts for an instance's class, made the first time its class is inspected.
    mutating func classTexts(of id: Int, in sim: Simulator) -> ClassTexts {
        let c = Int(sim.state[id].classID)
        if c < classes.count, let t = classes[c] { return t }
        let lineage = "  class       " + sim.lineage(of: id).joined(separator: " : ")
        let protocols = sim.declarations(of: id).flatMap(\.conformsTo)
        let conformances = protocols.isEmpty ? "" : "  conforms to " + protocols.joined(separator: ", ")
        let declarations = sim.state.dependencies(of: id).map { slot in
            (slot.name, sim.dependency(slot.name, of: id)?.declaration ?? slot.name)
        }
        let t = ClassTexts(lineage: Array(lineage.utf8), conformances: Array(conformances.utf8), declarations: declarations)
        // Every instance has a class number (names the flow lacks are numbered by the state, and
        // this cache is reset with it).
        if c >= classes.count { classes += Array(repeating: nil, count: c + 1 - classes.count) }
        classes[c] = t
        return t
    }

    /// Writes the description of instance `id`, made now when it is not here.
    @inline(__always)
    func write(_ id: Int, of sim: Simulator, into out: inout Output) {
        if id < instances.count { instances.write(id, into: &out) } else { out.write(sim.describe(id)) }
    }

    /// Appends `Simulator.describe(id)`, made from a per-class prefix and the address in hex:
    /// a replay makes an instance every few commands, and the engine's interpolation of the
    /// class name and `String(_:radix:)` cost more than the rest of such a command's output.
    private mutating func describe(_ id: Int, in sim: Simulator) {
        let c = Int(sim.state[id].classID)
        if c >= prefixes.count { prefixes += Array(repeating: nil, count: c + 1 - prefixes.count) }
        if prefixes[c] == nil { prefixes[c] = Array(("<" + sim.runtimeName(sim.state.className(of: id)) + ": 0x").utf8) }
        prefixes[c]!.withUnsafeBufferPointer { instances.append(bytes: $0) }
        // Simulator.address, in lowercase hex.
        instances.append(hex: UInt64(Simulator.addressValue(id)))
        instances.append(byte: 0x3E) // >
        instances.close()
        assert(instances[id] == sim.describe(id), "the description differs from the engine's")
    }

    func segueListing(scene: Int, classID: Int32) -> Output? { segueListings[scene << 32 | Int(classID)] }

    mutating func setSegueListing(_ template: Output, scene: Int, classID: Int32) {
        segueListings[scene << 32 | Int(classID)] = template
    }

    /// Writes ` 'ID' "TITLE"` for a scene (` 'ID'` when it has no title).
    func writeLabel(scene: Int, of sim: Simulator, into out: inout Output) {
        if scene < scenes.count {
            scenes.write(scene, into: &out)
            return
        }
        let s = sim.flow.scenes[scene]
        out.write(" '" + s.id + "'")
        if let t = s.title, !t.isEmpty { out.write(" \"" + t + "\"") }
    }
}
