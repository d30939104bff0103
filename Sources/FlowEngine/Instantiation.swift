import FlowModel

/// The segue being performed while a destination (and its relationship children) is decoded:
/// UIKit's `UIStoryboardDecodingContext.sourceSegueTemplate` and `sender`.
struct OuterSegue {
    var segue: Int
    var source: Int
    var sender: SenderValue
    var identifier: String?
}

extension Simulator {
    /// `slots`: the new instance's dependency slots when the caller has them worked out already
    /// (`ResolvedSegueAction.slots`), else they come from the class and initializer.
    mutating func newInstance(className: String, scene: Int?, via: Instantiation, initializer: String, slots known: [SlotRecord]? = nil) -> Int {
        var classID = classID(className, scene: scene)
        if classID < 0 { classID = state.classID(ofOther: className) }
        let slots = known ?? info(classID: classID, className).slots(initializer: initializer)
        let id = state.add(classID: classID, scene: scene, slots: slots)
        emit(.instantiated(id: id, via: via))
        return id
    }

    /// `byNumber`: the number of `by` in the flow's `SlotTexts`, when the caller has it worked
    /// out once (numbering a text hashes it).
    mutating func setDependency(_ name: String, of id: Int, to value: String?, by: String, byNumber: UInt32? = nil) {
        guard let k = state.slot(name, of: id) else { return }
        state.setSlot(k, of: id, value: value, provenance: byNumber ?? index.texts.number(by))
        emit(.injected(id: id, dependency: name, value: value, by: by))
    }

    /// `-[UIClassSwapper initWithCoder:]` for one scene (reference §1.2): the segue action on
    /// the outer segue's source, or the relationship segue's action for a container's child,
    /// else `init(coder:)`. Then a container decodes its relationship children.
    ///
    /// `relationship`: for a container's child, the relationship segue it hangs from (its
    /// selector is the one sent); otherwise the outer segue's selector is.
    mutating func decode(scene: Int, outer: OuterSegue?, relationship: Int?) throws(CrashSignal) -> Int {
        // A class no code declares (a stale name): UIKit logs it while decoding and goes on with
        // the element's own class, so every `as?` to the stale class fails later.
        if index.sceneHasUnknownClass[scene] {
            emit(.console(category: "Storyboard", message: "Unknown class \(storedClassName(scene)) in Interface Builder file."))
        }
        let sceneClass = index.sceneRuntimeClasses[scene]
        let selectorSegue = relationship != nil ? relationship : outer?.segue
        var made: Int?
        if let selectorSegue, let selector = flow.segues[selectorSegue].action {
            if let outer, let action = segueAction(on: outer.source, selectorSegue: selectorSegue, selector.selector) {
                made = try callSegueAction(action, outer: outer, scene: scene)
            } else if flow.ownerUnknown(segue: selectorSegue), !flow.classes.values.contains(where: { $0.segueActions.contains { $0.selector == selector.selector } }) {
                // Imported without the sources: whether UIKit finds it is unknown, so no log.
                emit(.note("no class is known to implement \(selector.selector) (import the sources or add it under classes); flownav decodes \(flow.scenes[scene].id) with init(coder:)"))
            } else {
                let target = outer.map { describe($0.source) } ?? "(null)"
                emit(.console(category: "Storyboard", message: "Unable to find method -[\(target) \(selector.selector)]"))
                if outer == nil {
                    emit(.note("no segue is being performed, so there is no object to send \(selector.selector) to; UIKit uses init(coder:)"))
                } else if let owner = flow.classes.values.filter({ $0.segueActions.contains { $0.selector == selector.selector } }).map(\.name).sorted().first {
                    emit(.note("\(selector.selector) is implemented on \(owner), but UIKit sends it to the source of the segue being performed, \(describe(outer!.source))"))
                }
            }
        }
        if let made { return made }
        let id = try initCoder(className: sceneClass, scene: scene)
        try decodeChildren(of: id, scene: scene, outer: outer)
        return id
    }

    /// The class name a compiled storyboard stores for a scene (`UIClassName`), as UIKit prints
    /// it: a Swift class's Objective-C runtime name (`_TtC4Acts18DestViewController`, or the
    /// Name of `@objc(Name)`), a UIKit class's own name.
    func storedClassName(_ scene: Int) -> String {
        flow.objcRuntimeName(of: flow.scenes[scene].className)
    }

    /// The segue action an instance's class implements for the selector of segue `selectorSegue`.
    private func segueAction(on id: Int, selectorSegue: Int, _ selector: String) -> FlowIndex.ResolvedSegueAction? {
        let cls = info(of: id)
        let n = Int(index.selectorOfSegue[selectorSegue])
        if n >= 0 && n < cls.segueActionsBySelector.count { return cls.segueActionsBySelector[n] }
        // A class resolved outside the index (a name the flow does not list) has no numbering.
        return cls.resolvedSegueActions[selector]
    }

    /// `init(coder:)`: traps when the class's implementation is a `fatalError`.
    mutating func initCoder(className: String, scene: Int?, via: Instantiation = .initCoder) throws(CrashSignal) -> Int {
        let (ic, file) = info(classID: classID(className, scene: scene), className).initCoder
        if case .fatalError(let message, let line) = ic {
            emit(.called(id: nil, method: "\(runtimeName(className)).init(coder:)", detail: nil))
            throw CrashSignal(crash: .trap(location: location(file: file ?? "\(className).swift", line: line), kind: "Fatal error", message: message))
        }
        return newInstance(className: className, scene: scene, via: via, initializer: "init(coder:)")
    }

    private mutating func callSegueAction(_ resolved: FlowIndex.ResolvedSegueAction, outer: OuterSegue, scene: Int) throws(CrashSignal) -> Int? {
        let action = resolved.action
        let sceneClass = index.sceneRuntimeClasses[scene]
        let target = outer.source
        emit(.called(id: target, method: action.swiftName, detail: CallDetail(segueActionFor: flow.scenes[scene].id)))
        let scope = Scope(selfID: target, sender: outer.sender, identifier: outer.identifier)
        if let unknown = resolved.unknown {
            return try callUnknownSegueAction(action, unknown, outer: outer, scene: scene, scope: scope)
        }
        if let c = action.nilWhen, holds(c, in: scope) {
            emit(.console(category: "Storyboard", message: "-[\(describe(target)) \(action.selector)] returned nil, falling back to -[\(storedClassName(scene)) initWithCoder:]"))
            return nil
        }
        let returns = action.returns ?? sceneClass
        let initName = resolved.initializer
        // Swift evaluates the arguments before calling the initializer.
        var values: [String?] = []
        values.reserveCapacity(resolved.arguments.count)
        for a in resolved.arguments { values.append(try evaluate(a.expression, in: scope, resolved: a.dependencies)) }
        let via = Instantiation.segueAction(target: target, selector: action.selector, initializer: initName)
        let id: Int
        if resolved.isInitCoder {
            id = try initCoder(className: returns, scene: scene, via: via)
        } else {
            id = newInstance(className: returns, scene: scene, via: via, initializer: initName, slots: resolved.slots)
        }
        for (a, value) in zip(resolved.arguments, values) { setDependency(a.name, of: id, to: value, by: resolved.provenance, byNumber: resolved.provenanceNumber) }
        // By number: the returned class is usually the scene's own, found without hashing its name.
        let returned = info(classID: classID(returns, scene: scene), returns)
        let callsSuperCoder = resolved.callsSuperCoder ?? (returned.initializers[initName]?.callsSuper == .initCoder)
        if callsSuperCoder {
            // A container decodes its relationship children inside -[UIViewController initWithCoder:],
            // which the action's initializer reaches through super.init(coder:) — so before
            // UIClassSwapper checks the returned object (lines 139 and 150, reference §1.2).
            try decodeChildren(of: id, scene: scene, outer: outer)
        } else {
            throw CrashSignal(crash: .exception(
                name: "NSInternalInconsistencyException",
                reason: "Custom instantiated view controller must call -[super initWithCoder:] when created from -[\(describe(target)) \(action.selector)]",
                preamble: ["*** Assertion failure in -[UIClassSwapper initWithCoder:], UIClassSwapper.m:139"]))
        }
        // Assignments after the initializer (`controller?.delegate = self`), before returning.
        for a in action.set {
            let by = "\(action.swiftName) after \(initName)" + (flow.codeLocations[action.origin.path].map { " (\($0))" } ?? "")
            setDependency(a.name, of: id, to: try evaluate(a.expression, in: scope), by: by)
        }
        try checkKind(of: id, lineage: returned.lineage, sceneClass: sceneClass)
        return id
    }

    /// UIKit's check of what a segue action returned against the scene's class.
    private func checkKind(of id: Int, lineage: [String], sceneClass: String) throws(CrashSignal) {
        guard !lineage.contains(sceneClass) else { return }
        throw CrashSignal(crash: .exception(
            name: "NSInternalInconsistencyException",
            reason: "Custom instantiated \(describe(id)) must be kind of class \(runtimeName(sceneClass))",
            preamble: ["*** Assertion failure in -[UIClassSwapper initWithCoder:], UIClassSwapper.m:150"]))
    }

    /// A segue action whose body was not understood: it is called and returns an instance of
    /// its class (or the scene's), built by an initializer flownav did not read. So neither
    /// `nilWhen` nor its arguments are read, no `init(coder:)` runs (its `fatalError` would be a
    /// false crash), and every dependency of the instance is unknown. Its `set`, read code,
    /// still applies, and UIKit's check of the returned class still holds.
    private mutating func callUnknownSegueAction(
        _ action: SegueAction, _ unknown: (value: UInt32, provenance: UInt32, initializer: String), outer: OuterSegue, scene: Int, scope: Scope
    ) throws(CrashSignal) -> Int {
        let sceneClass = index.sceneRuntimeClasses[scene]
        let returns = action.returns ?? sceneClass
        let returned = info(classID: classID(returns, scene: scene), returns)
        // init(coder:)'s template has every dependency numbered; only the values change.
        var slots = returned.slots(initializer: "init(coder:)")
        for k in slots.indices {
            slots[k].value = unknown.value
            slots[k].provenance = unknown.provenance
        }
        let via = Instantiation.segueAction(target: outer.source, selector: action.selector, initializer: unknown.initializer)
        let id = newInstance(className: returns, scene: scene, via: via, initializer: "init(coder:)", slots: slots)
        // An initializer that returns an instance UIKit accepts reaches super.init(coder:), in
        // which a container decodes its relationship children.
        try decodeChildren(of: id, scene: scene, outer: outer)
        for a in action.set {
            let by = "\(action.swiftName) after \(unknown.initializer)"
            setDependency(a.name, of: id, to: try evaluate(a.expression, in: scope), by: by)
        }
        try checkKind(of: id, lineage: returned.lineage, sceneClass: sceneClass)
        return id
    }

    /// A container decodes its relationship children inside its own `init(coder:)`, in order,
    /// each with the selector of its relationship segue sent to the outer segue's source.
    private mutating func decodeChildren(of id: Int, scene: Int, outer: OuterSegue?) throws(CrashSignal) {
        for r in index.scenes[scene].relationships {
            guard let dest = flow.segues[r].destination else { continue }
            let child = try decode(scene: dest, outer: outer, relationship: r)
            let role: ChildRole =
                switch flow.segues[r].relationship {
                case .rootViewController: .stack
                case .viewControllers: .tab
                case .masterViewController: .primary
                case .supplementaryViewController: .supplementary
                case .compactViewController: .compact
                default: .secondary
                }
            attach(child, to: id, role: role)
        }
    }

    /// `UINavigationController(rootViewController: vc)` built in code (`embedIn`): the navigation
    /// controller, with `vc` as the root of its stack, which is what is shown.
    mutating func embed(_ child: Int, in className: String, caller: String) -> Int {
        let nav = newInstance(className: className, scene: nil, via: .code(initializer: "init(rootViewController:)", caller: caller), initializer: "init(rootViewController:)")
        attach(child, to: nav, role: .stack)
        return nav
    }

    mutating func attach(_ child: Int, to parent: Int, role: ChildRole) {
        state[child].parent = parent
        state[child].role = role
        if role == .primary {
            state.prependChild(child, to: parent)
        } else {
            state.appendChild(child, to: parent)
        }
    }

    /// `instantiateViewController(withIdentifier:)`, or `(identifier:creator:)` when the action
    /// names the creator block's initializer (reference §1.4): the scene with that Storyboard ID,
    /// decoded with no segue being performed, so its relationship children's segue actions go
    /// to no object.
    /// A scene of a storyboard the code names (`StoryboardScene.Main.x.instantiate()`): by its
    /// Storyboard ID, or the storyboard's initial view controller when it has none.
    /// A scene of a storyboard the code names; with an `initializer`, through a creator block
    /// (`instantiateViewController(identifier:creator:)`, `instantiateInitialViewController(creator:)`).
    mutating func instantiate(scene: Int, action: CodeAction? = nil, scope: Scope? = nil, caller: String = "") throws(CrashSignal) -> Int {
        let creator = action.flatMap { a in a.initializer == "init(coder:)" ? nil : a.initializer } != nil
        // Not a finding (`EventDetail.findings`): the call's text is made only for a shell.
        if eventDetail == .all {
            if let ident = flow.scenes[scene].storyboardIdentifier {
                let method = creator ? "instantiateViewController(identifier:creator:)" : "instantiateViewController(withIdentifier:)"
                emit(.called(id: nil, method: "UIStoryboard.\(method)", detail: "\"\(ident)\""))
            } else {
                let method = creator ? "instantiateInitialViewController(creator:)" : "instantiateInitialViewController()"
                emit(.called(id: nil, method: "UIStoryboard.\(method)", detail: CallDetail("scene \(flow.scenes[scene].id)")))
            }
        }
        if creator, let action, let scope, let initName = action.initializer {
            return try create(scene: scene, initializer: initName, arguments: action.arguments, scope: scope, caller: caller)
        }
        return try decode(scene: scene, outer: nil, relationship: nil)
    }

    mutating func instantiate(identifier: String, action: CodeAction, scope: Scope, caller: String) throws(CrashSignal) -> Int {
        if eventDetail == .all {
            let method = action.initializer == nil ? "instantiateViewController(withIdentifier:)" : "instantiateViewController(identifier:creator:)"
            emit(.called(id: nil, method: "UIStoryboard.\(method)", detail: "\"\(identifier)\""))
        }
        guard let scene = index.storyboardScenes[identifier] else {
            throw CrashSignal(crash: .exception(
                name: "NSInvalidArgumentException",
                reason: "Storyboard (<UIStoryboard: 0x600003b04000>) doesn't contain a view controller with identifier '\(identifier)'", preamble: []))
        }
        guard let initName = action.initializer, initName != "init(coder:)" else {
            return try decode(scene: scene, outer: nil, relationship: nil)
        }
        return try create(scene: scene, initializer: initName, arguments: action.arguments, scope: scope, caller: caller)
    }

    /// The creator block, `{ coder in X(coder: coder, …) }`: the action's initializer of the
    /// scene's class runs instead of UIKit's `init(coder:)`, and must call `super.init(coder:)`.
    mutating func create(scene: Int, initializer initName: String, arguments: [Assignment], scope: Scope, caller: String) throws(CrashSignal) -> Int {
        let sceneClass = flow.scenes[scene].className
        var values: [(String, String?)] = []
        for a in arguments { values.append((a.name, try evaluate(a.expression, in: scope))) }
        let id = newInstance(className: sceneClass, scene: scene, via: .code(initializer: initName, caller: caller), initializer: initName)
        for (name, value) in values { setDependency(name, of: id, to: value, by: "\(caller) through \(initName)") }
        let info = info(classID: classID(sceneClass, scene: scene), sceneClass)
        guard info.initializers[initName]?.callsSuper == .initCoder else {
            throw CrashSignal(crash: .exception(
                name: "NSInternalInconsistencyException",
                reason: "Custom instantiated view controller must call -[super initWithCoder:]",
                preamble: ["*** Assertion failure in -[UIStoryboard \(flow.scenes[scene].storyboardIdentifier == nil ? "instantiateInitialViewControllerWithCreator:" : "instantiateViewControllerWithIdentifier:creator:")]"]))
        }
        try decodeChildren(of: id, scene: scene, outer: nil)
        return id
    }

    /// A view controller built in code with a designated initializer (seed 003), or a
    /// `launch.root`. Its XIB scene, if the flow has one, gives it rows and controls.
    mutating func build(className: String, initializer: String?, arguments: [Assignment], scope: Scope, caller: String) throws(CrashSignal) -> Int {
        let initName = initializer ?? "init()"
        if initName == "init(coder:)" {
            return try initCoder(className: className, scene: index.nibScenes[className])
        }
        var values: [(String, String?)] = []
        for a in arguments { values.append((a.name, try evaluate(a.expression, in: scope))) }
        let id = newInstance(className: className, scene: index.nibScenes[className], via: .code(initializer: initName, caller: caller), initializer: initName)
        for (name, value) in values { setDependency(name, of: id, to: value, by: "\(caller) through \(initName)") }
        return id
    }
}
