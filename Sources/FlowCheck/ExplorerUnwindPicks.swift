import FlowEngine
import FlowModel

/// Reused outcomes of unwinds that climb one layer, keyed by what their search asked. An
/// unwind out of a presented layer climbs to its presenter, usually the window's root, and
/// from there asks the layer below depth first, child by child, until one can perform it
/// (`Simulator.unwindSearched`). Keyed by that whole layer (`ExplorerUnwind`), it was learnt
/// again for every state of the other tabs and stacks, although the search stopped long before
/// them: in a real app, thousands of runs of the same "Done".
///
/// The spine of the layer below fixes its shape: how many hidden units it has and where each
/// sits, so the order the search meets them in. Among states with the same top layer and the
/// same spine below, the search asks the same units in the same order as long as the ones it
/// asks hold the same: each answers the same, so it goes on to the same next one, and stops at
/// the same view controller. So the outcome is keyed by the spine below and the units the first
/// run from that spine asked (*picks*), with those it changed: a unit it asked
/// can become the spine (a tab the unwind selects), and the units it takes the place of are
/// made into others (the tab it leaves, with what its stack held). The others it leaves as they
/// are, wherever they stand, so the outcome names them by place: the top layer goes, and the
/// one below is the top again with a new spine and a list of units and units by place
/// (`ChainKind.returns`; `.dismisses` when the list stays). A run that asks or changes a unit
/// outside its key, or that does not return to the layer below, is not learnt: its states use
/// the whole layer's key.
extension Explorer {
    /// The picks of an unwind lookup: the number of (top list, spine below) in `unwindReads`,
    /// and the key of its outcome (nil: no picks learnt yet for it).
    struct UnwindPick {
        var shape: UInt32
        var key: UInt32?
    }

    /// Marks a key in `unwindReads` as picks (its shape, or the units it picked), never a layer number.
    static let shapeMark: UInt32 = .max - 1
    static let pickMark: UInt32 = .max - 2
    /// A pick: the layer below the top (0: the first) above these bits, the place of the unit
    /// from the end of that layer's list in them. An entry of `unwindPicks`: its picks'
    /// `first` in `unwindPickList`, their count in `second`'s low bits and the layers the
    /// search climbed above `pickLayerShift`.
    static let pickLayerShift: UInt32 = 24

    /// `lookupUnwind` for an unwind that climbed out of the top layer in its first run from it:
    /// the record, whether running it teaches something, and its picks; nil when the states
    /// with this key use the whole layers' key.
    ///
    /// A shape is first the top layer's list and the spine of the layer below. When its first
    /// run climbed further, other states of that shape may hold other layers further down (more
    /// modal screens stacked between the top and the tab bar, say), and a pick may fall outside
    /// their lists: those states take the shape with the spines of every layer that run climbed
    /// into, learnt from a run of their own, and so on down (`pickShape(layers:)`).
    mutating func lookupPicked(_ c: UInt32, spine: UInt32, hidden: UInt32, outer: UInt32) -> (known: Int32, learn: Bool, pick: UnwindPick)? {
        var layers = 1
        while true {
            guard let shape = pickShape(hidden: hidden, outer: outer, layers: layers) else { return nil }
            guard let picks = unwindPicks.get(spine, c, shape) else { return (-1, true, UnwindPick(shape: shape, key: nil)) }
            guard picks.outcome == .state else { return nil }
            guard let k = pickedKey(hidden: hidden, outer: outer, picks: picks, shape: shape) else {
                let levels = Int(picks.second >> Self.pickLayerShift)
                guard levels > layers else { return nil }
                layers = levels
                continue
            }
            guard let a = chainTable.get(spine, c, k) else { return (-1, true, UnwindPick(shape: shape, key: k)) }
            guard a.outcome == .state else { return nil }
            return (Int32(a.first), false, UnwindPick(shape: shape, key: k))
        }
    }

    /// The number of the top layer's list and the spines of the last `layers` layers below (the
    /// first, `outer`'s last, alone for most); nil when `outer` has fewer.
    mutating func pickShape(hidden: UInt32, outer: UInt32, layers: Int = 1) -> UInt32? {
        if layers == 1 {
            guard outer != StateEncoder.emptyList else { return nil }
            let below = encoder.layerSpine(encoder.last(outer))
            if let known = unwindShapes.get(hidden, below, 0) { return known.first }
            guard let shape = pickShape(hidden: hidden, outer: outer, words: 3) else { return nil }
            unwindShapes.set(hidden, below, 0, .init(outcome: .state, first: shape, second: 0))
            return shape
        }
        return pickShape(hidden: hidden, outer: outer, words: 2 + layers)
    }

    /// `pickShape`'s number, from its words (`n`: two and the layers).
    private mutating func pickShape(hidden: UInt32, outer: UInt32, words n: Int) -> UInt32? {
        let layers = n - 2
        if suffixScratch.count < n { suffixScratch = [UInt32](repeating: 0, count: max(n, 2 * suffixScratch.count)) }
        suffixScratch[0] = hidden
        suffixScratch[1] = Self.shapeMark
        guard layerSpines(outer, layers, at: 2) else { return nil }
        return UInt32(truncatingIfNeeded: unwindReads.insert(suffixScratch, count: n).index)
    }

    /// The spines of the last `n` layers of `outer`, the last first, into `suffixScratch` from
    /// `at`; false when it has fewer.
    mutating func layerSpines(_ outer: UInt32, _ n: Int, at: Int) -> Bool {
        var o = outer
        for j in 0..<n {
            if o == StateEncoder.emptyList { return false }
            suffixScratch[at + j] = encoder.layerSpine(encoder.last(o))
            o = encoder.prefix(o)
        }
        return true
    }

    /// The number of the key: the top layer's list, the shape (its picks are the shape's), the
    /// spines of the layers the search climbed into, and the units of their lists at the picks;
    /// nil when `outer` has fewer layers, or a pick falls outside a list.
    mutating func pickedKey(hidden: UInt32, outer: UInt32, picks: TransitionTable.Answer, shape: UInt32) -> UInt32? {
        let count = Int(picks.second & ((1 << Self.pickLayerShift) - 1)), levels = Int(picks.second >> Self.pickLayerShift)
        let n = 3 + levels + count
        if suffixScratch.count < n { suffixScratch = [UInt32](repeating: 0, count: max(n, 2 * suffixScratch.count)) }
        suffixScratch[0] = hidden
        suffixScratch[1] = Self.pickMark
        suffixScratch[2] = shape
        guard layerSpines(outer, levels, at: 3) else { return nil }
        // Layer by layer, each from the end of its list.
        var layer = -1, l = StateEncoder.emptyList, at = 0
        var o = outer
        for p in 0..<count {
            let pick = unwindPickList[Int(picks.first) + p]
            let want = Int(pick >> Self.pickLayerShift), place = Int(pick & ((1 << Self.pickLayerShift) - 1))
            while layer < want {
                l = encoder.layerHidden(encoder.last(o))
                o = encoder.prefix(o)
                at = 0
                layer += 1
            }
            // The spine of a layer below the first fixes no length of its list: a pick can
            // fall outside it (then another shape, and the whole layers' key).
            while at < place && l != StateEncoder.emptyList {
                l = encoder.prefix(l)
                at += 1
            }
            if l == StateEncoder.emptyList { return nil }
            suffixScratch[3 + levels + p] = encoder.last(l)
        }
        // One layer: the shape holds the list and the spine below, so the picks' units tell the key.
        guard levels == 1, count == 1 || count == 2 else { return UInt32(truncatingIfNeeded: unwindReads.insert(suffixScratch, count: n).index) }
        let first = suffixScratch[4], second = count == 2 ? suffixScratch[5] : Self.pickMark
        if let known = unwindPicked.get(shape, first, second) { return known.first }
        let k = UInt32(truncatingIfNeeded: unwindReads.insert(suffixScratch, count: n).index)
        unwindPicked.set(shape, first, second, .init(outcome: .state, first: k, second: 0))
        return k
    }

    /// What the run just made (from the state held at `depth`) taught for picks `pick`; false
    /// when the states with its key use the whole layers' key (then it teaches that key).
    mutating func rememberPicked(_ r: (outcome: TransitionTable.Outcome, length: Int, wholeTree: Bool), command c: UInt32, spine: UInt32,
                                 hidden: UInt32, outer: UInt32, pick: UnwindPick, depth d: Int) -> Bool {
        let read = levelsRead(r, outer: outer, depth: d)
        let known = pick.key == nil ? nil : unwindPicks.get(spine, c, pick.shape)
        // The layers it climbed: as many as the first run from this shape did.
        let levels = known.map { Int($0.second >> Self.pickLayerShift) } ?? (r.wholeTree ? read ?? 0 : 1)
        let climbed = r.wholeTree ? read == levels && levels >= 1 : r.outcome != .state
        var need: [Int] = []
        swap(&need, &rootScratch)
        defer { swap(&need, &rootScratch) }
        guard climbed, levels < 1 << 7, encoder.length(ofList: outer) >= levels, picksAsked(from: d, outer: outer, levels: levels, into: &need) else {
            if pick.key == nil { unwindPicks.set(spine, c, pick.shape, .init(outcome: .runEachTime, first: 0, second: 0)) }
            if let k = pick.key { chainTable.set(spine, c, k, .init(outcome: .runEachTime, first: 0, second: 0)) }
            return false
        }
        // The layer it returns to, and the list of layers below it.
        var rest = outer
        for _ in 1..<levels { rest = encoder.prefix(rest) }
        let returnsTo = encoder.layerHidden(encoder.last(rest))
        rest = encoder.prefix(rest)
        // A state: the layers above the one it found its destination in gone, that one the top again.
        let returns = r.outcome != .state || (r.length == 4 && key[0] == StateEncoder.chainForm && key[3] == rest)
        var old: [UInt32] = [], new: [UInt32] = []
        let lastLayer = (levels - 1) << Self.pickLayerShift
        if r.outcome == .state && returns {
            units(of: returnsTo, into: &old)
            units(of: key[2], into: &new)
            // The units it did not put back as they were are read too: what it made of them
            // (a tab left, with what its stack held) is in the outcome.
            for j in old.indices where !need.contains(lastLayer | j) && !new.contains(old[old.count - 1 - j]) { need.append(lastLayer | j) }
            need.sort()
        }
        guard need.count < 1 << Self.pickLayerShift else { return false }
        let picks = known ?? .init(outcome: .state, first: UInt32(unwindPickList.count), second: UInt32(need.count) | UInt32(levels) << Self.pickLayerShift)
        if known == nil {
            unwindPickList += need.map { UInt32($0) }
            unwindPicks.set(spine, c, pick.shape, picks)
        }
        guard let k = pick.key ?? pickedKey(hidden: hidden, outer: outer, picks: picks, shape: pick.shape) else { return false }
        let count = Int(picks.second & ((1 << Self.pickLayerShift) - 1))
        let keyed = unwindPickList[Int(picks.first)..<Int(picks.first) + count]
        guard returns, need.allSatisfy({ keyed.contains(UInt32($0)) }) else {
            // It read or changed a unit its key leaves out.
            chainTable.set(spine, c, k, .init(outcome: .runEachTime, first: 0, second: 0))
            return false
        }
        var record = ChainRecord(outcome: r.outcome, kind: .dismisses, layersOff: UInt8(levels), spine: 0, first: Int32(chainAppended.count), count: 0, below: 0)
        if r.outcome == .state {
            record.spine = key[1]
            if key[2] != returnsTo || levels > 1 {
                // Units its key leaves out come back by place; the others as they are now.
                record.kind = .returns
                for u in new {
                    let j = old.firstIndex(of: u).map { old.count - 1 - $0 }
                    chainAppended.append(j.map { keyed.contains(UInt32(lastLayer | $0)) ? u : Self.passedUnit | UInt32($0) } ?? u)
                }
                record.count = Int32(new.count)
            }
        }
        chainTable.set(spine, c, k, .init(outcome: .state, first: UInt32(chainRecords.count), second: 0))
        chainRecords.append(record)
        return true
    }

    /// The units of list `l`, first to last, into `out`.
    func units(of l: UInt32, into out: inout [UInt32]) {
        out.removeAll(keepingCapacity: true)
        var x = l
        while x != StateEncoder.emptyList {
            out.append(encoder.last(x))
            x = encoder.prefix(x)
        }
        out.reverse()
    }

    /// The units of the `levels` layers below the top one of the state held at `depth` (whose
    /// layers below are `outer`) that the last run's unwind search asked, as picks, ascending.
    mutating func picksAsked(from d: Int, outer: UInt32, levels: Int, into out: inout [Int]) -> Bool {
        var roots: [Int] = []
        out.removeAll(keepingCapacity: true)
        let searched = reused.unwindSearched
        var o = outer
        for layer in 0..<levels {
            let list = encoder.layerHidden(encoder.last(o))
            o = encoder.prefix(o)
            guard encoder.hiddenRoots(ofLayerBelowTop: layer + 1, of: held[Self.slot(d)].state, into: &roots),
                  roots.count == encoder.length(ofList: list) else { return false }
            for j in 0..<roots.count where searched.contains(Int32(truncatingIfNeeded: roots[roots.count - 1 - j])) {
                out.append(layer << Int(Self.pickLayerShift) | j)
            }
        }
        return true
    }
}
