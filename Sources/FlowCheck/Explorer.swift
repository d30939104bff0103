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
/// Most commands need no engine run at all. In a tab bar app the key is split: the root's number,
/// one number per tab, and one for what the root presents. A command on the shown tab (or in
/// what is presented) reads only the root and that part (an unwind, which searches other tabs
/// too, is the exception the engine reports), so its outcome — the part's next number, a
/// crash, a rejection — is learnt once and reused for every state with the same root and part
/// (`ExplorerReuse`); a tab switch, likewise, from the tab it leaves and the tab it shows. Problems and coverage are taken from the first run, which in
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
    let fresh: Simulator
    /// The copy each command is tried on (its storage is kept from one command to the next).
    var reused: Simulator
    /// The events of the command being tried (storage kept from one command to the next).
    var eventBuffer: [Event] = []
    /// By depth (`slot`): a simulator holding the state `heldNode` names (-1: none yet), the
    /// states on the path to the state last rebuilt (`materialize`). The root, and the last
    /// `heldDepths - 1` depths of the path in a ring: a simulator per depth made memory grow
    /// with the square of the depth on a flow whose states grow (a push or presentation that
    /// can repeat: `--depth 10000` aborted on two scenes).
    var held: [Simulator] = []
    var heldNode: [Int32] = []
    static let heldDepths = 32
    /// The states the engine made while the level before was expanded, by node (`kept`), and
    /// those it makes while this one is (`keeping`): a node expanded in the engine starts from
    /// its own state instead of replaying the command that reached it (and often its parent's,
    /// and so on up). Bounded: states past `keptBudget` words of instances and slots (4 MB a
    /// level) are rebuilt as before.
    var kept: [Int32: Simulator] = [:]
    var keeping: [Int32: Simulator] = [:]
    var keepingWords = 0
    var keptBudget = 1 << 20
    /// Tests: how many commands were run again to rebuild states.
    var replayed = 0
    /// The path being rebuilt, by depth, and the events of replayed commands (read by no one).
    var lineage: [Int32] = []
    var replayEvents: [Event] = []
    var encoder: StateEncoder
    var visited: StateSet
    /// The key being made, and the key of the state being expanded.
    var key: [UInt32] = []
    var nodeKey: [UInt32] = []
    var verifyKey: [UInt32] = []

    // The search tree, by state number (states are numbered level by level).
    var parent: [Int32] = []
    var edge: [UInt32] = []
    /// `levelStart[d] ..< levelStart[d + 1]`: the states first reached in `d` commands.
    var levelStart: [Int] = []

    var commandTable: [Command] = []
    /// By command: whether its receiver is named by place in the visible chain (`chainPlace`).
    var commandByPlace: [Bool] = []
    var commandIndex: [Command: UInt32] = [:]

    // Per scene: its commands when it is front-most, and its container kind.
    var sceneCommands: [[UInt32]] = []
    var sceneFromCommands: [[(control: String?, row: (Int, Int)?)]] = []
    var classCommands: [Int32: [UInt32]] = [:]
    /// `back`, `dismiss` and `tab N`, interned once.
    var backCommand: UInt32 = 0
    var dismissCommand: UInt32 = 0
    var tabCommands: [UInt32] = []
    /// The commands of the state being expanded (reused: one array for the whole search).
    var scratch: [UInt32] = []
    let needsChain: Bool
    /// Whether any class has manual code actions (else `call` is never tried).
    let classHasCalls: Bool

    // What was learnt, for split keys (see the type's comment). `fronts`: by (root, shown tab),
    // the number of its `Front` in `frontList` (outcome `runEachTime` when a command names a view
    // controller by address, which differs between such states). `showing`: by (root, command,
    // tab shown next), a tab switch's outcome and the next (root, tab).
    var fronts = TransitionTable()
    var frontList: [Front] = []
    var frontCommands: [UInt32] = []
    /// For each command: the tab a tab switch of the root shows, or -1.
    var frontTabs: [Int32] = []
    /// For each command that is not a tab switch of the root: its outcome once learnt, and the
    /// next (root, tab). Beside the command, not in a table: read for nearly every transition.
    var frontOutcomes: [TransitionTable.Answer?] = []
    var showing = TransitionTable()

    // What was learnt, for chain keys (see `ExplorerChain`). By spine: the number of its front in
    // `chainFrontList` (-1: commands run each time, -2: not seen yet). By front command: how
    // many hidden units its outcome takes off (`dropUnknown`, `dropRunEachTime`), and for none,
    // its record. `chainTable`: by (spine, command, the units taken off), a record's number.
    var chainFronts: [Int32] = []
    var chainFrontList: [ChainFront] = []
    var chainCommands: [UInt32] = []
    var chainDrop: [Int32] = []
    var chainDirect: [Int32] = []
    /// Whether the units a command takes off are only thrown away (not part of its key).
    var chainBlind: [Bool] = []
    /// Which of the units a command takes off it puts back unchanged (`ExplorerChainPass`).
    var chainPass: [UInt64] = []
    var passScratch: [UInt32] = []
    var rootScratch: [Int] = []
    var chainTable = TransitionTable()
    var chainRecords: [ChainRecord] = []
    var chainAppended: [UInt32] = []
    /// Runs of two or more units a command reads among those it takes off, numbered (`passKey`).
    var suffixes = StateSet(capacity: 1 << 8)
    var suffixScratch: [UInt32] = []
    /// Unwinds (`ExplorerUnwind`): by (spine, command, list), the layers below that the first
    /// run read; what a record is keyed by (the list and those layers), numbered.
    var unwindReach = TransitionTable(capacity: 1 << 6)
    var unwindReads = StateSet(capacity: 1 << 6)
    /// Unwinds that climb one layer (`ExplorerUnwindPicks`): by (spine, command, the number of
    /// the top layer's list and the spine below), which units of the layer below the search
    /// asked, as `unwindPickList[first ..< first + second]` (counted from the list's end).
    var unwindPicks = TransitionTable(capacity: 1 << 6)
    /// The numbers in `unwindReads` of the commonest keys, by their few words, found without
    /// hashing a key of words (nearly every unwind asks): a shape of one layer below by (list,
    /// spine below); the picks of one layer, one or two, by (shape, unit, unit or `pickMark`).
    var unwindShapes = TransitionTable(capacity: 1 << 6)
    var unwindPicked = TransitionTable(capacity: 1 << 6)
    var unwindPickList: [UInt32] = []
    /// Tab switches of a tab bar on a chain key's spine (`ExplorerTabHalves`): by spine, its
    /// tab bar's layout; what a switch shows, by (cut, command, unit shown), a number in
    /// `tabShowList`; the unit of the tab it leaves, by (spine, 0, the shown tab's units).
    var spineTabs: [TabLayout] = []
    var tabShows = TransitionTable(capacity: 1 << 6)
    var tabShowList: [TabShow] = []
    var tabLeaves = TransitionTable(capacity: 1 << 6)
    /// The state being expanded: its list's units and prefixes, and the key of what it leaves.
    var tabUnits: [UInt32] = []
    var tabPrefixes: [UInt32] = []
    var tabLeaveKey: UInt32 = 0
    /// What `tabLeaves` knows of `tabLeaveKey` (looked up once per state).
    var tabLeft: TransitionTable.Answer?
    /// The list a switch of the state being expanded to tab `tabRunTab` (after the shown one)
    /// starts from, the tab it shows left out, and the unit of the tab left it holds.
    var tabRunTab = -1
    var tabRunList: UInt32 = 0
    var tabRunLeft: UInt32 = 0
    var tabUnitsFit = false
    /// Tests: tab switches learnt in halves that ran in the engine.
    var tabSwitchRuns = 0
    /// Tests: reused outcomes learnt that way, by the layers they take off the list below.
    var reusedUnwinds: [Int] = []

    /// The states with one root and shown tab: their commands, and what is known of them.
    struct Front {
        /// `frontCommands[first ..< first + count]` (and `frontTabs`, `frontOutcomes`).
        var first: Int
        var count: Int
        /// A tab switch's next number of the tab it leaves, once learnt (its visible chain
        /// disappears, whichever tab comes next).
        var leaving: UInt32?
    }

    /// Tests only: every reused outcome is also run in the engine, and each difference noted here.
    var verifyReuse = false
    var reuseMismatches: [String] = []
    /// Tests: how many reused outcomes were compared with the engine's (`verifyReuse`), and how
    /// many transitions were answered from what was learnt (without it).
    var reuseChecks = 0
    var reusedTransitions = 0

    // Coverage.
    var sceneReached: [Bool]
    var segueDone: [Bool]
    var seguesLeftFrom: [Int]
    var relationshipOf: [Int: Int] = [:]
    var transitions = 0
    var crashes = 0
    var expanded = 0
    var stopped = false
    var levelCompleted = 0
    var statesAtLimit = 0

    // Problems, deduplicated by rule and normalised message; the first one seen is kept.
    var problems: [Problem] = []
    var problemIndex: [String: Int] = [:]
    /// Classes by their Swift file (several classes may share one), for a trap's location.
    var classByFile: [String: [String]] = [:]

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
        for name in flow.classes.keys.sorted() { classByFile[flow.file(of: name), default: []].append(name) }
        var chain = flow.segues.contains { $0.kind == .embed }
        for s in flow.scenes where flow.containerKind(of: s.className) != nil && (!s.controls.isEmpty || !s.rows.isEmpty) { chain = true }
        // On a pad both columns of a split view are on screen: the primary's list as well as
        // the detail in front.
        if flow.scenes.contains(where: { flow.containerKind(of: $0.className) == .split }) { chain = true }
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
            var own: [(Int, Int)] = []
            for seg in seguesFrom[i].map({ flow.segues[$0] }) { if case .row(let sec, let r) = seg.trigger { own.append((sec, r)) } }
            for a in actionsOf[s.className]! { if case .row(let sec, let r) = a.trigger { own.append((sec, r)) } }
            for p in s.prototypes { for case .row(let sec, let r) in p.rows { own.append((sec, r)) } }
            for (section, row) in Self.rows(s.rows, own: own) {
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

    /// Rows tried on a screen: the first two and the last of each section, and every row that
    /// has a trigger of its own (`own`: a static cell's `cell:S:R`, a prototype's row), in order.
    static func rows(_ sections: [Int], own: [(Int, Int)] = []) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for (section, count) in sections.enumerated() where count > 0 {
            var rows = [0]
            if count > 1 { rows.append(1) }
            if count > 2 { rows.append(count - 1) }
            for (s, r) in own where s == section && r < count && !rows.contains(r) { rows.append(r) }
            for r in rows.sorted() { out.append((section, r)) }
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
            swap(&kept, &keeping)
            keeping.removeAll()
            keepingWords = 0
            if visited.count == before { break }
            level += 1
        }
        if !stopped && levelCompleted == options.depth {
            statesAtLimit = levelStart[options.depth + 1] - levelStart[options.depth]
        }
        return coverage(seconds: Clock.now() - start)
    }

    /// Where the state at depth `d` of the path is held: the root at 0, deeper ones in a ring.
    @inline(__always)
    static func slot(_ d: Int) -> Int { d == 0 ? 0 : 1 + (d - 1) % (heldDepths - 1) }

    /// Makes `held[slot(depth)]` hold the state of `node`, replaying the commands from its
    /// nearest ancestor still held (the root, when the ring no longer holds one).
    mutating func materialize(_ node: Int, depth d: Int) {
        while held.count <= min(d, Self.heldDepths - 1) {
            held.append(fresh)
            heldNode.append(-1)
        }
        if lineage.count <= d { lineage = [Int32](repeating: -1, count: d + 1) }
        var n = Int32(node)
        var j = d
        while j > 0 && heldNode[Self.slot(j)] != n {
            if !kept.isEmpty, let state = kept[n] {
                held[Self.slot(j)].assign(state)
                heldNode[Self.slot(j)] = n
                break
            }
            lineage[j] = n
            n = parent[Int(n)]
            j -= 1
        }
        guard j < d else { return }
        var events: [Event] = []
        swap(&events, &replayEvents)
        defer { swap(&events, &replayEvents) }
        for k in (j + 1)...d {
            // Taken out of the array while it runs: the state before it is read meanwhile (its
            // slot differs: the ring has more than one).
            var s = fresh
            swap(&s, &held[Self.slot(k)])
            s.assign(held[Self.slot(k - 1)])
            let c = edge[Int(lineage[k])]
            if commandByPlace[Int(c)] {
                _ = s.run(resolved(c, in: s.state), into: &events)
            } else {
                _ = s.run(commandTable[Int(c)], into: &events)
            }
            replayed += 1
            swap(&s, &held[Self.slot(k)])
            heldNode[Self.slot(k)] = lineage[k]
        }
    }

    mutating func expand(_ node: Int, depth d: Int) {
        expanded += 1
        if options.reuse, let (spine, hidden, outer) = visited.words3(node, ifFirst: StateEncoder.chainForm) {
            return expandChain(node, depth: d, spine: Int(spine), hidden: hidden, outer: outer)
        }
        let length = visited.copyKey(node, into: &nodeKey)
        if options.reuse && length >= 2 && nodeKey[0] == StateEncoder.splitForm {
            expandSplit(node, depth: d, length: length)
        } else {
            expandByRunning(node, depth: d)
        }
    }

    /// Every command of the state, run in the engine.
    mutating func expandByRunning(_ node: Int, depth d: Int) {
        var tabBar = -1
        let commands = heldCommands(node, depth: d, tabBar: &tabBar)
        defer { scratch = commands }
        for c in commands {
            _ = run(c, from: node, depth: d)
            if stopped { return }
        }
    }

    /// Holds `node`'s state at `depth` and returns its commands, in `scratch`'s storage: taken
    /// out of `self` (not copied), so that the buffer stays unique and is reused; the caller puts
    /// it back. `tabBar`: the tab bar controller `tab N` switches (-1: none).
    mutating func heldCommands(_ node: Int, depth d: Int, tabBar: inout Int) -> [UInt32] {
        materialize(node, depth: d)
        var commands: [UInt32] = []
        swap(&commands, &scratch)
        self.commands(in: held[Self.slot(d)], into: &commands, tabBar: &tabBar)
        return commands
    }

    /// Runs command `c` on the state of `node` (held at `depth`), records what it found, and adds
    /// the state it leads to; that state's key is left in `key`. Returns the outcome, the key's
    /// length and whether the engine searched the whole tree.
    mutating func run(_ c: UInt32, from node: Int, depth d: Int) -> (outcome: TransitionTable.Outcome, length: Int, wholeTree: Bool) {
        materialize(node, depth: d)
        // One simulator for every command tried, reset to the state before each.
        var s = fresh
        swap(&s, &reused)
        defer { swap(&s, &reused) }
        var events: [Event] = []
        swap(&events, &eventBuffer)
        defer { swap(&events, &eventBuffer) }
        // The state before, taken out of `held` while it is read (passing `held[d]` copied the
        // simulator, a retain and release of each of its arrays, twice per transition).
        var before = fresh
        swap(&before, &held[Self.slot(d)])
        defer { swap(&before, &held[Self.slot(d)]) }
        s.assign(before)
        // The command is read in place and passed on by number: a copy of it per transition
        // retained and released its strings.
        let rejection = commandByPlace[Int(c)] ? s.run(resolved(c, in: before.state), into: &events) : s.run(commandTable[Int(c)], into: &events)
        guard rejection == nil else { return (.rejected, 0, s.searchedWholeTree) }
        transitions += 1
        analyse(events, after: s, before: before, node: Int32(node), command: c)
        if s.hasCrashed {
            crashes += 1
            return (.crash, 0, s.searchedWholeTree)
        }
        let length = encoder.encode(s.state, into: &key)
        let known = visited.count
        add(length, from: node, by: c)
        if visited.count > known { keep(s, as: Int32(known)) }
        return (.state, length, s.searchedWholeTree)
    }

    /// Keeps the state of new node `n` for its expansion at the next level (`kept`), within the
    /// budget. The copy shares the simulator's storage until the next command writes to it.
    mutating func keep(_ sim: Simulator, as n: Int32) {
        // What the copy holds on to: the buffers' capacity (the simulator's, grown to the
        // largest state it ran), not only their count.
        let words = (sim.state.instances.capacity * MemoryLayout<Instance>.stride + sim.state.slots.capacity * MemoryLayout<SlotRecord>.stride
            + sim.state.stamps.capacity * MemoryLayout<UInt64>.stride) / 4 + 32
        guard keepingWords + words <= keptBudget else { return }
        keepingWords += words
        keeping[n] = sim
    }

    /// Adds the state whose key is the first `length` words of `key`, reached from `node` by `c`,
    /// if it is new.
    mutating func add(_ length: Int, from node: Int, by c: UInt32) {
        guard visited.insert(key, count: length).inserted else { return }
        parent.append(Int32(node))
        edge.append(c)
        if visited.count >= options.maxStates { stopped = true }
    }

    /// `add` of a chain key (four words) reused from a learnt record: through the visited set's
    /// unrolled path. Its own method: a branch in `add` kept the optimiser from inlining it into
    /// the tab bar's reuse (2% more instructions there).
    @inline(__always) mutating func addChain(from node: Int, by c: UInt32, spine: UInt32, list: UInt32, outer: UInt32) {
        guard visited.insert4(StateEncoder.chainForm, spine, list, outer).inserted else { return }
        parent.append(Int32(node))
        edge.append(c)
        if visited.count >= options.maxStates { stopped = true }
    }

    // MARK: Results

    /// The commands from launch to a state, as the engine runs them (a receiver named by its
    /// place in the visible chain is given by address: the path is replayed to find it).
    func path(to node: Int32) -> [Command] {
        var numbers: [UInt32] = []
        var n = Int(node)
        while n > 0 {
            numbers.append(edge[n])
            n = Int(parent[n])
        }
        numbers.reverse()
        guard numbers.contains(where: { commandByPlace[Int($0)] }) else { return numbers.map { commandTable[Int($0)] } }
        var sim = fresh
        _ = sim.launch()
        var events: [Event] = []
        var out: [Command] = []
        for c in numbers {
            let command = resolved(c, in: sim.state)
            out.append(command)
            _ = sim.run(command, into: &events)
            events.removeAll(keepingCapacity: true)
        }
        return out
    }

    func coverage(seconds: Double) -> Coverage {
        let notReachedIndices = flow.scenes.indices.filter { !sceneReached[$0] }
        let notPerformedIndices = flow.segues.indices.filter { !segueDone[$0] }
        let notReached = notReachedIndices.map { flow.scenes[$0].id }
        let notPerformed = notPerformedIndices.map { Self.describeSegue($0, in: flow) }
        let treeBytes = parent.count * (4 + 4)
        let learntBytes = encoder.segments.bytes + encoder.roots.bytes + fronts.bytes + showing.bytes
            + frontList.count * MemoryLayout<Front>.stride + (frontCommands.count + frontTabs.count) * 4
            + frontOutcomes.count * MemoryLayout<TransitionTable.Answer?>.stride
            + encoder.chainBytes + chainFronts.count * 4 + chainFrontList.count * MemoryLayout<ChainFront>.stride
            + (chainCommands.count + chainDrop.count + chainDirect.count + chainAppended.count) * 4 + chainBlind.count + chainPass.count * 8 + chainTable.bytes
            + chainRecords.count * MemoryLayout<ChainRecord>.stride + suffixes.bytes + unwindReach.bytes + unwindReads.bytes + unwindShapes.bytes + unwindPicked.bytes
            + unwindPicks.bytes + unwindPickList.count * 4
        return Coverage(
            scenesReached: sceneReached.filter { $0 }.count, scenesTotal: flow.scenes.count, scenesNotReached: notReached,
            seguesPerformed: segueDone.filter { $0 }.count, seguesTotal: flow.segues.count, seguesNotPerformed: notPerformed,
            sceneIndicesNotReached: notReachedIndices, segueIndicesNotPerformed: notPerformedIndices,
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
