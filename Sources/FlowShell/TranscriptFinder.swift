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
        return .success(transcripts(in: path))
    }

    /// The transcripts under a folder, recursively, sorted; none when it cannot be read.
    public static func transcripts(in folder: String) -> [String] {
        var out: [String] = []
        walk(folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder, into: &out)
        return out
    }

    /// Depth first, entries in byte order; hidden files and folders are skipped.
    private static func walk(_ folder: String, into out: inout [String]) {
        guard let dir = opendir(folder) else { return }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(".") { continue }
            names.append(name)
        }
        closedir(dir)
        for name in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
            let path = folder == "." ? name : folder + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                walk(path, into: &out)
            } else if name.hasSuffix(suffix) {
                out.append(path)
            }
        }
    }
}
