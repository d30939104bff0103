@testable import FlowSources
import Testing

/// swift-syntax's parser takes time exponential in how deeply square brackets nest (found by
/// `fuzz-sources`: a 3 KB file with 56 nested `[` never finished). Such a file is reported,
/// not parsed; the other files are read as usual.
@Suite struct BracketNestingTests {
    let view = """
        import UIKit
        class ListViewController: UIViewController {
            var items: [[String: [Int]]] = [[:]]
        }
        """

    @Test func aFileWhoseBracketsNestTooDeepIsReportedAndTheOthersAreRead() throws {
        // Before the guard this read took minutes (2^30 lookahead steps); now it is refused
        // at the bracket that overspends, with the limit named.
        let hostile = "func f() {\n    if editingStyle" + String(repeating: "[", count: 30) + "x == .delete {}\n}\n"
        let facts = read(["Hostile.swift": hostile, "List.swift": view])
        #expect(facts.classes["ListViewController"] != nil)
        let note = try #require(facts.notes.first { $0.location.file == "Hostile.swift" })
        #expect(note.location.line == 2)
        #expect(note.location.column == 20 + 18 - 1)  // the 18th `[`, where the budget runs out
        #expect(note.text.contains("square brackets nest 18 deep"))
        #expect(note.text.contains("at most 17 deep"))
    }

    @Test func seventeenNestedBracketsAreWithinTheLimitAndEighteenAreNot() {
        func nested(_ n: Int) -> String { "let grid: " + String(repeating: "[", count: n) + "Int" + String(repeating: "]", count: n) }
        #expect(BracketNesting.refusal(nested(17)) == nil)
        #expect(BracketNesting.refusal(nested(18)) == .init(line: 1, column: 28, depth: 18))
        // Parsed (shallower, as swift-syntax in a debug build takes seconds at 17).
        let facts = read(["Deep.swift": "class DeepViewController: UIViewController {\n    let grid: \(nested(8).dropFirst(10)) = []\n}\n"])
        #expect(facts.classes["DeepViewController"] != nil)
        #expect(facts.notes.allSatisfy { !$0.text.contains("square brackets") })
    }

    @Test func bracketsInStringsAndCommentsDoNotCountButThoseInInterpolationsDo() {
        let opens = String(repeating: "[", count: 40)
        let quiet = """
            // \(opens)
            /* \(opens) /* nested \(opens) */ */
            let a = "\(opens)\\"\(opens)"
            let b = #"\\"\(opens)"#
            let c = \"\"\"
                \(opens)
                \"\"\"
            """ + "\n" + view
        let facts = read(["Quiet.swift": quiet])
        #expect(facts.classes["ListViewController"] != nil)
        #expect(facts.notes.allSatisfy { !$0.text.contains("square brackets") }, "\(facts.notes)")

        let loud = "let d = \"\\(x" + opens + ")\"\n"
        #expect(read(["Loud.swift": loud]).notes.contains { $0.text.contains("square brackets nest 18 deep") })
    }

    @Test func manyShallowRunsSpendTheBudgetToo() {
        // 40 runs of 14 nested brackets: each cheap, together 40 × 2^15 lookahead steps.
        let run = "let x = " + String(repeating: "[", count: 14) + "1" + String(repeating: "]", count: 14) + "\n"
        let facts = read(["Many.swift": String(repeating: run, count: 40)])
        let note = facts.notes.first { $0.text.contains("file not read") }
        #expect(note?.location.line == 9)
        #expect(note?.text.contains("nest 4 deep here, and with the nested runs before they pass flownav's budget") == true)
    }
}
