import FlowModel

/// Small string helpers (flownav links no Foundation).
extension String {
    /// The index of the first occurrence of `needle`, searching from the end when `last`.
    func find(_ needle: String, last: Bool = false) -> String.Index? {
        let h = Array(utf8), n = Array(needle.utf8)
        guard !n.isEmpty, n.count <= h.count else { return nil }
        let starts = last ? Array(stride(from: h.count - n.count, through: 0, by: -1)) : Array(0...(h.count - n.count))
        for s in starts {
            var ok = true
            for j in 0..<n.count where h[s + j] != n[j] {
                ok = false
                break
            }
            if ok { return utf8.index(startIndex, offsetBy: s) }
        }
        return nil
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
