import FlowImport
import FlowModel
import Testing
import TestSupport

/// A path holding a NUL byte (possible in a flow's JSON as `\u0000`, or a transcript line) names
/// no file. The C library reads such a path only up to the NUL, so it used to read another file
/// than the one named, and an app folder's walk listed the folder before the NUL under every
/// name, each again a folder: `load "\0"` did not end (found by the transcript fuzz target).
@Suite struct NulPathTests {
    @Test func aFileNameWithANulIsRefusedNotTruncated() {
        let path = PackagePaths.flow("segue-actions.json") + "\u{0}.backup"
        guard case .failure(let problem) = FileBytes.read(path) else {
            Issue.record("read the file before the NUL")
            return
        }
        #expect(problem.message.contains("NUL"))
        #expect(!FileBytes.exists(path))
    }

    @Test func aFolderNameWithANulIsNoFolder() {
        #expect(!AppFolder.isFolder(PackagePaths.flows.path + "/\u{0}\u{0}ast"))
        #expect(AppFolder.discover(PackagePaths.flows.path + "/\u{0}apps").storyboards.isEmpty)
    }

    @Test func aFlowNamingAStoryboardWithANulGetsAnError() throws {
        let text = #"{ "format": 1, "name": "N", "module": "N", "storyboards": ["apps/\u0000"] }"#
        let result = FlowSource.load(bytes: Array(text.utf8), file: PackagePaths.flow("nul.json"))
        guard case .failure(let e) = result else {
            Issue.record("loaded a storyboard path holding a NUL")
            return
        }
        #expect(e.errors.contains { $0.message.contains("no such storyboard or folder") }, "\(e.errors.map(\.message))")
    }
}
