import Foundation
import Testing

@testable import FlowModel

/// Issue 31 item 1: the split view keys (`style`, `collapseSecondary`, `topColumnForCollapsing`)
/// decode the same through the direct reader and the tree, and the direct reader takes the
/// plain forms itself (so a large imported flow with a split view stays on the fast path).
@Suite struct SplitCollapseDecoderTests {
    static func flow(_ split: String) -> [UInt8] {
        Array(#"""
        { "format": 1, "name": "T", "module": "App", "initial": "split",
          "scenes": {
            "split": { "class": "UISplitViewController"\#(split) },
            "list": { "class": "UIViewController" },
            "detail": { "class": "UIViewController" }
          },
          "segues": [
            { "source": "split", "destination": "list", "kind": "relationship", "relationship": "masterViewController" },
            { "source": "split", "destination": "detail", "kind": "relationship", "relationship": "detailViewController" }
          ]
        }
        """#.utf8)
    }

    static let direct = [
        #", "collapseSecondary": true"#, #", "collapseSecondary": false"#, #", "collapseSecondary": "detailItem == nil""#,
        #", "collapseSecondary": "self.item != nil""#, #", "style": "doubleColumn""#,
        #", "style": "tripleColumn", "topColumnForCollapsing": "supplementary""#,
    ]
    static let treeOnly = [
        #", "collapseSecondary": { "unknown": "A.swift:4" }"#, #", "collapseSecondary": "selection""#,
        #", "collapseSecondary": true, "topColumnForCollapsing": "primary""#, #", "style": "quad""#,
        #", "topColumnForCollapsing": { "unknown": "A.swift:4" }"#,
    ]

    @Test(arguments: direct + treeOnly)
    func sameThroughBothDecoders(_ split: String) {
        let bytes = Self.flow(split)
        let viaDirect = FlowLoader.load(bytes: bytes, file: "t.json", direct: true)
        let viaTree = FlowLoader.load(bytes: bytes, file: "t.json", direct: false)
        switch (viaDirect, viaTree) {
        case (.success(let a), .success(let b)):
            #expect(a.flow.scenes.map(\.splitCollapse) == b.flow.scenes.map(\.splitCollapse), "\(split)")
            #expect(a.flow.scenes.map(\.splitStyle) == b.flow.scenes.map(\.splitStyle), "\(split)")
            #expect(a.flow.scenes == b.flow.scenes, "\(split)")
        case (.failure(let a), .failure(let b)):
            #expect(a.diagnostics.map(\.message) == b.diagnostics.map(\.message), "\(split)")
        default:
            Issue.record("one decoder accepted what the other refused: \(split)")
        }
    }

    @Test(arguments: direct)
    func theDirectReaderTakesThePlainForms(_ split: String) {
        #expect(FlowLoader.loadDirect(bytes: Self.flow(split), file: "t.json") != nil, "\(split)")
    }
}
