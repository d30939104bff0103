/// The visited set: every key once, in one contiguous arena of words, found through an
/// open-addressing table (linear probing, at most half full). A slot is 32 bits: the key's number
/// in its low bits (as many as the table's size needs) and the top bits of its hash above them,
/// so that a probe reads a key's words (and where they start) only when those bits agree. The
/// table is far larger than the caches at a million states: every word a probe reads elsewhere
/// is another wait for memory, so the slot carries what decides most probes.
struct StateSet {
    /// The keys one after another; the words from `used` on are room to grow into.
    private var arena: [UInt32] = []
    private var used = 0
    /// `starts[i] ..< starts[i + 1]`: key i's words in the arena.
    private var starts: [UInt32] = [0]
    /// Each key's hash, by number: read only to grow the table.
    private var hashes: [UInt32] = []
    /// tag << indexBits | (key number + 1); 0 is empty.
    private var slots: [UInt32]
    private var mask: Int
    /// log2 of the table's size: the table is at most half full, so a number + 1 fits.
    private var indexBits: Int

    init(capacity: Int = 1 << 12) {
        var n = 16
        while n < capacity * 2 { n <<= 1 }
        slots = [UInt32](repeating: 0, count: n)
        mask = n - 1
        indexBits = n.trailingZeroBitCount
    }

    var count: Int { hashes.count }

    /// Bytes held per key: its words, its start and hash, and two table slots (the table is kept
    /// at most half full; its initial size and the arena's room to grow are not charged).
    var bytesPerState: Double {
        guard count > 0 else { return 0 }
        return Double(used * 4) / Double(count) + 4 + 4 + 2 * 4
    }

    /// Bytes held for all keys, counted as `bytesPerState` counts them (no room to grow, no
    /// initial table: a small exploration is not charged for tables sized for a large one).
    var bytes: Int { Int((bytesPerState * Double(count)).rounded()) }

    /// Copies key `index` to the front of `out` (grown as needed) and returns its length.
    func copyKey(_ index: Int, into out: inout [UInt32]) -> Int {
        let start = Int(starts[index]), end = Int(starts[index + 1])
        let n = end - start
        if out.count < n { out = [UInt32](repeating: 0, count: max(n, 2 * out.count)) }
        arena.withUnsafeBufferPointer { a in
            out.withUnsafeMutableBufferPointer { o in
                for j in 0..<n { o[j] = a[start + j] }
            }
        }
        return n
    }

    /// Key `index`'s last three words when it is four words long and its first is `first` (a
    /// chain key: read in place, where `copyKey` copies).
    func words3(_ index: Int, ifFirst first: UInt32) -> (UInt32, UInt32, UInt32)? {
        let start = Int(starts[index])
        guard Int(starts[index &+ 1]) &- start == 4, arena[start] == first else { return nil }
        return (arena[start &+ 1], arena[start &+ 2], arena[start &+ 3])
    }

    /// Two words at a time: keys are short (a split key is a handful of words).
    static func hash(_ key: UnsafeBufferPointer<UInt32>) -> UInt32 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(key.count)
        var j = 0
        while j + 1 < key.count {
            h = (h ^ (UInt64(key[j]) | UInt64(key[j + 1]) << 32)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            j += 2
        }
        if j < key.count {
            h = (h ^ UInt64(key[j])) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
        }
        h ^= h >> 29
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 32
        return UInt32(truncatingIfNeeded: h)
    }

    /// The number of the first `count` words of `key`, and whether they are new.
    mutating func insert(_ key: [UInt32], count n: Int) -> (index: Int, inserted: Bool) {
        let h = key.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[..<n])) }
        let numberMask = UInt32(truncatingIfNeeded: (1 << indexBits) - 1)
        let tag = indexBits >= 32 ? 0 : h & ~numberMask
        var pos = Int(truncatingIfNeeded: h) & mask
        // Probed through pointers: the table and the arena are read for nearly every transition.
        let found: Int? = slots.withUnsafeBufferPointer { s in
            arena.withUnsafeBufferPointer { a in
                starts.withUnsafeBufferPointer { st in
                    key.withUnsafeBufferPointer { k in
                        while true {
                            let v = s[pos]
                            if v == 0 { return nil }
                            if v & ~numberMask == tag {
                                let i = Int(v & numberMask) - 1
                                let start = Int(st[i])
                                if Int(st[i + 1]) - start == n {
                                    var j = 0
                                    while j < n && a[start + j] == k[j] { j += 1 }
                                    if j == n { return i }
                                }
                            }
                            pos = (pos + 1) & mask
                        }
                    }
                }
            }
        }
        if let found { return (found, false) }
        makeRoom(n)
        let base = used
        arena.withUnsafeMutableBufferPointer { a in
            key.withUnsafeBufferPointer { k in
                for j in 0..<n { a[base + j] = k[j] }
            }
        }
        return settle(n, hash: h, tag: tag, at: pos)
    }

    /// `insert` of a four-word key (every chain key, `StateEncoder`): the same hash and table,
    /// unrolled, for the call made on nearly every transition of a chain-keyed flow (inlined
    /// there, its miss outlined).
    @inline(__always)
    mutating func insert4(_ w0: UInt32, _ w1: UInt32, _ w2: UInt32, _ w3: UInt32) -> (index: Int, inserted: Bool) {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ 4
        h = (h ^ (UInt64(w0) | UInt64(w1) << 32)) &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 32
        h = (h ^ (UInt64(w2) | UInt64(w3) << 32)) &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 32
        h ^= h >> 29
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 32
        let hash = UInt32(truncatingIfNeeded: h)
        let numberMask = UInt32(truncatingIfNeeded: (1 << indexBits) &- 1)
        let tag = indexBits >= 32 ? 0 : hash & ~numberMask
        var pos = Int(truncatingIfNeeded: hash) & mask
        let m = mask
        let found: Int? = slots.withUnsafeBufferPointer { s in
            arena.withUnsafeBufferPointer { a in
                starts.withUnsafeBufferPointer { st in
                    while true {
                        let v = s[pos]
                        if v == 0 { return nil }
                        if v & ~numberMask == tag {
                            let i = Int(v & numberMask) &- 1
                            let start = Int(st[i])
                            if Int(st[i &+ 1]) &- start == 4 && a[start] == w0 && a[start &+ 1] == w1
                                && a[start &+ 2] == w2 && a[start &+ 3] == w3 { return i }
                        }
                        pos = (pos &+ 1) & m
                    }
                }
            }
        }
        if let found { return (found, false) }
        return (append4(w0, w1, w2, w3, hash: hash, tag: tag, at: pos), true)
    }

    @inline(never)
    private mutating func append4(_ w0: UInt32, _ w1: UInt32, _ w2: UInt32, _ w3: UInt32, hash: UInt32, tag: UInt32, at pos: Int) -> Int {
        makeRoom(4)
        let base = used
        arena.withUnsafeMutableBufferPointer { a in
            a[base] = w0
            a[base &+ 1] = w1
            a[base &+ 2] = w2
            a[base &+ 3] = w3
        }
        return settle(4, hash: hash, tag: tag, at: pos).index
    }

    /// Room in the arena for `n` more words (doubling it).
    @inline(__always)
    private mutating func makeRoom(_ n: Int) {
        if used + n > arena.count { arena.append(contentsOf: repeatElement(0, count: max(n, arena.count))) }
    }

    /// Numbers the key just written at `arena[used ..< used + n]` and puts it in slot `pos`.
    @inline(__always)
    private mutating func settle(_ n: Int, hash: UInt32, tag: UInt32, at pos: Int) -> (index: Int, inserted: Bool) {
        let index = count
        used += n
        starts.append(UInt32(truncatingIfNeeded: used))
        hashes.append(hash)
        slots[pos] = tag | UInt32(truncatingIfNeeded: index + 1)
        if count * 2 > slots.count { grow() }
        return (index, true)
    }

    /// Doubles the table: one bit more for numbers, one less for the hash.
    private mutating func grow() {
        let n = slots.count * 2
        var fresh = [UInt32](repeating: 0, count: n)
        let m = n - 1
        let bits = n.trailingZeroBitCount
        let numberMask = UInt32(truncatingIfNeeded: (1 << bits) - 1)
        fresh.withUnsafeMutableBufferPointer { f in
            for (index, h) in hashes.enumerated() {
                var pos = Int(truncatingIfNeeded: h) & m
                while f[pos] != 0 { pos = (pos + 1) & m }
                f[pos] = (bits >= 32 ? 0 : h & ~numberMask) | UInt32(truncatingIfNeeded: index + 1)
            }
        }
        slots = fresh
        mask = m
        indexBits = bits
    }
}
