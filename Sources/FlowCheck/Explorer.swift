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
    /// Whether a command's outcome, learnt once, is reused for every state with the same root
    /// and the same tab it acts on (see `StateEncoder`'s split form). Off, every transition runs
    /// in the engine: the report is the same, only slower (for comparison and benchmarks).
    public var reuse: Bool

    public init(depth: Int = ExploreOptions.defaultDepth, maxStates: Int = ExploreOptions.defaultMaxStates, perform: Perform = .manual, reuse: Bool = true) {
        self.depth = depth
        self.maxStates = maxStates
        self.perform = perform
        self.reuse = reuse
    }
}

/// Breadth-first exploration of every navigation state reachable from launch (issue 6, after
/// SPIN's explicit-state search and XState's shortest paths).
///
/// The search goes level by level, each level's states in the order they were found (so among
/// equally short paths the one whose commands come first wins). A state is stored as its
/// canonical key (`StateEncoder`) with its parent and the command that reached it; the simulator
/// values themselves are not kept. To run a command on a state, the state is rebuilt by
/// replaying the path to it from the nearest ancestor still held (one simulator per depth).
///
/// Most commands need no engine run at all. In a tab bar app the key is split: the root's number
/// and one number per tab. A command on the shown tab reads only the root and that tab (an
/// unwind, which searches other tabs too, is the exception the engine reports), so its outcome
/// — the tab's next number, a crash, a rejection — is learnt once and reused for every state
/// with the same root and tab (`TransitionTable`); a tab switch, likewise, from the tab it
/// leaves and the tab it shows. Problems and coverage are taken from the first run, which in
/// level order is also the first time the outcome is met, so the report is the same as with
/// every transition run (`ExploreOptions.reuse`; the tests compare the two).
///
/// Every problem is recorded the first time it is seen, which in level order is on a shortest
/// path.
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
    /// The copy each command is tried on (its storage is kept from one command to the next).
    private var reused: Simulator
    /// The events of the command being tried (storage kept from one command to the next).
    private var eventBuffer: [Event] = []
    /// By depth: a simulator holding the state `heldNode` names (-1: none yet), the states on
    /// the path to the state last rebuilt (`materialize`).
    private var held: [Simulator] = []
    private var heldNode: [Int32] = []
    /// The path being rebuilt, by depth, and the events of replayed commands (read by no one).
    private var lineage: [Int32] = []
    private var replayEvents: [Event] = []
    private var encoder: StateEncoder
    private var visited: StateSet
    /// The key being made, and the key of the state being expanded.
    private var key: [UInt32] = []
    private var nodeKey: [UInt32] = []
    private var verifyKey: [UInt32] = []

    // The search tree, by state number (states are numbered level by level).
    private var parent: [Int32] = []
    private var edge: [UInt32] = []
    /// `levelStart[d] ..< levelStart[d + 1]`: the states first reached in `d` commands.
    private var levelStart: [Int] = []

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

    // What was learnt, for split keys (see the type's comment). `fronts`: by (root, shown tab),
    // the number of its `Front` in `frontList` (outcome `runEachTime` when a command names a view
    // controller by address, which differs between such states). `showing`: by (root, command,
    // tab shown next), a tab switch's outcome and the next (root, tab).
    private var fronts = TransitionTable()
    private var frontList: [Front] = []
    private var frontCommands: [UInt32] = []
    /// For each command: the tab a tab switch of the root shows, or -1.
    private var frontTabs: [Int32] = []
    /// For each command that is not a tab switch of the root: its outcome once learnt, and the
    /// next (root, tab). Beside the command, not in a table: read for nearly every transition.
    private var frontOutcomes: [TransitionTable.Answer?] = []
    private var showing = TransitionTable()

    /// The states with one root and shown tab: their commands, and what is known of them.
    private struct Front {
        /// `frontCommands[first ..< first + count]` (and `frontTabs`, `frontOutcomes`).
        var first: Int
        var count: Int
        /// A tab switch's next number of the tab it leaves, once learnt (its visible chain
        /// disappears, whichever tab comes next).
        var leaving: UInt32?
    }
    /// Tests only: every reused outcome is also run in the engine, and each difference noted here.
    var verifyReuse = false
    private(set) var reuseMismatches: [String] = []
    private(set) var reusedTransitions = 0

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
        parent.append(-1)
        edge.append(0)
        held = [root]
        heldNode = [0]
        levelStart = [0, 1]
        var level = 0
        while level < options.depth && !stopped {
            let before = visited.count
            for node in levelStart[level]..<levelStart[level + 1] {
                expand(node, depth: level)
                if stopped { break }
            }
            if stopped { break }
            levelCompleted = level + 1
            levelStart.append(visited.count)
            if visited.count == before { break }
            level += 1
        }
        if !stopped && levelCompleted == options.depth {
            statesAtLimit = levelStart[options.depth + 1] - levelStart[options.depth]
        }
        return coverage(seconds: Clock.now() - start)
    }

    /// Makes `held[depth]` hold the state of `node`, replaying the commands from its nearest
    /// ancestor still held.
    private mutating func materialize(_ node: Int, depth d: Int) {
        while held.count <= d {
            held.append(fresh)
            heldNode.append(-1)
        }
        if lineage.count <= d { lineage = [Int32](repeating: -1, count: d + 1) }
        var n = Int32(node)
        var j = d
        while j > 0 && heldNode[j] != n {
            lineage[j] = n
            n = parent[Int(n)]
            j -= 1
        }
        guard j < d else { return }
        var events: [Event] = []
        swap(&events, &replayEvents)
        defer { swap(&events, &replayEvents) }
        for k in (j + 1)...d {
            // Taken out of the array while it runs: `held[k - 1]` is read meanwhile.
            var s = fresh
            swap(&s, &held[k])
            s.assign(held[k - 1])
            _ = s.run(commandTable[Int(edge[Int(lineage[k])])], into: &events)
            swap(&s, &held[k])
            heldNode[k] = lineage[k]
        }
    }

    private mutating func expand(_ node: Int, depth d: Int) {
        expanded += 1
        let length = visited.copyKey(node, into: &nodeKey)
        if options.reuse && length >= 2 && nodeKey[0] == StateEncoder.splitForm {
            expandSplit(node, depth: d, length: length)
        } else {
            expandByRunning(node, depth: d)
        }
    }

    /// Every command of the state, run in the engine.
    private mutating func expandByRunning(_ node: Int, depth d: Int) {
        materialize(node, depth: d)
        // Taken out of `self` (not copied): the buffer stays unique, so it is reused.
        var commands: [UInt32] = []
        swap(&commands, &scratch)
        defer { swap(&commands, &scratch) }
        var tabBar = -1
        self.commands(in: held[d], into: &commands, tabBar: &tabBar)
        for c in commands {
            _ = run(c, from: node, depth: d)
            if stopped { return }
        }
    }

    /// Runs command `c` on the state of `node` (held at `depth`), records what it found, and adds
    /// the state it leads to; that state's key is left in `key`. Returns the outcome, the key's
    /// length and whether the engine searched the whole tree.
    private mutating func run(_ c: UInt32, from node: Int, depth d: Int) -> (outcome: TransitionTable.Outcome, length: Int, wholeTree: Bool) {
        materialize(node, depth: d)
        // One simulator for every command tried, reset to the state before each.
        var s = fresh
        swap(&s, &reused)
        defer { swap(&s, &reused) }
        var events: [Event] = []
        swap(&events, &eventBuffer)
        defer { swap(&events, &eventBuffer) }
        s.assign(held[d])
        // The command is read in place and passed on by number: a copy of it per transition
        // retained and released its strings.
        guard s.run(commandTable[Int(c)], into: &events) == nil else { return (.rejected, 0, s.searchedWholeTree) }
        transitions += 1
        analyse(events, after: s, before: held[d], node: Int32(node), command: c)
        if s.hasCrashed {
            crashes += 1
            return (.crash, 0, s.searchedWholeTree)
        }
        let length = encoder.encode(s.state, into: &key)
        add(length, from: node, by: c)
        return (.state, length, s.searchedWholeTree)
    }

    /// Adds the state whose key is the first `length` words of `key`, reached from `node` by `c`,
    /// if it is new.
    private mutating func add(_ length: Int, from node: Int, by c: UInt32) {
        let (_, inserted) = visited.insert(key, count: length)
        if inserted { added(from: node, by: c) }
    }

    /// Records the state just inserted in `visited` as reached from `node` by `c`.
    private mutating func added(from node: Int, by c: UInt32) {
        parent.append(Int32(node))
        edge.append(c)
        if visited.count >= options.maxStates { stopped = true }
    }

    /// A state with a split key: each command's outcome is taken from what was learnt when it
    /// is known, else run and learnt.
    private mutating func expandSplit(_ node: Int, depth d: Int, length: Int) {
        let root = nodeKey[1]
        let shown = encoder.shownTab[Int(root)]
        let tab = nodeKey[2 + shown]
        var front = fronts.get(root, tab, 0)
        if front == nil { front = learnFront(root, tab, node: node, depth: d) }
        guard let front, front.outcome == .state else { return expandByRunning(node, depth: d) }
        let f = Int(front.first)
        for i in frontList[f].first..<frontList[f].first + frontList[f].count {
            let c = frontCommands[i]
            let l = lookup(i, front: f, root: root, shown: shown)
            if let known = l.known, !verifyReuse {
                reuse(known, at: l.position, left: l.left, shown: shown, node: node, command: c, length: length)
            } else {
                let r = run(c, from: node, depth: d)
                if let known = l.known { compare(known, at: l.position, left: l.left, shown: shown, with: r, node: node, command: c, length: length) }
                if l.learn { remember(r, command: i, front: f, root: root, shown: shown, target: l.target, length: length) }
            }
            if stopped { return }
        }
    }

    /// What is known of a command's outcome from a state with root `root` showing tab `tab`.
    private struct Lookup {
        /// The outcome (nil: not known, or to be run each time): for `state`, the next root and
        /// the next number of the tab at `position`.
        var known: TransitionTable.Answer?
        /// The key word the command changes besides the root: the shown tab's, or for a tab
        /// switch the next tab's (and then `left` is the next number of the tab it leaves).
        var position: Int
        var left: UInt32?
        /// Whether running it teaches something not yet known.
        var learn: Bool
        /// The tab a tab switch of the root shows (-1: not one).
        var target: Int
    }

    // Mutating although it only reads: called from the mutating search, a non-mutating method
    // made the optimiser copy the whole explorer (every array retained) on each call.
    /// Command `i` of front `f`.
    private mutating func lookup(_ i: Int, front f: Int, root: UInt32, shown: Int) -> Lookup {
        let target = Int(frontTabs[i])
        let position = 2 + (target < 0 ? shown : target)
        var l = Lookup(known: nil, position: position, left: nil, learn: false, target: target)
        if target < 0 {
            l.known = frontOutcomes[i]
            l.learn = l.known == nil
        } else {
            let shows = showing.get(root, frontCommands[i], nodeKey[position]), leaves = frontList[f].leaving
            if let shows, shows.outcome != .state {
                l.known = shows
            } else if let shows, let leaves {
                l.known = shows
                l.left = leaves
            }
            l.learn = shows == nil || (shows!.outcome == .state && leaves == nil)
        }
        if l.known?.outcome == .runEachTime { l.known = nil }
        return l
    }

    /// The commands of a state with root `root` showing tab `tab` (held at `depth`), learnt.
    private mutating func learnFront(_ root: UInt32, _ tab: UInt32, node: Int, depth d: Int) -> TransitionTable.Answer {
        materialize(node, depth: d)
        var commands: [UInt32] = []
        swap(&commands, &scratch)
        defer { swap(&commands, &scratch) }
        var tabBar = -1
        self.commands(in: held[d], into: &commands, tabBar: &tabBar)
        let windowRoot = held[d].state.windowRoot ?? -1
        // A command that names a view controller by address (`from`) differs between states that
        // share the root and tab: such states run every command.
        let byAddress = commands.contains { Self.receiver(of: commandTable[Int($0)]).map { $0 != windowRoot } ?? false }
        var answer = TransitionTable.Answer(outcome: .runEachTime, first: 0, second: 0)
        if !byAddress {
            answer = .init(outcome: .state, first: UInt32(frontList.count), second: 0)
            frontList.append(Front(first: frontCommands.count, count: commands.count, leaving: nil))
            for c in commands {
                var target: Int32 = -1
                if case .tab(let k) = commandTable[Int(c)], tabBar == windowRoot { target = Int32(truncatingIfNeeded: k) }
                frontCommands.append(c)
                frontTabs.append(target)
                frontOutcomes.append(nil)
            }
        }
        fronts.set(root, tab, 0, answer)
        return answer
    }

    private static func receiver(of command: Command) -> Int? {
        switch command {
        case .perform(_, let on, _), .tap(_, let on), .select(_, _, let on), .call(_, let on): on
        case .back, .dismiss, .tab: nil
        }
    }

    /// The key `answer` leads to from the state being expanded (`nodeKey`), into `out`.
    private static func successor(of nodeKey: [UInt32], _ answer: TransitionTable.Answer, at position: Int, left: UInt32?, shown: Int,
                                  length: Int, into out: inout [UInt32]) {
        if out.count < length { out = [UInt32](repeating: 0, count: max(length, 2 * out.count)) }
        for j in 0..<length { out[j] = nodeKey[j] }
        out[1] = answer.first
        out[position] = answer.second
        if let left { out[2 + shown] = left }
    }

    private mutating func reuse(_ answer: TransitionTable.Answer, at position: Int, left: UInt32?, shown: Int, node: Int, command c: UInt32, length: Int) {
        reusedTransitions += 1
        switch answer.outcome {
        case .rejected, .runEachTime:
            return
        case .crash:
            transitions += 1
            crashes += 1
        case .state:
            transitions += 1
            Self.successor(of: nodeKey, answer, at: position, left: left, shown: shown, length: length, into: &key)
            add(length, from: node, by: c)
        }
    }

    /// What running a command from the state being expanded taught, for every state with the
    /// same root and tab: `runEachTime` when the engine searched the whole tree or the command
    /// changed more than the root and the tabs it is about.
    private func learnt(_ r: (outcome: TransitionTable.Outcome, length: Int, wholeTree: Bool), shown: Int, target: Int, length: Int) -> TransitionTable.Answer {
        let each = TransitionTable.Answer(outcome: .runEachTime, first: 0, second: 0)
        guard !r.wholeTree else { return each }
        switch r.outcome {
        case .rejected: return target < 0 ? .init(outcome: .rejected, first: 0, second: 0) : each
        case .crash: return .init(outcome: .crash, first: 0, second: 0)
        case .runEachTime: return each
        case .state:
            guard r.length == length, key[0] == StateEncoder.splitForm else { return each }
            for k in 2..<length where k != 2 + shown && k != 2 + target && key[k] != nodeKey[k] { return each }
            return .init(outcome: .state, first: key[1], second: key[2 + (target < 0 ? shown : target)])
        }
    }

    /// What running command `i` of front `f` taught.
    private mutating func remember(_ r: (outcome: TransitionTable.Outcome, length: Int, wholeTree: Bool), command i: Int, front f: Int, root: UInt32,
                                   shown: Int, target: Int, length: Int) {
        let answer = learnt(r, shown: shown, target: target, length: length)
        if target < 0 {
            frontOutcomes[i] = answer
            return
        }
        showing.set(root, frontCommands[i], nodeKey[2 + target], answer)
        if answer.outcome == .state { frontList[f].leaving = key[2 + shown] }
    }

    /// Tests only (`verifyReuse`): the engine's outcome against the reused one.
    private mutating func compare(_ known: TransitionTable.Answer, at position: Int, left: UInt32?, shown: Int,
                                  with r: (outcome: TransitionTable.Outcome, length: Int, wholeTree: Bool), node: Int, command c: UInt32, length: Int) {
        var same = known.outcome == r.outcome
        if same && known.outcome == .state {
            Self.successor(of: nodeKey, known, at: position, left: left, shown: shown, length: length, into: &verifyKey)
            same = r.length == length && (0..<length).allSatisfy { key[$0] == verifyKey[$0] }
        }
        if !same { reuseMismatches.append("state \(node), \(commandTable[Int(c)]): learnt \(known.outcome), the engine gave \(r.outcome)") }
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

    /// The commands tried in a state, as numbers in `commandTable`, into `out`; `tabBar`: the
    /// tab bar controller `tab N` commands switch (-1: none).
    private mutating func commands(in sim: Simulator, into out: inout [UInt32], tabBar found: inout Int) {
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
            found = tabBar
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
        let treeBytes = parent.count * (4 + 4)
        let learntBytes = encoder.segments.bytes + encoder.roots.bytes + fronts.bytes + showing.bytes
            + frontList.count * MemoryLayout<Front>.stride + (frontCommands.count + frontTabs.count) * 4
            + frontOutcomes.count * MemoryLayout<TransitionTable.Answer?>.stride
        return Coverage(
            scenesReached: sceneReached.filter { $0 }.count, scenesTotal: flow.scenes.count, scenesNotReached: notReached,
            seguesPerformed: segueDone.filter { $0 }.count, seguesTotal: flow.segues.count, seguesNotPerformed: notPerformed,
            states: visited.count, transitions: transitions, crashingTransitions: crashes,
            depthCompleted: levelCompleted, depthLimit: options.depth, maxStates: options.maxStates,
            statesAtDepthLimit: statesAtLimit, stoppedByMaxStates: stopped, statesNotExpanded: visited.count - expanded,
            seconds: seconds,
            bytesPerState: visited.count > 0 ? visited.bytesPerState + Double(treeBytes + learntBytes) / Double(visited.count) : 0)
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
