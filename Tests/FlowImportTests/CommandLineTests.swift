import Foundation
import Testing
import TestSupport

/// `flownav import`, and a storyboard or app folder where a flow is expected, through the real
/// binary: what the "Must show" runs.
@Suite(.needsSharedData) struct ImportCommandLineTests {
    func run(_ args: [String], stdin: String? = nil) throws -> RunResult {
        let binary = try #require(FlownavBinary.path, "build the flownav product first")
        return try runProcess(binary, args, stdin: stdin, directory: PackagePaths.root, timeout: 120)
    }

    @Test func importWritesAFlowThatLoadsAndChecks() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("todo.json").path
        let imported = try run(["import", PackagePaths.shared + "/apps/ToDoList", "--output", out])
        #expect(imported.status == 0, "\(imported)")
        let check = try run(["check", out])
        #expect(check.status == 0 || check.status == 1, "\(check)")
        let direct = try run(["check", PackagePaths.shared + "/storyboards/mattneub__SegueActionDemo__Main.storyboard"])
        #expect(direct.status == 0 || direct.status == 1, "\(direct)")
    }

    @Test func aMacOSStoryboardIsRefused() throws {
        let r = try run(["import", PackagePaths.shared + "/storyboards/rxhanson__Rectangle__Main.storyboard", "--output", "/dev/null"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("macOS storyboards are AppKit, not UIKit"))
    }

    @Test func theShellOpensAnAppFolder() throws {
        let r = try run([PackagePaths.shared + "/apps/ToDoList"], stdin: "where\n")
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("'toDoTable' \"My To-Dos\""))
    }
}
