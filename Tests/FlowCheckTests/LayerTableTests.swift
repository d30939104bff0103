@testable import FlowCheck
import FlowEngine
import FlowModel
import TestSupport
import Testing

/// A chain key's layers are read from a table keyed by what a layer reads (`StateEncoder`'s
/// layer table): the exploration must tell the same states apart with it as without it.
@Suite("State keys' layer table")
struct LayerTableTests {
    static func explore(_ flow: Flow, table: Bool) -> (report: String, found: Int) {
        var explorer = Explorer(flow: flow, options: ExploreOptions(depth: 8))
        explorer.encoder.usesLayerTable = table
        var coverage = explorer.run()
        coverage.seconds = 0
        let problems = explorer.problems.map { "\($0.rule.id) \($0.key) | \($0.message)" }
        return (report: (["\(coverage)"] + problems).joined(separator: "\n"), found: explorer.encoder.layersFound)
    }

    @Test("layers read from the table give the report encoding every layer gives", arguments: [
        "regressions/stale-presented-nav.json", "regressions/iuo-presented-tabs.json", "split-devices.json",
        "stale-references.json", "regressions/presentation-context.json", "regressions/unwind-modal-across-tabs.json",
    ])
    func sameReport(_ name: String) throws {
        let flow = try Flows.seed(name)
        let with = Self.explore(flow, table: true)
        let without = Self.explore(flow, table: false)
        #expect(with.report == without.report)
        #expect(without.found == 0)
    }

    @Test("layers below a presentation are read from the table", arguments: ["regressions/stale-presented-nav.json", "split-devices.json"])
    func found(_ name: String) throws {
        #expect(Self.explore(try Flows.seed(name), table: true).found > 0)
    }
}
