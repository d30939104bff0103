import FlowModel

/// The sources' split view delegates (`splitDelegates` of the fragment, `SplitDelegateReader`)
/// on the storyboard's split view scenes, as `collapseSecondary` / `topColumnForCollapsing`.
///
/// A split view subclass that is its own delegate answers for its scenes. Another delegate (an
/// app delegate, a router: `split.delegate = self`) answers for the split views without one of
/// their own; several such delegates answering differently leave the answer unknown, since which
/// one is set on which split view was not read. A key the flow already has is kept.
extension SourcesMerge {
    static func applySplitDelegates(_ fragment: JSONNode, to document: JSONNode) -> JSONNode {
        guard case .array(let facts)? = fragment["splitDelegates"]?.value, !facts.isEmpty,
              case .object(var top) = document.value,
              let i = top.firstIndex(where: { $0.key == "scenes" }), case .object(var scenes) = top[i].value.value else { return document }
        var changed = false
        let classes = top.first(where: { $0.key == "classes" })?.value
        for k in scenes.indices {
            guard case .object(var members) = scenes[k].value.value else { continue }
            let cls = string(members, "class")
            guard isSplit(cls, classes) || string(members, "elementClass") == "UISplitViewController",
                  !members.contains(where: { $0.key == "collapseSecondary" || $0.key == "topColumnForCollapsing" }) else { continue }
            let columnStyle = members.contains { $0.key == "style" }
            let own = facts.filter { string($0, "class") == cls }
            let shared = facts.filter { $0["class"] == nil }
            let chosen = own.isEmpty ? shared : own
            guard let first = chosen.first else { continue }
            let at = scenes[k].value.position
            var member: JSONNode.Member?
            if chosen.count > 1 && !chosen.dropFirst().allSatisfy({ answer($0) == answer(first) }) {
                let site = string(first, "at") ?? ""
                member = JSONNode.Member(columnStyle ? "topColumnForCollapsing" : "collapseSecondary",
                                         JSONNode(.object([JSONNode.Member("unknown", JSONNode(.string(site), at: at))]), at: at))
            } else if let u = first["unknown"] {
                member = JSONNode.Member(columnStyle ? "topColumnForCollapsing" : "collapseSecondary",
                                         JSONNode(.object([JSONNode.Member("unknown", u)]), at: at))
            } else if let c = first["collapseSecondary"], !columnStyle {
                member = JSONNode.Member("collapseSecondary", c)
            } else if let c = first["topColumnForCollapsing"], columnStyle {
                member = JSONNode.Member("topColumnForCollapsing", c)
            }
            guard let member else { continue }
            members.append(member)
            scenes[k].value = JSONNode(.object(members), at: scenes[k].value.position)
            changed = true
        }
        guard changed else { return document }
        top[i].value = JSONNode(.object(scenes), at: top[i].value.position)
        return JSONNode(.object(top), at: document.position)
    }

    /// `UISplitViewController` or a class whose superclasses (in the document's classes) reach it.
    private static func isSplit(_ cls: String?, _ classes: JSONNode?) -> Bool {
        var current = cls
        var seen: Set<String> = []
        while let c = current, seen.insert(c).inserted {
            if c == "UISplitViewController" { return true }
            current = classes?[c].flatMap { string($0, "superclass") }
        }
        return false
    }

    private static func string(_ members: [JSONNode.Member], _ key: String) -> String? {
        guard case .string(let s)? = members.first(where: { $0.key == key })?.value.value else { return nil }
        return s
    }

    private static func string(_ node: JSONNode, _ key: String) -> String? {
        guard case .string(let s)? = node[key]?.value else { return nil }
        return s
    }

    /// A fact's answer as text, to compare two delegates.
    private static func answer(_ node: JSONNode) -> String {
        for key in ["collapseSecondary", "topColumnForCollapsing", "unknown"] {
            if let v = node[key] { return key + ":" + String(describing: v.value) }
        }
        return ""
    }
}
