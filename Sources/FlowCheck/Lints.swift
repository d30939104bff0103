import FlowModel

/// The static half of `check`: rules read off the flow, without running it.
struct Linter {
    let flow: Flow
    private(set) var findings: [Finding] = []
    private var seen = Set<String>()

    /// Scenes by every class of their lineage; segue identifiers by source scene.
    private let scenesByClass: [String: [Int]]
    private let identifiersOf: [Set<String>]
    /// `flow.actions(of:)` of each scene's class, computed once.
    private let sceneActions: [[CodeAction]]
    /// Segues by source scene, in file order; the first segue of a scene with an identifier.
    /// (A scan of every segue per scene made the lints quadratic: 100,000 scenes took 136 s.)
    private let seguesFrom: [[Int]]
    private let segueByIdentifier: [SceneIdentifier: Int]
    /// Classes declaring each segue action and unwind action selector.
    private let segueActionOwners: [String: [String]]
    private let unwindActionOwners: [String: [String]]
    /// Near names, looked up once per name and for at most `suggestionLimit` names (each
    /// lookup reads every candidate: a flow with thousands of stale names would be quadratic).
    private var suggestions: [String: String?] = [:]
    static let suggestionLimit = 100
    /// Segues and code actions looked at (`WorkMeter.lintSteps`), counted once at the end.
    private var steps = 0

    struct SceneIdentifier: Hashable {
        var scene: Int
        var identifier: String
    }

    init(flow: Flow) {
        self.flow = flow
        var byClass: [String: [Int]] = [:]
        for (i, s) in flow.scenes.enumerated() {
            for c in flow.lineage(of: s.className) { byClass[c, default: []].append(i) }
        }
        scenesByClass = byClass
        var ids = [Set<String>](repeating: [], count: flow.scenes.count)
        for seg in flow.segues { if let id = seg.identifier { ids[seg.source].insert(id) } }
        identifiersOf = ids
        var byName: [String: [CodeAction]] = [:]
        sceneActions = flow.scenes.map { s in
            if let a = byName[s.className] { return a }
            let a = flow.actions(of: s.className)
            byName[s.className] = a
            return a
        }
        var from = [[Int]](repeating: [], count: flow.scenes.count)
        var byID: [SceneIdentifier: Int] = [:]
        for (i, seg) in flow.segues.enumerated() {
            from[seg.source].append(i)
            if let id = seg.identifier, byID[SceneIdentifier(scene: seg.source, identifier: id)] == nil {
                byID[SceneIdentifier(scene: seg.source, identifier: id)] = i
            }
        }
        seguesFrom = from
        segueByIdentifier = byID
        var owners: [String: [String]] = [:], unwindOwners: [String: [String]] = [:]
        for name in flow.classes.keys.sorted() {
            let c = flow.classes[name]!
            for a in Set(c.segueActions.map(\.selector)) { owners[a, default: []].append(name) }
            for u in Set(c.unwindActions.map { SelectorName($0).selector }) { unwindOwners[u, default: []].append(name) }
        }
        segueActionOwners = owners
        unwindActionOwners = unwindOwners
    }

    /// The segue a scene owns for an identifier (`Flow.segue(_:from:)`, by lookup).
    private func segue(_ identifier: String, from scene: Int) -> Int? {
        segueByIdentifier[SceneIdentifier(scene: scene, identifier: identifier)]
    }

    /// Relationship segues of a container scene, in file order (`Flow.relationshipSegues(of:)`).
    private func relationshipSegues(of scene: Int) -> [Int] {
        seguesFrom[scene].filter { flow.segues[$0].kind == .relationship }
    }

    mutating func run() -> [Finding] {
        staleReferences()
        unconnectedActions()
        decodePaths()
        codeInitCoder()
        segueIdentifiers()
        typedDestinations()
        unwinds()
        reachability()
        firing()
        notUnderstood()
        // After segueIdentifiers: a Swift line it already reports gets no second finding.
        for f in CrossReferenceLints.findings(flow: flow, reported: findings) where seen.insert(f.key + "\u{0}" + (f.origin?.path ?? "") + "\u{0}" + (f.code?.description ?? "")).inserted {
            findings.append(f)
        }
        WorkMeter.add(.lintSteps, steps)
        return findings.enumerated().sorted { a, b in
            let pa = a.element.origin?.position ?? SourcePosition(line: Int.max, column: 0)
            let pb = b.element.origin?.position ?? SourcePosition(line: Int.max, column: 0)
            return pa != pb ? pa < pb : a.offset < b.offset
        }.map(\.element)
    }

    private mutating func add(_ rule: Rule, _ message: String, hint: String, at origin: Origin?, code: CodeLocation? = nil) {
        add(rule, rule.severity, message, hint: hint, at: origin, code: code)
    }

    /// `code`: the Swift line to change when it is not the one of the part at `origin`.
    private mutating func add(_ rule: Rule, _ severity: Severity, _ message: String, hint: String, at origin: Origin?, code: CodeLocation? = nil) {
        var f = Finding(rule: rule, severity: severity, message: message, hint: hint, file: flow.file, origin: origin)
        f.code = code
        if seen.insert(f.key + "\u{0}" + (origin?.path ?? "")).inserted { findings.append(f) }
    }

    // MARK: Names

    private func scene(_ i: Int) -> String { "scene '\(flow.scenes[i].id)'" }

    private func segueName(_ i: Int) -> String {
        let s = flow.segues[i]
        let id = s.identifier.map { " '\($0)'" } ?? ""
        let dest = s.destination.map { flow.scenes[$0].id } ?? "unwind"
        return "segues[\(i)]\(id) (\(flow.scenes[s.source].id) → \(dest))"
    }

    /// `DetailViewController.swift:12: init(coder:) has not been implemented`
    private func trapText(_ className: String) -> String? {
        let (ic, owner) = flow.initCoder(of: className)
        guard case .fatalError(let message, let line) = ic else { return nil }
        let file = owner?.file ?? flow.file(of: className)
        return "\(file)\(line.map { ":\($0)" } ?? ""): Fatal error: \(message)"
    }

    /// Scenes whose class runs a class's code (the class or a subclass).
    private func scenes(using className: String) -> [Int] { scenesByClass[className] ?? [] }

    /// The nearest known name to a stale one, looked up once per name (of a kind) and for at
    /// most `suggestionLimit` names; past it, findings name no candidate.
    private var suggestionComparisons = 0

    private mutating func nearestName(_ kind: String, _ name: String, _ known: () -> [String]) -> String? {
        let key = kind + "\u{0}" + name
        if let found = suggestions[key] { return found }
        guard suggestions.count < Self.suggestionLimit else { return nil }
        // Within a budget of candidates compared, as the loader's (100 names × 20,000 classes
        // was minutes): a lookup that would pass it is not made.
        let list = known()
        guard suggestionComparisons + list.count <= NameSuggester.comparisonBudget else { return nil }
        suggestionComparisons += list.count
        WorkMeter.add(.suggestionLists)
        let found = NameSuggester.nearest(to: name, in: list, limit: 1).first
        suggestions[key] = found
        return found
    }

    // MARK: Stale references: names a storyboard keeps after code renamed them

    private mutating func staleReferences() {
        // UIKit's names too: `UINavController` is a typo of UINavigationController, not a rename.
        // Candidate lists are made once, and only if some name is stale.
        var classNames: [String] = [], actionNames: [String]?, unwindNames: [String]?
        func nearest(_ kind: String, _ name: String, _ known: () -> [String]) -> String {
            nearestName(kind, name, known).map { " (renamed to \($0)?)" } ?? ""
        }
        for (i, s) in flow.scenes.enumerated() where flow.hasUnknownClass(scene: i) {
            if classNames.isEmpty { classNames = Array(flow.classes.keys) + Array(UIKitClass.superclasses.keys) }
            let near = nearestName("class", s.className) { classNames }
            add(Rules.unknownSceneClass,
                "no class declares \(s.className), the class of \(scene(i))\(near.map { " (renamed to \($0)?)" } ?? ""): UIKit logs 'Unknown class \(flow.objcRuntimeName(of: s.className)) in Interface Builder file.' and instantiates \(flow.runtimeClass(ofScene: i)), so none of the app's code runs there",
                hint: "set the scene's class to the class's current name\(near.map { ": \($0)" } ?? "")",
                at: s.origin)
        }
        for u in flow.unknownViewClasses {
            let within = u.scene.map { " in scene '\($0)'" } ?? ""
            let xmlID = u.storyboard.map { " (XML id \($0.xmlID))" } ?? ""
            add(Rules.unknownViewClass,
                "no class declares \(u.className), the class of the \(u.element)\(xmlID)\(within)\(u.nearest.map { " (renamed to \($0)?)" } ?? ""): UIKit logs 'Unknown class \(u.runtimeName) in Interface Builder file.' and makes a plain \(u.elementClass), so an outlet of type \(u.className) or a cast to it traps",
                hint: "set the \(u.element)'s class to the class's current name\(u.nearest.map { ": \($0)" } ?? "")",
                at: u.origin)
        }
        let actions = flow.classes.values.flatMap(\.segueActions)
        let unwinds = flow.classes.values.flatMap(\.unwindActions)
        steps += flow.segues.count
        // An imported segue (no Swift sources) gets owner-unknown instead: unknown, not stale.
        for (i, seg) in flow.segues.enumerated() where !flow.ownerUnknown(segue: i) {
            if let a = seg.action, segueActionOwners[a.selector] == nil {
                let near = nearest(a.swiftName == nil ? "selector" : "action", a.description) {
                    if actionNames == nil { actionNames = actions.map { a.swiftName == nil ? $0.selector : $0.swiftName } }
                    return actionNames!
                }
                // The segue actions the source's class does declare, at their Swift lines (when
                // read from the sources): the renamed one is usually among them.
                let source = flow.scenes[seg.source].className
                let declared = flow.classes[source]?.segueActions.filter { !$0.selector.isEmpty } ?? []
                let renamed = declared.isEmpty ? "" : "; \(source) declares " + declared.map { d in
                    "\(d.swiftName)\(d.line.map { " (\(flow.file(of: source)):\($0))" } ?? "")"
                }.joined(separator: ", ") + " — renamed in Swift but not in the storyboard?"
                add(Rules.undeclaredSegueAction,
                    "no class declares \(a), the segue action of \(segueName(i))\(near): UIKit logs 'Unable to find method' and decodes \(seg.destination.map { scene($0) } ?? "the destination") through init(coder:)\(renamed)",
                    hint: "reconnect the segue's Instantiation to the renamed @IBSegueAction on \(flow.scenes[seg.source].className)",
                    at: seg.origin)
            }
            if let u = seg.unwindAction, unwindActionOwners[u.selector] == nil {
                let near = nearest(u.swiftName == nil ? "unwind selector" : "unwind", u.description) {
                    if unwindNames == nil { unwindNames = unwinds.map { u.swiftName == nil ? SelectorName($0).selector : $0 } }
                    return unwindNames!
                }
                add(Rules.undeclaredUnwindAction,
                    "no class declares \(u), the unwind action of \(segueName(i))\(near): the unwind finds no destination and does nothing, silently",
                    hint: "reconnect the exit of \(segueName(i)) to the renamed unwind @IBAction",
                    at: seg.origin)
            }
            if seg.kind == .custom, let c = seg.customClass, let known = flow.segueClasses, !known.contains(c) {
                add(Rules.unknownSegueClass,
                    "no class declares \(c), the class of the custom \(segueName(i))\(nearest("segue class", c) { known }): performing it fails UIKit's assertion 'Could not create a segue of class '(null)''",
                    hint: "set the segue's class to the renamed UIStoryboardSegue subclass (and list it in 'segueClasses')",
                    at: seg.origin)
            }
        }
    }

    /// The other half of a rename: a segue action or unwind action read from Swift that no
    /// segue of the storyboards names. Only with the sources read (a hand-written flow's class
    /// may declare what another flow connects), and a note: a storyboard outside the folder may.
    private mutating func unconnectedActions() {
        guard flow.sourcesRead, !flow.segues.isEmpty else { return }
        var connected: Set<String> = [], unwound: Set<String> = []
        for s in flow.segues {
            if let a = s.action { connected.insert(a.selector) }
            if let u = s.unwindAction { unwound.insert(u.selector) }
        }
        for name in flow.classes.keys.sorted() {
            let c = flow.classes[name]!
            for a in c.segueActions where a.line != nil && !a.selector.isEmpty && !connected.contains(a.selector) {
                add(Rules.unconnectedAction,
                    "\(name).\(a.swiftName) is an @IBSegueAction (\(a.selector)) that no storyboard segue names as its Instantiation, so UIKit never calls it",
                    hint: "connect the segue's Instantiation to \(a.swiftName) in Interface Builder (a segue naming an old selector is its other half), or delete the method",
                    at: a.origin)
            }
            for u in c.unwindActions {
                let selector = SelectorName(u).selector
                // Read from Swift: the action has its line there (a hand-written entry has none).
                let path = JSONPath.member(JSONPath.member(JSONPath.member("classes", name), "unwindActions"), u)
                guard !unwound.contains(selector), flow.codeLocation(ofPath: path) != nil else { continue }
                let origin = c.unwindActionOrigins[u] ?? Origin(path: path, position: nil)
                add(Rules.unconnectedAction,
                    "\(name).\(u) is an unwind @IBAction (\(selector)) that no storyboard exit names, so no unwind segue ever calls it",
                    hint: "connect a scene's exit to \(u) in Interface Builder (an exit naming an old selector is its other half), or delete the method",
                    at: origin)
            }
        }
    }

    // MARK: Decoding: segue actions, the container quirk, the init(coder:) fallback

    /// How a scene can be decoded: the segue being performed (nil at launch) and, for a
    /// relationship child, the relationship segue whose action applies.
    private struct Decode: Hashable {
        var scene: Int
        var outer: Int?
        var relationship: Int?
    }

    private func decodes() -> [Decode] {
        var out: [Decode] = []
        var seen = Set<Decode>()
        func visit(_ d: Decode) {
            guard seen.insert(d).inserted else { return }
            out.append(d)
            for r in relationshipSegues(of: d.scene) {
                if let child = flow.segues[r].destination { visit(Decode(scene: child, outer: d.outer, relationship: r)) }
            }
        }
        if let root = flow.launch.root?.scene {
            visit(Decode(scene: root, outer: nil, relationship: nil))
        } else if flow.launch.root == nil {
            for initial in Set([flow.initial, flow.padInitial].compactMap { $0 }).sorted() { visit(Decode(scene: initial, outer: nil, relationship: nil)) }
        }
        for (i, s) in flow.segues.enumerated() where s.kind != .relationship && s.kind != .unwind {
            if let d = s.destination { visit(Decode(scene: d, outer: i, relationship: nil)) }
        }
        return out
    }

    private mutating func decodePaths() {
        for d in decodes() {
            let sceneClass = flow.scenes[d.scene].className
            let carrier = d.relationship ?? d.outer
            let selector = carrier.flatMap { flow.segues[$0].action }
            let target = d.outer.map { flow.scenes[flow.segues[$0].source].className }
            let at = carrier.map { flow.segues[$0].origin } ?? flow.scenes[d.scene].origin
            var fallback: (reason: String, severity: Severity)?
            guard let selector else {
                let why: String
                if let r = d.relationship {
                    why = d.outer.map { "the relationship segue \(segueName(r)) has no segue action, so for \(segueName($0)) UIKit decodes it with init(coder:)" }
                        ?? "the relationship segue \(segueName(r)) has no segue action, and at launch UIKit decodes it with init(coder:)"
                } else if let o = d.outer {
                    why = "\(segueName(o)) has no segue action, so UIKit decodes it with init(coder:)"
                } else {
                    why = "it is the initial view controller, which UIKit decodes at launch with init(coder:)"
                }
                let before = findings.count
                trapCheck(d.scene, why, .error, at: at, hint: d.outer == nil && d.relationship == nil
                    ? "build the root in code (launch.root) with its dependencies, or make init(coder:) work"
                    : "add a segue action (@IBSegueAction) on \(target ?? "the presenting view controller") that builds \(sceneClass) with its dependencies")
                // A manual segue no code flownav read performs reaches the trap only if code it did
                // not read performs it: possible, not definite (cwa-app-ios's never-performed ones).
                if findings.count > before, let o = d.outer, let assumption = unperformedManual(o) {
                    findings[findings.count - 1].assume([assumption])
                }
                continue
            }
            guard let target else {
                // At launch nothing is being performed: UIKit logs -[(null) sel] and ignores it.
                add(Rules.segueActionNotImplemented, .warning,
                    "\(segueName(carrier!))'s action \(selector.selector) is never called: \(scene(d.scene)) is decoded at launch, when no segue is being performed, so UIKit has no object to send it to (it logs 'Unable to find method -[(null) \(selector.selector)]')",
                    hint: "build the initial view controller in code (launch.root), or present the container through a segue whose source implements the action",
                    at: flow.segues[carrier!].origin)
                fallback = ("at launch \(selector.selector) is never called, so UIKit decodes it with init(coder:)", .error)
                trapCheck(d.scene, fallback!.reason, fallback!.severity, at: at, hint: "build the root in code (launch.root), or make init(coder:) work")
                continue
            }
            if let action = flow.segueAction(selector.selector, on: target) {
                // A body not understood builds the scene by an initializer flownav did not read:
                // neither a nil return nor init(coder:) is known to happen.
                if action.unknown != nil { continue }
                if let c = action.nilWhen, c != .never {
                    let onlyFromCode = c == .noSelection && d.outer.map { flow.segues[$0].trigger.isRow } == true
                    let severity: Severity = onlyFromCode ? .warning : .error
                    let when = onlyFromCode
                        ? "when the segue is performed from code with no row selected (\(c))"
                        : "when \(c) holds"
                    trapCheck(d.scene, "\(target).\(action.swiftName) returns nil \(when), and UIKit falls back to init(coder:)", severity, at: at,
                              hint: "return a view controller on every path (or never perform the segue when \(c) holds)",
                              code: flow.codeLocation(ofPath: action.origin.path))
                }
                let returns = action.returns ?? sceneClass
                if (action.initializer ?? "init(coder:)") == "init(coder:)", let trap = trapText(returns) {
                    add(Rules.initCoderTrapReachable,
                        "\(target).\(action.swiftName) builds \(returns) with init(coder:), which traps (\(trap)); reached through \(segueName(carrier!))",
                        hint: "call the initializer of \(returns) that takes its dependencies (\"initializer\" of the segue action)", at: action.origin)
                }
                continue
            }
            // Not found on the target: the quirk when the container has it, else nobody does.
            let implementers = segueActionOwners[selector.selector] ?? []
            if implementers.isEmpty, flow.ownerUnknown(segue: carrier!) {
                // Imported without the sources: unknown, not missing (item 6 of issue 13).
                add(Rules.ownerUnknown,
                    "no class is known to implement \(selector.selector) (\(segueName(carrier!))); add it under classes or import the sources",
                    hint: "declare \(selector.selector) in the segueActions of \(target)", at: flow.segues[carrier!].origin)
                continue
            }
            if let r = d.relationship, let o = d.outer {
                let container = flow.scenes[flow.segues[r].source].className
                if flow.segueAction(selector.selector, on: container) != nil {
                    add(Rules.segueActionOnContainer,
                        "\(selector.selector) is implemented on \(container), but for \(segueName(o)) UIKit sends the relationship segue's action to the presenting \(target) (\(flow.scenes[flow.segues[o].source].id)), which does not implement it",
                        hint: "move \(selector) to \(target), the source of \(segueName(o)); keep at most a stub on \(container)",
                        at: flow.segues[r].origin)
                    trapCheck(d.scene, "UIKit finds no \(selector.selector) on \(target) and falls back to init(coder:)", .error, at: flow.segues[r].origin,
                              hint: "implement \(selector) on \(target)")
                    continue
                }
            }
            let via = d.outer.map { segueName($0) } ?? "launch"
            // Declared nowhere at all: `undeclared-segue-action` says so, with the rename as cause.
            if !implementers.isEmpty { add(Rules.segueActionNotImplemented,
                "\(selector.selector) (\(segueName(carrier!))) is sent to \(target), the source of \(via), which does not implement it\(implementers.isEmpty ? "" : "; it is implemented on \(implementers.joined(separator: ", "))")",
                hint: "implement \(selector) on \(target), or remove the Instantiation connection",
                at: flow.segues[carrier!].origin) }
            trapCheck(d.scene, "UIKit finds no \(selector.selector) on \(target) and falls back to init(coder:)", .error, at: at,
                      hint: "implement \(selector) on \(target)")
        }
    }

    /// `code`: the Swift line to change; by default the `fatalError` of the class's init(coder:).
    /// For a manual segue that no code action of its source's class performs: what performing
    /// it assumes. Nil for a segue a control, a cell or read code performs.
    private func unperformedManual(_ i: Int) -> String? {
        let seg = flow.segues[i]
        guard case .manual = seg.trigger, let id = seg.identifier else { return nil }
        let cases = casesByName
        let performed = sceneActions[seg.source].contains { a in
            a.kind == .performSegue && (a.segue == id || a.destination.flatMap { cases[$0]?.1.segue } == id)
        }
        return performed ? nil : "segue '\(id)' is performed from code flownav did not read (a manual segue no code action of \(flow.scenes[seg.source].className) performs)"
    }

    private mutating func trapCheck(_ s: Int, _ why: String, _ severity: Severity, at origin: Origin, hint: String, code: CodeLocation? = nil) {
        guard flow.scenes[s].nib == nil, let trap = trapText(flow.scenes[s].className) else { return }
        add(Rules.initCoderTrapReachable, severity,
            "\(scene(s)) (\(flow.scenes[s].className)) traps in init(coder:) (\(trap)); \(why)",
            hint: hint, at: origin, code: code ?? initCoderLocation(flow.scenes[s].className))
    }

    /// Where the `fatalError` of a class's init(coder:) (its own, or the superclass's it inherits) was read.
    private func initCoderLocation(_ className: String) -> CodeLocation? {
        flow.initCoder(of: className).1.flatMap { flow.codeLocation(ofPath: $0.origin.path + ".initCoder") }
    }

    /// Code that builds a view controller with init(coder:) (seed 003's leftover
    /// `instantiateViewController(withIdentifier:)`), and a launch root built that way.
    private mutating func codeInitCoder() {
        if let root = flow.launch.root, root.initializer == "init(coder:)", let trap = trapText(root.className) {
            add(Rules.initCoderTrapReachable, "the app delegate builds the root \(root.className) with init(coder:), which traps (\(trap))",
                hint: "build it with an initializer that takes its dependencies", at: root.origin)
        }
        for name in flow.classes.keys.sorted() {
            for a in flow.classes[name]!.actions where a.kind != .performSegue && a.kind != .dismiss && a.kind != .pop {
                guard let cls = a.className, cls != "self", cls != "navigationController", a.initializer == "init(coder:)",
                      let trap = trapText(cls) else { continue }
                add(Rules.initCoderTrapReachable, "\(name).\(a.name) builds \(cls) with init(coder:), which traps (\(trap))",
                    hint: "build \(cls) with the initializer that takes its dependencies", at: a.origin)
            }
        }
    }

    // MARK: Segue identifiers used by code

    private var casesByName: [String: (DestinationEnum, DestinationEnum.Case)] {
        var out: [String: (DestinationEnum, DestinationEnum.Case)] = [:]
        for e in flow.destinations.values.sorted(by: { $0.name < $1.name }) {
            for c in e.cases where out[c.name] == nil { out[c.name] = (e, c) }
        }
        return out
    }

    /// Scenes owning a segue identifier, in scene order (made once, when first asked).
    private var scenesByIdentifier: [String: [Int]]?

    private mutating func scenesOwning(_ id: String) -> [Int] {
        if scenesByIdentifier == nil {
            var byID: [String: [Int]] = [:]
            for (i, ids) in identifiersOf.enumerated() { for x in ids { byID[x, default: []].append(i) } }
            scenesByIdentifier = byID
        }
        return scenesByIdentifier![id] ?? []
    }

    private mutating func segueIdentifiers() {
        let cases = casesByName
        for name in flow.classes.keys.sorted() {
            let decl = flow.classes[name]!
            let users = scenes(using: name)
            for a in decl.actions where a.kind == .performSegue {
                var id = a.segue
                var via = ""
                if let d = a.destination, let (e, c) = cases[d] {
                    id = c.segue
                    via = " (through \(e.name).\(d))"
                }
                guard let id else { continue }
                // Scenes whose class runs this very action (not a subclass's override).
                let runners = users.filter { sceneActions[$0].first { $0.name == a.name } == a }
                let missing = runners.filter { flow.scenes[$0].nib != nil || !identifiersOf[$0].contains(id) }
                guard !missing.isEmpty else { continue }
                let owners = scenesOwning(id).map { "'\(flow.scenes[$0].id)'" }
                let list = missing.map { "'\(flow.scenes[$0].id)'\(flow.scenes[$0].nib != nil ? " (a XIB, which has no segues)" : "")" }
                add(Rules.unknownSegueIdentifier,
                    "\(name).\(a.name) performs '\(id)'\(via), but \(list.count == 1 ? "scene" : "scenes") \(list.joined(separator: ", ")) \(list.count == 1 ? "does" : "do") not own a segue with that identifier; it throws 'Receiver (…) has no segue with identifier '\(id)''\(owners.isEmpty ? "" : " (owned by \(owners.joined(separator: ", ")))")",
                    hint: owners.isEmpty ? "add a segue '\(id)' from that scene" : "perform '\(id)' only from a scene that owns it, or add the segue to \(list.joined(separator: ", "))",
                    at: a.origin)
            }
            // prepare cases and shouldPerform entries for identifiers no scene of the class owns.
            guard !users.isEmpty else { continue }
            let owned = users.reduce(into: Set<String>()) { $0.formUnion(identifiersOf[$1]) }
            for p in decl.prepare ?? [] {
                // A guard and the cases after it share their identifier: the warning is theirs.
                if p.exits, decl.prepare?.contains(where: { !$0.exits && $0.segue == p.segue }) == true { continue }
                if let id = p.segue, !owned.contains(id) {
                    add(Rules.unknownSegueIdentifier, .warning,
                        "\(name).prepare(for:sender:) has a case for '\(id)', which no scene of \(name) owns, so it never runs",
                        hint: "fix the identifier (identifiers are case-sensitive) or remove the case", at: p.origin)
                }
            }
            for id in (decl.shouldPerform ?? [:]).keys.sorted() where !owned.contains(id) {
                add(Rules.unknownSegueIdentifier, .warning,
                    "\(name).shouldPerformSegue(withIdentifier:sender:) decides '\(id)', which no scene of \(name) owns",
                    hint: "fix the identifier (identifiers are case-sensitive) or remove the entry", at: decl.origin)
            }
        }
        let allIDs = Set(flow.segues.compactMap(\.identifier))
        for e in flow.destinations.values.sorted(by: { $0.name < $1.name }) {
            for c in e.cases {
                if let id = c.segue, !allIDs.contains(id) {
                    add(Rules.unknownSegueIdentifier, "\(e.name).\(c.name) maps to '\(id)', which no segue of the flow has",
                        hint: "map the case to an existing segue identifier", at: c.origin)
                }
            }
        }
    }

    // MARK: Typed destinations

    private mutating func typedDestinations() {
        let cases = casesByName
        guard !cases.isEmpty else { return }
        // The first case (by enum, then case name) mapped to each identifier.
        var caseForSegue: [String: (DestinationEnum, DestinationEnum.Case)] = [:]
        for (name, ec) in cases.sorted(by: { $0.key < $1.key }) {
            _ = name
            if let id = ec.1.segue, caseForSegue[id] == nil { caseForSegue[id] = ec }
        }
        // The identifiers each enum maps, made once (per scene, they made the lint grow with
        // scenes × cases).
        var mappedByEnum: [String: Set<String>] = [:]
        for (s, scene) in flow.scenes.enumerated() where scene.nib == nil {
            let actions = sceneActions[s]
            let used = Set(actions.compactMap { $0.destination.flatMap { cases[$0]?.0.name } })
            let switching = switchingPrepare(scene.className)
            guard !used.isEmpty || switching != nil else { continue }
            for enumName in used.sorted() {
                let mapped: Set<String>
                if let known = mappedByEnum[enumName] {
                    mapped = known
                } else {
                    mapped = Set(flow.destinations[enumName]!.cases.compactMap(\.segue))
                    mappedByEnum[enumName] = mapped
                    WorkMeter.add(.lintSteps, mapped.count)
                }
                for i in seguesFrom[s] {
                    let seg = flow.segues[i]
                    guard let id = seg.identifier, ![.relationship, .embed, .unwind].contains(seg.kind), !mapped.contains(id) else { continue }
                    add(Rules.typedDestinationNotExhaustive,
                        "\(segueName(i)) of \(self.scene(s)) (\(scene.className), which performs segues through \(enumName)) has no case in \(enumName)",
                        hint: "add a case to \(enumName) for '\(id)'", at: seg.origin)
                }
            }
            // The destination's switch must handle the case that reaches it.
            if let (method, caseOrigin) = switching {
                for i in seguesFrom[s] {
                    let seg = flow.segues[i]
                    guard let id = seg.identifier, let dest = seg.destination,
                          let (e, c) = caseForSegue[id],
                          used.contains(e.name) else { continue }
                    for target in prepareTargets(from: scene.className, to: dest) {
                        let cls = flow.scenes[target].className
                        guard let m = flow.method(method, of: cls), !m.cases.isEmpty, !m.cases.contains(where: { $0.name == c.name }) else { continue }
                        add(Rules.typedDestinationNotExhaustive,
                            "\(cls).\(method) has no case .\(c.name), so \(segueName(i)) assigns nothing to \(self.scene(target))",
                            hint: "handle .\(c.name) in \(cls).\(method)", at: m.origin)
                    }
                    _ = caseOrigin
                }
                // Segues that reach prepare with no Box: string identifiers and triggered segues.
                for a in actions where a.kind == .performSegue && a.segue != nil && a.destination == nil {
                    add(Rules.typedDestinationBypassed,
                        "\(scene.className).\(a.name) performs '\(a.segue!)' by its string identifier with sender \(a.sender ?? "self"), but prepare(for:sender:) passes the sender to \(method), which switches on a typed destination; no case matches, so nothing is assigned",
                        hint: "perform the segue through its typed destination case (\"destination\") so a Box reaches \(method)", at: a.origin)
                }
                for i in seguesFrom[s] {
                    let seg = flow.segues[i]
                    guard seg.trigger != .manual && ![.relationship, .embed, .unwind].contains(seg.kind) else { continue }
                    guard let dest = seg.destination,
                          prepareTargets(from: scene.className, to: dest).contains(where: { !(flow.method(method, of: flow.scenes[$0].className)?.cases.isEmpty ?? true) }) else { continue }
                    add(Rules.typedDestinationBypassed,
                        "\(segueName(i)) is triggered by \(seg.trigger), so its sender is the \(seg.trigger.isRow ? "cell" : "control"), not a typed destination Box; \(method) assigns nothing",
                        hint: "connect the trigger to a code action that performs the segue through its typed destination case", at: seg.origin)
                }
            }
        }
    }

    /// The method prepare(for:sender:) of a class hands the sender to, when that method switches
    /// on a typed destination in some class.
    private func switchingPrepare(_ className: String) -> (String, Origin)? {
        guard let (cases, _) = flow.prepareCases(of: className) else { return nil }
        for p in cases where p.with == "sender" {
            guard let call = p.call else { continue }
            if flow.classes.values.contains(where: { d in d.methods.contains { $0.name == call && !$0.cases.isEmpty } }) {
                return (call, p.origin)
            }
        }
        return nil
    }

    /// The scenes a source's prepare cases reach (through their unwrap steps and casts) for a
    /// destination scene, with its relationship children decoded as at run time.
    private func prepareTargets(from className: String, to dest: Int) -> [Int] {
        guard let (cases, _) = flow.prepareCases(of: className) else { return [] }
        var out: [Int] = []
        for p in cases where p.call != nil {
            var target = dest
            for step in p.unwrap {
                let kind = flow.containerKind(of: flow.scenes[target].className)
                let children = relationshipSegues(of: target).compactMap { flow.segues[$0].destination }
                switch step {
                case .navigationTop where kind == .navigation, .navigationRoot where kind == .navigation,
                     .tabFirst where kind == .tabBar, .tabSelected where kind == .tabBar:
                    if let first = children.first { target = first }
                default: break
                }
            }
            let cls = flow.scenes[target].className
            if let cast = p.cast {
                let ok = flow.protocols[cast] != nil ? flow.conforms(cls, to: cast) : flow.isKind(cls, of: cast)
                if !ok { continue }
            }
            if !out.contains(target) { out.append(target) }
        }
        return out
    }

    // MARK: Unwind segues

    private mutating func unwinds() {
        let unwindSegues = flow.segues.indices.filter { flow.segues[$0].kind == .unwind }
        guard !unwindSegues.isEmpty else { return }
        let graph = hierarchy()
        // Unwinds from one scene search the same view controllers: found once per source.
        var searched: [Int: Set<Int>] = [:]
        let start = startScene()
        var leads: [Int: Bool] = [:]
        for i in unwindSegues {
            let seg = flow.segues[i]
            guard let action = seg.unwindAction else { continue }
            // A source nothing modelled leads to (presented by code the flow does not have) can
            // be below anything: unreachable-scene says so, and this rule cannot tell.
            if let start {
                let reached = leads[seg.source] ?? leadsTo(seg.source, from: start, graph)
                leads[seg.source] = reached
                if !reached { continue }
            }
            let candidates = searched[seg.source] ?? above(seg.source, graph)
            searched[seg.source] = candidates
            // A canPerformUnwindSegueAction override that is 'never' for the action vetoes it.
            func vetoed(_ cls: String) -> Bool {
                flow.declarations(of: cls).lazy.compactMap(\.canPerformUnwind).first?[action.selector] == .never
            }
            if candidates.contains(where: { flow.implementsUnwindAction(action.selector, on: flow.scenes[$0].className) && !vetoed(flow.scenes[$0].className) }) { continue }
            let implementers = unwindActionOwners[action.selector] ?? []
            if implementers.isEmpty, flow.ownerUnknown(segue: i) {
                add(Rules.ownerUnknown,
                    "no class is known to implement the unwind action \(action.selector) (\(segueName(i))); add it to a class's unwindActions or import the sources",
                    hint: "declare \(action.selector) in the unwindActions of the view controller it returns to", at: seg.origin)
                continue
            }
            // Declared nowhere at all: `undeclared-unwind-action` says so.
            if implementers.isEmpty { continue }
            add(Rules.unwindActionUnreachable,
                "no view controller that \(scene(seg.source)) can be reached from implements \(action.selector), so \(segueName(i)) always does nothing\(implementers.isEmpty ? "" : " (it is implemented on \(implementers.joined(separator: ", ")), which is never below it)")",
                hint: "implement \(action) on a view controller the source is presented or pushed from", at: seg.origin)
        }
    }

    /// Scenes an unwind from `source` can search (an over-approximation, so that the rule only
    /// fires when no view controller can possibly implement the action): everything the source
    /// can be reached from (containers, pushers, presenters, code that builds it), and
    /// everything that can be a child of those — relationship and embedded children and what is
    /// pushed onto them — since the search visits the other children of every ancestor.
    private func above(_ source: Int, _ graph: (predecessors: [Int: Set<Int>], children: [Int: Set<Int>])) -> Set<Int> {
        let (predecessors, children) = graph
        var up = Set<Int>()
        var work = Array(predecessors[source] ?? [])
        while let x = work.popLast() {
            guard up.insert(x).inserted else { continue }
            work += predecessors[x] ?? []
        }
        var found = up
        work = Array(up)
        while let x = work.popLast() {
            for c in children[x] ?? [] where found.insert(c).inserted { work.append(c) }
        }
        return found
    }

    /// The scene the app starts at: the launch root's XIB, or the initial scene.
    private func startScene() -> Int? {
        if let root = flow.launch.root {
            if let scene = root.scene { return scene }
            return flow.scenes.indices.first { flow.scenes[$0].nib != nil && flow.scenes[$0].className == root.className }
        }
        return flow.initial
    }

    /// The storyboard scene a code action instantiates: the one it names, or the one with its
    /// Storyboard ID (the first, as UIKit finds it).
    private func storyboardScene(of a: CodeAction) -> Int? {
        if let id = a.scene { return flow.sceneIndex(id) }
        if let ident = a.storyboardIdentifier { return flow.scenes.indices.first { flow.scenes[$0].storyboardIdentifier == ident && flow.scenes[$0].nib == nil } }
        return nil
    }

    /// Whether `start` is among what `scene` can be reached from (itself included).
    private func leadsTo(_ scene: Int, from start: Int, _ graph: (predecessors: [Int: Set<Int>], children: [Int: Set<Int>])) -> Bool {
        var seen: Set<Int> = []
        var work = [scene]
        while let x = work.popLast() {
            if x == start { return true }
            guard seen.insert(x).inserted else { continue }
            work += graph.predecessors[x] ?? []
        }
        return false
    }

    /// What each scene can be reached from, and what can be a child of it (not presented).
    private func hierarchy() -> (predecessors: [Int: Set<Int>], children: [Int: Set<Int>]) {
        var predecessors: [Int: Set<Int>] = [:]
        var children: [Int: Set<Int>] = [:]
        for s in flow.segues where s.kind != .unwind {
            guard let d = s.destination else { continue }
            predecessors[d, default: []].insert(s.source)
            if s.kind != .presentation && s.kind != .popoverPresentation && s.kind != .modal {
                children[s.source, default: []].insert(d)
            }
        }
        var nibOf: [String: Int] = [:]
        for (i, s) in flow.scenes.enumerated() where s.nib != nil && nibOf[s.className] == nil { nibOf[s.className] = i }
        for i in flow.scenes.indices {
            for a in sceneActions[i] {
                if let n = storyboardScene(of: a) {
                    predecessors[n, default: []].insert(i)
                    if a.kind != .present { children[i, default: []].insert(n) }
                }
                guard let cls = a.className else { continue }
                let built = cls == "self" ? [i] : nibOf[cls].map { [$0] } ?? []
                for n in built {
                    predecessors[n, default: []].insert(i)
                    if a.kind != .present { children[i, default: []].insert(n) }
                }
            }
        }
        return (predecessors, children)
    }

    // MARK: Reachability

    private mutating func reachability() {
        var nibOf: [String: Int] = [:]
        for (i, s) in flow.scenes.enumerated() where s.nib != nil && nibOf[s.className] == nil { nibOf[s.className] = i }
        let cases = casesByName
        var reached = Set<Int>()
        var work: [Int] = []
        if let root = flow.launch.root {
            if let scene = root.scene {
                work.append(scene)
            } else if let n = nibOf[root.className] {
                work.append(n)
            } else {
                // A root built in code with no scene of its own (`HomeViewController(tracker:)`):
                // what its code actions build or instantiate is reached from launch.
                for a in flow.actions(of: root.className) {
                    if let cls = a.className, let n = nibOf[cls] { work.append(n) }
                    if let n = storyboardScene(of: a) { work.append(n) }
                }
            }
        } else {
            // Both devices' starts: a pad storyboard's scenes are reached on a pad.
            work += [flow.initial, flow.padInitial].compactMap { $0 }
        }
        while let x = work.popLast() {
            guard reached.insert(x).inserted else { continue }
            steps += seguesFrom[x].count + sceneActions[x].count
            for i in seguesFrom[x] where flow.segues[i].kind != .unwind {
                if let d = flow.segues[i].destination { work.append(d) }
            }
            for a in sceneActions[x] {
                if let cls = a.className, let n = nibOf[cls] { work.append(n) }
                if let n = storyboardScene(of: a) { work.append(n) }
                let id = a.segue ?? a.destination.flatMap { cases[$0]?.1.segue }
                if let id, let seg = segue(id, from: x), let d = flow.segues[seg].destination { work.append(d) }
            }
        }
        for (i, s) in flow.scenes.enumerated() where !reached.contains(i) {
            let how = s.nib != nil
                ? "no code action builds \(s.className) (the class of this XIB)"
                : "no segue, relationship or code action leads to it from \(flow.launch.root != nil ? "the launch root" : "the initial scene")"
            add(Rules.unreachableScene, "\(scene(i)) (\(s.className)) is unreachable: \(how)",
                hint: s.storyboardIdentifier != nil
                    ? "if code instantiates it by its Storyboard ID '\(s.storyboardIdentifier!)', model that code as a code action; otherwise connect or remove it"
                    : "connect it with a segue, or remove it",
                at: s.origin)
        }
    }

    // MARK: Segues and actions that never fire

    private mutating func firing() {
        let cases = casesByName
        for (i, seg) in flow.segues.enumerated() where seg.kind != .relationship && seg.kind != .embed {
            let cls = flow.scenes[seg.source].className
            switch seg.trigger {
            case .manual:
                guard let id = seg.identifier else {
                    add(Rules.segueNeverFires, "\(segueName(i)) is manual and has no identifier, so nothing can perform it",
                        hint: "give it an identifier and perform it from code, or connect it to a control or the cells", at: seg.origin)
                    continue
                }
                let performers = sceneActions[seg.source].filter { a in
                    a.kind == .performSegue && (a.segue == id || a.destination.flatMap { cases[$0]?.1.segue } == id)
                }
                if performers.isEmpty {
                    add(Rules.segueNeverFires, .note,
                        "\(segueName(i)) is manual, and no code action of \(cls) performs '\(id)'; only code the flow does not model can (check explores it with 'perform \(id)')",
                        hint: "add the code action that performs it (\"do\": \"performSegue\"), or a trigger", at: seg.origin)
                }
            case .cell, .row, .prototype, .control, .appearance:
                if let id = seg.identifier, flow.shouldPerform(id, on: cls) == .never {
                    add(Rules.segueNeverFires, "\(segueName(i)) is triggered by \(seg.trigger), but \(cls).shouldPerformSegue returns false for '\(id)' ('never')",
                        hint: "remove the veto, or the segue", at: seg.origin)
                }
            }
        }
        for name in flow.classes.keys.sorted() {
            let users = scenes(using: name)
            // An appearance-time action needs no scene: UIKit runs it whenever a view of the class loads or appears.
            for a in flow.classes[name]!.actions where a.trigger != .manual && a.trigger.appearance == nil {
                let runners = users.filter { sceneActions[$0].first { $0.name == a.name } == a }
                let ok = runners.contains { s in
                    switch a.trigger {
                    case .control(let c): flow.scenes[s].controls.contains(c)
                    case .cell, .prototype: !flow.scenes[s].rows.isEmpty
                    case .row(let sec, let row): sec < flow.scenes[s].rows.count && row < flow.scenes[s].rows[sec]
                    case .manual, .appearance: true
                    }
                }
                if ok { continue }
                let what: String
                if case .row(let sec, let row) = a.trigger { what = "a row [\(sec), \(row)]" } else { what = a.trigger.isRow ? "rows to select" : "a control '\(a.trigger.control!)'" }
                add(Rules.actionNeverTriggered,
                    runners.isEmpty
                        ? "\(name).\(a.name) is triggered by \(a.trigger), but no scene (or XIB) has class \(name), so no tap or selection reaches it"
                        : "\(name).\(a.name) is triggered by \(a.trigger), but no scene of \(name) (\(runners.map { "'\(flow.scenes[$0].id)'" }.joined(separator: ", "))) has \(what)",
                    hint: a.trigger.isRow ? "give the scene \"rows\" that include it" : "add '\(a.trigger.control!)' to the scene's controls, or fix the trigger", at: a.origin)
            }
        }
    }

    // MARK: What the Swift reader did not understand

    private mutating func notUnderstood() {
        let hint = "settle it with a hand-written entry in a flow naming \"storyboards\", or give the code a shape the reader knows"
        for note in flow.notes {
            guard let n = SourceNoteText(note) else { continue }
            add(Rules.notUnderstood, n.text, hint: hint, at: nil, code: n.location)
        }
        for name in flow.classes.keys.sorted() {
            let c = flow.classes[name]!
            for note in c.notes {
                guard let n = SourceNoteText(note) else { continue }
                add(Rules.notUnderstood, n.text, hint: hint, at: c.origin, code: n.location)
            }
        }
    }
}
