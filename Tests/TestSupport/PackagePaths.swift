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
    public static let shared: String = {
        let candidates = [
            root.deletingLastPathComponent().appendingPathComponent("shared").path,
            root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared").path,
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
    }()
}
