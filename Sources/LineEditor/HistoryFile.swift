import CEditLine
import CEditLineShim

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

/// libedit history, persisted after every entry so a killed shell loses nothing.
final class HistoryFile {
    let handle: OpaquePointer
    let path: String?

    init?(path: String?, capacity: Int = 1000) {
        guard let handle = history_init() else { return nil }
        self.handle = handle
        self.path = path
        _ = flownav_history_setsize(handle, Int32(clamping: capacity))
        _ = flownav_history_setunique(handle, 1)
        if let path {
            Self.createParentDirectories(of: path)
            // A missing file is the normal first run; libedit just reports -1.
            _ = flownav_history_load(handle, path)
        }
    }

    deinit {
        history_end(handle)
    }

    /// Adds a non-blank line (adjacent duplicates are dropped by H_SETUNIQUE) and saves.
    func add(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace) else { return }
        _ = flownav_history_enter(handle, line)
        save()
    }

    /// libedit writes the file with mode 0600 itself. Failures are ignored: losing history
    /// must not interrupt the session, and a warning per line would drown the output.
    func save() {
        guard let path else { return }
        _ = flownav_history_save(handle, path)
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
