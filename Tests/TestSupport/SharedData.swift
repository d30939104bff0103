import Foundation
import Testing

/// The tests that read `../shared` (real apps, storyboards, the bench's models). A user's fresh
/// clone has no `../shared` beside it: there they are skipped, each saying what is missing, so
/// `make test` passes. In CI (`CI` set) they always run, so a missing folder fails the run
/// instead of passing it with nothing tested.
public enum SharedData {
    public static let isPresent: Bool = FileManager.default.fileExists(atPath: PackagePaths.shared + "/apps")
        && FileManager.default.fileExists(atPath: PackagePaths.shared + "/storyboards")

    public static let inCI: Bool = {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !value.isEmpty && value.lowercased() != "false" && value != "0"
    }()

    /// Whether the tests that read it run.
    public static var runs: Bool { isPresent || inCI }

    public static let missing: Comment = Comment(rawValue:
        "needs the shared test data (real apps and storyboards) at \(PackagePaths.shared), which this checkout does not have (CI runs these)")
}

extension Trait where Self == ConditionTrait {
    /// Runs where `../shared` is, and always in CI.
    public static var needsSharedData: Self { .enabled(if: SharedData.runs, SharedData.missing) }
}
