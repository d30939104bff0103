@testable import FlowCheck
import FlowModel
import Testing

/// Issue 15, item 7: `check --depth` kept a simulator per depth, each holding a state as deep
/// as its depth, so on a flow whose states grow (two scenes pushing each other) memory grew
/// with the square of the depth and `--depth 10000` aborted. Now the root and the last
/// `heldDepths - 1` depths are held, whatever the depth.
@Suite struct DepthMemoryTests {
    static let pushing = """
        "initial": "nav", "classes": { "VC": {} },
        "scenes": { "nav": { "class": "UINavigationController" }, "a": { "class": "VC", "controls": ["go"] }, "b": { "class": "VC", "controls": ["go"] } },
        "segues": [ { "source": "nav", "destination": "a", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "a", "destination": "b", "kind": "show", "trigger": "control:go" },
          { "source": "b", "destination": "a", "kind": "show", "trigger": "control:go" } ]
        """

    @Test(arguments: [100, 300])
    func simulatorsHeldDoNotGrowWithTheDepth(_ depth: Int) throws {
        let flow = try Flows.load(Self.pushing)
        var explorer = Explorer(flow: flow, options: ExploreOptions(depth: depth, maxStates: 1_000_000))
        let coverage = explorer.run()
        #expect(coverage.depthCompleted == depth, "every level explored")
        #expect(coverage.states > depth)
        #expect(explorer.held.count <= Explorer.heldDepths)
    }

    @Test func theRingRebuildsAStateItNoLongerHolds() throws {
        // Two chains from the root: each level has a state on each, whose only common ancestor
        // is the root, which past `heldDepths` levels the ring no longer holds the path to.
        let flow = try Flows.load("""
            "initial": "nav", "classes": { "VC": {} },
            "scenes": { "nav": { "class": "UINavigationController" }, "r": { "class": "VC", "controls": ["x", "y"] },
                        "a": { "class": "VC", "controls": ["x"] }, "b": { "class": "VC", "controls": ["y"] } },
            "segues": [ { "source": "nav", "destination": "r", "kind": "relationship", "relationship": "rootViewController" },
              { "source": "r", "destination": "a", "kind": "show", "trigger": "control:x" }, { "source": "r", "destination": "b", "kind": "show", "trigger": "control:y" },
              { "source": "a", "destination": "a", "kind": "show", "trigger": "control:x" }, { "source": "b", "destination": "b", "kind": "show", "trigger": "control:y" } ]
            """)
        let depth = 2 * Explorer.heldDepths
        var explorer = Explorer(flow: flow, options: ExploreOptions(depth: depth, maxStates: 1_000_000))
        let coverage = explorer.run()
        #expect(explorer.held.count <= Explorer.heldDepths)
        // The root, and a stack one deeper on each chain per level: a state rebuilt wrongly
        // would be a state more.
        #expect(coverage.states == 1 + 2 * depth, "\(coverage.states) states")
        #expect(coverage.depthCompleted == depth)
    }
}
