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
    /// The shared test data (`shared/apps`, `shared/storyboards`): beside the package root, as CI
    /// clones it, or one level further up for a git worktree (`/work/wt/NAME` beside `/work/shared`).
    public static let shared: URL? = {
        for up in [root.deletingLastPathComponent(), root.deletingLastPathComponent().deletingLastPathComponent()] {
            let candidate = up.appendingPathComponent("shared")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("apps").path) { return candidate }
        }
        return nil
    }()

    /// `shared/apps/NAME`, when the shared data is there.
    public static func app(_ name: String) -> String? { shared?.appendingPathComponent("apps").appendingPathComponent(name).path }
}
