import Foundation

/// Paths of the package, found from this file so tests work from any working directory.
public enum PackagePaths {
    /// `/…/main`: three levels above `Tests/TestSupport/PackagePaths.swift`.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let flows = root.appendingPathComponent("flows")

    public static func flow(_ name: String) -> String { flows.appendingPathComponent(name).path }

    /// Every bundled flow: `flows/*.json` except the JSON Schema that describes them.
    public static let bundledFlows: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: flows.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
    }()
}

extension PackagePaths {
    /// `../shared` (test data: real storyboards and apps) beside the package, or beside the
    /// folder of worktrees the package is checked out in.
    /// `FLOWNAV_SHARED` names another folder (a missing one shows what a fresh clone without
    /// the shared data does: `FLOWNAV_SHARED=/nonexistent swift test`).
    public static let shared: String = {
        if let explicit = ProcessInfo.processInfo.environment["FLOWNAV_SHARED"], !explicit.isEmpty { return explicit }
        let candidates = [
            root.deletingLastPathComponent().appendingPathComponent("shared").path,
            root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared").path,
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
    }()

    /// `shared/apps/NAME`, when the shared data is there.
    public static func app(_ name: String) -> String? {
        let path = shared + "/apps/" + name
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
