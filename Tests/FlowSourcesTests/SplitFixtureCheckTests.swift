import Foundation
import TestSupport
import Testing

/// Issue 31 item 1 on a fixture app (Tests/FlowImportTests/Fixtures/IdiomSplit): the app
/// delegate is the split view's delegate with the Master-Detail template's test, so the empty
/// note screen (its `note: String!` read in viewDidLoad) is on screen at launch only on a pad.
@Suite(.needsFlownavBinary)
struct SplitFixtureCheckTests {
    @Test func theTemplatesDelegateMakesTheLaunchCrashPadOnly() throws {
        let folder = FixtureAppCheckTests.folder("IdiomSplit")
        let r = try runProcess(FlownavBinary.require(), ["check", folder, "--device", "all"], stdin: nil, directory: PackagePaths.root, timeout: 600)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("NoteViewController.swift:8: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value"), "\(r)")
        #expect(r.stdout.contains("device: pad only"), "\(r)")
        // `splitViewController.delegate = self` is not read as an injection into UIKit's class.
        #expect(!r.stdout.contains("unknown dependency 'delegate'"), "\(r)")
    }

    @Test func theImportStatesTheDelegatesAnswerOnTheSplitScene() throws {
        let folder = FixtureAppCheckTests.folder("IdiomSplit")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("idiom-split-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try runProcess(FlownavBinary.require(), ["import", folder, "--sources", folder, "--output", out], stdin: nil, directory: PackagePaths.root, timeout: 600)
        #expect(r.status == 0, "\(r)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains(#""collapseSecondary": "note == nil""#), "\(text)")
    }
}
