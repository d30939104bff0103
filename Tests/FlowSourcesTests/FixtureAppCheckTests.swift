import Foundation
import TestSupport
import Testing

/// `flownav check APP/` on two small apps written for these tests in styles the shared apps do
/// not have (Tests/FlowImportTests/Fixtures): iOS 13 creator blocks (on the view controller's
/// own storyboard and on a named storyboard's initial scene), guards in `prepare` and in the
/// scene delegate, a root built in code, a generic base view controller, `@objc(name:)`
/// selectors on an action, an unwind and a segue action, a one-expression segue action, nested
/// types and extensions across files, a storyboard reference. Neither app crashes, so neither
/// report has a finding; each would have had false ones before the reader understood them.
@Suite(.needsFlownavBinary)
struct FixtureAppCheckTests {
    static func folder(_ name: String) -> String {
        PackagePaths.root.appendingPathComponent("Tests/FlowImportTests/Fixtures/\(name)").path
    }

    func check(_ folder: String) throws -> RunResult {
        try runProcess(FlownavBinary.require(), ["check", folder], stdin: nil, directory: PackagePaths.root, timeout: 600)
    }

    @Test func recipesCreatorBlocksAndGuardsGiveNoFinding() throws {
        // Before: the creator block was not read, so the detail scene was unreachable (a warning)
        // and a row selection showed nothing; with `as!` the code half did not load at all.
        let r = try check(Self.folder("Recipes"))
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("no problems found"), "\(r)")
        #expect(r.stdout.contains("coverage: scenes 5/5; segues 4/4"), "\(r)")
        #expect(!r.stdout.contains("Swift sources:"), "\(r)")
    }

    @Test func workoutsRootInCodeAndCreatorOnANamedStoryboardGiveNoFinding() throws {
        // Before: two traps that cannot happen (the creator's init(coder:tracker:) and the
        // one-expression segue action's init(coder:session:) read as init(coder:)) and four
        // scenes reported unreachable from a root built in code.
        let r = try check(Self.folder("Workouts"))
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("no problems found"), "\(r)")
        #expect(r.stdout.contains("coverage: scenes 4/4; segues 3/3"), "\(r)")
    }

    @Test func aStoryboardWithoutInitialSceneIsNoWarningWhenTheSourcesBuildTheRoot() throws {
        let tmp = try TemporaryFolder()
        defer { tmp.remove() }
        let fm = FileManager.default
        for item in try fm.contentsOfDirectory(atPath: Self.folder("Workouts")) {
            try fm.copyItem(atPath: Self.folder("Workouts") + "/" + item, toPath: tmp.path + "/" + item)
        }
        let board = tmp.path + "/Storyboards/Workout.storyboard"
        let text = try String(contentsOfFile: board, encoding: .utf8)
        try text.replacingOccurrences(of: #" initialViewController="workout""#, with: "")
            .write(toFile: board, atomically: true, encoding: .utf8)
        let r = try check(tmp.path)
        // The import's warning is gone; its note stays, quoted where the exploration ends (here
        // the app would trap too: `instantiateInitialViewController()` returns nil for `workout!`).
        #expect(!(r.stdout + r.stderr).contains("has no initial view controller; the flow starts at"), "\(r)")
        #expect(r.stdout.contains("Workout.storyboard has no initial view controller (the app sets its root in code)"), "\(r)")
    }

    @Test func aFailingGuardInTheSceneDelegateStopsTheInjection() throws {
        // The same app whose storyboard starts at the list itself, not at its navigation
        // controller: the scene delegate's `guard let nav = … as? UINavigationController` returns,
        // so `store` is never set and the list's viewDidLoad traps — what the app would do.
        // Before, the cast to the list (its unwrap skipped, as the root is no container) was read
        // as succeeding on its own, and the store as injected.
        let tmp = try TemporaryFolder()
        defer { tmp.remove() }
        let fm = FileManager.default
        for item in try fm.contentsOfDirectory(atPath: Self.folder("Recipes")) {
            try fm.copyItem(atPath: Self.folder("Recipes") + "/" + item, toPath: tmp.path + "/" + item)
        }
        let board = tmp.path + "/Base.lproj/Main.storyboard"
        let text = try String(contentsOfFile: board, encoding: .utf8)
        try text.replacingOccurrences(of: #"initialViewController="nav""#, with: #"initialViewController="list""#)
            .write(toFile: board, atomically: true, encoding: .utf8)
        let r = try check(tmp.path)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("RecipeListViewController.swift:8: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value"), "\(r)")
        // The failing guard's cast is a silent-cast-failure note that names the guard's line.
        #expect(r.stdout.contains("silent-cast-failure"), "\(r)")
        #expect(r.stdout.contains("as? UINavigationController is nil, so the guard at ") && r.stdout.contains("App/SceneDelegate.swift:10 returns and nothing after it runs"), "\(r)")
    }
}
