import Foundation
import Testing
@testable import FlowModel

@Suite struct BundledFlowTests {
    @Test func bundledFlowsAreFound() {
        // Guards the parameterised tests below against passing vacuously.
        #expect(bundledFlowNames().count >= 5, "\(flowsDirectory.path)")
        #expect(bundledFlowNames().contains("segue-actions.json"))
    }

    @Test(arguments: bundledFlowNames())
    func loadsWithoutErrorsOrWarnings(_ name: String) throws {
        let path = flowsDirectory.appendingPathComponent(name).path
        switch FlowLoader.load(path: path) {
        case .success(let loaded):
            if name.hasPrefix("stale-") {
                // The story of names a storyboard kept after a rename: each is a warning, by design.
                #expect(!loaded.warnings.isEmpty)
                #expect(loaded.warnings.allSatisfy { $0.message.contains("renamed in code but not in the storyboard?") }, "\(loaded.warnings.map(\.description))")
            } else {
                #expect(loaded.warnings.isEmpty, "\(loaded.warnings.map(\.description))")
            }
            #expect(!loaded.flow.scenes.isEmpty)
            #expect(loaded.flow.initial != nil || loaded.flow.launch.root != nil)
            #expect(loaded.flow.file == path)
        case .failure(let error):
            Issue.record("\(name) does not load: \(error.diagnostics.map(\.description))")
        }
    }

    @Test(arguments: bundledFlowNames())
    func namesTheSchema(_ name: String) throws {
        let flow = try JSON(data: Data(contentsOf: flowsDirectory.appendingPathComponent(name)))
        guard case .object(let top) = flow else {
            Issue.record("\(name) is not a JSON object")
            return
        }
        #expect(top["$schema"] == .string("flow.schema.json"))
    }

    @Test func segueActionsFlowHasTheExpectedSelectors() throws {
        let loaded = try FlowLoader.load(path: flowsDirectory.appendingPathComponent("segue-actions.json").path).get()
        let selectors = loaded.flow.segues.compactMap { $0.action?.selector }
        #expect(selectors == [
            "createDetailViewControllerWithCoder:sender:segueIdentifier:",
            "createAddItemViewControllerWithCoder:sender:segueIdentifier:",
            "makeAddItemViewControllerWithCoder:sender:segueIdentifier:",
        ])
    }
}
