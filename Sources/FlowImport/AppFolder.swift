#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an app folder holds for an import: its storyboards and XIBs (one copy of each, Base.lproj
/// preferred, launch screens left out) and the entry storyboard its Info.plist names. Sources
/// readers extend `otherFiles` by extension (`swift`).
public struct AppFolder: Sendable {
    public var root: String
    public var storyboards: [String] = []
    public var xibs: [String] = []
    /// The entry storyboard from Info.plist (`UIMainStoryboardFile`, or the scene manifest's
    /// `UISceneStoryboardFile`), and the plist it came from.
    public var entry: String?
    public var entryPlist: String?
    /// The pad's entry storyboard (`UIMainStoryboardFile~ipad`), when it differs.
    public var padEntry: String?
    /// Files with the extensions asked for, e.g. `["swift"]`, sorted.
    public var otherFiles: [String: [String]] = [:]

    /// Folders that hold no app files of their own (dependencies, build products, VCS).
    static let skipped: Set<String> = ["Pods", "Carthage", "DerivedData", "build", ".build", "node_modules", "vendor"]

    public static func discover(_ root: String, otherExtensions: [String] = []) -> AppFolder {
        var folder = AppFolder(root: root)
        var all: [String] = []
        walk(root, depth: 0, into: &all)
        all.sort()
        var plists: [String] = []
        var launchNames: Set<String> = ["LaunchScreen", "Launch Screen"]
        for path in all {
            let file = path.split(separator: "/").last.map(String.init) ?? path
            if file == "Info.plist" { plists.append(path) }
            for ext in otherExtensions where file.hasSuffix("." + ext) { folder.otherFiles[ext, default: []].append(path) }
        }
        for plist in plists {
            let info = InfoPlist.read(plist)
            if let l = info.launchStoryboard { launchNames.insert(l) }
            if folder.entry == nil, let e = info.mainStoryboard {
                folder.entry = e
                folder.entryPlist = plist
                folder.padEntry = info.padStoryboard
            }
        }
        folder.storyboards = preferred(all.filter { $0.hasSuffix(".storyboard") }, excluding: launchNames)
        folder.xibs = preferred(all.filter { $0.hasSuffix(".xib") }, excluding: launchNames)
        return folder
    }

    /// One copy per file name: `Base.lproj` first, then one outside any `.lproj`, then English,
    /// then the first in sorted order.
    static func preferred(_ paths: [String], excluding launch: Set<String>) -> [String] {
        var byName: [String: [String]] = [:]
        var order: [String] = []
        for p in paths {
            let name = StoryboardReader.baseName(p)
            if launch.contains(name) || name.hasPrefix("LaunchScreen") { continue }
            if byName[name] == nil { order.append(name) }
            byName[name, default: []].append(p)
        }
        func rank(_ p: String) -> Int {
            let parent = p.split(separator: "/").dropLast().last.map(String.init) ?? ""
            if parent == "Base.lproj" { return 0 }
            if !parent.hasSuffix(".lproj") { return 1 }
            if parent == "en.lproj" { return 2 }
            return 3
        }
        return order.map { n in byName[n]!.min { (rank($0), $0) < (rank($1), $1) }! }.sorted()
    }

    private static func walk(_ dir: String, depth: Int, into out: inout [String]) {
        guard depth < 24, let d = opendir(dir) else { return }
        defer { closedir(d) }
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name.hasPrefix(".") || skipped.contains(name) { continue }
            let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
            var info = stat()
            // lstat: a symbolic link to a folder is not followed (no cycles).
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: walk(path, depth: depth + 1, into: &out)
            case S_IFREG: out.append(path)
            default: continue
            }
        }
    }

    /// Whether a path is a folder.
    public static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
