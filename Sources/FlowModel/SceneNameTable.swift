#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The direct reader's scene numbers by name, looked up by the bytes of a name in the file: a
/// segue's source and destination need no `String` made and hashed (the standard hash of two
/// names per segue was a tenth of reading a large flow). The hash has no seed: a name probes
/// at most `probeLimit` slots, past which the table answers "not there" and the reader gives
/// the file to the tree path (whose dictionaries are seeded), so crafted names cannot make
/// loading quadratic.
struct SceneNameTable {
    /// Per slot, 0 when empty, else the upper half of the name's hash and the scene number + 1.
    private var slots = [UInt64](repeating: 0, count: 1024)
    /// Where each scene's name is in the file, by scene number (valid while it is read).
    private var starts: [Int] = []
    private var counts: [Int] = []
    private static let probeLimit = 64

    /// Adds scene number `starts.count` named by bytes `start..<start + count`; false when the
    /// name is there already (or past the probe limit).
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Bool {
        if (starts.count + 1) * 2 > slots.count { grow(bytes) }
        let h = Self.hash(bytes.baseAddress! + start, count)
        let mask = slots.count - 1
        var i = Int(h & UInt64(mask))
        var probes = 0
        while slots[i] != 0 {
            let slot = slots[i]
            if slot >> 32 == h >> 32, same(bytes, Int(slot & 0xFFFF_FFFF) - 1, start, count) { return false }
            probes += 1
            if probes > Self.probeLimit { return false }
            i = (i + 1) & mask
        }
        slots[i] = (h & 0xFFFF_FFFF_0000_0000) | UInt64(starts.count + 1)
        starts.append(start)
        counts.append(count)
        return true
    }

    /// The number of the scene named by bytes `start..<start + count`.
    func index(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        let h = Self.hash(bytes.baseAddress! + start, count)
        let mask = slots.count - 1
        var i = Int(h & UInt64(mask))
        var probes = 0
        while slots[i] != 0 {
            let slot = slots[i]
            if slot >> 32 == h >> 32 {
                let n = Int(slot & 0xFFFF_FFFF) - 1
                if same(bytes, n, start, count) { return n }
            }
            probes += 1
            if probes > Self.probeLimit { return nil }
            i = (i + 1) & mask
        }
        return nil
    }

    /// The number of the scene named `name`, once the file is read (`scenes` in number order).
    func index(of name: String, in scenes: [Scene]) -> Int? {
        var name = name
        return name.withUTF8 { u -> Int? in
            let h = Self.hash(u.baseAddress ?? UnsafePointer(bitPattern: 1)!, u.count)
            let mask = slots.count - 1
            var i = Int(h & UInt64(mask))
            var probes = 0
            while slots[i] != 0 {
                let slot = slots[i]
                let n = Int(slot & 0xFFFF_FFFF) - 1
                if slot >> 32 == h >> 32, scenes[n].id.utf8.elementsEqual(u) { return n }
                probes += 1
                if probes > Self.probeLimit { return nil }
                i = (i + 1) & mask
            }
            return nil
        }
    }

    private func same(_ bytes: UnsafeBufferPointer<UInt8>, _ scene: Int, _ start: Int, _ count: Int) -> Bool {
        counts[scene] == count && memcmp(bytes.baseAddress! + starts[scene], bytes.baseAddress! + start, count) == 0
    }

    private mutating func grow(_ bytes: UnsafeBufferPointer<UInt8>) {
        var bigger = [UInt64](repeating: 0, count: slots.count * 2)
        let mask = bigger.count - 1
        for slot in slots where slot != 0 {
            let n = Int(slot & 0xFFFF_FFFF) - 1
            var i = Int(Self.hash(bytes.baseAddress! + starts[n], counts[n]) & UInt64(mask))
            while bigger[i] != 0 { i = (i + 1) & mask }
            bigger[i] = slot
        }
        slots = bigger
    }

    /// A multiply-and-mix hash of a few words: names are short, and the table is the file's own
    /// (no seed needed against collisions crafted for Swift's hash).
    static func hash(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(p)
        var h = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var i = 0
        while i + 8 <= count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 29
            i += 8
        }
        if i < count {
            var w: UInt64 = 0
            while i < count {
                w = w << 8 | UInt64(p[i])
                i += 1
            }
            h = (h ^ w) &* 0x94D0_49BB_1331_11EB
            h ^= h >> 31
        }
        return h
    }
}
