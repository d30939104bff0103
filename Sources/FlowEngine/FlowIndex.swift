import FlowModel

/// The flow's lookups, resolved once per flow instead of walking superclass chains and
/// scanning segue lists on every command: what a class responds to, what a scene owns.
/// Immutable and shared by every copy of a `Simulator`, so copying one stays cheap.
final class FlowIndex: Sendable {
    /// A class, so that handing one out costs a single retain rather than a copy of every field.
    final class ClassInfo: Sendable {
        let lineage: [String]
        let container: ContainerKind?
        let declarations: [ClassDecl]
        let dependencies: [Dependency]
        let dependencyByName: [String: Dependency]
        /// The segue actions by selector, with what a call needs worked out once
        /// (`ResolvedSegueAction`; its `action` is the declaration).
        let resolvedSegueActions: [String: ResolvedSegueAction]
        /// The same by selector number (`FlowIndex.selectorOfSegue`): an array index where the
        /// dictionary hashed a selector of fifty characters on every segue.
        let segueActionsBySelector: [ResolvedSegueAction?]
        let prepare: PrepareInfo?
        let overridesShouldPerform: Bool
        let shouldPerform: [String: Condition]
        let unwindActions: [String: String]
        let methods: [String: Method]
        let actions: [CodeAction]
        /// `Owner.action` for each of `actions` (the caller notes and provenances name), made
        /// once: `flownav check` runs the same actions thousands of times.
        let actionCallers: [String]
        /// With the file of the class declaring it (a trap's location).
        let viewDidLoad: ViewDidLoadInfo?
        /// Whether `viewDidLoad` is set, read without copying it.
        let hasViewDidLoad: Bool
        /// With the file of the class declaring it, if the flow declares it.
        let initCoder: (InitCoder, file: String?)
        let initializers: [String: Initializer]
        /// A new instance's dependency slots by the initializer that made it (`slots(initializer:)`).
        let slotTemplates: [String: [SlotRecord]]
        /// The table the templates' texts are numbered in (the flow's).
        let texts: SlotTexts
        let protocols: Set<String>
        let runtimeName: String
        let file: String
        /// UITableViewController clears its selection as it reappears.
        let clearsSelectionOnAppear: Bool
        /// The appearance callbacks with code of the class (reads, asserts or actions), made once:
        /// every appearance asks, and most classes have none.
        let appearanceCode: Set<AppearanceCallback>

        init(
            lineage: [String], container: ContainerKind?, declarations: [ClassDecl], dependencies: [Dependency],
            dependencyByName: [String: Dependency],
            resolvedSegueActions: [String: ResolvedSegueAction], segueActionsBySelector: [ResolvedSegueAction?],
            prepare: PrepareInfo?, overridesShouldPerform: Bool, shouldPerform: [String: Condition],
            unwindActions: [String: String], methods: [String: Method], actions: [CodeAction], viewDidLoad: ViewDidLoadInfo?,
            initCoder: (InitCoder, file: String?), initializers: [String: Initializer], protocols: Set<String>, runtimeName: String, file: String,
            texts: SlotTexts
        ) {
            self.lineage = lineage
            self.clearsSelectionOnAppear = lineage.contains("UITableViewController")
            self.appearanceCode = Set(AppearanceCallback.allCases.filter { callback in
                actions.contains { $0.trigger == .appearance(callback) } || declarations.contains { $0.reads(callback) != nil }
            })
            self.container = container
            self.declarations = declarations
            self.dependencies = dependencies
            self.dependencyByName = dependencyByName
            self.resolvedSegueActions = resolvedSegueActions
            self.segueActionsBySelector = segueActionsBySelector
            self.prepare = prepare
            self.overridesShouldPerform = overridesShouldPerform
            self.shouldPerform = shouldPerform
            self.unwindActions = unwindActions
            self.methods = methods
            self.actions = actions
            // The class itself (its lineage starts with it) when no declaration has the action.
            self.actionCallers = actions.map { a in
                let owner = declarations.first { $0.actions.contains { $0.name == a.name } }?.name ?? lineage.first ?? ""
                return "\(owner).\(a.name)"
            }
            self.viewDidLoad = viewDidLoad
            self.hasViewDidLoad = viewDidLoad != nil
            self.initCoder = initCoder
            self.initializers = initializers
            var templates: [String: [SlotRecord]] = [:]
            if !dependencies.isEmpty {
                let numbers = DependencyNumbers(dependencies, texts: texts)
                templates.reserveCapacity(initializers.count + 2)
                for name in ["init(coder:)", "init()"] {
                    templates[name] = Self.records(of: dependencies, numbers, initializer: name, sets: initializers[name]?.sets ?? [], texts: texts)
                }
                for (name, i) in initializers where templates[name] == nil {
                    templates[name] = Self.records(of: dependencies, numbers, initializer: name, sets: i.sets, texts: texts)
                }
            }
            self.slotTemplates = templates
            self.texts = texts
            self.protocols = protocols
            self.runtimeName = runtimeName
            self.file = file
        }

        /// The dependency slots of an instance made by `initializer`: a property starts at its
        /// default, an initializer-injected one the initializer does not set is never set.
        func slots(initializer: String) -> [SlotRecord] {
            if dependencies.isEmpty { return [] }
            return slotTemplates[initializer]
                ?? Self.records(of: dependencies, DependencyNumbers(dependencies, texts: texts), initializer: initializer, sets: initializers[initializer]?.sets ?? [], texts: texts)
        }

        /// The class declaring `dependency` nearest the class (its lineage's first), if any: read
        /// only for a trap's location, so found by walking the declarations, not kept by name.
        func declaringClass(of dependency: String) -> String? {
            declarations.first { d in d.dependencies.contains { $0.name == dependency } }?.name
        }
    }

    /// A class's `prepare(for:sender:)`: its cases and the caller name its injections show.
    /// (Classes, as these are read on every segue: binding a tuple of structs copied them.)
    final class PrepareInfo: Sendable {
        let cases: [PrepareCase]
        /// `ItemsViewController.prepare(for:sender:)`.
        let caller: String
        /// Per case, what `inspect` names as the setter of a value it sets: the caller and the
        /// case's Swift line when the flow has it (built once, not on every segue); and its
        /// number in the flow's `SlotTexts`.
        let setters: [String]
        let setterNumbers: [UInt32]

        init(cases: [PrepareCase], owner: String, codeLocations: [String: CodeLocation], texts: SlotTexts) {
            self.cases = cases
            let caller = "\(owner).prepare(for:sender:)"
            self.caller = caller
            setters = cases.map { c in PrepareInfo.setter(of: c, caller: caller, codeLocations: codeLocations) }
            setterNumbers = setters.map(texts.number)
        }

        static func setter(of c: PrepareCase, caller: String, codeLocations: [String: CodeLocation]) -> String {
            if codeLocations.isEmpty { return caller }
            return codeLocations[c.origin.path].map { "\(caller) (\($0))" } ?? caller
        }
    }

    /// A class's `viewDidLoad()`, with the file of the class declaring it (a trap's location).
    final class ViewDidLoadInfo: Sendable {
        /// The dependencies of the class it reads, in order (a name that is not one is left out:
        /// reading it decides nothing). Plain `Dependency` values: an array of tuples has the
        /// runtime build the tuple's type on first use, a cost every start-up paid.
        let uses: [Dependency]
        let asserts: [String]
        let line: Int?
        let lines: [String: Int]
        let file: String
        let outlets: [OutletAccess]

        init(_ v: ViewDidLoad, file: String, dependencies: [String: Dependency]) {
            outlets = v.outlets
            uses = v.uses.compactMap { dependencies[$0] }
            asserts = v.asserts
            line = v.line
            lines = v.lines
            self.file = file
        }
    }

    /// A segue action with what every call needs worked out once: its arguments split, its
    /// initializer, the provenance its values get, and whether the initializer reaches
    /// `super.init(coder:)` (when the action names the class it returns).
    final class ResolvedSegueAction: Sendable {
        /// An argument, with the dependency of the action's class each piece of the expression
        /// names. (A struct, not a tuple: the runtime builds a tuple type on first use.)
        struct Argument: Sendable {
            let name: String
            let expression: CompiledExpression
            let dependencies: [Dependency?]
        }

        let action: SegueAction
        let arguments: [Argument]
        let initializer: String
        let isInitCoder: Bool
        /// `makeDetail(coder:sender:segueIdentifier:) through init(coder:item:)`, and its number
        /// in the flow's `SlotTexts`.
        let provenance: String
        let provenanceNumber: UInt32
        /// Nil when the action does not name its class (the scene's class decides).
        let callsSuperCoder: Bool?
        /// The dependency slots its initializer gives the instance, when the action names its
        /// class and the initializer is not `init(coder:)` (which `initCoder` handles).
        let slots: [SlotRecord]?
        /// For an action whose body was not understood (`SegueAction.unknown`): the value every
        /// dependency of the returned instance gets, its provenance, and the initializer named.
        let unknown: (value: UInt32, provenance: UInt32, initializer: String)?

        /// `dependencies`: those of the class the action is looked up on, by name;
        /// `returnsDeclarations`: `Flow.declarations(of:)` of the class it returns, if it names one.
        init(_ action: SegueAction, in flow: Flow, dependencies: [String: Dependency], returnsDeclarations: [ClassDecl], texts: SlotTexts) {
            self.action = action
            arguments = action.arguments.map { a in
                let e = CompiledExpression(a.expression)
                return Argument(name: a.name, expression: e, dependencies: e.pieces.map { piece in
                    switch piece {
                    case .text: nil
                    case .name(let name, _, _), .selfMember(let name): dependencies[name]
                    }
                })
            }
            let initializer = action.initializer ?? "init(coder:)"
            self.initializer = initializer
            isInitCoder = initializer == "init(coder:)"
            // `inspect` names the Swift line that set the value, when the flow has it.
            provenance = "\(action.swiftName) through \(initializer)" + (flow.codeLocations[action.origin.path].map { " (\($0))" } ?? "")
            provenanceNumber = texts.number(provenance)
            unknown = action.unknown.map { site in
                let initializer = UnknownValue.initializer(at: site)
                return (texts.number(UnknownValue.text(at: site)), texts.number("\(action.swiftName) through \(initializer)"), initializer)
            }
            if isInitCoder {
                callsSuperCoder = true
                slots = nil
            } else if action.returns != nil {
                let decl = returnsDeclarations.lazy.compactMap { d in d.initializers.first { $0.name == initializer } }.first
                callsSuperCoder = decl?.callsSuper == .initCoder
                let dependencies = Flow.allDependencies(declarations: returnsDeclarations)
                slots = ClassInfo.records(of: dependencies, DependencyNumbers(dependencies, texts: texts), initializer: initializer, sets: decl?.sets ?? [], texts: texts)
            } else {
                callsSuperCoder = nil
                slots = nil
            }
        }
    }

    struct Triggered: Sendable {
        var trigger: Trigger
        var segues: [Int]
    }

    struct SceneInfo: Sendable {
        var byIdentifier: [String: Int] = [:]
        var relationships: [Int] = []
        var embeds: [Int] = []
        /// Segues by the control or cell that triggers them, in flow order. A short list searched
        /// by equality: cheaper than hashing the control's name on every tap.
        var triggered: [Triggered] = []
        var identifiers: [String] = []
    }

    let flow: Flow
    let classes: [String: ClassInfo]
    /// The same classes by number (`Instance.classID`): an array index instead of a string hash.
    let classList: [ClassInfo]
    let classIDs: [String: Int32]
    /// The names of `classList`, for states to name their instances' classes.
    let classNames: ClassNames
    /// The class number of each scene's class (the element's UIKit class when no code declares it).
    let sceneClassIDs: [Int32]
    /// The name of the same (`Flow.runtimeClass(ofScene:)`), read on every decode: asking the
    /// flow copied the scene and hashed its class's name.
    let sceneRuntimeClasses: [String]
    /// Whether each scene names a class no code declares (`Flow.hasUnknownClass(scene:)`).
    let sceneHasUnknownClass: [Bool]
    let scenes: [SceneInfo]
    /// Scene of each class's XIB, for instances built in code (seed 003).
    let nibScenes: [String: Int]
    /// Storyboard scenes by Storyboard ID (the first, when two share one), for
    /// `instantiateViewController(withIdentifier:)`.
    let storyboardScenes: [String: Int]
    /// Scenes by id, for code actions that name one (`CodeAction.scene`).
    let sceneByID: [String: Int]
    /// Every expression of the flow, split once.
    let expressions: [String: CompiledExpression]
    /// The number of each segue's selector (`Segue.action`), -1 for none; the numbers index
    /// `ClassInfo.segueActionsBySelector`.
    let selectorOfSegue: [Int32]
    /// The texts of every state's dependency slots.
    let texts: SlotTexts

    init(_ flow: Flow) {
        self.flow = flow
        let texts = SlotTexts(Self.slotTexts(of: flow))
        self.texts = texts
        var nibs: [String: Int] = [:]
        for (i, s) in flow.scenes.enumerated() where s.nib != nil && nibs[s.className] == nil { nibs[s.className] = i }
        nibScenes = nibs
        var byIdentifier: [String: Int] = [:]
        for (i, s) in flow.scenes.enumerated() where s.nib == nil {
            if let ident = s.storyboardIdentifier, byIdentifier[ident] == nil { byIdentifier[ident] = i }
        }
        storyboardScenes = byIdentifier
        var byID: [String: Int] = [:]
        for (i, s) in flow.scenes.enumerated() where byID[s.id] == nil { byID[s.id] = i }
        sceneByID = byID
        var expressions: [String: CompiledExpression] = [:]
        for e in CompiledExpression.all(in: flow) where expressions[e] == nil { expressions[e] = CompiledExpression(e) }
        self.expressions = expressions
        var selectors: [String] = []
        var selectorNumbers: [String: Int32] = [:]
        selectorOfSegue = flow.segues.map { segue in
            guard let selector = segue.action?.selector else { return -1 }
            if let n = selectorNumbers[selector] { return n }
            let n = Int32(selectors.count)
            selectors.append(selector)
            selectorNumbers[selector] = n
            return n
        }
        // Every name an instance's class can have: the scenes' classes, the declared ones, what
        // segue actions return and code builds, and UIKit's (a state then names classes by number).
        var names = Set(flow.classes.keys).union(UIKitClass.superclasses.keys)
        names.insert("UIViewController")
        let sceneRuntimeClasses = flow.scenes.indices.map { flow.runtimeClass(ofScene: $0) }
        self.sceneRuntimeClasses = sceneRuntimeClasses
        names.formUnion(sceneRuntimeClasses)
        if let root = flow.launch.root { names.insert(root.className) }
        for c in flow.classes.values {
            for a in c.segueActions { if let r = a.returns { names.insert(r) } }
            for a in c.actions { if let n = a.className, n != "self", n != "navigationController" { names.insert(n) } }
        }
        var classes: [String: ClassInfo] = [:]
        var list: [ClassInfo] = []
        var ids: [String: Int32] = [:]
        let sortedNames = names.sorted()
        var unwindSelectors: [String: String] = [:]
        for c in flow.classes.values {
            for u in c.unwindActions where unwindSelectors[u] == nil { unwindSelectors[u] = SelectorName(u).selector }
        }
        for name in sortedNames {
            let info = Self.resolve(name, in: flow, selectors: selectors, texts: texts, unwindSelectors: unwindSelectors)
            classes[name] = info
            ids[name] = Int32(list.count)
            list.append(info)
        }
        self.classes = classes
        self.classList = list
        self.classNames = ClassNames(sortedNames)
        self.classIDs = ids
        self.sceneClassIDs = sceneRuntimeClasses.map { ids[$0] ?? -1 }
        self.sceneHasUnknownClass = flow.scenes.indices.map { flow.hasUnknownClass(scene: $0) }
        var scenes = [SceneInfo](repeating: SceneInfo(), count: flow.scenes.count)
        for (i, s) in flow.segues.enumerated() {
            switch s.kind {
            case .relationship: scenes[s.source].relationships.append(i)
            case .embed: scenes[s.source].embeds.append(i)
            default: break
            }
            if let id = s.identifier, scenes[s.source].byIdentifier[id] == nil {
                scenes[s.source].byIdentifier[id] = i
                scenes[s.source].identifiers.append(id)
            }
            if s.trigger != .manual, s.kind != .relationship {
                if let k = scenes[s.source].triggered.firstIndex(where: { $0.trigger == s.trigger }) {
                    scenes[s.source].triggered[k].segues.append(i)
                } else {
                    scenes[s.source].triggered.append(Triggered(trigger: s.trigger, segues: [i]))
                }
            }
        }
        self.scenes = scenes
    }

    /// `selectors`: the flow's segue selectors in their numbering (`selectorOfSegue`). The
    /// lineage and declarations are worked out once here and every question answered from them
    /// (`Flow`'s own `…(of:)` walk the superclass chain again on each call).
    /// `unwindSelectors`: the selectors of unwind actions' names, when worked out already (a
    /// class's are read again for each of its subclasses).
    static func resolve(_ name: String, in flow: Flow, selectors: [String] = [], texts: SlotTexts, unwindSelectors: [String: String] = [:]) -> ClassInfo {
        let lineage = flow.lineage(of: name)
        let decls = lineage.compactMap { flow.classes[$0] }
        var declared = 0
        for d in decls { declared += d.dependencies.count }
        // Sized once (growing it rehashed every name); the nearest declaration of a name wins.
        var depByName = [String: Dependency](minimumCapacity: declared)
        for d in decls {
            for x in d.dependencies where depByName.index(forKey: x.name) == nil { depByName[x.name] = x }
        }
        // No name declared twice along the lineage: then every dependency is its own, in
        // `allDependencies`'s order (superclasses' first) without the set that drops repeats.
        let dependencies = depByName.count == declared ? decls.reversed().flatMap(\.dependencies) : Flow.allDependencies(declarations: decls)
        // The nearest declaration of a selector or name wins. Segue actions go straight into
        // their resolved form: a dictionary of each value type is one more generic type the
        // runtime instantiates on first use (start-up pays for each).
        var resolved: [String: ResolvedSegueAction] = [:]
        var unwind: [String: String] = [:]
        var methods: [String: Method] = [:]
        var initializers: [String: Initializer] = [:]
        for d in decls {
            for a in d.segueActions where resolved[a.selector] == nil {
                resolved[a.selector] = ResolvedSegueAction(a, in: flow, dependencies: depByName, returnsDeclarations: a.returns.map { flow.declarations(of: $0) } ?? [], texts: texts)
            }
            for u in d.unwindActions {
                let selector = unwindSelectors[u] ?? SelectorName(u).selector
                if unwind[selector] == nil { unwind[selector] = u }
            }
            for m in d.methods where methods[m.name] == nil { methods[m.name] = m }
            for i in d.initializers where initializers[i.name] == nil { initializers[i.name] = i }
        }
        let should = decls.first { $0.shouldPerform != nil }
        let viewDidLoad = Flow.viewDidLoad(declarations: decls).map { (v, owner) in ViewDidLoadInfo(v, file: owner.file, dependencies: depByName) }
        let (initCoder, initCoderOwner) = Flow.initCoder(declarations: decls)
        return ClassInfo(
            lineage: lineage, container: Flow.containerKind(lineage: lineage), declarations: decls,
            dependencies: dependencies, dependencyByName: depByName,
            resolvedSegueActions: resolved,
            segueActionsBySelector: resolved.isEmpty ? Array(repeating: nil, count: selectors.count) : selectors.map { resolved[$0] },
            prepare: Flow.prepareCases(declarations: decls).map { PrepareInfo(cases: $0.cases, owner: $0.owner.name, codeLocations: flow.codeLocations, texts: texts) },
            overridesShouldPerform: should != nil,
            shouldPerform: should?.shouldPerform ?? [:], unwindActions: unwind, methods: methods,
            actions: Flow.actions(declarations: decls), viewDidLoad: viewDidLoad, initCoder: (initCoder, file: initCoderOwner?.file),
            initializers: initializers, protocols: decls.contains { !$0.conformsTo.isEmpty } ? Set(decls.flatMap(\.conformsTo)) : [],
            runtimeName: UIKitClass.isKnown(name) ? name : flow.classes[name]?.objcName ?? "\(flow.module).\(name)", file: flow.file(of: name),
            texts: texts)
    }

    /// The slot texts the flow fixes, numbered first (read without a lock): the dependencies'
    /// names and what a new instance's slots hold (`ClassInfo.records(of:_:initializer:sets:texts:)`;
    /// `SlotTexts` numbers the provenances itself). In no particular order: a text's number is
    /// never shown, only compared.
    static func slotTexts(of flow: Flow) -> [String] {
        var out: [String] = []
        var initializers: Set<String> = ["init(coder:)", "init()"]
        for c in flow.classes.values {
            for d in c.dependencies {
                out.append(d.name)
                if let v = d.defaultValue { out.append(v) }
                if d.injection == .initializer { out.append(DependencyNumbers.built(d)) }
            }
            for i in c.initializers { initializers.insert(i.name) }
        }
        for i in initializers { out.append(DependencyNumbers.neverSet(i)) }
        return out
    }
}
