import Foundation
import TestSupport
import Testing

/// `flownav check` on UnreadSetup (Tests/FlowImportTests/Fixtures), an app written for these
/// tests whose set-up happens in code flownav does not follow: a coordinator built in the scene
/// delegate hands the root its shelf, a selection handler remembers the book that prepare hands
/// on from a segue performed in an alert's closure, a `UIStoryboard` extension builds and fills
/// a screen, and a segue action returns what a factory builds. The app does not crash, so no
/// finding is an error, and the exploration goes past launch.
@Suite(.needsFlownavBinary)
struct UnreadSetupCheckTests {
    static let folder = PackagePaths.root.appendingPathComponent("Tests/FlowImportTests/Fixtures/UnreadSetup").path

    func run(_ arguments: [String]) throws -> RunResult {
        try runProcess(FlownavBinary.require(), arguments, stdin: nil, directory: PackagePaths.root, timeout: 600)
    }

    @Test func noErrorAndTheExplorationGoesPastLaunch() throws {
        let r = try run(["check", Self.folder])
        // Before: the shelf read in viewDidLoad was nil at launch (explored: 1 state, an error),
        // prepare copied a nil book into a trap, and makeNotes(_:) was read as init(coder:).
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("0 errors, 0 warnings"), "\(r)")
        #expect(!r.stdout.contains("explored: 1 state,"), "\(r)")
        #expect(r.stdout.contains("(0 crashed)"), "\(r)")
        #expect(r.stdout.contains("coverage: scenes 5/5; segues 3/3"), "\(r)")
        #expect(!r.stdout.contains("init-coder-trap-reachable"), "\(r)")
    }

    @Test func theReaderMarksEachValueWhereUnreadCodeSetsIt() throws {
        let r = try run(["sources", Self.folder])
        #expect(r.status == 0, "\(r)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let classes = try #require(json["classes"] as? [String: [String: Any]])
        func unknown(_ cls: String, _ dep: String) -> String? {
            ((classes[cls]?["dependencies"] as? [String: [String: Any]])?[dep])?["unknown"] as? String
        }
        #expect(unknown("LibraryViewController", "shelf") == "App/LibraryCoordinator.swift:19")
        #expect(unknown("LibraryViewController", "chosen") == "Screens/LibraryViewController.swift:19")
        #expect(unknown("ReadingListViewController", "books") == "App/UIStoryboard+Library.swift:9")
        // Only prepare sets the book, and prepare is read: its value comes from there.
        #expect(unknown("BookViewController", "book") == nil)
        let actions = try #require(classes["LibraryViewController"]?["segueActions"] as? [String: [String: Any]])
        #expect(actions["makeNotes(_:)"]?["unknown"] as? String == "Screens/LibraryViewController.swift:39")
    }
}
