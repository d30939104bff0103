import Synchronization

/// Counts the work of the algorithms whose cost must stay linear in their input — a failing
/// transcript's diff, `check`'s lints, near-name suggestions — so that a test can assert how
/// much work an input of a given size takes (a count that a quadratic algorithm exceeds by
/// orders of magnitude) instead of timing it. Off unless a caller installs one with `measure`;
/// when off, counting is one task-local read per counted batch.
public final class WorkMeter: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Lines of a transcript made into strings.
        case transcriptLines
        /// Segues and code actions the lints looked at.
        case lintSteps
        /// Candidate lists made for near-name suggestions.
        case suggestionLists
        /// References the loader's validator resolved, and entries of the indexes it made.
        case validationSteps
        /// Candidates compared with a name for near-name suggestions.
        case suggestionComparisons
    }

    @TaskLocal public static var current: WorkMeter?

    private let counts = Mutex<[Kind: Int]>([:])

    public init() {}

    /// Runs `body` with this meter counting the work done in it (on this task).
    public func measure<T>(_ body: () -> T) -> T { Self.$current.withValue(self, operation: body) }

    public subscript(kind: Kind) -> Int { counts.withLock { $0[kind] ?? 0 } }

    /// Counts `n` units of `kind` on the installed meter, if any.
    public static func add(_ kind: Kind, _ n: Int = 1) {
        guard let meter = current else { return }
        meter.counts.withLock { $0[kind, default: 0] += n }
    }
}
