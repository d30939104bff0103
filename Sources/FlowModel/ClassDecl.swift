/// What a Swift view-controller class does where UIKit calls into it.
public struct ClassDecl: Hashable, Sendable {
    public var name: String
    public var superclass: String
    /// The Name of `@objc(Name)`: the class's Objective-C runtime name instead of the mangled one.
    public var objcName: String?
    public var file: String
    public var conformsTo: [String]
    public var dependencies: [Dependency]
    public var initializers: [Initializer]
    /// nil: not declared here, so the superclass's behaviour applies.
    public var initCoder: InitCoder?
    public var viewDidLoad: ViewDidLoad?
    /// What `viewWillAppear(_:)` / `viewDidAppear(_:)` read and assert, as `viewDidLoad`'s: run
    /// every time the view appears (`AppearanceCode.swift`).
    public var viewWillAppear: ViewDidLoad? = nil
    public var viewDidAppear: ViewDidLoad? = nil
    public var segueActions: [SegueAction]
    /// nil: `prepare(for:sender:)` is not overridden here.
    public var prepare: [PrepareCase]?
    /// nil: `shouldPerformSegue` is not overridden here.
    public var shouldPerform: [String: Condition]?
    public var unwindActions: [String]
    /// nil: `canPerformUnwindSegueAction(_:from:sender:)` is not overridden here. Keys are selectors.
    public var canPerformUnwind: [String: Condition]?
    /// nil: `allowedChildrenForUnwinding(from:)` is not overridden here.
    public var allowedChildrenForUnwinding: UnwindChildren?
    public var methods: [Method]
    public var actions: [CodeAction]
    /// `isModalInPresentation` (`PresentationDismissal.swift`); nil: `false`.
    public var modalInPresentation: ModalInPresentation? = nil
    /// The `UIAdaptivePresentationControllerDelegate` methods it implements, when it is one.
    public var presentationDelegate: PresentationDelegate? = nil
    /// `@IBOutlet`s, in declaration order: nil until the view loads (`Outlets.swift`).
    public var outlets: [Outlet] = []
    /// What is not known about the class (an import without its Swift sources says so here).
    public var notes: [String] = []
    /// Where the source reader found `init(coder:)`'s `fatalError` and each unwind action, which
    /// keep no origin of their own.
    public var initCoderOrigin: Origin?
    public var unwindActionOrigins: [String: Origin] = [:]
    public var origin: Origin

    public init(name: String, superclass: String = "UIViewController", origin: Origin = Origin(path: "", position: nil)) {
        self.name = name
        self.superclass = superclass
        self.objcName = nil
        self.file = "\(name).swift"
        self.conformsTo = []
        self.dependencies = []
        self.initializers = []
        self.initCoder = nil
        self.viewDidLoad = nil
        self.segueActions = []
        self.prepare = nil
        self.shouldPerform = nil
        self.unwindActions = []
        self.canPerformUnwind = nil
        self.allowedChildrenForUnwinding = nil
        self.methods = []
        self.actions = []
        self.origin = origin
    }
}

/// What an override of `allowedChildrenForUnwinding(from:)` returns.
public enum UnwindChildren: String, Hashable, Sendable, CaseIterable {
    /// `super`'s: every child but the one containing the source.
    case `default`
    /// `[]`: the unwind search never looks inside.
    case none
    /// Only the child on screen (a tab bar's selected tab, a navigation controller's top).
    case selected
}

public enum Injection: String, Hashable, Sendable, CaseIterable {
    case initializer
    case implicitlyUnwrapped
    case optional
    case property
}

public struct Dependency: Hashable, Sendable {
    public init(name: String, type: String, injection: Injection, defaultValue: String?, origin: Origin) {
        self.name = name
        self.type = type
        self.injection = injection
        self.defaultValue = defaultValue
        self.origin = origin
    }

    public var name: String
    public var type: String
    public var injection: Injection
    public var defaultValue: String?
    public var origin: Origin
    /// Code flownav did not read assigns the dependency here (its first such site): it starts
    /// unknown, not nil, since that code may have set it before any read.
    public var unknown: CodeLocation? = nil

    /// The Swift declaration, as `inspect` shows it.
    public var declaration: String {
        switch injection {
        case .initializer: "let \(name): \(type)"
        case .implicitlyUnwrapped: "var \(name): \(type)!"
        case .optional: "var \(name): \(type)?"
        case .property: "var \(name): \(type) = \(defaultValue ?? "…")"
        }
    }
}

public enum SuperInitializer: String, Hashable, Sendable, CaseIterable {
    case initCoder = "init(coder:)"
    case initNibBundle = "init(nibName:bundle:)"
}

public struct Initializer: Hashable, Sendable {
    public init(name: String, sets: [String], callsSuper: SuperInitializer, nib: String?, origin: Origin) {
        self.name = name
        self.sets = sets
        self.callsSuper = callsSuper
        self.nib = nib
        self.origin = origin
    }

    public var name: String
    public var sets: [String]
    public var callsSuper: SuperInitializer
    public var nib: String?
    public var origin: Origin
}

public enum InitCoder: Hashable, Sendable {
    case inherited
    case fatalError(message: String, line: Int?)
}

public struct ViewDidLoad: Hashable, Sendable {
    public init(uses: [String], asserts: [String], line: Int?, origin: Origin) {
        self.uses = uses
        self.asserts = asserts
        self.line = line
        self.origin = origin
    }

    public var uses: [String]
    public var asserts: [String]
    public var line: Int?
    /// The line of each dependency's first read or assert in the class's file, where its trap
    /// is (`line` when not given).
    public var lines: [String: Int] = [:]
    /// What it does through the class's own outlets (nil after the load only when the
    /// storyboard does not connect them).
    public var outlets: [OutletAccess] = []
    public var origin: Origin
}

/// An `@IBSegueAction` method, by Swift name, with the selector storyboards record.
public struct SegueAction: Hashable, Sendable {
    public init(
        swiftName: String, selector: String, returns: String?, initializer: String?, arguments: [Assignment], nilWhen: Condition?,
        set: [Assignment] = [], origin: Origin
    ) {
        self.swiftName = swiftName
        self.selector = selector
        self.returns = returns
        self.initializer = initializer
        self.arguments = arguments
        self.nilWhen = nilWhen
        self.set = set
        self.origin = origin
    }

    public var swiftName: String
    public var selector: String
    public var returns: String?
    public var initializer: String?
    public var arguments: [Assignment]
    public var nilWhen: Condition?
    /// Properties set on the returned controller after its initializer
    /// (`let c = X(coder: coder); c?.delegate = self; return c`).
    public var set: [Assignment] = []
    /// The line of the method in the class's Swift file, when it was read from the sources.
    public var line: Int? = nil
    /// The body was not understood (read at this line): UIKit still calls the action, which
    /// returns an instance of `returns` (or the scene's class) built by an initializer flownav
    /// did not read, so every dependency of it is unknown and no `init(coder:)` runs.
    public var unknown: CodeLocation? = nil
    public var origin: Origin
}

/// Container-following steps of seeds 002 and 004, applied only when the object is that container.
public enum UnwrapStep: String, Hashable, Sendable, CaseIterable {
    case navigationTop
    case navigationRoot
    case tabFirst
    case tabSelected
}

/// One branch of `prepare(for:sender:)` (or of the app delegate's launch code).
public struct PrepareCase: Hashable, Sendable {
    /// A branch of one `if / else if / else` (or of a `switch`): of the cases of one chain,
    /// only those of the first branch whose test holds run, as in Swift.
    public struct Branch: Hashable, Sendable {
        /// The chain, numbered within the list of cases.
        public var chain: Int
        /// 0 for the `if`, then one per `else if` / `else` (or `case` of a `switch`).
        public var index: Int
        /// The cast (and unwraps) is made inside the branch's body (`let d = segue.destination as?
        /// X`, a nested `if let`), not in its condition: the branch is taken on `segue` alone,
        /// and the cast failing there is the body's own silent failure.
        public var castInBody: Bool

        public init(chain: Int, index: Int, castInBody: Bool = false) {
            self.chain = chain
            self.index = index
            self.castInBody = castInBody
        }
    }

    public var segue: String?
    public var branch: Branch?
    public var unwrap: [UnwrapStep]
    /// An `as?` cast to a class or a protocol.
    public var cast: String?
    /// The cast is `as!` (`"as!"` in a flow): failing, it traps (see `ForcedCast`).
    public var forced = false
    /// The indices of `unwrap` steps whose container cast is `as!` (`"navigationTop!"`).
    public var forcedUnwraps: Set<Int> = []
    public var guardCondition: Condition?
    /// The case is a `guard … else { return }` of the method: reached (its `segue`, its
    /// chain's branch) with its unwraps, cast or `guard` failing, the method returns and no
    /// later case runs. It only tests: it sets and calls nothing.
    public var exits: Bool
    public var set: [Assignment]
    public var call: String?
    public var with: String?
    /// What the case does through the destination's outlets and view, after `set` and `call`.
    public var outlets: [OutletAccess] = []
    public var origin: Origin

    public init(origin: Origin) {
        self.segue = nil
        self.branch = nil
        self.unwrap = []
        self.cast = nil
        self.guardCondition = nil
        self.exits = false
        self.set = []
        self.call = nil
        self.with = nil
        self.origin = origin
    }
}

/// A plain method that injects: assigns its argument, or switches on a typed destination.
public struct Method: Hashable, Sendable {
    public struct Case: Hashable, Sendable {
        public init(name: String, set: [Assignment]) {
            self.name = name
            self.set = set
        }

        public var name: String
        public var set: [Assignment]
    }

    public var name: String
    public var sets: [String]
    public var cases: [Case]
    /// What the body does through the class's own outlets; nil: not read.
    public var outlets: [OutletAccess]? = nil
    public var origin: Origin

    public init(name: String, sets: [String], cases: [Case] = [], origin: Origin) {
        self.name = name
        self.sets = sets
        self.cases = cases
        self.origin = origin
    }
}

/// A code path a user can trigger: `performSegue`, `present(…)`, `dismiss`, …
public struct CodeAction: Hashable, Sendable {
    public init(
        name: String, trigger: Trigger, kind: Kind, segue: String?, sender: String?, destination: String?, values: [Assignment],
        className: String?, initializer: String?, arguments: [Assignment], guardCondition: Condition?,
        storyboardIdentifier: String? = nil, scene: String? = nil, set: [Assignment] = [], origin: Origin
    ) {
        self.storyboardIdentifier = storyboardIdentifier
        self.scene = scene
        self.set = set
        self.name = name
        self.trigger = trigger
        self.kind = kind
        self.segue = segue
        self.sender = sender
        self.destination = destination
        self.values = values
        self.className = className
        self.initializer = initializer
        self.arguments = arguments
        self.guardCondition = guardCondition
        self.origin = origin
    }

    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case performSegue
        case present
        case push
        case show
        case showDetail
        case dismiss
        case pop
    }

    public var name: String
    public var trigger: Trigger
    public var kind: Kind
    public var segue: String?
    public var sender: String?
    public var destination: String?
    public var values: [Assignment]
    public var className: String?
    public var initializer: String?
    public var arguments: [Assignment]
    public var guardCondition: Condition?
    /// `instantiateViewController(withIdentifier:)` (or `(identifier:creator:)` when
    /// `initializer` is given): the storyboard scene with this Storyboard ID, not `class`.
    public var storyboardIdentifier: String?
    /// The scene (by this flow's id) the code instantiates from a storyboard it names: SwiftGen's
    /// `StoryboardScene.Main.x.instantiate()`, `UIStoryboard(name: "Main", bundle: nil)
    /// .instantiateInitialViewController()`. Unlike `storyboardIdentifier` it names one scene of
    /// one storyboard, initial scenes (which need no Storyboard ID) included.
    public var scene: String?
    /// Read from Swift only, before the storyboards are known: the storyboard the code names
    /// (with `storyboardIdentifier`, or alone for its initial scene), which the import resolves
    /// into `scene`. Not part of the format.
    public var storyboardName: String?
    /// Properties set on the built controller before it is shown.
    public var set: [Assignment] = []
    /// What the code does through the built controller's outlets and view before showing it.
    public var outlets: [OutletAccess] = []
    /// A navigation controller class built in code around what the action builds,
    /// `UINavigationController(rootViewController: vc)`, which is what is shown.
    public var embedIn: String?
    /// The style, transition and popover anchor the code gives what it presents.
    public var presentation: PresentationSettings? = nil
    /// Read from Swift only: the class the code says it builds, for a scene (`as! X`, the
    /// creator block's `X(coder:…)`), against which `set` is checked. Not part of the format.
    public var builtClass: String?
    /// `"as!"` with `identifier` or `scene`: the code force-casts the instantiated scene to this
    /// class or protocol (`instantiateViewController(withIdentifier: "X") as! X`), which traps
    /// when the scene's class is not one (ForcedCast.swift).
    public var forcedCast: String? = nil
    /// Code around the action flownav did not read (at this line) may set the built
    /// controller's dependencies: each starts unknown, not nil; `set` still applies after.
    public var unknown: CodeLocation? = nil
    /// For `dismiss`: the view controller the call is sent to, `presentingViewController` or
    /// `navigationController`; nil is `self` (UIKit forwards each differently).
    public var receiver: String? = nil
    public var origin: Origin
}

/// The app delegate's part: a root built in code (seed 003) and injection into the root (seed 004).
public struct Launch: Hashable, Sendable {
    public struct Root: Hashable, Sendable {
        public init(className: String, initializer: String?, arguments: [Assignment], origin: Origin) {
            self.className = className
            self.initializer = initializer
            self.arguments = arguments
            self.origin = origin
        }

        public var className: String
        public var initializer: String?
        public var arguments: [Assignment]
        /// A navigation controller class built in code around the root
        /// (`UINavigationController(rootViewController: HomeViewController())`): the window's root.
        public var embedIn: String?
        public var origin: Origin
        /// A storyboard scene decoded through `init(coder:)` as the window's root, rather than a
        /// class built in code (`window.rootViewController = StoryboardScene.Intro.initialScene
        /// .instantiate()`); `className` is then the scene's class.
        public var scene: Int?
        /// Read from Swift only (see `CodeAction.storyboardName`): the storyboard the code names
        /// and the Storyboard ID, nil for its initial scene; the import resolves them into `scene`.
        public var storyboardName: String?
        public var storyboardIdentifier: String?
        /// Launch code flownav did not read (at this line) may set the root's dependencies:
        /// each starts unknown, not nil.
        public var unknown: CodeLocation? = nil
    }

    public var root: Root?
    public var inject: [PrepareCase]

    public init(root: Root? = nil, inject: [PrepareCase] = []) {
        self.root = root
        self.inject = inject
    }
}
