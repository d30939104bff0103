import FlowModel

/// Storyboard ↔ Swift: every string the code uses to name a segue, a Storyboard ID or a
/// storyboard (`flow.references`), held against the storyboards. UIKit resolves those strings
/// at run time, so a typo builds and crashes (or, in a test, silently never matches).
/// A claim that rests on storyboards not read (another platform's) is never an error.
struct CrossReferenceLints {
    let flow: Flow
    /// Swift lines another lint already reports a segue identifier at: one finding per line.
    let reportedLines: Set<CodeLocation>
    private(set) var findings: [Finding] = []

    /// Scenes by every class of their lineage (so a class's scenes include its subclasses'),
    /// storyboard scenes only: a XIB has no segues and is no storyboard.
    private var scenesByClass: [String: [Int]] = [:]
    private var allSegueIDs: Set<String> = []
    private var identifiersOf: [Set<String>]
    /// Storyboard name → its scenes' Storyboard IDs.
    private var storyboardIDs: [String: Set<String>] = [:]
    /// Storyboards of the app folder whose scenes are not in the flow: what they hold is unknown.
    private let unread: [String]

    init(flow: Flow, reported: [Finding]) {
        self.flow = flow
        reportedLines = Set(reported.filter { $0.rule == Rules.unknownSegueIdentifier }.compactMap { f in
            f.code ?? f.origin.flatMap { flow.codeLocation(ofPath: $0.path) }
        })
        identifiersOf = Array(repeating: [], count: flow.scenes.count)
        for seg in flow.segues {
            guard let id = seg.identifier else { continue }
            identifiersOf[seg.source].insert(id)
            allSegueIDs.insert(id)
        }
        for (i, s) in flow.scenes.enumerated() where s.nib == nil {
            for c in flow.lineage(of: s.className) { scenesByClass[c, default: []].append(i) }
            if let name = Self.storyboardName(of: s) { storyboardIDs[name, default: []].formUnion(s.storyboardIdentifier.map { [$0] } ?? []) }
        }
        let read = Set(storyboardIDs.keys)
        unread = (flow.storyboardNames ?? []).filter { !read.contains($0) }
    }

    static func storyboardName(of s: Scene) -> String? {
        guard let file = s.storyboard?.file, file.hasSuffix(".storyboard") else { return nil }
        let last = file.split(separator: "/").last.map(String.init) ?? file
        return String(last.dropLast(".storyboard".count))
    }

    static func findings(flow: Flow, reported: [Finding]) -> [Finding] {
        guard !flow.references.isEmpty else { return [] }
        var lints = CrossReferenceLints(flow: flow, reported: reported)
        for (i, r) in flow.references.enumerated() where !lints.reportedLines.contains(r.at) {
            switch r.kind {
            case .performSegue: lints.performed(r, i)
            case .segueIdentifierTest: lints.tested(r, i)
            case .instantiate: lints.instantiated(r, i)
            case .storyboardName: lints.loaded(r, i)
            case .destinationCast: lints.cast(r, i)
            }
        }
        return lints.findings
    }

    // MARK: Findings

    private mutating func add(_ rule: Rule, _ severity: Severity, _ message: String, hint: String, _ r: SourceReference, _ i: Int, scene: Int? = nil) {
        // The storyboard element where there is one (the receiver's scene), else the reference.
        let path = scene.map { "scenes.\(flow.scenes[$0].id)" } ?? "references[\(i)]"
        var f = Finding(rule: rule, severity: severity, message: message, hint: hint, file: flow.file, origin: Origin(path: path, position: nil))
        f.code = r.at
        findings.append(f)
    }

    private func didYouMean(_ name: String, in candidates: Set<String>) -> String? {
        NameSuggester.nearest(to: name, in: candidates.sorted(), limit: 1).first.map { "did you mean '\($0)'? " }
    }

    /// `<App.C: 0x…>`, as NSObject's description prints a Swift class.
    private func instance(_ className: String) -> String {
        "<\(flow.classes[className]?.objcName ?? "\(flow.module).\(className)"): 0x…>"
    }

    /// A storyboard scene of the class (or a subclass), when the flow knows the class's code.
    private func scenes(of className: String?) -> [Int]? {
        guard let className, flow.classes[className] != nil else { return nil }
        return scenesByClass[className] ?? []
    }

    private var unreadText: String {
        "; \(unread.count == 1 ? "storyboard" : "storyboards") \(unread.map { "'\($0)'" }.joined(separator: ", ")) of the app \(unread.count == 1 ? "was" : "were") not read and may have it"
    }

    // MARK: performSegue

    private mutating func performed(_ r: SourceReference, _ i: Int) {
        let id = r.name
        let crash = "'Receiver (\(instance(r.className ?? "UIViewController"))) has no segue with identifier '\(id)''"
        if let c = r.className, let own = scenes(of: c), !own.isEmpty {
            let owned = own.reduce(into: Set<String>()) { $0.formUnion(identifiersOf[$1]) }
            guard !owned.contains(id) else { return }
            let elsewhere = allSegueIDs.contains(id) ? " (a segue '\(id)' leaves another class's scene: UIKit looks only at the receiver's own scene)" : ""
            add(Rules.unknownSegueIdentifier, .error,
                "\(c) performs segue '\(id)', but no scene of \(c) has a segue with that identifier\(elsewhere): UIKit throws \(crash)",
                hint: (didYouMean(id, in: owned) ?? "") + "fix the identifier (identifiers are case-sensitive), or add a segue '\(id)' from the scene of \(c)",
                r, i, scene: own[0])
            return
        }
        if allSegueIDs.contains(id) {
            // Known elsewhere: the receiver is not known, or the class has no storyboard scene.
            guard let c = r.className, scenes(of: c) != nil else { return }
            add(Rules.unknownSegueIdentifier, .note,
                "\(c) performs segue '\(id)', and \(c) has no storyboard scene in the flow; a segue '\(id)' leaves another class's scene, and UIKit looks only at the receiver's own",
                hint: "make sure \(c) is loaded from a storyboard scene that has the segue", r, i)
            return
        }
        let who = r.className.map { "\($0) performs" } ?? "code performs"
        add(Rules.unknownSegueIdentifier, unread.isEmpty ? .error : .warning,
            "\(who) segue '\(id)', which no storyboard of the app has: UIKit throws \(crash)\(unread.isEmpty ? "" : unreadText)",
            hint: (didYouMean(id, in: allSegueIDs) ?? "") + "fix the identifier (identifiers are case-sensitive), or add the segue", r, i)
    }

    // MARK: segue.identifier tests

    private mutating func tested(_ r: SourceReference, _ i: Int) {
        let id = r.name
        // No class: a test where the segue may come from any scene (an unwind action, a helper).
        let c = r.className ?? "code"
        if let own = scenes(of: r.className), !own.isEmpty {
            let owned = own.reduce(into: Set<String>()) { $0.formUnion(identifiersOf[$1]) }
            guard !owned.contains(id) else { return }
            // A prepare case or shouldPerform entry read for it: unknown-segue-identifier says it there.
            if let c = r.className, let decl = flow.classes[c],
               decl.prepare?.contains(where: { $0.segue == id }) == true || decl.shouldPerform?[id] != nil { return }
            add(Rules.segueIdentifierNeverMatches, .warning,
                "\(c) tests for segue '\(id)', which no scene of \(c) has a segue with: the branch is never taken",
                hint: (didYouMean(id, in: owned) ?? "") + "fix the identifier (identifiers are case-sensitive), or remove the branch", r, i, scene: own[0])
            return
        }
        guard !allSegueIDs.contains(id), unread.isEmpty else { return }
        add(Rules.segueIdentifierNeverMatches, .warning,
            "\(r.className ?? "code") tests for segue '\(id)', which no storyboard of the app has: the branch is never taken",
            hint: (didYouMean(id, in: allSegueIDs) ?? "") + "fix the identifier (identifiers are case-sensitive), or remove the branch", r, i)
    }

    // MARK: instantiateViewController

    private mutating func instantiated(_ r: SourceReference, _ i: Int) {
        let id = r.name
        let crash = "'Storyboard (<UIStoryboard: 0x…>) doesn't contain a view controller with identifier '\(id)''"
        let every = storyboardIDs.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        if let s = r.storyboard {
            // A storyboard not in the app is the name lint's; one not read (another platform's) is unknown.
            guard let ids = storyboardIDs[s], !ids.contains(id) else { return }
            add(Rules.unknownStoryboardIdentifier, .error,
                "instantiateViewController(withIdentifier: '\(id)') on storyboard '\(s)', which has no scene with that Storyboard ID: UIKit throws \(crash)",
                hint: (didYouMean(id, in: ids) ?? "") + "fix the identifier (identifiers are case-sensitive), or set the Storyboard ID of a scene of \(s)", r, i)
            return
        }
        if let c = r.className, let own = scenes(of: c), !own.isEmpty {
            // `storyboard` of self: the storyboard the class's scene was loaded from.
            let names = Set(own.compactMap { Self.storyboardName(of: flow.scenes[$0]) })
            let ids = names.reduce(into: Set<String>()) { $0.formUnion(storyboardIDs[$1] ?? []) }
            guard !ids.contains(id) else { return }
            let list = names.sorted().map { "'\($0)'" }.joined(separator: ", ")
            add(Rules.unknownStoryboardIdentifier, .error,
                "\(c) instantiates '\(id)' from its own storyboard (\(list)), which has no scene with that Storyboard ID\(every.contains(id) ? " (another storyboard has one)" : ""): UIKit throws \(crash)",
                hint: (didYouMean(id, in: ids) ?? "") + "fix the identifier (identifiers are case-sensitive), or load the storyboard that has it by name", r, i, scene: own[0])
            return
        }
        guard !every.contains(id) else { return }
        // `storyboard` of a class with no storyboard scene is nil, and `storyboard?.` does nothing.
        let severity: Severity = unread.isEmpty && r.className == nil ? .error : .warning
        add(Rules.unknownStoryboardIdentifier, severity,
            "instantiateViewController(withIdentifier: '\(id)'): no storyboard of the app has a scene with that Storyboard ID: UIKit throws \(crash)\(unread.isEmpty ? "" : unreadText)",
            hint: (didYouMean(id, in: every) ?? "") + "fix the identifier (identifiers are case-sensitive), or set a scene's Storyboard ID", r, i)
    }

    // MARK: segue.destination as! X

    private mutating func cast(_ r: SourceReference, _ i: Int) {
        let type = r.name
        // Only a class whose lineage is known: a protocol or another module's class may fit anything.
        guard let c = r.className, let own = scenes(of: c), !own.isEmpty, flow.isKnownClass(type) else { return }
        let ownSet = Set(own)
        var reaching = flow.segues.indices.filter { ownSet.contains(flow.segues[$0].source) && flow.segues[$0].kind != .relationship }
        if let id = r.segue { reaching = reaching.filter { flow.segues[$0].identifier == id } }
        guard !reaching.isEmpty else { return }
        var destinations: Set<String> = []
        for s in reaching {
            let segue = flow.segues[s]
            // An unwind's destination is found at run time; a segue action may return a subclass.
            guard let d = segue.destination, segue.action == nil, flow.isKnownClass(flow.scenes[d].className),
                  !flow.scenes[d].standsInForUnimportedScene else { return }
            let runtime = flow.runtimeClass(ofScene: d)
            if flow.lineage(of: runtime).contains(type) { return }
            destinations.insert(runtime)
        }
        let first = destinations.sorted()[0]
        let module = flow.module
        func name(_ cls: String) -> String { UIKitClass.isKnown(cls) ? cls : "\(module).\(cls)" }
        let under = r.segue.map { " under the test for '\($0)'" } ?? ""
        add(Rules.destinationCastFails, .error,
            "\(c).prepare(for:sender:) force-casts segue.destination to \(type)\(under), but every segue that reaches it leads to \(destinations.sorted().joined(separator: ", ")): Swift traps with 'Could not cast value of type '\(name(first))' (0x…) to '\(name(type))' (0x…).'",
            hint: first == "UINavigationController" || flow.lineage(of: first).contains("UINavigationController")
                ? "the destination is a navigation controller: cast its topViewController (or viewControllers.first) instead"
                : "cast to the destination's class, or use as? and handle the other destinations",
            r, i, scene: flow.segues[reaching[0]].destination)
    }

    // MARK: UIStoryboard(name:bundle:)

    private mutating func loaded(_ r: SourceReference, _ i: Int) {
        // Only an app folder's import knows which storyboards the app has.
        guard let names = flow.storyboardNames, !names.contains(r.name) else { return }
        // Launch screens are left out of the list: their names are not a typo.
        if r.name.hasPrefix("LaunchScreen") || r.name == "Launch Screen" { return }
        add(Rules.unknownStoryboardName, .error,
            "UIStoryboard(name: '\(r.name)') names no storyboard of the app: UIKit throws 'Could not find a storyboard named '\(r.name)' in bundle NSBundle </…> (loaded)'",
            hint: (didYouMean(r.name, in: Set(names)) ?? "") + "fix the name (the storyboard's file name without .storyboard), or add \(r.name).storyboard to the app", r, i)
    }
}
