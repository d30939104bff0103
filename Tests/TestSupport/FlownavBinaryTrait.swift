import Testing

/// The tests that run the real `flownav`. Outside CI, a checkout built without its executable
/// skips them, each saying what is missing; in CI (`CI` set) they always run, so a missing binary
/// fails the run (through `require()`) instead of passing it with nothing tested.
extension FlownavBinary {
    public static var runs: Bool { path != nil || SharedData.inCI }

    public static let missing = Comment(rawValue:
        "needs the flownav executable built next to the tests (`swift build --build-tests`), which this build does not have (CI runs these)")

    public static func require(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(path, "flownav was not built next to the tests; run `swift build --build-tests` first", sourceLocation: sourceLocation)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs where the `flownav` executable was built, and always in CI.
    public static var needsFlownavBinary: Self { .enabled(if: FlownavBinary.runs, FlownavBinary.missing) }
}
