@testable import FlowCheck
import FlowEngine
import FlowModel
import Testing

/// Where a tab bar on the top layer's spine puts its units (`StateEncoder.tabLayout`), the
/// ground for learning tab switches in two halves.
@Suite struct TabLayoutTests {
    /// The state after `commands` from launch, its tab bar ("tabs") and its layout, by
    /// `encoder` (one for the flow: cuts are numbered by it).
    static func layout(_ flow: Flow, _ commands: [Command], _ encoder: inout StateEncoder?) throws -> (TabLayout?, listLength: Int) {
        var sim = Simulator(flow: flow)
        _ = sim.launch()
        var events: [Event] = []
        for c in commands { #expect(sim.run(c, into: &events) == nil, "\(c)") }
        if encoder == nil { encoder = StateEncoder(sim) }
        var key: [UInt32] = []
        #expect(encoder!.encode(sim.state, into: &key) == 4)
        let tabBar = try #require(sim.state.instances.indices.first { sim.state[$0].scene.map { flow.scenes[$0].id } == "tabs" })
        return (encoder!.tabLayout(of: sim.state, tabBar: tabBar), encoder!.length(ofList: key[2]))
    }

    @Test("a presented tab bar: the hidden tabs around the shown one, the shown tab's stack between them, one cut per shown tab")
    func presentedTabBar() throws {
        // home (in a stack) presents the tab bar of navA/a, navB/b, navC/c; c pushes c.
        let flow = try ReuseTests.presentedTabs(owner: "b", stacked: "a")
        let present = Command.tap(control: "present", on: nil)
        var encoder: StateEncoder?
        let (first, firstLength) = try Self.layout(flow, [present], &encoder)
        let a = try #require(first)
        #expect(a.before == 0 && a.tabsBefore == 0 && a.shownUnits == 0 && a.tabsAfter == 2 && a.after == 0, "\(a)")
        #expect(a.units == firstLength)

        let push = Command.tap(control: "push", on: nil)
        let (deep, deepLength) = try Self.layout(flow, [present, .tab(2), push, push], &encoder)
        let c = try #require(deep)
        // Tabs A and B before C; c's two lower view controllers under it.
        #expect(c.before == 0 && c.tabsBefore == 2 && c.shownUnits == 2 && c.tabsAfter == 0 && c.after == 0, "\(c)")
        #expect(c.units == deepLength)
        let (shallow, _) = try Self.layout(flow, [present, .tab(2), push], &encoder)
        #expect(shallow?.shownUnits == 1)
        // The same tab shown: the same cut, whatever its stack holds; another tab: another.
        #expect(shallow?.cut == c.cut)
        #expect(a.cut != c.cut)
    }
}
