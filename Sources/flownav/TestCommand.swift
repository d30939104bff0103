import ArgumentParser

/// `flownav test PATH…`: replays transcripts (issue 5).
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Replay transcripts and compare their output.")

    @Argument(help: "Transcript files or folders.")
    var paths: [String] = []

    func run() throws {
        throw ValidationError("not implemented yet")
    }
}
