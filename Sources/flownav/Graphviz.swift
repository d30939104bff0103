import FlowModel
import FlowShell

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs Graphviz's `dot` to turn DOT text into SVG. flownav draws no layout itself: Graphviz
/// is the well-kept tool for it, and an optional one (DOT and Mermaid need nothing).
enum Graphviz {
    static let installHint = "Graphviz's 'dot' is not installed; install it with 'apt-get install graphviz' (Debian, Ubuntu), 'brew install graphviz' (macOS) or from https://graphviz.org/download/, or write DOT (--format dot) or Mermaid (--format mermaid) instead"

    /// The SVG, or a message saying what went wrong.
    static func svg(fromDOT dot: String) -> Result<String, FileError> {
        let folder = temporaryFolder()
        guard let folder else { return .failure(FileError(message: "cannot create a temporary folder: \(String(cString: strerror(errno)))")) }
        defer {
            unlink(folder + "/in.dot")
            unlink(folder + "/out.svg")
            unlink(folder + "/err.txt")
            rmdir(folder)
        }
        if let problem = TranscriptFiles.writeFile(folder + "/in.dot", dot) { return .failure(FileError(message: problem)) }
        let status = run(["dot", "-Tsvg", "-o", folder + "/out.svg", folder + "/in.dot"], stderr: folder + "/err.txt")
        switch status {
        case .notFound:
            return .failure(FileError(message: installHint))
        case .failed(let message):
            return .failure(FileError(message: "dot failed: \(message)"))
        case .exited(let code):
            if code != 0 {
                let err = (try? FileBytes.read(folder + "/err.txt").get()).map { String(decoding: $0, as: UTF8.self) } ?? ""
                return .failure(FileError(message: "dot exited with status \(code): \(err.split(separator: "\n").first ?? "")"))
            }
        }
        switch FileBytes.read(folder + "/out.svg") {
        case .success(let bytes): return .success(String(decoding: bytes, as: UTF8.self))
        case .failure(let p): return .failure(FileError(message: p.message))
        }
    }

    enum RunStatus {
        case exited(Int32)
        case notFound
        case failed(String)
    }

    /// Runs a program found on PATH, with standard input from /dev/null and standard error to a file.
    static func run(_ argv: [String], stderr errPath: String) -> RunStatus {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        var pid = pid_t()
        let rc = posix_spawnp(&pid, argv[0], &actions, nil, &cArgs, environ)
        if rc == ENOENT { return .notFound }
        if rc != 0 { return .failed(String(cString: strerror(rc))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return .failed(String(cString: strerror(errno))) }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as macros.
        if status & 0x7f == 0 { return .exited((status >> 8) & 0xff) }
        return .failed("killed by signal \(status & 0x7f)")
    }

    static func temporaryFolder() -> String? {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/flownav-graph-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            guard let p = mkdtemp(buffer.baseAddress!) else { return nil }
            return String(cString: p)
        }
    }
}

extension Terminal {
    /// Does what `graph FILE` asked: writes DOT or Mermaid, or SVG drawn by Graphviz. Returns
    /// an error message when it cannot.
    static func perform(_ request: GraphWrite) -> String? {
        var text = request.text
        if request.format == .svg {
            switch Graphviz.svg(fromDOT: request.text) {
            case .success(let svg): text = svg
            case .failure(let e): return "error: \(e.message)"
            }
        }
        return TranscriptFiles.writeFile(request.path, text).map { "error: \($0)" }
    }
}
