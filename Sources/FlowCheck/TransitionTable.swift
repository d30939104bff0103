/// What `Explorer` learnt from running one command once: keyed by three numbers (a root, a
/// command, a tab's subtree: see `StateEncoder`'s split form), an outcome and two numbers.
/// An open-addressing table (linear probing, at most half full): it is read for nearly every
/// transition, where a `Dictionary` would hash with SipHash each time.
struct TransitionTable {
    enum Outcome: UInt8 {
        /// The command leads to the state the two numbers describe.
        case state
        /// The app crashes.
        case crash
        /// The command is rejected (it is not a transition).
        case rejected
        /// The outcome depends on more than the three numbers: run the command each time.
        case runEachTime
    }

    struct Answer {
        var outcome: Outcome
        var first: UInt32
        var second: UInt32
    }

    private struct Entry {
        /// `a << 32 | b`.
        var ab: UInt64
        var c: UInt32
        var outcome: Outcome
        var filled: Bool
        var first: UInt32
        var second: UInt32
    }

    private var entries: [Entry]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int = 1 << 10) {
        var n = 16
        while n < capacity * 2 { n <<= 1 }
        entries = Array(repeating: Entry(ab: 0, c: 0, outcome: .state, filled: false, first: 0, second: 0), count: n)
        mask = n - 1
    }

    /// Bytes held for the entries set: two slots each, as the table is at most half full (its
    /// initial size is not charged to small explorations).
    var bytes: Int { count * 2 * MemoryLayout<Entry>.stride }

    @inline(__always)
    private static func slot(_ ab: UInt64, _ c: UInt32, _ mask: Int) -> Int {
        var h = (ab ^ (UInt64(c) &* 0x9E37_79B9_7F4A_7C15)) &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 29
        return Int(truncatingIfNeeded: h) & mask
    }

    // Inlined: it is read for nearly every transition, and a call was a third of its cost.
    @inline(__always)
    func get(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> Answer? {
        let ab = UInt64(a) << 32 | UInt64(b)
        return entries.withUnsafeBufferPointer { e in
            var pos = Self.slot(ab, c, mask)
            while e[pos].filled {
                if e[pos].ab == ab && e[pos].c == c { return Answer(outcome: e[pos].outcome, first: e[pos].first, second: e[pos].second) }
                pos = (pos + 1) & mask
            }
            return nil
        }
    }

    /// Sets (or replaces) the answer for `(a, b, c)`.
    mutating func set(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ answer: Answer) {
        let ab = UInt64(a) << 32 | UInt64(b)
        var pos = Self.slot(ab, c, mask)
        while entries[pos].filled {
            if entries[pos].ab == ab && entries[pos].c == c { break }
            pos = (pos + 1) & mask
        }
        if !entries[pos].filled { count += 1 }
        entries[pos] = Entry(ab: ab, c: c, outcome: answer.outcome, filled: true, first: answer.first, second: answer.second)
        if count * 2 > entries.count { grow() }
    }

    private mutating func grow() {
        let old = entries
        let n = old.count * 2
        entries = Array(repeating: Entry(ab: 0, c: 0, outcome: .state, filled: false, first: 0, second: 0), count: n)
        mask = n - 1
        for e in old where e.filled {
            var pos = Self.slot(e.ab, e.c, mask)
            while entries[pos].filled { pos = (pos + 1) & mask }
            entries[pos] = e
        }
    }
}
