import FlowEngine
import FlowTesting
import Foundation
import TestSupport
import Testing

private func flow(_ name: String) -> String { PackagePaths.flow(name) }

@Suite struct FlowAppTests {
    /// The README's example.
    @Test func detailScreenGetsItsItemFromTheSegueAction() throws {
        var app = try FlowApp(path: flow("segue-actions.json"))
        #expect(app.frontmost?.className == "ItemsViewController")

        try app.send("select 1")
        #expect(app.frontmost?.className == "DetailViewController")
        #expect(app.frontmost?.scene == "detail")
        let item = try #require(app.dependency("item", of: "detail"))
        #expect(item.value == "viewModel.item(for: [0, 1])")
        #expect(item.provenance == "createDetailViewController(coder:sender:segueIdentifier:) through init(coder:item:)")
        #expect(item.declaration == "let item: DetailItem")
        #expect(app.crash == nil)
    }

    @Test func theQuirkCrashesWithUIKitsMessages() throws {
        var app = try FlowApp(path: flow("segue-actions.json"))
        let r = try app.send("tap addBroken")
        #expect(r.crashed)
        #expect(r.status == .crashed)
        let lookup = "Unable to find method -[<Items.ItemsViewController: 0x600000c04200> makeAddItemViewControllerWithCoder:sender:segueIdentifier:]"
        #expect(r.lines.contains("[Storyboard] " + lookup), "\(r)")
        #expect(app.crash == ["Items/AddItemViewController.swift:12: Fatal error: init(coder:) has not been implemented"])
        // The events are data: the failed segue action lookup is a console event.
        #expect(r.events.contains(Event.console(category: "Storyboard", message: lookup)))
        // App commands are refused until relaunch.
        #expect(throws: FlowApp.Rejected.self) { try app.send("back") }
        try app.send("relaunch")
        #expect(app.crash == nil)
    }

    @Test func theTreeIsWhatWherePrints() throws {
        var app = FlowApp.demo()
        try app.send("tap add")
        #expect(app.tree == """
            window
            └─ root <UINavigationController: 0x600000c04000> 'itemsNav'
               ├─ [0] <Items.ItemsViewController: 0x600000c04200> 'items' "Items"
               └─ presents (pageSheet) <UINavigationController: 0x600000c04400> 'addItemNav'
                  └─ [0] <Items.AddItemViewController: 0x600000c04600> 'addItem' "Add Item"   ◀ front-most
            """)
        #expect(app.frontmost?.description == "<Items.AddItemViewController: 0x600000c04600>")
        #expect(app.viewController("0x600000c04400")?.className == "UINavigationController")
        #expect(app.dependencies().map(\.name) == ["store"])
        #expect(app.inspect()?.hasPrefix("<Items.AddItemViewController: 0x600000c04600>\n  class ") == true)
    }

    @Test func aForgottenInjectionLeavesTheDependencyNil() throws {
        var app = try FlowApp(path: flow("injectable.json"))
        try app.send("tap redPillSheet")
        let d = try #require(app.dependency("mainText", of: "redPillInNav"))
        #expect(d.value == nil)
        #expect(d.provenance == "not set")
        #expect(app.crash == ["RedPill/RedPillViewController.swift:30: Assertion failed"])
    }

    @Test func rejectedCommandsThrowWithTheReason() {
        var app = FlowApp.demo()
        do {
            try app.send("tap nothing")
            Issue.record("not rejected")
        } catch {
            #expect(error.command == "tap nothing")
            #expect(error.lines.first?.hasPrefix("error: ") == true, "\(error)")
        }
    }

    @Test func aFlowThatCannotLoadThrowsTheLoadersDiagnostics() {
        do {
            _ = try FlowApp(json: #"{ "format": 1, "name": "X", "module": "X", "initial": "a", "scenes": { "b": { "class": "UIViewController" } } }"#, name: "x.json")
            Issue.record("loaded")
        } catch {
            #expect(!error.errors.isEmpty)
            #expect(error.description.hasPrefix("x.json:1:"), "\(error)")
        }
        #expect(throws: FlowApp.LoadError.self) { try FlowApp(path: "/nonexistent/flow.json") }
    }

    @Test func transcriptsPassOrFailWithADiff() throws {
        let report = try FlowApp.runTranscript(path: flow("segue-actions.flownav"))
        #expect(report.passed, "\(report)")
        #expect(report.commands > 5)

        let failed = try FlowApp.runTranscript(text: "flownav> where\nwindow\n", path: "t.flownav")
        #expect(!failed.passed)
        #expect(failed.diff.hasPrefix("--- t.flownav (expected)\n+++ t.flownav (actual)\n@@ -1,2 +1,4 @@\n"), "\(failed.diff)")
        #expect(failed.updatedText?.hasPrefix("flownav> where\nwindow\n└─ root") == true)

        #expect(throws: FlowApp.TranscriptError.self) { try FlowApp.runTranscript(text: "window\n", path: "t.flownav") }
    }

    @Test(arguments: FlowApp.transcripts(in: PackagePaths.flows.path))
    func everyBundledTranscriptPasses(_ path: String) throws {
        let report = try FlowApp.runTranscript(path: path)
        #expect(report.passed, "\(report)")
    }

    @Test func transcriptsAreFoundRecursivelyInOrder() {
        let found = FlowApp.transcripts(in: PackagePaths.flows.path)
        #expect(found.count >= 10)
        #expect(found == found.sorted())
        #expect(found.allSatisfy { $0.hasSuffix(".flownav") })
    }
}

/// What a first-time user of FlowTesting tripped on: a misspelled transcripts folder passed, events
/// named instances by number only, and paths depended on the working directory.
@Suite struct FlowTestingDailyUseTests {
    @Test("a transcripts folder that does not exist is one failing case, not zero cases")
    func misspelledTranscriptsFolderFails() {
        let cases = FlowApp.transcripts(in: "flwos")
        #expect(cases == ["flwos"])
        #expect {
            _ = try FlowApp.runTranscript(path: cases[0])
        } throws: { error in
            "\(error)".contains("flwos: error: no such file or folder")
        }
    }

    @Test("an empty folder fails too, and a real one gives its transcripts")
    func emptyFolderFails() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(FlowApp.transcripts(in: folder.path) == [folder.path])
        #expect(throws: FlowApp.TranscriptError.self) { try FlowApp.runTranscript(path: folder.path) }
        #expect(FlowApp.transcripts(in: PackagePaths.flows.path).count > 5)
    }

    @Test("paths relative to the test file (#filePath)")
    func relativeToTheTestFile() throws {
        // This file is Tests/FlowTestingTests/FlowAppTests.swift: the flows are two folders up.
        let app = try FlowApp(path: "../../flows/segue-actions.json", relativeTo: #filePath)
        #expect(app.frontmost?.className == "ItemsViewController")
        let cases = FlowApp.transcripts(in: "../../flows", relativeTo: #filePath)
        #expect(cases.contains { $0.hasSuffix("flows/segue-actions.flownav") })
        #expect(try FlowApp.runTranscript(path: "../../flows/segue-actions.flownav", relativeTo: #filePath).passed)
        #expect(FlowApp.resolve("/abs/x.json", relativeTo: #filePath) == "/abs/x.json")
    }

    @Test("events map to view controllers, and 'call … viewDidLoad()' is matched as such")
    func callsNameTheirViewController() throws {
        var app = try FlowApp(path: PackagePaths.flow("segue-actions.json"))
        let r = try app.send("select 1")
        #expect(r.called("viewDidLoad()", on: "DetailViewController"))
        #expect(r.called("viewDidLoad()", scene: "detail"))
        #expect(r.called("prepare(for:sender:)", on: "ItemsViewController"))
        #expect(!r.called("viewDidLoad()", on: "ItemsViewController"))
        let load = try #require(r.calls.first { $0.method == "viewDidLoad()" })
        #expect(load.viewController == app.frontmost)
        #expect(r.lines.contains(load.description), "the shell prints the call as the Call describes it: \(load)")
        // Any event's instance number maps through public API.
        for case .lifecycle(let id, _) in r.events {
            #expect(app.viewController(id: id)?.address.hasPrefix("0x6000") == true)
        }
    }
}
