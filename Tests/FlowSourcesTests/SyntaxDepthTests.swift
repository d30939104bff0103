@testable import FlowSources
import Foundation
import SwiftParser
import TestSupport
import Testing

/// swift-syntax's `SourceLocationConverter` and the readers walk a tree recursively, and a
/// chain of member accesses nests one node per link, past any parser limit: 12,000 links
/// overflowed the stack (SIGSEGV in flownav-sources, which `check` reported as "failed
/// (status -1)"). Such a file is reported, not read; the other files are read as usual.
@Suite struct SyntaxDepthTests {
    let view = """
        import UIKit
        class ListViewController: UIViewController {
            override func viewDidLoad() { super.viewDidLoad() }
        }
        """

    func chain(_ links: Int) -> String {
        "class ChainViewController: UIViewController {\n    func f() {\n        x" + String(repeating: ".a", count: links) + "\n    }\n}\n"
    }

    @Test func aFileNestedTooDeepIsReportedAndTheOthersAreRead() throws {
        let facts = read(["Chain.swift": chain(20_000), "List.swift": view, "A.swift": view.replacingOccurrences(of: "List", with: "A"),
                          "B.swift": view.replacingOccurrences(of: "List", with: "B"), "C.swift": view.replacingOccurrences(of: "List", with: "C")])
        #expect(facts.classes["ListViewController"] != nil)
        #expect(facts.classes["CViewController"] != nil)
        #expect(facts.classes["ChainViewController"] == nil)
        let note = try #require(facts.notes.first { $0.location.file == "Chain.swift" })
        #expect(note.location.line == 3)
        #expect(note.text.contains("nests more than 1000 deep"))
    }

    @Test func aLongChainWithinTheLimitIsRead() {
        let facts = read(["Chain.swift": chain(400)])
        #expect(facts.classes["ChainViewController"] != nil)
        #expect(facts.notes.allSatisfy { !$0.text.contains("nests more than") })
    }

    @Test func theLimitIsFarAboveWhatRealAppsNest() throws {
        // The six shared apps, when they are beside the package, nest at most 95 deep (the figure
        // in the README).
        var deepest = 0
        var files = 0
        for name in ["SegueActionDemo", "ToDoList", "HotelCodable", "OrderApp", "habitica-ios", "Rocket.Chat-iOS"] {
            guard let path = PackagePaths.app(name), case .success(let sources) = SourceFinder.read([path]) else { continue }
            for f in sources {
                deepest = max(deepest, SyntaxDepth.deepest(Parser.parse(source: f.text)))
                files += 1
            }
        }
        if files > 0 {
            #expect(deepest <= 200, "the shared apps' \(files) files nest at most \(deepest) deep")
            #expect(deepest * 5 < SyntaxDepth.limit)
        }
    }
}
