/// An `@IBOutlet` of a view-controller class. UIKit sets outlets while it loads the view
/// (`loadView` unarchives the nib and makes the connections), so before that every outlet is
/// nil, whatever the storyboard connects.
public struct Outlet: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `@IBOutlet weak var label: UILabel!`: read through, a nil one traps.
        case implicitlyUnwrapped
        /// `@IBOutlet weak var label: UILabel?`: only `label?.…` compiles; a nil one does nothing.
        case optional
        /// `@IBOutlet var label: UILabel`: nothing Swift checks (a nil there is undefined
        /// behaviour, not a trap flownav can name), so never a trap.
        case nonOptional
    }

    public var name: String
    /// The type as declared, `UILabel!`, `[UIButton]!` (an outlet collection), `UILabel?`.
    public var type: String
    public var kind: Kind
    /// The declaration's line in the class's file.
    public var line: Int?
    public var origin: Origin

    public init(name: String, type: String, line: Int? = nil, origin: Origin) {
        self.name = name
        self.type = type
        self.kind = Outlet.kind(ofType: type)
        self.line = line
        self.origin = origin
    }

    /// The kind a declared type gives: a trailing `!` or `?`, else non-optional.
    public static func kind(ofType type: String) -> Kind {
        if type.hasSuffix("!") { return .implicitlyUnwrapped }
        if type.hasSuffix("?") { return .optional }
        return .nonOptional
    }
}

/// One use of a view controller's view-bound members by code that holds it (`prepare`, the
/// launch code, a code action before it shows what it built, a method of the class itself),
/// in the order the code makes them.
public struct OutletAccess: Hashable, Sendable {
    /// An outlet (`label` of `d.label.text = …`), `view` or `loadViewIfNeeded()` (which load
    /// the view then and there), or a method of the class (`configure(with:)`) whose own
    /// `outlets` run in turn.
    public var name: String
    /// `d.label?.text = …`: a nil outlet makes the chain do nothing.
    public var optionalChaining: Bool
    /// `d.label!.text = …`: a nil outlet traps with *Unexpectedly found nil while unwrapping*.
    public var forceUnwrap: Bool
    public var line: Int?
    /// The Swift file (its name, as traps print it) when it is not that of the class whose
    /// code runs.
    public var file: String?
    /// Written before the case's (or action's) first `set` and `call`: it runs before them
    /// (`d.loadViewIfNeeded()` then `d.item = item`: `viewDidLoad` reads the item not yet set).
    public var beforeSet = false
    public var origin: Origin

    public init(name: String, optionalChaining: Bool = false, forceUnwrap: Bool = false, line: Int? = nil, file: String? = nil, origin: Origin) {
        self.name = name
        self.optionalChaining = optionalChaining
        self.forceUnwrap = forceUnwrap
        self.line = line
        self.file = file
        self.origin = origin
    }

    /// Whether the access loads the view rather than reading an outlet.
    public var loadsView: Bool { name == "view" || name == "loadViewIfNeeded()" }

    /// `view`, `loadViewIfNeeded()`, an outlet name, or a method name.
    public static let viewLoaders: Set<String> = ["view", "loadViewIfNeeded()"]
}

extension Flow {
    /// The outlet `name` of `className` or of its nearest superclass that declares it.
    public func outlet(_ name: String, of className: String) -> (Outlet, ClassDecl)? {
        var current: String? = className
        var seen: Set<String> = []
        while let c = current, seen.insert(c).inserted, let decl = classes[c] {
            if let o = decl.outlets.first(where: { $0.name == name }) { return (o, decl) }
            current = decl.superclass
        }
        return nil
    }

}
