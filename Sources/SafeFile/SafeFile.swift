#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one rule for every file flownav writes (`record`, `check --output`, `test --update`,
/// the history file):
/// - never a file it is reading (the flow being run, the flows being checked);
/// - never a folder nobody asked for: the file's folder must exist;
/// - the file the path names is updated, in place of its path: a symbolic link stays a link to
///   the updated file, and the owner and mode stay; a file with several hard links is rewritten
///   in place (a rename would split it from its other names), with a backup until it is done;
/// - atomic otherwise: the text goes to an unnamed temporary file in the same folder (Linux's
///   O_TMPFILE, so a kill leaves nothing behind), is flushed, then linked and renamed over the
///   file; on any failure the old file is untouched and the error says why.
/// Non-regular files (a terminal, `/dev/null`, a pipe with a reader) are written as streams,
/// without blocking: a pipe with no reader is an error.
public enum SafeFile {
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public enum Mode: Sendable {
        /// A new file: an existing one is an error (`Failure.exists`).
        case create
        /// The file's contents replaced (created when missing).
        case replace
        /// Added to the end (created when missing).
        case append
    }

    /// A file being read, and what it is, for the error naming it ("the flow being run").
    public struct Input: Sendable {
        public var path: String
        public var what: String
        public init(_ path: String, what: String) {
            self.path = path
            self.what = what
        }
    }

    /// The message of `create` onto an existing file starts with this.
    public static let existsPrefix = "already exists"

    /// Writes `text` to `path`; nil when done, else what went wrong (the old file intact).
    public static func write(_ text: String, to path: String, mode: Mode = .replace, protecting inputs: [Input] = []) -> Failure? {
        var bytes = Array(text.utf8)
        return write(&bytes, to: path, mode: mode, protecting: inputs)
    }

    /// `permissions`: a new file's mode (default: 0666 less the umask); an existing file keeps its own.
    public static func write(_ bytes: inout [UInt8], to path: String, mode: Mode = .replace, protecting inputs: [Input] = [],
                             permissions: mode_t? = nil) -> Failure? {
        func fail(_ m: String) -> Failure { Failure(message: "cannot write \(path): \(m)") }
        if path.isEmpty { return Failure(message: "cannot write a file with an empty name") }
        if path.utf8.contains(0) { return fail("the name holds a NUL character") }
        // The file the path names: through symbolic links, so that a link stays one.
        var target = path
        var link = stat()
        if lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK {
            guard let real = realPath(path) else { return fail("it is a symbolic link to a file that does not exist") }
            target = real
        }
        var info = stat()
        let exists = stat(target, &info) == 0
        if !exists && errno != ENOENT { return fail(errorText()) }
        if exists {
            if mode == .create { return Failure(message: "\(path) \(existsPrefix)") }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return fail("it is a folder")
            case S_IFREG: break
            default: return stream(&bytes, to: target, append: mode == .append, fail)
            }
            for input in inputs {
                var other = stat()
                if stat(input.path, &other) == 0 && other.st_dev == info.st_dev && other.st_ino == info.st_ino {
                    return fail("it is \(input.what); flownav never writes a file it reads")
                }
            }
        } else {
            let folder = SafeFile.folder(of: target)
            var dir = stat()
            guard stat(folder, &dir) == 0 else { return fail("no such folder \(folder) (flownav creates no folders for a file)") }
            guard (dir.st_mode & S_IFMT) == S_IFDIR else { return fail("\(folder) is not a folder") }
        }
        if mode == .append && exists { return appendTo(target, &bytes, fail) }
        if exists && info.st_nlink > 1 { return rewriteInPlace(target, &bytes, info, fail) }
        return replace(target, &bytes, existing: exists ? info : nil, noClobber: !exists, permissions: permissions, fail)
    }

    // MARK: Ways of writing

    private static func stream(_ bytes: inout [UInt8], to path: String, append: Bool, _ fail: (String) -> Failure) -> Failure? {
        // O_NONBLOCK: a pipe nobody reads fails at once (ENXIO) instead of waiting forever.
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | (append ? O_APPEND : 0))
        guard fd >= 0 else { return fail(errno == ENXIO ? "it is a pipe with no reader" : errorText()) }
        defer { close(fd) }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return writeAll(fd, &bytes) ? nil : fail(errorText())
    }

    private static func appendTo(_ path: String, _ bytes: inout [UInt8], _ fail: (String) -> Failure) -> Failure? {
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { return fail(errorText()) }
        defer { close(fd) }
        var before = stat()
        _ = fstat(fd, &before)
        if !writeAll(fd, &bytes) {
            let message = errorText()
            // What was added is taken off again: the file is as it was.
            _ = ftruncate(fd, before.st_size)
            return fail(message)
        }
        return nil
    }

    /// A new file, written in full and flushed, then put in place by rename (or, for a file that
    /// must not exist yet, by link, which fails rather than replace one made meanwhile).
    private static func replace(_ path: String, _ bytes: inout [UInt8], existing: stat?, noClobber: Bool, permissions: mode_t?, _ fail: (String) -> Failure) -> Failure? {
        let folder = SafeFile.folder(of: path)
        let mask = umask(0)
        umask(mask)
        let mode = existing.map { $0.st_mode & 0o7777 } ?? permissions ?? (0o666 & ~mask)
        guard let temporary = Temporary(folder: folder, mode: mode) else { return fail("cannot create a file in \(folder): \(errorText())") }
        defer { temporary.discard() }
        guard writeAll(temporary.fd, &bytes) else { return fail(errorText()) }
        _ = fchmod(temporary.fd, mode)
        if let existing, existing.st_uid != getuid() || existing.st_gid != getgid() {
            if fchown(temporary.fd, existing.st_uid, existing.st_gid) != 0 {
                // The owner cannot be kept by a new file: rewrite the old one instead.
                return rewriteInPlace(path, &bytes, existing, fail)
            }
        }
        guard fsync(temporary.fd) == 0 else { return fail(errorText()) }
        if noClobber {
            guard temporary.link(to: path) else {
                return errno == EEXIST ? Failure(message: "\(path) \(existsPrefix)") : fail(errorText())
            }
            return nil
        }
        return temporary.rename(to: path) ? nil : fail(errorText())
    }

    /// For a file with other hard links (or an owner a new file cannot have): the old contents
    /// are saved next to it first, the file is overwritten, and the backup is removed; if
    /// anything fails the old contents are put back (or the error names the backup).
    private static func rewriteInPlace(_ path: String, _ bytes: inout [UInt8], _ info: stat, _ fail: (String) -> Failure) -> Failure? {
        guard var old = readAll(path) else { return fail(errorText()) }
        let folder = SafeFile.folder(of: path)
        let backupName = folder + "/." + baseName(path) + ".flownav-backup"
        let backup = open(backupName, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard backup >= 0, writeAll(backup, &old), fsync(backup) == 0 else {
            let message = errorText()
            if backup >= 0 { close(backup); unlink(backupName) }
            return fail("cannot save a backup of it first: \(message)")
        }
        close(backup)
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { unlink(backupName); return fail(errorText()) }
        defer { close(fd) }
        if writeAll(fd, &bytes), ftruncate(fd, off_t(bytes.count)) == 0, fsync(fd) == 0 {
            unlink(backupName)
            return nil
        }
        let message = errorText()
        _ = lseek(fd, 0, SEEK_SET)
        if writeAll(fd, &old), ftruncate(fd, off_t(old.count)) == 0, fsync(fd) == 0 {
            unlink(backupName)
            return fail(message)
        }
        return fail("\(message); its old contents are in \(backupName)")
    }

    // MARK: Helpers

    /// An unnamed file in `folder` where the system has them (Linux's O_TMPFILE: nothing is left
    /// if flownav is killed), else a hidden named one.
    private struct Temporary {
        var fd: Int32
        var name: String?
        let folder: String

        init?(folder: String, mode: mode_t) {
            self.folder = folder
            #if os(Linux)
            // O_TMPFILE is __O_TMPFILE | O_DIRECTORY; Swift does not import the macro.
            let tmpfile: Int32 = 0o20000000 | O_DIRECTORY
            let unnamed = open(folder, tmpfile | O_WRONLY | O_CLOEXEC, mode)
            if unnamed >= 0 {
                fd = unnamed
                name = nil
                return
            }
            #endif
            var template = Array((folder + "/.flownav-XXXXXX").utf8CString)
            let named = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard named >= 0 else { return nil }
            fd = named
            name = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        }

        /// Gives the file the name `path`; fails if `path` exists.
        func link(to path: String) -> Bool {
            if let name { return Glibc.link(name, path) == 0 }
            return linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0
        }

        /// Puts the file at `path`, replacing what is there in one step.
        func rename(to path: String) -> Bool {
            if let name { return Glibc.rename(name, path) == 0 }
            // An unnamed file gets a hidden name for the instant before the rename.
            for attempt in 0..<100 {
                let hidden = folder + "/.flownav-\(getpid())-\(attempt)"
                if linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, hidden, AT_SYMLINK_FOLLOW) == 0 {
                    if Glibc.rename(hidden, path) == 0 { return true }
                    let e = errno
                    unlink(hidden)
                    errno = e
                    return false
                }
                if errno != EEXIST { return false }
            }
            return false
        }

        func discard() {
            close(fd)
            if let name { unlink(name) }
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: inout [UInt8]) -> Bool {
        var offset = 0
        let count = bytes.count
        while offset < count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// The whole file, or nil when it cannot be opened or read.
    public static func readAll(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { return out }
            out += chunk[0..<n]
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func baseName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
