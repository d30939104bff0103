/// What a user (or a transcript, or the checker) asks the simulated app to do.
public enum Command: Hashable, Sendable {
    /// `performSegue(withIdentifier:sender:)` on a view controller (the front-most by default).
    case perform(identifier: String, on: Int?, sender: String?)
    /// A tap on a control of the scene: triggered segues (which consult `shouldPerformSegue`) and actions.
    case tap(control: String, on: Int?)
    /// Selecting a row: sets the selection, then the cell's segue and `didSelectRowAt` actions.
    case select(section: Int, row: Int, on: Int?)
    /// Running a code action of the class by its Swift name.
    case call(action: String, on: Int?)
    /// The navigation bar's back button on the front-most navigation controller.
    case back
    /// Dismissing the front-most presentation (Cancel, or a swipe down).
    case dismiss
    /// Selecting a tab (0-based) of the front-most tab bar controller.
    case tab(Int)
}

/// A command that could not run at all: the app is untouched. Not a crash of the app.
public struct Rejection: Error, Hashable, Sendable {
    public var message: String
    public var suggestions: [String]

    public init(_ message: String, suggestions: [String] = []) {
        self.message = message
        self.suggestions = suggestions
    }
}
