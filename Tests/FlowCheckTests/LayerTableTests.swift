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

    /// A stack that presents a sheet, which presents one more screen two ways: the layers
    /// below the top one are the same in several states.
    static let stacked = """
    "initial": "nav",
    "classes": { "ListViewController": {}, "SheetViewController": {}, "ThirdViewController": {} },
    "scenes": {
      "nav": { "class": "UINavigationController" },
      "list": { "class": "ListViewController", "controls": ["open"] },
      "sheet": { "class": "SheetViewController", "controls": ["next", "other"] },
      "third": { "class": "ThirdViewController" }
    },
    "segues": [
      { "source": "nav", "destination": "list", "kind": "relationship", "relationship": "rootViewController" },
      { "id": "Open", "source": "list", "destination": "sheet", "kind": "presentation", "trigger": "control:open", "modalPresentationStyle": "fullScreen" },
      { "id": "Next", "source": "sheet", "destination": "third", "kind": "presentation", "trigger": "control:next", "modalPresentationStyle": "fullScreen" },
      { "id": "Other", "source": "sheet", "destination": "third", "kind": "presentation", "trigger": "control:other", "modalPresentationStyle": "fullScreen" }
    ]
    """

    @Test("layers below a presentation are read from the table, and give the report encoding them gives")
    func found() throws {
        let flow = try Flows.load(Self.stacked)
        let with = Self.explore(flow, table: true)
        let without = Self.explore(flow, table: false)
        #expect(with.found > 0)
        #expect(with.report == without.report)
    }
}
