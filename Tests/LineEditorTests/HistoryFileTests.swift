import Foundation
import Testing
@testable import LineEditor

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A class, so that the folders its tests make are removed when each test ends (`deinit`).
@Suite final class HistoryFileTests {
    private var folders: [String] = []
    deinit { for f in folders { try? FileManager.default.removeItem(atPath: f) } }

    private func temporaryDirectory() throws -> String {
        var template = Array("/tmp/lineeditor-tests-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        try #require(made != nil)
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        folders.append(path)
        return path
    }

    private func contents(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        while case let byte = fgetc(file), byte != EOF { bytes.append(UInt8(byte)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }

    @Test func savesEachLineImmediatelyWithPrivateModes() throws {
        // libedit's strvis keeps UTF-8 bytes raw only under a UTF-8 LC_CTYPE; LineEditor.init
        // sets one, this test has to do it itself.
        _ = setlocale(LC_CTYPE, "C.UTF-8")
        let root = try temporaryDirectory()
        let path = root + "/state/flownav/history"
        let history = try #require(HistoryFile(path: path))
        #expect(mode(root + "/state/flownav") == 0o700)

        history.add("héllo wörld")
        history.add("héllo wörld")  // adjacent duplicate
        history.add("   ")  // blank
        history.add(".help")

        #expect(contents(path) == "_HiStOrY_V2_\nh\u{e9}llo\\040w\u{f6}rld\n.help\n")
        #expect(mode(path) == 0o600)
    }

    @Test func reloadsPreviousSession() throws {
        let root = try temporaryDirectory()
        let first = root + "/a/history"
        do {
            let history = try #require(HistoryFile(path: first))
            history.add("one")
            history.add("two")
        }
        let reloaded = try #require(HistoryFile(path: first))
        reloaded.add("three")
        #expect(contents(first) == "_HiStOrY_V2_\none\ntwo\nthree\n")
    }

    /// Issue 15, item 9: a failed history save was silent. It is reported once, and saving
    /// stops (a warning per line would drown the output).
    @Test func aFailedSaveIsReportedOnce() throws {
        let root = try temporaryDirectory()
        let path = root + "/gone/history"
        let history = try #require(HistoryFile(path: path))
        history.add("one")
        #expect(history.problem == nil)
        // The folder goes away under the shell: the next save cannot be made.
        #expect(unlink(path) == 0 && rmdir(root + "/gone") == 0)
        history.add("two")
        let problem = try #require(history.problem)
        #expect(problem.hasPrefix("warning: history not saved: "), "\(problem)")
        #expect(problem.hasSuffix("; it is not saved again this session"), "\(problem)")
        history.problem = nil
        history.add("three")
        #expect(history.problem == nil, "reported once")
        #expect(access(root + "/gone", F_OK) != 0, "no folder was made again")
    }

    @Test func withoutPathNothingIsWritten() throws {
        let history = try #require(HistoryFile(path: nil))
        history.add("one")  // must simply not crash
    }
}
