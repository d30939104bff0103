import FlowModel
import FlowSourcesClient

/// The code half read from Swift sources (by `flownav-sources`), merged into an imported
/// document: the classes the sources declare replace the storyboard's guesses about them,
/// protocols and launch are added, and the notes say what neither half could tell.
public enum SourcesMerge {
    /// The document with the sources' classes, protocols, launch and notes merged in.
    /// - Parameter recorded: the paths to write as `"sources"` (relative to the flow file that
    ///   will hold them); default: `paths` as given.
    public static func add(sources paths: [String], recordedAs recorded: [String]? = nil, to imported: inout ImportedDocument) -> Result<Void, FlowLoadError> {
        let fragment: JSONNode
        switch SourcesHelper.fragment(paths: paths) {
        case .failure(let p):
            return .failure(FlowLoadError(diagnostics: [Diagnostic(.error, file: paths.first ?? "", position: nil, path: "sources", message: p.message)], omitted: 0))
        case .success(let bytes):
            switch FlowLoader.parse(bytes: bytes, file: "<swift sources>") {
            case .failure(let e): return .failure(e)
            case .success(let node): fragment = node
            }
        }
        // Rows for tables whose selection the code handles: one per prototype where the
        // storyboard has them (givingRows), else one (CellActionRows, nib tables and the like).
        let linked = linkingScenes(rooted(fragment, roots: paths), storyboards: imported.storyboardScenes)
        let merged = givingRows(merge(linked, into: imported.document), prototypes: imported.dataPrototypes)
        imported.document = ActionControls.apply(imported.actionControls, to: CellActionRows.add(to: merged))
        // Recorded so the loaded flow knows its classes are the code's: an imported segue's
        // action no class declares is then stale (undeclared-segue-action), not unknown.
        if imported.document["sources"] == nil, case .object(var top) = imported.document.value {
            let at = imported.document.position
            set(&top, "sources", JSONNode(.array((recorded ?? paths).map { JSONNode(.string($0), at: at) }), at: at))
            imported.document = JSONNode(.object(top), at: at)
        }
        return .success(())
    }

    static func merge(_ fragment: JSONNode, into document: JSONNode) -> JSONNode {
        guard case .object(var top) = document.value else { return document }
        let read = members(fragment["classes"])
        let readNames = Set(read.map(\.key))
        var classes: [JSONNode.Member] = []
        for m in members(document["classes"]) {
            if readNames.contains(m.key) { continue }
            // A storyboard class no Swift file declares: stale, or from a framework or Objective-C.
            classes.append(JSONNode.Member(m.key, appending(
                note: "no Swift source declares \(m.key): a stale storyboard class, or one from a framework or Objective-C",
                to: m.value)))
        }
        classes += read
        set(&top, "classes", JSONNode(.object(classes), at: document.position))
        if let p = fragment["protocols"] {
            set(&top, "protocols", JSONNode(.object(members(document["protocols"]) + members(p).filter { m in !members(document["protocols"]).contains { $0.key == m.key } }), at: p.position))
        }
        if document["launch"] == nil, let l = fragment["launch"] { set(&top, "launch", l) }
        if document["destinations"] == nil, let d = fragment["destinations"] { set(&top, "destinations", d) }
        if let r = fragment["references"] { set(&top, "references", r) }
        // What the app's segue classes' perform() do; a hand-written document's entry wins.
        if document["segueClasses"] == nil, let s = fragment["segueClasses"] { set(&top, "segueClasses", s) }
        if case .array(let notes)? = fragment["notes"]?.value, !notes.isEmpty {
            var all: [JSONNode] = []
            if case .array(let existing)? = document["notes"]?.value { all = existing }
            set(&top, "notes", JSONNode(.array(all + notes), at: document.position))
        }
        // With the sources read, "no class is known to implement" is for check's lints to say
        // precisely (an action no class implements is still found there).
        if case .array(let segues)? = document["segues"]?.value {
            let cleaned = segues.map { s -> JSONNode in
                guard case .object(var ms) = s.value, let i = ms.firstIndex(where: { $0.key == "notes" }),
                      case .array(let notes) = ms[i].value.value else { return s }
                let kept = notes.filter { n in
                    if case .string(let t) = n.value { return !t.hasPrefix("no class is known to implement") }
                    return true
                }
                if kept.isEmpty { ms.remove(at: i) } else { ms[i].value = JSONNode(.array(kept), at: ms[i].value.position) }
                return JSONNode(.object(ms), at: s.position)
            }
            set(&top, "segues", JSONNode(.array(cleaned), at: document["segues"]!.position))
        }
        return applySplitDelegates(fragment, to: JSONNode(.object(top), at: document.position))
    }

    /// The reader names a Swift file relative to the folder it was found under; the flow names
    /// it as the user reaches it (relative to the working directory), as it names storyboards,
    /// so that a finding's Swift line opens in an editor and SARIF viewers find it in the
    /// repository. The `at` of classes and launch are paths, and so is the head of each note the
    /// reader wrote (`File.swift:LINE: …`), which `check` reports at that line.
    static func rooted(_ fragment: JSONNode, roots: [String]) -> JSONNode {
        let folders = roots.filter { AppFolder.isFolder($0) }
        guard !folders.isEmpty, case .object(var top) = fragment.value else { return fragment }
        func walk(_ node: JSONNode) -> JSONNode {
            switch node.value {
            case .object(let ms):
                return JSONNode(.object(ms.map { m in
                    // `unknown` names a Swift line the same way.
                    if m.key == "at" || m.key == "unknown", case .string(let text) = m.value.value, let loc = CodeLocation(text) {
                        let file = rootedPath(loc.file, folders: folders, files: roots)
                        return JSONNode.Member(m.key, JSONNode(.string("\(file):\(loc.line)"), at: m.value.position))
                    }
                    if m.key == "notes" { return JSONNode.Member(m.key, rootedNotes(m.value)) }
                    return JSONNode.Member(m.key, walk(m.value))
                }), at: node.position)
            case .array(let items):
                return JSONNode(.array(items.map(walk)), at: node.position)
            default:
                return node
            }
        }
        func rootedNotes(_ node: JSONNode) -> JSONNode {
            guard case .array(let items) = node.value else { return node }
            return JSONNode(.array(items.map { item in
                guard case .string(let text) = item.value, let n = SourceNoteText(text) else { return item }
                let file = rootedPath(n.location.file, folders: folders, files: roots)
                return JSONNode(.string(SourceNoteText.replacingFile(of: text, with: file)), at: item.position)
            }), at: node.position)
        }
        for i in top.indices {
            switch top[i].key {
            case "classes", "launch", "references", "segueClasses": top[i].value = walk(top[i].value)
            case "notes": top[i].value = rootedNotes(top[i].value)
            default: break
            }
        }
        return JSONNode(.object(top), at: fragment.position)
    }

    static func rootedPath(_ relative: String, folders: [String], files: [String]) -> String {
        if relative.hasPrefix("/") || files.contains(relative) { return relative }
        func join(_ folder: String) -> String {
            var f = folder
            while f.count > 1 && f.hasSuffix("/") { f.removeLast() }
            return f == "." ? relative : f + "/" + relative
        }
        if folders.count == 1 { return join(folders[0]) }
        return folders.lazy.map(join).first { FileBytes.exists($0) } ?? relative
    }

    /// A prototype table none of whose prototypes holds a segue has no rows in a storyboard
    /// import; when its class's code selects rows (`tableView(_:didSelectRowAt:)`, a `cell`
    /// action), it gets one row per prototype, as a table with cell segues does.
    static func givingRows(_ document: JSONNode, prototypes: [String: [String]]) -> JSONNode {
        guard !prototypes.isEmpty, case .object(var top) = document.value,
              let si = top.firstIndex(where: { $0.key == "scenes" }), case .object(var scenes) = top[si].value.value else { return document }
        let classes = members(document["classes"])
        func selectsRows(_ name: String) -> String? {
            var current: String? = name
            var seen: Set<String> = []
            while let c = current, seen.insert(c).inserted, let entry = classes.first(where: { $0.key == c })?.value {
                for a in members(entry["actions"]) {
                    if case .string("cell")? = a.value["trigger"]?.value { return "\(c).\(a.key)" }
                }
                if case .string(let s)? = entry["superclass"]?.value { current = s } else { current = nil }
            }
            return nil
        }
        for i in scenes.indices {
            guard let names = prototypes[scenes[i].key], case .object(var ms) = scenes[i].value.value,
                  case .string(let cls)? = scenes[i].value["class"]?.value, let action = selectsRows(cls),
                  !ms.contains(where: { $0.key == "rows" }) else { continue }
            let at = scenes[i].value.position
            let classIndex = ms.firstIndex(where: { $0.key == "class" }) ?? 0
            // Cells registered in code (no prototype in the storyboard): one row stands for them.
            let count = max(names.count, 1)
            ms.insert(JSONNode.Member("rows", JSONNode(.number(Double(count), text: String(count)), at: at)), at: classIndex + 1)
            let what = names.isEmpty ? "one row for the cells the code registers" : "one row per prototype (\(names.joined(separator: ", ")))"
            scenes[i].value = appending(
                note: "rows are data: \(what), for \(action), which selects them; set \"rows\" to what the app shows",
                to: JSONNode(.object(ms), at: at))
        }
        top[si].value = JSONNode(.object(scenes), at: top[si].value.position)
        return JSONNode(.object(top), at: document.position)
    }

    /// The storyboards-alone document with the references read from the sources: they are
    /// plain facts, so their lints hold when the rest of the code half does not load.
    public static func keepingReferences(of withSources: ImportedDocument, in alone: ImportedDocument) -> ImportedDocument {
        guard let r = withSources.document["references"], case .object(var top) = alone.document.value else { return alone }
        var out = alone
        set(&top, "references", r)
        out.document = JSONNode(.object(top), at: alone.document.position)
        return out
    }

    /// `"storyboardNames"`: the app folder's storyboard files, by name.
    static func setStoryboardNames(_ names: [String], in imported: inout ImportedDocument) {
        guard case .object(var top) = imported.document.value else { return }
        let at = imported.document.position
        set(&top, "storyboardNames", JSONNode(.array(names.map { JSONNode(.string($0), at: at) }), at: at))
        imported.document = JSONNode(.object(top), at: at)
    }

    static func members(_ node: JSONNode?) -> [JSONNode.Member] {
        if case .object(let ms)? = node?.value { return ms }
        return []
    }

    static func set(_ top: inout [JSONNode.Member], _ key: String, _ value: JSONNode) {
        if let i = top.firstIndex(where: { $0.key == key }) { top[i].value = value } else { top.append(JSONNode.Member(key, value)) }
    }

    static func appending(note: String, to entry: JSONNode) -> JSONNode {
        guard case .object(var ms) = entry.value else { return entry }
        let n = JSONNode(.string(note), at: entry.position)
        if let i = ms.firstIndex(where: { $0.key == "notes" }), case .array(let list) = ms[i].value.value {
            ms[i].value = JSONNode(.array(list + [n]), at: ms[i].value.position)
        } else {
            ms.append(JSONNode.Member("notes", JSONNode(.array([n]), at: entry.position)))
        }
        return JSONNode(.object(ms), at: entry.position)
    }
}
