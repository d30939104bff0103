import ArgumentParser

/// `flownav check FLOW…`: lints and exploration (issue 6).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint a flow and explore every reachable navigation state.")

    @Argument(help: "Flow files.")
    var flows: [String] = []

    func run() throws {
        throw ValidationError("not implemented yet")
    }
}
