/// Texts kept as UTF-8 in one buffer, numbered in the order they were added: writing one into
/// an output is a copy of its bytes, with no string to retain and release.
struct ByteTable: Sendable {
    private var bytes: [UInt8] = []
    /// Where text `k` ends in `bytes`.
    private var ends: [Int] = []

    var count: Int { ends.count }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
        ends.append(bytes.count)
    }

    /// Appends to the text being made; `close` ends it.
    mutating func append(bytes more: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: more) }
    mutating func append(byte: UInt8) { bytes.append(byte) }

    /// Lowercase hexadecimal digits, without leading zeros.
    mutating func append(hex v: UInt64) {
        let digits = max(1, (64 - v.leadingZeroBitCount + 3) / 4)
        // Into a buffer on the stack, then one append (an append a digit checks capacity 12 times).
        var buffer: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &buffer) { b in
            for k in 0..<digits {
                let d = UInt8((v >> UInt64(4 * (digits - 1 - k))) & 0xF)
                b[k] = d < 10 ? 0x30 + d : 0x57 + d
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: b[0..<digits]))
        }
    }

    mutating func close() { ends.append(bytes.count) }

    @inline(__always)
    func write(_ k: Int, into out: inout Output) {
        let start = k == 0 ? 0 : ends[k - 1]
        bytes.withUnsafeBufferPointer { out.write(UnsafeBufferPointer(rebasing: $0[start..<ends[k]])) }
    }

    subscript(k: Int) -> String {
        let start = k == 0 ? 0 : ends[k - 1]
        return String(decoding: bytes[start..<ends[k]], as: UTF8.self)
    }
}
