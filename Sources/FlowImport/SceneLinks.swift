import FlowModel

/// Scenes the code names by their storyboard's name (`StoryboardScene.Main.x.instantiate()`,
/// `UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController()`): the reader
/// writes `"storyboard"` (and `"identifier"`, none for the initial scene) on code actions and
/// the launch root, not knowing the storyboards; here, with them imported, each becomes the
/// flow's `"scene"`. What cannot be linked is said in a note, never dropped silently.
extension SourcesMerge {
    static func linkingScenes(_ fragment: JSONNode, storyboards: [String: [String: String]]) -> JSONNode {
        guard case .object(var top) = fragment.value else { return fragment }
        var topNotes: [JSONNode] = []
        if case .array(let existing)? = fragment["notes"]?.value { topNotes = existing }
        if let launch = fragment["launch"], case .object(var lm) = launch.value,
           let ri = lm.firstIndex(where: { $0.key == "root" }) {
            let root = lm[ri].value
            switch link(root, storyboards, keepingIdentifier: false) {
            case .none:
                break
            case .linked(let node):
                lm[ri].value = node
            case .unlinked(let why):
                lm.remove(at: ri)
                let at = string(root["at"]).map { "\($0): " } ?? ""
                topNotes.append(JSONNode(.string("\(at)launch: the window's root is \(why); not modelled, so the storyboard's initial scene starts the app"), at: root.position))
            }
            set(&top, "launch", JSONNode(.object(lm), at: launch.position))
        }
        if let classes = fragment["classes"], case .object(var cs) = classes.value {
            for ci in cs.indices {
                guard case .object(var cm) = cs[ci].value.value, let ai = cm.firstIndex(where: { $0.key == "actions" }),
                      case .object(var actions) = cm[ai].value.value else { continue }
                var notes: [String] = []
                var kept: [JSONNode.Member] = []
                for a in actions {
                    let at = string(a.value["at"]).map { "\($0): " } ?? ""
                    switch link(a.value, storyboards, keepingIdentifier: true) {
                    case .none:
                        kept.append(a)
                    case .linked(let node):
                        var linked = a
                        linked.value = node
                        kept.append(linked)
                    case .unlinked(let why):
                        notes.append("\(at)\(a.key): shows \(why); not modelled")
                    }
                }
                actions = kept
                if actions.isEmpty { cm.remove(at: ai) } else { cm[ai].value = JSONNode(.object(actions), at: cm[ai].value.position) }
                var entry = JSONNode(.object(cm), at: cs[ci].value.position)
                for n in notes { entry = appending(note: n, to: entry) }
                cs[ci].value = entry
            }
            set(&top, "classes", JSONNode(.object(cs), at: classes.position))
        }
        if !topNotes.isEmpty { set(&top, "notes", JSONNode(.array(topNotes), at: fragment.position)) }
        return JSONNode(.object(top), at: fragment.position)
    }

    private enum Link {
        case none
        case linked(JSONNode)
        case unlinked(String)
    }

    /// An action or root naming `"storyboard"`: with `"scene"` instead when the storyboard and
    /// its scene are imported. A Storyboard ID the storyboard lacks stays an `"identifier"`, so
    /// that running it raises UIKit's exception, as the app would.
    private static func link(_ node: JSONNode, _ storyboards: [String: [String: String]], keepingIdentifier: Bool) -> Link {
        guard case .object(let ms) = node.value, let name = string(node["storyboard"]) else { return .none }
        let ident = string(node["identifier"])
        let what = ident.map { "the scene with Storyboard ID '\($0)' of \(name).storyboard" } ?? "the initial view controller of \(name).storyboard"
        guard let scenes = storyboards[name] else {
            let known = storyboards.keys.sorted()
            return .unlinked("\(what), which is not imported" + (known.isEmpty ? "" : " (the storyboards are \(known.joined(separator: ", ")))"))
        }
        guard let scene = scenes[ident ?? ""] else {
            if ident == nil || !keepingIdentifier { return .unlinked("\(what), which is not there") }
            // Kept by its ID: UIKit raises "Storyboard … doesn't contain a view controller with identifier".
            return .linked(JSONNode(.object(ms.filter { $0.key != "storyboard" }), at: node.position))
        }
        var out: [JSONNode.Member] = []
        for m in ms where m.key != "identifier" {
            var m = m
            if m.key == "storyboard" {
                m.key = "scene"
                m.value = JSONNode(.string(scene), at: m.value.position)
            }
            out.append(m)
        }
        return .linked(JSONNode(.object(out), at: node.position))
    }

    private static func string(_ node: JSONNode?) -> String? {
        if case .string(let s)? = node?.value { return s }
        return nil
    }
}
