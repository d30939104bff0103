/// Checks the references between the parts of a decoded flow: every name must resolve, or
/// the flow cannot run. Suspicious-but-valid flows are `check`'s business, not this one's.
struct FlowValidator {
    var sink: DiagnosticSink
    let flow: Flow

    /// Candidates for near-name suggestions, made once (a stored property: the sink reads it
    /// only when it looks for near names, while the validator is being changed).
    private let allClassNames: [String]
    /// Indexes made once, so that each reference is resolved by a lookup: scanning every
    /// destination case, scene or class for each action or prepare case made validation grow
    /// with their product (10,000 classes, each with a typed action: over 5 minutes).
    private let destinationCases: [String: DestinationEnum.Case]
    private let destinationCaseNames: [String]
    private let scenesByStoryboardIdentifier: [String: Int]
    /// Made on first use: only an action naming a `scene` asks, and most flows have none.
    private lazy var scenesByID: [String: Int] = Self.firstIndexByID(flow.scenes)
    /// Per protocol, the classes conforming to it (through a superclass too) and the names of
    /// their dependencies and methods, made when a cast first names it.
    private var conformance = ProtocolConformers()

    init(sink: DiagnosticSink, flow: Flow) {
        self.sink = sink
        self.flow = flow
        allClassNames = Array(flow.classes.keys) + Array(UIKitClass.superclasses.keys)
        var cases: [String: DestinationEnum.Case] = [:]
        var names: [String] = []
        for d in flow.destinations.values {
            for c in d.cases {
                names.append(c.name)
                if cases[c.name] == nil { cases[c.name] = c }
            }
        }
        destinationCases = cases
        destinationCaseNames = names
        // Index loops that read a field or two: a `Scene` copied whole (its dozen fields
        // retained and released) cost more than the lookups, in every pass over the scenes.
        var scenes: [String: Int] = [:]
        for i in flow.scenes.indices where flow.scenes[i].nib == nil {
            if let id = flow.scenes[i].storyboardIdentifier, scenes[id] == nil { scenes[id] = i }
        }
        scenesByStoryboardIdentifier = scenes
        WorkMeter.add(.validationSteps, names.count + flow.scenes.count)
    }

    /// The first scene of an id wins; one hash per scene, in a table made at its size.
    private static func firstIndexByID(_ scenes: [Scene]) -> [String: Int] {
        Dictionary(scenes.indices.lazy.map { (scenes[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func validate() {
        validateClasses()
        validateScenes()
        validateSegues()
        validateRows()
        validateLaunch()
        validateContainment()
    }

    /// Cycles, depth and size of what scenes contain (`Containment`), at the segue that shows it.
    private mutating func validateContainment() {
        guard let problem = Containment.check(flow) else { return }
        func id(_ scene: Int) -> String { "'\(flow.scenes[scene].id)'" }
        func how(_ segue: Int) -> String {
            let s = flow.segues[segue]
            return s.kind == .embed ? "embed" : (s.relationship?.rawValue ?? "relationship")
        }
        func chain(_ segues: [Int]) -> String {
            segues.map { "contains \(id(flow.segues[$0].destination!)) (\(how($0)))" }.joined(separator: ", which ")
        }
        switch problem {
        case .cycle(let segues):
            let first = flow.segues[segues[0]].source
            let o = flow.segues[segues.last!].origin
            let what = segues.count == 1 ? "scene \(id(first)) contains itself (\(how(segues[0])))"
                : "scene \(id(first)) \(chain(segues))"
            sink.error(o.position, o.path, "containment cycle: \(what); UIKit would decode it forever")
        case .tooDeep(let scene, let path):
            let o = flow.segues[path[0]].origin
            sink.error(o.position, o.path,
                       "scene \(id(scene)) nests view controllers \(path.count) levels deep (through \(id(flow.segues[path.last!].destination!))); flownav's limit is \(Containment.maximumDepth) levels")
        case .tooLarge(let scene, _):
            let o = flow.scenes[scene].origin
            sink.error(o.position, o.path,
                       "scene \(id(scene)) would build more than \(Containment.maximumTreeSize) view controllers at once (its whole containment tree, where a scene embedded twice is built twice); flownav's limit is \(Containment.maximumTreeSize)")
        }
    }

    /// The origin of the value at `base`'s member `key` (or item `index`).
    func origin(_ base: Origin, _ key: String, _ index: Int? = nil) -> Origin {
        var path = JSONPath.member(base.path, key)
        if let index { path = JSONPath.index(path, index) }
        // The position is looked up only if a problem is reported there (see `FlowLoader`):
        // finding it for every value would cost more than the whole check.
        return Origin(path: path, position: nil)
    }

    private mutating func requireClass(_ name: String, _ origin: Origin, what: String = "class") {
        if !flow.isKnownClass(name) {
            sink.unknown(what, name, at: origin.position, origin.path, known: allClassNames)
        }
    }

    private mutating func requireDependency(_ dep: String, of cls: String, _ origin: Origin) {
        guard flow.isKnownClass(cls), flow.dependency(dep, of: cls) == nil else { return }
        sink.unknown("dependency", dep, at: origin.position, origin.path,
                     known: flow.allDependencies(of: cls).map(\.name), extra: " of \(cls)")
    }

    /// An initializer's argument names the dependency it sets, or — for a parameter the
    /// initializer passes on without storing it (`init(rootView:)` handing `rootView` to
    /// `super.init`) — the parameter's label; the engine then sets nothing.
    private mutating func requireArgument(_ a: Assignment, initializer initName: String?, of cls: String) {
        if let initName, flow.dependency(a.name, of: cls) == nil, let i = flow.initializer(initName, of: cls),
           Self.labels(of: initName).contains(a.name), !i.sets.contains(a.name) {
            return
        }
        requireDependency(a.name, of: cls, a.origin)
    }

    private mutating func requireInitializer(_ initName: String?, of cls: String, _ origin: Origin) {
        guard let initName, initName != "init(coder:)", flow.isKnownClass(cls) else { return }
        if flow.initializer(initName, of: cls) == nil {
            sink.unknown("initializer", initName, at: origin.position, origin.path,
                         known: flow.declarations(of: cls).flatMap { $0.initializers.map(\.name) } + ["init(coder:)"], extra: " of \(cls)")
        }
    }

    private mutating func requireCondition(_ c: Condition?, of cls: String, _ origin: Origin) {
        guard let dep = c?.dependency else { return }
        // `selection == nil` reads as a dependency named `selection`; what is meant is the
        // table's selection, which the conditions `noSelection` and `selection` test.
        if dep == "selection", flow.isKnownClass(cls), flow.dependency(dep, of: cls) == nil, let c {
            let meant = if case .isNil = c { "noSelection" } else { "selection" }
            sink.error(origin.position, origin.path,
                       "'\(c)' tests a dependency named 'selection', and \(cls) has none; the table's selection is tested by the conditions noSelection and selection",
                       suggestions: [meant])
            return
        }
        requireDependency(dep, of: cls, origin)
    }

    /// Whether `name`'s superclass chain ends at a UIKit class (not in a cycle, not at an
    /// unknown class), each class's answer kept in `memo`: a chain is walked once for all the
    /// classes on it (walking it again per class made a chain of n classes cost n² steps).
    private func endsInUIKit(_ name: String, _ memo: inout [String: Bool]) -> Bool {
        var path: [String] = []
        var onPath = Set<String>()
        var current = name
        var answer = false
        while true {
            if let known = memo[current] {
                answer = known
                break
            }
            if UIKitClass.isKnown(current) {
                answer = true
                break
            }
            guard let decl = flow.classes[current], onPath.insert(current).inserted else { break }
            path.append(current)
            current = decl.superclass
        }
        for c in path { memo[c] = answer }
        return answer
    }

    private mutating func validateClasses() {
        var chainEnds: [String: Bool] = [:]
        for name in flow.classes.keys.sorted() {
            let c = flow.classes[name]!
            let origin = c.origin
            if UIKitClass.isKnown(name) {
                sink.error(origin.position, origin.path, "'\(name)' is a UIKit class; declare a subclass instead")
            }
            if !flow.isKnownClass(c.superclass) {
                let o = self.origin(origin, "superclass")
                sink.unknown("superclass", c.superclass, at: o.position, o.path, known: allClassNames)
            } else if !endsInUIKit(name, &chainEnds) {
                sink.error(origin.position, origin.path, "the superclass chain of \(name) is circular")
            }
            for (i, p) in c.conformsTo.enumerated() where flow.protocols[p] == nil {
                let o = self.origin(origin, "conformsTo", i)
                sink.unknown("protocol", p, at: o.position, o.path, known: flow.protocols.keys)
            }
            for i in c.initializers {
                for (j, d) in i.sets.enumerated() { requireDependency(d, of: name, self.origin(i.origin, "sets", j)) }
                // Swift: "Return from initializer without initializing all stored properties".
                // (Only once the names in `sets` are known: a misspelt one has its own error.)
                let setsKnown = i.sets.allSatisfy { flow.dependency($0, of: name) != nil }
                for d in c.dependencies where setsKnown && d.injection == .initializer && d.defaultValue == nil && !i.sets.contains(d.name) {
                    let o = i.sets.isEmpty ? i.origin : self.origin(i.origin, "sets")
                    sink.error(o.position, o.path,
                               "\(i.name) leaves '\(d.name)' unset, but it is a let without a default (\(d.declaration)), which Swift does not compile (Return from initializer without initializing all stored properties); add \"\(d.name)\" to 'sets', or give the dependency a 'default'")
                }
            }
            for v in [c.viewDidLoad, c.viewWillAppear, c.viewDidAppear].compactMap({ $0 }) {
                for (j, d) in v.uses.enumerated() { requireDependency(d, of: name, self.origin(v.origin, "uses", j)) }
                for (j, d) in v.asserts.enumerated() { requireDependency(d, of: name, self.origin(v.origin, "asserts", j)) }
            }
            for a in c.segueActions {
                let returns = a.returns ?? "UIViewController"
                requireClass(returns, self.origin(a.origin, "returns"))
                requireInitializer(a.initializer, of: returns, self.origin(a.origin, "initializer"))
                for arg in a.arguments { requireArgument(arg, initializer: a.initializer, of: returns) }
                requireCondition(a.nilWhen, of: name, self.origin(a.origin, "nilWhen"))
                requireParameters(of: a)
                requireArguments(a.arguments, initializer: a.initializer ?? "init(coder:)", of: returns, at: a.origin)
                for s in a.set { requireDependency(s.name, of: returns, s.origin) }
            }
            for p in c.prepare ?? [] { validatePrepareCase(p, selfClass: name) }
            for (id, cond) in (c.shouldPerform ?? [:]).sorted(by: { $0.key < $1.key }) {
                requireCondition(cond, of: name, self.origin(self.origin(origin, "shouldPerform"), id))
            }
            for cond in (c.canPerformUnwind ?? [:]).sorted(by: { $0.key < $1.key }).map(\.value) {
                requireCondition(cond, of: name, self.origin(origin, "canPerformUnwind"))
            }
            for m in c.methods {
                for (j, d) in m.sets.enumerated() { requireDependency(d, of: name, self.origin(m.origin, "sets", j)) }
                for cs in m.cases {
                    WorkMeter.add(.validationSteps)
                    if destinationCases[cs.name] == nil {
                        let o = self.origin(self.origin(m.origin, "cases"), cs.name)
                        sink.unknown("destination case", cs.name, at: o.position, o.path, known: destinationCaseNames)
                    }
                    for a in cs.set { requireDependency(a.name, of: name, a.origin) }
                }
            }
            for a in c.actions { validateAction(a, selfClass: name) }
        }
    }

    private mutating func validatePrepareCase(_ p: PrepareCase, selfClass: String?) {
        if let selfClass { requireCondition(p.guardCondition, of: selfClass, origin(p.origin, "guard")) }
        guard let cast = p.cast else {
            if !p.set.isEmpty || p.call != nil {
                // Without a cast the destination is a plain UIViewController: nothing to set on it.
                sink.error(p.origin.position, p.origin.path, "'set' and 'call' need an 'as' cast to the class or protocol that has them")
            }
            return
        }
        if flow.protocols[cast] != nil {
            // Through a protocol, the members are those of every conforming class; require one.
            let members = conformance.members(of: cast, in: flow)
            WorkMeter.add(.validationSteps, p.set.count + 1)
            for a in p.set where !members.conformers.isEmpty && !members.dependencies.contains(a.name) {
                sink.unknown("dependency", a.name, at: a.origin.position, a.origin.path,
                             known: members.dependencies, extra: " of \(cast)")
            }
            if let call = p.call, !members.conformers.isEmpty, !members.methods.contains(call) {
                let o = origin(p.origin, "call")
                sink.unknown("method", call, at: o.position, o.path, known: members.methods, extra: " of \(cast)")
            }
            return
        }
        guard flow.isKnownClass(cast) else {
            let o = origin(p.origin, "as")
            sink.unknown("class or protocol", cast, at: o.position, o.path,
                         known: allClassNames + flow.protocols.keys)
            return
        }
        for a in p.set { requireDependency(a.name, of: cast, a.origin) }
        if let call = p.call, flow.method(call, of: cast) == nil {
            let o = origin(p.origin, "call")
            sink.unknown("method", call, at: o.position, o.path,
                         known: flow.declarations(of: cast).flatMap { $0.methods.map(\.name) }, extra: " of \(cast)")
        }
    }

    /// `embedIn`: a navigation controller class, built in code with `init(rootViewController:)`.
    private mutating func requireNavigationClass(_ name: String?, _ o: Origin) {
        guard let name else { return }
        if !flow.isKnownClass(name) {
            sink.unknown("class", name, at: o.position, o.path, known: allClassNames)
        } else if flow.containerKind(of: name) != .navigation {
            sink.error(o.position, o.path, "'embedIn' is a navigation controller class (UINavigationController or a subclass), built around the view controller with init(rootViewController:); \(name) is not one")
        }
    }

    private mutating func validateAction(_ a: CodeAction, selfClass: String) {
        requireCondition(a.guardCondition, of: selfClass, origin(a.origin, "guard"))
        requireNavigationClass(a.embedIn, origin(a.origin, "embedIn"))
        WorkMeter.add(.validationSteps)
        if let dest = a.destination {
            if let c = destinationCases[dest] {
                for v in a.values where !c.values.contains(v.name) {
                    sink.unknown("associated value", v.name, at: v.origin.position, v.origin.path, known: c.values, extra: " of .\(dest)")
                }
            } else {
                let o = origin(a.origin, "destination")
                sink.unknown("destination case", dest, at: o.position, o.path, known: destinationCaseNames)
            }
        }
        // "self" and "navigationController" name existing instances (to reproduce UIKit's
        // push-twice and present-an-active-controller exceptions), not classes to build.
        if let cls = a.className, cls != "self", cls != "navigationController" {
            requireClass(cls, origin(a.origin, "class"))
            requireInitializer(a.initializer, of: cls, origin(a.origin, "initializer"))
            for arg in a.arguments { requireArgument(arg, initializer: a.initializer, of: cls) }
            if let initName = a.initializer { requireArguments(a.arguments, initializer: initName, of: cls, at: a.origin) }
            for s in a.set { requireDependency(s.name, of: cls, s.origin) }
        }
        // A scene instantiated by Storyboard ID: a missing ID is UIKit's exception at run time,
        // not a load error; the initializer of a creator block belongs to the scene's class.
        if let id = a.scene, scenesByID[id] == nil {
            let o = origin(a.origin, "scene")
            sink.unknown("scene", id, at: o.position, o.path, known: flow.scenes.filter { $0.nib == nil }.map(\.id))
        }
        if let id = a.scene, let index = scenesByID[id] {
            // With an initializer, as with 'identifier': the creator block's, of the scene's class.
            let scene = flow.scenes[index]
            requireInitializer(a.initializer, of: scene.className, origin(a.origin, "initializer"))
            for arg in a.arguments { requireDependency(arg.name, of: scene.className, arg.origin) }
            for s in a.set { requireDependency(s.name, of: scene.className, s.origin) }
        }
        if let ident = a.storyboardIdentifier, let index = scenesByStoryboardIdentifier[ident] {
            let scene = flow.scenes[index]
            requireInitializer(a.initializer, of: scene.className, origin(a.origin, "initializer"))
            for arg in a.arguments { requireDependency(arg.name, of: scene.className, arg.origin) }
            for s in a.set { requireDependency(s.name, of: scene.className, s.origin) }
        }
    }

    /// A scene whose class no code declares still loads (storyboards keep names that code
    /// renamed, and apps ship them): UIKit logs `Unknown class` and uses the element's class.
    private mutating func validateScenes() {
        // Scenes of a class tend to come together: the last known class saves hashing its name.
        var lastKnown: String?
        for i in flow.scenes.indices {
            let className = flow.scenes[i].className
            if className == lastKnown { continue }
            if flow.isKnownClass(className) {
                lastKnown = className
                continue
            }
            let s = flow.scenes[i]
            let o = origin(s.origin, "class")
            let element = s.elementClass ?? "UIViewController"
            sink.warning(o.position, o.path,
                         "no class declares \(s.className), the class of scene '\(s.id)' (renamed in code but not in the storyboard?): UIKit logs 'Unknown class \(flow.objcRuntimeName(of: s.className)) in Interface Builder file.' and instantiates \(element)",
                         suggestions: sink.suggestions("class", s.className, in: allClassNames))
        }
    }

    private mutating func validateSegues() {
        let actionNames = flow.classes.values.flatMap { $0.segueActions }
        let unwindNames = flow.classes.values.flatMap { $0.unwindActions }
        // Looked up by selector once per segue: sets, not a scan of every class's actions (the
        // scan made validation grow with segues × classes).
        let actionSelectors = Set(actionNames.map(\.selector))
        let unwindSelectors = Set(unwindNames.map { SelectorName($0).selector })
        // By source scene and identifier as a pair: a key string made by interpolation for each
        // segue cost more than the lookup.
        struct SourceIdentifier: Hashable {
            let source: Int
            let identifier: String
        }
        var identifiers: [SourceIdentifier: Int] = [:]
        // A source's first identified segue, by scene: most sources have one, and only a
        // second one from the same source needs the pairs hashed (then the first joins them).
        var firstIdentified = [Int](repeating: -1, count: flow.scenes.count)
        var relationshipTargets: [String: String] = [:]
        // The last action found declared: segues in a row tend to share one (the decoder hands
        // them one string), and comparing with it is cheaper than hashing a long selector.
        var lastDeclaredAction: String?
        func declared(_ selector: String) -> Bool {
            guard actionSelectors.contains(selector) else { return false }
            lastDeclaredAction = selector
            return true
        }
        // By index, each field read in place: a copy of each segue retained and released a dozen
        // fields.
        for i in flow.segues.indices {
            // The source's fields are read where needed, not from a copy of the whole scene.
            let source = flow.segues[i].source
            let path = flow.segues[i].origin.path
            // -1: none yet; -2: the source's pairs are in `identifiers`.
            if flow.segues[i].identifier != nil, firstIdentified[source] == -1 {
                firstIdentified[source] = i
            } else if let id = flow.segues[i].identifier {
                let firstOfSource = firstIdentified[source]
                if firstOfSource >= 0 {
                    identifiers[SourceIdentifier(source: source, identifier: flow.segues[firstOfSource].identifier!)] = firstOfSource
                    firstIdentified[source] = -2
                }
                let key = SourceIdentifier(source: flow.segues[i].source, identifier: id)
                if let first = identifiers[key] {
                    let o = origin(flow.segues[i].origin, "id")
                    sink.error(o.position, o.path,
                               "duplicate segue identifier '\(id)' from scene '\(flow.scenes[source].id)' (first used by segues[\(first)])")
                } else {
                    identifiers[key] = i
                }
            }
            if flow.scenes[source].nib != nil {
                let o = origin(flow.segues[i].origin, "source")
                sink.error(o.position, o.path, "scene '\(flow.scenes[source].id)' is a XIB (nib), and XIBs have no segues")
            }
            if let d = flow.segues[i].destination, flow.scenes[d].nib != nil {
                let o = origin(flow.segues[i].origin, "destination")
                sink.error(o.position, o.path, "scene '\(flow.scenes[d].id)' is a XIB (nib) and cannot be a segue's destination")
            }
            if flow.segues[i].kind == .relationship {
                if let kind = flow.containerKind(of: flow.runtimeClass(ofScene: flow.segues[i].source)) {
                    if let r = flow.segues[i].relationship, !kind.relationships.contains(r) {
                        let o = origin(flow.segues[i].origin, "relationship")
                        sink.error(o.position, o.path,
                                   "a \(kind.rawValue) has no '\(r.rawValue)' relationship; expected \(kind.relationships.map(\.rawValue).joined(separator: " or "))")
                    }
                    if let r = flow.segues[i].relationship, r != .viewControllers {
                        let key = "\(flow.segues[i].source)\u{0}\(r.rawValue)"
                        if let first = relationshipTargets[key] {
                            sink.error(flow.segues[i].origin.position, path, "scene '\(flow.scenes[source].id)' already has a \(r.rawValue) relationship (\(first))")
                        } else {
                            relationshipTargets[key] = path
                        }
                    }
                } else if flow.isKnownClass(flow.scenes[source].className) {
                    // An unknown class has its own error (with a suggestion); this one would
                    // only follow from it.
                    let o = origin(flow.segues[i].origin, "source")
                    sink.error(o.position, o.path,
                               "a relationship segue needs a container as its source, but scene '\(flow.scenes[source].id)' is \(English.article(flow.scenes[source].className)) \(flow.scenes[source].className), not a navigation, tab bar or split view controller")
                }
            }
            if case .control(let name) = flow.segues[i].trigger, !flow.scenes[source].controls.contains(name) {
                let o = origin(flow.segues[i].origin, "trigger")
                sink.unknown("control", name, at: o.position, o.path, known: flow.scenes[source].controls, extra: " of scene '\(flow.scenes[source].id)'")
            }
            if flow.segues[i].trigger.isRow && flow.scenes[source].rows.isEmpty {
                let o = origin(flow.segues[i].origin, "trigger")
                sink.error(o.position, o.path, "scene '\(flow.scenes[source].id)' has no rows to select; give it \"rows\"")
            }
            if case .row(let sec, let row) = flow.segues[i].trigger, !flow.scenes[source].rows.isEmpty, !Self.hasRow(flow.scenes[source], sec, row) {
                let o = origin(flow.segues[i].origin, "trigger")
                sink.error(o.position, o.path, "scene '\(flow.scenes[source].id)' has no row [\(sec), \(row)]; it has \(Self.describeRows(flow.scenes[source].rows))")
            }
            // Stale selectors load: at run time UIKit finds no method and says so (segue
            // actions) or stays silent (unwind actions), as it does in shipped apps. An imported
            // segue (no Swift sources) says in its note that the owner is unknown instead.
            if let a = flow.segues[i].action, a.selector != lastDeclaredAction, !flow.ownerUnknown(segue: i), !declared(a.selector) {
                let o = origin(flow.segues[i].origin, "action")
                sink.warning(o.position, o.path,
                             "no class declares the segue action '\(a.description)' in 'segueActions' (renamed in code but not in the storyboard?): UIKit logs 'Unable to find method' and decodes the destination through init(coder:)",
                             suggestions: sink.suggestions(a.swiftName == nil ? "selector" : "action", a.description,
                                                          in: Set(actionNames.map { a.swiftName == nil ? $0.selector : $0.swiftName })))
            }
            if let u = flow.segues[i].unwindAction, !flow.ownerUnknown(segue: i), !unwindSelectors.contains(u.selector) {
                let o = origin(flow.segues[i].origin, "unwindAction")
                sink.warning(o.position, o.path,
                             "no class declares the unwind action '\(u.description)' in 'unwindActions' (renamed in code but not in the storyboard?): the unwind finds no destination and does nothing, silently",
                             suggestions: sink.suggestions(u.swiftName == nil ? "unwind selector" : "unwind", u.description,
                                                          in: Set(unwindNames.map { u.swiftName == nil ? SelectorName($0).selector : $0 })))
            }
            if flow.segues[i].kind == .custom, let c = flow.segues[i].customClass, let known = flow.segueClasses, !known.contains(c) {
                let o = origin(flow.segues[i].origin, "customClass")
                sink.warning(o.position, o.path,
                             "no class declares the segue class \(c) in 'segueClasses' (renamed in code but not in the storyboard?): performing the segue fails UIKit's assertion 'Could not create a segue of class'",
                             suggestions: sink.suggestions("segue class", c, in: known))
            }
            if flow.segues[i].customClass != nil, flow.segues[i].kind == .relationship || flow.segues[i].kind == .embed || flow.segues[i].kind == .unwind {
                let o = origin(flow.segues[i].origin, "customClass")
                sink.warning(o.position, o.path, "'customClass' is not used on \(flow.segues[i].kind.rawValue) segues")
            }
        }
    }

    static func hasRow(_ scene: Scene, _ section: Int, _ row: Int) -> Bool {
        section < scene.rows.count && row < scene.rows[section]
    }

    static func describeRows(_ rows: [Int]) -> String {
        rows.enumerated().map { "\($0.element) in section \($0.offset)" }.joined(separator: ", ")
    }

    /// Prototype maps that name real rows and used prototypes; two segues that one row fires.
    private mutating func validateRows() {
        // By scene index in an array: the first dictionary keyed by Int has the runtime look up
        // Int's Hashable conformance by scanning every conformance record (a tenth of start-up).
        // In one array, each scene's row segues together (`rowStart[s]..<rowStart[s + 1]`): an
        // array per scene was an allocation and a release per scene.
        var rowStart = [Int](repeating: 0, count: flow.scenes.count + 1)
        for i in flow.segues.indices where flow.segues[i].trigger.isRow { rowStart[flow.segues[i].source + 1] += 1 }
        for si in flow.scenes.indices { rowStart[si + 1] += rowStart[si] }
        var rowSegues = [Int](repeating: 0, count: rowStart[flow.scenes.count])
        var next = rowStart
        for i in flow.segues.indices where flow.segues[i].trigger.isRow {
            let source = flow.segues[i].source
            rowSegues[next[source]] = i
            next[source] += 1
        }
        // Per class, not per scene: thousands of scenes share a class.
        var rowActions: [String: [CodeAction]] = [:]
        // Scenes of a class tend to come together: the last class's answer saves hashing its name.
        var last: (className: String, actions: [CodeAction])?
        for si in flow.scenes.indices {
            let className = flow.scenes[si].className
            let segues = rowSegues[rowStart[si]..<rowStart[si + 1]]
            let actions: [CodeAction]
            if let last, last.className == className {
                actions = last.actions
            } else if let known = rowActions[className] {
                actions = known
                last = (className, known)
            } else {
                actions = flow.isKnownClass(className) ? flow.actions(of: className).filter { $0.trigger.isRow } : []
                rowActions[className] = actions
                last = (className, actions)
            }
            // Segues' triggers, then actions': read in place, not gathered into new arrays.
            var used: [String] = []
            for i in segues {
                if case .prototype(let name) = flow.segues[i].trigger, !used.contains(name) { used.append(name) }
            }
            for a in actions {
                if case .prototype(let name) = a.trigger, !used.contains(name) { used.append(name) }
            }
            // Nothing below can fire without prototypes, two prototypes used or two row segues:
            // most scenes go on without a copy of the whole scene.
            if flow.scenes[si].prototypes.isEmpty && used.count <= 1 && segues.count <= 1 { continue }
            let scene = flow.scenes[si]
            for p in scene.prototypes {
                for (k, r) in p.rows.enumerated() {
                    let bad: Bool
                    switch r {
                    case .section(let sec): bad = sec >= scene.rows.count
                    case .row(let sec, let row): bad = !Self.hasRow(scene, sec, row)
                    }
                    if bad {
                        sink.error(nil, JSONPath.index(p.origin.path, k),
                                   "scene '\(scene.id)' has no \(r.description.hasPrefix("section") ? "section \(r.section)" : "row \(r)"); it has \(scene.rows.isEmpty ? "no rows" : Self.describeRows(scene.rows))")
                    }
                }
                if !used.contains(p.name) {
                    sink.warning(p.origin.position, p.origin.path,
                                 "no segue or action of scene '\(scene.id)' has the trigger prototype:\(p.name)", suggestions: sink.nearestKnown(to: p.name, in: used, limit: 3))
                }
            }
            let unmapped = used.filter { n in !scene.prototypes.contains { $0.name == n } }
            if unmapped.count > 1 {
                sink.warning(scene.origin.position, scene.origin.path,
                             "scene '\(scene.id)' has \(used.count) prototypes (\(used.joined(separator: ", "))) and \"prototypes\" does not say which rows use \(unmapped.joined(separator: ", ")), so each of them takes every row no listed prototype claims; add \"prototypes\": { \"\(unmapped[0])\": [\"section:0\"] } with the rows its cells are in")
            }
            guard segues.count > 1, !scene.rows.isEmpty else { continue }
            // Rows not named by a trigger or a prototype's cell:S:R behave alike within a section,
            // so one of them stands for all.
            var reported = Set<[Int]>()
            for sec in scene.rows.indices where scene.rows[sec] > 0 {
                var named = Set<Int>()
                for i in segues { if case .row(sec, let r) = flow.segues[i].trigger { named.insert(r) } }
                for p in scene.prototypes { for case .row(sec, let r) in p.rows { named.insert(r) } }
                var candidates = named.filter { $0 < scene.rows[sec] }.sorted()
                if let other = (0..<min(scene.rows[sec], candidates.count + 1)).first(where: { !named.contains($0) }) { candidates.append(other) }
                for row in candidates {
                    let firing = segues.filter { scene.fires(flow.segues[$0].trigger, section: sec, row: row) }
                    guard firing.count > 1, reported.insert(firing).inserted else { continue }
                    let o = origin(flow.segues[firing[1]].origin, "trigger")
                    let names = firing.map { i in "segues[\(i)]" + (flow.segues[i].identifier.map { " '\($0)'" } ?? "") + " (\(flow.segues[i].trigger))" }
                    sink.warning(o.position, o.path,
                                 "\(names.joined(separator: " and ")) of scene '\(scene.id)' all fire on row [\(sec), \(row)], so one tap performs \(firing.count) segues; give each static cell its own trigger cell:S:R, or say which rows use which prototype with \"prototypes\"")
                }
            }
        }
    }

    private mutating func validateLaunch() {
        if let root = flow.launch.root { requireNavigationClass(root.embedIn, origin(root.origin, "embedIn")) }
        if let root = flow.launch.root, root.scene == nil {
            requireClass(root.className, origin(root.origin, "class"))
            requireInitializer(root.initializer, of: root.className, origin(root.origin, "initializer"))
            for a in root.arguments { requireArgument(a, initializer: root.initializer, of: root.className) }
            if let initName = root.initializer { requireArguments(root.arguments, initializer: initName, of: root.className, at: root.origin) }
        } else if let root = flow.launch.root {
            // A scene root's creator block: an initializer of the scene's class.
            requireInitializer(root.initializer, of: root.className, origin(root.origin, "initializer"))
            for a in root.arguments { requireDependency(a.name, of: root.className, a.origin) }
        } else if flow.launch.root == nil && flow.initial == nil && !sink.hasErrors {
            sink.error(SourcePosition(line: 1, column: 1), "", "missing required key 'initial' (or 'launch.root', for an app whose root is built in code)")
        }
        for p in flow.launch.inject { validatePrepareCase(p, selfClass: nil) }
    }
}
