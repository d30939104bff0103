import FlowModel

extension Report {
    /// The report on an app folder with no storyboard and no view controller's XIB: one note
    /// saying so, no exploration (there is no scene to start from), and no failure.
    public static func nothingToExplore(file: String, name: String, message: String) -> Report {
        let finding = Finding(
            rule: Rules.entryLeadsNowhere, severity: .note, message: message,
            hint: "check a folder holding the app's storyboards, or describe the screens built in code as a flow (see flows/README.md)",
            file: file, origin: nil)
        return Report(file: file, flowName: name, scenes: 0, segues: 0, findings: [finding], coverage: nil)
    }
}
