import FlowModel

/// A flow that names its app: `"storyboards": ["../MyApp"]` is imported, then the flow's own
/// entries are merged over it.
///
/// - top-level values (`name`, `module`, `initial`, `padInitial`, `launch`, `protocols`, `destinations`):
///   the flow's replace the import's;
/// - `scenes`: by scene id; the flow's keys replace the imported scene's. A scene id that
///   matches no imported scene is an error naming the nearest ids;
/// - `segues`: an entry matches an imported segue by `source` and `id`, or by the XML id in
///   `"storyboard": { "id": … }`; its keys replace the imported segue's. No match is an error
///   naming the nearest identifiers of that source;
/// - `classes`: by class name, then by member: `dependencies`, `initializers`, `segueActions`,
///   `methods`, `actions`, `shouldPerform` merge by their keys, `conformsTo` and
///   `unwindActions` are unions, anything else is replaced. A class the import does not have is
///   added (classes of code-only view controllers are the usual reason to write one).
public enum FlowMerge {
    static func loadMerged(flow: JSONNode, storyboards list: JSONNode, file: String, entry: String?) -> Result<LoadedFlow, FlowLoadError> {
        guard case .array(let items) = list.value, !items.isEmpty else {
            return .failure(error(file, list.position, "storyboards", "expected a non-empty array of paths (storyboards or app folders, relative to this file)"))
        }
        let base = directory(of: file)
        var paths: [String] = []
        for (i, item) in items.enumerated() {
            guard case .string(let p) = item.value, !p.isEmpty else {
                return .failure(error(file, item.position, "storyboards[\(i)]", "expected a path, found \(item.typeName)"))
            }
            let resolved = p.hasPrefix("/") ? p : base + p
            if !AppFolder.isFolder(resolved) && !FileBytes.exists(resolved) {
                return .failure(error(file, item.position, "storyboards[\(i)]", "no such storyboard or folder '\(resolved)'"))
            }
            paths.append(resolved)
        }
        var imported: ImportedDocument
        switch FlowSource.importDocument(paths: paths, entry: entry) {
        case .success(let d): imported = d
        case .failure(let e): return .failure(e)
        }
        // The code half: the flow's `"sources"`, else the Swift files of the app folders named.
        var sources: [String] = []
        if let list = flow["sources"] {
            guard case .array(let items) = list.value else {
                return .failure(error(file, list.position, "sources", "expected an array of paths (Swift files or folders, relative to this file)"))
            }
            for (i, item) in items.enumerated() {
                guard case .string(let p) = item.value, !p.isEmpty else {
                    return .failure(error(file, item.position, "sources[\(i)]", "expected a path, found \(item.typeName)"))
                }
                sources.append(p.hasPrefix("/") ? p : base + p)
            }
        } else {
            sources = paths.filter { AppFolder.isFolder($0) && FlowSource.hasSwiftSources($0) }
        }
        if !sources.isEmpty, case .failure(let e) = SourcesMerge.add(sources: sources, to: &imported) { return .failure(e) }
        return load(flow, over: imported, file: file)
    }

    /// Merges a flow document (hand-written, or what another importer such as a Swift sources
    /// reader produced) over an import, with the rules above, then loads the result.
    public static func load(_ overlay: JSONNode, over imported: ImportedDocument, file: String) -> Result<LoadedFlow, FlowLoadError> {
        var merger = Merger(file: file, imported: imported)
        let merged = merger.merge(overlay)
        if !merger.errors.isEmpty {
            return .failure(FlowLoadError(diagnostics: imported.warnings + merger.errors, omitted: 0))
        }
        let origins = Provenance(scenes: merger.importedScenes, segues: merger.segueOrigins)
        switch FlowLoader.load(root: merged, file: file) {
        case .success(var loaded):
            loaded.warnings = imported.warnings + loaded.warnings.map(origins.relocate)
            return .success(loaded)
        case .failure(var e):
            e.diagnostics = imported.warnings + e.diagnostics.map(origins.relocate)
            return .failure(e)
        }
    }

    static func directory(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "" }
        return String(file[...slash])
    }

    static func error(_ file: String, _ position: SourcePosition, _ path: String, _ message: String, suggestions: [String] = []) -> FlowLoadError {
        FlowLoadError(diagnostics: [Diagnostic(.error, file: file, position: position, path: path, message: message, suggestions: suggestions)], omitted: 0)
    }
}

private struct Merger {
    let file: String
    let imported: ImportedDocument
    var errors: [Diagnostic] = []
    /// Imported scenes the flow did not touch keep pointing at their storyboard.
    var importedScenes: [String: StoryboardOrigin]
    var segueOrigins: [StoryboardOrigin?] = []

    init(file: String, imported: ImportedDocument) {
        self.file = file
        self.imported = imported
        self.importedScenes = imported.sceneOrigins
    }

    static let mapMembers: Set<String> = ["dependencies", "initializers", "segueActions", "methods", "actions", "shouldPerform"]
    static let unionMembers: Set<String> = ["conformsTo", "unwindActions", "notes"]

    mutating func fail(_ node: JSONNode, _ path: String, _ message: String, suggestions: [String] = []) {
        errors.append(Diagnostic(.error, file: file, position: node.position, path: path, message: message, suggestions: suggestions))
    }

    mutating func merge(_ flow: JSONNode) -> JSONNode {
        guard case .object(var top) = imported.document.value, case .object(let own) = flow.value else { return flow }
        for m in own where m.key != "storyboards" {
            switch m.key {
            case "scenes": set(&top, m.key, mergeScenes(top.first { $0.key == "scenes" }?.value, m.value))
            case "segues": set(&top, m.key, mergeSegues(top.first { $0.key == "segues" }?.value, m.value))
            case "classes": set(&top, m.key, mergeClasses(top.first { $0.key == "classes" }?.value, m.value))
            default: set(&top, m.key, m.value)
            }
        }
        if segueOrigins.isEmpty { segueOrigins = imported.segueOrigins }
        return JSONNode(.object(top), at: flow.position)
    }

    func set(_ members: inout [JSONNode.Member], _ key: String, _ value: JSONNode) {
        if let i = members.firstIndex(where: { $0.key == key }) {
            members[i].value = value
        } else {
            members.append(JSONNode.Member(key, value))
        }
    }

    /// Member by member: the flow's keys replace the import's.
    func overlay(_ base: JSONNode, _ over: JSONNode) -> JSONNode {
        guard case .object(var b) = base.value, case .object(let o) = over.value else { return over }
        for m in o { set(&b, m.key, m.value) }
        return JSONNode(.object(b), at: over.position)
    }

    mutating func mergeScenes(_ base: JSONNode?, _ over: JSONNode) -> JSONNode {
        guard case .object(var scenes) = base?.value ?? .object([]) else { return over }
        guard case .object(let own) = over.value else { return over }
        for m in own {
            if let i = scenes.firstIndex(where: { $0.key == m.key }) {
                scenes[i].value = overlay(scenes[i].value, m.value)
                importedScenes[m.key] = nil
            } else {
                fail(m.value, JSONPath.member("scenes", m.key), "scene '\(m.key)' matches no imported scene",
                     suggestions: NameSuggester.nearest(to: m.key, in: scenes.map(\.key)))
            }
        }
        return JSONNode(.object(scenes), at: base?.position ?? over.position)
    }

    mutating func mergeSegues(_ base: JSONNode?, _ over: JSONNode) -> JSONNode {
        guard case .array(var segues) = base?.value ?? .array([]) else { return over }
        guard case .array(let own) = over.value else { return over }
        var origins: [StoryboardOrigin?] = imported.segueOrigins
        for (i, entry) in own.enumerated() {
            let path = JSONPath.index("segues", i)
            let xmlID = entry["storyboard"]?["id"].flatMap { if case .string(let s) = $0.value { s } else { nil } }
            let source = entry["source"].flatMap { if case .string(let s) = $0.value { s } else { nil } }
            let ident = entry["id"].flatMap { if case .string(let s) = $0.value { s } else { nil } }
            let match = segues.firstIndex { s in
                if let xmlID { return s["storyboard"]?["id"].map { if case .string(let v) = $0.value { v == xmlID } else { false } } ?? false }
                guard let source, let ident else { return false }
                return string(s["source"]) == source && string(s["id"]) == ident
            }
            if let match {
                segues[match] = overlay(segues[match], entry)
                origins[match] = nil
            } else if xmlID != nil {
                fail(entry, path, "no imported segue has XML id '\(xmlID!)'",
                     suggestions: NameSuggester.nearest(to: xmlID!, in: segues.compactMap { string($0["storyboard"]?["id"]) }))
            } else if let source, let ident {
                let known = segues.filter { string($0["source"]) == source }.compactMap { string($0["id"]) }
                fail(entry, path, "no imported segue from '\(source)' has identifier '\(ident)'",
                     suggestions: NameSuggester.nearest(to: ident, in: known.isEmpty ? segues.compactMap { string($0["id"]) } : known))
            } else {
                fail(entry, path, "a segue entry names the imported segue it changes by \"source\" and \"id\", or by \"storyboard\": { \"id\": XML id }")
            }
        }
        segueOrigins = origins
        return JSONNode(.array(segues), at: base?.position ?? over.position)
    }

    mutating func mergeClasses(_ base: JSONNode?, _ over: JSONNode) -> JSONNode {
        guard case .object(var classes) = base?.value ?? .object([]) else { return over }
        guard case .object(let own) = over.value else { return over }
        for m in own {
            guard let i = classes.firstIndex(where: { $0.key == m.key }),
                  case .object(var members) = classes[i].value.value, case .object(let ownMembers) = m.value.value else {
                classes.append(m)
                continue
            }
            for om in ownMembers {
                if let j = members.firstIndex(where: { $0.key == om.key }) {
                    if Self.mapMembers.contains(om.key) {
                        members[j].value = overlay(members[j].value, om.value)
                    } else if Self.unionMembers.contains(om.key), case .array(let a) = members[j].value.value, case .array(let b) = om.value.value {
                        let seen = Set(a.compactMap { string($0) })
                        members[j].value = JSONNode(.array(a + b.filter { !seen.contains(string($0) ?? "\u{0}") }), at: om.value.position)
                    } else {
                        members[j].value = om.value
                    }
                } else {
                    members.append(om)
                }
            }
            // The import's note that the class's code is unknown no longer holds.
            members.removeAll { $0.key == "notes" && !ownMembers.contains { $0.key == "notes" } }
            classes[i].value = JSONNode(.object(members), at: m.value.position)
        }
        return JSONNode(.object(classes), at: base?.position ?? over.position)
    }

    func string(_ node: JSONNode?) -> String? {
        if case .string(let s)? = node?.value { return s }
        return nil
    }
}
