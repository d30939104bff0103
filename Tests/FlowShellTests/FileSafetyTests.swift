import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 15, items 3 and 4 (and issue 16's `record` onto an existing file), through the real
/// binary: no file the user had is lost, no folder is created that nobody asked for.
/// A class, so that each test's folder is removed when the test ends (`deinit`).
@Suite final class FileSafetyTests {
    let folder: TemporaryFolder
    let flowText: String
    init() throws {
        folder = try TemporaryFolder()
        flowText = try String(contentsOfFile: PackagePaths.flow("segue-actions.json"), encoding: .utf8)
    }
    deinit { folder.remove() }

    func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    @Test func checkNeverWritesItsFlowAndCreatesNoFolders() throws {
        let flow = try folder.file("flow.json", contents: flowText)
        let r = try runFlownav(["check", "--lint-only", flow, "--output", flow], stdin: "")
        #expect(r.status == 3, "\(r)")
        #expect(r.stderr.contains("it is the flow \(flow), being checked; flownav never writes a file it reads"))
        #expect(read(flow) == flowText)
        let deep = folder.path + "/a/b/report.json"
        let d = try runFlownav(["check", "--lint-only", flow, "--output", deep], stdin: "")
        #expect(d.status == 3 && d.stderr.contains("no such folder \(folder.path)/a/b"), "\(d)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/a"))
        let t = try runFlownav(["check", flow, "--format", "transcript", "--output", folder.path + "/x/y"], stdin: "")
        #expect(t.status == 3 && t.stderr.contains("no such folder \(folder.path)/x"), "\(t)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/x"))
    }

    @Test func recordRefusesAnExistingFileAndSaysHowToOverwriteOrAppend() throws {
        let flow = try folder.file("flow.json", contents: flowText)
        let story = try folder.file("story.flownav", contents: "# mine\n")
        let r = try runFlownav([flow], stdin: "record story.flownav\nwhere\n", directory: folder.url)
        #expect(r.stderr == "error: story.flownav already exists; 'record --force story.flownav' replaces it, 'record --append story.flownav' adds to it; not recording\n", "\(r)")
        #expect(!r.stdout.contains("recording to"))
        #expect(r.status == 1)
        #expect(read(story) == "# mine\n")
        let a = try runFlownav([flow], stdin: "record --append story.flownav\nwhere\n", directory: folder.url)
        #expect(a.status == 0, "\(a)")
        #expect(read(story)?.hasPrefix("# mine\nflownav> load flow.json\n") == true)
        let f = try runFlownav([flow], stdin: "record --force story.flownav\nwhere\n", directory: folder.url)
        #expect(f.status == 0, "\(f)")
        #expect(read(story)?.hasPrefix("flownav> load flow.json\n") == true)
    }

    @Test func recordNeverWritesTheFlowBeingRunNorIntoAMissingFolder() throws {
        let flow = try folder.file("flow.json", contents: flowText)
        let r = try runFlownav([flow], stdin: "record --force flow.json\n", directory: folder.url)
        #expect(r.stderr.contains("it is the flow being run"), "\(r)")
        #expect(r.status == 1)
        #expect(read(flow) == flowText)
        let m = try runFlownav([flow], stdin: "record nowhere/story.flownav\n", directory: folder.url)
        #expect(m.stderr.contains("no such folder nowhere"), "\(m)")
        #expect(!m.stdout.contains("recording to") && m.status == 1)
        let full = try runFlownav([flow], stdin: "record --force /dev/full\n", directory: folder.url)
        #expect(full.stderr.contains("No space left on device; not recording"), "\(full)")
        #expect(full.status == 1)
    }

    @Test func testUpdateKeepsSymbolicLinksAndHardLinks() throws {
        let real = try folder.file("real.flownav", contents: "flownav> help where\nwrong\n")
        let link = folder.path + "/link.flownav"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.flownav")
        let hard = folder.path + "/hard.flownav"
        #expect(Glibc.link(real, hard) == 0)
        let r = try runFlownav(["test", "--update", link], stdin: "")
        #expect(r.stdout.contains("updated \(link)"), "\(r)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.flownav")
        #expect(read(real)?.contains("wrong") == false)
        #expect(read(hard) == read(real), "the hard link is the same file still")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["hard.flownav", "link.flownav", "real.flownav"])
    }
}

/// Issue 15, item 9: `--depth -1` said "Missing value".
@Suite struct NegativeOptionTests {
    @Test func aNegativeDepthNamesTheRange() throws {
        let r = try runFlownav(["check", PackagePaths.flow("segue-actions.json"), "--depth", "-1"], stdin: "")
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("--depth must be from 0 to 10,000"), "\(r)")
    }
}
