import Testing
@testable import FlowCheck

/// `String.find`, which `check` asks of every note and console line it reads to sort it into a
/// rule: first and last occurrences, in bytes, of ASCII and other text.
@Suite("Text search")
struct TextTests {
    @Test("the first occurrence, or the last with last: true; nil when absent or longer")
    func find() {
        let s = "a, so the unwind does nothing, so the unwind"
        #expect(s.find("so the unwind").map { s.utf8.distance(from: s.startIndex, to: $0) } == 3)
        #expect(s.find("so the unwind", last: true).map { s.utf8.distance(from: s.startIndex, to: $0) } == 31)
        #expect(s.find("dismiss") == nil && s.find("") == nil && "ab".find("abc") == nil)
        #expect("abc".find("abc") == "abc".startIndex && "abc".find("c", last: true) == "abc".index(before: "abc".endIndex))
    }

    @Test("bytes of other scripts are matched as bytes, and the index lands on the match")
    func nonASCII() {
        let s = "‘Détail’ → Détail"
        let i = s.find("Détail", last: true)
        #expect(i.map { String(s[$0...]) } == "Détail")
        #expect(s.find("Détail").map { String(s[$0...]) } == "Détail’ → Détail")
        #expect(s.contains(text: "→") && !s.contains(text: "Detail"))
    }

    @Test("between: the text after the first opening up to the next closing")
    func between() {
        #expect("viewDidLoad() reads item, which is nil".between("viewDidLoad() reads ", ",") == "item")
        #expect("no closing here".between("no ", "!") == nil)
    }
}
