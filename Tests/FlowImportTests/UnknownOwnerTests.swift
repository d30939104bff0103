import FlowCheck
import FlowEngine
import FlowImport
import FlowModel
import Testing
import TestSupport

/// Item 6 of issue 13: what a storyboard cannot tell stays visible, never a guessed crash.
@Suite(.needsSharedData) struct UnknownOwnerTests {
    // The storyboard alone: the app folder would bring its Swift sources, and with them the owners.
    var toDoList: Flow {
        get throws { try FlowSource.load(path: PackagePaths.shared + "/apps/ToDoList/Base.lproj/Main.storyboard").get().flow }
    }

    @Test func checkReportsUnknownOwnersAsNotesAtTheStoryboard() throws {
        let report = Checker.check(try toDoList)
        let rules = Set(report.findings.map(\.rule.id))
        #expect(rules == ["owner-unknown"])
        #expect(report.findings.allSatisfy { $0.severity == .note && $0.file.hasSuffix("Base.lproj/Main.storyboard") })
        #expect(report.findings.contains { $0.message.hasPrefix("no class is known to implement editToDo:sender:") })
    }

    @Test func theEngineSaysItDoesNotKnowInsteadOfLoggingUIKitsMessage() throws {
        var sim = Simulator(flow: try toDoList)
        _ = sim.launch()
        guard case .success(let events) = sim.run(.tap(control: "add", on: nil)) else { Issue.record("tap add failed"); return }
        let notes = events.compactMap { if case .note(let n) = $0 { n } else { nil } }
        #expect(notes.contains { $0.hasPrefix("no class is known to implement editToDo:sender:") })
        #expect(!events.contains { if case .console = $0 { true } else { false } })
    }

    @Test func declaringTheOwnerMakesItKnown() throws {
        var flow = try toDoList
        var c = flow.classes["ToDoTableViewController"]!
        c.unwindActions = ["unwindToToDoList(segue:)"]
        flow.classes["ToDoTableViewController"] = c
        let report = Checker.check(flow)
        #expect(!report.findings.contains { $0.message.contains("unwindToToDoListWithSegue:") })
    }
}
