import FlowEngine
import FlowModel

/// Bounds and choices of the exploration.
public struct ExploreOptions: Hashable, Sendable {
    /// Which `perform ID` commands the exploration tries, besides taps, selections and calls.
    public enum Perform: String, Hashable, Sendable, CaseIterable {
        /// None: only what users can do and the code actions of the flow.
        case none
        /// Manual segues (no trigger) that no code action of the flow performs: code the flow
        /// does not model may perform them, so the states behind them are explored.
        case manual
        /// Every identified segue of the front-most scene, as code could perform it, triggered
        /// ones included (with no selection, no `shouldPerformSegue`).
        case all
    }

    public static let defaultDepth = 12
    public static let defaultMaxStates = 200_000

    /// The longest path explored, in user events from launch.
    public var depth: Int
    /// Stop once this many distinct states are known.
    public var maxStates: Int
    public var perform: Perform

    public init(depth: Int = ExploreOptions.defaultDepth, maxStates: Int = ExploreOptions.defaultMaxStates, perform: Perform = .manual) {
        self.depth = depth
        self.maxStates = maxStates
        self.perform = perform
    }
}

/// Breadth-first exploration of every navigation state reachable from launch (issue 6, after
/// SPIN's explicit-state search and XState's shortest paths).
///
/// The search goes level by level. A state is stored as its canonical key (`StateEncoder`) with
/// a parent pointer and the command that reached it; the simulator values themselves are not
/// kept. To expand level d, the search tree is walked depth first from launch, replaying each
/// tree edge on its parent's state (one reused simulator per depth, reset with `assign`), and
/// only into subtrees that reach level d; memory stays O(states × key) and the replays cost a
/// fraction of the expansions (the tree grows geometrically). Every problem is recorded the first time it is seen, which in level
/// order is on a shortest path.
///
/// Commands tried in each state, in this order (which decides between equally short paths):
/// `tap` on each control of the front-most scene; `select` of the first two rows and the last
/// row of each section (rows are interchangeable for the state: only "a row is selected"
/// matters, so more rows would find nothing new); `call` of each manual code action of the
/// front-most class (triggered ones run through their tap or selection); `perform` of segues as
/// `ExploreOptions.perform` says; `tap`/`select` on other scenes of the visible chain
/// (embedded children, containers with controls), with `from`; `back`; `dismiss`; `tab N` for
/// every other tab.
struct Explorer {
    let flow: Flow
    let options: ExploreOptions

    /// The simulator before launch (its flow's lookups are resolved once, here).
    private let fresh: Simulator
    /// The copy `expand` runs each command on (its storage is kept from one state to the next).
    private var reused: Simulator
    /// The events of the command being tried (storage kept from one command to the next).
    private var eventBuffer: [Event] = []
    /// The simulators `walk` replays tree edges on, by depth (see `walk`).
    private var replays: [(sim: Simulator, events: [Event])] = []
    private var encoder: StateEncoder
    private var visited: StateSet
    private var key: [UInt32] = []

    // The search tree, one entry per state.
    private var parent: [Int32] = []
    private var edge: [UInt32] = []
    private var depth: [UInt16] = []
    private var firstChild: [Int32] = []
    private var nextSibling: [Int32] = []
    private var maxBelow: [UInt16] = []

    private var commandTable: [Command] = []
    private var commandIndex: [Command: UInt32] = [:]

    // Per scene: its commands when it is front-most, and its container kind.
    private var sceneCommands: [[UInt32]] = []
    private var sceneFromCommands: [[(control: String?, row: (Int, Int)?)]] = []
    private var classCommands: [Int32: [UInt32]] = [:]
    /// `back`, `dismiss` and `tab N`, interned once.
    private var backCommand: UInt32 = 0
    private var dismissCommand: UInt32 = 0
    private var tabCommands: [UInt32] = []
    /// The commands of the state being expanded (reused: one array for the whole search).
    private var scratch: [UInt32] = []
    private let needsChain: Bool
    /// Whether any class has manual code actions (else `call` is never tried).
    private let classHasCalls: Bool

    // Coverage.
    private var sceneReached: [Bool]
    private var segueDone: [Bool]
    private var seguesLeftFrom: [Int]
    private var relationshipOf: [Int: Int] = [:]
    private var transitions = 0
    private var crashes = 0
    private var expanded = 0
    private var stopped = false
    private var levelCompleted = 0
    private var statesAtLimit = 0

    // Problems, deduplicated by rule and normalised message; the first one seen is kept.
    private(set) var problems: [Problem] = []
    private var problemIndex: [String: Int] = [:]
    private var classByFile: [String: String] = [:]

    struct Problem {
        var rule: Rule
        var message: String
        var key: String
        /// The state the last command ran from (-1: the launch itself).
        var node: Int32
        var command: Command?
        var console: [String]
        var origin: Origin?
    }

    init(flow: Flow, options: ExploreOptions) {
        self.flow = flow
        var options = options
        options.depth = max(0, min(options.depth, 10_000))
        options.maxStates = max(1, min(options.maxStates, Int(Int32.max) - 1))
        self.options = options
        var sim = Simulator(flow: flow)
        sim.eventDetail = .findings
        fresh = sim
        reused = sim
        encoder = StateEncoder(fresh)
        visited = StateSet(capacity: min(options.maxStates, 1 << 10))
        sceneReached = Array(repeating: false, count: flow.scenes.count)
        segueDone = Array(repeating: false, count: flow.segues.count)
        seguesLeftFrom = Array(repeating: 0, count: flow.scenes.count)
        for s in flow.segues where s.kind != .relationship { seguesLeftFrom[s.source] += 1 }
        for (i, s) in flow.segues.enumerated() where s.kind == .relationship {
            if let d = s.destination { relationshipOf[s.source * flow.scenes.count + d] = i }
        }
        for name in flow.classes.keys.sorted() where classByFile[flow.file(of: name)] == nil {
            classByFile[flow.file(of: name)] = name
        }
        var chain = flow.segues.contains { $0.kind == .embed }
        for s in flow.scenes where flow.containerKind(of: s.className) != nil && (!s.controls.isEmpty || !s.rows.isEmpty) { chain = true }
        needsChain = chain
        classHasCalls = flow.classes.values.contains { $0.actions.contains { $0.trigger == .manual } }
        var seguesFrom = [[Int]](repeating: [], count: flow.scenes.count)
        for (i, seg) in flow.segues.enumerated() { seguesFrom[seg.source].append(i) }
        var actionsOf: [String: [CodeAction]] = [:]
        for (i, s) in flow.scenes.enumerated() {
            if actionsOf[s.className] == nil { actionsOf[s.className] = flow.actions(of: s.className) }
            let performedByCode = Self.identifiersPerformed(by: actionsOf[s.className]!, in: flow)
            var cmds: [Command] = []
            var from: [(control: String?, row: (Int, Int)?)] = []
            for c in s.controls {
                cmds.append(.tap(control: c, on: nil))
                from.append((c, nil))
            }
            for (section, row) in Self.rows(s.rows) {
                cmds.append(.select(section: section, row: row, on: nil))
                from.append((nil, (section, row)))
            }
            if s.nib == nil && options.perform != .none {
                for seg in seguesFrom[i].map({ flow.segues[$0] }) where seg.kind != .relationship && seg.kind != .embed {
                    guard let id = seg.identifier else { continue }
                    if options.perform == .all || (seg.trigger == .manual && !performedByCode.contains(id)) {
                        if !cmds.contains(.perform(identifier: id, on: nil, sender: nil)) {
                            cmds.append(.perform(identifier: id, on: nil, sender: nil))
                        }
                    }
                }
            }
            sceneCommands.append(cmds.map { intern($0) })
            sceneFromCommands.append(from)
        }
        backCommand = intern(.back)
        dismissCommand = intern(.dismiss)
    }

    /// Rows tried on a screen: the first two and the last of each section.
    static func rows(_ sections: [Int]) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for (section, count) in sections.enumerated() where count > 0 {
            var rows = [0]
            if count > 1 { rows.append(1) }
            if count > 2 { rows.append(count - 1) }
            for r in rows { out.append((section, r)) }
        }
        return out
    }

    /// Identifiers these code actions perform (as a string or through a typed destination).
    static func identifiersPerformed(by actions: [CodeAction], in flow: Flow) -> Set<String> {
        var ids = Set<String>()
        for a in actions where a.kind == .performSegue {
            if let s = a.segue { ids.insert(s) }
            if let d = a.destination, let s = flow.destinations.values.flatMap(\.cases).first(where: { $0.name == d })?.segue { ids.insert(s) }
        }
        return ids
    }

    // MARK: The search

    mutating func run() -> Coverage {
        let start = Clock.now()
        var root = fresh
        let events = root.launch()
        analyse(events, after: root, before: nil, node: -1, command: nil)
        if root.hasCrashed || root.state.windowRoot == nil {
            crashes += root.hasCrashed ? 1 : 0
            return coverage(seconds: Clock.now() - start)
        }
        let length = encoder.encode(root.state, into: &key)
        _ = visited.insert(key, count: length)
        addNode(parent: -1, edge: 0, depth: 0)
        var level = 0
        while level < options.depth && !stopped {
            let before = visited.count
            walk(0, root, level: level)
            if stopped { break }
            levelCompleted = level + 1
            if visited.count == before { break }
            level += 1
        }
        if !stopped && levelCompleted == options.depth {
            statesAtLimit = depth.reduce(0) { $0 + (Int($1) == options.depth ? 1 : 0) }
        }
        return coverage(seconds: Clock.now() - start)
    }

    private mutating func addNode(parent p: Int32, edge e: UInt32, depth d: Int) {
        let index = Int32(parent.count)
        parent.append(p)
        edge.append(e)
        depth.append(UInt16(truncatingIfNeeded: d))
        firstChild.append(-1)
        nextSibling.append(-1)
        maxBelow.append(UInt16(truncatingIfNeeded: d))
        guard p >= 0 else { return }
        nextSibling[Int(index)] = firstChild[Int(p)]
        firstChild[Int(p)] = index
        var a = Int(p)
        while a >= 0 && Int(maxBelow[a]) < d {
            maxBelow[a] = UInt16(truncatingIfNeeded: d)
            a = Int(parent[a])
        }
    }

    /// Walks the search tree down to the states of `level`, replaying edges, and expands them.
    private mutating func walk(_ node: Int, _ sim: Simulator, level: Int) {
        if Int(depth[node]) == level {
            expand(node, sim)
            return
        }
        // One simulator (and event list) per tree depth, reset to the parent's state before
        // each edge is replayed: a copy per edge allocated and freed the state every time.
        let d = Int(depth[node])
        while replays.count <= d { replays.append((fresh, [])) }
        var (s, events) = (fresh, [Event]())
        swap(&s, &replays[d].sim)
        swap(&events, &replays[d].events)
        defer {
            swap(&s, &replays[d].sim)
            swap(&events, &replays[d].events)
        }
        var c = Int(firstChild[node])
        while c >= 0 && !stopped {
            if Int(maxBelow[c]) >= level {
                s.assign(sim)
                _ = s.run(commandTable[Int(edge[c])], into: &events)
                walk(c, s, level: level)
            }
            c = Int(nextSibling[c])
        }
    }

    private mutating func expand(_ node: Int, _ sim: Simulator) {
        expanded += 1
        // Taken out of `self` (not copied): the buffer stays unique, so it is reused.
        var commands: [UInt32] = []
        swap(&commands, &scratch)
        self.commands(in: sim, into: &commands)
        defer { swap(&commands, &scratch) }
        let d = Int(depth[node]) + 1
        // One simulator for every command tried here, reset to `sim` before each.
        var s = fresh
        swap(&s, &reused)
        defer { swap(&s, &reused) }
        var events: [Event] = []
        swap(&events, &eventBuffer)
        defer { swap(&events, &eventBuffer) }
        for c in commands {
            s.assign(sim)
            // The command is read in place and passed on by number: a copy of it per transition
            // retained and released its strings.
            guard s.run(commandTable[Int(c)], into: &events) == nil else { continue }
            transitions += 1
            analyse(events, after: s, before: sim, node: Int32(node), command: c)
            if s.hasCrashed {
                crashes += 1
                continue
            }
            let length = encoder.encode(s.state, into: &key)
            let (_, inserted) = visited.insert(key, count: length)
            guard inserted else { continue }
            addNode(parent: Int32(node), edge: c, depth: d)
            if visited.count >= options.maxStates {
                stopped = true
                return
            }
        }
    }

    private mutating func intern(_ c: Command) -> UInt32 {
        if let i = commandIndex[c] { return i }
        let i = UInt32(commandTable.count)
        commandTable.append(c)
        commandIndex[c] = i
        return i
    }

    // MARK: Commands of a state

    private mutating func calls(ofClass c: Int32, _ state: AppState) -> [UInt32] {
        if let commands = classCommands[c] { return commands }
        let commands = flow.actions(of: state.className(classID: c)).filter { $0.trigger == .manual }.map { intern(.call(action: $0.name, on: nil)) }
        classCommands[c] = commands
        return commands
    }

    private mutating func tabCommand(_ k: Int) -> UInt32 {
        while tabCommands.count <= k { tabCommands.append(intern(.tab(tabCommands.count))) }
        return tabCommands[k]
    }

    /// The commands tried in a state, as numbers in `commandTable`, into `out`.
    private mutating func commands(in sim: Simulator, into out: inout [UInt32]) {
        let state = sim.state
        out.removeAll(keepingCapacity: true)
        state.instances.withUnsafeBufferPointer { p in
            guard let top = state.topLevel, let front = state.frontmost else { return }
            if let s = p[front].scene { out += sceneCommands[s] }
            if classHasCalls { out += calls(ofClass: p[front].classID, state) }
            if needsChain {
                for x in state.visibleChain(from: top) where x != front {
                    guard let s = p[x].scene else { continue }
                    for (control, row) in sceneFromCommands[s] {
                        if let control { out.append(intern(.tap(control: control, on: x))) }
                        if let row { out.append(intern(.select(section: row.0, row: row.1, on: x))) }
                    }
                }
            }
            // back: the nearest navigation controller (the front-most itself included) has more than its root.
            var x: Int? = front
            var navFound = false, tabBar = -1
            while let v = x {
                let kind = sim.containerKind(of: v)
                if kind == .navigation && !navFound {
                    navFound = true
                    if p[v].childCount > 1 { out.append(backCommand) }
                }
                if kind == .tabBar && tabBar < 0 { tabBar = v }
                x = p[v].parent
            }
            if p[top].presenter != nil { out.append(dismissCommand) }
            if tabBar >= 0 {
                var n = 0
                for c in state.children(of: tabBar) where p[c].role == .tab { n += 1 }
                let selected = p[tabBar].selectedTab
                for k in 0..<n where k != selected { out.append(tabCommand(k)) }
            }
        }
    }

    // MARK: What happened

    /// `command`: the number of the command that ran (nil: the launch).
    private mutating func analyse(_ events: [Event], after: Simulator, before: Simulator?, node: Int32, command: UInt32?) {
        var lastLoaded: Int?
        for n in events.indices {
            // Matched in place: copying each event would retain and release its strings.
            switch events[n] {
            case .instantiated(let id, _):
                let instances = after.state.instances
                if let s = instances[id].scene {
                    sceneReached[s] = true
                    if let p = instances[id].parent, let ps = instances[p].scene, instances[id].role != .embedded,
                       let r = relationshipOf[ps * flow.scenes.count + s] {
                        segueDone[r] = true
                    }
                }
            case .called(let id, _, let detail):
                if let id, case .prepare(let identifier, let destination, _)? = detail?.kind {
                    performed(from: id, identifier: identifier, destination: destination, in: after)
                }
            case .lifecycle(let id, let callback):
                if callback == .viewDidLoad { lastLoaded = id }
            case .console(let category, let message):
                let rule: Rule
                if message.hasPrefix("Unable to find method") {
                    rule = Rules.unableToFindMethod
                } else if message.contains(text: "returned nil, falling back to") {
                    rule = Rules.segueActionReturnedNil
                } else if message.hasPrefix("Attempt to present") {
                    rule = Rules.alreadyPresenting
                } else {
                    rule = Rules.uikitWarning
                }
                let text = "[\(category)] \(message)"
                record(rule, text, key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
            case .note(let text):
                if text.hasPrefix("viewDidLoad() reads "), text.contains(text: ", which is nil") || text.contains(text: ", which has no value") {
                    let cls = lastLoaded.map { after.state.className(of: $0) } ?? "?"
                    let dep = text.between("viewDidLoad() reads ", ",") ?? ""
                    record(Rules.nilDependencyInViewDidLoad, "\(cls).\(text)", key: "\(cls).\(dep)", events: events, at: n, after: after, before: before, node: node, command: command)
                } else if text.contains(text: " is nil, so nothing is injected") {
                    record(Rules.silentCastFailure, text, key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
                } else if text.contains(text: "so the unwind does nothing") {
                    record(Rules.unwindWithoutDestination, text, key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
                } else if text.contains(text: "the switch has no case for") || text.contains(text: "maps to no segue identifier") {
                    record(Rules.typedDestinationUnhandled, text, key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
                } else if text.hasPrefix("navigationController is nil") {
                    let who = before.flatMap { b in b.state.frontmost.map { b.state.className(of: $0) } } ?? "?"
                    record(Rules.noNavigationController, "\(who): \(text)", key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
                } else if text.contains(text: "neither presents nor is presented, so dismiss does nothing") {
                    record(Rules.dismissDidNothing, text, key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
                }
            case .crashed(let crash):
                switch crash {
                case .trap:
                    record(Rules.trap, crash.consoleLines.joined(separator: "\n"), key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
                case .exception:
                    record(Rules.uncaughtException, crash.consoleLines.last ?? "", key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
                }
            case .injected, .transition:
                break
            }
        }
    }

    /// Segue coverage from `prepare(for:sender:)`: its segue's identifier, or without one, its destination.
    private mutating func performed(from source: Int, identifier: String?, destination dest: Int, in sim: Simulator) {
        guard let scene = sim.state.instances[source].scene, seguesLeftFrom[scene] > 0 else { return }
        var index: Int?
        if let identifier {
            index = flow.segue(identifier, from: scene)
        } else if let ds = sim.state.instances[dest].scene {
            index = flow.segues.indices.first {
                let s = flow.segues[$0]
                return s.source == scene && s.identifier == nil && (s.destination == ds || s.kind == .unwind)
            }
        }
        if let i = index, !segueDone[i] {
            segueDone[i] = true
            seguesLeftFrom[scene] -= 1
        }
    }

    private mutating func record(_ rule: Rule, _ message: String, key explicitKey: String?, events: [Event], at n: Int,
                                 after: Simulator, before: Simulator?, node: Int32, command number: UInt32?) {
        let command = number.map { commandTable[Int($0)] }
        let key = rule.id + "\u{0}" + (explicitKey ?? Finding.normalised(message))
        guard problemIndex[key] == nil else { return }
        problemIndex[key] = problems.count
        var console: [String] = []
        for e in events {
            switch e {
            case .console(let category, let message): console.append("[\(category)] \(message)")
            case .note(let text): console.append("note: \(text)")
            case .crashed(let c): console += c.consoleLines
            default: break
            }
        }
        let origin = blame(rule, message, events: events, upTo: n, after: after, before: before, command: command)
        problems.append(Problem(rule: rule, message: message, key: key, node: node, command: command, console: console, origin: origin))
    }

    // MARK: Where in the flow file

    /// The part of the flow a dynamic finding is blamed on: for a trap, the class of the file in
    /// its location (its viewDidLoad when that is where it trapped); for an unfound segue
    /// action, the segue naming it; otherwise the segue or code action the command triggered.
    private func blame(_ rule: Rule, _ message: String, events: [Event], upTo n: Int, after: Simulator, before: Simulator?, command: Command?) -> Origin? {
        if rule == Rules.trap, let location = message.split(separator: ":").first {
            let file = String(location.split(separator: "/").last ?? location)
            if let cls = classByFile[file], let decl = flow.classes[cls] {
                let last = events[..<n].reversed().first { if case .lifecycle = $0 { return true } else { return false } }
                if case .lifecycle(let id, .viewDidLoad) = last, flow.isKind(after.state.className(of: id), of: cls),
                   let v = decl.viewDidLoad {
                    return v.origin
                }
                return decl.origin
            }
        }
        if rule == Rules.unableToFindMethod || rule == Rules.segueActionReturnedNil, let selector = message.between(" ", "]")?.split(separator: " ").last {
            if let s = flow.segues.first(where: { $0.action?.selector == String(selector) }) { return s.origin }
        }
        guard let command, let before else { return nil }
        return Self.origin(of: command, in: before, flow: flow)
    }

    /// The segue or code action a command triggers (the first one), or the receiver's scene.
    static func origin(of command: Command, in sim: Simulator, flow: Flow) -> Origin? {
        let state = sim.state
        func receiver(_ on: Int?) -> Instance? { (on ?? state.frontmost).map { state.instances[$0] } }
        func triggered(_ t: Trigger, _ i: Instance) -> Origin? {
            if let s = i.scene, let seg = flow.segues.first(where: { $0.source == s && $0.trigger == t }) { return seg.origin }
            if let a = flow.actions(of: state.className(classID: i.classID)).first(where: { $0.trigger == t }) { return a.origin }
            return i.scene.map { flow.scenes[$0].origin }
        }
        switch command {
        case .tap(let control, let on):
            return receiver(on).flatMap { triggered(.control(control), $0) }
        case .select(_, _, let on):
            return receiver(on).flatMap { triggered(.cell, $0) }
        case .perform(let id, let on, _):
            guard let i = receiver(on), let s = i.scene else { return nil }
            return flow.segue(id, from: s).map { flow.segues[$0].origin } ?? flow.scenes[s].origin
        case .call(let name, let on):
            guard let i = receiver(on) else { return nil }
            return flow.actions(of: state.className(classID: i.classID)).first { $0.name == name }?.origin
        case .back, .dismiss, .tab:
            return receiver(nil).flatMap { i in i.scene.map { flow.scenes[$0].origin } ?? flow.classes[state.className(classID: i.classID)]?.origin }
        }
    }

    // MARK: Results

    /// The commands from launch to a state.
    func path(to node: Int32) -> [Command] {
        var out: [Command] = []
        var n = Int(node)
        while n > 0 {
            out.append(commandTable[Int(edge[n])])
            n = Int(parent[n])
        }
        return out.reversed()
    }

    private func coverage(seconds: Double) -> Coverage {
        let notReached = flow.scenes.indices.filter { !sceneReached[$0] }.map { flow.scenes[$0].id }
        let notPerformed = flow.segues.indices.filter { !segueDone[$0] }.map { Self.describeSegue($0, in: flow) }
        let treeBytes = parent.count * (4 + 4 + 2 + 4 + 4 + 2)
        return Coverage(
            scenesReached: sceneReached.filter { $0 }.count, scenesTotal: flow.scenes.count, scenesNotReached: notReached,
            seguesPerformed: segueDone.filter { $0 }.count, seguesTotal: flow.segues.count, seguesNotPerformed: notPerformed,
            states: visited.count, transitions: transitions, crashingTransitions: crashes,
            depthCompleted: levelCompleted, depthLimit: options.depth, maxStates: options.maxStates,
            statesAtDepthLimit: statesAtLimit, stoppedByMaxStates: stopped, statesNotExpanded: visited.count - expanded,
            seconds: seconds,
            bytesPerState: visited.count > 0 ? visited.bytesPerState + Double(treeBytes) / Double(visited.count) : 0)
    }

    /// `segues[3] 'ShowDetail' (items → detail)`.
    static func describeSegue(_ i: Int, in flow: Flow) -> String {
        let s = flow.segues[i]
        let dest = s.destination.map { flow.scenes[$0].id } ?? "unwind"
        let id = s.identifier.map { " '\($0)'" } ?? ""
        return "segues[\(i)]\(id) (\(flow.scenes[s.source].id) → \(dest))"
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic seconds, from the C library (no Foundation).
enum Clock {
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
