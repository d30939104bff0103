import Testing
@testable import FlowShell

/// The transcript parser's UTF-8 check against the standard library's own decoder: the same
/// first bad offset (where the bad sequence starts), on random mixes of ASCII runs, valid
/// multi-byte characters and bad bytes, at every alignment.
@Suite("UTF-8 check")
struct UTF8CheckTests {
    /// Where Swift's UTF-8 parser first reports an error, or nil.
    private func reference(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    @Test("the first bad byte is where the standard library's decoder first fails")
    func matchesTheStandardLibrary() {
        let pieces: [[UInt8]] = [
            Array("plain ascii text ".utf8), Array("é".utf8), Array("—".utf8), Array("├─".utf8), Array("😀".utf8),
            [0xFF], [0xC0, 0x80], [0xE2, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x80, 0x80, 0x80],
            [0x80], [0xE0, 0x9F, 0xBF], Array("\n".utf8),
        ]
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<3000 {
            var bytes: [UInt8] = Array(repeating: 0x61, count: next(40))
            for _ in 0..<next(6) {
                // Mostly valid pieces, so that errors also come late in long buffers.
                let k = next(4) == 0 ? next(pieces.count) : next(5)
                bytes += pieces[k]
                bytes += Array(repeating: 0x62, count: next(20))
            }
            let got = bytes.withUnsafeBufferPointer { UTF8Check.firstInvalid($0) }
            #expect(got == reference(bytes), "\(bytes)")
        }
    }
}
