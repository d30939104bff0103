#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds transcripts: a file as given, or every `*.flownav` under a folder, sorted.
public enum TranscriptFinder {
    public static let suffix = ".flownav"

    public struct Problem: Error, Sendable {
        public var message: String
    }

    public static func find(_ path: String) -> Result<[String], Problem> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .failure(Problem(message: "\(path): error: \(errno == ENOENT ? "no such file or folder" : String(cString: strerror(errno)))"))
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return .success([path]) }
        // A folder that cannot be read, or holds no transcript, fails: a CI job pointed at the
        // wrong folder must not pass with nothing tested.
        guard let dir = opendir(path) else {
            return .failure(Problem(message: "\(path): error: the folder cannot be read (\(String(cString: strerror(errno))))"))
        }
        closedir(dir)
        let found = transcripts(in: path)
        if found.isEmpty { return .failure(Problem(message: "\(path): error: no transcripts (*\(suffix) files) in this folder")) }
        return .success(found)
    }

    /// The transcripts under a folder, recursively, sorted; none when it cannot be read.
    /// Each folder is read once however many links lead to it (a `self -> .` link made every
    /// transcript run dozens of times, two made the walk exponential); only regular files are
    /// taken (a pipe named `*.flownav` would block the run).
    public static func transcripts(in folder: String) -> [String] {
        var out: [String] = []
        var seen = Set<FileID>()
        let root = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var info = stat()
        guard stat(root, &info) == 0 else { return [] }
        seen.insert(FileID(info))
        // Depth first with a stack of its own; a folder's entries pushed in reverse byte order.
        var pending: [(path: String, isFolder: Bool)] = [(root, true)]
        while let (path, isFolder) = pending.popLast() {
            guard isFolder else {
                out.append(path)
                continue
            }
            var entries: [(String, Bool)] = []
            for name in names(in: path) {
                let child = path == "." ? name : path + "/" + name
                var info = stat()
                guard stat(child, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if seen.insert(FileID(info)).inserted { entries.append((child, true)) }
                case S_IFREG:
                    if name.hasSuffix(suffix) { entries.append((child, false)) }
                default:
                    continue
                }
            }
            pending += entries.reversed()
        }
        return out
    }

    /// A folder's entries in byte order; hidden ones are skipped.
    private static func names(in folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(".") { continue }
            names.append(name)
        }
        return names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    private struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ s: stat) {
            device = UInt64(s.st_dev)
            inode = UInt64(s.st_ino)
        }
    }
}
