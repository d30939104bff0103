import FlowEngine
import FlowModel

/// Reused outcomes of unwinds in chain keys (see `ExplorerChain`). An unwind's search climbs
/// from the front-most scene through parents and presenters, and at each view controller on the
/// way asks its other children, hidden ones included: it reads the whole top layer and, below
/// it, each layer it climbs into, until the one where it finds its destination. Its transition
/// (a dismiss of what is above that layer, then pops and tab selections in it) changes only
/// those layers. So its outcome is learnt per spine, command, the top layer's whole list and
/// the last layers below that the search reached (`Simulator.unwindLevelsClimbed`), and reused
/// for every state that has them, whatever the layers further below hold.
///
/// How many layers below a record is keyed by is learnt from the first run from a top layer
/// (per spine, command and list); a later run from that top layer that reads more layers than
/// its key holds (the search went further down) is not learnt: states with its key run it each
/// time. An unwind that finds nothing also reads every view controller (for its note), and is
/// run each time.
extension Explorer {
    /// What is known of unwind command `c` from a state whose top layer has spine `spine` and
    /// list `hidden`, above the layers `outer`: the record (-1: none, or run each time), whether
    /// running it teaches something, the layers below its key holds (-1: none learnt yet for
    /// this top layer) and the key's number in `unwindReads`.
    mutating func lookupUnwind(_ c: UInt32, spine: UInt32, hidden: UInt32, outer: UInt32)
        -> (known: Int32, learn: Bool, levels: Int, reads: UInt32, pick: UnwindPick?) {
        guard let reach = unwindReach.get(spine, c, hidden) else { return (-1, true, -1, 0, nil) }
        guard reach.outcome == .state else { return (-1, false, -1, 0, nil) }
        let levels = Int(reach.first)
        // Out of the top layer: keyed by what the search asked below, when that is known to do.
        if levels >= 1, outer != StateEncoder.emptyList, let p = lookupPicked(c, spine: spine, hidden: hidden, outer: outer) {
            return (p.known, p.learn, levels, 0, p.pick)
        }
        // A state with fewer layers below: the search reads another thing (it runs out of
        // layers), so it runs, and teaches nothing for the others.
        guard let reads = unwindKey(hidden: hidden, outer: outer, levels: levels) else { return (-1, false, levels, 0, nil) }
        // The chain table's (spine, command) pairs of an unwind command hold only these keys.
        if let a = chainTable.get(spine, c, reads) { return (Int32(a.first), false, levels, reads, nil) }
        return (-1, true, levels, reads, nil)
    }

    /// The number of list `hidden` and the last `levels` layers of `outer`, or nil when
    /// `outer` has fewer.
    mutating func unwindKey(hidden: UInt32, outer: UInt32, levels: Int) -> UInt32? {
        if suffixScratch.count < levels + 1 { suffixScratch = [UInt32](repeating: 0, count: max(levels + 1, 2 * suffixScratch.count)) }
        suffixScratch[0] = hidden
        var o = outer
        for j in 0..<levels {
            if o == StateEncoder.emptyList { return nil }
            suffixScratch[1 + j] = encoder.last(o)
            o = encoder.prefix(o)
        }
        return UInt32(truncatingIfNeeded: unwindReads.insert(suffixScratch, count: levels + 1).index)
    }

    /// What running unwind command `c` from a state with lists `hidden` and `outer` (held at
    /// `depth`) taught: keyed by `levels` layers below (-1: the first run from this top layer,
    /// which decides it) and then by key `reads`.
    mutating func rememberUnwind(_ r: (outcome: TransitionTable.Outcome, length: Int, wholeTree: Bool), command c: UInt32, spine: UInt32,
                                 hidden: UInt32, outer: UInt32, levels keyed: Int, reads: UInt32, pick: UnwindPick? = nil, depth d: Int) {
        var reads = reads, keyed = keyed, pick = pick
        let read = levelsRead(r, outer: outer, depth: d)
        if keyed < 0, let read, read >= 1, r.wholeTree, outer != StateEncoder.emptyList {
            // The first run from this top layer climbed out of it: it also teaches its picks.
            unwindReach.set(spine, c, hidden, .init(outcome: .state, first: UInt32(read), second: 0))
            keyed = read
            pick = pickShape(hidden: hidden, outer: outer).map { UnwindPick(shape: $0, key: nil) }
        }
        if let pick {
            if rememberPicked(r, command: c, spine: spine, hidden: hidden, outer: outer, pick: pick, depth: d) { return }
            // Its states are keyed by the whole layer below: learnt from this run unless known.
            guard let full = unwindKey(hidden: hidden, outer: outer, levels: keyed), chainTable.get(spine, c, full) == nil else { return }
            reads = full
        }
        var levels = keyed
        if levels < 0 {
            guard let read, let k = unwindKey(hidden: hidden, outer: outer, levels: read) else {
                unwindReach.set(spine, c, hidden, .init(outcome: .runEachTime, first: 0, second: 0))
                return
            }
            unwindReach.set(spine, c, hidden, .init(outcome: .state, first: UInt32(read), second: 0))
            levels = read
            reads = k
        }
        var record = ChainRecord(outcome: r.outcome, kind: .whole, spine: 0, first: Int32(chainAppended.count), count: 0, below: 0)
        if read.map({ $0 > levels }) ?? true {
            // It read what the key leaves out: states with this key run it each time.
            record.outcome = .runEachTime
        } else if r.outcome == .state {
            let off = r.length == 4 && key[0] == StateEncoder.chainForm ? difference(from: outer, to: key[3]) : Int.max
            if off <= min(levels, Int(UInt8.max)) {
                record.spine = key[1]
                record.below = key[2]
                record.layersOff = UInt8(off)
                record.count = Int32(chainAppended.count) - record.first
            } else {
                // It changed a layer it did not read (or the key's form): not one of these.
                chainAppended.removeSubrange(Int(record.first)...)
                record.outcome = .runEachTime
            }
        }
        chainTable.set(spine, c, reads, .init(outcome: .state, first: UInt32(chainRecords.count), second: 0))
        chainRecords.append(record)
    }

    /// How many layers below the top one the command just run (`reused`, from the state held at
    /// `depth`, whose layers below are `outer`) read: none for a command that made no unwind
    /// (it reads the top layer, or the one below for a dismiss, which takes that layer off and
    /// so is not learnt with none), the levels its unwind climbed, or nil when not known.
    func levelsRead(_ r: (outcome: TransitionTable.Outcome, length: Int, wholeTree: Bool), outer: UInt32, depth d: Int) -> Int? {
        guard r.wholeTree else { return 0 }
        let climbed = reused.unwindLevelsClimbed
        guard climbed > 0 else { return climbed == 0 ? 0 : nil }
        // A level climbed is a layer of the key when the encoder made a layer of each level
        // presented from the window's root (not one layer of everything).
        let state = held[Self.slot(d)].state
        var presentedLevels = 0
        var x = state.windowRoot
        while let v = x, let p = state[v].presented {
            presentedLevels += 1
            x = p
        }
        return encoder.length(ofList: outer) == presentedLevels ? climbed : nil
    }

    mutating func countUnwindReuse(layersOff off: Int) {
        if reusedUnwinds.count <= off { reusedUnwinds += repeatElement(0, count: off + 1 - reusedUnwinds.count) }
        reusedUnwinds[off] += 1
    }
}
