import Foundation
import SafeFile
import TestSupport
import Testing

/// Issue 15, items 3 and 4: the one rule for every file flownav writes.
/// A class, so that each test's folder is removed when the test ends (`deinit`).
@Suite final class SafeFileTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }
    deinit { folder.remove() }

    func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
    func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() }

    @Test func replacesThroughASymbolicLinkAndKeepsTheLink() throws {
        let real = try folder.file("real.flownav", contents: "old\n")
        let link = folder.path + "/link.flownav"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.flownav")
        #expect(SafeFile.write("new\n", to: link) == nil)
        #expect(read(real) == "new\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.flownav")
        #expect(names() == ["link.flownav", "real.flownav"], "no temporary file is left")
    }

    @Test func keepsHardLinksAndMode() throws {
        let a = try folder.file("a.flownav", contents: "old\n")
        let b = folder.path + "/b.flownav"
        #expect(link(a, b) == 0)
        #expect(chmod(a, 0o640) == 0)
        #expect(SafeFile.write("new\n", to: a) == nil)
        #expect(read(b) == "new\n", "the other name sees the new contents")
        var info = stat()
        #expect(stat(a, &info) == 0 && info.st_mode & 0o777 == 0o640 && info.st_nlink == 2)
        #expect(names() == ["a.flownav", "b.flownav"], "no backup is left")
    }

    @Test func keepsAReadOnlyMode() throws {
        let a = try folder.file("a.flownav", contents: "old\n")
        #expect(chmod(a, 0o444) == 0)
        #expect(SafeFile.write("new\n", to: a) == nil)
        var info = stat()
        #expect(stat(a, &info) == 0 && info.st_mode & 0o777 == 0o444)
    }

    @Test func createsNoFolders() throws {
        let failure = try #require(SafeFile.write("x", to: folder.path + "/a/b/c.json"))
        #expect(failure.message.contains("no such folder \(folder.path)/a/b"))
        #expect(names().isEmpty)
    }

    @Test func neverWritesAFileBeingRead() throws {
        let flow = try folder.file("flow.json", contents: "{}\n")
        let failure = try #require(SafeFile.write("report", to: folder.path + "/./flow.json", protecting: [.init(flow, what: "the flow being checked")]))
        #expect(failure.message.hasSuffix("it is the flow being checked; flownav never writes a file it reads"))
        #expect(read(flow) == "{}\n")
    }

    @Test func createRefusesAnExistingFile() throws {
        let a = try folder.file("a.flownav", contents: "keep\n")
        let failure = try #require(SafeFile.write("new", to: a, mode: .create))
        #expect(failure.message == "\(a) already exists")
        #expect(read(a) == "keep\n")
        #expect(SafeFile.write("new\n", to: folder.path + "/b.flownav", mode: .create) == nil)
        #expect(read(folder.path + "/b.flownav") == "new\n")
    }

    @Test func appendAdds() throws {
        let a = try folder.file("a.flownav", contents: "one\n")
        #expect(SafeFile.write("two\n", to: a, mode: .append) == nil)
        #expect(read(a) == "one\ntwo\n")
    }

    @Test func aFullDiskAFolderAndAPipeWithNoReaderAreErrors() throws {
        #expect(SafeFile.write("x", to: "/dev/full")?.message.contains("No space left") == true)
        #expect(SafeFile.write("x", to: folder.path)?.message.hasSuffix("it is a folder") == true)
        let fifo = folder.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(SafeFile.write("x", to: fifo)?.message.hasSuffix("it is a pipe with no reader") == true)
        #expect(SafeFile.write("x", to: "/dev/null") == nil)
    }
}
