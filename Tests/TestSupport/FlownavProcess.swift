import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The real `flownav` executable, built next to the test bundle.
public enum FlownavBinary {
    /// `FLOWNAV_BINARY` if set; else `flownav` in the folder of the running test executable (the
    /// build products folder, whatever `--scratch-path` is); else `.build/debug/flownav`.
    public static let path: String? = {
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
}

/// What a run of the real binary printed and how it ended.
public struct RunResult: CustomStringConvertible {
    public var stdout: String
    public var stderr: String
    public var status: Int32
    /// It did not finish in time and was terminated.
    public var timedOut = false

    public var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Runs `binary` with `stdin` written to a pipe (none: no standard input); stdout and stderr go
/// to files so that neither can fill up and block the child while the caller waits.
public func runProcess(
    _ binary: String, _ arguments: [String], stdin: String?, directory: URL,
    environment changes: [String: String?] = [:], timeout: TimeInterval
) throws -> RunResult {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let outURL = folder.url.appendingPathComponent("stdout")
    let errURL = folder.url.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    defer { try? out.close(); try? err.close() }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    if !changes.isEmpty {
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in changes { environment[name] = value }
        process.environment = environment
    }
    let input = stdin.map { _ in Pipe() }
    process.standardInput = input ?? FileHandle.nullDevice
    process.standardOutput = out
    process.standardError = err
    try process.run()
    if let input, let stdin {
        try input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
        try input.fileHandleForWriting.close()
    }

    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    let timedOut = process.isRunning
    if timedOut {
        process.terminate()
        // A flownav stuck in a system call (open of a FIFO) with SIGTERM blocked does not end on
        // it: killed, so that the test fails instead of hanging the suite.
        let grace = Date().addingTimeInterval(5)
        while process.isRunning && Date() < grace { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    process.waitUntilExit()
    return RunResult(
        stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
        status: process.terminationStatus, timedOut: timedOut)
}
