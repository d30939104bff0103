import FlowModel

/// The front door for every command that takes a flow: a flow file (JSON), a storyboard or XIB,
/// or an app folder. Storyboards are imported in memory; a flow naming `"storyboards"` is merged
/// over what they import (see `FlowMerge`).
public enum FlowSource {
    public enum Kind: Sendable {
        case flow
        case storyboard
        case folder
    }

    public static func kind(of path: String) -> Kind {
        if AppFolder.isFolder(path) { return .folder }
        if path.hasSuffix(".storyboard") || path.hasSuffix(".xib") { return .storyboard }
        return .flow
    }

    /// The parts of loading, in order, for `check --stats`'s time split (`load(path:entry:ended:)`).
    public enum Part: String, Sendable {
        /// The storyboards and XIBs read and imported.
        case imported = "import"
        /// The Swift sources read (by `flownav-sources`) and merged in.
        case sources = "Swift sources"
        /// The flow decoded, validated and indexed (a flow file: read and parsed too).
        case loaded = "loading"
    }

    /// Loads whatever `path` is; `entry` names the entry storyboard of an import when the app's
    /// Info.plist does not.
    public static func load(path: String, entry: String? = nil) -> Result<LoadedFlow, FlowLoadError> {
        load(path: path, entry: entry) { _ in }
    }

    /// The same, calling `ended` as each part of the work ends (the caller times them).
    public static func load(path: String, entry: String? = nil, ended: (Part) -> Void) -> Result<LoadedFlow, FlowLoadError> {
        switch kind(of: path) {
        case .folder, .storyboard:
            switch importDocument(paths: [path], entry: entry) {
            case .success(let imported):
                ended(.imported)
                // An app folder brings its code half too: its Swift files are read and merged.
                if kind(of: path) == .folder, hasSwiftSources(path) {
                    return loadWithSources(imported, folder: path, ended: ended)
                }
                defer { ended(.loaded) }
                return load(imported: imported, file: path)
            case .failure(let e): return .failure(e)
            }
        case .flow:
            let bytes: [UInt8]
            switch FileBytes.read(path) {
            case .success(let b): bytes = b
            case .failure(let p): return .failure(single(path, p.message))
            }
            defer { ended(.loaded) }
            return load(bytes: bytes, file: path, entry: entry)
        }
    }

    /// A flow's text: merged over its `"storyboards"` when it names some.
    public static func load(bytes: [UInt8], file: String, entry: String? = nil) -> Result<LoadedFlow, FlowLoadError> {
        let root: JSONNode
        switch FlowLoader.parse(bytes: bytes, file: file) {
        case .success(let r): root = r
        case .failure(let e): return .failure(e)
        }
        guard let list = root["storyboards"] else { return FlowLoader.load(root: root, file: file) }
        return FlowMerge.loadMerged(flow: root, storyboards: list, file: file, entry: entry)
    }

    /// Imports storyboard files and app folders as one app.
    public static func importDocument(paths: [String], entry: String? = nil, name: String? = nil, keeping: [String: String] = [:]) -> Result<ImportedDocument, FlowLoadError> {
        var files: [String] = []
        var plistEntry: String?, padEntry: String?
        var storyboardNames: [String]?
        for p in paths {
            if AppFolder.isFolder(p) {
                let folder = AppFolder.discover(p)
                files += folder.storyboards + folder.xibs
                storyboardNames = (storyboardNames ?? []) + folder.storyboards.map(StoryboardReader.baseName)
                if plistEntry == nil {
                    plistEntry = folder.entry
                    padEntry = folder.padEntry
                }
                if folder.storyboards.isEmpty && folder.xibs.isEmpty {
                    return .failure(single(p, "no storyboard or XIB in this folder"))
                }
            } else {
                files.append(p)
            }
        }
        var inputs: [ImportInput] = []
        for f in files {
            switch FileBytes.read(f) {
            case .success(let bytes): inputs.append(ImportInput(path: f, bytes: bytes))
            case .failure(let problem): return .failure(single(f, problem.message))
            }
        }
        let appName = name ?? paths.first.map(displayName) ?? "App"
        switch StoryboardImporter.importApp(files: inputs, name: appName, entry: entry ?? plistEntry,
                                                padEntry: entry == nil ? padEntry : nil, keeping: keeping) {
        case .success(var d):
            // An app folder tells which storyboards `UIStoryboard(name:bundle:)` can load.
            if let names = storyboardNames { SourcesMerge.setStoryboardNames(Array(Set(names)).sorted(), in: &d) }
            return .success(d)
        case .failure(let p):
            let position = p.line.map { SourcePosition(line: $0, column: p.column ?? 1) }
            return .failure(FlowLoadError(diagnostics: [Diagnostic(.error, file: p.file, position: position, path: "", message: p.message)], omitted: 0))
        }
    }

    /// An imported document, decoded and validated; every message about an imported scene or
    /// segue points at its storyboard element.
    public static func load(imported: ImportedDocument, file: String) -> Result<LoadedFlow, FlowLoadError> {
        // No hand-written entry here: what is wrong in a class read from Swift is at its Swift line.
        var origins = Provenance(scenes: imported.sceneOrigins, segues: imported.segueOrigins)
        origins.code = Provenance.codeLocations(in: imported.document)
        switch FlowLoader.load(root: imported.document, file: file) {
        case .success(var loaded):
            loaded.warnings = imported.warnings + loaded.warnings.map(origins.relocate)
            loaded.flow.positionsInFile = false
            return .success(loaded)
        case .failure(var e):
            e.diagnostics = imported.warnings + e.diagnostics.map(origins.relocate)
            return .failure(e)
        }
    }

    /// The storyboards with the folder's Swift read over them. The source reader understands
    /// common shapes, not all of Swift: a fact it read that does not load (a reader gap, not a
    /// bug of the app) is made unknown or left out, with a note at its Swift line, and the rest
    /// loads (`UnloadedFacts`). Only when that does not settle it are the storyboards loaded
    /// alone, every error kept as a warning, so `flownav check MyApp/` still runs.
    static func loadWithSources(_ imported: ImportedDocument, folder: String, ended: (Part) -> Void = { _ in }) -> Result<LoadedFlow, FlowLoadError> {
        var withSources = imported
        var failure: FlowLoadError
        var readerFailed = false
        let added = SourcesMerge.add(sources: [folder], to: &withSources)
        ended(.sources)
        defer { ended(.loaded) }
        switch added {
        case .success:
            withSources.document = UndeclaredSceneClasses.removing(from: withSources.document, folder: folder, otherModules: imported.otherModuleClasses)
            withSources.document = ViewCustomClasses.adding(to: withSources.document, uses: imported.viewClasses, folder: folder)
            withSources.document = ViewCustomClasses.adding(classesWithoutModule: imported.classesWithoutModule, to: withSources.document)
            // Bounded: each round leaves out or makes unknown at least one fact, and a fact left
            // out can only make facts that name it fail in the next.
            var round = 0
            repeat {
                switch load(imported: withSources, file: folder) {
                case .success(var loaded):
                    // A storyboard without an initial view controller is the app setting its root in
                    // code; with the root read from the sources, that is said, not a warning.
                    if loaded.flow.launch.root != nil {
                        loaded.warnings.removeAll { $0.message.contains("has no initial view controller; the flow starts at") }
                    }
                    return .success(loaded)
                case .failure(let e):
                    failure = e
                    let degraded = UnloadedFacts.degrade(withSources.document, errors: e.diagnostics)
                    guard degraded.changed else { round = Self.degradingRounds; break }
                    withSources.document = degraded.document
                }
                round += 1
            } while round < Self.degradingRounds
        case .failure(let e):
            failure = e
            readerFailed = true
        }
        // The references are plain facts: they keep their lints when the rest is refused.
        switch load(imported: SourcesMerge.keepingReferences(of: withSources, in: imported), file: folder) {
        case .success(var alone):
            let errors = failure.diagnostics.filter { $0.severity == .error }
            let count = errors.count + failure.omitted
            let message = readerFailed
                ? "the Swift sources could not be read (below): the storyboards are checked alone, without their code half"
                : "the Swift sources were read, but what was read does not load (\(count) error\(count == 1 ? "" : "s"), below as warnings): the storyboards are checked alone, without their code half; a hand-written flow naming \"storyboards\" can settle what the reader missed"
            let summary = Diagnostic(.warning, file: folder, position: nil, path: "", message: message)
            let demoted = errors.map { d -> Diagnostic in
                var w = d
                w.severity = .warning
                w.message = "Swift sources: " + d.message
                return w
            }
            alone.warnings = [summary] + demoted + alone.warnings
            return .success(alone)
        case .failure:
            return .failure(failure)
        }
    }

    /// How many times a load may leave facts out before the code half is given up.
    static let degradingRounds = 50

    /// Whether a folder holds Swift files (outside Pods and the like).
    public static func hasSwiftSources(_ folder: String) -> Bool {
        !(AppFolder.discover(folder, otherExtensions: ["swift"]).otherFiles["swift"] ?? []).isEmpty
    }

    /// The scene ids of an earlier import, by XML id: what `import --output` keeps on a re-import.
    public static func sceneIDsByXMLID(ofFlowAt path: String) -> [String: String] {
        guard FileBytes.exists(path), case .success(let bytes) = FileBytes.read(path),
              case .success(let root) = FlowLoader.parse(bytes: bytes, file: path),
              case .object(let scenes)? = root["scenes"]?.value else { return [:] }
        var out: [String: String] = [:]
        for m in scenes {
            guard case .string(let id)? = m.value["storyboard"]?["id"]?.value, !id.isEmpty else { continue }
            // Copied storyboards (an iPhone and an iPad one) share XML ids: the file tells
            // their scenes apart; the id alone still matches after a file is moved.
            if case .string(let file)? = m.value["storyboard"]?["file"]?.value { out[file + "\u{0}" + id] = m.key }
            if out[id] == nil { out[id] = m.key }
        }
        return out
    }

    /// `MyApp/` → `MyApp`, `Base.lproj/Main.storyboard` → `Main`.
    public static func displayName(_ path: String) -> String {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        let last = p.split(separator: "/").last.map(String.init) ?? p
        if last == "." || last == ".." { return "App" }
        return StoryboardReader.baseName(last)
    }

    static func single(_ file: String, _ message: String) -> FlowLoadError {
        FlowLoadError(diagnostics: [Diagnostic(.error, file: file, position: nil, path: "", message: message)], omitted: 0)
    }
}

/// Imported scenes' and segues' storyboard positions, by JSON path.
struct Provenance {
    var scenes: [String: StoryboardOrigin]
    var segues: [StoryboardOrigin?]
    /// The `at` of classes and launch, by JSON path, for a document that is all imported.
    var code: [String: CodeLocation] = [:]

    init(scenes: [String: StoryboardOrigin], segues: [StoryboardOrigin?]) {
        self.scenes = scenes
        self.segues = segues
    }

    func origin(ofPath path: String) -> StoryboardOrigin? {
        if path.hasPrefix("scenes.") {
            let rest = path.dropFirst(7)
            let id = rest.prefix { $0 != "." && $0 != "[" }
            return scenes[String(id)]
        }
        if path.hasPrefix("segues["), let close = path.firstIndex(of: "]"),
           let i = Int(path[path.index(path.startIndex, offsetBy: 7)..<close]), i >= 0, i < segues.count {
            return segues[i]
        }
        return nil
    }

    /// Every `"at"` under `classes` and `launch`, by the JSON path of the object holding it.
    static func codeLocations(in document: JSONNode) -> [String: CodeLocation] {
        var out: [String: CodeLocation] = [:]
        func walk(_ node: JSONNode, _ path: String) {
            switch node.value {
            case .object(let ms):
                for m in ms {
                    if m.key == "at", case .string(let text) = m.value.value, let loc = CodeLocation(text) { out[path] = loc }
                    walk(m.value, JSONPath.member(path, m.key))
                }
            case .array(let items):
                for (i, item) in items.enumerated() { walk(item, JSONPath.index(path, i)) }
            default:
                break
            }
        }
        for key in ["classes", "launch"] { if let n = document[key] { walk(n, key) } }
        return out
    }

    func relocate(_ d: Diagnostic) -> Diagnostic {
        if !code.isEmpty {
            var best: (String, CodeLocation)?
            for (k, loc) in code where d.path == k || d.path.hasPrefix(k + ".") || d.path.hasPrefix(k + "[") {
                if best == nil || k.count > best!.0.count { best = (k, loc) }
            }
            if let (_, loc) = best {
                var d = d
                d.file = loc.file
                d.position = SourcePosition(line: loc.line, column: 1)
                return d
            }
        }
        guard let o = origin(ofPath: d.path) else { return d }
        var d = d
        d.file = o.file
        d.position = SourcePosition(line: o.line, column: 1)
        d.message = d.message + " (XML id \(o.xmlID))"
        return d
    }
}
