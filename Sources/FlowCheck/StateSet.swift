/// The visited set: every key once, in one contiguous arena of words, found through an
/// open-addressing table of state numbers (linear probing, at most half full).
struct StateSet {
    private(set) var arena: [UInt32] = []
    /// `starts[i] ..< starts[i + 1]`: state i's key in the arena.
    private var starts: [UInt32] = [0]
    private var hashes: [UInt32] = []
    /// State number + 1; 0 is empty.
    private var slots: [UInt32]
    private var mask: Int

    init(capacity: Int = 1 << 12) {
        var n = 16
        while n < capacity * 2 { n <<= 1 }
        slots = [UInt32](repeating: 0, count: n)
        mask = n - 1
    }

    var count: Int { hashes.count }

    /// Bytes held per state: its key, its start and hash, and two table slots (the table is
    /// kept at most half full; its initial size is not charged to small explorations).
    var bytesPerState: Double {
        guard count > 0 else { return 0 }
        return Double(arena.count * 4) / Double(count) + 4 + 4 + 2 * 4
    }

    /// Bytes held in all (for sets whose table is not charged per state elsewhere).
    var bytes: Int { (arena.count + starts.count + hashes.count + slots.count) * 4 }

    /// Copies state `index`'s key to the front of `out` (grown as needed) and returns its length.
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

    static func hash(_ key: UnsafeBufferPointer<UInt32>) -> UInt32 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(key.count)
        for w in key {
            h = (h ^ UInt64(w)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
        }
        h ^= h >> 29
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 32
        return UInt32(truncatingIfNeeded: h)
    }

    /// The state number of `key`, and whether it is new.
    mutating func insert(_ key: [UInt32]) -> (index: Int, inserted: Bool) {
        insert(key, count: key.count)
    }

    /// The state number of the first `count` words of `key`, and whether it is new.
    mutating func insert(_ key: [UInt32], count: Int) -> (index: Int, inserted: Bool) {
        key.withUnsafeBufferPointer { whole in
            let k = UnsafeBufferPointer(rebasing: whole[..<count])
            let h = Self.hash(k)
            var pos = Int(h) & mask
            while true {
                let slot = slots[pos]
                if slot == 0 { break }
                let index = Int(slot - 1)
                if hashes[index] == h && equal(index, k) { return (index, false) }
                pos = (pos + 1) & mask
            }
            let index = hashes.count
            hashes.append(h)
            arena.append(contentsOf: k)
            starts.append(UInt32(truncatingIfNeeded: arena.count))
            slots[pos] = UInt32(index + 1)
            if hashes.count * 2 > slots.count { grow() }
            return (index, true)
        }
    }

    private func equal(_ index: Int, _ k: UnsafeBufferPointer<UInt32>) -> Bool {
        let start = Int(starts[index]), end = Int(starts[index + 1])
        guard end - start == k.count else { return false }
        return arena.withUnsafeBufferPointer { a in
            for j in 0..<k.count where a[start + j] != k[j] { return false }
            return true
        }
    }

    private mutating func grow() {
        let n = slots.count * 2
        var fresh = [UInt32](repeating: 0, count: n)
        let m = n - 1
        for (index, h) in hashes.enumerated() {
            var pos = Int(h) & m
            while fresh[pos] != 0 { pos = (pos + 1) & m }
            fresh[pos] = UInt32(index + 1)
        }
        slots = fresh
        mask = m
    }
}
