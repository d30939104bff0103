import FlowEngine

/// Hidden units a command takes off and puts back unchanged (chain keys, `ExplorerChain`).
///
/// A command that takes `drop` units off the end of the hidden list was learnt per the exact run
/// of units it took off. Most of them it only moves: a tab switch takes off every unit from the
/// target tab's to the end, makes the target tab the spine, and puts the others back with the tab
/// it leaves among them. Keyed by all of them, a tab bar of five stacks learnt a switch once for
/// every combination of what the other tabs held. The first run tells which of the units taken
/// off come back unchanged (`chainPass`, a bit per unit, the last unit first): those are left out
/// of the key, and the record names them by place instead of by number. A later run that does
/// not put one of them back unchanged makes the command run every time from that spine.
extension Explorer {
    /// In `chainAppended`, a unit given by its place among the units taken off.
    static let passedUnit: UInt32 = 0x8000_0000

    /// Unit `j` of those taken off the end of list `l` (0: the last), for a record that names it
    /// by place (walked when met: most records name none). Inlined: called from mutating code,
    /// it was run on a copy of the whole explorer.
    @inline(__always) func passedUnit(_ j: Int, of l: UInt32) -> UInt32 {
        var x = l
        for _ in 0..<j { x = encoder.prefix(x) }
        return encoder.last(x)
    }

    /// The last `drop` units of list `l`, the last first, into `passScratch`.
    mutating func takenOff(_ l: UInt32, _ drop: Int) {
        passScratch.removeAll(keepingCapacity: true)
        var x = l
        for _ in 0..<drop {
            passScratch.append(encoder.last(x))
            x = encoder.prefix(x)
        }
    }

    /// The key of a command that takes `drop` units off list `l` and puts those of `pass` back
    /// unchanged: the units it reads, the last first — the unit itself for one, else their
    /// number in `suffixes`. The mask is the command's own, so all its keys are of one kind.
    mutating func passKey(_ l: UInt32, _ drop: Int, pass: UInt64) -> UInt32 {
        let read = (drop < 64 ? (UInt64(1) << UInt64(drop)) - 1 : .max) & ~pass
        if read == 0 { return .max }
        // One unit read (a back, or a tab switch, which reads the tab it shows): the unit.
        if read.nonzeroBitCount == 1 && drop <= 64 { return passedUnit(read.trailingZeroBitCount, of: l) }
        takenOff(l, drop)
        suffixScratch.removeAll(keepingCapacity: true)
        for (j, u) in passScratch.enumerated() where j >= 64 || pass & (1 << UInt64(j)) == 0 { suffixScratch.append(u) }
        return UInt32(truncatingIfNeeded: suffixes.insert(suffixScratch, count: suffixScratch.count).index)
    }

    /// For the first run of a command that took `drop` units off `hidden`: the units it put back
    /// unchanged (each exactly once, among units that all differ), as bits; 0 when none or when
    /// that cannot be told.
    mutating func passedThrough(_ hidden: UInt32, _ drop: Int, appended: Range<Int>) -> UInt64 {
        guard drop <= 64 else { return 0 }
        takenOff(hidden, drop)
        guard Set(passScratch).count == passScratch.count else { return 0 }
        var pass: UInt64 = 0
        for (j, u) in passScratch.enumerated() where chainAppended[appended].filter({ $0 == u }).count == 1 { pass |= 1 << UInt64(j) }
        return pass
    }

    /// Rewrites the units `appended` of a record so that those of `pass` are given by place;
    /// false when a unit of `pass` did not come back exactly once (the assumption failed) or the
    /// units taken off repeat one of them (which is which cannot be told).
    mutating func templated(_ hidden: UInt32, _ drop: Int, pass: UInt64, appended: Range<Int>) -> Bool {
        takenOff(hidden, drop)
        for (j, u) in passScratch.enumerated() where pass & (1 << UInt64(j)) != 0 {
            if passScratch.filter({ $0 == u }).count != 1 { return false }
            guard let m = appended.first(where: { chainAppended[$0] == u }), !appended[(m + 1)...].contains(where: { chainAppended[$0] == u }) else { return false }
            chainAppended[m] = Self.passedUnit | UInt32(j)
        }
        return true
    }
}
