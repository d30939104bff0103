import FlowModel

/// What happened during one command, as data. The shell turns these into lines.
public enum Event: Hashable, Sendable {
    /// An instance came to be: how, and through which initializer.
    case instantiated(id: Int, via: Instantiation)
    /// A method UIKit or the app called (`prepare(for:sender:)`, `viewDidLoad()`, a segue action, …).
    case called(id: Int?, method: String, detail: String?)
    /// A lifecycle callback; shown only with `trace on`, except `viewDidLoad`.
    case lifecycle(id: Int, callback: String)
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
