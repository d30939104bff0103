import FlowModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small string helpers (flownav links no Foundation).
extension String {
    /// The index of the first occurrence of `needle`, searching from the end when `last`.
    func find(_ needle: String, last: Bool = false) -> String.Index? {
        // Compared in the strings' own bytes: copying both into arrays (and the candidate starts
        // into a third) cost more than the search, and `check` asks this of every note it reads.
        var h = self, n = needle
        let found: Int? = h.withUTF8 { h in
            n.withUTF8 { n in
                guard !n.isEmpty, n.count <= h.count, let hb = h.baseAddress, let nb = n.baseAddress else { return nil }
                let lastStart = h.count - n.count
                if last {
                    var s = lastStart
                    while s >= 0 {
                        if memcmp(hb + s, nb, n.count) == 0 { return s }
                        s -= 1
                    }
                    return nil
                }
                // Forward, the C library skips to each place the first byte occurs.
                var s = 0
                while s <= lastStart {
                    guard let p = memchr(hb + s, Int32(nb[0]), lastStart - s + 1) else { return nil }
                    s = UnsafeRawPointer(p) - UnsafeRawPointer(hb)
                    if memcmp(hb + s, nb, n.count) == 0 { return s }
                    s += 1
                }
                return nil
            }
        }
        return found.map { utf8.index(startIndex, offsetBy: $0) }
    }

    func contains(text needle: String) -> Bool { find(needle) != nil }

    /// The text between `open` and the next `close` after it.
    func between(_ open: String, _ close: String) -> String? {
        guard let a = find(open) else { return nil }
        let rest = self[utf8.index(a, offsetBy: open.utf8.count)...]
        guard let b = String(rest).find(close) else { return nil }
        return String(String(rest)[..<b])
    }

    /// A word for the shell, as it must be typed (`CommandWord.quoted`).
    var shellWord: String { CommandWord.quoted(self) }
}
