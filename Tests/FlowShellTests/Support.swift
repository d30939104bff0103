import FlowShell
import Foundation
import Testing

/// Paths of the package, found from this file so tests work from any working directory.
enum PackagePaths {
    /// `/…/main`: three levels above `Tests/FlowShellTests/Support.swift`.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let flows = root.appendingPathComponent("flows")

    static func flow(_ name: String) -> String { flows.appendingPathComponent(name).path }

    /// Every bundled flow: `flows/*.json` except the JSON Schema that describes them.
    static let bundledFlows: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: flows.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
    }()
}

/// A fresh folder under the system's temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("flownav-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }

    func file(_ name: String, contents: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try contents.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

extension Output {
    var texts: [String] { lines.map(\.text) }
    var joined: String { texts.joined(separator: "\n") }
}

extension Session {
    /// Runs each line in turn and returns the output of the last one.
    @discardableResult
    mutating func run(_ lines: String...) -> Output {
        var last = Output()
        for l in lines { last = execute(l) }
        return last
    }
}

/// The caret line of an input error, read back as the characters of `line` it underlines:
/// `offset` counts characters from the start of the typed line (0-based).
struct Caret: Equatable, CustomStringConvertible {
    var offset: Int
    var width: Int

    init(offset: Int, width: Int) {
        self.offset = offset
        self.width = width
    }

    /// Finds the echoed line (`  LINE`) and the caret line just below it.
    init?(in out: Output, typed line: String) {
        let texts = out.texts
        guard let echo = texts.firstIndex(of: "  " + line), echo + 1 < texts.count else { return nil }
        let caretLine = Array(texts[echo + 1])
        guard caretLine.count > 2, caretLine[0] == " ", caretLine[1] == " ",
              let first = caretLine.firstIndex(of: "^") else { return nil }
        let carets = caretLine[first...].prefix { $0 == "^" }.count
        // Nothing but spaces before the carets and nothing after them.
        guard caretLine[..<first].allSatisfy({ $0 == " " }), first + carets == caretLine.count else { return nil }
        offset = first - 2
        width = carets
    }

    /// The characters of `line` that the carets sit under (spaces past its end).
    func underlined(in line: String) -> String {
        let chars = Array(line) + Array(repeating: " ", count: offset + width)
        return String(chars[offset..<(offset + width)])
    }

    var description: String { "caret at \(offset), width \(width)" }
}

/// The real `flownav` executable, built next to this test bundle.
enum FlownavBinary {
    /// `FLOWNAV_BINARY` if set; else `flownav` in the folder of the running test executable (the
    /// build products folder, whatever `--scratch-path` is); else `.build/debug/flownav`.
    static let path: String? = {
        let fm = FileManager.default
        var candidates: [String] = []
        if let explicit = ProcessInfo.processInfo.environment["FLOWNAV_BINARY"], !explicit.isEmpty {
            candidates.append(explicit)
        }
        var folders: [URL] = []
        if let exe = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        if let exe = Bundle.main.executableURL { folders.append(exe.deletingLastPathComponent()) }
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        let argv0 = URL(fileURLWithPath: CommandLine.arguments[0], relativeTo: URL(fileURLWithPath: fm.currentDirectoryPath))
        folders.append(argv0.deletingLastPathComponent())
        // On Darwin the tests run inside `flownavPackageTests.xctest/Contents/MacOS`.
        for f in folders where f.path.contains(".xctest") {
            var u = f
            while u.path.contains(".xctest") && u.path != "/" { u.deleteLastPathComponent() }
            folders.append(u)
        }
        candidates += folders.map { $0.appendingPathComponent("flownav").standardizedFileURL.path }
        candidates.append(PackagePaths.root.appendingPathComponent(".build/debug/flownav").path)
        return candidates.first { path in
            var isDir: ObjCBool = false
            return fm.fileExists(atPath: path, isDirectory: &isDir) && !isDir.boolValue && fm.isExecutableFile(atPath: path)
        }
    }()

    static func require(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(path, "flownav was not built next to the tests; run `swift build --build-tests` first", sourceLocation: sourceLocation)
    }
}
