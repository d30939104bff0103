/// Pairs of 32-bit numbers, each numbered once in the order first inserted: the cells of the
/// hash-consed lists of chain keys (`StateEncoder`), one per state or so, and its hidden units
/// and layers. A pair is fixed width, so it needs no start and keeps no hash (growing rehashes
/// the pairs themselves): 16 bytes a pair, one 64-bit word (compared in one go) and two 32-bit
/// slots (tag and number, as `StateSet`'s) at most half full.
struct PairSet {
    /// `a | b << 32`, by number (read in place: see `StateEncoder.prefix`).
    private(set) var pairs: [UInt64] = []
    private var slots: [UInt32]
    private var mask: Int
    private var indexBits: Int

    init(capacity: Int = 1 << 12) {
        var n = 16
        while n < capacity * 2 { n <<= 1 }
        slots = [UInt32](repeating: 0, count: n)
        mask = n - 1
        indexBits = n.trailingZeroBitCount
        pairs.reserveCapacity(capacity)
    }

    var count: Int { pairs.count }

    /// Bytes held: the pair and two slots a pair.
    var bytes: Int { count * 16 }

    @inline(__always)
    static func hash(_ ab: UInt64) -> UInt32 {
        var h = ab &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 32
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 29
        return UInt32(truncatingIfNeeded: h)
    }

    /// The number of `(a, b)`, and whether it is new.
    // Inlined, its miss outlined: a cons is made a few times per transition, and nearly all
    // are found (the call was a fifth of the cost).
    @inline(__always)
    mutating func insert(_ a: UInt32, _ b: UInt32) -> (index: Int, inserted: Bool) {
        let ab = UInt64(a) | UInt64(b) << 32
        let h = Self.hash(ab)
        let numberMask = UInt32(truncatingIfNeeded: (1 << indexBits) &- 1)
        let tag = indexBits >= 32 ? 0 : h & ~numberMask
        var pos = Int(truncatingIfNeeded: h) & mask
        let m = mask
        // Probed through pointers: conses are made for nearly every reused transition.
        let found: Int? = slots.withUnsafeBufferPointer { s in
            pairs.withUnsafeBufferPointer { p in
                while true {
                    let v = s[pos]
                    if v == 0 { return nil }
                    if v & ~numberMask == tag {
                        let i = Int(v & numberMask) &- 1
                        if p[i] == ab { return i }
                    }
                    pos = (pos &+ 1) & m
                }
            }
        }
        if let found { return (found, false) }
        return (append(ab, tag: tag, at: pos), true)
    }

    /// Numbers the new pair `ab` and puts it in slot `pos`.
    @inline(never)
    private mutating func append(_ ab: UInt64, tag: UInt32, at pos: Int) -> Int {
        let index = pairs.count
        pairs.append(ab)
        slots[pos] = tag | UInt32(truncatingIfNeeded: index &+ 1)
        if pairs.count * 2 > slots.count { grow() }
        return index
    }

    /// Doubles the table: one bit more for numbers, one less for the hash.
    private mutating func grow() {
        let n = slots.count * 2
        var fresh = [UInt32](repeating: 0, count: n)
        let m = n - 1
        let bits = n.trailingZeroBitCount
        let numberMask = UInt32(truncatingIfNeeded: (1 << bits) - 1)
        fresh.withUnsafeMutableBufferPointer { f in
            for (i, ab) in pairs.enumerated() {
                let h = Self.hash(ab)
                var pos = Int(truncatingIfNeeded: h) & m
                while f[pos] != 0 { pos = (pos + 1) & m }
                f[pos] = (bits >= 32 ? 0 : h & ~numberMask) | UInt32(truncatingIfNeeded: i + 1)
            }
        }
        slots = fresh
        mask = m
        indexBits = bits
    }
}
