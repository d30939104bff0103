import Testing
@testable import FlowModel

/// Issue 15, item 1: containment cycles, deep trees and exponential embeds are refused by the
/// loader with a positioned error naming the cycle or the limit (they used to load, and
/// launching them overflowed the stack).
@Suite struct ContainmentTests {
    func flow(scenes: [(String, String)], segues: [String]) -> String {
        let s = scenes.map { "\"\($0.0)\": { \"class\": \"\($0.1)\" }" }.joined(separator: ", ")
        return """
        { "format": 1, "name": "T", "module": "T", "initial": "\(scenes[0].0)", "classes": { "VC": {} },
          "scenes": { \(s) },
          "segues": [
        \(segues.joined(separator: ",\n"))
          ] }
        """
    }

    @Test func aNavigationControllerThatIsItsOwnRoot() throws {
        let e = try #require(onlyError(flow(scenes: [("nav", "UINavigationController")],
            segues: [#"{ "source": "nav", "destination": "nav", "kind": "relationship", "relationship": "rootViewController" }"#])))
        #expect(e.message == "containment cycle: scene 'nav' contains itself (rootViewController); UIKit would decode it forever")
        #expect(e.path == "segues[0]")
        #expect(e.position?.line == 4)
    }

    @Test func twoNavigationControllersThatAreEachOthersRoot() throws {
        let e = try #require(onlyError(flow(scenes: [("a", "UINavigationController"), ("b", "UINavigationController")], segues: [
            #"{ "source": "a", "destination": "b", "kind": "relationship", "relationship": "rootViewController" }"#,
            #"{ "source": "b", "destination": "a", "kind": "relationship", "relationship": "rootViewController" }"#])))
        #expect(e.message == "containment cycle: scene 'a' contains 'b' (rootViewController), which contains 'a' (rootViewController); UIKit would decode it forever")
        #expect(e.path == "segues[1]")
    }

    @Test func aTabBarAndAnEmbedCycle() throws {
        let e = try #require(onlyError(flow(scenes: [("tabs", "UITabBarController"), ("x", "VC"), ("y", "VC")], segues: [
            #"{ "source": "tabs", "destination": "x", "kind": "relationship", "relationship": "viewControllers" }"#,
            #"{ "source": "x", "destination": "y", "kind": "embed" }"#,
            #"{ "source": "y", "destination": "x", "kind": "embed" }"#])))
        #expect(e.message == "containment cycle: scene 'x' contains 'y' (embed), which contains 'x' (embed); UIKit would decode it forever")
        let split = try #require(onlyError(flow(scenes: [("split", "UISplitViewController")], segues: [
            #"{ "source": "split", "destination": "split", "kind": "relationship", "relationship": "detailViewController" }"#])))
        #expect(split.message.hasPrefix("containment cycle: scene 'split' contains itself (detailViewController)"))
    }

    @Test func tenThousandNestedNavigationControllers() throws {
        let n = 10_000
        let scenes = (0..<n).map { ("n\($0)", "UINavigationController") } + [("leaf", "VC")]
        let segues = (0..<n).map { i in
            #"{ "source": "n\#(i)", "destination": "\#(i + 1 == n ? "leaf" : "n\(i + 1)")", "kind": "relationship", "relationship": "rootViewController" }"#
        }
        let e = try #require(errors(flow(scenes: scenes, segues: segues)).first)
        #expect(e.message.contains("levels deep"))
        #expect(e.message.hasSuffix("flownav's limit is \(Containment.maximumDepth) levels"))
    }

    @Test func aTreeAtTheDepthLimitLoads() throws {
        let n = Containment.maximumDepth
        let scenes = (0..<n).map { ("n\($0)", "UINavigationController") } + [("leaf", "VC")]
        let segues = (0..<n).map { i in
            #"{ "source": "n\#(i)", "destination": "\#(i + 1 == n ? "leaf" : "n\(i + 1)")", "kind": "relationship", "relationship": "rootViewController" }"#
        }
        #expect(loaded(flow(scenes: scenes, segues: segues)) != nil)
    }

    @Test func eachSceneEmbeddingAllLaterOnesIsRefused() throws {
        let n = 30
        let scenes = (0..<n).map { ("s\($0)", "VC") }
        var segues: [String] = []
        for i in 0..<n { for j in (i + 1)..<n { segues.append(#"{ "source": "s\#(i)", "destination": "s\#(j)", "kind": "embed" }"#) } }
        let e = try #require(onlyError(flow(scenes: scenes, segues: segues)))
        #expect(e.message.hasSuffix("flownav's limit is \(Containment.maximumTreeSize)"))
        #expect(e.message.hasPrefix("scene 's"))
    }
}

/// Issue 15, item 9: messages that said something else than what was wrong.
@Suite struct ClearerMessageTests {
    @Test func aHugeRowCountIsNotAFraction() throws {
        let e = try #require(errors(#"{ "format": 1, "name": "T", "module": "T", "initial": "a", "classes": { "VC": {} }, "scenes": { "a": { "class": "VC", "rows": [5000000000] } }, "segues": [] }"#).first)
        #expect(e.message == "expected a whole number, found 5000000000 beyond flownav's limit of 999,999,999")
    }

    @Test func aUTF16FileIsNamedSo() throws {
        let text = #"{ "format": 1 }"#
        var le: [UInt8] = [0xFF, 0xFE]
        for u in text.utf16 { le += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        #expect(load(bytes: le)?.errors.first?.message == "this file is UTF-16, but flows are UTF-8; convert it (e.g. iconv -f UTF-16 -t UTF-8)")
        #expect(load(bytes: Array(le.dropFirst(2)))?.errors.first?.message.hasPrefix("this file is UTF-16LE") == true)
    }
}

/// Issue 15, item 7: near-name suggestions were computed for every error, also those past the
/// cap that are never shown.
@Suite struct SuggestionCostTests {
    /// A list of known names that notes whether anyone read it.
    final class Watched: Sequence, @unchecked Sendable {
        var read = false
        func makeIterator() -> IndexingIterator<[String]> {
            read = true
            return ["Alpha", "Beta"].makeIterator()
        }
    }

    @Test func errorsPastTheCapLookForNoNames() {
        var sink = DiagnosticSink(file: "f.json")
        for k in 0..<DiagnosticSink.errorCap { sink.unknown("class", "X\(k)", at: nil, "", known: ["Alpha"]) }
        let watched = Watched()
        sink.unknown("class", "Alpah", at: nil, "", known: watched)
        #expect(!watched.read)
        #expect(sink.omitted == 1)
        #expect(sink.diagnostics.count == DiagnosticSink.errorCap)
    }

    /// The list of known names is made only for an error that is shown (it was made for every
    /// error: all class names per unknown superclass).
    @Test func theKnownNamesAreMadeOnlyForShownErrors() {
        var sink = DiagnosticSink(file: "f.json")
        var made = 0
        func known() -> [String] {
            made += 1
            return ["Alpha"]
        }
        for k in 0..<1_000 { sink.unknown("class", "X\(k)", at: nil, "", known: known()) }
        #expect(made == DiagnosticSink.errorCap)
        #expect(sink.omitted == 1_000 - DiagnosticSink.errorCap)
    }

    /// Warnings have no cap: 3,000 scenes of stale classes (each its own name) look for near
    /// names at most `suggestionLimit` times; a name met again reuses its lookup.
    @Test func staleClassWarningsLookForNearNamesABoundedNumberOfTimes() throws {
        let scenes = (0..<3_000).map { #""s\#($0)": { "class": "Gone\#($0 % 2_000)" }"# }.joined(separator: ", ")
        let meter = WorkMeter()
        let l = meter.measure { loaded(#"{ "format": 1, "name": "T", "module": "T", "initial": "s0", "classes": { "Gone1x": {} }, "scenes": { \#(scenes) }, "segues": [] }"#) }
        let warnings = try #require(l).warnings
        #expect(warnings.filter { $0.message.hasPrefix("no class declares") }.count == 3_000)
        // The one more says that later warnings name no candidate.
        #expect(warnings.count == 3_001)
        #expect(warnings.contains { $0.message.hasPrefix("near names (\"did you mean\") were looked up for the first 100") })
        #expect(meter[.suggestionLists] <= DiagnosticSink.suggestionLimit, "\(meter[.suggestionLists]) lookups")
        #expect(warnings.first { $0.message.contains("class of scene 's1'") }?.suggestions == ["Gone1x"])
    }

    @Test func twoThousandUnknownReferencesReportFiftyAndCountTheRest() throws {
        let classes = (0..<2_000).map { #""C\#($0)": { "superclass": "Missing\#($0)" }"# }.joined(separator: ", ")
        let e = try #require(load(#"{ "format": 1, "name": "T", "module": "T", "initial": "a", "classes": { \#(classes) }, "scenes": { "a": { "class": "C0" } }, "segues": [] }"#))
        #expect(e.errors.count == DiagnosticSink.errorCap)
        #expect(e.omitted == 2_000 - DiagnosticSink.errorCap)
    }
}
