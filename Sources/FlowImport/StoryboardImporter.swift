import FlowModel

/// One input file of an import: its path (as it will appear in provenance) and its bytes.
public struct ImportInput: Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// What an import produced: a format-1 document, the warnings met on the way (missing
/// references, dropped segues…), and where each scene and segue came from.
public struct ImportedDocument: Sendable {
    public var document: JSONNode
    public var warnings: [Diagnostic]
    /// Scene id → its storyboard element; segue index → its `<segue>` element.
    public var sceneOrigins: [String: StoryboardOrigin]
    public var segueOrigins: [StoryboardOrigin]
    /// Scene id → its controls' `@IBAction` selectors → control names, for the sources'
    /// code actions to get their `control:` triggers.
    public var actionControls: [String: [String: String]] = [:]
    /// Scene id → prototype names, for data tables and collections given no rows (no
    /// prototype holds a segue): the code may still select their rows (`SourcesMerge`).
    public var dataPrototypes: [String: [String]] = [:]
    /// Storyboard name → its scenes by Storyboard ID, and its initial scene under "" — for
    /// code that names a storyboard (`StoryboardScene.Main.x`, `UIStoryboard(name:bundle:)`).
    public var storyboardScenes: [String: [String: String]] = [:]
    /// Custom classes of scenes that name another module than the app's (`customModule="SomePod"`
    /// without `customModuleProvider="target"`): a framework's, which no Swift of the app declares.
    public var otherModuleClasses: Set<String> = []
    /// Custom classes of the app's module (or of none) on storyboard objects other than view
    /// controllers: with the Swift sources read, one no source declares is reported.
    public var viewClasses: [ViewCustomClass] = []
    /// Scene classes the storyboards name only with no `customModule` (`classesWithoutModule`).
    public var classesWithoutModule: Set<String> = []
}

/// Storyboards and XIBs of one app → one format-1 document. Pure: bytes in, values out; no
/// file system (see `AppFolder` for discovery).
public enum StoryboardImporter {
    /// - Parameters:
    ///   - files: storyboards (`.storyboard`) and XIBs (`.xib`) of one app.
    ///   - name: the flow's display name.
    ///   - entry: the storyboard (file name without extension) whose initial view controller
    ///     starts the app; nil: `Main`, else the only storyboard, else the first with one.
    ///   - keeping: scene ids of an earlier import, by "file\0XML id" and by XML id
    ///     (`"storyboard": { "file", "id" }`), so a re-import names every scene it still has as before.
    ///   - padEntry: the storyboard a pad starts with instead (`UIMainStoryboardFile~ipad`), if any:
    ///     its initial view controller is the flow's `padInitial`.
    public static func importApp(files: [ImportInput], name: String, entry: String? = nil, padEntry: String? = nil,
                                 keeping: [String: String] = [:]) -> Result<ImportedDocument, ImportProblem> {
        var storyboards: [StoryboardFile] = []
        var nibs: [StoryboardFile] = []
        var otherPlatform: [ImportProblem] = []
        for f in files {
            switch StoryboardReader.read(bytes: f.bytes, file: f.path) {
            case .success(let sb):
                if f.path.hasSuffix(".xib") {
                    if sb.nibOwner != nil { nibs.append(sb) }
                } else {
                    storyboards.append(sb)
                }
            case .failure(let p) where p.otherPlatform: otherPlatform.append(p)
            case .failure(let p): return .failure(p)
            }
        }
        // A folder of an iOS app and its tvOS one: the tvOS documents are the other target's.
        if (storyboards + nibs).contains(where: { !$0.tvOS }) {
            for sb in (storyboards + nibs) where sb.tvOS {
                var p = ImportProblem(file: sb.file, line: 1, message: "a tvOS storyboard or XIB (targetRuntime AppleTV) beside iOS ones is another target's")
                p.otherPlatform = true
                otherPlatform.append(p)
            }
            storyboards.removeAll { $0.tvOS }
            nibs.removeAll { $0.tvOS }
        }
        if let first = otherPlatform.first, storyboards.isEmpty && nibs.isEmpty { return .failure(first) }
        guard !storyboards.isEmpty || !nibs.isEmpty else {
            return .failure(ImportProblem(file: files.first?.path ?? name, message: "no storyboard to import"))
        }
        // Xcode's new, empty storyboard has `<scenes/>`: nothing to navigate, said as such
        // rather than as a flow without an initial scene.
        if nibs.isEmpty, storyboards.allSatisfy({ $0.scenes.isEmpty }) {
            let names = storyboards.map { $0.name + ".storyboard" }
            return .failure(ImportProblem(file: storyboards[0].file, line: 1, message: names.count == 1
                ? "\(names[0]) has no scenes (an empty storyboard); nothing to import"
                : "none of the storyboards (\(names.joined(separator: ", "))) has a scene; nothing to import"))
        }
        var mapper = Mapper(storyboards: storyboards, nibs: nibs, name: name, entry: entry, keeping: keeping)
        mapper.padEntry = padEntry
        for p in otherPlatform {
            mapper.warnings.append(Diagnostic(.warning, file: p.file, position: p.line.map { SourcePosition(line: $0, column: 1) }, path: "",
                                              message: p.message + "; left out of this import"))
        }
        return mapper.run()
    }
}

/// The storyboard → format 1 mapping (see `real-apps.md` §3 and the README's Importing section).
private struct Mapper {
    let storyboards: [StoryboardFile]
    let nibs: [StoryboardFile]
    let name: String
    let entry: String?
    var padEntry: String?
    var warnings: [Diagnostic] = []
    private var warned: Set<String> = []
    /// "file\0xmlID" → scene id, for every real (non-placeholder) scene.
    var sceneIDs: [String: String] = [:]
    var taken: Set<String> = []
    var scenes: [(String, J)] = []
    var sceneOrigins: [String: StoryboardOrigin] = [:]
    var actionControls: [String: [String: String]] = [:]
    var dataPrototypes: [String: [String]] = [:]
    var segues: [J] = []
    var segueOrigins: [StoryboardOrigin] = []
    /// Declared classes: name → (superclass, notes, first origin).
    var classes: [String: (superclass: String, notes: [String])] = [:]
    var classOrder: [String] = []
    var modules: [String] = []
    /// Class → the modules scenes name for it without `customModuleProvider="target"`.
    var explicitModules: [String: Set<String>] = [:]
    /// Stand-in scenes for references that lead outside the import, by "storyboard\0identifier".
    var missingTargets: [String: String] = [:]

    let keeping: [String: String]

    init(storyboards: [StoryboardFile], nibs: [StoryboardFile], name: String, entry: String?, keeping: [String: String]) {
        self.keeping = keeping
        self.storyboards = storyboards
        self.nibs = nibs
        self.name = name
        self.entry = entry
    }

    mutating func warn(_ o: StoryboardOrigin, _ message: String) {
        // A reference several segues lead to is reported once; a set, as a scan of every
        // warning per warning made a storyboard of many unknown segues quadratic.
        guard warned.insert(Self.key(o.file, "\(o.line)\u{0}\(message)")).inserted else { return }
        warnings.append(Diagnostic(.warning, file: o.file, position: SourcePosition(line: o.line, column: 1), path: "", message: message))
    }

    static func key(_ file: String, _ id: String) -> String { file + "\u{0}" + id }

    mutating func run() -> Result<ImportedDocument, ImportProblem> {
        nameScenes()
        let titles = referenceTitles()
        for sb in storyboards {
            for s in sb.scenes where s.reference == nil { addScene(s, in: sb, referenceTitle: titles[Self.key(sb.file, s.xmlID)]) }
        }
        for nib in nibs { addNib(nib) }
        for sb in storyboards {
            for s in sb.scenes where s.reference == nil {
                addSegues(of: s, in: sb)
            }
        }
        var top = JMembers([("format", .int(1)), ("name", .string(name))])
        let module = modules.first { $0.isIdentifier } ?? (Naming.word(name).isIdentifier ? Naming.word(name).prefix(1).uppercased() + Naming.word(name).dropFirst() : "App")
        top.append(("module", .string(module)))
        var topNotes: [String] = []
        let initial = initialScene(entry, notes: &topNotes)
        if let initial { top.append(("initial", .string(initial))) }
        if let padEntry, let pad = initialScene(padEntry, notes: &topNotes), pad != initial { top.append(("padInitial", .string(pad))) }
        top.add(notes: topNotes)
        if !classOrder.isEmpty {
            var cs = JMembers()
            for c in classOrder.sorted() {
                let decl = classes[c]!
                var m = JMembers([("superclass", .string(decl.superclass))])
                m.add(notes: decl.notes)
                cs.append((c, m.json))
            }
            top.append(("classes", cs.json))
        }
        top.append(("scenes", JMembers(scenes).json))
        if !segues.isEmpty { top.append(("segues", .array(segues))) }
        var document = ImportedDocument(document: top.json.node(), warnings: warnings, sceneOrigins: sceneOrigins, segueOrigins: segueOrigins, actionControls: actionControls)
        document.dataPrototypes = dataPrototypes
        // An explicit module that is the app's own (the one its target-provided scenes name) is not a framework.
        document.otherModuleClasses = Set(explicitModules.filter { !$0.value.isSubset(of: [module]) }.keys)
        var moduled: [String: Bool] = [:]
        for sb in storyboards {
            for sc in sb.scenes where sc.reference == nil {
                guard let c = sc.customClass else { continue }
                moduled[c] = (moduled[c] ?? false) || sc.moduleIsTarget || !(sc.customModule ?? "").isEmpty
            }
        }
        document.classesWithoutModule = Set(moduled.filter { !$0.value }.keys)
        let nibScenes = Dictionary(sceneOrigins.filter { $0.value.xmlID == "-1" }.map { ($0.value.file, $0.key) }, uniquingKeysWith: min)
        for f in storyboards + nibs {
            for v in f.viewClasses where ViewCustomClasses.ofApp(v, module: module) {
                let scene = v.sceneXMLID.flatMap { sceneIDs[Self.key(f.file, $0)] } ?? nibScenes[f.file]
                document.viewClasses.append(ViewCustomClass(className: v.className, module: v.module, element: v.element, origin: v.origin, scene: scene))
            }
        }
        for sb in storyboards {
            var named: [String: String] = [:]
            for sc in sb.scenes where sc.reference == nil {
                // UIKit finds the first scene with an ID (nameScenes warns of a second).
                if let ident = sc.storyboardIdentifier, named[ident] == nil, let id = sceneIDs[Self.key(sb.file, sc.xmlID)] { named[ident] = id }
            }
            if let initial = sb.initialXMLID, let sc = sb.scenes.first(where: { $0.xmlID == initial && $0.reference == nil }),
               let id = sceneIDs[Self.key(sb.file, sc.xmlID)] { named[""] = id }
            // Localized copies (Base.lproj, en.lproj) share a name: the first imported is kept.
            if document.storyboardScenes[sb.name] == nil { document.storyboardScenes[sb.name] = named }
        }
        return .success(document)
    }

    // MARK: Scenes

    /// Readable ids: Storyboard ID, else the class's name, else a container named after its
    /// first child, else the title, else the element. Files in the order given, scenes in file
    /// order, `2`, `3`… on collisions.
    mutating func nameScenes() {
        // Two scenes of one storyboard with one Storyboard ID: UIKit finds only one of them.
        for sb in storyboards {
            var seen: [String: StoryboardScene] = [:]
            for s in sb.scenes where s.reference == nil {
                guard let ident = s.storyboardIdentifier else { continue }
                if let first = seen[ident] {
                    warn(s.origin, "two scenes have Storyboard ID '\(ident)' (the other is at line \(first.origin.line)); instantiateViewController(withIdentifier:) finds only one")
                } else {
                    seen[ident] = s
                }
            }
        }
        var base: [String: String] = [:]
        for sb in storyboards {
            for s in sb.scenes where s.reference == nil { base[Self.key(sb.file, s.xmlID)] = ownName(s) }
        }
        // Names an earlier import gave keep their scenes (XML ids are unique per storyboard,
        // and in practice across an app's storyboards).
        var kept: Set<String> = []
        for sb in storyboards {
            for s in sb.scenes where s.reference == nil {
                if let old = keeping[Self.key(sb.file, s.xmlID)] ?? keeping[s.xmlID], !taken.contains(old) {
                    taken.insert(old)
                    kept.insert(Self.key(sb.file, s.xmlID))
                    sceneIDs[Self.key(sb.file, s.xmlID)] = old
                }
            }
        }
        for sb in storyboards {
            for s in sb.scenes where s.reference == nil && !kept.contains(Self.key(sb.file, s.xmlID)) {
                var n = base[Self.key(sb.file, s.xmlID)]!
                if n.isEmpty {
                    let child = s.segues.first { $0.kind == "relationship" }
                    let childName = child.flatMap { $0.destination }.flatMap { base[Self.key(sb.file, $0)] }.flatMap { $0.isEmpty ? nil : $0 }
                    let suffix = containerSuffix(s.element)
                    if let childName {
                        n = childName + suffix
                    } else if let t = s.title.map(Naming.lowerCamel), !t.isEmpty {
                        n = t
                    } else {
                        n = s.element
                    }
                }
                sceneIDs[Self.key(sb.file, s.xmlID)] = Naming.unique(n, &taken)
            }
        }
    }

    func ownName(_ s: StoryboardScene) -> String {
        if let i = s.storyboardIdentifier { return Naming.word(i) }
        if let c = s.customClass, !UIKitClass.isKnown(c) { return Naming.sceneName(fromClass: c) }
        if containerSuffix(s.element).isEmpty, let t = s.title.map(Naming.lowerCamel), !t.isEmpty { return t }
        return containerSuffix(s.element).isEmpty ? s.element : ""
    }

    func containerSuffix(_ element: String) -> String {
        switch element {
        case "navigationController": "Nav"
        case "tabBarController": "Tabs"
        case "splitViewController": "Split"
        default: ""
        }
    }

    static let elementClasses: [String: String] = [
        "viewController": "UIViewController", "tableViewController": "UITableViewController",
        "collectionViewController": "UICollectionViewController", "navigationController": "UINavigationController",
        "tabBarController": "UITabBarController", "splitViewController": "UISplitViewController",
        "pageViewController": "UIPageViewController",
    ]

    /// The class a scene's instances have and, when it is not UIKit's, its declaration.
    mutating func sceneClass(_ s: StoryboardScene) -> (String, [String]) {
        var notes: [String] = []
        let uikit = Self.elementClasses[s.element]
        if uikit == nil {
            if s.element == "hostingController" {
                notes.append("a SwiftUI hosting controller: its content is not modelled")
            } else {
                notes.append("<\(s.element)> is imported as a plain UIViewController")
            }
        }
        let superclass = uikit ?? "UIViewController"
        guard let custom = s.customClass ?? (s.element == "hostingController" ? "UIHostingController" : nil) else { return (superclass, notes) }
        if UIKitClass.isKnown(custom) { return (custom, notes) }
        if let m = s.customModule, !modules.contains(m) { modules.append(m) }
        if let m = s.customModule, !m.isEmpty, !s.moduleIsTarget { explicitModules[custom, default: []].insert(m) }
        if let existing = classes[custom] {
            if existing.superclass != superclass && !existing.notes.contains(where: { $0.hasPrefix("also used") }) {
                classes[custom]!.notes.append("also used by a <\(s.element)> scene (\(s.origin.file):\(s.origin.line)); the superclass comes from the first")
            }
        } else {
            var cn = ["superclass inferred from the storyboard's <\(s.element)> element; import the Swift sources for the class's code"]
            if s.element == "hostingController" { cn = ["a SwiftUI UIHostingController subclass; its content is not modelled"] }
            classes[custom] = (superclass, cn)
            classOrder.append(custom)
        }
        return (custom, notes)
    }

    mutating func addScene(_ s: StoryboardScene, in sb: StoryboardFile, referenceTitle: (title: String, origin: StoryboardOrigin)? = nil) {
        let id = sceneIDs[Self.key(sb.file, s.xmlID)]!
        var (cls, notes) = sceneClass(s)
        var m = JMembers([("class", .string(cls))])
        m.add("storyboardIdentifier", s.storyboardIdentifier)
        m.add("title", s.title ?? referenceTitle?.title)
        if let r = referenceTitle, let own = s.title, own != r.title {
            notes.append("the storyboard reference at \(r.origin.file):\(r.origin.line) shows it as '\(r.title)' (its tab bar item)")
        }
        if s.definesPresentationContext { m.append(("definesPresentationContext", .bool(true))) }
        // Written when there are some: a storyboard scene without the key connects none.
        if !s.outlets.isEmpty { m.append(("outlets", .array(s.outlets.map { .string($0) }))) }
        if let p = s.modalPresentationStyle, ModalPresentationStyle(rawValue: p) != nil { m.add("modalPresentationStyle", p) }
        if let st = s.splitStyle, SplitStyle(rawValue: st) != nil { m.add("style", st) }
        let rows = rowCounts(s, notes: &notes)
        if !rows.isEmpty { m.append(("rows", rows.count == 1 ? .int(rows[0]) : .array(rows.map { .int($0) }))) }
        let prototypes = s.prototypes.isEmpty ? s.collectionPrototypes : s.prototypes
        if s.staticSections.isEmpty, rows.isEmpty, s.hasDataCells { dataPrototypes[id] = prototypes }
        if s.staticSections.isEmpty, prototypes.count > 1, !rows.isEmpty {
            // Row i shows prototype i, so each `prototype:NAME` trigger has a row of its own.
            // Only prototypes that hold a selection segue are named: one with none (or only an
            // accessory segue) has no `prototype:` trigger, and naming it would be a load warning.
            let selecting = Set(s.segues.compactMap { g -> String? in
                switch g.holder {
                case .prototype(let p), .collectionCell(let p): p
                default: nil
                }
            })
            let named = prototypes.enumerated().filter { selecting.contains($0.element) }
            m.append(("prototypes", JMembers(named.map { ($0.element, J.array([.string("cell:0:\($0.offset)")])) }).json))
        }
        var controls = s.controls
        var controlSet = Set(controls)
        // Each cell's accessory button is a control of its own, named after the cell's trigger.
        for g in s.segues {
            guard case .accessory = g.holder, let t = trigger(g.holder, scene: s)?.dropFirst(8), controlSet.insert(String(t)).inserted else { continue }
            controls.append(String(t))
        }
        if !controls.isEmpty { m.append(("controls", .array(controls.map { .string($0) }))) }
        m.append(("storyboard", storyboardJSON(s)))
        m.add(notes: notes)
        scenes.append((id, .at(s.origin.line, m.json)))
        sceneOrigins[id] = s.origin
        if !s.actionControls.isEmpty { actionControls[id] = s.actionControls }
    }

    /// The scene's element, with those of its controls and cells that hold segues.
    func storyboardJSON(_ s: StoryboardScene) -> J {
        var m = JMembers([("file", .string(s.origin.file)), ("line", .int(s.origin.line)), ("id", .string(s.origin.xmlID))])
        func elements(_ names: [String], _ origins: [String: StoryboardOrigin]) -> J {
            JMembers(names.compactMap { n in origins[n].map { (n, JMembers([("line", .int($0.line)), ("id", .string($0.xmlID))]).json) } }).json
        }
        let controls = s.controls.filter { s.controlOrigins[$0] != nil }
        if !controls.isEmpty { m.append(("controls", elements(controls, s.controlOrigins))) }
        if !s.cellOrigins.isEmpty { m.append(("cells", elements(s.cellOrigins.keys.sorted(), s.cellOrigins))) }
        return m.json
    }

    /// Static tables: their sections. Prototype tables: one row per prototype (row i shows
    /// prototype i), since how many rows the data has is not in the storyboard.
    func rowCounts(_ s: StoryboardScene, notes: inout [String]) -> [Int] {
        if !s.staticSections.isEmpty { return s.staticSections }
        let cellSegues = s.segues.contains {
            switch $0.holder {
            case .prototype, .collectionCell: true
            default: false
            }
        }
        let prototypes = s.prototypes.isEmpty ? s.collectionPrototypes : s.prototypes
        guard cellSegues, !prototypes.isEmpty else { return [] }
        notes.append("rows are data: one row per prototype (\(prototypes.joined(separator: ", "))); set \"rows\" to what the app shows")
        return [prototypes.count]
    }

    mutating func addNib(_ nib: StoryboardFile) {
        guard let owner = nib.nibOwner else { return }
        if let m = nib.nibOwnerModule, !modules.contains(m) { modules.append(m) }
        let id = Naming.unique(Naming.sceneName(fromClass: owner) + "Nib", &taken)
        if !UIKitClass.isKnown(owner) && classes[owner] == nil {
            classes[owner] = ("UIViewController", ["the File's Owner of \(nib.name).xib; superclass assumed; import the Swift sources for the class's code"])
            classOrder.append(owner)
        }
        let origin = StoryboardOrigin(file: nib.file, line: 1, xmlID: "-1")
        scenes.append((id, JMembers([("class", .string(owner)), ("nib", .string(nib.name)), ("storyboard", origin.json)]).json))
        sceneOrigins[id] = origin
        if !nib.nibActionControls.isEmpty { actionControls[id] = nib.nibActionControls }
    }

    // MARK: Segues

    /// The scene a segue's destination id names: a scene of the same file, or through a
    /// storyboard reference, a scene of another (or a stand-in when it is not imported).
    mutating func destination(_ xmlID: String, in sb: StoryboardFile, segue: StoryboardSegue) -> String? {
        if let id = sceneIDs[Self.key(sb.file, xmlID)] { return id }
        guard let placeholder = sb.scenes.first(where: { $0.xmlID == xmlID }), let ref = placeholder.reference else { return nil }
        let targetName = ref.storyboard ?? sb.name
        let what = ref.identifier.map { "the scene with Storyboard ID '\($0)' in \(targetName).storyboard" } ?? "the initial view controller of \(targetName).storyboard"
        if let target = storyboards.first(where: { $0.name == targetName }) {
            if let scene = referenced(ref, in: sb), let id = sceneIDs[Self.key(scene.file, scene.scene.xmlID)] { return id }
            let known = target.scenes.compactMap(\.storyboardIdentifier)
            var message = "storyboard reference to \(what), which is not there"
            if let ident = ref.identifier, let near = NameSuggester.nearest(to: ident, in: known).first { message += "; did you mean '\(near)'?" }
            warn(placeholder.origin, message + "; the segue leads to a stand-in scene")
        } else {
            // Importing the folder helps only when the import was a single storyboard; an app
            // import that lacks the file is missing it (a target's file, a typo, a pod's bundle).
            let hint = storyboards.count > 1
                ? "none of the \(storyboards.count) imported storyboards (\(storyboards.map(\.name).sorted().joined(separator: ", "))) is \(targetName).storyboard"
                : "import the app's folder to resolve it"
            warn(placeholder.origin, "storyboard reference to \(what), which is not imported; the segue leads to a stand-in scene (\(hint))")
        }
        let key = targetName + "\u{0}" + (ref.identifier ?? "")
        if let stand = missingTargets[key] { return stand }
        let base = Naming.lowerCamel(ref.identifier ?? targetName) + "Reference"
        let id = Naming.unique(base, &taken)
        missingTargets[key] = id
        var stand = JMembers([("class", .string("UIViewController"))])
        stand.add("title", placeholder.title)
        stand.append(("storyboard", placeholder.origin.json))
        stand.add(notes: ["stands in for \(what), which this import does not contain"])
        scenes.append((id, .at(placeholder.origin.line, stand.json)))
        sceneOrigins[id] = placeholder.origin
        return id
    }

    /// The imported scene a storyboard reference names (its storyboard's scene with the
    /// Storyboard ID, or its initial view controller), with the file it is in.
    func referenced(_ ref: (storyboard: String?, identifier: String?), in sb: StoryboardFile) -> (file: String, scene: StoryboardScene)? {
        guard let target = storyboards.first(where: { $0.name == (ref.storyboard ?? sb.name) }) else { return nil }
        let scene: StoryboardScene?
        if let ident = ref.identifier {
            scene = target.scenes.first { $0.storyboardIdentifier == ident && $0.reference == nil }
        } else {
            scene = target.initialXMLID.flatMap { i in target.scenes.first { $0.xmlID == i && $0.reference == nil } }
        }
        return scene.map { (target.file, $0) }
    }

    /// Titles that storyboard references give the scenes they lead to (a reference that is a
    /// tab carries the tab's `tabBarItem`, which UIKit shows for the referenced view
    /// controller), by "file\0XML id" of the scene; the first reference's in file order.
    func referenceTitles() -> [String: (title: String, origin: StoryboardOrigin)] {
        var out: [String: (title: String, origin: StoryboardOrigin)] = [:]
        for sb in storyboards {
            for p in sb.scenes {
                guard let ref = p.reference, let title = p.title, let target = referenced(ref, in: sb) else { continue }
                let key = Self.key(target.file, target.scene.xmlID)
                if out[key] == nil { out[key] = (title, p.origin) }
            }
        }
        return out
    }

    mutating func addSegues(of s: StoryboardScene, in sb: StoryboardFile) {
        let source = sceneIDs[Self.key(sb.file, s.xmlID)]!
        var identifiers: Set<String> = []
        var relationships: Set<String> = []
        for g in s.segues {
            var notes: [String] = []
            var kind = g.kind
            switch kind {
            case "show", "showDetail", "presentation", "popoverPresentation", "embed", "unwind", "relationship", "custom", "push", "modal":
                break
            case "popover":
                kind = "popoverPresentation"
            case "replace":
                kind = "showDetail"
                notes.append("a legacy 'replace' segue, imported as showDetail")
            default:
                warn(g.origin, "segue kind '\(g.kind)' is not one flownav knows; the segue is left out")
                continue
            }
            var m = JMembers()
            if let ident = g.identifier {
                if identifiers.contains(ident) {
                    notes.append("a second segue '\(ident)' from this scene: performSegue finds the first, so this one is reached only by its trigger")
                    warn(g.origin, "scene '\(source)' has two segues with identifier '\(ident)'; the second keeps no identifier")
                } else {
                    identifiers.insert(ident)
                    m.add("id", ident)
                }
            }
            m.append(("source", .string(source)))
            if kind != "unwind" {
                guard let d = g.destination, let dest = destination(d, in: sb, segue: g) else {
                    warn(g.origin, "the segue's destination '\(g.destination ?? "")' is not a scene of \(sb.name).storyboard; the segue is left out")
                    continue
                }
                m.append(("destination", .string(dest)))
            }
            m.append(("kind", .string(kind)))
            if kind == "relationship" {
                guard let r = g.relationship, Relationship(rawValue: r) != nil else {
                    warn(g.origin, "relationship '\(g.relationship ?? "")' is not one flownav models yet; the segue is left out")
                    continue
                }
                if r != "viewControllers" {
                    if relationships.contains(r) { warn(g.origin, "a second \(r) relationship; left out"); continue }
                    relationships.insert(r)
                }
                m.add("relationship", r)
            }
            if let a = g.creationSelector, !a.isEmpty {
                m.add("action", a)
                notes.append("no class is known to implement \(a); add it under classes or import the sources")
            }
            if let t = trigger(g.holder, scene: s) { m.add("trigger", t) }
            if let p = g.modalPresentationStyle {
                if ModalPresentationStyle(rawValue: p) != nil { m.add("modalPresentationStyle", p) } else { notes.append("modalPresentationStyle '\(p)' is not modelled") }
            }
            if let t = g.modalTransitionStyle, ModalTransitionStyle(rawValue: t) != nil { m.add("modalTransitionStyle", t) }
            if let c = g.customClass, !c.isEmpty, kind != "relationship", kind != "embed", kind != "unwind" { m.add("customClass", c) }
            if let a = g.popoverAnchor, kind == "popoverPresentation" || g.modalPresentationStyle == "popover" { m.add("popoverAnchor", a) }
            if !g.animates { m.append(("animates", .bool(false))) }
            if let u = g.unwindAction, !u.isEmpty {
                m.add("unwindAction", u)
                notes.append("no class is known to implement \(u); add it to a class's unwindActions or import the sources")
            }
            m.append(("storyboard", g.origin.json))
            m.add(notes: notes)
            segues.append(.at(g.origin.line, m.json))
            segueOrigins.append(g.origin)
        }
    }

    /// How a user reaches the segue: its control, its static row, its prototype.
    func trigger(_ h: StoryboardSegue.Holder, scene s: StoryboardScene) -> String? {
        switch h {
        case .viewController, .container: return nil
        case .control(let n): return "control:" + n
        case .accessory(let cell):
            // The accessory button of one cell: `accessory:` and the cell's own row trigger
            // (`accessory:cell:2`, `accessory:prototype:Contact`), so that a scene with several
            // accessory segues has one control for each.
            guard let row = trigger(cell, scene: s), !row.hasPrefix("control:") else { return "control:accessory" }
            return "control:accessory:" + row
        case .staticCell(let section, let row): return section == 0 ? "cell:\(row)" : "cell:\(section):\(row)"
        case .prototype(let p), .collectionCell(let p):
            let prototypes = s.prototypes.isEmpty ? s.collectionPrototypes : s.prototypes
            return prototypes.count <= 1 ? "cell" : "prototype:" + p
        }
    }

    // MARK: Entry

    /// The entry storyboard's initial view controller (through a reference if it is one).
    mutating func initialScene(_ entry: String?, notes: inout [String]) -> String? {
        let entryBoard: StoryboardFile?
        if let entry {
            entryBoard = storyboards.first { $0.name == entry }
            if entryBoard == nil {
                warnings.append(Diagnostic(.warning, file: name, position: nil, path: "initial",
                                           message: "no storyboard named '\(entry)' was imported",
                                           suggestions: NameSuggester.nearest(to: entry, in: storyboards.map(\.name))))
            }
        } else {
            entryBoard = storyboards.first { $0.name == "Main" } ?? (storyboards.count == 1 ? storyboards[0] : storyboards.first { $0.initialXMLID != nil })
            if let guessed = entryBoard, guessed.name != "Main", storyboards.count > 1 {
                // An app without Info.plist in the folder (or whose plist names none) and without
                // a Main.storyboard: the entry is a guess, and said to be one.
                let others = storyboards.filter { $0.initialXMLID != nil && $0.name != guessed.name }.map(\.name)
                notes.append("no Info.plist names the entry storyboard (UIMainStoryboardFile or the scene manifest's) and none is named Main: the flow starts at the initial view controller of \(guessed.name).storyboard, the first in path order that has one\(others.isEmpty ? "" : " (\(others.count) other\(others.count == 1 ? "" : "s") ha\(others.count == 1 ? "s" : "ve") one)"); pass --entry NAME, or set \"initial\"")
            } else if let main = entryBoard, main.name == "Main", storyboards.count > 1 {
                // UIKit loads no storyboard at launch when no Info.plist names one: the app sets
                // its root in code, and Main.storyboard's initial scene is a guess at it.
                notes.append("no Info.plist names the entry storyboard (UIMainStoryboardFile or the scene manifest's): the flow starts at the initial view controller of Main.storyboard, a guess at the root the app sets in code; pass --entry NAME, or set \"initial\"")
            }
        }
        guard let board = entryBoard ?? storyboards.first else {
            return scenes.first?.0
        }
        if let i = board.initialXMLID {
            if let id = sceneIDs[Self.key(board.file, i)] { return id }
            if let p = board.scenes.first(where: { $0.xmlID == i && $0.reference != nil }) {
                let g = StoryboardSegue(xmlID: "", kind: "show", holder: .viewController, origin: p.origin)
                var me = self
                let id = me.destination(i, in: board, segue: g)
                self = me
                if let id { return id }
            }
        }
        // No initial view controller: the app sets its root in code. Start somewhere visible.
        let first = board.scenes.first { $0.reference == nil }.flatMap { sceneIDs[Self.key(board.file, $0.xmlID)] } ?? scenes.first?.0
        if let first {
            notes.append("\(board.name).storyboard has no initial view controller (the app sets its root in code); the flow starts at '\(first)': set \"initial\" or \"launch\" to what the app does")
            warnings.append(Diagnostic(.warning, file: board.file, position: SourcePosition(line: 1, column: 1), path: "",
                                       message: "\(board.name).storyboard has no initial view controller; the flow starts at '\(first)'"))
        }
        return first
    }
}
