/// A string in the app's Swift code that names a storyboard thing (`"references"`): a segue
/// identifier performed or tested, a Storyboard ID instantiated, a storyboard loaded by name.
/// Plain facts, read wherever the call sits, so that `check` can hold them against the
/// storyboards even where the rest of the code half was not understood.
public struct SourceReference: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `performSegue(withIdentifier: "X", sender:)`.
        case performSegue
        /// `segue.identifier == "X"` or `case "X"` in `prepare(for:sender:)` or
        /// `shouldPerformSegue(withIdentifier:sender:)`.
        case segueIdentifierTest
        /// `instantiateViewController(withIdentifier: "X")` (or `identifier:`, `creator:`).
        case instantiate
        /// `UIStoryboard(name: "X", bundle: nil or .main)`.
        case storyboardName
        /// `segue.destination as! X` in `prepare(for:sender:)`: `name` is the type X.
        case destinationCast
    }

    public var kind: Kind
    /// The literal (or the typed identifier's raw value).
    public var name: String
    /// The class whose `self` receives the call (performSegue, instantiate on `storyboard`), or
    /// whose prepare tests the identifier; nil: another receiver, not known.
    public var className: String?
    /// For `instantiate`: the storyboard the receiver was loaded by name from; nil with a
    /// class: the storyboard of that class's scene; nil without: not known.
    public var storyboard: String?
    /// For `destinationCast`: the identifier the cast is under a test for, when it is.
    public var segue: String?
    public var at: CodeLocation

    public init(kind: Kind, name: String, className: String? = nil, storyboard: String? = nil, at: CodeLocation) {
        self.kind = kind
        self.name = name
        self.className = className
        self.storyboard = storyboard
        self.at = at
    }
}
