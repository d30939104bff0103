import Foundation
import TestSupport
import Testing

/// `flownav check APP/` on one small app per family of Swift shapes (Tests/FlowImportTests/Fixtures/Idiom*,
/// written for these tests): none of them crashes, so none has an error-level finding, and each
/// is explored past launch with every scene reached. Before the reader understood the shapes,
/// each had a false crash: init(coder:) traps from segue actions "not understood", a root's
/// dependency nil "at launch", an implicitly unwrapped read after `if x == nil { x = … }`.
@Suite(.needsFlownavBinary)
struct IdiomFamilyAppTests {
    func check(_ name: String) throws -> RunResult {
        let folder = PackagePaths.root.appendingPathComponent("Tests/FlowImportTests/Fixtures/\(name)").path
        return try runProcess(FlownavBinary.require(), ["check", folder], stdin: nil, directory: PackagePaths.root, timeout: 600)
    }

    func expectNoErrorPastLaunch(_ r: RunResult, coverage: String) {
        #expect(!r.stdout.contains(": error:"), "\(r)")
        #expect(r.status == 0 || r.status == 1, "\(r)")
        #expect(!r.stdout.contains("explored: nothing"), "\(r)")
        #expect(r.stdout.contains("coverage: \(coverage)"), "\(r)")
    }

    @Test func segueActionBodiesOfEveryShapeBuildWithTheirInitializers() throws {
        // if/else on the selection, two returns of one initializer, a switch on the identifier,
        // `??` and a ternary in arguments, a local, a helper, a static method in an extension.
        let r = try check("IdiomSegueActions")
        expectNoErrorPastLaunch(r, coverage: "scenes 9/9; segues 9/9")
        #expect(!r.stdout.contains("the class it builds is not read"), "\(r)")
        #expect(r.stdout.contains("song differs by branch; read as selection != nil ? songs[selection.row] : nil"), "\(r)")
    }

    @Test func viewDidLoadReadsAfterANilCheckAreNoTrap() throws {
        let r = try check("IdiomViewDidLoad")
        expectNoErrorPastLaunch(r, coverage: "scenes 8/8; segues 7/7")
        #expect(r.stdout.contains("no problems found"), "\(r)")
    }

    @Test func aRootFromAStoryboardHelperGetsItsInjection() throws {
        let r = try check("IdiomLaunch")
        expectNoErrorPastLaunch(r, coverage: "scenes 2/2; segues 1/1")
        #expect(r.stdout.contains("no problems found"), "\(r)")
    }

    @Test func aCoordinatorThatReceivesTheRootInjectsIntoIt() throws {
        let r = try check("IdiomCoordinator")
        expectNoErrorPastLaunch(r, coverage: "scenes 3/3; segues 2/2")
        #expect(r.stdout.contains("no problems found"), "\(r)")
    }

    @Test func navigationInsideClosuresIsTheActionsNavigation() throws {
        // An alert action's handler, a main-queue block in a completion handler, an animation's
        // completion: each navigation is its action's, so every scene is reached.
        let r = try check("IdiomClosures")
        expectNoErrorPastLaunch(r, coverage: "scenes 4/4; segues 3/3")
    }
}
