/// UTF-8 validation without making a string: transcripts are mostly ASCII, checked 32 and 8
/// bytes at a time, so a large one validates at memory speed (`String(validating:)` copies the file
/// and took a tenth of a replay's parse).
enum UTF8Check {
    /// The offset of the first byte that does not belong to valid UTF-8 (where its sequence
    /// starts), or nil when all of it is valid. Overlong forms, surrogates and code points
    /// above U+10FFFF are invalid, as for Swift's own decoder.
    static func firstInvalid(_ buf: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let p = buf.baseAddress else { return nil }
        let n = buf.count
        var i = 0
        @inline(__always) func continuation(_ k: Int) -> Bool { i + k < n && p[i + k] & 0xC0 == 0x80 }
        let high: UInt64 = 0x8080_8080_8080_8080
        while true {
            // ASCII 32, then 8 bytes a test; a word with a high bit says where (little-endian:
            // its lowest set bit is in the first non-ASCII byte).
            while i + 32 <= n {
                let q = UnsafeRawPointer(p + i)
                let any = q.loadUnaligned(as: UInt64.self) | q.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    | q.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | q.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                if any & high != 0 { break }
                i += 32
            }
            var found = false
            while i + 8 <= n {
                let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & high
                if w != 0 {
                    i += w.trailingZeroBitCount >> 3
                    found = true
                    break
                }
                i += 8
            }
            if !found {
                while i < n && p[i] < 0x80 { i += 1 }
                guard i < n else { return nil }
            }
            // p[i] is not ASCII: a whole multi-byte sequence, or the offset of the bad byte.
            let b = p[i]
            if b < 0xC2 {
                return i
            } else if b < 0xE0 {
                guard continuation(1) else { return i }
                i += 2
            } else if b < 0xF0 {
                guard continuation(1), continuation(2) else { return i }
                let c = p[i + 1]
                if (b == 0xE0 && c < 0xA0) || (b == 0xED && c > 0x9F) { return i }
                i += 3
            } else if b < 0xF5 {
                guard continuation(1), continuation(2), continuation(3) else { return i }
                let c = p[i + 1]
                if (b == 0xF0 && c < 0x90) || (b == 0xF4 && c > 0x8F) { return i }
                i += 4
            } else {
                return i
            }
        }
    }
}
