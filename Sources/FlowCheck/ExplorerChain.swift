import FlowEngine
import FlowModel

/// Reused outcomes for chain keys (see `StateEncoder`): any root but a tab bar of tabs. A
/// command on the front-most scene reads the top layer's spine and, at most, the last hidden
/// units (a back reads the view controller below the top) or the spine of the layer below (a
/// dismiss shows it again). Its outcome is one of three kinds: within the layer (the spine
/// changes and the list's last `drop` units are replaced with others), a presentation (the
/// layer, as the command left it, goes below a new one) or a dismiss (the top layer goes, the
/// one below comes back with a new spine). It is learnt once per spine, command and what it
/// takes off, and reused for every state that has them, whatever the rest holds.
///
/// How many units a command takes off is learnt from its first run (per spine and command); a
/// later run that takes off another number makes the command run every time from that spine.
/// When the first run released every unit it took off (a dismiss throws the presented stack
/// away), the outcome is learnt without them: it holds whatever they were.
///
/// An unwind reads more (the whole top layer and layers below): it is learnt as `ExplorerUnwind` says.
extension Explorer {
    /// The commands of the states with one spine, and what is known of them.
    struct ChainFront {
        /// `chainCommands[first ..< first + count]` (and `chainDrop`, `chainDirect`).
        var first: Int
        var count: Int
        /// The number of the spine's tab bar layout in `spineTabs` (-1: its tab switches are learnt
        /// as others are).
        var tabs: Int32 = -1
    }

    /// A learnt outcome: for `state`, the next spine and the units that replace those taken off
    /// (`chainAppended[first ..< first + count]`).
    struct ChainRecord {
        var outcome: TransitionTable.Outcome
        var kind: ChainKind
        /// For `.whole`: the layers taken off the end of the list of layers below.
        var layersOff: UInt8 = 0
        var spine: UInt32
        var first: Int32
        var count: Int32
        /// For a presentation: the spine the layer below keeps; for `.whole`, the list.
        var below: UInt32
    }

    enum ChainKind: UInt8 {
        /// Within the top layer (and every outcome that is not a state).
        case within
        /// A new layer on top: the list of the new one is `first ..< first + count`, from empty.
        case presents
        /// The top layer goes: the one below is the top again, with the record's spine.
        case dismisses
        /// Learnt from the whole top layer and the last layers below (`ExplorerUnwind`): the
        /// record's spine, its list (`below`), and the list of layers below without its last
        /// `layersOff`, followed by `first ..< first + count`.
        case whole
        /// The top layer and the `layersOff - 1` below it go, and the one below those is the
        /// top again, with the record's spine and its list made anew from `first ..< first +
        /// count`: units, or units of its old list given by place from the end (`passedUnit`)
        /// (`ExplorerUnwindPicks`).
        case returns
    }

    /// `chainDrop` for a dismiss (keyed by the spine of the layer below, not by units).
    static let dropLayer: Int32 = -3

    /// `chainDrop` values besides a count of units.
    static let dropUnknown: Int32 = -2
    static let dropRunEachTime: Int32 = -1
    /// Keyed by the whole top layer and the layers below an unwind reads (`ExplorerUnwind`).
    static let dropUnwind: Int32 = -4

    mutating func expandChain(_ node: Int, depth d: Int, spine: Int, hidden: UInt32, outer: UInt32) {
        if chainFronts.count <= spine { chainFronts.append(contentsOf: repeatElement(-2, count: spine + 1 - chainFronts.count)) }
        if chainFronts[spine] == -2 { learnChainFront(spine, node: node, depth: d) }
        let f = chainFronts[spine]
        guard f >= 0 else { return expandByRunning(node, depth: d) }
        let front = chainFrontList[Int(f)]
        var tabUnitsRead = false
        for i in front.first..<front.first + front.count {
            let c = chainCommands[i]
            let drop = chainDrop[i]
            if drop == Self.dropTabHalves {
                expandTabSwitch(i, spine: UInt32(spine), tabs: Int(front.tabs), hidden: hidden, outer: outer, unitsRead: &tabUnitsRead, node: node, depth: d)
                if stopped { return }
                continue
            }
            var known: Int32 = -1
            var suffix: UInt32 = 0
            var learn = false
            var unwindLevels = -1
            var pick: UnwindPick?
            if drop == Self.dropUnknown {
                learn = true
            } else if drop == 0 || (drop > 0 && chainBlind[i]) {
                if encoder.hasUnits(hidden, atLeast: Int(drop)) { known = chainDirect[i] }
            } else if drop > 0, encoder.hasUnits(hidden, atLeast: Int(drop)) {
                suffix = passKey(hidden, Int(drop), pass: chainPass[i])
                if let a = chainTable.get(UInt32(spine), c, suffix) { known = Int32(a.first) } else { learn = true }
            } else if drop == Self.dropLayer, outer != StateEncoder.emptyList {
                suffix = encoder.layerSpine(encoder.last(outer))
                if let a = chainTable.get(UInt32(spine), c, suffix) { known = Int32(a.first) } else { learn = true }
            } else if drop == Self.dropUnwind {
                let u = lookupUnwind(c, spine: UInt32(spine), hidden: hidden, outer: outer)
                known = u.known
                learn = u.learn
                unwindLevels = u.levels
                suffix = u.reads
                pick = u.pick
            }
            if known >= 0 && chainRecords[Int(known)].outcome == .runEachTime { known = -1 }
            if known >= 0 && !verifyReuse {
                reuseChain(Int(known), hidden: hidden, outer: outer, drop: Int(drop), node: node, command: c)
            } else {
                let r = run(c, from: node, depth: d)
                if known >= 0 { compareChain(Int(known), hidden: hidden, outer: outer, drop: Int(drop), with: r, node: node, command: c) }
                if learn && drop == Self.dropUnwind {
                    rememberUnwind(r, command: c, spine: UInt32(spine), hidden: hidden, outer: outer, levels: unwindLevels, reads: suffix, pick: pick, depth: d)
                } else if learn {
                    rememberChain(r, command: i, spine: UInt32(spine), hidden: hidden, outer: outer, suffix: suffix, node: node, depth: d)
                }
            }
            if stopped { return }
        }
    }

    /// The commands of the states with spine `spine` (one of them held at `depth`), learnt; or
    /// run each time when one names a view controller by address (the explorer names the
    /// receivers of `from` commands by place in the visible chain, which the spine fixes).
    mutating func learnChainFront(_ spine: Int, node: Int, depth d: Int) {
        var tabBar = -1
        let commands = heldCommands(node, depth: d, tabBar: &tabBar)
        defer { scratch = commands }
        // A receiver named by place is the same view controller of the spine in each state.
        let front = held[Self.slot(d)].state.frontmost ?? -1
        if commands.contains(where: { !commandByPlace[Int($0)] && Self.receiver(of: commandTable[Int($0)]).map { $0 != front } ?? false }) {
            chainFronts[spine] = -1
            return
        }
        chainFronts[spine] = Int32(chainFrontList.count)
        let tabs = commands.contains { if case .tab = commandTable[Int($0)] { true } else { false } } ? learnSpineTabs(depth: d) : -1
        chainFrontList.append(ChainFront(first: chainCommands.count, count: commands.count, tabs: tabs))
        for c in commands {
            chainCommands.append(c)
            var isTab = false
            if case .tab = commandTable[Int(c)] { isTab = true }
            chainDrop.append(isTab && tabs >= 0 ? Self.dropTabHalves : Self.dropUnknown)
            chainDirect.append(-1)
            chainBlind.append(false)
            chainPass.append(0)
        }
    }

    /// The key that record `r` leads to from a state whose lists are `hidden` and `outer`: its
    /// spine, list and list of layers below (the chain form's last three words).
    @inline(__always) mutating func chainSuccessor(_ r: Int, hidden: UInt32, outer: UInt32, drop: Int) -> (spine: UInt32, list: UInt32, outer: UInt32) {
        let record = chainRecords[r]
        var l = hidden, o = outer, passedFrom = hidden
        switch record.kind {
        case .within:
            var k = drop
            while k > 0 {
                l = encoder.prefix(l)
                k &-= 1
            }
        case .presents:
            o = encoder.cons(outer, encoder.layerNumber(hidden: hidden, spine: record.below))
            l = StateEncoder.emptyList
        case .dismisses:
            let below = encoder.last(outer)
            o = encoder.prefix(outer)
            l = encoder.layerHidden(below)
        case .returns:
            for _ in 1..<max(Int(record.layersOff), 1) { o = encoder.prefix(o) }
            // Its units by place are those of the old list of the layer it returns to.
            passedFrom = encoder.layerHidden(encoder.last(o))
            o = encoder.prefix(o)
            l = StateEncoder.emptyList
        case .whole:
            for _ in 0..<record.layersOff { o = encoder.prefix(o) }
            var j = Int(record.first)
            while j < Int(record.first + record.count) {
                o = encoder.cons(o, chainAppended[j])
                j += 1
            }
            return (record.spine, record.below, o)
        }
        var j = Int(record.first)
        let end = j &+ Int(record.count)
        while j < end {
            let u = chainAppended[j]
            l = encoder.cons(l, u & Self.passedUnit != 0 ? passedUnit(Int(u & ~Self.passedUnit), of: passedFrom) : u)
            j &+= 1
        }
        return (record.spine, l, o)
    }

    mutating func reuseChain(_ r: Int, hidden: UInt32, outer: UInt32, drop: Int, node: Int, command c: UInt32) {
        reusedTransitions += 1
        if chainRecords[r].kind == .whole {
            countUnwindReuse(layersOff: Int(chainRecords[r].layersOff))
        } else if drop == Int(Self.dropUnwind) {
            // Keyed by its picks (`ExplorerUnwindPicks`): it takes the top layer off, and the
            // layers it climbed through.
            countUnwindReuse(layersOff: max(Int(chainRecords[r].layersOff), 1))
        }
        switch chainRecords[r].outcome {
        case .rejected, .runEachTime:
            return
        case .crash:
            transitions += 1
            crashes += 1
        case .state:
            transitions += 1
            let next = chainSuccessor(r, hidden: hidden, outer: outer, drop: drop)
            addChain(from: node, by: c, spine: next.spine, list: next.list, outer: next.outer)
        }
    }

    /// What running command `i` (of the front of `spine`) from a state with lists `hidden` and
    /// `outer` taught.
    mutating func rememberChain(_ r: (outcome: TransitionTable.Outcome, length: Int, wholeTree: Bool), command i: Int, spine: UInt32,
                                hidden: UInt32, outer: UInt32, suffix: UInt32, node: Int, depth d: Int) {
        if r.wholeTree && chainDrop[i] == Self.dropUnknown {
            // An unwind: learnt from all it reads instead of never (`ExplorerUnwind`).
            chainDrop[i] = Self.dropUnwind
            return rememberUnwind(r, command: chainCommands[i], spine: spine, hidden: hidden, outer: outer, levels: -1, reads: 0, depth: d)
        }
        var record = ChainRecord(outcome: r.outcome, kind: .within, spine: 0, first: Int32(chainAppended.count), count: 0, below: 0)
        var drop: Int32 = 0
        if r.wholeTree {
            record.outcome = .runEachTime
        } else if r.outcome == .state {
            if r.length == 4 && key[0] == StateEncoder.chainForm {
                record.spine = key[1]
                let newList = key[2], newOuter = key[3]
                if newOuter == outer {
                    drop = Int32(difference(from: hidden, to: newList))
                } else if newOuter != StateEncoder.emptyList && encoder.prefix(newOuter) == outer
                            && encoder.layerHidden(encoder.last(newOuter)) == hidden {
                    record.kind = .presents
                    record.below = encoder.layerSpine(encoder.last(newOuter))
                    _ = difference(from: StateEncoder.emptyList, to: newList)
                } else if outer != StateEncoder.emptyList && encoder.prefix(outer) == newOuter
                            && encoder.layerHidden(encoder.last(outer)) == newList {
                    record.kind = .dismisses
                    drop = Self.dropLayer
                } else {
                    record.outcome = .runEachTime
                }
                record.count = Int32(chainAppended.count) - record.first
            } else {
                record.outcome = .runEachTime
            }
        }
        let known = chainDrop[i]
        if known == Self.dropUnknown {
            chainDrop[i] = drop
            chainBlind[i] = drop > 0 && record.outcome == .state && releases(Int(drop), of: node, depth: d)
            if drop == 0 || chainBlind[i] {
                chainDirect[i] = Int32(chainRecords.count)
            } else {
                let appended = Int(record.first)..<Int(record.first + record.count)
                if drop > 0 && record.outcome == .state {
                    let pass = passedThrough(hidden, Int(drop), appended: appended)
                    if pass != 0 && templated(hidden, Int(drop), pass: pass, appended: appended) { chainPass[i] = pass }
                }
                let key = drop == Self.dropLayer ? encoder.layerSpine(encoder.last(outer))
                    : passKey(hidden, Int(drop), pass: chainPass[i])
                chainTable.set(spine, chainCommands[i], key, .init(outcome: .state, first: UInt32(chainRecords.count), second: 0))
            }
        } else if known == drop || record.outcome != .state {
            if known == drop && record.outcome == .state && chainPass[i] != 0
                && !templated(hidden, Int(drop), pass: chainPass[i], appended: Int(record.first)..<Int(record.first + record.count)) {
                // A unit the first run put back came back changed (or cannot be told): what the
                // command reads is more than its key.
                chainDrop[i] = Self.dropRunEachTime
                return
            }
            chainTable.set(spine, chainCommands[i], suffix, .init(outcome: .state, first: UInt32(chainRecords.count), second: 0))
        } else {
            // Another kind of outcome, or another number of units taken off, than the first
            // run's: what the command reads is not what was assumed, so it runs every time
            // from this spine.
            chainDrop[i] = Self.dropRunEachTime
            return
        }
        chainRecords.append(record)
    }

    /// How many units list `a`'s end loses on the way to list `b` (the longest list both share
    /// is the same number: lists are hash-consed); the units `b` adds after it are appended to
    /// `chainAppended`.
    mutating func difference(from a: UInt32, to b: UInt32) -> Int {
        var a = a, b = b
        var la = encoder.length(ofList: a), lb = encoder.length(ofList: b)
        let start = chainAppended.count
        var drop = 0
        while lb > la {
            chainAppended.append(encoder.last(b))
            b = encoder.prefix(b)
            lb -= 1
        }
        while la > lb {
            a = encoder.prefix(a)
            la -= 1
            drop += 1
        }
        while a != b {
            chainAppended.append(encoder.last(b))
            a = encoder.prefix(a)
            b = encoder.prefix(b)
            drop += 1
        }
        chainAppended[start...].reverse()
        return drop
    }

    /// Whether the command just run released the last `drop` hidden units of `node`'s state
    /// (held at `depth`): then it only threw them away (a dismiss of a presented stack), and its
    /// outcome holds whatever they were, so it is learnt without them.
    mutating func releases(_ drop: Int, of node: Int, depth d: Int) -> Bool {
        var roots: [Int] = []
        swap(&roots, &rootScratch)
        defer { swap(&roots, &rootScratch) }
        _ = encoder.hiddenRoots(ofLayerBelowTop: 0, of: held[Self.slot(d)].state, into: &roots)
        guard roots.count >= drop else { return false }
        let after = reused.state
        return roots[(roots.count - drop)...].allSatisfy { after[$0].appearance == .released }
    }

    /// Tests only (`verifyReuse`): the engine's outcome against the reused one.
    mutating func compareChain(_ known: Int, hidden: UInt32, outer: UInt32, drop: Int, with r: (outcome: TransitionTable.Outcome, length: Int, wholeTree: Bool),
                               node: Int, command c: UInt32) {
        reuseChecks += 1
        let outcome = chainRecords[known].outcome
        var same = outcome == r.outcome
        if same && outcome == .state {
            let next = chainSuccessor(known, hidden: hidden, outer: outer, drop: drop)
            same = keyIsChain(r.length, spine: next.spine, list: next.list, outer: next.outer)
        }
        if !same { reuseMismatches.append("state \(node), \(commandTable[Int(c)]): learnt \(outcome), the engine gave \(r.outcome)") }
    }

    /// Tests only: whether the key the engine just made (`length` words in `key`) is the chain
    /// key (spine, list, outer) a reused outcome gives.
    func keyIsChain(_ length: Int, spine: UInt32, list: UInt32, outer: UInt32) -> Bool {
        length == 4 && key[0] == StateEncoder.chainForm && key[1] == spine && key[2] == list && key[3] == outer
    }
}
