/// Turns the positioned JSON tree into the model, reporting shape errors (types, required keys,
/// unknown keys and enumerated values). References between parts are checked by `FlowValidator`.
struct FlowDecoder {
    var sink: DiagnosticSink
    private var selectors = SelectorCache()
    /// The Swift lines given by `"at"`, by the JSON path of the part that gives them.
    private var codeLocations: [String: CodeLocation] = [:]

    /// Whether scenes and segues may take `FlowDecoderFastPath`; off, every object takes the
    /// general path, which is how tests check that both give the same model and messages.
    var fastPaths = true

    init(sink: DiagnosticSink) { self.sink = sink }

    mutating func selectorName(_ text: String) -> SelectorName { selectors.name(text) }

    static let topKeys = [
        "$schema", "format", "name", "module", "initial", "padInitial", "launch", "protocols", "destinations", "classes", "segueClasses", "scenes", "segues",
        "unknownViewClasses", "classesWithoutModule", "suppress", "device", "storyboards", "sources", "notes", "references", "storyboardNames",
    ]
    static let classKeys = [
        "superclass", "objcName", "file", "conformsTo", "dependencies", "initializers", "initCoder", "viewDidLoad",
        "viewWillAppear", "viewDidAppear", "segueActions", "prepare", "shouldPerform", "unwindActions", "canPerformUnwind", "allowedChildrenForUnwinding", "methods", "actions",
        "notes", "at", "outlets",
    ] + dismissalClassKeys
    static let sceneKeys = [
        "class", "elementClass", "storyboardIdentifier", "title", "rows", "controls", "prototypes", "nib", "definesPresentationContext",
        "modalPresentationStyle", "storyboard", "notes", "outlets",
    ] + SplitCollapse.sceneKeys
    static let segueKeys = [
        "id", "source", "destination", "kind", "relationship", "action", "trigger", "modalPresentationStyle",
        "modalTransitionStyle", "customClass", "animates", "unwindAction", "popoverAnchor", "storyboard", "notes",
    ]
    static let prepareKeys = ["segue", "chain", "branch", "castInBody", "unwrap", "as", "as!", "guard", "exits", "set", "call", "with", "at", "outlets"]
    static let actionKeys = ["trigger", "do", "segue", "sender", "destination", "values", "class", "identifier", "scene", "as!", "initializer", "arguments", "set", "embedIn", "guard", "at", "unknown", "outlets", "receiver"] + presentationActionKeys

    /// Scenes and segues read by the direct reader, taken as they are by `decode` (whose root
    /// then has them empty). Moved out, not copied: a copy left here made the model's first
    /// change copy every scene.
    var direct: DirectFlowParts?

    /// Decodes a whole document; nil when the top level is unusable.
    mutating func decode(_ root: JSONNode) -> Flow? {
        guard let top = Fields(root, "", known: Self.topKeys, required: ["format", "name", "module", "scenes"], sink: &sink, what: "a JSON object at the top level")
        else { return nil }
        if let formatNode = top["format"] {
            if case .number(let d, let text) = formatNode.value {
                if d != 1 {
                    sink.error(formatNode.position, "format", "unsupported format version \(text); this flownav reads format 1")
                    return nil
                }
            } else {
                sink.error(formatNode.position, "format", "expected the format version 1, found \(formatNode.typeName)")
                return nil
            }
        }
        let name = top.string("name", &sink) ?? ""
        let module = top.string("module", &sink) ?? ""
        if !module.isEmpty && !module.isIdentifier, let node = top["module"] {
            sink.error(node.position, "module", "'\(module)' is not a Swift module name")
        }
        var flow = Flow(file: sink.file, name: name, module: module, initial: nil)
        flow.notes = top.stringValues("notes", &sink)
        // `storyboards` is read by the importer before decoding; here it only has to be paths.
        _ = top.strings("storyboards", &sink)
        // `sources` too (the importer read them); that they were read is what matters here.
        if top.has("sources") {
            _ = top.strings("sources", &sink)
            flow.sourcesRead = true
        }
        decodeReferences(top, into: &flow)
        for m in top.map("protocols", &sink) { flow.protocols[m.key] = decodeProtocol(m) }
        for m in top.map("destinations", &sink) {
            if let d = decodeDestinationEnum(m) { flow.destinations[m.key] = d }
        }
        for m in top.map("classes", &sink) {
            if let c = decodeClass(m, path: JSONPath.member("classes", m.key)) { flow.classes[m.key] = c }
        }
        if top.has("segueClasses") { decodeSegueClasses(top, into: &flow) }
        flow.classesWithoutModule = Set(top.stringValues("classesWithoutModule", &sink))
        for (i, node) in top.array("unknownViewClasses", &sink).enumerated() {
            if let u = decodeUnknownViewClass(node, path: JSONPath.index("unknownViewClasses", i)) { flow.unknownViewClasses.append(u) }
        }
        // Scene ids as declared: one that failed to decode has its own error, and references to
        // it must not add an "unknown scene" error on top.
        var declaredScenes: [String] = []
        let sceneMembers = top.map("scenes", &sink)
        var sceneIndex: [String: Int] = [:]
        let directNumbers = direct?.sceneNumbers
        if direct != nil {
            // Every scene declared is decoded on that path, so a name not found is not declared:
            // `declaredScenes` stays empty, and the message about it (with its near names) is
            // the tree path's, which the loader falls back to on any message.
            swap(&flow.scenes, &direct!.scenes)
        } else {
            declaredScenes.reserveCapacity(sceneMembers.count)
            flow.scenes.reserveCapacity(sceneMembers.count)
            for m in sceneMembers {
                declaredScenes.append(m.key)
                let path = JSONPath.member("scenes", m.key)
                // Appended where it is made: a scene handed back through an optional was copied whole.
                if fastPaths, fastScene(m, path: path, into: &flow.scenes) { continue }
                if let s = decodeScene(m, path: path) { flow.scenes.append(s) }
            }
            sceneIndex.reserveCapacity(flow.scenes.count)
            for i in flow.scenes.indices { sceneIndex[flow.scenes[i].id] = i }
        }
        func sceneNumber(_ name: String) -> Int? {
            if let directNumbers { return directNumbers.index(of: name, in: flow.scenes) }
            return sceneIndex[name]
        }
        if let initial = top.string("initial", &sink) {
            if let i = sceneNumber(initial) {
                flow.initial = i
            } else if !declaredScenes.contains(initial) {
                sink.unknown("scene", initial, at: top["initial"]?.position, "initial", known: declaredScenes)
            }
        }
        if let padInitial = top.string("padInitial", &sink) {
            if let i = sceneNumber(padInitial) {
                flow.padInitial = i
            } else if !declaredScenes.contains(padInitial) {
                sink.unknown("scene", padInitial, at: top["padInitial"]?.position, "padInitial", known: declaredScenes)
            }
        }
        if let launchNode = top["launch"] { flow.launch = decodeLaunch(launchNode, flow: flow, scenes: sceneNumber, sceneIDs: declaredScenes) }
        let segueNodes = top.array("segues", &sink)
        if direct != nil {
            swap(&flow.segues, &direct!.segues)
            direct = nil
        }
        flow.segues.reserveCapacity(segueNodes.count)
        for (i, node) in segueNodes.enumerated() {
            let path = JSONPath.index("segues", i)
            if fastPaths, fastSegue(node, path: path, scenes: sceneIndex, into: &flow.segues) { continue }
            if let s = decodeSegue(node, path: path, scenes: sceneIndex, sceneIDs: declaredScenes) {
                flow.segues.append(s)
            }
        }
        for (i, node) in top.array("suppress", &sink).enumerated() {
            if let s = decodeSuppression(node, path: JSONPath.index("suppress", i)) { flow.suppressions.append(s) }
        }
        inferStaticRows(&flow)
        if top.has("device"), let d = top.enumValue("device", Device.self, &sink, what: "device") { flow.device = d }
        flow.codeLocations = codeLocations
        return flow
    }

    /// A static table needs no `rows`: its cells are the rows its `cell:S:R` triggers name (of
    /// its segues and of its class's code actions).
    private func inferStaticRows(_ flow: inout Flow) {
        var named: [Int: [(Int, Int)]] = [:]
        // Index loops over segues read two fields, not a copy of each segue.
        for i in flow.segues.indices { if case .row(let s, let r) = flow.segues[i].trigger { named[flow.segues[i].source, default: []].append((s, r)) } }
        var byClass: [String: [(Int, Int)]] = [:]
        // Index loops: a `Scene` copied whole costs more than this reads of it.
        for i in flow.scenes.indices where !flow.scenes[i].rowsGiven {
            let className = flow.scenes[i].className
            if byClass[className] == nil {
                byClass[className] = flow.isKnownClass(className)
                    ? flow.actions(of: className).compactMap { a in if case .row(let s, let r) = a.trigger { (s, r) } else { nil } } : []
            }
            let all = (named[i] ?? []) + byClass[className]!
            guard !all.isEmpty else { continue }
            var rows = flow.scenes[i].rows
            for (section, row) in all {
                if rows.count <= section { rows += Array(repeating: 0, count: section + 1 - rows.count) }
                rows[section] = max(rows[section], row + 1)
            }
            flow.scenes[i].rows = rows
        }
    }

    private mutating func decodeSuppression(_ node: JSONNode, path: String) -> Suppression? {
        guard let f = Fields(node, path, known: ["rule", "at", "reason"], required: ["rule", "at", "reason"], sink: &sink),
              let rule = f.string("rule", &sink), let at = f.string("at", &sink), let reason = f.string("reason", &sink)
        else { return nil }
        return Suppression(rule: rule, at: at, reason: reason, origin: f.origin())
    }

    private mutating func decodeProtocol(_ m: JSONNode.Member) -> ProtocolDecl {
        let path = JSONPath.member("protocols", m.key)
        var p = ProtocolDecl(name: m.key, objc: false)
        if let f = Fields(m.value, path, known: ["objc"], sink: &sink) { p.objc = f.bool("objc", &sink) ?? false }
        return p
    }

    private mutating func decodeDestinationEnum(_ m: JSONNode.Member) -> DestinationEnum? {
        let path = JSONPath.member("destinations", m.key)
        guard let f = Fields(m.value, path, known: ["cases"], required: ["cases"], sink: &sink) else { return nil }
        var e = DestinationEnum(name: m.key, cases: [], origin: f.origin())
        for c in f.map("cases", &sink) {
            let cp = JSONPath.member(f.path("cases"), c.key)
            guard let cf = Fields(c.value, cp, known: ["values", "segue"], sink: &sink) else { continue }
            e.cases.append(.init(
                name: c.key, values: cf.stringValues("values", &sink), segue: cf.string("segue", &sink),
                origin: cf.origin()))
        }
        return e
    }

    private mutating func assignments(_ f: Fields, _ key: String) -> [Assignment] {
        f.map(key, &sink).compactMap { m in
            let p = JSONPath.member(f.path(key), m.key)
            guard let e = Fields.string(m.value, p, &sink) else { return nil }
            return Assignment(name: m.key, expression: e, origin: Origin(path: p, position: m.keyPosition))
        }
    }

    private mutating func condition(_ f: Fields, _ key: String) -> Condition? {
        guard let text = f.string(key, &sink) else { return nil }
        return condition(text, f[key]!.position, f.path(key))
    }

    private mutating func condition(_ text: String, _ position: SourcePosition, _ path: String) -> Condition? {
        if let c = Condition(text) { return c }
        sink.error(position, path, "unknown condition '\(text)'; expected always, never, selection, noSelection, NAME == nil or NAME != nil",
                   suggestions: sink.nearestKnown(to: text, in: ["always", "never", "selection", "noSelection"]))
        return nil
    }

    /// `action`: a code action's, which may also be an appearance callback (`viewDidAppear`).
    private mutating func trigger(_ f: Fields, action: Bool = false) -> Trigger? {
        guard let text = f.string("trigger", &sink) else { return nil }
        if let t = action ? Trigger(action: text) : Trigger(text) { return t }
        sink.error(f["trigger"]!.position, f.path("trigger"), "unknown trigger '\(text)'; expected manual, cell, cell:S:R, cell:R, prototype:NAME or control:NAME"
                   + (action ? ", or viewDidLoad, viewWillAppear or viewDidAppear" : ""),
                   suggestions: sink.nearestKnown(to: text, in: ["manual", "cell"] + (action ? AppearanceCallback.allCases.map(\.rawValue) : [])))
        return nil
    }

    private mutating func decodeClass(_ m: JSONNode.Member, path: String) -> ClassDecl? {
        guard let f = Fields(m.value, path, known: Self.classKeys, sink: &sink) else { return nil }
        var c = ClassDecl(name: m.key, origin: Origin(path: path, position: m.keyPosition))
        if !m.key.isIdentifier { sink.error(m.keyPosition, path, "'\(m.key)' is not a Swift class name") }
        c.superclass = f.string("superclass", &sink) ?? "UIViewController"
        c.objcName = f.string("objcName", &sink)
        if let n = c.objcName, !n.isIdentifier, let node = f["objcName"] {
            sink.error(node.position, f.path("objcName"), "'\(n)' is not an Objective-C class name (the Name of @objc(Name))")
        }
        c.file = f.string("file", &sink) ?? "\(m.key).swift"
        codeAt(f)
        c.conformsTo = f.stringValues("conformsTo", &sink)
        c.notes = f.stringValues("notes", &sink)
        for d in f.map("dependencies", &sink) {
            let p = JSONPath.member(f.path("dependencies"), d.key)
            guard let df = Fields(d.value, p, known: ["type", "injection", "default", "at", "unknown"], required: ["type", "injection"], sink: &sink) else { continue }
            codeAt(df)
            guard let type = df.string("type", &sink), let injection = df.enumValue("injection", Injection.self, &sink, what: "injection kind") else { continue }
            if injection == .property && !df.has("default") {
                // A non-optional `var` always holds a value: Swift needs its default (or an
                // initializer that sets it, which is the `initializer` kind). The schema agrees.
                sink.error(d.keyPosition, p, "missing required key 'default': a 'property' dependency is a non-optional var, which always holds a value; give its Swift default (\"default\": \"\(type)()\"), or use \"injection\": \"initializer\" when an initializer sets it")
                continue
            }
            c.dependencies.append(Dependency(
                name: d.key, type: type, injection: injection, defaultValue: df.string("default", &sink, nonEmpty: false),
                origin: Origin(path: p, position: d.keyPosition)))
            c.dependencies[c.dependencies.count - 1].unknown = unknownSite(df)
        }
        for i in f.map("initializers", &sink) {
            let p = JSONPath.member(f.path("initializers"), i.key)
            guard let inf = Fields(i.value, p, known: ["sets", "callsSuper", "nib", "at"], sink: &sink) else { continue }
            codeAt(inf)
            if !i.key.hasPrefix("init(") || !i.key.hasSuffix(")") {
                sink.error(i.keyPosition, p, "'\(i.key)' is not an initializer name; expected the form init(label:…)")
                continue
            }
            var callsSuper: SuperInitializer = i.key.hasPrefix("init(coder:") ? .initCoder : .initNibBundle
            if inf.has("callsSuper") {
                guard let s = inf.enumValue("callsSuper", SuperInitializer.self, &sink, what: "superclass initializer") else { continue }
                callsSuper = s
            }
            c.initializers.append(Initializer(
                name: i.key, sets: inf.stringValues("sets", &sink), callsSuper: callsSuper, nib: inf.string("nib", &sink),
                origin: Origin(path: p, position: i.keyPosition)))
        }
        if let node = f["initCoder"] {
            if case .string(let s) = node.value {
                if s == "inherited" { c.initCoder = .inherited } else {
                    sink.error(node.position, f.path("initCoder"), "expected \"inherited\" or {\"fatalError\": \"message\"}, found \"\(s)\"")
                }
            } else if let icf = Fields(node, f.path("initCoder"), known: ["fatalError", "line", "at"], required: ["fatalError"], sink: &sink, what: "\"inherited\" or {\"fatalError\": \"message\"}") {
                codeAt(icf)
                if let message = icf.string("fatalError", &sink, nonEmpty: false) {
                    c.initCoder = .fatalError(message: message, line: icf.int("line", &sink, minimum: 1))
                }
            }
        }
        // viewDidLoad, and viewWillAppear / viewDidAppear with its shape, run on every
        // appearance; only viewDidLoad's outlet accesses are modelled.
        for key in ["viewDidLoad", "viewWillAppear", "viewDidAppear"] {
            let known = ["uses", "asserts", "line", "lines", "at"] + (key == "viewDidLoad" ? ["outlets"] : [])
            guard let node = f[key], let vf = Fields(node, f.path(key), known: known, sink: &sink) else { continue }
            codeAt(vf)
            var v = ViewDidLoad(
                uses: vf.stringValues("uses", &sink), asserts: vf.stringValues("asserts", &sink),
                line: vf.int("line", &sink, minimum: 1), origin: vf.origin())
            for l in vf.map("lines", &sink) {
                if let n = Fields.int(l.value, JSONPath.member(vf.path("lines"), l.key), &sink, minimum: 1) { v.lines[l.key] = n }
            }
            switch key {
            case "viewDidLoad":
                v.outlets = decodeOutletAccesses(vf)
                c.viewDidLoad = v
            case "viewWillAppear": c.viewWillAppear = v
            default: c.viewDidAppear = v
            }
        }
        for a in f.map("segueActions", &sink) {
            let p = JSONPath.member(f.path("segueActions"), a.key)
            guard let af = Fields(a.value, p, known: ["returns", "initializer", "arguments", "nilWhen", "set", "line", "at", "selector", "unknown"], sink: &sink) else { continue }
            codeAt(af)
            guard a.key.contains("("), a.key.hasSuffix(")"), a.key.contains(":") else {
                sink.error(a.keyPosition, p, "'\(a.key)' is not a segue action's Swift name; expected the form name(coder:sender:segueIdentifier:)")
                continue
            }
            // `@objc(makeDetail:sender:)` renames the selector storyboards store; Swift requires
            // one argument per parameter.
            let derived = ObjCSelector.derive(fromSwiftName: a.key)
            var selector = derived
            if let named = af.string("selector", &sink) {
                if ObjCSelector.argumentCount(named) != ObjCSelector.argumentCount(derived) || named.contains(where: { $0 == " " || $0 == "(" }) {
                    let o = af["selector"]?.position ?? a.keyPosition
                    sink.error(o, JSONPath.member(p, "selector"),
                               "'\(named)' is not a selector for \(a.key): @objc(…) names one with \(ObjCSelector.argumentCount(derived)) colon\(ObjCSelector.argumentCount(derived) == 1 ? "" : "s"), one per parameter (Swift: '@objc' method name provides names for \(ObjCSelector.argumentCount(named)) arguments, but method has \(ObjCSelector.argumentCount(derived)) parameters)")
                } else {
                    selector = named
                }
            }
            c.segueActions.append(SegueAction(
                swiftName: a.key, selector: selector, returns: af.string("returns", &sink),
                initializer: af.string("initializer", &sink), arguments: assignments(af, "arguments"),
                nilWhen: condition(af, "nilWhen"), set: assignments(af, "set"), origin: Origin(path: p, position: a.keyPosition)))
            c.segueActions[c.segueActions.count - 1].line = af.int("line", &sink, minimum: 1)
            c.segueActions[c.segueActions.count - 1].unknown = unknownSite(af)
        }
        if f.has("prepare") {
            c.prepare = f.array("prepare", &sink).enumerated().compactMap { i, node in
                decodePrepareCase(node, path: JSONPath.index(f.path("prepare"), i))
            }
        }
        if f.has("shouldPerform") {
            var should: [String: Condition] = [:]
            for s in f.map("shouldPerform", &sink) {
                let p = JSONPath.member(f.path("shouldPerform"), s.key)
                if let text = Fields.string(s.value, p, &sink), let cond = condition(text, s.value.position, p) { should[s.key] = cond }
            }
            c.shouldPerform = should
        }
        if let node = f["unwindActions"], case .object = node.value {
            // `{ "name": { "at": "File.swift:12" } }`: the reader's form, with each action's line.
            for u in f.map("unwindActions", &sink) {
                let p = JSONPath.member(f.path("unwindActions"), u.key)
                guard let uf = Fields(u.value, p, known: ["at"], sink: &sink) else { continue }
                codeAt(uf)
                c.unwindActions.append(u.key)
            }
        } else {
            c.unwindActions = f.stringValues("unwindActions", &sink)
        }
        if f.has("canPerformUnwind") {
            var can: [String: Condition] = [:]
            for s in f.map("canPerformUnwind", &sink) {
                let p = JSONPath.member(f.path("canPerformUnwind"), s.key)
                if let text = Fields.string(s.value, p, &sink), let cond = condition(text, s.value.position, p) {
                    can[SelectorName(s.key).selector] = cond
                }
            }
            c.canPerformUnwind = can
        }
        if f.has("allowedChildrenForUnwinding") {
            c.allowedChildrenForUnwinding = f.enumValue("allowedChildrenForUnwinding", UnwindChildren.self, &sink, what: "allowedChildrenForUnwinding value")
        }
        for mm in f.map("methods", &sink) {
            let p = JSONPath.member(f.path("methods"), mm.key)
            guard let mf = Fields(mm.value, p, known: ["sets", "cases", "outlets"], sink: &sink) else { continue }
            if mf.has("sets") && mf.has("cases") {
                sink.error(mm.value.position, p, "a method either assigns its argument ('sets') or switches on a typed destination ('cases'), not both")
            }
            var method = Method(name: mm.key, sets: mf.stringValues("sets", &sink), cases: [], origin: Origin(path: p, position: mm.keyPosition))
            for cs in mf.map("cases", &sink) {
                let cp = JSONPath.member(mf.path("cases"), cs.key)
                guard let csf = Fields(cs.value, cp, known: ["set"], sink: &sink) else { continue }
                method.cases.append(.init(name: cs.key, set: assignments(csf, "set")))
            }
            if mf.has("outlets") { method.outlets = decodeOutletAccesses(mf) }
            c.methods.append(method)
        }
        for am in f.map("actions", &sink) {
            if let a = decodeAction(am, path: JSONPath.member(f.path("actions"), am.key)) { c.actions.append(a) }
        }
        c.modalInPresentation = decodeModalInPresentation(f)
        c.presentationDelegate = decodePresentationDelegate(f, actions: c.actions)
        c.outlets = decodeOutlets(f)
        return c
    }

    mutating func decodePrepareCase(_ node: JSONNode, path: String) -> PrepareCase? {
        guard let f = Fields(node, path, known: Self.prepareKeys, sink: &sink) else { return nil }
        var p = PrepareCase(origin: f.origin())
        codeAt(f)
        p.segue = f.string("segue", &sink)
        for (s, pos, i) in f.strings("unwrap", &sink) {
            // `navigationTop!`: the container cast before the step is `as!` (ForcedCast.swift).
            if s.hasSuffix("!"), let step = UnwrapStep(rawValue: String(s.dropLast())) {
                p.forcedUnwraps.insert(p.unwrap.count)
                p.unwrap.append(step)
            } else if let step = UnwrapStep(rawValue: s) { p.unwrap.append(step) } else {
                sink.error(pos, JSONPath.index(f.path("unwrap"), i), "unknown unwrap step '\(s)'; expected one of \(UnwrapStep.allCases.map(\.rawValue).joined(separator: ", "))",
                           suggestions: sink.nearestKnown(to: s, in: UnwrapStep.allCases.map(\.rawValue)))
            }
        }
        p.cast = f.string("as", &sink)
        forcedCast(f, &p)
        p.guardCondition = condition(f, "guard")
        p.set = assignments(f, "set")
        p.call = f.string("call", &sink)
        p.with = f.string("with", &sink)
        if p.with != nil && p.call == nil {
            sink.error(f["with"]?.position, f.path("with"), "'with' needs a 'call' to pass the value to")
        }
        p.exits = f.bool("exits", &sink) ?? false
        p.outlets = decodeOutletAccesses(f)
        if p.exits {
            // A guard only tests; what follows it in Swift are cases of their own, after it.
            for key in ["set", "call", "outlets"] where f[key] != nil {
                sink.error(f[key]?.position, f.path(key), "an 'exits' case is a guard, which only tests; put '\(key)' in a case after it")
            }
        }
        let branch = f.int("branch", &sink)
        let castInBody = f.bool("castInBody", &sink)
        if let chain = f.int("chain", &sink) {
            p.branch = PrepareCase.Branch(chain: chain, index: branch ?? 0, castInBody: castInBody ?? false)
        } else if f["chain"] == nil {
            for key in ["branch", "castInBody"] where f[key] != nil {
                sink.error(f[key]?.position, f.path(key), "'\(key)' needs a 'chain': the if / else if chain the case is a branch of")
            }
        }
        return p
    }

    private mutating func decodeAction(_ m: JSONNode.Member, path: String) -> CodeAction? {
        guard let f = Fields(m.value, path, known: Self.actionKeys, required: ["do"], sink: &sink) else { return nil }
        guard let kind = f.enumValue("do", CodeAction.Kind.self, &sink, what: "action") else { return nil }
        codeAt(f)
        var a = CodeAction(
            name: m.key, trigger: trigger(f, action: true) ?? .manual, kind: kind, segue: f.string("segue", &sink),
            sender: f.string("sender", &sink), destination: f.string("destination", &sink), values: assignments(f, "values"),
            className: f.string("class", &sink), initializer: f.string("initializer", &sink),
            arguments: assignments(f, "arguments"), guardCondition: condition(f, "guard"),
            storyboardIdentifier: f.string("identifier", &sink), scene: f.string("scene", &sink), set: assignments(f, "set"),
            origin: Origin(path: path, position: m.keyPosition))
        forcedCast(f, &a)
        switch kind {
        case .performSegue:
            if (a.segue == nil) == (a.destination == nil) {
                sink.error(f.position, path, "a performSegue action needs exactly one of 'segue' (an identifier) or 'destination' (a typed destination case)")
            }
        case .present, .push, .show, .showDetail:
            let given = [a.className, a.storyboardIdentifier, a.scene].compactMap { $0 }.count
            if given == 0 {
                sink.error(f.position, path, "\(English.article(kind.rawValue)) \(kind.rawValue) action needs the 'class' of the view controller it builds, the Storyboard 'identifier' or the 'scene' it instantiates")
            }
            if given > 1 {
                let key = a.scene != nil ? "scene" : "identifier"
                sink.error(f[key]?.position, f.path(key), "give one of 'class' (built in code), 'identifier' (instantiated by Storyboard ID) or 'scene' (a scene of a storyboard named in code)")
            }
        case .dismiss, .pop:
            break
        }
        // A scene from a storyboard gets arguments only through a creator block's initializer.
        if a.scene != nil || a.storyboardIdentifier != nil, a.initializer == nil, f.has("arguments") {
            sink.error(f["arguments"]?.position, f.path("arguments"), "'arguments' go to the 'initializer' of a creator block; without one the scene is decoded through init(coder:), which takes none")
        }
        a.embedIn = f.string("embedIn", &sink)
        a.presentation = decodePresentationSettings(f, kind: kind)
        a.unknown = unknownSite(f)
        a.outlets = decodeOutletAccesses(f)
        a.receiver = dismissReceiver(f, kind: kind)
        if kind != .present && kind != .push && kind != .show && kind != .showDetail {
            for key in ["identifier", "scene", "set", "embedIn", "unknown", "outlets"] where f.has(key) {
                sink.error(f[key]?.position, f.path(key), "'\(key)' belongs only on present, push, show and showDetail actions")
            }
        }
        if a.initializer == nil, a.className != nil { a.initializer = nil }
        return a
    }

    private mutating func decodeLaunch(_ node: JSONNode, flow: Flow, scenes: (String) -> Int?, sceneIDs: [String]) -> Launch {
        var launch = Launch()
        guard let f = Fields(node, "launch", known: ["root", "inject"], sink: &sink) else { return launch }
        if let rootNode = f["root"], let rf = Fields(rootNode, "launch.root", known: ["class", "scene", "initializer", "arguments", "embedIn", "at", "unknown"], sink: &sink) {
            codeAt(rf)
            if let id = rf.string("scene", &sink) {
                // A storyboard scene as the window's root: decoded through init(coder:), as an
                // initial scene is, or with 'initializer' through a creator block
                // (`instantiateInitialViewController { coder in Root(coder: coder, …) }`).
                for key in ["class"] where rf[key] != nil {
                    sink.error(rf[key]?.position, rf.path(key), "'\(key)' is for a root built in code; a 'scene' root is the scene's class, decoded from the storyboard")
                }
                if let i = scenes(id) {
                    launch.root = .init(className: flow.scenes[i].className, initializer: rf.string("initializer", &sink), arguments: assignments(rf, "arguments"), origin: rf.origin())
                    launch.root?.scene = i
                } else if !sceneIDs.contains(id) {
                    sink.unknown("scene", id, at: rf["scene"]?.position, rf.path("scene"), known: sceneIDs)
                }
            } else if let cls = rf.string("class", &sink) {
                launch.root = .init(className: cls, initializer: rf.string("initializer", &sink), arguments: assignments(rf, "arguments"), origin: rf.origin())
            } else {
                sink.error(rootNode.position, "launch.root", "missing required key 'class' (a root built in code) or 'scene' (a storyboard scene)")
            }
            launch.root?.embedIn = rf.string("embedIn", &sink)
            launch.root?.unknown = unknownSite(rf)
        }
        launch.inject = f.array("inject", &sink).enumerated().compactMap { i, n in decodePrepareCase(n, path: JSONPath.index("launch.inject", i)) }
        return launch
    }

    private mutating func decodeScene(_ m: JSONNode.Member, path: String) -> Scene? {
        guard let f = Fields(m.value, path, known: Self.sceneKeys, required: ["class"], sink: &sink) else { return nil }
        guard let cls = f.string("class", &sink) else { return nil }
        var s = Scene(id: m.key, className: cls, origin: Origin(path: path, position: m.keyPosition))
        s.elementClass = f.string("elementClass", &sink)
        if let e = s.elementClass, !UIKitClass.isKnown(e), let node = f["elementClass"] {
            sink.unknown("UIKit class", e, at: node.position, f.path("elementClass"), known: UIKitClass.superclasses.keys)
        }
        s.storyboardIdentifier = f.string("storyboardIdentifier", &sink)
        s.title = f.string("title", &sink, nonEmpty: false)
        if let rowsNode = f["rows"] {
            s.rowsGiven = true
            if case .array(let items) = rowsNode.value {
                s.rows = items.enumerated().compactMap { i, n in Fields.int(n, JSONPath.index(f.path("rows"), i), &sink) }
            } else if let n = f.int("rows", &sink) {
                s.rows = n > 0 ? [n] : []
            }
        }
        // Duplicates by a scan while the list is short (a scene has a few controls), by a set
        // once it is not: a set per scene was a fifteenth of decoding a scene.
        var controls: Set<String>?
        for (c, pos, i) in f.strings("controls", &sink) {
            let duplicate: Bool
            if controls == nil, s.controls.count < 16 {
                duplicate = s.controls.contains(c)
            } else {
                if controls == nil { controls = Set(s.controls) }
                duplicate = !controls!.insert(c).inserted
            }
            if duplicate { sink.error(pos, JSONPath.index(f.path("controls"), i), "duplicate control '\(c)'") } else { s.controls.append(c) }
        }
        for m in f.map("prototypes", &sink) {
            let p = JSONPath.member(f.path("prototypes"), m.key)
            var rows: [PrototypeRows.Rows] = []
            if case .array(let items) = m.value.value {
                for (i, n) in items.enumerated() {
                    let ip = JSONPath.index(p, i)
                    guard let text = Fields.string(n, ip, &sink) else { continue }
                    if let r = PrototypeRows.Rows(text) {
                        rows.append(r)
                    } else {
                        sink.error(n.position, ip, "unknown rows '\(text)'; expected section:S (every row of section S) or cell:S:R (one row)")
                    }
                }
            } else {
                sink.error(m.value.position, p, "expected an array of rows (section:S or cell:S:R), found \(m.value.typeName)")
            }
            s.prototypes.append(PrototypeRows(name: m.key, rows: rows, origin: Origin(path: p, position: m.keyPosition)))
        }
        s.nib = f.string("nib", &sink)
        s.definesPresentationContext = f.bool("definesPresentationContext", &sink) ?? false
        if f.has("modalPresentationStyle") {
            s.modalPresentationStyle = f.enumValue("modalPresentationStyle", ModalPresentationStyle.self, &sink, what: "presentation style")
        }
        if let sf = storyboardFields(f, known: Self.sceneStoryboardKeys) {
            s.storyboard = storyboardOrigin(sf)
            if let file = s.storyboard?.file {
                s.storyboardControls = storyboardElements(sf, "controls", file: file)
                s.storyboardCells = storyboardElements(sf, "cells", file: file)
            }
        }
        s.notes = f.stringValues("notes", &sink)
        SplitCollapse.decode(f, into: &s, sink: &sink)
        s.outlets = decodeSceneOutlets(f)
        return s
    }

    static let sceneStoryboardKeys = ["file", "line", "id", "controls", "cells"]

    /// `"controls": { "add": { "line": 31, "id": "Xy1-2b-c3D" } }` in a scene's `storyboard`.
    private mutating func storyboardElements(_ f: Fields, _ key: String, file: String) -> [String: StoryboardOrigin] {
        var out: [String: StoryboardOrigin] = [:]
        for m in f.map(key, &sink) {
            let p = JSONPath.member(f.path(key), m.key)
            guard let ef = Fields(m.value, p, known: ["line", "id"], required: ["line"], sink: &sink),
                  let line = ef.int("line", &sink, minimum: 1) else { continue }
            out[m.key] = StoryboardOrigin(file: file, line: line, xmlID: ef.string("id", &sink) ?? "")
        }
        return out
    }

    private mutating func decodeSegue(_ node: JSONNode, path: String, scenes: [String: Int], sceneIDs: [String]) -> Segue? {
        guard let f = Fields(node, path, known: Self.segueKeys, required: ["source", "kind"], sink: &sink) else { return nil }
        guard let kind = f.enumValue("kind", SegueKind.self, &sink, what: "segue kind") else { return nil }
        var source: Int?
        if let name = f.string("source", &sink) {
            source = scenes[name]
            if source == nil, !sceneIDs.contains(name) { sink.unknown("scene", name, at: f["source"]?.position, f.path("source"), known: sceneIDs) }
        }
        var destination: Int?
        if let name = f.string("destination", &sink) {
            destination = scenes[name]
            if destination == nil, !sceneIDs.contains(name) { sink.unknown("scene", name, at: f["destination"]?.position, f.path("destination"), known: sceneIDs) }
            if kind == .unwind { sink.error(f["destination"]?.position, f.path("destination"), "an unwind segue has no destination: UIKit finds it at run time") }
        } else if kind != .unwind && !f.has("destination") {
            sink.error(f.position, path, "missing required key 'destination'")
        }
        guard let source else { return nil }
        var s = Segue(source: source, destination: destination, kind: kind, origin: f.origin())
        // An empty identifier is an error, as the schema says: a segue without one leaves 'id' out.
        s.identifier = f.string("id", &sink)
        if f.has("relationship") { s.relationship = f.enumValue("relationship", Relationship.self, &sink, what: "relationship") }
        if kind == .relationship && !f.has("relationship") { sink.error(f.position, path, "missing required key 'relationship' for a relationship segue") }
        if kind != .relationship && f.has("relationship") {
            sink.error(f["relationship"]?.position, f.path("relationship"), "'relationship' belongs only on segues of kind relationship")
        }
        s.action = f.string("action", &sink).map { selectorName($0) }
        if kind == .unwind && s.action != nil {
            sink.error(f["action"]?.position, f.path("action"), "an unwind segue instantiates nothing, so it cannot have a segue action")
        }
        if let t = trigger(f) { s.trigger = t }
        if f.has("modalPresentationStyle") {
            s.modalPresentationStyle = f.enumValue("modalPresentationStyle", ModalPresentationStyle.self, &sink, what: "presentation style")
        }
        if f.has("modalTransitionStyle") {
            s.modalTransitionStyle = f.enumValue("modalTransitionStyle", ModalTransitionStyle.self, &sink, what: "transition style")
        }
        s.customClass = f.string("customClass", &sink)
        if kind == .custom && !f.has("customClass") {
            sink.error(f.position, path, "missing required key 'customClass' for a custom segue (its UIStoryboardSegue subclass)")
        }
        s.animates = f.bool("animates", &sink) ?? true
        s.unwindAction = f.string("unwindAction", &sink).map { selectorName($0) }
        if kind == .unwind && s.unwindAction == nil { sink.error(f.position, path, "missing required key 'unwindAction' for an unwind segue") }
        if kind != .unwind && s.unwindAction != nil {
            sink.error(f["unwindAction"]?.position, f.path("unwindAction"), "'unwindAction' belongs only on unwind segues")
        }
        s.popoverAnchor = f.string("popoverAnchor", &sink)
        if s.popoverAnchor != nil && kind != .popoverPresentation && s.modalPresentationStyle != .popover {
            sink.error(f["popoverAnchor"]?.position, f.path("popoverAnchor"), "'popoverAnchor' belongs only on popover presentations")
        }
        s.storyboard = storyboardFields(f, known: ["file", "line", "id"]).flatMap { storyboardOrigin($0) }
        s.notes = f.stringValues("notes", &sink)
        return s
    }

    /// `"at": "PATH:LINE"`: the Swift line the part was read from.
    mutating func codeAt(_ f: Fields) {
        guard let node = f["at"], let text = f.string("at", &sink) else { return }
        guard let loc = CodeLocation(text) else {
            sink.error(node.position, f.path("at"), "expected the Swift file and line the part was read from, \"File.swift:42\"; found \"\(text)\"")
            return
        }
        codeLocations[f.path] = loc
    }

    /// `"unknown": "PATH:LINE"`: code flownav did not read decides the part there.
    private mutating func unknownSite(_ f: Fields) -> CodeLocation? {
        guard let node = f["unknown"], let text = f.string("unknown", &sink) else { return nil }
        guard let loc = CodeLocation(text) else {
            sink.error(node.position, f.path("unknown"), "expected the Swift file and line of the code flownav did not read, \"File.swift:42\"; found \"\(text)\"")
            return nil
        }
        return loc
    }

    /// `{ "class", "element", "module", "nearest", "scene", "storyboard" }`: a storyboard object's
    /// class that no source declares. The scene is context only: an unknown one is no error.
    private mutating func decodeUnknownViewClass(_ node: JSONNode, path: String) -> UnknownViewClass? {
        guard let f = Fields(node, path, known: ["class", "element", "module", "nearest", "scene", "storyboard"], required: ["class", "element"], sink: &sink),
              let name = f.string("class", &sink), let element = f.string("element", &sink) else { return nil }
        var u = UnknownViewClass(className: name, element: element, origin: f.origin())
        u.module = f.string("module", &sink)
        u.nearest = f.string("nearest", &sink)
        u.scene = f.string("scene", &sink)
        u.storyboard = storyboardFields(f, known: ["file", "line", "id"]).flatMap { storyboardOrigin($0) }
        return u
    }

    /// `"storyboard": { "file", "line", "id" }`: where an imported part came from.
    private mutating func storyboardFields(_ f: Fields, known: [String]) -> Fields? {
        guard let node = f["storyboard"] else { return nil }
        return Fields(node, f.path("storyboard"), known: known, required: ["file"], sink: &sink)
    }

    private mutating func storyboardOrigin(_ sf: Fields) -> StoryboardOrigin? {
        guard let file = sf.string("file", &sink) else { return nil }
        return StoryboardOrigin(file: file, line: sf.int("line", &sink, minimum: 1) ?? 1, xmlID: sf.string("id", &sink) ?? "")
    }
}
