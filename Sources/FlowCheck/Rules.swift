/// How bad a finding is. `check --severity` sets the threshold for the exit status.
public enum Severity: Int, Comparable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case note = 0
    case warning = 1
    case error = 2

    public init?(name: String) {
        switch name {
        case "note": self = .note
        case "warning": self = .warning
        case "error": self = .error
        default: return nil
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rawValue < b.rawValue }

    public var description: String {
        switch self {
        case .note: "note"
        case .warning: "warning"
        case .error: "error"
        }
    }

    /// SARIF 2.1.0 `level`.
    public var sarifLevel: String { description }
}

/// A rule: a stable id for a kind of finding, what it means, and how to fix it.
public struct Rule: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// Found by reading the flow, without running it.
        case lint
        /// Found by exploring the reachable navigation states.
        case exploration
    }

    public var id: String
    public var kind: Kind
    public var severity: Severity
    /// One line: what the rule finds.
    public var summary: String
    /// Why it matters and how to fix it.
    public var help: String
}

/// Every rule `check` knows, lints first. Ids are stable: CI configurations and SARIF
/// consumers refer to them.
public enum Rules {
    // MARK: Lints

    public static let segueActionOnContainer = Rule(
        id: "segue-action-on-container", kind: .lint, severity: .error,
        summary: "a relationship segue's action is implemented on the container, but UIKit sends it to the source of the outer segue",
        help: "UIKit sends a relationship segue's Instantiation action to the source of the segue that presents or shows the container, never to the container. Implement the method on that view controller; a stub on the container only makes Interface Builder offer it.")
    public static let segueActionNotImplemented = Rule(
        id: "segue-action-not-implemented", kind: .lint, severity: .error,
        summary: "a segue action that no class on the runtime target implements",
        help: "UIKit sends a segue's Instantiation action to the source view controller of the segue being performed; when it does not respond, UIKit logs 'Unable to find method' and decodes the destination through init(coder:). Implement the action on that class, or remove the connection.")
    public static let initCoderTrapReachable = Rule(
        id: "init-coder-trap-reachable", kind: .lint, severity: .error,
        summary: "a scene whose class traps in init(coder:) is decoded through the init(coder:) fallback on some path",
        help: "UIKit falls back to init(coder:) when no segue action applies, when the action returns nil, when it is not found on the target, for relationship children decoded at launch, and for code that instantiates from the storyboard. Give that path a segue action that builds the view controller with its dependencies, or make init(coder:) work.")
    public static let unknownSegueIdentifier = Rule(
        id: "unknown-segue-identifier", kind: .lint, severity: .error,
        summary: "a segue identifier used by code that the source scene does not own",
        help: "performSegue(withIdentifier:) throws NSInvalidArgumentException ('Receiver … has no segue with identifier …') unless the receiver's own scene has a segue with exactly that identifier. Add the segue to that scene, or perform it from the scene that owns it.")
    public static let typedDestinationNotExhaustive = Rule(
        id: "typed-destination-not-exhaustive", kind: .lint, severity: .warning,
        summary: "a typed destination enum that does not cover every identified segue of a source using it, or a switch that ignores one of its cases",
        help: "A source that performs segues through a typed destination enum expects every one of its identified segues to have a case, and each destination's switch to handle the case that reaches it; a segue without a case carries no Box, and a case the switch ignores assigns nothing. Add the case, or handle it in the destination's switch.")
    public static let typedDestinationBypassed = Rule(
        id: "typed-destination-bypassed", kind: .lint, severity: .warning,
        summary: "a segue performed with a string identifier where prepare(for:sender:) expects a typed destination box",
        help: "prepare(for:sender:) hands the sender to a method that switches on the typed destination enum; a stringly-typed performSegue sends no Box, so nothing is assigned. Perform the segue through the enum case instead.")
    public static let unwindActionUnreachable = Rule(
        id: "unwind-action-unreachable", kind: .lint, severity: .warning,
        summary: "an unwind segue whose action no possible ancestor implements",
        help: "UIKit searches the source's parents and presenters (and their other children) for a view controller that implements the unwind action; when none does, the unwind silently does nothing. Implement the action on a view controller the source is reached from.")
    public static let unreachableScene = Rule(
        id: "unreachable-scene", kind: .lint, severity: .warning,
        summary: "a scene that no segue, relationship or code path from launch reaches",
        help: "Nothing in the flow leads to this scene: no segue or relationship from a reachable scene, and no code action builds its class. Connect it, remove it, or model the code that instantiates it (a code action).")
    public static let segueNeverFires = Rule(
        id: "segue-never-fires", kind: .lint, severity: .warning,
        summary: "a segue that can never be performed",
        help: "A manual segue fires only through performSegue(withIdentifier:) from code, so it needs an identifier and code that performs it; a triggered segue vetoed by shouldPerformSegue 'never' does not fire either. Add the code action that performs it (or a trigger), or remove the segue.")
    public static let actionNeverTriggered = Rule(
        id: "action-never-triggered", kind: .lint, severity: .warning,
        summary: "a code action whose trigger names a control (or cells) that no scene of its class has",
        help: "The action's trigger names a control or table cells that no scene of the class (or its subclasses) has, so no tap or selection reaches it. Fix the trigger or the scene's controls and rows.")

    public static let segueIdentifierNeverMatches = Rule(
        id: "segue-identifier-never-matches", kind: .lint, severity: .warning,
        summary: "code tests a segue identifier (in prepare, shouldPerformSegue, an unwind or segue action) that no segue it can receive has",
        help: "A segue reaches prepare(for:sender:) and shouldPerformSegue(withIdentifier:sender:) only from the scene of the view controller that performs it, so a test there for an identifier none of the class's scenes has is never true and its branch never runs; in an unwind action, a segue action's segueIdentifier or a helper given the segue, an identifier no storyboard has never matches either (identifiers are case-sensitive). Fix the identifier, or remove the branch.")
    public static let unknownStoryboardIdentifier = Rule(
        id: "unknown-storyboard-identifier", kind: .lint, severity: .error,
        summary: "instantiateViewController(withIdentifier:) names a Storyboard ID that the storyboard has no scene with",
        help: "instantiateViewController(withIdentifier:) (and identifier:creator:) throws NSInvalidArgumentException, 'Storyboard (…) doesn't contain a view controller with identifier …', unless a scene of that very storyboard has that Storyboard ID. Fix the identifier (they are case-sensitive), or set the scene's Storyboard ID in Interface Builder's identity inspector.")
    public static let unknownStoryboardName = Rule(
        id: "unknown-storyboard-name", kind: .lint, severity: .error,
        summary: "UIStoryboard(name:bundle:) names a storyboard the app does not have",
        help: "UIStoryboard(name:bundle:) throws NSInvalidArgumentException, 'Could not find a storyboard named … in bundle …', when the bundle holds no compiled storyboard of that name. Fix the name (the file name without .storyboard; names are case-sensitive on a device), or add the storyboard to the target.")

    public static let destinationCastFails = Rule(
        id: "destination-cast-fails", kind: .lint, severity: .error,
        summary: "prepare(for:sender:) force-casts segue.destination to a class that no segue reaching it leads to",
        help: "segue.destination is the scene the segue leads to, exactly: a navigation controller around a view controller is not that view controller, and 'as!' traps with 'Could not cast value of type …'. Cast the navigation controller's topViewController, or fix the class.")

    // MARK: Exploration

    public static let trap = Rule(
        id: "trap", kind: .exploration, severity: .error,
        summary: "a reachable Swift runtime trap (fatalError, assertion, implicitly unwrapped nil)",
        help: "Some sequence of user events crashes the app with a Swift runtime trap. Replay the path (flownav FLOW, then the commands) to see the injection that is missing.")
    public static let forcedCastFails = Rule(
        id: "forced-cast-fails", kind: .exploration, severity: .error,
        summary: "a reachable 'as!' that fails: Swift traps with 'Could not cast value of type …'",
        help: "Some sequence of user events reaches a forced cast (as!) in prepare(for:sender:) or the launch code whose object is not of that class or protocol: the Swift runtime aborts with 'Could not cast value of type 'A' (0x…) to 'B' (0x…).', the most common storyboard crash being a segue whose destination became a navigation controller. Cast the navigation controller's topViewController, or use as? and handle the other objects. An object whose class flownav does not wholly know (a class no code declares, a superclass not read) never fails one.")
    public static let outletBeforeViewLoaded = Rule(
        id: "outlet-before-view-loaded", kind: .exploration, severity: .error,
        summary: "an implicitly unwrapped @IBOutlet is read through while it is nil: before the view loads, or one the storyboard does not connect",
        help: "Outlets are set when the view controller's view loads, which is after prepare(for:sender:) and after code that builds a controller and configures it before showing it: reading through an implicitly unwrapped outlet there traps with 'Unexpectedly found nil while implicitly unwrapping an Optional value'. Pass the data in a property and set the outlet in viewDidLoad, use label?.text, or call loadViewIfNeeded() first. After the load, an outlet the storyboard does not connect stays nil: connect it in Interface Builder.")
    public static let uncaughtException = Rule(
        id: "uncaught-exception", kind: .exploration, severity: .error,
        summary: "a reachable uncaught Objective-C exception",
        help: "Some sequence of user events makes UIKit throw an exception that terminates the app. Replay the path to see the call that throws.")
    public static let unableToFindMethod = Rule(
        id: "unable-to-find-method", kind: .exploration, severity: .warning,
        summary: "UIKit logs 'Unable to find method' for a segue action and falls back to init(coder:)",
        help: "The segue action is not implemented on the object UIKit sends it to (the source of the segue being performed). Implement it there.")
    public static let segueActionReturnedNil = Rule(
        id: "segue-action-returned-nil", kind: .exploration, severity: .warning,
        summary: "a segue action returns nil, and UIKit falls back to init(coder:)",
        help: "Returning nil from an @IBSegueAction makes UIKit decode the destination through init(coder:), which skips its dependencies. Make sure the action can build the destination on every path that performs the segue.")
    public static let alreadyPresenting = Rule(
        id: "already-presenting", kind: .exploration, severity: .warning,
        summary: "UIKit refuses to present because the presenter is already presenting",
        help: "present(_:animated:) on a view controller that already presents logs 'Attempt to present … which is already presenting …' and drops the new view controller. Present from the front-most view controller, or dismiss first.")
    public static let uikitWarning = Rule(
        id: "uikit-warning", kind: .exploration, severity: .warning,
        summary: "another console warning from UIKit",
        help: "UIKit wrote a warning to the console on this path. Replay it to see the context.")
    public static let nilDependencyInViewDidLoad = Rule(
        id: "nil-dependency-in-viewDidLoad", kind: .exploration, severity: .warning,
        summary: "viewDidLoad reads a dependency that is nil or was never injected",
        help: "The view controller loads its view with a dependency still nil (an optional) or without a value; the screen runs without it. Inject it in prepare(for:sender:), the segue action or the initializer on every path that reaches the scene.")
    public static let silentCastFailure = Rule(
        id: "silent-cast-failure", kind: .exploration, severity: .note,
        summary: "an `as?` cast in prepare(for:sender:) or the launch code fails, so nothing is injected (or its guard returns)",
        help: "The destination is not of the class or protocol the code casts to (often a navigation controller around it). Unwrap the container first, or conform the class to the protocol.")
    public static let unwindWithoutDestination = Rule(
        id: "unwind-without-destination", kind: .exploration, severity: .warning,
        summary: "an unwind segue finds no view controller implementing its action, and does nothing",
        help: "On this path no view controller above the source implements the unwind action, so UIKit silently stays on the screen. Implement the action on a view controller that is always below the source.")
    public static let typedDestinationUnhandled = Rule(
        id: "typed-destination-unhandled", kind: .exploration, severity: .warning,
        summary: "a typed destination's switch has no case for the value it receives",
        help: "The destination's method switches on the typed destination enum and has no case for what it received (or received no Box at all), so nothing is assigned. Handle the case, or perform the segue through the enum.")
    public static let noNavigationController = Rule(
        id: "no-navigation-controller", kind: .exploration, severity: .warning,
        summary: "code pushes or uses navigationController, which is nil here",
        help: "The view controller is not inside a navigation controller on this path, so navigationController is nil and the push (or the action) does nothing. Embed the scene in a navigation controller, or present instead.")
    public static let dismissDidNothing = Rule(
        id: "dismiss-did-nothing", kind: .exploration, severity: .warning,
        summary: "dismiss(animated:) on a view controller that neither presents nor is presented",
        help: "The action dismisses, but on this path the view controller was pushed or is the root, so nothing happens. Pop instead, or present the screen.")

    public static let ownerUnknown = Rule(
        id: "owner-unknown", kind: .lint, severity: .note,
        summary: "an imported segue action or unwind action that no class of the flow declares",
        help: "The storyboard names the method, but without the app's Swift sources nothing says which class implements it, so check cannot tell whether UIKit finds it. Import the sources, or declare it under the class's segueActions or unwindActions.")
    public static let unknownSceneClass = Rule(
        id: "unknown-scene-class", kind: .lint, severity: .warning,
        summary: "a scene whose class no code declares (a class renamed in code but not in the storyboard)",
        help: "UIKit logs 'Unknown class X in Interface Builder file.' and instantiates the storyboard element's own UIKit class, so the screen runs none of the app's code and every 'as? X' on it fails silently. Set the scene's Custom Class to the class's new name (or restore the class).")
    public static let unknownViewClass = Rule(
        id: "unknown-view-class", kind: .lint, severity: .warning,
        summary: "a storyboard cell, view or other object whose class no code declares (a class renamed in code but not in the storyboard)",
        help: "UIKit logs 'Unknown class X in Interface Builder file.' and decodes the element's own UIKit class (a plain UITableViewCell, UIView…), so an outlet of type X, a 'dequeueReusableCell(…) as! X' or a method X overrides traps or never runs. Set the object's Custom Class to the class's new name (or restore the class).")
    public static let undeclaredSegueAction = Rule(
        id: "undeclared-segue-action", kind: .lint, severity: .warning,
        summary: "a segue's Instantiation action that no class declares (a method renamed in code but not in the storyboard)",
        help: "At run time UIKit logs 'Unable to find method -[Source selector]' and decodes the destination through init(coder:), so the dependencies the action injected are missing (and a fatalError init(coder:) traps). Reconnect the segue's Instantiation to the renamed @IBSegueAction, or remove the connection.")
    public static let undeclaredUnwindAction = Rule(
        id: "undeclared-unwind-action", kind: .lint, severity: .warning,
        summary: "an unwind segue whose action no class declares (a method renamed in code but not in the storyboard)",
        help: "No view controller implements the selector, so the unwind finds no destination and does nothing, silently: the button seems dead. Reconnect the exit to the renamed unwind @IBAction.")
    public static let unknownSegueClass = Rule(
        id: "unknown-segue-class", kind: .lint, severity: .error,
        summary: "a custom segue whose class no code declares (a UIStoryboardSegue subclass renamed in code but not in the storyboard)",
        help: "NSClassFromString finds no class, and -[UIStoryboardSegueTemplate segueWithDestinationViewController:] fails its assertion: 'Could not create a segue of class '(null)''. Set the segue's Class to the renamed subclass.")

    public static let entryLeadsNowhere = Rule(
        id: "entry-leads-nowhere", kind: .exploration, severity: .note,
        summary: "the app's first screen leads nowhere in the flow: the exploration ends at launch",
        help: "Nothing a user can do on the first screen (a tap, a row, a tab, back, dismiss) reaches another state, so check explored one state and its silence says nothing about the rest of the app. An imported app usually goes on from here in code (a root the app delegate sets, instantiateViewController, present or push in code), which storyboards do not record: read the Swift sources with the storyboards, or write the code paths as code actions in a flow naming \"storyboards\".")

    public static let tabBarPushed = Rule(
        id: "tab-bar-pushed", kind: .exploration, severity: .warning,
        summary: "a tab bar controller is pushed onto a navigation stack",
        help: "Apple documents that the view controller pushed 'cannot be a tab bar controller'. UIKit does not stop it, but the tab bar then lives inside the navigation stack (its tabs lose their own navigation bars, back pops the whole tab bar). Present the tab bar controller, or make it the window's root and put navigation controllers inside its tabs.")

    public static let unconnectedAction = Rule(
        id: "unconnected-action", kind: .lint, severity: .note,
        summary: "an @IBSegueAction or unwind @IBAction that no storyboard segue connects",
        help: "UIKit calls a segue action only for a segue whose Instantiation names it, and an unwind action only for an unwind segue (an exit) that names it; one that no segue of the app's storyboards names is never called from them. Usually the other half of a rename: a storyboard still naming the old selector gets undeclared-segue-action or undeclared-unwind-action beside it. Reconnect the segue (or the exit) in Interface Builder, or delete the method.")

    public static let notUnderstood = Rule(
        id: "not-understood", kind: .lint, severity: .note,
        summary: "Swift the sources reader did not understand: what that code does is not in the flow",
        help: "Reading the app's Swift sources, flownav met a statement, type or call it has no shape for (an identifier computed at run time, a superclass outside the sources, a navigation in one branch of an if, a file it refused) and left it out of the flow, so check's silence says nothing about what that code does. Settle it with a hand-written entry in a flow naming \"storyboards\", or write the code in a shape the reader knows.")

    public static let all: [Rule] = [
        ownerUnknown, segueActionOnContainer, segueActionNotImplemented, initCoderTrapReachable, unknownSegueIdentifier,
        typedDestinationNotExhaustive, typedDestinationBypassed, unwindActionUnreachable, unreachableScene,
        segueNeverFires, actionNeverTriggered, unknownSceneClass, unknownViewClass, undeclaredSegueAction, undeclaredUnwindAction, unknownSegueClass, unconnectedAction, notUnderstood,
        segueIdentifierNeverMatches, unknownStoryboardIdentifier, unknownStoryboardName, destinationCastFails,
        trap, forcedCastFails, outletBeforeViewLoaded, uncaughtException, unableToFindMethod, segueActionReturnedNil, alreadyPresenting, uikitWarning,
        nilDependencyInViewDidLoad, silentCastFailure, unwindWithoutDestination, typedDestinationUnhandled,
        noNavigationController, dismissDidNothing, tabBarPushed, entryLeadsNowhere,
        presentOutsideWindow, unknownSegueTransition,
    ]

    public static func rule(_ id: String) -> Rule? { all.first { $0.id == id } }
}
