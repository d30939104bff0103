import FlowModel

/// One Swift file as the reader sees it: a path (kept as given, for positions) and its text.
public struct SourceFile: Sendable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// A place in a Swift file.
public struct SwiftLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (a: SwiftLocation, b: SwiftLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }

    /// The position as the flow model keeps it: the Swift file as the path.
    public var origin: Origin { Origin(path: file, position: SourcePosition(line: line, column: column)) }
}

/// Something the reader met and did not understand, shown rather than dropped.
public struct SourceNote: Hashable, Sendable, CustomStringConvertible {
    public var location: SwiftLocation
    /// The class (or `launch`) the note is about; empty for the whole app.
    public var subject: String
    public var text: String

    public init(location: SwiftLocation, subject: String, text: String) {
        self.location = location
        self.subject = subject
        self.text = text
    }

    public var description: String { "\(location): note: \(subject.isEmpty ? "" : "\(subject): ")\(text)" }
}

/// The code half of a flow as read from Swift sources.
public struct SourceFacts: Sendable {
    /// View-controller classes (their superclass chain reaches a UIKit view controller).
    public var classes: [String: ClassDecl] = [:]
    /// `UIStoryboardSegue` subclasses, with what their `perform()` does (SeguePerformReader).
    public var segueClasses: [String: SegueClass] = [:]
    /// Protocols declared in the sources that a class of `classes` conforms to.
    public var protocols: [String: ProtocolDecl] = [:]
    public var launch = Launch()
    /// Typed destination enums (seed 002) that a method maps to segue identifiers.
    public var destinations: [String: DestinationEnum] = [:]
    public var notes: [SourceNote] = []
    /// Typed identifiers: `StoryboardSegue.Main.showSettings` → its raw value.
    public var rawValues: [String: String] = [:]
    /// Every class declared in the sources (view controllers or not), for stale-class reports.
    public var declaredClasses: Set<String> = []
    public var fileCount = 0
    /// Strings naming storyboard things, wherever in the code they sit (`ReferenceReader`).
    public var references: [SourceReference] = []
    /// What split view delegates answer on collapse (`SplitDelegateReader`).
    public var splitDelegates: [SplitDelegateFact] = []

    public init() {}

    /// Counts for the README and `flownav sources`: what was understood.
    public var summary: String {
        let cs = classes.values
        let actions = cs.reduce(0) { $0 + $1.segueActions.count }
        // A branch that sets nothing is kept as an empty case (so the branch counts as taken): not counted.
        let prepares = cs.reduce(0) { $0 + ($1.prepare?.filter { !$0.set.isEmpty || $0.call != nil }.count ?? 0) }
        let unwinds = cs.reduce(0) { $0 + $1.unwindActions.count }
        let codeActions = cs.reduce(0) { $0 + $1.actions.count }
        return "\(fileCount) Swift files: \(classes.count) view-controller classes, \(actions) segue actions, "
            + "\(prepares) prepare cases, \(unwinds) unwind actions, \(codeActions) code actions, \(notes.count) notes"
    }
}
