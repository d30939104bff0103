/// Command lines already split into words, with their command: a transcript, a script or a
/// session repeats the same few lines, and splitting one (strings for its words, an array)
/// and finding its command cost more than a dictionary lookup of the line.
struct ParsedLines: Sendable {
    struct Line: Sendable {
        var command: Word
        var args: [Word]
        /// Nil for an unknown command.
        var id: CommandID?
    }

    /// An open-addressing table of the lines seen, by an FNV-1a hash of their bytes: hashing a
    /// command line for a `Dictionary` (SipHash, seeded per process) cost as much as splitting it.
    private var keys: [String] = []
    private var hashes: [UInt32] = []
    private var values: [Line] = []
    /// Index + 1 into `keys`; 0 is empty. Twice `limit` slots: at most half full.
    private var slots = [Int32](repeating: 0, count: 2 * ParsedLines.limit)
    /// Beyond this many distinct lines the cache starts again: typed sessions never repeat much.
    private static let limit = 256

    /// The words of `line` and its command, or nil for a line without words.
    mutating func parse(_ line: String) -> Line? {
        var line = line
        let h = line.withUTF8 { Self.hash($0) }
        let mask = slots.count - 1
        var pos = Int(h) & mask
        while slots[pos] != 0 {
            let k = Int(slots[pos]) - 1
            if hashes[k] == h && keys[k] == line { return values[k] }
            pos = (pos + 1) & mask
        }
        var words = Words.split(line)
        guard !words.isEmpty else { return nil }
        let command = words.removeFirst()
        let parsed = Line(command: command, args: words, id: CommandCatalog.id(command.text))
        if keys.count >= Self.limit {
            keys.removeAll(keepingCapacity: true)
            hashes.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
            for i in slots.indices { slots[i] = 0 }
            pos = Int(h) & mask
        }
        slots[pos] = Int32(keys.count + 1)
        keys.append(line)
        hashes.append(h)
        values.append(parsed)
        return parsed
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt32 = 0x811C_9DC5
        for b in bytes { h = (h ^ UInt32(b)) &* 0x0100_0193 }
        return h
    }
}
