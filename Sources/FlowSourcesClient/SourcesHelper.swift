#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `flownav-sources` — the Swift sources reader, the only part of flownav that links
/// swift-syntax — and returns the flow JSON it prints. The reader is a separate product so that
/// the shell's first build stays short; it is built on first use, beside the running flownav.
public enum SourcesHelper {
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public static let productName = "flownav-sources"

    /// The flow JSON (`protocols`, `launch`, `classes`, `notes`) of the Swift files under `paths`.
    public static func fragment(paths: [String], arguments: [String] = []) -> Result<[UInt8], Problem> {
        let helper: String
        switch locate() {
        case .success(let h): helper = h
        case .failure(let p): return .failure(p)
        }
        return run(helper, arguments + paths, captureOutput: true)
    }

    /// `FLOWNAV_SOURCES`, else the helper beside the running executable, else built now.
    public static func locate() -> Result<String, Problem> {
        if let p = getenv("FLOWNAV_SOURCES").map({ String(cString: $0) }), !p.isEmpty { return .success(p) }
        let folder = executableFolder()
        let beside = folder + "/" + productName
        if access(beside, X_OK) == 0 { return .success(beside) }
        guard let root = packageRoot() else {
            return .failure(Problem(message: "error: the Swift sources reader (\(productName)) is not installed beside flownav, and flownav's package is not here to build it"))
        }
        let configuration = folder.hasSuffix("/release") || folder.contains("/release/") ? "release" : "debug"
        let note = "flownav: building the Swift sources reader on first use (swift-syntax; a few minutes)…\n"
        _ = note.withCString { write(2, $0, strlen($0)) }
        switch run("/usr/bin/env", ["swift", "build", "-c", configuration, "--package-path", root, "--product", productName], captureOutput: false) {
        case .failure(let p): return .failure(Problem(message: "error: building \(productName) failed: \(p.message)"))
        case .success: break
        }
        // SwiftPM's `.build/CONFIG` is a link to the triple's folder.
        let built = root + "/.build/" + configuration + "/" + productName
        guard access(built, X_OK) == 0 else { return .failure(Problem(message: "error: \(productName) was built but not found at \(built)")) }
        return .success(built)
    }

    static func executableFolder() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return "." }
        let path = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    /// The package this file was compiled from, when it is still there.
    static func packageRoot() -> String? {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 3 else { return nil }
        parts.removeLast(3)
        let root = parts.joined(separator: "/")
        return access(root + "/Package.swift", R_OK) == 0 ? root : nil
    }

    /// Runs a program; with `captureOutput`, returns its standard output (its standard error
    /// goes to ours). A non-zero exit is a problem carrying what it printed on standard output.
    static func run(_ program: String, _ arguments: [String], captureOutput: Bool) -> Result<[UInt8], Problem> {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return .failure(Problem(message: "cannot create a pipe")) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], captureOutput ? 1 : 2)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        close(fds[1])
        guard spawned == 0 else {
            close(fds[0])
            return .failure(Problem(message: "cannot run \(program): \(String(cString: strerror(spawned)))"))
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fds[0], &chunk, chunk.count)
            if n > 0 {
                if captureOutput { output += chunk[0..<n] } else { _ = chunk.withUnsafeBytes { write(2, $0.baseAddress, n) } }
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7f) == 0
        let code = (status >> 8) & 0xff
        guard exited && code == 0 else {
            let how = exited
                ? "failed (exit status \(code))"
                : "crashed with \(signalName(status & 0x7f)): a bug of flownav's Swift reader, not of the app; please report it with the files read"
            return .failure(Problem(message: "\(program) \(arguments.first ?? "") \(how)"))
        }
        return .success(output)
    }
}

/// `signal 11 (SIGSEGV)`: the number a crash report shows, with the name people search for.
func signalName(_ signal: Int32) -> String {
    let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGABRT: "SIGABRT", SIGILL: "SIGILL",
                                  SIGTRAP: "SIGTRAP", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGFPE: "SIGFPE"]
    return "signal \(signal)" + (names[signal].map { " (\($0))" } ?? "")
}
