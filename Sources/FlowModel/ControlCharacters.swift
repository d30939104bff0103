/// Control characters in text that came from a flow, a transcript or a command line are shown
/// as `\u{1B}`, never sent to the terminal or written to a transcript as they are: an escape
/// sequence in a title would drive the terminal, and a newline in it would put a line nobody
/// typed (`flownav> tap …`, `# …`) into a recorded transcript. Tab stays a tab.
public enum ControlCharacters {
    /// Whether UTF-8 `bytes` hold a C0 control (but tab), DEL, or a C1 control (U+0080–U+009F).
    @inline(__always)
    public static func present(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for b in bytes {
            if (b < 0x20 && b != 0x09) || b == 0x7F || (previous == 0xC2 && b < 0xA0 && b >= 0x80) { return true }
            previous = b
        }
        return false
    }

    /// Whether `s` holds a character `escaped` would change, line feeds left aside: a report
    /// escaped line by line is its own text when it holds none (splitting it into lines by
    /// Character cost more than the rest of a lint-only check).
    public static func presentBesidesLineFeeds(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { bytes in
            var previous: UInt8 = 0
            for b in bytes {
                if (b < 0x20 && b != 0x09 && b != 0x0A) || b == 0x7F || (previous == 0xC2 && b < 0xA0 && b >= 0x80) { return true }
                previous = b
            }
            return false
        }
    }

    public static func escaped(_ s: String) -> String {
        var s = s
        guard s.withUTF8({ present($0) }) else { return s }
        var out = ""
        for c in s.unicodeScalars {
            let v = c.value
            if (v < 0x20 && v != 0x09) || (v >= 0x7F && v < 0xA0) {
                out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// `escaped`, for bytes that may not be UTF-8 (invalid sequences become U+FFFD).
    public static func escaped(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        escaped(String(decoding: bytes, as: UTF8.self))
    }
}
