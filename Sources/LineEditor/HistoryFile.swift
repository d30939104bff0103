import CEditLine
import CEditLineShim
import SafeFile

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LineEditor {
    /// Where the history lives: `FLOWNAV_HISTORY`, else `$XDG_STATE_HOME/flownav/history`,
    /// else `$HOME/.local/state/flownav/history`; nil when none of them is usable.
    /// Empty values count as unset, and a relative `XDG_STATE_HOME` is ignored as the XDG
    /// Base Directory spec requires.
    public static func historyPath(environment: [String: String]) -> String? {
        if let explicit = environment["FLOWNAV_HISTORY"], !explicit.isEmpty {
            return explicit
        }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return joined(state, "flownav/history")
        }
        if let home = environment["HOME"], !home.isEmpty {
            return joined(home, ".local/state/flownav/history")
        }
        return nil
    }

    private static func joined(_ directory: String, _ rest: String) -> String {
        directory.hasSuffix("/") ? directory + rest : directory + "/" + rest
    }
}

/// libedit history, persisted after every entry so a killed shell loses nothing, by
/// `SafeFile`'s rule (atomic, in place of its path). A file that is not a history file (a
/// flow, a pipe, a device) is neither read nor written: `problem` says so, once.
final class HistoryFile {
    let handle: OpaquePointer
    private(set) var path: String?
    /// What went wrong with the file and has not been reported yet.
    var problem: String?
    /// The first line libedit writes to a history file.
    static let signature = Array("_HiStOrY_V2_".utf8)

    /// `createFolders`: make the file's missing parent folders (for the default location, not
    /// for a path the user gave).
    init?(path: String?, capacity: Int = 1000, createFolders: Bool = true) {
        guard let handle = history_init() else { return nil }
        self.handle = handle
        self.path = path
        _ = flownav_history_setsize(handle, Int32(clamping: capacity))
        _ = flownav_history_setunique(handle, 1)
        guard let path else { return }
        if createFolders { Self.createParentDirectories(of: path) }
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                refuse("\(path) is not a regular file")
                return
            }
            guard Self.looksLikeHistory(path) else {
                refuse("\(path) is not a flownav history file (it does not start with _HiStOrY_V2_)")
                return
            }
            _ = flownav_history_load(handle, path)
        }
    }

    deinit {
        history_end(handle)
    }

    private func refuse(_ why: String) {
        problem = "warning: \(why); history is not read or saved"
        path = nil
    }

    /// Empty, or libedit's first line.
    private static func looksLikeHistory(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: signature.count)
        let n = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, signature.count) }
        return n == 0 || (n == signature.count && head == signature)
    }

    /// Adds a non-blank line (adjacent duplicates are dropped by H_SETUNIQUE) and saves.
    func add(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace) else { return }
        _ = flownav_history_enter(handle, line)
        save()
    }

    /// libedit writes a temporary copy, which replaces the file as `SafeFile` does (mode 0600
    /// for a new file: history can hold anything the user typed). A failure is reported once
    /// and saving stops: a warning per line would drown the output.
    func save() {
        guard let path else { return }
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/flownav-history-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return fail("cannot make a temporary file in \(folder)") }
        close(fd)
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { unlink(temporary) }
        guard flownav_history_save(handle, temporary) >= 0, var bytes = SafeFile.readAll(temporary) else {
            return fail("libedit could not write it")
        }
        if let failure = SafeFile.write(&bytes, to: path, mode: .replace, permissions: 0o600) { fail(failure.message) }
    }

    private func fail(_ why: String) {
        problem = "warning: history not saved: \(why); it is not saved again this session"
        path = nil
    }

    /// `mkdir -p` with 0700: history can contain anything the user typed.
    static func createParentDirectories(of path: String) {
        var components = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !components.isEmpty else { return }
        components.removeLast()
        var current = path.hasPrefix("/") ? "" : "."
        for component in components {
            current += "/" + component
            _ = mkdir(current, 0o700)  // EEXIST is fine; other errors surface when saving
        }
    }
}
