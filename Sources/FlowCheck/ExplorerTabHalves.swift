import FlowEngine

/// Tab switches of a tab bar on the top layer's spine (chain keys, `ExplorerChain`), learnt in
/// two halves, as the tab bar root's split keys learn them (`ExplorerReuse`).
///
/// A switch from tab k to tab j changes only the middle of the layer's list (`TabLayout`): the
/// tab it leaves becomes one unit, what its chain and units were, with its views disappeared;
/// the tab it shows gives up its unit for a spine and units of its own. The engine's switch
/// touches nothing else (the old chain disappears, the new one loads and appears; only the new
/// side's loading can trap). So what it leaves is keyed by the spine and the shown tab's units,
/// what it shows by the spine down to the tab bar (`TabLayout.cut`), the command and the unit it
/// shows. Keyed by both at once (the units a switch reads, `ExplorerChainPass`), Habitica's
/// switches ran in the engine 1,032 times, once for each pair; in halves, 392. Each run that
/// teaches a half is checked against that shape; one that does not fit makes what it would
/// have taught run each time, as does a half that a later run contradicts.
extension Explorer {
    /// `chainDrop` for a tab switch learnt in halves.
    static let dropTabHalves: Int32 = -5

    /// What a switch shows: the next spine, and the units of the tab it shows
    /// (`chainAppended[first ..< first + count]`).
    struct TabShow {
        var spine: UInt32
        var first: Int32
        var count: Int32
    }

    /// The tab bar `tab N` commands switch in `state`: the nearest up from the front-most, on
    /// from a context presentation to what it covers, as `commands(in:)` finds it.
    func switchedTabBar(in sim: Simulator) -> Int? {
        let state = sim.state
        var x = state.frontmost
        while let v = x {
            if sim.containerKind(of: v) == .tabBar { return v }
            if let up = state[v].parent {
                x = up
            } else {
                x = state[v].presenter != nil && state.isContextPresentation(v) ? state[v].presenter : nil
            }
        }
        return nil
    }

    /// For a spine met for the first time (its state held at `depth`): its tab bar's layout (the
    /// spine fixes it, all but the units of the tabs not shown), as its number in `spineTabs`,
    /// or -1.
    mutating func learnSpineTabs(depth d: Int) -> Int32 {
        let sim = held[Self.slot(d)]
        guard let tabBar = switchedTabBar(in: sim), let layout = encoder.tabLayout(of: sim.state, tabBar: tabBar) else { return -1 }
        spineTabs.append(layout)
        return Int32(spineTabs.count - 1)
    }

    /// The units of `hidden` (first first) and its prefixes (`tabPrefixes[p]`: the first `p`
    /// units), for the tab switches of the state being expanded; the key of what it leaves.
    /// `tabUnitsFit` is false when the list is not as long as the spine's layout says.
    // Written in place from the end: a list is read from its last unit.
    mutating func readTabUnits(_ hidden: UInt32, _ sp: TabLayout) -> UInt32 {
        let n = sp.units
        if tabUnits.count < n { tabUnits = [UInt32](repeating: 0, count: max(n, 2 * tabUnits.count)) }
        if tabPrefixes.count < n + 1 { tabPrefixes = [UInt32](repeating: 0, count: max(n + 1, 2 * tabPrefixes.count)) }
        var l = hidden, p = n
        tabUnitsFit = false
        while l != StateEncoder.emptyList {
            guard p > 0 else { return 0 }
            tabPrefixes[p] = l
            p -= 1
            tabUnits[p] = encoder.last(l)
            l = encoder.prefix(l)
        }
        guard p == 0 else { return 0 }
        tabPrefixes[0] = StateEncoder.emptyList
        tabUnitsFit = true
        let start = sp.before + sp.shown
        switch sp.shownUnits {
        case 0: return 0
        case 1: return tabUnits[start]
        default:
            // Through the scratch key: an array made here was an allocation per state.
            suffixScratch.removeAll(keepingCapacity: true)
            suffixScratch.append(contentsOf: tabUnits[start..<start + sp.shownUnits])
            return UInt32(truncatingIfNeeded: suffixes.insert(suffixScratch, count: sp.shownUnits).index)
        }
    }

    /// Command `i` of the front of `spine`, `tab j`, from the state being expanded (`node`, held
    /// at `depth`): reused from its halves when both are known, else run (and learnt).
    mutating func expandTabSwitch(_ i: Int, spine: UInt32, tabs: Int, hidden: UInt32, outer: UInt32, unitsRead: inout Bool, node: Int, depth d: Int) {
        let c = chainCommands[i]
        guard case .tab(let j) = commandTable[Int(c)] else { return }
        let sp = spineTabs[tabs]
        if !unitsRead {
            // What the state's switches leave is the same for each: read once per state.
            tabLeaveKey = readTabUnits(hidden, sp)
            tabLeft = tabUnitsFit ? tabLeaves.get(spine, 0, tabLeaveKey) : nil
            tabRunTab = -1
            unitsRead = true
        }
        guard tabUnitsFit, j != sp.shown, j < sp.count else {
            tabSwitchRuns += 1
            _ = run(c, from: node, depth: d)
            return
        }
        let shownUnit = tabUnits[sp.place(ofTab: j)]
        let shows = tabShows.get(sp.cut, c, shownUnit)
        let leaves = tabLeft
        var known: TransitionTable.Answer?
        if let shows, shows.outcome == .crash {
            known = shows
        } else if let shows, shows.outcome == .state, let leaves, leaves.outcome == .state {
            known = shows
        }
        if let known, !verifyReuse {
            reusedTransitions += 1
            transitions += 1
            if known.outcome == .crash {
                crashes += 1
                return
            }
            let show = tabShowList[Int(known.first)]
            addChain(from: node, by: c, spine: show.spine, list: tabSuccessor(j, sp, show, left: leaves!.first), outer: outer)
            return
        }
        tabSwitchRuns += 1
        let r = run(c, from: node, depth: d)
        if let known {
            reuseChecks += 1
            var same = known.outcome == r.outcome
            if same && known.outcome == .state {
                let show = tabShowList[Int(known.first)]
                let list = tabSuccessor(j, sp, show, left: leaves!.first)
                same = keyIsChain(r.length, spine: show.spine, list: list, outer: outer)
            }
            if !same { reuseMismatches.append("state \(node), \(commandTable[Int(c)]): learnt \(known.outcome) in halves, the engine gave \(r.outcome)") }
        }
        learnTabHalves(r, command: c, j: j, sp, spine: spine, shownUnit: shownUnit, outer: outer, shows: shows, leaves: leaves)
        tabLeft = tabLeaves.get(spine, 0, tabLeaveKey)
    }

    /// The list a switch to tab `j` leads to: the list's units up to the first tab that changes,
    /// then the tabs in order, the one it leaves as `left` and the one it shows as its units, then
    /// the units after the tabs. The switches of a state to the tabs after the shown one share
    /// the list up to the tab they show: each goes on from the last one's (`tabRunTab`).
    @inline(__always) mutating func tabSuccessor(_ j: Int, _ sp: TabLayout, _ show: TabShow, left: UInt32) -> UInt32 {
        var l: UInt32
        var t: Int
        if j > sp.shown {
            if tabRunTab > sp.shown && tabRunTab <= j && tabRunLeft == left {
                l = tabRunList
                t = tabRunTab
            } else {
                l = encoder.cons(tabPrefixes[sp.before &+ sp.shown], left)
                t = sp.shown &+ 1
            }
            while t < j {
                l = encoder.cons(l, tabUnits[sp.place(ofTab: t)])
                t &+= 1
            }
            tabRunTab = j
            tabRunList = l
            tabRunLeft = left
        } else {
            l = tabPrefixes[sp.before &+ j]
            t = j
        }
        while t < sp.count {
            if t == j {
                var u = Int(show.first)
                let end = u &+ Int(show.count)
                while u < end {
                    l = encoder.cons(l, chainAppended[u])
                    u &+= 1
                }
            } else {
                l = encoder.cons(l, t == sp.shown ? left : tabUnits[sp.place(ofTab: t)])
            }
            t &+= 1
        }
        var p = sp.units &- sp.after
        while p < sp.units {
            l = encoder.cons(l, tabUnits[p])
            p &+= 1
        }
        return l
    }

    /// What running `tab j` taught (its outcome just found, the key in `key` for a state): each
    /// half not known yet, when the run has the shape of a switch; a half that differs from what
    /// was learnt before, or a run of another shape, makes that half run each time.
    mutating func learnTabHalves(_ r: (outcome: TransitionTable.Outcome, length: Int, wholeTree: Bool), command c: UInt32, j: Int, _ sp: TabLayout,
                                 spine: UInt32, shownUnit: UInt32, outer: UInt32, shows: TransitionTable.Answer?, leaves: TransitionTable.Answer?) {
        let each = TransitionTable.Answer(outcome: .runEachTime, first: 0, second: 0)
        if r.wholeTree || r.outcome == .rejected || r.outcome == .runEachTime {
            return tabShows.set(sp.cut, c, shownUnit, each)
        }
        if r.outcome == .crash {
            if shows == nil { tabShows.set(sp.cut, c, shownUnit, .init(outcome: .crash, first: 0, second: 0)) }
            else if shows!.outcome != .crash { tabShows.set(sp.cut, c, shownUnit, each) }
            return
        }
        guard let (show, left) = tabHalves(of: j, sp, outer: outer) else {
            return tabShows.set(sp.cut, c, shownUnit, each)
        }
        if let shows {
            if shows.outcome != .state || !sameShow(tabShowList[Int(shows.first)], show) {
                if shows.outcome != .runEachTime { tabShows.set(sp.cut, c, shownUnit, each) }
            }
            chainAppended.removeLast(Int(show.count))
        } else {
            tabShows.set(sp.cut, c, shownUnit, .init(outcome: .state, first: UInt32(tabShowList.count), second: 0))
            tabShowList.append(show)
        }
        if let leaves {
            if leaves.outcome == .state && leaves.first != left { tabLeaves.set(spine, 0, tabLeaveKey, each) }
        } else {
            tabLeaves.set(spine, 0, tabLeaveKey, .init(outcome: .state, first: left, second: 0))
        }
    }

    /// Whether two shows have the same spine and units.
    func sameShow(_ a: TabShow, _ b: TabShow) -> Bool {
        a.spine == b.spine && a.count == b.count
            && (0..<Int(a.count)).allSatisfy { chainAppended[Int(a.first) + $0] == chainAppended[Int(b.first) + $0] }
    }

    /// The halves of the switch to tab `j` just run (the next state's key in `key`, the engine's
    /// simulator after it in `reused`): what it shows (its units appended to `chainAppended`)
    /// and the unit of the tab it leaves; nil when the run does not have that shape.
    mutating func tabHalves(of j: Int, _ sp: TabLayout, outer: UInt32) -> (TabShow, UInt32)? {
        // A switch changes nothing below the top layer (only code run from a callback could
        // present, and the engine runs none there).
        guard key[0] == StateEncoder.chainForm, key[3] == outer, let tabBar = switchedTabBar(in: reused),
              let next = encoder.tabLayout(of: reused.state, tabBar: tabBar),
              next.before == sp.before, next.after == sp.after, next.shown == j, next.count == sp.count
        else { return nil }
        var after: [UInt32] = []
        units(of: key[2], into: &after)
        guard after.count == next.units else { return nil }
        // Everything but the two tabs comes back in place.
        for p in 0..<sp.before where after[p] != tabUnits[p] { return nil }
        for a in 0..<sp.after where after[next.units - 1 - a] != tabUnits[sp.units - 1 - a] { return nil }
        for t in 0..<sp.count where t != j && t != sp.shown && after[next.place(ofTab: t)] != tabUnits[sp.place(ofTab: t)] { return nil }
        let first = sp.before + j
        let show = TabShow(spine: key[1], first: Int32(chainAppended.count), count: Int32(next.shownUnits))
        chainAppended.append(contentsOf: after[first..<first + next.shownUnits])
        return (show, after[next.place(ofTab: sp.shown)])
    }
}
