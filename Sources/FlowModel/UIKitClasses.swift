/// UIKit's own view-controller classes, which flows use without declaring them.
public enum UIKitClass {
    public static let superclasses: [String: String] = [
        "UIViewController": "UIResponder",
        "UINavigationController": "UIViewController",
        "UITabBarController": "UIViewController",
        "UISplitViewController": "UIViewController",
        "UITableViewController": "UIViewController",
        "UICollectionViewController": "UIViewController",
        "UIPageViewController": "UIViewController",
    ]

    public static func isKnown(_ name: String) -> Bool { superclasses[name] != nil }
}

/// The containers whose children relationship segues describe.
public enum ContainerKind: String, Hashable, Sendable {
    case navigation = "UINavigationController"
    case tabBar = "UITabBarController"
    case split = "UISplitViewController"

    public var relationships: [Relationship] {
        switch self {
        case .navigation: [.rootViewController]
        case .tabBar: [.viewControllers]
        case .split: [.masterViewController, .detailViewController, .supplementaryViewController, .compactViewController]
        }
    }
}

extension Flow {
    /// The class and its superclasses, most derived first, ending at a UIKit class.
    /// Cycles are cut (the validator reports them).
    public func lineage(of name: String) -> [String] {
        var chain: [String] = []
        // A cycle is found by scanning the chain while it is short (most are), by a set once it
        // is long: a scan of a chain of 1,000 classes per step made each lineage n² steps.
        var seen: Set<String>?
        var current: String? = name
        while let c = current {
            if chain.count < 16 {
                if chain.contains(c) { break }
            } else {
                if seen == nil { seen = Set(chain) }
                if !seen!.insert(c).inserted { break }
            }
            chain.append(c)
            // By index: `classes[c]` copies the whole declaration (and releases it) to read one field.
            if let i = classes.index(forKey: c) { current = classes.values[i].superclass } else { current = UIKitClass.superclasses[c] }
            if current == "UIResponder" { break }
        }
        return chain
    }

    /// The declared classes of the lineage, most derived first.
    public func declarations(of name: String) -> [ClassDecl] { lineage(of: name).compactMap { classes[$0] } }

    public func isKind(_ name: String, of ancestor: String) -> Bool { lineage(of: name).contains(ancestor) }

    public func isKnownClass(_ name: String) -> Bool { classes.index(forKey: name) != nil || UIKitClass.isKnown(name) }

    public func containerKind(of name: String) -> ContainerKind? { Self.containerKind(lineage: lineage(of: name)) }

    public static func containerKind(lineage: [String]) -> ContainerKind? {
        for c in lineage { if let k = ContainerKind(rawValue: c) { return k } }
        return nil
    }

    public func conforms(_ name: String, to proto: String) -> Bool {
        declarations(of: name).contains { $0.conformsTo.contains(proto) }
    }

    public func dependency(_ dep: String, of name: String) -> Dependency? {
        // Through the lineage by index, as `declarations(of:)` would give them: each
        // declaration copied out (and released) was most of a lookup.
        for c in lineage(of: name) {
            guard let i = classes.index(forKey: c) else { continue }
            if let x = classes.values[i].dependencies.first(where: { $0.name == dep }) { return x }
        }
        return nil
    }

    /// Every dependency of the class, superclasses' first, in declaration order.
    public func allDependencies(of name: String) -> [Dependency] { Self.allDependencies(declarations: declarations(of: name)) }

    /// The same from the class's declarations (`declarations(of:)`), when the caller has them.
    public static func allDependencies(declarations: [ClassDecl]) -> [Dependency] {
        var seen = Set<String>()
        var out: [Dependency] = []
        for d in declarations.reversed() {
            for x in d.dependencies where seen.insert(x.name).inserted { out.append(x) }
        }
        return out
    }

    public func initializer(_ initName: String, of name: String) -> Initializer? {
        // Designated initializers are not inherited once a subclass declares its own, but flows
        // rarely model that; the nearest declaration wins.
        for c in lineage(of: name) {
            guard let i = classes.index(forKey: c) else { continue }
            if let x = classes.values[i].initializers.first(where: { $0.name == initName }) { return x }
        }
        return nil
    }

    public func initCoder(of name: String) -> (InitCoder, ClassDecl?) { Self.initCoder(declarations: declarations(of: name)) }

    public static func initCoder(declarations: [ClassDecl]) -> (InitCoder, ClassDecl?) {
        for d in declarations { if let i = d.initCoder { return (i, d) } }
        return (.inherited, nil)
    }

    public func viewDidLoad(of name: String) -> (ViewDidLoad, ClassDecl)? { Self.viewDidLoad(declarations: declarations(of: name)) }

    public static func viewDidLoad(declarations: [ClassDecl]) -> (ViewDidLoad, ClassDecl)? {
        for d in declarations { if let v = d.viewDidLoad { return (v, d) } }
        return nil
    }

    /// The segue action a class responds to for a selector (`respondsToSelector:`).
    public func segueAction(_ selector: String, on name: String) -> SegueAction? {
        for d in declarations(of: name) { if let a = d.segueActions.first(where: { $0.selector == selector }) { return a } }
        return nil
    }

    public func prepareCases(of name: String) -> (cases: [PrepareCase], owner: ClassDecl)? {
        Self.prepareCases(declarations: declarations(of: name))
    }

    public static func prepareCases(declarations: [ClassDecl]) -> (cases: [PrepareCase], owner: ClassDecl)? {
        for d in declarations { if let p = d.prepare { return (p, d) } }
        return nil
    }

    public func shouldPerform(_ identifier: String, on name: String) -> Condition? {
        for d in declarations(of: name) { if let s = d.shouldPerform { return s[identifier] } }
        return nil
    }

    public func implementsUnwindAction(_ selector: String, on name: String) -> Bool {
        declarations(of: name).contains { d in d.unwindActions.contains { SelectorName($0).selector == selector } }
    }

    public func method(_ methodName: String, of name: String) -> Method? {
        for d in declarations(of: name) { if let m = d.methods.first(where: { $0.name == methodName }) { return m } }
        return nil
    }

    /// Code actions of the class, a subclass's replacing its superclass's of the same name.
    public func actions(of name: String) -> [CodeAction] { Self.actions(declarations: declarations(of: name)) }

    public static func actions(declarations: [ClassDecl]) -> [CodeAction] {
        var seen = Set<String>()
        var out: [CodeAction] = []
        for d in declarations {
            for a in d.actions where seen.insert(a.name).inserted { out.append(a) }
        }
        return out.sorted { $0.name < $1.name }
    }

    public func file(of name: String) -> String { classes[name]?.file ?? "\(name).swift" }

    /// Relationship segues of a container scene, in file order.
    public func relationshipSegues(of scene: Int) -> [Int] {
        segues.indices.filter { segues[$0].source == scene && segues[$0].kind == .relationship }
    }

    public func embedSegues(of scene: Int) -> [Int] {
        segues.indices.filter { segues[$0].source == scene && segues[$0].kind == .embed }
    }

    /// The segue a source scene owns for an identifier.
    public func segue(_ identifier: String, from scene: Int) -> Int? {
        segues.indices.first { segues[$0].source == scene && segues[$0].identifier == identifier }
    }
}
