/// UTF-8 validation without making a string: transcripts are mostly ASCII, checked eight bytes
/// at a time, so a large one validates at memory speed (`String(validating:)` copies the file
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
        while i < n {
            while i + 8 <= n && UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
            guard i < n else { break }
            let b = p[i]
            if b < 0x80 {
                i += 1
            } else if b < 0xC2 {
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
        return nil
    }
}
