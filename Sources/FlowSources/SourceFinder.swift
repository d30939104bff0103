#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowModel

/// The edge of the module: finds an app's Swift files and reads them. The reader itself
/// (`SourceReader`) takes texts and does no I/O.
public enum SourceFinder {
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(path): error: \(message)" }
    }

    /// Folders never read: dependencies and tests are not the app's navigation.
    static let skipped: Set<String> = ["Pods", "Carthage", "build", "DerivedData"]

    /// Every `*.swift` under each path (a file is taken as given), in byte order.
    public static func swiftFiles(_ paths: [String]) -> Result<[String], Problem> {
        var out: [String] = []
        for p in paths {
            var info = stat()
            guard stat(p, &info) == 0 else { return .failure(Problem(path: p, message: errno == ENOENT ? "no such file or folder" : String(cString: strerror(errno)))) }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                walk(p.count > 1 && p.hasSuffix("/") ? String(p.dropLast()) : p, into: &out)
            } else {
                out.append(p)
            }
        }
        return .success(out)
    }

    /// Reads the files; a file found under a folder is named relative to that folder
    /// (`UI/Settings/SettingsViewController.swift`), a file given by itself as given.
    public static func read(_ paths: [String]) -> Result<[SourceFile], Problem> {
        var out: [SourceFile] = []
        for given in paths {
            let files: [String]
            switch swiftFiles([given]) {
            case .failure(let p): return .failure(p)
            case .success(let f): files = f
            }
            let prefix = given.hasSuffix("/") ? given : given + "/"
            for f in files {
                switch FileBytes.read(f) {
                case .success(let bytes):
                    let name = f.hasPrefix(prefix) ? String(f.dropFirst(prefix.count)) : f
                    out.append(SourceFile(path: name, text: String(decoding: bytes, as: UTF8.self)))
                case .failure(let p):
                    return .failure(Problem(path: f, message: p.message))
                }
            }
        }
        return .success(out)
    }

    private static func walk(_ folder: String, into out: inout [String]) {
        guard let dir = opendir(folder) else { return }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(".") || skipped.contains(name) || name.hasSuffix("Tests") { continue }
            names.append(name)
        }
        closedir(dir)
        for name in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
            let path = folder == "." ? name : folder + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                walk(path, into: &out)
            } else if name.hasSuffix(".swift") {
                out.append(path)
            }
        }
    }
}
