import FlowModel

/// What happened during one command, as data. The shell turns these into lines.
public enum Event: Hashable, Sendable {
    /// An instance came to be: how, and through which initializer.
    case instantiated(id: Int, via: Instantiation)
    /// A method UIKit or the app called (`prepare(for:sender:)`, `viewDidLoad()`, a segue action, …).
    case called(id: Int?, method: String, detail: CallDetail?)
    /// A lifecycle callback; shown only with `trace on`, except `viewDidLoad`.
    case lifecycle(id: Int, callback: Callback)
    /// A dependency received a value.
    case injected(id: Int, dependency: String, value: String?, by: String)
    /// A line UIKit writes to the console (category such as `Storyboard`, `Presentation`).
    case console(category: String, message: String)
    /// A navigation change: push, present, pop, dismiss, select tab, …
    case transition(Transition)
    /// flownav explaining what UIKit does silently (a failed `as?` cast, a vetoed segue, …).
    case note(String)
    case crashed(Crash)
}

/// A view controller lifecycle callback; the raw value is its Swift name, as printed.
public enum Callback: String, Hashable, Sendable {
    case didMoveToParent = "didMove(toParent:)"
    case loadView = "loadView()"
    case viewDidAppear = "viewDidAppear(_:)"
    case viewDidDisappear = "viewDidDisappear(_:)"
    case viewDidLoad = "viewDidLoad()"
    case viewWillAppear = "viewWillAppear(_:)"
    case viewWillDisappear = "viewWillDisappear(_:)"
    case willMoveToParent = "willMove(toParent:)"
}

/// What a `.called` event adds after the method: text, or for `prepare(for:sender:)` the segue
/// and its destination as data, so that the text is made only when someone reads it (the
/// checker runs millions of segues and reads none of it). Equal when the texts are equal.
public struct CallDetail: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case text(String)
        /// `segue 'ID', destination <Module.Class: 0x…>`; `runtimeName` is the destination's class as UIKit prints it.
        case prepare(identifier: String?, destination: Int, runtimeName: String)
        /// `segue action, for scene 'ID'`: a segue action called to make a scene's view controller.
        case segueAction(sceneID: String)
    }

    public let kind: Kind

    public init(_ text: String) { kind = .text(text) }
    public init(stringLiteral value: String) { kind = .text(value) }
    public init(prepare identifier: String?, destination: Int, runtimeName: String) {
        kind = .prepare(identifier: identifier, destination: destination, runtimeName: runtimeName)
    }

    public init(segueActionFor sceneID: String) { kind = .segueAction(sceneID: sceneID) }

    /// The text the shell prints.
    public var text: String {
        switch kind {
        case .text(let t): return t
        case .prepare(let identifier, let destination, let runtimeName):
            return Self.prepareText(identifier: identifier, destination: "<\(runtimeName): \(Simulator.address(destination))>")
        case .segueAction(let sceneID):
            return "segue action, for scene '\(sceneID)'"
        }
    }

    public var description: String { text }

    /// `segue 'ID', destination DESCRIPTION` (`segue (no identifier), …` without an identifier).
    public static func prepareText(identifier: String?, destination: String) -> String {
        "segue \(identifier.map { "'\($0)'" } ?? "(no identifier)"), destination \(destination)"
    }

    public static func == (a: CallDetail, b: CallDetail) -> Bool {
        if case .text(let x) = a.kind, case .text(let y) = b.kind { return x == y }
        return a.text == b.text
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

public enum Instantiation: Hashable, Sendable {
    /// Decoded from the storyboard through `init(coder:)` (possibly as a fallback).
    case initCoder
    /// Created by a segue action on a target.
    case segueAction(target: Int, selector: String, initializer: String)
    /// Built in code with a designated initializer.
    case code(initializer: String, caller: String)
}

public enum Transition: Hashable, Sendable {
    case setRoot(Int)
    case push(Int, onto: Int)
    case present(Int, by: Int, style: ModalPresentationStyle)
    case pop(Int, from: Int)
    case dismiss(Int, by: Int)
    case selectTab(Int, index: Int, of: Int)
    case showDetail(Int, in: Int)
    case embed(Int, in: Int)
    case addChild(Int, to: Int, role: ChildRole)
    case released(Int)
}
