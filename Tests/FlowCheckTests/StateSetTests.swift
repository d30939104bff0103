@testable import FlowCheck
import Testing

/// The visited set against the standard library's: numbers in insertion order, through many
/// doublings of the table (each takes a bit from the hash tags in the slots).
@Suite("Visited set")
struct StateSetTests {
    /// Whether a set's answer for `words` is the dictionary's: the number it had, or the next
    /// one when new (then `reference` learns it).
    static func agrees(_ index: Int, _ inserted: Bool, _ words: [UInt32], _ reference: inout [[UInt32]: Int]) -> Bool {
        if let known = reference[words] { return !inserted && index == known }
        reference[words] = reference.count
        return inserted && index == reference.count - 1
    }

    @Test("numbers keys as a dictionary would, across growth, with keys of every length")
    func matchesDictionary() {
        var set = StateSet(capacity: 1)
        var reference: [[UInt32]: Int] = [:]
        var rng = SplitMix(11)
        var key = [UInt32](repeating: 0, count: 64)
        var wrong = 0
        for _ in 0..<60_000 {
            // Short keys over a small alphabet, so that many repeat; some long ones.
            let n = rng.int(0...9) == 0 ? rng.int(10...40) : rng.int(1...6)
            for j in 0..<n { key[j] = UInt32(rng.int(0...3)) }
            let words = Array(key[..<n])
            let (index, inserted) = set.insert(key, count: n)
            if !Self.agrees(index, inserted, words, &reference) { wrong += 1 }
        }
        #expect(wrong == 0)
        #expect(set.count == reference.count)
        var out: [UInt32] = []
        for (words, index) in reference.prefix(500) {
            let n = set.copyKey(index, into: &out)
            #expect(Array(out[..<n]) == words)
        }
    }

    @Test("a four-word key finds the same number through insert4 as through insert, either way round")
    func fourWordsAgree() {
        var set = StateSet(capacity: 1)
        var reference: [[UInt32]: Int] = [:]
        var rng = SplitMix(5)
        var wrong = 0
        for _ in 0..<40_000 {
            // Four-word keys mixed with keys of other lengths that share their words.
            let n = rng.int(0...3) == 0 ? rng.int(1...6) : 4
            let words = (0..<n).map { _ in UInt32(rng.int(0...5)) }
            let (index, inserted) = n == 4 && rng.int(0...1) == 0
                ? set.insert4(words[0], words[1], words[2], words[3]) : set.insert(words, count: n)
            if !Self.agrees(index, inserted, words, &reference) { wrong += 1 }
        }
        #expect(wrong == 0)
        #expect(set.count == reference.count)
    }

    @Test("the pair set numbers pairs as a dictionary would, across growth, and gives their halves back")
    func pairsMatchDictionary() {
        var set = PairSet(capacity: 1)
        var reference: [[UInt32]: Int] = [:]
        var rng = SplitMix(7)
        var wrong = 0
        for _ in 0..<50_000 {
            // Halves that differ only in their high bits too, so that a half lost is seen.
            let a = UInt32(rng.int(0...200)) << UInt32(rng.int(0...1) * 31), b = UInt32(rng.int(0...200))
            let (index, inserted) = set.insert(a, b)
            if !Self.agrees(index, inserted, [a, b], &reference) { wrong += 1 }
        }
        #expect(wrong == 0)
        #expect(set.count == reference.count)
        #expect(reference.allSatisfy { set.pairs[$0.value] == UInt64($0.key[0]) | UInt64($0.key[1]) << 32 })
    }
}
