import FlowCheck
import FlowModel
import Testing

@Suite("A clean flow")
struct CleanFlowTests {
    @Test("the shop flow has no findings, and the exploration covers every scene and segue")
    func clean() throws {
        let r = try check(ShopFlow.body())
        #expect(r.findings.isEmpty, "\(r.text)")
        let c = try #require(r.coverage)
        #expect(c.complete)
        #expect(c.scenesReached == c.scenesTotal, "\(c.scenesNotReached)")
        #expect(c.seguesPerformed == c.seguesTotal, "\(c.seguesNotPerformed)")
        #expect(c.crashingTransitions == 0)
    }

    @Test("states are navigation states: rows are interchangeable, and going back returns to a known state")
    func stateIdentity() throws {
        // launch; a product pushed (whichever row); cart tab; cart tab with checkout presented.
        // The catalogue and cart tabs each keep their stacks, so: tab 0 ± product, × tab 1 ± checkout
        // shown only on tab 1 (presentation covers the tab bar).
        let r = try check(ShopFlow.body())
        let c = try #require(r.coverage)
        // (catalogue root | product) × (cart tab not yet loaded | loaded) with tab 0 selected,
        // plus tab 1 selected (with or without the product underneath), plus checkout presented.
        #expect(c.states == 8, "\(ReportFormat.text(r))")
    }
}
