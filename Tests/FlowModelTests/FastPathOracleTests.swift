import Foundation
import Testing
import TestSupport
@testable import FlowModel

/// `FlowDecoderFastPath` must change nothing but speed: every bundled flow, and variants of
/// them with the mistakes the fast path leaves to the general path, load to the same model and
/// the same messages with it and without it.
@Suite struct FastPathOracleTests {
    /// Edits of a flow's text, each one a mistake or a rarer form that the fast path must hand
    /// over (or, for valid forms, decode alike).
    static let edits: [(what: String, from: String, to: String)] = [
        ("unknown scene key", "\"class\": ", "\"klass\": \"X\", \"class\": "),
        ("duplicate scene key", "\"class\": ", "\"title\": \"a\", \"title\": \"b\", \"class\": "),
        ("empty class", "\"class\": \"", "\"class\": \"\", \"nib\": \""),
        ("title not a string", "\"class\": ", "\"title\": 3, \"class\": "),
        ("rows as a fraction", "\"class\": ", "\"rows\": 2.5, \"class\": "),
        ("rows as a list", "\"class\": ", "\"rows\": [1, 0, 3], \"class\": "),
        ("negative rows", "\"class\": ", "\"rows\": [-1], \"class\": "),
        ("rows of zero", "\"class\": ", "\"rows\": 0, \"class\": "),
        ("repeated control", "\"class\": ", "\"controls\": [\"a\", \"a\"], \"class\": "),
        ("empty note", "\"class\": ", "\"notes\": [\"\"], \"class\": "),
        ("unknown element class", "\"class\": ", "\"elementClass\": \"UIFoo\", \"class\": "),
        ("known element class", "\"class\": ", "\"elementClass\": \"UITableViewController\", \"class\": "),
        ("presentation context", "\"class\": ", "\"definesPresentationContext\": true, \"class\": "),
        ("unknown segue kind", "\"kind\": \"", "\"kind\": \"shoow\", \"x\": \""),
        ("duplicate segue kind", "\"kind\": ", "\"kind\": \"show\", \"kind\": "),
        ("unknown source", "\"source\": \"", "\"source\": \"nowhere\", \"x\": \""),
        ("unknown destination", "\"destination\": \"", "\"destination\": \"nowhere\", \"x\": \""),
        ("unwind segue", "\"kind\": \"show\"", "\"kind\": \"unwind\""),
        ("relationship without one", "\"kind\": \"show\"", "\"kind\": \"relationship\""),
        ("custom without a class", "\"kind\": \"show\"", "\"kind\": \"custom\""),
        ("custom with a class", "\"kind\": \"show\"", "\"kind\": \"custom\", \"customClass\": \"FadeSegue\""),
        ("unknown trigger", "\"kind\": ", "\"trigger\": \"tap\", \"kind\": "),
        ("animates not a bool", "\"kind\": ", "\"animates\": 1, \"kind\": "),
        ("animates false", "\"kind\": ", "\"animates\": false, \"kind\": "),
        ("empty identifier", "\"kind\": ", "\"id\": \"\", \"kind\": "),
    ]

    /// Each edit applied to the first and to every occurrence.
    static func variants(of text: String) -> [(String, String)] {
        var out: [(String, String)] = [("as bundled", text)]
        for e in edits where text.contains(e.from) {
            if let r = text.range(of: e.from) { out.append(("\(e.what) (first)", text.replacingCharacters(in: r, with: e.to))) }
            out.append(("\(e.what) (all)", text.replacingOccurrences(of: e.from, with: e.to)))
        }
        return out
    }

    @Test(arguments: PackagePaths.bundledFlows)
    func sameModelAndMessagesWithAndWithout(_ name: String) throws {
        let text = try String(contentsOfFile: PackagePaths.flow(name), encoding: .utf8)
        let variants = Self.variants(of: text)
        #expect(variants.count > 10, "the edits must apply to \(name)")
        for (what, variant) in variants {
            guard case .success(let root) = FlowLoader.parse(bytes: Array(variant.utf8), file: name) else { continue }
            let fast = FlowLoader.load(root: root, file: name, fastPaths: true)
            let general = FlowLoader.load(root: root, file: name, fastPaths: false)
            expectSameLoad(fast, general, "\(name), \(what)")
        }
    }

    @Test func bundledFlowsTakeTheFastPath() throws {
        // Guards the test above against comparing the general path with itself: most scenes
        // and segues of the bundled flows are of the fast path's forms.
        var accepted = 0
        var total = 0
        for name in PackagePaths.bundledFlows {
            let bytes = Array(try String(contentsOfFile: PackagePaths.flow(name), encoding: .utf8).utf8)
            guard case .success(let root) = FlowLoader.parse(bytes: bytes, file: name),
                  case .object(let top) = root.value,
                  let scenes = top.first(where: { $0.key == "scenes" }),
                  case .object(let members) = scenes.value.value else { continue }
            let decoder = FlowDecoder(sink: DiagnosticSink(file: name))
            var out: [Scene] = []
            for m in members {
                total += 1
                if decoder.fastScene(m, path: JSONPath.member("scenes", m.key), into: &out) { accepted += 1 }
            }
        }
        #expect(total > 50)
        #expect(accepted * 2 > total, "\(accepted) of \(total) scenes")
    }
}
